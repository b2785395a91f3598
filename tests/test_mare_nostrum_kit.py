"""Helpers shared by the Mare Nostrum tests: set up a game, put it at the start of a phase or a
player's segment, give hands, act and read choices. (No tests here.)"""

from __future__ import annotations

from typing import Any

from games import registry
from games.core import Action
from games.mare_nostrum import building, movement
from games.mare_nostrum.flow import PHASES, run
from games.mare_nostrum.state import MNState

RULES: Any = registry.get("mare_nostrum")


def game(players: int = 5, seed: int = 1, **options: Any) -> MNState:
    return RULES.setup(seed, f"{players}p", options)


def enter(s: MNState, phase: str) -> MNState:
    """Drop what is pending and begin ``phase`` of the current turn."""
    s.flow = []
    s.phase = phase
    PHASES[phase](s)
    run(s)
    s.touch()
    return s


def builder(s: MNState, role: str) -> MNState:
    """Start the Build Phase with ``role`` already named to build (the Culture Leader's choice)."""
    s.flow = []
    s.phase = "build"
    s.done = []
    s.glory = []
    s.perseus_passed = False
    from games.mare_nostrum.flow import push
    push(s, "build_end")
    push(s, "build_next")
    building.begin_builder(s, role)
    run(s)
    s.touch()
    return s


def mover(s: MNState, role: str, others_done: bool = True) -> MNState:
    """Start the Movement Phase at ``role``'s segment (the others have moved, unless told)."""
    s.flow = []
    s.phase = "movement"
    s.done = [r for r in s.roles if r != role] if others_done else []
    s.peace = []
    from games.mare_nostrum.flow import push
    push(s, "movement_end")
    push(s, "move_next")
    movement.begin_mover(s, role)
    run(s)
    s.touch()
    return s


def skip_to(s: MNState, role: str, stage: str) -> MNState:
    """Answer "done" in the segment's earlier stages until ``stage`` (or the end) is reached."""
    order = ("triremes", "naval", "legions", "land", "capture", "circe")
    while top(s) in order and order.index(top(s)) < order.index(stage) and top(s) != "land":
        s = act(s, role, "done")
    return s


def hand(s: MNState, role: str, ordinary: dict[str, int] | None = None,
         rare: list[str] | None = None) -> None:
    """Give a hand (the supply is not adjusted; tests that count the supply set it themselves)."""
    pl = s.players[role]
    pl.hand = {k: v for k, v in (ordinary or {}).items() if v}
    pl.rare = sorted(rare or [])
    s.touch()


def empty(s: MNState, pid: str) -> None:
    pv = s.provinces[pid]
    pv.controller = None if not pv.printed else pv.controller
    pv.legions = {}
    pv.fortress = None
    pv.held = {}
    pv.circe = {}
    pv.cities = [False] * len(pv.cities)
    pv.caravans = [False] * len(pv.caravans)
    pv.market = pv.temple = False
    s.touch()


def act(s: MNState, role: str, verb: str, arg: Any = None) -> MNState:
    return RULES.act(s, role, Action(verb=verb, arg=arg))


def choices(s: MNState, role: str) -> list[tuple[str, Any]]:
    return [(c.verb, c.arg) for c in RULES.view(s, role).actions]


def verbs(s: MNState, role: str) -> set[str]:
    return {c.verb for c in RULES.view(s, role).actions}


def active(s: MNState) -> list[str]:
    return RULES.view(s, None).active


def top(s: MNState) -> str | None:
    return s.flow[-1]["k"] if s.flow else None


def logs(s: MNState, role: str | None = None, lang: str = "en") -> list[str]:
    return [RULES.tr(e.msg, lang) for e in s.log if e.to is None or e.to == role]
