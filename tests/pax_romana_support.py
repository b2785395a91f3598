"""Helpers for the Pax Romana rules tests: a cleared position on the real map, acting through the
View's choices, scripted dice."""

from __future__ import annotations

from typing import Any

from games.core import Action
from games.pax_romana.flow import push, run
from games.pax_romana.rules import RULES
from games.pax_romana.stability import settle
from games.pax_romana.state import LeaderState, PRState


def blank(scenario: str = "V", seed: int = 1, **options: Any) -> PRState:
    """The scenario's Powers with nothing on the map, in the Activation Phase, nothing pending;
    Treasuries and Stability as set up."""
    s = RULES.setup(seed, scenario, options)
    s.flow = []
    s.units = {}
    s.cities = {}
    s.tribes = {}
    s.leaders = {}
    s.pirates = []
    s.sof = None
    s.first_round = []
    s.am_pool = {}
    for p in s.powers.values():
        p.pool = sorted(p.pool + p.drawn)
        p.drawn = []
        p.exceptional_turn = {}
    s.phase = "F"
    settle(s, quiet=True)
    return s


def hold(s: PRState, role: str = "rome") -> None:
    """Put a waiting AM decision at the bottom of the stack, so that what a test pushes on top
    runs and stops there instead of going on into the next phases."""
    s.flow.insert(0, {"k": "am", "role": role, "free": False})


def expansion(s: PRState, power: str = "rome") -> PRState:
    """``power``'s AM comes up first and it chooses Expansion (§3.5.1): its menu is open."""
    from games.pax_romana.activation import activation_phase
    s.first_round = [power]
    s.powers[power].ams = max(1, s.powers[power].ams)
    activation_phase(s)
    run(s)
    return act(RULES.copy(s), power, "action", "expansion")


def offered(s: PRState, power: str, menu: str = "major") -> list[tuple[str, Any]]:
    """What ``power``'s Expansion offers to move once ``menu`` (``major``, ``minor_move``) is
    chosen."""
    return choices(act(expansion(s, power), power, "menu", menu), power)


def act(s: PRState, role: str, verb: str, arg: Any = None) -> PRState:
    """Act through the engine's legality check (the View's choices)."""
    return RULES.act(s, role, Action(verb=verb, arg=arg))


def choices(s: PRState, role: str) -> list[tuple[str, Any]]:
    return [(c.verb, c.arg) for c in RULES.view(s, role).actions]


def dice(s: PRState, *faces: int) -> None:
    """Script the next die faces (1d6 rolls, in order)."""
    s.rng.scripted.extend(str(f) for f in faces)


def fresh(s: PRState) -> PRState:
    """A new State object equal to ``s`` (after editing a State in place)."""
    return RULES.copy(s)


def army(s: PRState, space: str, power: str, leaders: tuple[str, ...] = (), **units: int) -> None:
    """Place ``power``'s units (``LG=2, LI=1``: kind and number, in that order) and leaders
    (ids) in ``space``."""
    for kind, n in units.items():
        s.add(space, power, kind, n)
    for lid in leaders:
        s.leaders[lid] = LeaderState(owner=power, at=space)


def top(s: PRState) -> str:
    """The kind of the frame on top of the flow stack (the question being asked)."""
    return s.flow[-1]["k"]


def march(s: PRState, power: str, start: str, minor: bool = False) -> PRState:
    """Start a move of ``power``'s whole army at ``start`` (its galleys stay, its leaders go):
    the mover is asked which units to leave and then to roll (§9.1)."""
    units = {k: n for k, n in s.stack(start, power).items() if k != "GS"}
    push(s, "move_army", role=power, owner=power, start=start, units=units,
         leaders=s.leaders_at(start, power), minor=minor)
    run(s)
    return RULES.copy(s)


def enter(s: PRState, power: str, start: str, roll: int, *path: str) -> PRState:
    """Move ``power``'s army from ``start`` with an MP die of ``roll`` (§9.1.2), entering the
    spaces of ``path`` in turn; what the last entry asks is left on top."""
    s = march(s, power, start)
    dice(s, roll)
    s = act(s, power, "go")
    for space in path:
        s = act(s, power, "to", space)
    return s


def stand_and_fight(s: PRState, *rolls: int) -> PRState:
    """The defender asked to withdraw stands (§9.4) and the battle is rolled with ``rolls``;
    the side with shifts leaves them unused (§10.3.1)."""
    dice(s, *rolls)
    s = act(s, s.flow[-1]["role"], "stand")
    while top(s) == "use_shifts":
        s = act(s, s.flow[-1]["role"], "done")
    return s


def losses(s: PRState, **picks: list[str]) -> PRState:
    """Answer the loss allocations (§10.3.2, the defender first) with each Power's picks."""
    while top(s) == "allocate_losses":
        role = s.flow[-1]["role"]
        s = act(s, role, "loss", picks[role].pop(0))
    return s


def answer(s: PRState, **picks: list[tuple[str, Any]]) -> PRState:
    """Answer the questions on top of the stack with each Power's scripted answers, in order,
    until a Power has none left for the question it is asked."""
    while s.flow and s.flow[-1].get("role") in picks and picks[s.flow[-1]["role"]]:
        role = s.flow[-1]["role"]
        s = act(s, role, *picks[role].pop(0))
    return s


def withdraw(s: PRState, role: str, roll: int, *path: str) -> PRState:
    """The army attacked answers by withdrawing before battle (§9.4) with the die ``roll``, into
    the spaces of ``path`` in turn."""
    dice(s, roll)
    s = act(s, role, "withdraw")
    for space in path:
        s = act(s, role, "withdraw_to", space)
    return s


def attack_venusia(s: PRState, *rolls: int) -> PRState:
    """Carthage's 4 HI at Capua move with an MP die of 6 into Venusia, where Rome's 3 LI stand
    and fight: 12 BP against 3 (4:1), Carthage's shifts left unused; ``rolls``: the battle dice
    (Carthage's, then Rome's)."""
    army(s, "capua", "carthage", HI=4)
    army(s, "venusia", "rome", LI=3)
    return stand_and_fight(enter(s, "carthage", "capua", 6, "venusia"), *rolls)
