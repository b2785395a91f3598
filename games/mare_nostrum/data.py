"""Mare Nostrum game data: the board, the starting positions, the dice and the cards, validated at
load.

Every file lives in ``data/mare_nostrum/``; its README gives the source of each value and the list
of values to check against a printed copy. Each loader validates with pydantic and then checks the
file as a whole (links name known ids, slot indices exist, the starting pieces give the rulebook's
track values...). Problems are raised together as a ``DataError`` naming the file, the item and the
reason.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, create_model

from games.core.datafiles import DataError, FrozenModel, data_dir, read_model

DATA_DIR = data_dir("mare_nostrum")

Source = Literal["rulebook", "rulebook-example", "derived", "public-source", "recalled",
                 "reconstructed", "printed-board", "printed-screen", "printed-card", "printed-die"]
CityType = Literal["ordinary", "capital", "legendary"]
TRACKS = ("trade", "culture", "military")


_Model = FrozenModel


M = TypeVar("M", bound=BaseModel)


class Provenance(_Model):
    source: Source
    confidence: Literal["high", "medium", "low"]
    ref: str | None = None
    note: str | None = None


# -- board.json ----------------------------------------------------------------------------------
class Empire(_Model):
    id: str
    name: str
    name_ru: str
    colour: str
    capital: str
    capital_province: str
    provenance: Provenance


class Good(_Model):
    id: str
    name: str
    name_ru: str
    aka: list[str] = Field(default_factory=list)
    tokens: int = Field(ge=1)
    caravan_slots: int = Field(ge=0)
    provenance: dict[str, Provenance]


class Coin(_Model):
    id: Literal["coin"]
    name: str
    name_ru: str
    tokens: int = Field(ge=1)
    provenance: Provenance


class RareGoods(_Model):
    tokens: int
    one_per_good: bool
    provenance: Provenance


def _counts(name: str, fields: str, least: int = 0) -> Any:
    """A model for a block of numbers the rulebook states (a supply, a set of pieces, the build
    costs): each named field a whole number of at least ``least``, and the block's provenance."""
    spec: dict[str, Any] = {f: (int, Field(ge=least)) for f in fields.split()}
    return create_model(name, __base__=_Model, provenance=(Provenance, ...), **spec)


# Building tokens in the box [Components]; pieces of one colour [Components], §9; costs [§3].
BuildingSupply = _counts("BuildingSupply", "caravan market city_ordinary city_capital "
                                           "city_legendary temple")
PiecesPerEmpire = _counts("PiecesPerEmpire", "legions triremes fortresses control_markers",
                          least=1)
BuildCosts = _counts("BuildCosts", "control_marker city_ordinary city_capital city_legendary "
                                   "caravan legion trireme fortress temple market")


class TradeToken(_Model):
    id: str
    faces: tuple[int, int]


class TradeTokens(_Model):
    tokens: list[TradeToken]
    provenance: Provenance


class DesignRule(_Model):
    rule: str
    provenance: Provenance


class LegendaryCity(_Model):
    id: str
    name: str
    name_ru: str
    province: str
    provenance: Provenance


class Canvas(_Model):
    width: int
    height: int
    note: str = ""


class Pos(_Model):
    x: int
    y: int


class CitySlot(_Model):
    type: CityType
    label: str
    label_ru: str | None = None
    label_note: str | None = None


class CaravanSlot(_Model):
    good: str


class Slots(_Model):
    cities: list[CitySlot] = Field(default_factory=list, max_length=2)
    caravans: list[CaravanSlot] = Field(default_factory=list, max_length=2)
    market: bool = False
    temple: bool = False


class Built(_Model):
    cities: list[int] = Field(default_factory=list)
    caravans: list[int] = Field(default_factory=list)
    market: bool = False
    temple: bool = False


class StartPieces(_Model):
    controller: str
    control_marker: Literal["printed", "token"]
    built: Built
    legions: int = Field(ge=0)
    fortress: bool = False


