"""The static map and tables, read once per process from the game data (games.hannibal.data) and
kept in plain, fast structures: areas, movement lines, ports, provinces and their regions,
generals, strategy cards and the printed tables. Every query here is memoised; nothing in this
module depends on a State.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from typing import Any

ITALY = "italy"
IBERIA = "spain"
AFRICA = "africa"



@dataclass(frozen=True)
class Space:
    id: str
    name: str
    province: str
    kind: str                     # "walled_city" | "tribe" | "pc_space"
    x: int
    y: int
    start: str | None             # "rome" | "carthage" | None
    tribe: str | None             # "neutral" | "carthage" for a tribe area
    port: bool
    port_mod: int
    capacity: int                 # CUs inside the walls (§10.7); 0 without a walled city
    siege_mod: int                # printed on the walled-city counter (§20.2)


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    region: str                   # "italy" | "spain" | "africa" | "islands" | "gaul"
    ally_group: str               # where its allies help (§14.2)
    allies: int                   # battle cards it gives (2 for each Numidia)
    need: int                     # areas needed for control (§19.1); 0 = non-scoring
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class General:
    key: str
    name: str
    side: str
    strategy: int
    battle: int


@dataclass(frozen=True)
class Card:
    no: int
    key: str
    name: str
    ops: int
    playable_by: str              # "rome" | "carthage" | "either"
    response: bool
    ship: bool
    unique: bool = False
    campaign: int = 0             # generals a Campaign card moves (§10.11)
    truce_class: str = "none"     # which events end a Truce (§25)


@dataclass
class Board:
    spaces: dict[str, Space] = field(default_factory=dict)
    links: list[tuple[str, str, str]] = field(default_factory=list)   # a, b, line|pass|alps|strait
    adj: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    provinces: dict[str, Province] = field(default_factory=dict)
    generals: dict[str, General] = field(default_factory=dict)
    cards: dict[int, Card] = field(default_factory=dict)
    battle_deck: dict[str, int] = field(default_factory=dict)
    province_threshold: dict[str, int] = field(default_factory=dict)
    turns: list[tuple[str, int]] = field(default_factory=list)        # (years, cards) per turn
    setup: Any = None                                                 # the 218 BC position


_BOARD: Board | None = None


def board() -> Board:
    global _BOARD
    if _BOARD is None:
        from games.hannibal.loader import load_board
        _BOARD = load_board()
    return _BOARD


@cache
def space(sid: str) -> Space:
    return board().spaces[sid]


@cache
def province_of(sid: str) -> str:
    return board().spaces[sid].province


@cache
def region_of(sid: str) -> str:
    return board().provinces[board().spaces[sid].province].region


@cache
def ally_group_of_space(sid: str) -> str:
    return board().provinces[board().spaces[sid].province].ally_group


@cache
def italy_provinces() -> tuple[str, ...]:
    return tuple(p.id for p in board().provinces.values() if p.region == ITALY)


@cache
def neighbours(sid: str) -> tuple[tuple[str, str], ...]:
    return tuple(board().adj.get(sid, ()))


@cache
def link_kind(a: str, b: str) -> str | None:
    for n, k in neighbours(a):
        if n == b:
            return k
    return None


@cache
def land_neighbours(sid: str) -> tuple[str, ...]:
    """Areas joined by an ordinary movement line (no pass, no strait): where avoiding, retreating,
    withdrawing and intercepting may go (§10.6)."""
    return tuple(n for n, k in neighbours(sid) if k == "line")


@cache
def ports() -> tuple[str, ...]:
    return tuple(s.id for s in board().spaces.values() if s.port)


@cache
def walled(sid: str) -> bool:
    return board().spaces[sid].kind == "walled_city"


@cache
def in_region(sid: str, region: str) -> bool:
    return region_of(sid) == region


@cache
def distances(sid: str) -> dict[str, int]:
    """Land distance in areas (every kind of line), for the fuzzer's taste and descriptions."""
    out = {sid: 0}
    q = deque([sid])
    while q:
        a = q.popleft()
        for n, _ in neighbours(a):
            if n not in out:
                out[n] = out[a] + 1
                q.append(n)
    return out


@cache
def general(key: str) -> General:
    return board().generals[key]


@cache
def card(no: int) -> Card:
    return board().cards[no]


@cache
def card_by_key(key: str) -> Card | None:
    for c in board().cards.values():
        if c.key == key:
            return c
    return None


@cache
def cards_per_turn(turn: int) -> int:
    return board().turns[turn - 1][1]


@cache
def years(turn: int) -> str:
    return board().turns[turn - 1][0]


@cache
def _tables() -> Any:
    from games.hannibal import data
    return data.tables()


@cache
def attrition_result(size: int, roll: int, hostile_tribe: bool = False) -> tuple[int, bool]:
    """The attrition table (§21.2, §14.11) for ``size`` CUs (or battle rounds) and a modified
    roll (clamped into the printed rows). Returns (CUs lost, an elephant must be among them)."""
    r = _tables().attrition.result(roll, cus=max(1, size), hostile_tribe=hostile_tribe)
    return r.cus, r.elephant


@cache
def rout_result(size_before: int, roll: int) -> int | None:
    """The rout ("Retreat") table (§14.12) by the loser's size before the battle; None = all."""
    r = _tables().retreat.result(roll, max(1, size_before))
    return None if r == "all" else int(r)


@cache
def siege_result(roll: int) -> tuple[int, int]:
    """The siege table (§20.2): (siege points gained, besieging CUs eliminated)."""
    r = _tables().siege.result(roll)
    return r.points, r.losses


@cache
def naval_result(roll: int) -> str:
    """The naval combat table (§11.5): "safe", "return" or "sunk"."""
    return str(_tables().naval.result(roll))
