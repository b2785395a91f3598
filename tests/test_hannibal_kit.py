"""Helpers shared by the Hannibal tests: set up a game, clear the board, put armies down, start a
card play or a move, act, read choices and script dice. (No tests here.)"""

from __future__ import annotations

from typing import Any

from games import registry
from games.core import Action
from games.hannibal import prims as P
from games.hannibal.flow import push, run
from games.hannibal.state import HState

RULES: Any = registry.get("hannibal")

LATER_STEPS = ("end_turn", "assessment", "isolation", "winter")


def game(seed: int = 1) -> HState:
    return RULES.setup(seed, "218bc", {})


def clear(s: HState) -> HState:
    """No units, no generals on the map, nothing pending, empty hands: a blank turn 1."""
    s.units = {}
    s.stacks = {}
    for g in s.gens:
        s.gens[g] = "pool" if P.side_of(g) == "rome" else "displaced"
    s.gens["africanus"] = "aside"
    s.consuls = []
    s.proconsuls = []
    s.flow = []
    s.hands = {"rome": [], "carthage": []}
    s.phase = "strategy"
    s.touch()
    return s


def put(s: HState, side: str, loc: str, cu: int = 0, gens: tuple[str, ...] = (), el: int = 0,
        consul: bool = False) -> None:
    P.add_cu(s, side, loc, cu, el)
    for g in gens:
        P.place_general(s, g, loc)
        if consul:
            s.consuls.append(g)
    P.resort(s)
    s.touch()


def card_play(s: HState, side: str, hand: list[int], other: list[int] | None = None,
              later: tuple[str, ...] = ()) -> HState:
    """``side`` is about to play a card from ``hand``; the rest of the turn is ``later`` (by
    default nothing: the test stops when the play is over)."""
    s.hands = {side: list(hand), ("carthage" if side == "rome" else "rome"): list(other or [])}
    s.flow = []
    s.phase = "strategy"
    for k in later:
        push(s, k)
    push(s, "play", role=side)
    s.touch()
    return s


def move(s: HState, side: str, card: int, general: str, cus: int | None = None) -> HState:
    """Play ``card`` for OPS to move ``general`` (with ``cus`` CUs when there is a choice)."""
    s = card_play(s, side, [card])
    s = act(s, side, "card", card)
    s = act(s, side, "use", "move")
    s = act(s, side, "general", general)
    if top(s) == "pick_cus":
        s = act(s, side, "cus", cus)
    return s


def act(s: HState, role: str, verb: str, arg: Any = None) -> HState:
    return RULES.act(s, role, Action(verb=verb, arg=arg))


def choices(s: HState, role: str) -> list[tuple[str, Any]]:
    return [(c.verb, c.arg) for c in RULES.view(s, role).actions]


def args(s: HState, role: str, verb: str) -> list[Any]:
    return [a for v, a in choices(s, role) if v == verb]


def active(s: HState) -> list[str]:
    return RULES.view(s, None).active


def top(s: HState) -> str | None:
    return s.flow[-1]["k"] if s.flow else None


def dice(s: HState, *faces: int | str) -> HState:
    """Script the next rolls: ints are die faces; strings "#n" are indices for a random draw."""
    s.rng.scripted = [int(f[1:]) if isinstance(f, str) and f.startswith("#") else str(f)
                      for f in faces]
    return s


def logs(s: HState, key: str) -> list[dict[str, Any]]:
    return [dict(e.msg.args) for e in s.log if e.msg.key == key]


def settle(s: HState) -> HState:
    run(s)
    s.touch()
    return s


def no_response(s: HState, trigger: str | None = None) -> HState:
    """Decline the response windows that are open now (all, or those of ``trigger``)."""
    while s.flow and s.flow[-1]["k"] == "respond" and trigger in (None, s.flow[-1]["trigger"]):
        s = act(s, s.flow[-1]["role"], "respond", 0)
    return s