class Province(_Model):
    id: str
    name: str
    name_en: str
    name_ru: str
    kind: Literal["land", "island"]
    region: str
    home_of: str | None = None
    capital_of: str | None = None
    legendary_city: str | None = None
    slots: Slots
    start: StartPieces | None = None
    covered_with_players: list[int] = Field(default_factory=list)
    pos: Pos
    provenance: dict[str, Provenance]


class Sea(_Model):
    id: str
    name: str
    name_latin: str
    name_ru: str
    covered_with_players: list[int] = Field(default_factory=list)
    pos: Pos
    provenance: dict[str, Provenance]


class Link(_Model):
    between: tuple[str, str]
    provenance: Provenance


class CoastLink(_Model):
    province: str
    sea: str
    provenance: Provenance


class CoveredArea(_Model):
    covered_provinces: list[str] = Field(default_factory=list)
    covered_seas: list[str] = Field(default_factory=list)
    covering_board: str | None = None
    provenance: Provenance


class BoardFile(_Model):
    title: str
    status: str
    schema_version: int
    provenance_sources: dict[str, str]
    empires: list[Empire]
    goods: list[Good]
    coin: Coin
    rare_goods: RareGoods
    building_supply: BuildingSupply
    pieces_per_empire: PiecesPerEmpire
    build_costs: BuildCosts
    trade_tokens: TradeTokens
    slot_totals_design_rule: DesignRule
    legendary_cities: list[LegendaryCity]
    canvas: Canvas
    provinces: list[Province]
    seas: list[Sea]
    land_adjacency: list[Link]
    coasts: list[CoastLink]
    sea_adjacency: list[Link]
    player_counts: dict[str, CoveredArea]


# -- setup.json ----------------------------------------------------------------------------------
class StartCity(_Model):
    label: str
    type: CityType


class EmpirePieces(_Model):
    control_marker: Literal["printed", "token"]
    cities: list[StartCity] = Field(default_factory=list)
    caravans: list[str] = Field(default_factory=list)
    market: bool = False
    temple: bool = False
    legions: int = 0
    fortress: bool = False


class EmpireSetup(_Model):
    empire: str
    starting_hero: str
    starting_titles: list[Literal["trade", "culture", "military"]]
    provinces: list[str]
    pieces: dict[str, EmpirePieces]
    totals: dict[str, int]
    supply_left: dict[str, int]
    starting_resources: dict[str, int]
    starting_resources_count: int
    tracks: dict[str, int]
    tracks_from_pieces: dict[str, int]
    provenance: dict[str, Provenance]


class PlayerCountSetup(_Model):
    empires: list[str]
    covered_provinces: list[str] = Field(default_factory=list)
    titles: dict[Literal["trade", "culture", "military"], str]
    unused_starting_heroes: list[str] = Field(default_factory=list)
    provenance: Provenance


class RulesCheck(_Model):
    statement: str
    result: str
    first_collection: str
    provenance: Provenance


class TurnOne(_Model):
    trade_tokens_holder: str
    trade_tokens_available: list[str]
    collection: str
    provenance: Provenance


class Reserves(_Model):
    rare_goods: str
    heroes_and_wonders: str
    provenance: Provenance


class SetupFile(_Model):
    title: str
    status: str
    rules_check: RulesCheck
    empires: list[EmpireSetup]
    player_counts: dict[str, PlayerCountSetup]
    turn_one: TurnOne
    reserves: Reserves


# -- dice.json -----------------------------------------------------------------------------------
class Die(_Model):
    name: str
    name_ru: str
    colour: str
    count: int = Field(ge=1)
    faces: list[int] = Field(min_length=1)
    faces_shown_as: list[str]
    known_faces: list[int] = Field(default_factory=list)
    provenance: dict[str, Provenance]


class DiceAlternative(_Model):
    land: list[int] = Field(min_length=1)
    sea: list[int] = Field(min_length=1)
    provenance: Provenance


