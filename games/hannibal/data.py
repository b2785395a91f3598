"""Hannibal: Rome vs Carthage game data: map, 218 BC setup, generals, cards and tables, validated
at load.

Every file lives in ``data/hannibal/``; its README gives the source of each value (rulebook
section, map transcription) and the values still to check on a printed board. Each loader
validates its file with pydantic, then checks it as a whole (links name known spaces, ids are
unique, counts are right...). Problems are raised together as one ``DataError`` whose
``problems`` read ``file: item: reason``.

Public API (names are stable; new ones may be added):

Loaders (cached; call freely, each file is read and checked once per process):
    hmap() -> HannibalMap          the board with precomputed lookups (map.json)
    setup() -> Setup               the 218 BC starting position (setup.json)
    generals() -> dict[str, General]              by id, e.g. "hannibal" (generals.json)
    strategy_cards() -> dict[int, StrategyCard]   by card number 1..64 (strategy_cards.json)
    strategy_card(key_or_no) -> StrategyCard       one card, by number or by key
    card_numbers(key) -> tuple[int, ...]           every copy of a card ("diplomacy" -> (35, 36))
    battle_deck() -> BattleDeck    the 48-card battle deck composition (battle_cards.json)
    tables() -> Tables             attrition, retreat (rout), siege, naval tables, turn track,
                                   reinforcements, battle-card bonuses, rule numbers (tables.json)
    names_ru() -> NamesRuFile      the Russian names' case forms, for the texts (names_ru.json)
    load_all() -> None             load and check every file (raises DataError)
    raw_documents() -> 5 dicts     the same checked data in the first transcription's layout
    load_map(dir), load_generals(dir), load_setup(dir), load_strategy_cards(dir),
    load_battle_deck(dir), load_tables(dir), load_names_ru(dir), load_dir(dir): the same,
                                   uncached, from another folder (a corrected copy, a test's
                                   broken file)

HannibalMap (all lookups are precomputed dicts / frozensets):
    .spaces: dict[str, Space]          .provinces: dict[str, Province]
    .links: tuple[Link, ...]           .ports: dict[str, Port]
    .neighbours(space) -> Mapping[str, LinkKind]   neighbour id -> "line"|"pass"|"alps"|"strait"
    .adjacent(a, b) -> bool            .link_kind(a, b) -> LinkKind | None
    .province_of(space) -> Province    .spaces_of(province) -> frozenset[str]
    .region_of(space) -> Region        .spaces_in_region(region) -> frozenset[str]
    .provinces_in_region(region) -> tuple[str, ...]
    .port_spaces, .walled_cities, .tribe_spaces: frozenset[str]
    .port_modifier(space) -> int       .political_provinces: tuple[str, ...] (the 18 that score)
    .ally_group(province) -> str       where a province's allies help (§14.2): a region id for
                                       Africa/Spain/Italy, an island id, else the province itself
    .space_ids_in_order: tuple[str, ...]
    .file.canvas: width and height of the picture the spaces' x, y positions refer to

Tables helpers (modified rolls are clamped into the printed range):
    tables().attrition.result(roll, cus=..., hostile_tribe=False) -> AttritionResult
    tables().attrition.column_for(cus) -> int
    tables().retreat.result(roll, cus) -> int | "all"
    tables().siege.result(roll) -> SiegeResult
    tables().naval.result(roll) -> "safe" | "return" | "sunk"
    tables().cards_for_turn(turn) -> int
    tables().turn(turn) -> TurnInfo

Ids are lowercase snake_case: spaces ``new_carthage``, provinces ``gallia_cisalpina``, generals
``gisgo``, ``p_scipio``, ``africanus``, strategy cards ``major_campaign`` (copies of one card
share its key). Space and province ids are separate name spaces (``carthage`` is both a space and
the province holding it). Regions: "italy", "spain" (the rulebook's Iberia), "africa", "islands"
and "gaul" (Transalpine Gaul, Massilia, Liguria: in no region of the rules).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core.datafiles import (
    CaseForms,
    DataError,
    FrozenModel,
    case_form_problems,
    data_dir,
    read_model,
    repeated,
)

DATA_DIR = data_dir("hannibal")

Side = Literal["rome", "carthage"]
Region = Literal["italy", "spain", "africa", "islands", "gaul"]
SpaceKind = Literal["walled_city", "tribe", "pc_space"]
LinkKind = Literal["line", "pass", "alps", "strait"]
Confidence = Literal["clear", "reviewed", "medium", "uncertain", "rules"]
PlayableBy = Literal["rome", "carthage", "either"]
TruceClass = Literal["reinforcement", "revolt", "attrition", "politics", "sortie", "special",
                     "none"]
NavalOutcome = Literal["safe", "return", "sunk"]

SIDES: tuple[Side, Side] = ("rome", "carthage")
REGIONS: tuple[Region, ...] = ("italy", "spain", "africa", "islands", "gaul")
MAINLAND_REGIONS: tuple[Region, ...] = ("italy", "spain", "africa")

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


_Model = FrozenModel


# -- map.json ------------------------------------------------------------------------------------
class Province(_Model):
    id: str
    name: str
    name_ru: str
    region: Region
    # One of the 18 provinces that score in the political assessment (§19.1, §22.1).
    political: bool
    # Spaces a player must hold to control the province: the §19.1 table for the 18 that score,
    # a plain majority (glossary §3) for the other 4 (Balearic Slingers asks who holds them).
    control_threshold: int = Field(ge=1)
    # Battle cards its allies give the controller (§14.2): 1, 2 for the Numidias, 0 for Latium.
    allies: int = Field(ge=0, le=2)
    # Island the province lies on (§14.2: allies help only on their own island), else None.
    island: str | None = None
    spaces: list[str] = Field(min_length=1)


class WalledCity(_Model):
    siege_modifier: int = Field(ge=-3, le=3)
    capacity: int = Field(ge=1)


class Tribe(_Model):
    people: str
    people_ru: str
    # The tribes friendly to Carthage (§20.9) start under Carthaginian control.
    friendly_to: Side | None = None


class Space(_Model):
    id: str
    name: str
    name_ru: str
    # "rulebook": the rulebook spells it; "conventional": the usual Russian form, not in the book.
    name_ru_source: Literal["rulebook", "conventional"]
    province: str
    kind: SpaceKind
    x: int = Field(ge=0)
    y: int = Field(ge=0)
    # Colour of the space's box on the printed map: "rome" red, "carthage" blue, None grey.
    printed: Side | None = None
    walled_city: WalledCity | None = None
    tribe: Tribe | None = None

    @property
    def is_walled_city(self) -> bool:
        return self.kind == "walled_city"

    @property
    def is_tribe(self) -> bool:
        return self.kind == "tribe"


class Link(_Model):
    a: str
    b: str
    kind: LinkKind
    confidence: Confidence = "clear"
    note: str | None = None


class Port(_Model):
    space: str
    modifier: int = Field(ge=-3, le=3)


class Canvas(_Model):
    """The picture the space positions (x, y) refer to."""

    width: int = Field(ge=1)
    height: int = Field(ge=1)


class MapFile(_Model):
    about: str
    canvas: Canvas
    provinces: list[Province]
    spaces: list[Space]
    links: list[Link]
    ports: list[Port]


class HannibalMap:
    """The board as the engine uses it: every lookup is built once, at load."""

    def __init__(self, f: MapFile) -> None:
        self.file = f
        self.spaces: dict[str, Space] = {s.id: s for s in f.spaces}
        self.provinces: dict[str, Province] = {p.id: p for p in f.provinces}
        self.links: tuple[Link, ...] = tuple(f.links)
        self.ports: dict[str, Port] = {p.space: p for p in f.ports}
        self.space_ids_in_order: tuple[str, ...] = tuple(s.id for s in f.spaces)
        nb: dict[str, dict[str, LinkKind]] = {s: {} for s in self.spaces}
        for ln in f.links:
            nb[ln.a][ln.b] = ln.kind
            nb[ln.b][ln.a] = ln.kind
        self._neighbours: dict[str, Mapping[str, LinkKind]] = {
            s: MappingProxyType(d) for s, d in nb.items()}
        self._spaces_of: dict[str, frozenset[str]] = {
            p.id: frozenset(p.spaces) for p in f.provinces}
        self._space_region: dict[str, Region] = {
            s.id: self.provinces[s.province].region for s in f.spaces}
        self._region_spaces: dict[str, frozenset[str]] = {
            r: frozenset(s.id for s in f.spaces if self.provinces[s.province].region == r)
            for r in REGIONS}
        self._region_provinces: dict[str, tuple[str, ...]] = {
            r: tuple(p.id for p in f.provinces if p.region == r) for r in REGIONS}
        self.port_spaces: frozenset[str] = frozenset(self.ports)
        self.walled_cities: frozenset[str] = frozenset(
            s.id for s in f.spaces if s.kind == "walled_city")
        self.tribe_spaces: frozenset[str] = frozenset(s.id for s in f.spaces if s.kind == "tribe")
        self.political_provinces: tuple[str, ...] = tuple(
            p.id for p in f.provinces if p.political)

    def neighbours(self, space: str) -> Mapping[str, LinkKind]:
        """Neighbour id -> link kind, for every line, pass, Alps pass or strait from ``space``."""
        return self._neighbours[space]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours[a]

    def link_kind(self, a: str, b: str) -> LinkKind | None:
        return self._neighbours[a].get(b)

    def province_of(self, space: str) -> Province:
        return self.provinces[self.spaces[space].province]

    def spaces_of(self, province: str) -> frozenset[str]:
        return self._spaces_of[province]

    def region_of(self, space: str) -> Region:
        return self._space_region[space]

    def spaces_in_region(self, region: str) -> frozenset[str]:
        return self._region_spaces[region]

    def provinces_in_region(self, region: str) -> tuple[str, ...]:
        return self._region_provinces[region]

    def port_modifier(self, space: str) -> int:
        return self.ports[space].modifier

    def ally_group(self, province: str) -> str:
        """Where the allies of ``province`` help (§14.2): its region (Africa, Spain, Italy), its
        island (Sicily and Syracuse share one, so do Corsica and Sardinia), else itself."""
        p = self.provinces[province]
        if p.island is not None:
            return p.island
        if p.region in MAINLAND_REGIONS:
            return p.region
        return p.id


# -- setup.json ----------------------------------------------------------------------------------
class ArmySetup(_Model):
    side: Side
    space: str
    # The commander first; a general with no CUs is still an army of one (§3).
    generals: list[str]
    # CUs in the stack, elephants included: Hannibal's 10 CUs of which 2 are elephants (§4.2).
    cus: int = Field(ge=0)
    elephants: int = Field(ge=0, le=4)


class LaterArrival(_Model):
    general: str
    turn: int = Field(ge=1, le=9)
    cus: int = Field(ge=0)
    rule: str


class Setup(_Model):
    id: str
    name: str
    name_ru: str
    turn: int = Field(ge=1, le=9)
    year: str
    # Spaces each side controls at the start (PCs, own walled cities, friendly tribes).
    control: dict[Side, list[str]]
    neutral_tribes: list[str]
    armies: list[ArmySetup]
    # General -> generals in his holding box, subordinate to him (§9.2, §4.2).
    holding_boxes: dict[str, list[str]] = Field(default_factory=dict)
    consuls: list[str]
    proconsuls: list[str] = Field(default_factory=list)
    # Roman generals off the map, entering through the consul draw (§4.1, §6.4).
    set_aside: list[str]
    # Names on the 8 consul tokens drawn at elections (§4.1, §6.4).
    consul_tokens: list[str]
    later: list[LaterArrival] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    def army_at(self, space: str) -> ArmySetup | None:
        return next((a for a in self.armies if a.space == space), None)


# -- generals.json -------------------------------------------------------------------------------
class Ability(_Model):
    # Stable key the engine tests: "pursuit", "avoid_battle", "none"...
    key: str
    # The number the ability carries (a die range top, a modifier, a strategy rating), if any.
    value: int | None = None
    text: str
    text_ru: str


class General(_Model):
    id: str
    name: str
    name_ru: str
    name_printed: str
    side: Side
    strategy: int = Field(ge=1, le=3)
    battle: int = Field(ge=1, le=4)
    ability: Ability
    # Region the general may never leave (Fabius: Italy; Hanno: Africa), §24.
    confined_to: Region | None = None
    consul_token: bool = False
    rulebook_notes: list[str] = Field(default_factory=list)


class GeneralsFile(_Model):
    about: str
    generals: list[General]


# -- strategy_cards.json -------------------------------------------------------------------------
class StrategyCard(_Model):
    no: int = Field(ge=1, le=64)
    key: str
    name: str
    name_ru: str
    ops: int = Field(ge=1, le=3)
    playable_by: PlayableBy
    response: bool
    # Set aside for good once played as an event (§8.5); Philip V after its second play.
    unique: bool
    # Minor or Major Campaign: moves several generals (§10.11).
    campaign: bool
    # Generals a campaign card moves (2 Minor, 3 Major); 0 otherwise.
    campaign_generals: int = Field(default=0, ge=0, le=3)
    ship: bool
    # Which class of the §25 truce note the event belongs to; "none" = does not end a truce.
    truce_class: TruceClass
    summary: str
    # The same summary in Russian, in the rulebook's terms (ВЧ, ПК, ОЧ, КТ...); a Russian
    # player's hand shows it. Required: a card without one fails to load.
    summary_ru: str
    # Numbers and places the event names, for the code that carries it out: "cus", "pcs",
    # "province"/"provinces"/"region"/"regions", "space"/"spaces", "max_strategy", "spaces"...
    params: dict[str, int | str | list[str]] = Field(default_factory=dict)
    rulebook_note: str | None = None

    def playable_as_event_by(self, side: Side) -> bool:
        return self.playable_by in ("either", side)


class StrategyCardsFile(_Model):
    about: str
    cards: list[StrategyCard]


# -- battle_cards.json ---------------------------------------------------------------------------
class BattleCardType(_Model):
    key: str
    name: str
    name_ru: str
    count: int = Field(ge=1)
    # The Reserve matches any card (§14.7).
    wild: bool = False


class BattleDeck(_Model):
    about: str
    cards: list[BattleCardType]

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards)

    def composition(self) -> dict[str, int]:
        return {c.key: c.count for c in self.cards}

    def full_deck(self) -> list[str]:
        """One key per card, in file order (shuffle it with the game's RNG)."""
        return [c.key for c in self.cards for _ in range(c.count)]


# -- names_ru.json -------------------------------------------------------------------------------
class NamesRuFile(_Model):
    """The case forms of every space's and province's Russian name, and of the two sides."""
    about: str
    spaces: dict[str, CaseForms]
    provinces: dict[str, CaseForms]
    sides: dict[str, CaseForms]


# -- tables.json ---------------------------------------------------------------------------------
class Modifier(_Model):
    key: str
    mod: int
    when: str
    source: str


class SizeColumn(_Model):
    label: str
    min: int = Field(ge=1)
    max: int | None = None


class AttritionResult(_Model):
    cus: int = Field(ge=0)
    # "e" on the table: one of the CUs lost must be an elephant, if any are present.
    elephant: bool = False


class _SizeTable(_Model):
    """A printed table read by a die roll and a column chosen by a size (CUs or rounds)."""

    columns: list[SizeColumn]
    min_roll: int
    max_roll: int
    # Die roll (as a string) -> one printed cell per column.
    rows: dict[str, list[str]]
    modifiers: list[Modifier]

    def column_for(self, cus: int) -> int:
        """Index of the column for a force of ``cus`` CUs (or a battle of ``cus`` rounds)."""
        for i, c in enumerate(self.columns):
            if cus >= c.min and (c.max is None or cus <= c.max):
                return i
        return 0

    def row(self, roll: int) -> list[str]:
        """The row of a modified roll; rolls outside the table are clamped (§21.2)."""
        return self.rows[str(min(max(roll, self.min_roll), self.max_roll))]


class AttritionTable(_SizeTable):
    # Cells: "-", "1", "2e"... Label of the column used by Hostile Tribes (#7, #8), whatever
    # the size (§21.3).
    hostile_tribe_column: str

    def result(self, roll: int, cus: int = 1, hostile_tribe: bool = False) -> AttritionResult:
        """The printed cell for a modified roll (clamped to the table, §21.2)."""
        if hostile_tribe:
            col = next(i for i, c in enumerate(self.columns) if c.label == self.hostile_tribe_column)
        else:
            col = self.column_for(cus)
        return _parse_attrition_cell(self.row(roll)[col])


class RetreatTable(_SizeTable):
    # Cells: "-", a number of CUs, or "all".

    def result(self, roll: int, cus: int) -> int | Literal["all"]:
        """CUs the loser of a battle loses (§14.12); ``cus`` = his size before the battle."""
        cell = self.row(roll)[self.column_for(cus)]
        if cell == "all":
            return "all"
        return 0 if cell == "-" else int(cell)


class SiegeResult(_Model):
    points: int = Field(ge=0)
    # CUs of the besieging army eliminated.
    losses: int = Field(ge=0)


class SiegeTable(_Model):
    min_roll: int
    max_roll: int
    rows: dict[str, SiegeResult]
    points_needed: int = Field(ge=1)
    modifiers: list[Modifier]

    def result(self, roll: int) -> SiegeResult:
        r = min(max(roll, self.min_roll), self.max_roll)
        return self.rows[str(r)]


class NavalTable(_Model):
    min_roll: int
    max_roll: int
    rows: dict[str, NavalOutcome]
    modifiers: list[Modifier]
    # Boxes of the Carthaginian naval movement modifiers track (event / Syracuse), -1 each.
    carthaginian_track: list[Modifier]

    def result(self, roll: int) -> NavalOutcome:
        r = min(max(roll, self.min_roll), self.max_roll)
        return self.rows[str(r)]


class TurnInfo(_Model):
    turn: int = Field(ge=1, le=9)
    years: str
    strategy_cards: int = Field(ge=1)
    note: str | None = None
    note_ru: str | None = None


class CarthageReinforcement(_Model):
    key: str
    condition: str
    where: str


class Reinforcements(_Model):
    first_turn: int
    carthage: list[CarthageReinforcement]
    rome_cus: int
    rome_min_in_italy: int
    rome_army_needed: int
    scipio_africanus_turn: int
    scipio_africanus_cus: int


class BattleBonus(_Model):
    key: str
    bc: int
    when: str
    source: str


class BattleCards(_Model):
    per_cu: int
    max_hand: int
    bonuses: list[BattleBonus]
    # Most ally battle cards each side may count in a battle in Italy (§14.3).
    italy_ally_cap: dict[Side, int]


class Tables(_Model):
    about: str
    attrition: AttritionTable
    retreat: RetreatTable
    siege: SiegeTable
    naval: NavalTable
    turns: list[TurnInfo]
    reinforcements: Reinforcements
    battle_cards: BattleCards
    # Plain numbers of the rules, each cited in the README: move allowance, pass cost...
    rules: dict[str, int]

    def turn(self, turn: int) -> TurnInfo:
        return self.turns[turn - 1]

    def cards_for_turn(self, turn: int) -> int:
        return self.turns[turn - 1].strategy_cards


_CELL = re.compile(r"^(-|\d+)(e?)$")


def _parse_attrition_cell(cell: str) -> AttritionResult:
    m = _CELL.match(cell)
    if m is None:
        raise DataError([f"tables.json: attrition cell {cell!r} is not '-', 'N' or 'Ne'"])
    return AttritionResult(cus=0 if m.group(1) == "-" else int(m.group(1)),
                           elephant=bool(m.group(2)))


# -- loading -------------------------------------------------------------------------------------
def _name_of(node: dict[str, Any]) -> Any:
    """How a list item of these files is named in a message: id, key, space or number, or the
    two ends of a link."""
    ident = node.get("id") or node.get("key") or node.get("space") or node.get("no")
    if ident is None and "a" in node and "b" in node:
        ident = f"{node['a']}-{node['b']}"
    return ident


def _read(name: str, model: type[BaseModel], directory: Path | None = None) -> Any:
    return read_model((directory or DATA_DIR) / name, model, _name_of)


def _check_map(f: MapFile) -> list[str]:
    n = "map.json"
    out: list[str] = []
    pids = [p.id for p in f.provinces]
    sids = [s.id for s in f.spaces]
    for what, ids in (("province", pids), ("space", sids)):
        for d in repeated(ids):
            out.append(f"{n}: {what} id {d!r} is used twice")
        for i in ids:
            if not _ID.match(i):
                out.append(f"{n}: {what} {i!r}: ids are lowercase snake_case")
    P, S = set(pids), set(sids)
    listed: dict[str, str] = {}
    for p in f.provinces:
        where = f"{n}: province {p.id}"
        for s in p.spaces:
            if s not in S:
                out.append(f"{where}: lists unknown space {s!r}")
            elif s in listed:
                out.append(f"{where}: space {s!r} is also listed by province {listed[s]}")
            else:
                listed[s] = p.id
        if not len(p.spaces) < 2 * p.control_threshold <= 2 * len(p.spaces):
            out.append(f"{where}: threshold {p.control_threshold} is not a majority of its "
                       f"{len(p.spaces)} spaces (§19.1)")
        if p.island is not None and p.region != "islands":
            out.append(f"{where}: an island province must be in region 'islands'")
        if p.region == "islands" and p.island is None:
            out.append(f"{where}: a province of region 'islands' must name its island")
    for s in f.spaces:
        where = f"{n}: space {s.id}"
        if s.x > f.canvas.width or s.y > f.canvas.height:
            out.append(f"{where}: position ({s.x}, {s.y}) is off the {f.canvas.width}x"
                       f"{f.canvas.height} canvas")
        if s.province not in P:
            out.append(f"{where}: unknown province {s.province!r}")
        elif listed.get(s.id) != s.province:
            out.append(f"{where}: its province {s.province} does not list it")
        if (s.kind == "walled_city") != (s.walled_city is not None):
            out.append(f"{where}: walled-city data belongs to walled_city spaces, and they need it")
        if (s.kind == "tribe") != (s.tribe is not None):
            out.append(f"{where}: tribe data belongs to tribe spaces, and they need it")
        if s.tribe is not None and s.printed != s.tribe.friendly_to:
            out.append(f"{where}: a tribe's printed colour must match whom it is friendly to")
    seen: dict[frozenset[str], str] = {}
    for ln in f.links:
        tag = f"{n}: link {ln.a}-{ln.b}"
        for x in (ln.a, ln.b):
            if x not in S:
                out.append(f"{tag}: unknown space {x!r}")
        if ln.a == ln.b:
            out.append(f"{tag}: a link from a space to itself")
        key = frozenset((ln.a, ln.b))
        if key in seen:
            out.append(f"{tag}: listed twice")
        seen[key] = tag
    for d in repeated([p.space for p in f.ports]):
        out.append(f"{n}: port {d!r} is listed twice")
    for p in f.ports:
        if p.space not in S:
            out.append(f"{n}: port {p.space!r} is not a space")
    if not out:
        out += _check_connected(f)
    return out


def _check_connected(f: MapFile) -> list[str]:
    edges: dict[str, set[str]] = {s.id: set() for s in f.spaces}
    for ln in f.links:
        edges[ln.a].add(ln.b)
        edges[ln.b].add(ln.a)
    # Islands joined to nothing by land (the Balearic Islands) are reached by sea only (§11).
    sea = {p.space for p in f.ports}
    start = f.spaces[0].id
    seen = {start}
    todo = [start]
    while todo:
        x = todo.pop()
        nxt = set(edges[x])
        if x in sea:
            nxt |= sea
        for y in nxt - seen:
            seen.add(y)
            todo.append(y)
    lost = sorted(set(edges) - seen)
    return [f"map.json: spaces reached neither by land nor by sea: {', '.join(lost)}"] if lost \
        else []


def _check_setup(s: Setup, m: HannibalMap, gens: dict[str, General]) -> list[str]:
    n = "setup.json"
    out: list[str] = []
    owner: dict[str, str] = {}
    for side, spaces in s.control.items():
        for sp in spaces:
            if sp not in m.spaces:
                out.append(f"{n}: control.{side}: unknown space {sp!r}")
            elif sp in owner:
                out.append(f"{n}: control.{side}: {sp} is also controlled by {owner[sp]}")
            else:
                owner[sp] = side
    for sp in s.neutral_tribes:
        if sp not in m.spaces:
            out.append(f"{n}: neutral_tribes: unknown space {sp!r}")
        elif not m.spaces[sp].is_tribe:
            out.append(f"{n}: neutral_tribes: {sp} is not a tribe space")
        elif sp in owner:
            out.append(f"{n}: neutral_tribes: {sp} is controlled by {owner[sp]}")
    placed: dict[str, str] = {}

    def general_ok(g: str, where: str, side: Side | None = None) -> bool:
        if g not in gens:
            out.append(f"{where}: unknown general {g!r}")
            return False
        if side is not None and gens[g].side != side:
            out.append(f"{where}: {g} is a {gens[g].side} general")
        if g in placed:
            out.append(f"{where}: {g} is also {placed[g]}")
            return False
        return True

    for a in s.armies:
        where = f"{n}: army at {a.space}"
        if a.space not in m.spaces:
            out.append(f"{where}: unknown space")
        elif owner.get(a.space) != a.side:
            out.append(f"{where}: the {a.side} army starts in a space it does not control")
        if a.elephants > a.cus:
            out.append(f"{where}: {a.elephants} elephants but only {a.cus} CUs")
        if not a.generals and a.cus == 0:
            out.append(f"{where}: an army with neither generals nor CUs")
        for g in a.generals:
            if general_ok(g, where, a.side):
                placed[g] = f"at {a.space}"
    for boss, subs in s.holding_boxes.items():
        where = f"{n}: holding box of {boss}"
        if boss not in placed:
            out.append(f"{where}: {boss} is not on the map")
            continue
        for g in subs:
            if general_ok(g, where, gens[boss].side if boss in gens else None):
                placed[g] = f"in the holding box of {boss}"
    for g in s.set_aside:
        if general_ok(g, f"{n}: set_aside", "rome"):
            placed[g] = "set aside"
    for g in s.consuls + s.proconsuls:
        if g not in gens or gens[g].side != "rome":
            out.append(f"{n}: consul/proconsul {g!r} is not a Roman general")
        elif not placed.get(g, "").startswith("at "):
            out.append(f"{n}: consul/proconsul {g} is not on the map")
    for d in repeated(s.consul_tokens):
        out.append(f"{n}: consul_tokens: {d} is listed twice")
    for g in s.consul_tokens:
        if g not in gens or gens[g].side != "rome":
            out.append(f"{n}: consul_tokens: {g!r} is not a Roman general")
        elif not gens[g].consul_token:
            out.append(f"{n}: consul_tokens: generals.json says {g} has no consul token")
    tokened = {g.id for g in gens.values() if g.consul_token}
    if tokened != set(s.consul_tokens):
        out.append(f"{n}: consul_tokens do not match the generals with consul_token in "
                   "generals.json")
    for la in s.later:
        if general_ok(la.general, f"{n}: later", None):
            placed[la.general] = f"arriving on turn {la.turn}"
    missing = sorted(set(gens) - set(placed))
    if missing:
        out.append(f"{n}: generals placed nowhere: {', '.join(missing)}")
    return out


def _check_generals(f: GeneralsFile) -> list[str]:
    n = "generals.json"
    out = [f"{n}: general id {d!r} is used twice" for d in repeated([g.id for g in f.generals])]
    if len(f.generals) != 14:
        out.append(f"{n}: {len(f.generals)} generals, the game has 14 (§2.1)")
    for g in f.generals:
        if not _ID.match(g.id):
            out.append(f"{n}: general {g.id!r}: ids are lowercase snake_case")
        if g.consul_token and g.side != "rome":
            out.append(f"{n}: general {g.id}: only Roman generals have consul tokens")
    tokens = sum(g.consul_token for g in f.generals)
    if tokens != 8:
        out.append(f"{n}: {tokens} generals with consul tokens, the game has 8 (§4.1)")
    return out


def _check_cards(f: StrategyCardsFile) -> list[str]:
    n = "strategy_cards.json"
    out = [f"{n}: card number {d} is used twice" for d in repeated([c.no for c in f.cards])]
    if len(f.cards) != 64:
        out.append(f"{n}: {len(f.cards)} cards, the strategy deck has 64 (§2.1)")
    if sorted(c.no for c in f.cards) != list(range(1, len(f.cards) + 1)):
        out.append(f"{n}: card numbers must run 1..{len(f.cards)} without gaps")
    keys: dict[str, list[int]] = {}
    for c in f.cards:
        keys.setdefault(c.key, []).append(c.no)
        where = f"{n}: card {c.no} {c.key}"
        if not _ID.match(c.key):
            out.append(f"{where}: keys are lowercase snake_case")
        if c.campaign != (c.campaign_generals > 0):
            out.append(f"{where}: campaign cards, and only they, name how many generals move")
        if c.campaign and not c.ship:
            out.append(f"{where}: a campaign card carries a ship icon (§8.1)")
        if not c.summary.strip():
            out.append(f"{where}: summary is empty")
        if not c.summary_ru.strip():
            out.append(f"{where}: summary_ru is empty; every card needs a Russian summary")
        elif not _CYRILLIC.search(c.summary_ru):
            out.append(f"{where}: summary_ru has no Cyrillic letters; it must be in Russian")
    # Copies of one card (Hostile Tribes, Diplomacy, the Campaigns, Force March) share their key,
    # since the key names the event; they must then share the name too.
    names = {c.no: c.name for c in f.cards}
    for k, nos in keys.items():
        if len({names[no] for no in nos}) > 1:
            out.append(f"{n}: key {k!r} is shared by cards {nos}, which have different names")
    return out


def _check_card_places(f: StrategyCardsFile, m: HannibalMap) -> list[str]:
    """Provinces, regions and spaces named in card params exist on the map."""
    out: list[str] = []
    known = {"province": m.provinces, "provinces": m.provinces, "space": m.spaces,
             "not_space": m.spaces, "region": REGIONS, "regions": REGIONS}
    for c in f.cards:
        for k, v in c.params.items():
            if k == "spaces" and isinstance(v, int):
                continue  # a movement allowance, not a list of places
            pool = m.spaces if k == "spaces" else known.get(k)
            if pool is None:
                continue
            for x in v if isinstance(v, list) else [v]:
                if x not in pool:
                    out.append(f"strategy_cards.json: card {c.no} {c.key}: params.{k} names "
                               f"unknown {x!r}")
    return out


def _check_battle_deck(d: BattleDeck) -> list[str]:
    n = "battle_cards.json"
    out = [f"{n}: key {k!r} is used twice" for k in repeated([c.key for c in d.cards])]
    if d.size != 48:
        out.append(f"{n}: the battle deck holds {d.size} cards, the game has 48 (§2.1)")
    return out


def _check_tables(t: Tables) -> list[str]:
    n = "tables.json"
    out: list[str] = []
    a = t.attrition
    want = [str(r) for r in range(a.min_roll, a.max_roll + 1)]
    if sorted(a.rows, key=int) != want:
        out.append(f"{n}: attrition: rows must be the rolls {want[0]}..{want[-1]}")
    for roll, cells in a.rows.items():
        if len(cells) != len(a.columns):
            out.append(f"{n}: attrition row {roll}: {len(cells)} cells for {len(a.columns)} "
                       "columns")
        for c in cells:
            if not _CELL.match(c):
                out.append(f"{n}: attrition row {roll}: cell {c!r} is not '-', 'N' or 'Ne'")
    if a.hostile_tribe_column not in [c.label for c in a.columns]:
        out.append(f"{n}: attrition: hostile_tribe_column {a.hostile_tribe_column!r} is not a "
                   "column")
    out += _check_columns(f"{n}: attrition", a.columns)
    r = t.retreat
    want = [str(x) for x in range(r.min_roll, r.max_roll + 1)]
    if sorted(r.rows, key=int) != want:
        out.append(f"{n}: retreat: rows must be the rolls {want[0]}..{want[-1]}")
    for roll, cells in r.rows.items():
        if len(cells) != len(r.columns):
            out.append(f"{n}: retreat row {roll}: {len(cells)} cells for {len(r.columns)} columns")
        for c in cells:
            if c not in ("-", "all") and not c.isdigit():
                out.append(f"{n}: retreat row {roll}: cell {c!r} is not '-', a number or 'all'")
    out += _check_columns(f"{n}: retreat", r.columns)
    for name, tbl in (("siege", t.siege), ("naval", t.naval)):
        want = [str(x) for x in range(tbl.min_roll, tbl.max_roll + 1)]
        if sorted(tbl.rows, key=int) != want:
            out.append(f"{n}: {name}: rows must be the rolls {want[0]}..{want[-1]}")
    if [x.turn for x in t.turns] != list(range(1, 10)):
        out.append(f"{n}: turns must be 1..9 in order")
    return out


def _check_columns(where: str, cols: list[SizeColumn]) -> list[str]:
    expect = 1
    for c in cols:
        if c.min != expect:
            return [f"{where}: column {c.label!r} starts at {c.min}, expected {expect}"]
        if c.max is None:
            return [] if c is cols[-1] else [f"{where}: only the last column is open-ended"]
        expect = c.max + 1
    return [f"{where}: the last column must be open-ended"]


def load_map(directory: Path = DATA_DIR) -> HannibalMap:
    f: MapFile = _read("map.json", MapFile, directory)
    problems = _check_map(f)
    if problems:
        raise DataError(problems)
    return HannibalMap(f)


def load_generals(directory: Path = DATA_DIR) -> dict[str, General]:
    f: GeneralsFile = _read("generals.json", GeneralsFile, directory)
    problems = _check_generals(f)
    if problems:
        raise DataError(problems)
    return {g.id: g for g in f.generals}


def load_setup(directory: Path = DATA_DIR, board: HannibalMap | None = None,
               gens: dict[str, General] | None = None) -> Setup:
    s: Setup = _read("setup.json", Setup, directory)
    problems = _check_setup(s, board or load_map(directory), gens or load_generals(directory))
    if problems:
        raise DataError(problems)
    return s


def load_strategy_cards(directory: Path = DATA_DIR,
                        board: HannibalMap | None = None) -> dict[int, StrategyCard]:
    f: StrategyCardsFile = _read("strategy_cards.json", StrategyCardsFile, directory)
    problems = _check_cards(f) + _check_card_places(f, board or load_map(directory))
    if problems:
        raise DataError(problems)
    return {c.no: c for c in sorted(f.cards, key=lambda c: c.no)}


def load_battle_deck(directory: Path = DATA_DIR) -> BattleDeck:
    d: BattleDeck = _read("battle_cards.json", BattleDeck, directory)
    problems = _check_battle_deck(d)
    if problems:
        raise DataError(problems)
    return d


def load_tables(directory: Path = DATA_DIR) -> Tables:
    t: Tables = _read("tables.json", Tables, directory)
    problems = _check_tables(t)
    if problems:
        raise DataError(problems)
    return t


def _check_names_ru(f: NamesRuFile, m: HannibalMap) -> list[str]:
    """Every space and province has its forms, under its id, and their ``nom`` is its name_ru."""
    n = "names_ru.json"
    out: list[str] = []
    kinds: tuple[tuple[str, dict[str, CaseForms], dict[str, str]], ...] = (
        ("spaces", f.spaces, {k: v.name_ru for k, v in m.spaces.items()}),
        ("provinces", f.provinces, {k: v.name_ru for k, v in m.provinces.items()}))
    for kind, forms, names in kinds:
        out += case_form_problems(n, kind, forms, names)
    out += [f"{n}: sides: {i}: not a side" for i in f.sides if i not in ("rome", "carthage")]
    return out


def load_names_ru(directory: Path = DATA_DIR, board: HannibalMap | None = None) -> NamesRuFile:
    f: NamesRuFile = _read("names_ru.json", NamesRuFile, directory)
    problems = _check_names_ru(f, board or load_map(directory))
    if problems:
        raise DataError(problems)
    return f


def load_dir(directory: Path) -> None:
    """Load and check every file of another data folder (a corrected copy); raises DataError."""
    board = load_map(directory)
    gens = load_generals(directory)
    load_setup(directory, board, gens)
    load_strategy_cards(directory, board)
    load_battle_deck(directory)
    load_tables(directory)
    load_names_ru(directory, board)


@cache
def hmap() -> HannibalMap:
    return load_map()


@cache
def names_ru() -> NamesRuFile:
    return load_names_ru(DATA_DIR, hmap())


@cache
def generals() -> dict[str, General]:
    return load_generals()


@cache
def setup() -> Setup:
    return load_setup(DATA_DIR, hmap(), generals())


@cache
def strategy_cards() -> dict[int, StrategyCard]:
    return load_strategy_cards(DATA_DIR, hmap())


@cache
def _numbers_by_key() -> dict[str, tuple[int, ...]]:
    out: dict[str, list[int]] = {}
    for c in strategy_cards().values():
        out.setdefault(c.key, []).append(c.no)
    return {k: tuple(v) for k, v in out.items()}


def strategy_card(card: int | str) -> StrategyCard:
    """One strategy card, by number (1..64) or by key (the lowest-numbered copy)."""
    if isinstance(card, int):
        found = strategy_cards().get(card)
    else:
        nos = _numbers_by_key().get(card)
        found = strategy_cards()[nos[0]] if nos else None
    if found is None:
        raise KeyError(f"no strategy card {card!r}")
    return found


def card_numbers(key: str) -> tuple[int, ...]:
    """Numbers of every copy of a card: ``card_numbers("minor_campaign") == (37, 38, 39, 40)``."""
    return _numbers_by_key().get(key, ())


@cache
def battle_deck() -> BattleDeck:
    return load_battle_deck()


@cache
def tables() -> Tables:
    return load_tables()


def raw_documents() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any],
                             dict[str, Any]]:
    """The checked data in the layout of the first map transcription, for code that reads it:
    (spaces and provinces, edges and ports, generals, strategy cards with the battle deck, tables
    with the walled-city counters). Names are English display names; ids are rebuilt by slugging
    them, which gives this module's space ids. Prefer the typed loaders above."""
    m, s, t = hmap(), setup(), tables()
    pname = {p.id: p.name.replace(" / ", " ") for p in m.provinces.values()}
    start: dict[str, str] = {x: "empty" for x in m.spaces}
    for x in s.control["rome"]:
        start[x] = "Rome"
    for x in s.control["carthage"]:
        start[x] = "Carthage (allied tribe)" if m.spaces[x].is_tribe else "Carthage"
    for x in s.neutral_tribes:
        start[x] = "neutral tribe"

    def key(sid: str) -> str:
        sp = m.spaces[sid]
        return f"{pname[sp.province]} - {sp.name}"

    spaces_doc = {
        "provinces": {pname[p.id]: [m.spaces[x].name for x in p.spaces]
                      for p in m.provinces.values()},
        "spaces": [{"id": key(sp.id), "province": pname[sp.province], "space": sp.name,
                    "vassal_xy": [sp.x, sp.y], "kind": sp.kind, "start": start[sp.id]}
                   for sp in m.spaces.values()],
    }
    kinds = {"line": "connecting_line", "pass": "non_alps_pass", "alps": "alps_pass",
             "strait": "strait"}
    links_doc = {
        "edges": [{"a": key(ln.a), "b": key(ln.b), "type": kinds[ln.kind]} for ln in m.links],
        "ports": [{"space": key(p.space), "port_modifier": p.modifier} for p in m.ports.values()],
    }
    generals_doc = {"generals": [
        {"name": g.name_printed, "side": g.side.capitalize(), "strategy": g.strategy,
         "battle": g.battle, "ability": g.ability.text} for g in generals().values()]}
    cards_doc = {
        "cards": [{"no": c.no, "name": c.name, "ops": c.ops, "playable_by": c.playable_by,
                   "response_card": c.response, "ship_icon": c.ship}
                  for c in strategy_cards().values()],
        "battle_deck": {c.name: c.count for c in battle_deck().cards},
    }
    tables_doc = {
        "tables": {
            "attrition_table": {"cells": dict(t.attrition.rows)},
            "retreat_table": {"cells": {r: ["All" if c == "all" else c for c in cells]
                                        for r, cells in t.retreat.rows.items()}},
            "siege_table": {"cells_parsed": {
                r: {"siege_points": v.points, "besieger_CUs_eliminated": v.losses}
                for r, v in t.siege.rows.items()}},
        },
        "from_counters": {"walled_city_markers": {"cities": [
            {"city": m.spaces[x].name, "siege_mod": wc.siege_modifier, "capacity": wc.capacity}
            for x in m.space_ids_in_order
            if (wc := m.spaces[x].walled_city) is not None]}},
    }
    return spaces_doc, links_doc, generals_doc, cards_doc, tables_doc


def load_all() -> None:
    """Load and check every file of ``data/hannibal/`` (raises DataError)."""
    hmap()
    generals()
    setup()
    strategy_cards()
    battle_deck()
    tables()
    names_ru()
