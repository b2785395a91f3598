"""The flow stack: pending steps and decisions of a turn, kept in the State (STYLE 1) and run by
the shared runner (``games.core.flow``).

``s.flow`` holds frames, top last. A frame with a ``role`` waits for that role's decision; any
other frame is an automatic step that ``run`` carries out. Handlers register by frame kind; one
kind may be both a step and a decision (a flag frame asks only once its step has named a role).
When the stack is empty the rules move the turn on (the hook set in rules.py).
"""

from __future__ import annotations

from games.ancients.state import AncientsState
from games.core.flow import Flow
from games.core.frames import Frame, pop, push  # noqa: F401 - the titles' modules import them from here

FLOW: Flow[AncientsState] = Flow(decision_by="role", guard=10_000)
step = FLOW.step
decision = FLOW.question
run = FLOW.run


def waiting(s: AncientsState) -> Frame | None:
    """The decision frame on top, if the top frame waits for a role."""
    w = FLOW.waiting(s)
    return w[0] if w is not None else None