class DiceFile(_Model):
    title: str
    land: Die
    sea: Die
    alternatives: dict[str, DiceAlternative]
    resolution: dict[str, Any]
    engine_note: str = ""


# -- cards.json ----------------------------------------------------------------------------------
class Influence(_Model):
    trade: int = 0
    culture: int = 0
    military: int = 0

    def of(self, track: str) -> int:
        return int(getattr(self, track))


class Card(_Model):
    id: str
    name: str
    name_ru: str
    kind: Literal["starting_hero", "hero", "wonder", "pyramids"]
    empire: str | None = None
    phase: int | str | None = None
    cost: dict[str, Any]
    ability: str
    refs: list[str] = Field(default_factory=list)
    influence: Influence
    effect: dict[str, Any] | None = None
    readings: list[str] = Field(default_factory=list)
    provenance: dict[str, Provenance]

    @property
    def is_hero(self) -> bool:
        return self.kind in ("starting_hero", "hero")


class CardsFile(_Model):
    title: str
    status: str
    costs: dict[str, Any]
    board: dict[str, Any]
    influence_symbols: dict[str, Any]
    leadership: dict[str, Any]
    cards: list[Card]


# -- loading -------------------------------------------------------------------------------------
def _read(name: str, model: type[BaseModel]) -> Any:
    return read_model(DATA_DIR / name, model)


class Board:
    """The board as the engine uses it: lookups and adjacency sets built once."""

    def __init__(self, f: BoardFile) -> None:
        self.file = f
        self.empires = {e.id: e for e in f.empires}
        self.goods = [g.id for g in f.goods]
        self.good = {g.id: g for g in f.goods}
        self.provinces = {p.id: p for p in f.provinces}
        self.seas = {s.id: s for s in f.seas}
        self.legendary = {c.province: c for c in f.legendary_cities}
        self.land: dict[str, set[str]] = {p: set() for p in self.provinces}
        for ln in f.land_adjacency:
            a, b = ln.between
            self.land.setdefault(a, set()).add(b)
            self.land.setdefault(b, set()).add(a)
        self.coast: dict[str, set[str]] = {p: set() for p in self.provinces}
        self.shore: dict[str, set[str]] = {s: set() for s in self.seas}
        for c in f.coasts:
            self.coast.setdefault(c.province, set()).add(c.sea)
            self.shore.setdefault(c.sea, set()).add(c.province)
        self.sea_links: dict[str, set[str]] = {s: set() for s in self.seas}
        for ln in f.sea_adjacency:
            a, b = ln.between
            self.sea_links.setdefault(a, set()).add(b)
            self.sea_links.setdefault(b, set()).add(a)
        self.costs = f.build_costs
        self.pieces = f.pieces_per_empire
        self.tokens = {t.id: t.faces for t in f.trade_tokens.tokens}

    def capital_province(self, empire: str) -> str:
        return self.empires[empire].capital_province

    def in_play(self, players: int) -> tuple[list[str], list[str]]:
        area = self.file.player_counts.get(str(players))
        hidden_p = set(area.covered_provinces) if area else set()
        hidden_s = set(area.covered_seas) if area else set()
        return ([p for p in self.provinces if p not in hidden_p],
                [s for s in self.seas if s not in hidden_s])


