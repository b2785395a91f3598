"""The flow stack: the turn's pending steps and decisions, kept in the State (STYLE 1).

``s.flow`` holds frames, top last. A frame whose kind is a registered decision waits for the roles
that decision names (several at once for secret simultaneous choices: trade offers); any other
frame is an automatic step that ``run`` carries out. When the stack empties, the next phase of the
turn begins (``PHASES``, in the order of the Turn Overview).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core import Choice, Msg, msg
from games.core.frames import Frame, pop, push  # noqa: F401 - the titles' modules import them from here
from games.core.text import render
from games.mare_nostrum.state import MNState
from games.mare_nostrum.texts import TEXTS

StepFn = Callable[[MNState, Frame], None]

# The five phases of a turn [Turn Overview]; each module registers how its phase begins.
PHASE_ORDER = ("collection", "trade", "build", "movement", "leadership")
PHASES: dict[str, Callable[[MNState], None]] = {}
STEPS: dict[str, StepFn] = {}


@dataclass(frozen=True)
class Decision:
    roles: Callable[[MNState, Frame], list[str]]
    choices: Callable[[MNState, Frame, str], list[Choice]]
    decide: Callable[[MNState, Frame, str, str, Any], None]
    prompt: Callable[[MNState, Frame, str | None], Msg]


DECISIONS: dict[str, Decision] = {}


def one_role(s: MNState, f: Frame) -> list[str]:
    return [f["role"]]


def step(kind: str) -> Callable[[StepFn], StepFn]:
    def deco(fn: StepFn) -> StepFn:
        STEPS[kind] = fn
        return fn
    return deco


def decision(kind: str, choices: Callable[[MNState, Frame, str], list[Choice]],
             prompt: Callable[[MNState, Frame, str | None], Msg],
             roles: Callable[[MNState, Frame], list[str]] = one_role,
             ) -> Callable[[Callable[[MNState, Frame, str, str, Any], None]], Any]:
    def deco(fn: Callable[[MNState, Frame, str, str, Any], None]) -> Any:
        DECISIONS[kind] = Decision(roles=roles, choices=choices, decide=fn, prompt=prompt)
        return fn
    return deco


def while_any(options: Callable[[MNState, str], list[Any]]) -> Callable[[MNState, Frame],
                                                                      list[str]]:
    """Roles of a frame that waits for its role as long as he has ``options`` left (a stage of a
    segment that ends by itself when nothing is left to do in it)."""
    def roles(s: MNState, f: Frame) -> list[str]:
        return [f["role"]] if options(s, f["role"]) else []
    return roles


def who_prompt(key: str) -> Callable[[MNState, Frame, str | None], Msg]:
    """A prompt that only names the frame's role."""
    def prompt(s: MNState, f: Frame, role: str | None) -> Msg:
        return msg(key, who=f"@empire.{f['role']}")
    return prompt


PickFn = Callable[[MNState, Frame, str, Any], None]


def pick(kind: str, options: Callable[[MNState, Frame, str], list[Choice]],
         prompt: Callable[[MNState, Frame, str | None], Msg],
         ) -> Callable[[PickFn], PickFn]:
    """A one-role decision offering ``options`` and a way back: the frame is popped either way,
    and the handler runs with the picked argument unless the player went back."""
    def deco(fn: PickFn) -> PickFn:
        def choices(s: MNState, f: Frame, role: str) -> list[Choice]:
            return options(s, f, role) + [opt("back", None, "choice.back")]

        def decide(s: MNState, f: Frame, role: str, verb: str, arg: Any) -> None:
            pop(s, f)
            if verb != "back":
                fn(s, f, role, arg)
        DECISIONS[kind] = Decision(roles=one_role, choices=choices, decide=decide, prompt=prompt)
        return fn
    return deco


def phase(name: str) -> Callable[[Callable[[MNState], None]], Callable[[MNState], None]]:
    def deco(fn: Callable[[MNState], None]) -> Callable[[MNState], None]:
        PHASES[name] = fn
        return fn
    return deco




def top(s: MNState) -> Frame | None:
    return s.flow[-1] if s.flow else None


def waiting(s: MNState) -> tuple[Frame, Decision] | None:
    f = top(s)
    if f is not None and f["k"] in DECISIONS:
        return f, DECISIONS[f["k"]]
    return None


def active(s: MNState) -> list[str]:
    w = waiting(s)
    if w is None:
        return []
    roles = w[1].roles(s, w[0])
    return [r for r in s.roles if r in roles]


def next_phase(s: MNState) -> None:
    i = PHASE_ORDER.index(s.phase)
    if i == len(PHASE_ORDER) - 1:
        s.turn += 1
        s.phase = PHASE_ORDER[0]
    else:
        s.phase = PHASE_ORDER[i + 1]
    PHASES[s.phase](s)


def run(s: MNState) -> None:
    """Carry out automatic steps until a decision waits, or the game ends. A decision frame that
    waits for nobody is dropped."""
    guard = 0
    while s.result is None:
        guard += 1
        if guard > 100000:
            raise RuntimeError("the flow does not settle")
        if not s.flow:
            next_phase(s)
            continue
        f = s.flow[-1]
        if f["k"] in DECISIONS:
            if DECISIONS[f["k"]].roles(s, f):
                return
            s.flow.pop()
            continue
        STEPS[f["k"]](s, f)


_CHOICES: dict[tuple[Any, ...], Choice] = {}


def opt(verb: str, arg: str | int | None, key: str, secret: bool = False, **args: Any) -> Choice:
    """A choice with its message and English label. Choices are immutable and menus repeat a
    lot, so each distinct one is made once."""
    cache_key = (verb, arg, key, secret, *args.items())
    got = _CHOICES.get(cache_key)
    if got is None:
        if len(_CHOICES) > 50000:
            _CHOICES.clear()
        m = msg(key, **args)
        got = _CHOICES[cache_key] = Choice(verb=verb, arg=arg, label=render(m, "en", TEXTS),
                                           msg=m, secret=secret)
    return got
