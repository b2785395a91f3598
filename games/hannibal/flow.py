"""The flow stack (STYLE 1): the turn's pending steps and decisions, kept in the State and run by
the shared runner (``games.core.flow``).

``s.flow`` holds frames, top last. A frame whose kind is a registered decision waits for the one
role it names (``f["role"]``); any other frame is an automatic step that ``run`` carries out. A
step pops itself (or replaces itself) and may push further frames. When the stack is empty the
next turn begins (turn.py registers the starter as the step ``"turn"``).

A handler never waits and never asks twice: to ask a player a question, push a decision frame and
return; its ``decide`` handler continues the work. ``run`` works out the choices of the decision
it stops at: one without any choice closes only if it may lapse (``lapses``), otherwise it is a
bug of the step that pushed it (it could never be answered) and ``run`` raises, rather than let it
vanish with whatever it was to decide.
"""

from __future__ import annotations

from games.core import Choice
from games.core.choices import choice_maker
from games.core.flow import Decision, Flow
from games.core.frames import Frame, pop, push  # noqa: F401 - the titles' modules import them from here
from games.hannibal.state import HState
from games.hannibal.texts import TEXTS


def _begin_turn(s: HState) -> bool:
    FLOW.steps["turn"](s, {"k": "turn"})
    return True


def _keep_settled(s: HState, f: Frame, choices_by_role: dict[str, list[Choice]]) -> None:
    # kept for the View of the State this run settles (see ``settled_choices``)
    s.keep(("settled", len(s.log), len(s.flow)), (f, choices_by_role[f["role"]]))


FLOW: Flow[HState] = Flow(on_empty=_begin_turn, check_choices=True, on_settle=_keep_settled,
                          guard=200_000)
STEPS = FLOW.steps
DECISIONS: dict[str, Decision[HState]] = FLOW.decisions
step = FLOW.step
decision = FLOW.question
waiting = FLOW.waiting
active = FLOW.active
run = FLOW.run


def pop_kind(s: HState, kind: str) -> Frame | None:
    """Remove the topmost frame of ``kind`` (if any) and return it."""
    for i in range(len(s.flow) - 1, -1, -1):
        if s.flow[i]["k"] == kind:
            return s.flow.pop(i)
    return None


def settled_choices(s: HState) -> list[Choice] | None:
    """The choices of the waiting decision as ``run`` found them when it stopped there, if the
    State has not moved on since (the same top frame, log and flow)."""
    got = s.cached(("settled", len(s.log), len(s.flow)))
    if got is not None and s.flow and got[0] is s.flow[-1]:
        return got[1]
    return None


# A choice with its message and English label, made once per distinct content.
opt = choice_maker(TEXTS, checked=False)