def _check_board(f: BoardFile) -> list[str]:
    n = "board.json"
    out: list[str] = []
    pids = [p.id for p in f.provinces]
    sids = [s.id for s in f.seas]
    gids = [g.id for g in f.goods]
    eids = [e.id for e in f.empires]
    for kind, ids in (("province", pids), ("sea", sids), ("good", gids), ("empire", eids)):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            out.append(f"{n}: {kind} ids used twice: {', '.join(dup)}")
    if set(pids) & set(sids):
        out.append(f"{n}: ids used both for a province and a sea: {sorted(set(pids) & set(sids))}")
    P, S = set(pids), set(sids)
    seen: set[frozenset[str]] = set()
    for what, links, ok in (("land_adjacency", f.land_adjacency, P),
                            ("sea_adjacency", f.sea_adjacency, S)):
        for ln in links:
            a, b = ln.between
            for x in (a, b):
                if x not in ok:
                    out.append(f"{n}: {what} {a}-{b}: unknown id {x!r}")
            if a == b:
                out.append(f"{n}: {what} {a}-{b}: a link to itself")
            key = frozenset((a, b))
            if key in seen:
                out.append(f"{n}: {what} {a}-{b}: listed twice")
            seen.add(key)
    coast_seen: set[tuple[str, str]] = set()
    for c in f.coasts:
        if c.province not in P:
            out.append(f"{n}: coasts {c.province}-{c.sea}: unknown province {c.province!r}")
        if c.sea not in S:
            out.append(f"{n}: coasts {c.province}-{c.sea}: unknown sea {c.sea!r}")
        if (c.province, c.sea) in coast_seen:
            out.append(f"{n}: coasts {c.province}-{c.sea}: listed twice")
        coast_seen.add((c.province, c.sea))
    coastal = {c.province for c in f.coasts}
    landed = {x for ln in f.land_adjacency for x in ln.between}
    for s in f.seas:
        if s.id not in {c.sea for c in f.coasts}:
            out.append(f"{n}: sea {s.id}: it touches no province")
    empires = {e.id: e for e in f.empires}
    for e in f.empires:
        if e.capital_province not in P:
            out.append(f"{n}: empire {e.id}: unknown capital province {e.capital_province!r}")
    for p in f.provinces:
        where = f"{n}: province {p.id}"
        if p.kind == "island":
            if p.id in landed:
                out.append(f"{where}: an island with a land border")
            if p.id not in coastal:
                out.append(f"{where}: an island with no coast")
        for c in p.slots.caravans:
            if c.good not in gids:
                out.append(f"{where}: caravan slot of unknown good {c.good!r}")
        caps = [c for c in p.slots.cities if c.type == "capital"]
        if caps and (p.capital_of not in empires
                     or empires[p.capital_of].capital_province != p.id):
            out.append(f"{where}: a Capital slot, but it is not the capital province of its empire")
        if p.capital_of and not caps:
            out.append(f"{where}: capital of {p.capital_of} without a Capital City slot")
        legs = [c for c in p.slots.cities if c.type == "legendary"]
        if legs and p.legendary_city is None:
            out.append(f"{where}: a Legendary City slot without legendary_city")
        for key in ("home_of", "capital_of"):
            val = getattr(p, key)
            if val is not None and val not in empires:
                out.append(f"{where}: {key} names unknown empire {val!r}")
        if p.start is not None:
            st = p.start
            if st.controller not in empires:
                out.append(f"{where}: start controller {st.controller!r} is not an empire")
            for i in st.built.cities:
                if not 0 <= i < len(p.slots.cities):
                    out.append(f"{where}: start builds city slot {i}, which does not exist")
            for i in st.built.caravans:
                if not 0 <= i < len(p.slots.caravans):
                    out.append(f"{where}: start builds caravan slot {i}, which does not exist")
            if st.built.market and not p.slots.market:
                out.append(f"{where}: start builds a Market without a Market slot")
            if st.built.temple and not p.slots.temple:
                out.append(f"{where}: start builds a Temple without a Temple slot")
            if (st.control_marker == "printed") != (p.capital_of is not None):
                out.append(f"{where}: a printed Control Marker belongs to Capital provinces only")
        for count in p.covered_with_players:
            area = f.player_counts.get(str(count))
            if area is None or p.id not in area.covered_provinces:
                out.append(f"{where}: covered with {count} players, but player_counts disagrees")
    for key, area in f.player_counts.items():
        for pid in area.covered_provinces:
            if pid not in P:
                out.append(f"{n}: player_counts {key}: unknown province {pid!r}")
            elif int(key) not in next(p for p in f.provinces if p.id == pid).covered_with_players:
                out.append(f"{n}: player_counts {key}: {pid} covered, but the province disagrees")
        for sid in area.covered_seas:
            if sid not in S:
                out.append(f"{n}: player_counts {key}: unknown sea {sid!r}")
    for lc in f.legendary_cities:
        p = next((x for x in f.provinces if x.id == lc.province), None)
        if p is None or not any(c.type == "legendary" for c in p.slots.cities):
            out.append(f"{n}: legendary city {lc.id}: {lc.province!r} has no Legendary City slot")
    for g in f.goods:
        slots = sum(1 for p in f.provinces for c in p.slots.caravans if c.good == g.id)
        if slots != g.caravan_slots:
            out.append(f"{n}: good {g.id}: {slots} caravan slots on the board, "
                       f"caravan_slots says {g.caravan_slots}")
    if not out:
        out += _check_connected(f)
    return out


