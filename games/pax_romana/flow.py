"""The flow stack of Pax Romana, run by the shared runner (``games.core.flow``).

``s.flow`` holds frames, top last. A frame whose kind is a registered decision waits for the roles
it names (several at once for the secret simultaneous plans of §6.4, §8.1.5 and §6.2.2); one that
waits for nobody is dropped. Any other frame is an automatic step. When the stack empties the next
phase of the Game Turn begins (§3.2 A-I, ``PHASE_ORDER``); each phase module registers how its
phase begins with ``@phase``.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Choice, Msg, msg
from games.core.choices import choice_maker
from games.core.flow import Flow, phase_table
from games.core.frames import Frame, pop, push  # noqa: F401 - the phase modules import them here
from games.pax_romana.state import PRState
from games.pax_romana.texts import TEXTS

# §3.2: Income, Maintenance, Removal, Leader Selection, Manpower, Activation, Attrition and
# Isolation, Victory, Turn Order
PHASE_ORDER = ("A", "B", "C", "D", "E", "F", "G", "H", "I")
PHASES: dict[str, Callable[[PRState], None]] = {}
MAX_MENU = 25


phase = phase_table(PHASES)


def next_phase(s: PRState) -> bool:
    """An empty stack: the next phase begins; after Phase I the next Game Turn's Phase A."""
    i = PHASE_ORDER.index(s.phase)
    if i == len(PHASE_ORDER) - 1:
        s.turn += 1
        s.phase = PHASE_ORDER[0]
        for p in s.powers.values():
            p.no_activations = False
            p.conqueror = False
            p.galley_improvement = False
        s.events_seen = []
        s.invasions_seen = []
        s.mutinied = []
        if s.alliances:                 # §4.3.1: agreements last until the end of the turn
            from games.pax_romana.alliances import end_of_turn
            end_of_turn(s)
    else:
        s.phase = PHASE_ORDER[i + 1]
    # §3.6: the phases before the scenario's start are not played in its first turn
    here = PHASE_ORDER.index(s.phase)
    if s.turn == s.start_turn and here < PHASE_ORDER.index(s.start_phase):
        return True
    if s.turn == 1 and here < PHASE_ORDER.index("F"):
        return True
    PHASES[s.phase](s)
    return True


def before_asking(s: PRState) -> bool:
    """§17.2 (Advanced Game): whatever destroyed an army since the last question, in an
    Activation or outside one (attrition, isolation, the Removal or the Victory Phase, an event),
    its Helepolis has left the board before anyone is asked anything. True if one left."""
    from games.pax_romana.cards.hooks import armies_lost
    return armies_lost(s)


FLOW: Flow[PRState] = Flow(on_empty=next_phase, drop_unwaited=True, check_choices=True,
                           before_asking=before_asking, guard=200_000)
step = FLOW.step
decision = FLOW.decision
question = FLOW.question
simultaneous = FLOW.simultaneous
waiting = FLOW.waiting
active = FLOW.active
run = FLOW.run

# A choice with its message and English label, made once per distinct content.
opt = choice_maker(TEXTS)


def paged(f: Frame, role: str, options: list[Choice], fixed: list[Choice],
          secret: bool = False) -> list[Choice]:
    """A menu of ``options`` and ``fixed`` choices that never exceeds 25 entries: long lists are
    shown a page at a time with a "more" choice (verb ``page``) that turns the page."""
    room = MAX_MENU - len(fixed)
    if len(options) <= room:
        return options + fixed
    size = room - 1
    pages = (len(options) + size - 1) // size
    page = f.get("page", {}).get(role, 0) % pages
    part = options[page * size:(page + 1) * size]
    return part + [opt("page", page + 1, "choice.more", secret=secret, page=page + 2,
                       pages=pages)] + fixed


def turn_page(f: Frame, role: str) -> None:
    pages = f.setdefault("page", {})
    pages[role] = pages.get(role, 0) + 1


def reset_page(f: Frame, role: str) -> None:
    f.setdefault("page", {}).pop(role, None)


def power_prompt(key: str) -> Callable[[PRState, Frame, str | None], Msg]:
    """A prompt that names the frame's role, as the table reads it."""
    def prompt(s: PRState, f: Frame, role: str | None) -> Msg:
        return msg(key, who=f"@power.{f['role']}")
    return prompt
