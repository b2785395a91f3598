"""The flow stack: pending steps and decisions of a turn, kept in the State (STYLE 1).

``s.flow`` holds frames, top last. A frame with a ``role`` waits for that role's decision; any
other frame is an automatic step that ``run`` carries out. Handlers register by frame kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.ancients.state import AncientsState
from games.core import Choice, Msg
from games.core.frames import Frame, pop, push  # noqa: F401 - the titles' modules import them from here

StepFn = Callable[[AncientsState, Frame], None]
ChoicesFn = Callable[[AncientsState, Frame], list[Choice]]
DecideFn = Callable[[AncientsState, Frame, str, Any], None]
PromptFn = Callable[[AncientsState, Frame], Msg]

STEPS: dict[str, StepFn] = {}
DECISIONS: dict[str, tuple[ChoicesFn, DecideFn, PromptFn]] = {}


def step(kind: str) -> Callable[[StepFn], StepFn]:
    def deco(fn: StepFn) -> StepFn:
        STEPS[kind] = fn
        return fn
    return deco


def decision(kind: str, choices: ChoicesFn, prompt: PromptFn) -> Callable[[DecideFn], DecideFn]:
    def deco(fn: DecideFn) -> DecideFn:
        DECISIONS[kind] = (choices, fn, prompt)
        return fn
    return deco




def waiting(s: AncientsState) -> Frame | None:
    """The decision frame on top, if the top frame waits for a role."""
    if s.flow and "role" in s.flow[-1]:
        return s.flow[-1]
    return None


def run(s: AncientsState, after: Callable[[AncientsState], None] | None = None) -> None:
    """Carry out automatic steps until a decision is needed, the flow is empty or the game ends."""
    guard = 0
    while s.result is None:
        guard += 1
        if guard > 10000:
            raise RuntimeError("the flow does not settle")
        if not s.flow:
            if after is not None and after(s):  # type: ignore[func-returns-value]
                continue
            return
        top = s.flow[-1]
        if "role" in top:
            return
        STEPS[top["k"]](s, top)