def _check_connected(f: BoardFile) -> list[str]:
    """Provinces and Seas in play form one connected graph for every player count."""
    out = []
    for key in sorted(f.player_counts):
        area = f.player_counts[key]
        nodes = {p.id for p in f.provinces if p.id not in area.covered_provinces}
        nodes |= {s.id for s in f.seas if s.id not in area.covered_seas}
        edges: dict[str, set[str]] = {x: set() for x in nodes}
        pairs = [ln.between for ln in f.land_adjacency + f.sea_adjacency]
        pairs += [(c.province, c.sea) for c in f.coasts]
        for a, b in pairs:
            if a in nodes and b in nodes:
                edges[a].add(b)
                edges[b].add(a)
        start = next(iter(sorted(nodes)))
        seen = {start}
        todo = [start]
        while todo:
            x = todo.pop()
            for y in edges[x] - seen:
                seen.add(y)
                todo.append(y)
        if seen != nodes:
            out.append(f"board.json: with {key} players these areas are cut off: "
                       f"{', '.join(sorted(nodes - seen))}")
    return out


def _check_setup(sf: SetupFile, b: Board, cards_: dict[str, Card]) -> list[str]:
    n = "setup.json"
    out: list[str] = []
    goods = set(b.goods) | {"coin"}
    for es in sf.empires:
        where = f"{n}: empire {es.empire}"
        if es.empire not in b.empires:
            out.append(f"{where}: not an empire of board.json")
            continue
        if es.starting_hero not in cards_ or cards_[es.starting_hero].kind != "starting_hero":
            out.append(f"{where}: starting hero {es.starting_hero!r} is not a starting Hero card")
        for pid in es.provinces:
            p = b.provinces.get(pid)
            if p is None:
                out.append(f"{where}: unknown province {pid!r}")
            elif p.start is None or p.start.controller != es.empire:
                out.append(f"{where}: {pid} is not set up for it in board.json")
        if b.capital_province(es.empire) not in es.provinces:
            out.append(f"{where}: its capital province is not among its starting provinces")
        for good, count in es.starting_resources.items():
            if good not in goods:
                out.append(f"{where}: starting resource {good!r} is not a good or coin")
            if count < 0:
                out.append(f"{where}: a negative count of {good}")
        if sum(es.starting_resources.values()) != es.starting_resources_count:
            out.append(f"{where}: starting resources do not add up to starting_resources_count")
        trade = culture = military = 0
        for pid in es.provinces:
            p = b.provinces.get(pid)
            if p is None or p.start is None:
                continue
            st = p.start
            trade += len(st.built.caravans) + int(st.built.market)
            culture += len(st.built.cities) + int(st.built.temple)
            military += st.legions + int(st.fortress)
        for track, value in (("trade", trade), ("culture", culture), ("military", military)):
            if es.tracks.get(track) != value:
                out.append(f"{where}: the board's starting pieces give {track} {value}, "
                           f"the rulebook value is {es.tracks.get(track)}")
    for key, pc in sf.player_counts.items():
        for e in pc.empires:
            if e not in b.empires:
                out.append(f"{n}: player_counts {key}: unknown empire {e!r}")
        if len(pc.empires) != int(key):
            out.append(f"{n}: player_counts {key}: {len(pc.empires)} empires listed")
        for t, e in pc.titles.items():
            if e not in pc.empires:
                out.append(f"{n}: player_counts {key}: title {t} held by {e}, not in play")
        board_area = b.file.player_counts.get(key)
        if board_area is None or set(board_area.covered_provinces) != set(pc.covered_provinces):
            out.append(f"{n}: player_counts {key}: covered provinces differ from board.json")
        for e in pc.empires:
            es_ = next((x for x in sf.empires if x.empire == e), None)
            if es_ is not None and set(es_.provinces) & set(pc.covered_provinces):
                out.append(f"{n}: player_counts {key}: {e} plays on covered provinces")
    return out


