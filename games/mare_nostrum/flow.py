"""The flow stack: the turn's pending steps and decisions, kept in the State (STYLE 1) and run by
the shared runner (``games.core.flow``).

``s.flow`` holds frames, top last. A frame whose kind is a registered decision waits for the roles
that decision names (several at once for secret simultaneous choices: trade offers); one that
waits for nobody is dropped. Any other frame is an automatic step that ``run`` carries out. When
the stack empties, the next phase of the turn begins (``PHASES``, in the order of the Turn
Overview).
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Msg, msg
from games.core.choices import choice_maker
from games.core.flow import (
    ChoicesFn,
    Flow,
    PickFn,
    PromptFn,
    phase_table,
    while_any,  # noqa: F401 - the title's modules use it from here
)
from games.core.frames import Frame, pop, push  # noqa: F401 - the titles' modules import them from here
from games.mare_nostrum.state import MNState
from games.mare_nostrum.texts import TEXTS

# The five phases of a turn [Turn Overview]; each module registers how its phase begins.
PHASE_ORDER = ("collection", "trade", "build", "movement", "leadership")
PHASES: dict[str, Callable[[MNState], None]] = {}


phase = phase_table(PHASES)


def next_phase(s: MNState) -> bool:
    """An empty flow: the next phase begins (after the last, the next turn's first)."""
    i = PHASE_ORDER.index(s.phase)
    if i == len(PHASE_ORDER) - 1:
        s.turn += 1
        s.phase = PHASE_ORDER[0]
    else:
        s.phase = PHASE_ORDER[i + 1]
    PHASES[s.phase](s)
    return True


FLOW: Flow[MNState] = Flow(on_empty=next_phase, drop_unwaited=True, guard=100_000)
step = FLOW.step
decision = FLOW.decision
waiting = FLOW.waiting
active = FLOW.active
run = FLOW.run


def pick(kind: str, options: ChoicesFn[MNState], prompt: PromptFn[MNState],
         ) -> Callable[[PickFn[MNState]], PickFn[MNState]]:
    """A one-role decision offering ``options`` and a way back: the frame is popped either way,
    and the handler runs with the picked argument unless the player went back."""
    return FLOW.pick(kind, options, prompt, back=opt("back", None, "choice.back"))


def who_prompt(key: str) -> Callable[[MNState, Frame, str | None], Msg]:
    """A prompt that only names the frame's role."""
    def prompt(s: MNState, f: Frame, role: str | None) -> Msg:
        return msg(key, who=f"@empire.{f['role']}")
    return prompt


# A choice with its message and English label, made once per distinct content.
opt = choice_maker(TEXTS)
