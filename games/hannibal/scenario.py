"""A Hannibal scenario document: the war at the start of one turn, in the game's own terms.

The document (data/hannibal/README.md, "Scenario documents") names the turn, the political
control of the map (§4.1, PCs), the armies with their CUs and generals (§4.2, §9), the consuls and
proconsuls (§6.4-§6.6), and either the hands of strategy cards (the turn then starts at the choice
of who plays first, §7.3) or nothing (the turn starts at its reinforcements and its deal, §5).
Every name is checked against the game data; an unknown field is refused.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.scenariodoc import DocumentError, validate
from games.hannibal import board as B
from games.hannibal import prims as P
from games.hannibal.flow import push
from games.hannibal.state import CARTHAGE, ROME, HState, inside
from games.hannibal.turn import LAST_TURN

Side = Literal["rome", "carthage"]
OffMap = Literal["pool", "aside", "displaced", "dead"]


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Control(_Doc):
    """Spaces whose political marker differs from the 218 BC setup (§4.1)."""

    rome: list[str] = Field(default_factory=list)
    carthage: list[str] = Field(default_factory=list)
    none: list[str] = Field(default_factory=list)


class Army(_Doc):
    """One side's CUs and generals in one space (§9.1), or inside its walled city (§10.7)."""

    side: Side
    space: str
    cus: int = Field(default=0, ge=0)
    elephants: int = Field(default=0, ge=0)
    generals: list[str] = Field(default_factory=list)
    inside: bool = False


class Hands(_Doc):
    rome: list[int] = Field(default_factory=list)
    carthage: list[int] = Field(default_factory=list)


class HannibalScenario(_Doc):
    name: str = Field(min_length=1)
    id: str = "custom"
    turn: int = Field(default=1, ge=1, le=LAST_TURN)
    year: str | None = None
    control: Control = Field(default_factory=Control)
    tribes_gone: list[str] = Field(default_factory=list)
    armies: list[Army]
    off_map: dict[str, OffMap] = Field(default_factory=dict)
    consuls: list[str] = Field(default_factory=list, max_length=2)
    proconsuls: list[str] = Field(default_factory=list)
    hands: Hands | None = None
    first_player: Side | None = None
    discard: list[int] = Field(default_factory=list)
    removed: list[int] = Field(default_factory=list)
    notes: str = ""


