"""Helpers for the Pax Romana rules tests: a cleared position on the real map, acting through the
View's choices, scripted dice."""

from __future__ import annotations

from typing import Any

from games.core import Action
from games.pax_romana.rules import RULES
from games.pax_romana.stability import settle
from games.pax_romana.state import PRState


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