def _check_cards(cf: CardsFile) -> list[str]:
    out = []
    ids = [c.id for c in cf.cards]
    if len(set(ids)) != len(ids):
        out.append("cards.json: card ids used twice")
    kinds = [c.kind for c in cf.cards]
    want = {"starting_hero": 5, "hero": 12, "wonder": 5, "pyramids": 1}
    for k, count in want.items():
        if kinds.count(k) != count:
            out.append(f"cards.json: {kinds.count(k)} cards of kind {k}, the game has {count}")
    for key in ("2", "3", "4", "5", "pyramids"):
        if not isinstance(cf.costs.get(key), int):
            out.append(f"cards.json: costs.{key} must be a number")
    return out


def _check_dice(df: DiceFile) -> list[str]:
    out = []
    for name, die in (("land", df.land), ("sea", df.sea)):
        if len(die.faces_shown_as) != len(die.faces):
            out.append(f"dice.json: {name}: faces_shown_as does not match faces")
        for k in die.known_faces:
            if k not in die.faces:
                out.append(f"dice.json: {name}: known face {k} is not among the faces")
    return out


def _load(name: str, model: type[M], check: Callable[[M], list[str]]) -> M:
    """Read and validate a file, then check it as a whole; all problems raised together."""
    f: M = _read(name, model)
    problems = check(f)
    if problems:
        raise DataError(problems)
    return f


@cache
def _cards_file() -> CardsFile:
    return _load("cards.json", CardsFile, _check_cards)


@cache
def cards() -> dict[str, Card]:
    return {c.id: c for c in _cards_file().cards}


@cache
def card_costs() -> dict[str, int]:
    return {k: int(v) for k, v in _cards_file().costs.items() if isinstance(v, int)}


@cache
def face_up_count() -> int:
    return int(_cards_file().board.get("face_up", 5))


@cache
def board() -> Board:
    return Board(_load("board.json", BoardFile, _check_board))


@cache
def setup_data() -> SetupFile:
    return _load("setup.json", SetupFile, lambda sf: _check_setup(sf, board(), cards()))


@cache
def dice() -> DiceFile:
    return _load("dice.json", DiceFile, _check_dice)


def dice_faces(kind: str, which: str = "reconstructed") -> list[int]:
    """The faces of the land or sea die: the data set's faces, or an alternative set (``d6``)."""
    d = dice()
    if which == "reconstructed":
        return list(d.land.faces if kind == "land" else d.sea.faces)
    alt = d.alternatives[which]
    return list(alt.land if kind == "land" else alt.sea)


def empire_setup(empire: str) -> EmpireSetup:
    for es in setup_data().empires:
        if es.empire == empire:
            return es
    raise DataError([f"setup.json: no setup for empire {empire!r}"])


def forget() -> None:
    """Drop every loaded file, so the next call reads the files again (after a correction)."""
    for fn in (_cards_file, cards, card_costs, face_up_count, board, setup_data, dice):
        fn.cache_clear()


def load_all() -> None:
    """Load and check every file (raises DataError)."""
    board()
    cards()
    setup_data()
    dice()