def _problems(doc: HannibalScenario) -> list[str]:
    bd = B.board()
    out: list[str] = []

    def space_ok(sid: str, where: str) -> bool:
        if sid not in bd.spaces:
            out.append(f"{where}: no space {sid!r} on the map")
            return False
        return True

    if doc.year is not None and doc.year != B.years(doc.turn):
        out.append(f"year: turn {doc.turn} is {B.years(doc.turn)}, not {doc.year}")
    seen_pc: dict[str, str] = {}
    for side in ("rome", "carthage", "none"):
        for i, sid in enumerate(getattr(doc.control, side)):
            where = f"control.{side}[{i}]"
            if space_ok(sid, where):
                if sid in seen_pc:
                    out.append(f"{where}: {sid!r} is already listed under {seen_pc[sid]}")
                seen_pc[sid] = side
    for i, sid in enumerate(doc.tribes_gone):
        if space_ok(sid, f"tribes_gone[{i}]") and bd.spaces[sid].tribe is None:
            out.append(f"tribes_gone[{i}]: {sid!r} has no tribe")
    placed: dict[str, str] = {}
    outside: dict[str, str] = {}
    stacks: set[tuple[str, str, bool]] = set()
    elephants = 0
    for i, a in enumerate(doc.armies):
        where = f"armies[{i}]"
        if not space_ok(a.space, f"{where}.space"):
            continue
        key = (a.side, a.space, a.inside)
        if key in stacks:
            out.append(f"{where}: a second {a.side} army {'inside' if a.inside else 'in'} "
                       f"{a.space!r}; put them in one")
        stacks.add(key)
        if a.inside:
            cap = bd.spaces[a.space].capacity
            if cap == 0:
                out.append(f"{where}.inside: {a.space!r} has no walled city")
            elif a.cus > cap:
                out.append(f"{where}.cus: {a.cus} CUs inside {a.space!r}, which holds {cap} "
                           "(§10.7)")
        else:
            if a.space in outside and outside[a.space] != a.side:
                out.append(f"{where}: Roman and Carthaginian armies both outside the walls of "
                           f"{a.space!r}; one of them must be inside")
            outside[a.space] = a.side
        if a.elephants > a.cus:
            out.append(f"{where}.elephants: {a.elephants} elephants among {a.cus} CUs (§17.2)")
        if a.elephants and a.side != CARTHAGE:
            out.append(f"{where}.elephants: only Carthage has elephants (§17)")
        elephants += a.elephants
        if a.cus == 0 and not a.generals:
            out.append(f"{where}: an army of no CUs and no generals")
        for j, g in enumerate(a.generals):
            gw = f"{where}.generals[{j}]"
            if g not in bd.generals:
                out.append(f"{gw}: no general {g!r}")
            elif bd.generals[g].side != a.side:
                out.append(f"{gw}: {g!r} is a {bd.generals[g].side} general, not {a.side}")
            elif g in placed:
                out.append(f"{gw}: {g!r} already stands in {placed[g]}")
            else:
                placed[g] = where
    if elephants > 4:
        out.append(f"armies: {elephants} elephant CUs on the map; there are 4 (§17.1)")
    for g in doc.off_map:
        if g not in bd.generals:
            out.append(f"off_map.{g}: no general {g!r}")
        elif g in placed:
            out.append(f"off_map.{g}: {g!r} stands in {placed[g]}")
    for name in ("consuls", "proconsuls"):
        for i, g in enumerate(getattr(doc, name)):
            if g not in bd.generals:
                out.append(f"{name}[{i}]: no general {g!r}")
            elif bd.generals[g].side != ROME:
                out.append(f"{name}[{i}]: {g!r} is not a Roman general")
            elif g not in placed:
                out.append(f"{name}[{i}]: {g!r} commands no army on the map")
    for g in set(doc.consuls) & set(doc.proconsuls):
        out.append(f"proconsuls: {g!r} is a consul")
    held: dict[int, str] = {}
    piles = [(f"hands.{side}", getattr(doc.hands, side)) for side in ("rome", "carthage")
             if doc.hands is not None] + [("discard", doc.discard), ("removed", doc.removed)]
    for name, cards in piles:
        for i, no in enumerate(cards):
            if no not in bd.cards:
                out.append(f"{name}[{i}]: no strategy card #{no}")
            elif no in held:
                out.append(f"{name}[{i}]: card #{no} is already in {held[no]}")
            else:
                held[no] = name
    if doc.first_player is not None and doc.hands is None:
        out.append("first_player: who plays first is chosen after the deal (§7.3); give the "
                   "hands too")
    return out


def read(doc: object) -> HannibalScenario:
    """The checked document, or ``DocumentError`` with each ``item: reason``."""
    sc = validate(HannibalScenario, doc)
    problems = _problems(sc)
    if problems:
        raise DocumentError(problems)
    return sc


def apply(s: HState, sc: HannibalScenario) -> None:
    """Replace the 218 BC position of a new game by the document's (before the flow runs)."""
    bd = B.board()
    s.turn = sc.turn
    for side in ("rome", "carthage", "none"):
        for sid in getattr(sc.control, side):
            s.spaces[sid].pc = None if side == "none" else side
    for sid in sc.tribes_gone:
        s.spaces[sid].tribe = None
    s.units, s.stacks = {}, {}
    for g in bd.generals:
        if bd.generals[g].side == ROME:
            s.gens[g] = "aside" if g == "africanus" and sc.turn < 6 else "pool"
        else:
            s.gens[g] = "dead"
    s.gens.update(sc.off_map)
    s.consuls, s.proconsuls = list(sc.consuls), list(sc.proconsuls)
    for a in sc.armies:
        loc = inside(a.space) if a.inside else a.space
        P.add_cu(s, a.side, loc, a.cus, a.elephants)
        for g in a.generals:
            P.place_general(s, g, loc)
    s.discard, s.removed = list(sc.discard), list(sc.removed)
    held = set(sc.discard) | set(sc.removed)
    if sc.hands is not None:
        s.hands = {ROME: list(sc.hands.rome), CARTHAGE: list(sc.hands.carthage)}
        held |= set(sc.hands.rome) | set(sc.hands.carthage)
    s.deck = [c for c in s.deck if c not in held]
    if sc.hands is None:
        return
    # §7.3-§7.4: the deal is made; the turn goes on from who plays first
    from games.core import msg
    from games.hannibal.turn import TURN_STEPS
    s.phase = "strategy"
    s.say(msg("log.turn", n=s.turn, years=f"@years.{s.turn}"))
    start = "first_player"
    if sc.first_player is not None:
        s.first_player = s.to_play = sc.first_player
        start = "strategy"
    for k in reversed(TURN_STEPS[TURN_STEPS.index(start):]):
        push(s, k)
