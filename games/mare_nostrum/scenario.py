"""A Mare Nostrum scenario document: the Mediterranean at the start of one turn, in the game's
own terms.

The document (data/mare_nostrum/README.md, "Scenario documents") names the player count (the
empires in play, Setup), the provinces it changes from the standard setup (controller, Buildings
on their slots, Fortress, Legions, §4), the Triremes at sea, each empire's Resources and its
Heroes and Wonders, the Pyramids and the three titles (§2). Every name is checked against the
game data; an unknown field is refused. The turn starts at its Collection Phase (§3).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.scenariodoc import DocumentError, validate
from games.mare_nostrum.board import board
from games.mare_nostrum.data import cards, empire_setup, setup_data
from games.mare_nostrum.state import COIN, MNState, PlayerState, ProvinceState

Track = Literal["trade", "culture", "military"]


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Province(_Doc):
    """A province as it stands: every field the document leaves out is empty."""

    controller: str | None = None
    cities: list[int] = Field(default_factory=list)      # built City slots, by index
    caravans: list[int] = Field(default_factory=list)    # built Caravan slots, by index
    market: bool = False
    temple: bool = False
    fortress: bool = False                               # the controller's Fortress
    legions: dict[str, int] = Field(default_factory=dict)


class Empire(_Doc):
    resources: dict[str, int] = Field(default_factory=dict)  # Coins and ordinary Goods
    rare: list[str] = Field(default_factory=list)             # Rare Goods, one of each kind
    cards: list[str] | None = None                            # Heroes and Wonders held


class MareNostrumScenario(_Doc):
    name: str = Field(min_length=1)
    id: str = "custom"
    players: Literal[3, 4, 5]
    turn: int = Field(default=1, ge=1)
    provinces: dict[str, Province] = Field(default_factory=dict)
    seas: dict[str, dict[str, int]] = Field(default_factory=dict)
    empires: dict[str, Empire] = Field(default_factory=dict)
    titles: dict[Track, str] = Field(default_factory=dict)
    pyramids: str | None = None
    notes: str = ""


def _problems(doc: MareNostrumScenario) -> list[str]:
    bd = board()
    roles = list(setup_data().player_counts[str(doc.players)].empires)
    provinces, seas = bd.in_play(doc.players)
    out: list[str] = []

    def empire_ok(r: str, where: str) -> bool:
        if r not in roles:
            out.append(f"{where}: {r!r} does not play with {doc.players} players "
                       f"({', '.join(roles)} do)")
            return False
        return True

    for pid, p in doc.provinces.items():
        where = f"provinces.{pid}"
        if pid not in bd.provinces:
            out.append(f"{where}: no province {pid!r} on the board")
            continue
        if pid not in provinces:
            out.append(f"{where}: {pid!r} is covered with {doc.players} players")
            continue
        slots = bd.provinces[pid].slots
        if p.controller is not None:
            empire_ok(p.controller, f"{where}.controller")
        for name, one, n in (("cities", "City", len(slots.cities)),
                             ("caravans", "Caravan", len(slots.caravans))):
            built = getattr(p, name)
            for i, k in enumerate(built):
                if not 0 <= k < n:
                    slot = f"no {one} slot" if n == 0 else (
                        f"{n} {one} slot{'s' if n != 1 else ''} (0 to {n - 1})")
                    out.append(f"{where}.{name}[{i}]: no slot {k}; {pid} has {slot}")
            if len(set(built)) != len(built):
                out.append(f"{where}.{name}: a slot is given twice")
        for name in ("market", "temple"):
            if getattr(p, name) and not getattr(slots, name):
                out.append(f"{where}.{name}: {pid} has no {name.title()} slot")
        built_any = p.cities or p.caravans or p.market or p.temple or p.fortress
        if built_any and p.controller is None:
            out.append(f"{where}.controller: Buildings stand in {pid}, so someone controls it")
        for r, n in p.legions.items():
            if empire_ok(r, f"{where}.legions.{r}") and n < 0:
                out.append(f"{where}.legions.{r}: {n} is not a number of Legions")
    for sid, fleet in doc.seas.items():
        if sid not in bd.seas:
            out.append(f"seas.{sid}: no sea {sid!r} on the board")
            continue
        if sid not in seas:
            out.append(f"seas.{sid}: {sid!r} is covered with {doc.players} players")
            continue
        for r, n in fleet.items():
            if empire_ok(r, f"seas.{sid}.{r}") and n < 0:
                out.append(f"seas.{sid}.{r}: {n} is not a number of Triremes")
    totals = {COIN: bd.file.coin.tokens} | {g.id: g.tokens for g in bd.file.goods}
    used = dict.fromkeys(totals, 0)
    rare_held: dict[str, str] = {}
    card_held: dict[str, str] = {}
    deck = {c.id: c.kind for c in cards().values()}
    for r in roles:     # an empire whose cards the document leaves out keeps its starting Hero
        if r not in doc.empires or doc.empires[r].cards is None:
            card_held[empire_setup(r).starting_hero] = r
    for r, e in doc.empires.items():
        where = f"empires.{r}"
        if not empire_ok(r, where):
            continue
        for kind, n in e.resources.items():
            if kind not in totals:
                out.append(f"{where}.resources.{kind}: no Resource {kind!r}")
            elif n < 0:
                out.append(f"{where}.resources.{kind}: {n} is not a number of tokens")
            else:
                used[kind] += n
        for i, kind in enumerate(e.rare):
            if kind not in bd.goods:
                out.append(f"{where}.rare[{i}]: no Rare Good {kind!r}")
            elif kind in rare_held:
                out.append(f"{where}.rare[{i}]: the one {kind} Rare Good is held by "
                           f"{rare_held[kind]}")
            else:
                rare_held[kind] = r
        for i, c in enumerate(e.cards or []):
            if deck.get(c) not in ("starting_hero", "hero", "wonder"):
                out.append(f"{where}.cards[{i}]: no Hero or Wonder {c!r}")
            elif c in card_held:
                out.append(f"{where}.cards[{i}]: {c!r} is held by {card_held[c]}")
            else:
                card_held[c] = r
    for kind, n in used.items():
        if n > totals[kind]:
            out.append(f"empires: {n} {kind} tokens in hand; the game has {totals[kind]}")
    for track, r in doc.titles.items():
        empire_ok(r, f"titles.{track}")
    if doc.pyramids is not None:
        empire_ok(doc.pyramids, "pyramids")
    return out


def read(doc: object) -> MareNostrumScenario:
    """The checked document, or ``DocumentError`` with each ``item: reason``."""
    sc = validate(MareNostrumScenario, doc)
    problems = _problems(sc)
    if problems:
        raise DocumentError(problems)
    return sc


def apply(s: MNState, sc: MareNostrumScenario) -> None:
    """Replace the standard setup's position of a new game by the document's (before the
    Collection Phase). The supplies are what the map and the hands leave."""
    bd = board()
    s.turn = sc.turn
    for pid, p in sc.provinces.items():
        slots = bd.provinces[pid].slots
        capital = bd.provinces[pid].capital_of
        s.provinces[pid] = ProvinceState(
            controller=p.controller, printed=capital is not None and capital == p.controller,
            cities=[i in p.cities for i in range(len(slots.cities))],
            caravans=[i in p.caravans for i in range(len(slots.caravans))],
            market=p.market, temple=p.temple,
            fortress=p.controller if p.fortress else None,
            legions={r: n for r, n in p.legions.items() if n > 0})
    for sid, fleet in sc.seas.items():
        s.seas[sid] = {r: n for r, n in fleet.items() if n > 0}
    for r, e in sc.empires.items():
        old = s.players[r]
        s.players[r] = PlayerState(hand={k: n for k, n in e.resources.items() if n > 0},
                                   rare=list(e.rare),
                                   cards=list(old.cards if e.cards is None else e.cards))
    if sc.titles:
        s.titles = dict(s.titles) | dict(sc.titles)
        s.prev_titles = dict(s.titles)
    s.pyramids = sc.pyramids
    _supplies(s)


def _supplies(s: MNState) -> None:
    """Coins, Goods, Rare Goods, Buildings, Heroes and Wonders not on the map or in a hand."""
    bd = board()
    s.supply = {COIN: bd.file.coin.tokens} | {g.id: g.tokens for g in bd.file.goods}
    for pl in s.players.values():
        for kind, n in pl.hand.items():
            s.supply[kind] -= n
    held_rare = {k for pl in s.players.values() for k in pl.rare}
    s.rare_pile = [k for k in s.rare_pile if k not in held_rare]
    sup = bd.file.building_supply
    s.buildings = {"caravan": sup.caravan, "market": sup.market,
                   "city_ordinary": sup.city_ordinary, "city_capital": sup.city_capital,
                   "city_legendary": sup.city_legendary, "temple": sup.temple}
    for pid, pv in s.provinces.items():
        slots = bd.provinces[pid].slots
        for i, built in enumerate(pv.cities):
            if built:
                s.buildings[f"city_{slots.cities[i].type}"] -= 1
        s.buildings["caravan"] -= sum(pv.caravans)
        s.buildings["market"] -= int(pv.market)
        s.buildings["temple"] -= int(pv.temple)
    held = {c for pl in s.players.values() for c in pl.cards}
    shown = len(s.hw_up)
    s.hw_up = [c for c in s.hw_up if c not in held]
    s.hw_down = [c for c in s.hw_down if c not in held]
    while len(s.hw_up) < shown and s.hw_down:     # the face-up row is refilled (C32)
        s.hw_up.append(s.hw_down.pop(0))


def building_problems(s: MNState) -> list[str]:
    """Buildings beyond the game's supply, and Units beyond an empire's set ("you cannot build
    more Units than your set contains", §9), once the position is built."""
    out = [f"provinces: {-n} {kind.replace('_', ' ')} Buildings more than the game has"
           for kind, n in s.buildings.items() if n < 0]
    pieces = board().file.pieces_per_empire
    for r in s.roles:
        legions = sum(pv.legions.get(r, 0) for pv in s.provinces.values())
        fortresses = sum(1 for pv in s.provinces.values() if pv.fortress == r)
        triremes = sum(fleet.get(r, 0) for fleet in s.seas.values())
        for what, n, most in (("legions", legions, pieces.legions),
                              ("fortresses", fortresses, pieces.fortresses),
                              ("triremes", triremes, pieces.triremes)):
            if n > most:
                out.append(f"{'seas' if what == 'triremes' else 'provinces'}: {n} {r} "
                           f"{what.title()} on the map; an empire has {most}")
    return out


def check_built(s: MNState) -> None:
    problems = building_problems(s)
    if problems:
        raise DocumentError(problems)
