"""The flow stack (STYLE 1): the turn's pending steps and decisions, kept in the State.

``s.flow`` holds frames, top last. A frame whose kind is a registered decision waits for the one
role it names (``f["role"]``); any other frame is an automatic step that ``run`` carries out. A
step pops itself (or replaces itself) and may push further frames. When the stack is empty the
next turn begins (turn.py registers the starter as ``STEPS["turn"]``).

A handler never waits and never asks twice: to ask a player a question, push a decision frame and
return; its ``decide`` handler continues the work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core import Choice, Msg, msg
from games.core.frames import Frame, pop, push  # noqa: F401 - the titles' modules import them from here
from games.core.text import render
from games.hannibal.state import HState
from games.hannibal.texts import TEXTS

StepFn = Callable[[HState, Frame], None]
ChoicesFn = Callable[[HState, Frame], list[Choice]]
DecideFn = Callable[[HState, Frame, str, Any], None]
PromptFn = Callable[[HState, Frame], Msg]

STEPS: dict[str, StepFn] = {}


LapsesFn = Callable[[Frame], bool]


@dataclass(frozen=True)
class Decision:
    choices: ChoicesFn
    decide: DecideFn
    prompt: PromptFn
    secret: bool = False
    # a frame for which this holds may close by itself when it has no choice left (a question
    # asked again "while any more fits"); any other decision without a choice is a bug
    lapses: LapsesFn | None = None


DECISIONS: dict[str, Decision] = {}


def step(kind: str) -> Callable[[StepFn], StepFn]:
    def deco(fn: StepFn) -> StepFn:
        STEPS[kind] = fn
        return fn
    return deco


def decision(kind: str, choices: ChoicesFn, prompt: PromptFn, secret: bool = False,
             lapses: LapsesFn | None = None) -> Callable[[DecideFn], DecideFn]:
    def deco(fn: DecideFn) -> DecideFn:
        DECISIONS[kind] = Decision(choices=choices, decide=fn, prompt=prompt, secret=secret,
                                   lapses=lapses)
        return fn
    return deco


def may_lapse(kind: str, lapses: LapsesFn) -> None:
    """Let the frames of a registered decision for which ``lapses`` holds close by themselves
    when no choice is left (for a decision registered without ``lapses``)."""
    d = DECISIONS[kind]
    DECISIONS[kind] = Decision(choices=d.choices, decide=d.decide, prompt=d.prompt,
                               secret=d.secret, lapses=lapses)




def pop_kind(s: HState, kind: str) -> Frame | None:
    """Remove the topmost frame of ``kind`` (if any) and return it."""
    for i in range(len(s.flow) - 1, -1, -1):
        if s.flow[i]["k"] == kind:
            return s.flow.pop(i)
    return None


def waiting(s: HState) -> tuple[Frame, Decision] | None:
    if s.flow and s.flow[-1]["k"] in DECISIONS:
        f = s.flow[-1]
        return f, DECISIONS[f["k"]]
    return None


def active(s: HState) -> list[str]:
    w = waiting(s)
    return [w[0]["role"]] if w is not None else []


def run(s: HState) -> None:
    """Carry out automatic steps until a decision waits or the game ends. A decision with no
    choice at all closes only if it may lapse (``Decision.lapses``); otherwise it is a bug of
    the step that pushed it (it could never be answered) and raises, rather than vanish with
    whatever it was to decide."""
    guard = 0
    while s.result is None:
        guard += 1
        if guard > 200000:
            raise RuntimeError("the flow does not settle")
        if not s.flow:
            STEPS["turn"](s, {"k": "turn"})
            continue
        f = s.flow[-1]
        d = DECISIONS.get(f["k"])
        if d is not None:
            got = d.choices(s, f)
            if not got:
                if d.lapses is not None and d.lapses(f):
                    s.flow.pop()
                    continue
                raise RuntimeError(f"decision {f['k']!r} for {f.get('role')!r} has no choice")
            # kept for the View of the State this run settles (see ``settled_choices``)
            s.keep(("settled", len(s.log), len(s.flow)), (f, got))
            return
        STEPS[f["k"]](s, f)


def settled_choices(s: HState) -> list[Choice] | None:
    """The choices of the waiting decision as ``run`` found them when it stopped there, if the
    State has not moved on since (the same top frame, log and flow)."""
    got = s.cached(("settled", len(s.log), len(s.flow)))
    if got is not None and s.flow and got[0] is s.flow[-1]:
        return got[1]
    return None


_CHOICES: dict[tuple[Any, ...], Choice] = {}


def opt(verb: str, arg: str | int | None, key: str, secret: bool = False, **args: Any) -> Choice:
    """A choice with its message and English label, made once per distinct content."""
    cache_key = (verb, arg, key, secret, *args.items())
    got = _CHOICES.get(cache_key)
    if got is None:
        if len(_CHOICES) > 50000:
            _CHOICES.clear()
        m = msg(key, **args)
        got = _CHOICES[cache_key] = Choice.model_construct(
            verb=verb, arg=arg, label=render(m, "en", TEXTS), msg=m, secret=secret)
    return got
