"""Pax Romana game data: the map, the charts and tables, the leaders, the Advanced event deck and
the scenario documents, validated at load.

Every file lives in ``data/pax_romana/``; its README says where each value comes from (rulebook
section, a public report, or reconstructed because the printed components are not available) and
lists the reconstructed values to check on a printed copy. Each file is validated with pydantic,
then the files are checked as a whole (links name known points, provinces hold the spaces they
declare, scenarios place known units in known spaces...). Every problem is reported in one
``DataError`` whose ``problems`` read ``file: item: reason``.

Public API (names are stable; new ones may be added):

    load() -> PaxRomanaData        every file, read and checked once per process (cached)
    load_dir(path) -> PaxRomanaData  the same, uncached, from another folder (a corrected copy)
    validate_scenario(doc, name="scenario", data=None) -> Scenario
                                   a scenario document given as a dict (a custom scenario a
                                   server uploads), checked against the map, tables and leaders
                                   with the same located errors, ``name`` standing for the file
    reconstructed(provenance) -> bool  whether a provenance label marks a value (or a part of
                                   it) as reconstructed

PaxRomanaData (every lookup is built once, at load):
    .powers: Mapping[str, Power]            .territories: Mapping[str, Territory]
    .provinces: Mapping[str, Province]      .spaces: Mapping[str, Space]  (spaces and land TPs)
    .naval_points: Mapping[str, NavalPoint] .sea_areas: Mapping[str, SeaArea]  (by name)
    .links: tuple[Link, ...]                .independents: Mapping[str, IndependentState]
    .zones: Mapping[str, Zone]              .tables: Tables (every table, typed)
    .event_cards: EventDeck                 .leaders: Mapping[str, Leader] (the 40 pool leaders)
    .fixed_leaders: Mapping[str, FixedLeader]   .named_leaders: Mapping[str, NamedLeader]
    .leader_rules: LeaderRules              .scenarios: Mapping[str, Scenario] (playable ones)
    .catalogue: ScenarioCatalogue (all ten scenarios, with status and what is known)
    .names_ru: NamesRuFile (the Russian names' case forms, for the texts)
    .space(id) -> Space                     .point(id) -> Space | NavalPoint
    .is_point(id) -> bool
    .neighbours(id, types=None) -> frozenset[str]   by link type ("land", "sea", "strait",
                                            "alpine_pass", or several); None = every link
    .land_neighbours(id) -> frozenset[str]  over land, strait and Alpine-pass links
    .sea_neighbours(id) -> frozenset[str]   over sea links
    .link_types(a, b) -> frozenset[LinkType]    empty when not linked
    .links_of(id) -> tuple[Link, ...]
    .provinces_of(territory) -> tuple[str, ...]
    .spaces_of(province, transit_points=False) -> tuple[str, ...]
    .spaces_of_territory(territory, transit_points=False) -> tuple[str, ...]
    .territory_of(space) -> Territory       .province_of(space) -> Province
    .home_territory(power) -> Territory     .capitals_of(power) -> tuple[str, ...]
    .ports, .tribal_spaces, .rough_mountains, .capitals, .transit_points: frozenset[str]
    .straits, .alpine_passes: tuple[Link, ...]
    .table(name) -> the table's model (any of the 40 names, "event_cards" included)
    .table_names: tuple[str, ...]
    .leaders_of(power) -> tuple[Leader, ...]    .leader(id) -> Leader | FixedLeader | NamedLeader
    .scenario(id) -> Scenario

Ids are lowercase snake_case (spaces ``carthago_nova``, provinces ``west_sicily``, naval points
``ntp_mare_siculum`` / ``dstp_mare_ionium``); scenario ids are the Playbook's Roman numerals.
Spaces, land Transit Points and naval points share one id space ("points"); powers, territories,
provinces and spaces are separate name spaces (``rome`` is a power, a territory and a space).
Unit types are the counter key's codes (``UNIT_TYPES``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
    read_json,
    read_model,
    repeated,
    validate,
)

DATA_DIR = data_dir("pax_romana")
SCENARIO_DIR = "scenarios"

SpaceKind = Literal["space", "land_tp"]
SpaceType = Literal["capital", "port", "rough_mountain", "mine", "tribal", "land", "land_tp"]
Terrain = Literal["clear", "rough_mountain"]
NavalKind = Literal["ntp", "dstp"]
LinkType = Literal["land", "sea", "strait", "alpine_pass"]
TerritoryKind = Literal["home", "minor", "barbarian", "invasion_zone"]
RuleLevel = Literal["standard", "advanced"]
FormatId = Literal["basic", "basic_ii", "basic_plus", "ultra_basic"]
StabilityRange = Literal["stable", "unrest", "disorder"]
Phase = Literal["A", "B", "C", "D", "E", "F", "G", "H", "I"]
ScenarioStatus = Literal["full", "completed", "not_available"]
# Where a place's Russian name comes from: the Russian rulebook prints it, or it is the usual
# Russian form of the ancient name (map.json ``conventions.name_ru``).
NameSource = Literal["rulebook", "conventional"]

LINK_TYPES: tuple[LinkType, ...] = ("land", "sea", "strait", "alpine_pass")
LAND_LINKS: frozenset[str] = frozenset({"land", "strait", "alpine_pass"})
SPACE_FLAGS: tuple[str, ...] = ("capital", "port", "rough_mountain", "mine", "tribal")
STABILITY_RANGES: tuple[StabilityRange, ...] = ("stable", "unrest", "disorder")
# The counter key (§2.2): legion, heavy / light infantry, cavalry, elephant, militia, mercenary
# HI / LI / cavalry, barbarian infantry / cavalry, tribal warriors, garrison, galley squadron.
UNIT_TYPES: tuple[str, ...] = ("LG", "HI", "LI", "CV", "EL", "ML", "MHI", "MLI", "MCV", "BR",
                               "BC", "TW", "GR", "GS")
WEAKENABLE: tuple[str, ...] = ("LG", "HI")  # §10.6
BARBARIAN_UNITS: frozenset[str] = frozenset({"BR", "BC", "TW"})
MERCENARY_UNITS: frozenset[str] = frozenset({"MHI", "MLI", "MCV"})
# Owners of units that belong to no Power and no Independent: barbarian armies (§13) and slave
# armies (§12.7).
OTHER_OWNERS: tuple[str, ...] = ("barbarian", "slaves")
# Whole-game limits a scenario document must respect.
GAME_TURNS = 10          # §1: Turn n covers (325 - 25n) to (300 - 25n) BC, ten turns in all
EVENT_MARKERS = 2        # §16.1.1
TRIBE_COUNTERS = 30      # §13.1.1
OBJECTIVE_MARKERS = 20   # §15.4.1
EVENT_DECK = 55          # §17.1.1

_Model = FrozenModel


# -- map.json ------------------------------------------------------------------------------------
class Power(_Model):
    id: str
    name: str
    capitals: list[str] = Field(min_length=1)
    home_territory: str
    colour: str
    provenance: str


class Territory(_Model):
    id: str
    name: str
    name_ru: str = Field(min_length=1)
    name_ru_source: NameSource
    kind: TerritoryKind
    home_of: str | None
    # Not divided into provinces (Crete, Chersonesus, Rhodes, the barbarian territories).
    undivided: bool
    colour: str
    territory_income: int = Field(ge=0)
    territory_gop: int = Field(ge=0)
    provenance: str
    territory_income_note: str | None = None
    income_rule: str | None = None


class Province(_Model):
    id: str
    name: str
    name_ru: str = Field(min_length=1)
    name_ru_source: NameSource
    aliases: list[str]
    territory: str
    # Printed coins (§6.1.1): 1T unless the rulebook names an exception.
    income: int = Field(ge=0)
    home_of: str | None
    notes: str | None
    provenance: str
    # Declared counts, checked against the spaces at load.
    space_count: int = Field(ge=0)
    tp_count: int = Field(ge=0)
    tribal_spaces: list[str]
    has_port: bool
    # The single control unit of an undivided or barbarian territory (§2.1.1).
    pseudo_province: bool = False
    # An [Eleph] province: elephants may be formed while it is controlled (§12.8.1).
    elephants: bool = False
    elephants_provenance: str | None = None


class Pos(_Model):
    """Approximate real-world position, for schematic drawing only (not the printed map)."""

    lon: float = Field(ge=-180, le=180)
    lat: float = Field(ge=-90, le=90)


class SpaceProvenance(_Model):
    name_placement: str
    type: str
    position: str


class Space(_Model):
    """A space (large circle) or a land Transit Point (``kind == "land_tp"``, §9.5.1)."""

    id: str
    name: str
    name_ru: str = Field(min_length=1)
    name_ru_source: NameSource
    aliases: list[str]
    kind: SpaceKind
    # A summary of the flags below; the flags are authoritative.
    type: SpaceType
    capital: bool
    port: bool
    rough_mountain: bool
    mine: bool
    tribal: bool
    province: str
    territory: str
    home_of: str | None
    terrain: Terrain
    province_income: int = Field(ge=0)
    pos: Pos
    provenance: SpaceProvenance
    note: str | None = None

    @property
    def is_transit_point(self) -> bool:
        return self.kind == "land_tp"


class NavalProvenance(_Model):
    existence_links: str
    name: str
    position: str


class NavalPoint(_Model):
    """A Naval Transit Point (coastal sea) or Deep Sea Transit Point (open sea), §11.2.1."""

    id: str
    name: str
    name_ru: str = Field(min_length=1)
    name_ru_source: NameSource
    kind: NavalKind
    sea: Literal["coastal", "open"]
    sea_area: str
    pos: Pos
    provenance: NavalProvenance


class SeaArea(_Model):
    """A named sea, for display: the rules use only the naval points."""

    name: str
    name_ru: str = Field(min_length=1)
    name_ru_source: NameSource
    coastal_points: list[str]
    open_sea_points: list[str]
    provenance: str


class Link(_Model):
    a: str
    b: str
    type: LinkType
    provenance: str
    note: str | None = None
    # Strait and Alpine-pass crossings state their cost and rule.
    mp: int | None = Field(default=None, ge=0)
    rule: str | None = None


class Zone(_Model):
    id: str
    name: str
    name_ru: str = Field(min_length=1)
    name_ru_source: NameSource
    kind: Literal["invasion_zone"]
    territory: str
    borders: list[str]
    enterable: bool
    note: str
    provenance: str


class IndependentState(_Model):
    id: str
    name: str
    name_ru: str = Field(min_length=1)
    name_ru_source: NameSource
    kind: Literal["independent_state", "card_kingdom"]
    core_spaces: list[str] = Field(min_length=1)
    rules: str
    provenance: str


class LinkCounts(_Model):
    land: int
    sea: int
    strait: int
    alpine_pass: int


class MapCounts(_Model):
    spaces: int
    land_tps: int
    ntps: int
    dstps: int
    ports: int
    tribal_spaces: int
    rough_mountains: int
    links: int
    links_by_type: LinkCounts
    territories: int
    provinces: int


class MapFile(_Model):
    about: str
    provenance_conventions: dict[str, str]
    conventions: dict[str, str]
    counts: MapCounts
    powers: list[Power]
    territories: list[Territory]
    provinces: list[Province]
    spaces: list[Space]
    naval_points: list[NavalPoint]
    sea_areas: list[SeaArea]
    links: list[Link]
    zones: list[Zone]
    independent_states: list[IndependentState]


# -- names_ru.json (each entry a games.core.datafiles.CaseForms) --------------------------------
class NamesRuFile(_Model):
    """The case forms of every place's Russian name (spaces and naval points, provinces,
    territories) and of the Powers a text names as places."""
    about: str
    spaces: dict[str, CaseForms]
    provinces: dict[str, CaseForms]
    territories: dict[str, CaseForms]
    powers: dict[str, CaseForms]


# -- tables.json ---------------------------------------------------------------------------------
class _Table(_Model):
    title: str
    provenance: str


class RatioStep(_Model):
    ratio: str
    r_min_exclusive: float | None = None
    r_max_inclusive: float | None = None
    shifts: int = Field(ge=0)
    provenance: str


class RuleNote(_Model):
    provenance: str
    rule: str


class BattleRatio(_Table):
    compare: str
    rounding: str
    steps: list[RatioStep] = Field(min_length=1)
    optional_simplified_ratio: RuleNote
    note: str

    def step_for(self, larger: float, smaller: float) -> RatioStep:
        """The chart step of ``larger : smaller`` BP (§10.3.1): the nearest step, an exact tie
        between two steps going to the lower one (11:6 is 2:1, 10:6 is 1.5:1, 26:10 is 3:1)."""
        r = larger / smaller if smaller > 0 else float("inf")
        for s in self.steps:
            if (s.r_min_exclusive is None or r > s.r_min_exclusive) and (
                    s.r_max_inclusive is None or r <= s.r_max_inclusive):
                return s
        return self.steps[-1]

    def shifts(self, larger: float, smaller: float) -> int:
        return self.step_for(larger, smaller).shifts


class ShiftRow(_Model):
    source: str
    shifts: int | str
    provenance: str
    to: str | None = None


class BattleShifts(_Table):
    rows: list[ShiftRow]
    application: str


class BattleLosses(_Table):
    rule: str
    retreat_reduction: str
    loss_values: dict[str, int | str]
    win_loss_effects: dict[str, int]


class CavalryRow(_Model):
    action: str
    effect: str | None = None
    superiority: str | None = None
    dominance: str | None = None


class CavalryTable(_Table):
    rows: list[CavalryRow]
    definitions: dict[str, str]
    restrictions: str
    legion_cavalry: RuleNote


class RollResult(_Model):
    roll: int
    result: str


class ElephantTable(_Table):
    rows: list[RollResult]
    restrictions: str

    def result(self, roll: int) -> str:
        return next(r.result for r in self.rows if r.roll == roll)


class DeathRow(_Model):
    side: str
    dies_on: list[int]


class LeaderDeathTable(_Table):
    rows: list[DeathRow]
    notes: str


class Modifier(_Model):
    condition: str
    drm: int | str


class InterceptionTable(_Table):
    target: int
    modifiers: list[Modifier]
    limits: str


class WithdrawalTable(_Table):
    roll: str
    modifiers: list[Modifier]
    no_modifier_when: str
    stability: str


class RetreatRules(_Table):
    rules: list[str]


class PillageTable(_Table):
    attempt: str
    yields: dict[str, str] = Field(alias="yield")
    continue_after: str
    barbarians: str


class AttritionRow(_Model):
    roll: list[int] = Field(min_length=1)
    loss_percent_of_units: int = Field(ge=0, le=100)


class AttritionTable(_Table):
    rows: list[AttritionRow]
    rules: str

    def percent(self, roll: int) -> int:
        """Percentage of the units lost on a 1d6 (§9.6.3)."""
        return next(r.loss_percent_of_units for r in self.rows if roll in r.roll)


class CostRow(_Model):
    action: str
    mp: int = Field(ge=0)
    note: str | None = None


class MovementCosts(_Table):
    rows: list[CostRow]
    movement_allowance: str


class RollsResult(_Model):
    roll: list[int] = Field(min_length=1)
    result: str


class NavalDisasterTable(_Table):
    ntp: list[RollsResult]
    dstp: list[RollsResult]
    dstp_end: str

    def result(self, kind: NavalKind, roll: int) -> str:
        rows = self.ntp if kind == "ntp" else self.dstp
        return next(r.result for r in rows if roll in r.roll)


class ContinuationTable(_Table):
    continue_on_or_below: int
    modifiers: list[Modifier]
    stop_triggers: list[str]


class NavalBattleTable(_Table):
    strength: str
    result: str
    transport: str
    withdrawal: str


class NavalTransportTable(_Table):
    costs: dict[str, int | str]
    safety: str


class PiratesTable(_Table):
    placement: str
    clear_roll: str
    effects: str


class RhodesTable(_Table):
    sea_passage_cost_T: int = Field(ge=0)
    loc_cost_T_per_space: int = Field(ge=0)
    std_galleys_each_turn: int = Field(ge=0)


class ManpowerMaximums(_Table):
    columns: list[StabilityRange]
    column_note: str
    rows: dict[str, dict[StabilityRange, int]]
    rules: str

    def maximum(self, power: str, stability_range: StabilityRange) -> int:
        return self.rows[power][stability_range]


class UnitCostRow(_Model):
    unit: str
    cost_T: int | str | None
    bp: int | None = None
    weakened_bp: int | None = None
    naval_bp: int | None = None
    maintenance_T: int | None = None
    who: str | None = None


class UnitCosts(_Table):
    rows: list[UnitCostRow]

    def unit(self, code: str) -> UnitCostRow:
        return next(r for r in self.rows if r.unit == code)


class GarrisonRow(_Model):
    disbanded: str
    garrisons: int = Field(ge=0)


class GarrisonConversion(_Table):
    rows: list[GarrisonRow]


class FortificationRow(_Model):
    kind: Literal["city", "settlement"]
    state: Literal["intact", "damaged"]
    fp: int | str
    income_T: int
    cvp: int
    defence_bp: int | str


class CitiesAndSettlements(_Table):
    rows: list[FortificationRow]
    build: dict[str, str]
    combat: str

    def row(self, kind: str, state: str) -> FortificationRow:
        return next(r for r in self.rows if r.kind == kind and r.state == state)


class IncomeRow(_Model):
    source: str
    T: int | str
    note: str | None = None


class IncomeTable(_Table):
    rows: list[IncomeRow]
    loc: str


class VictoryScales(_Table):
    gop_4p: list[int]
    cvp_4p: list[int]
    ties: str
    gop_3p: list[int]
    cvp_3p: list[int]
    gop_2p: list[int]
    cvp_2p: list[int]
    fewer_players_provenance: str
    gop_count: str

    def gop(self, players: int) -> list[int]:
        """VP for GOP by place, first to last, in a game of ``players`` Powers (§15.2.3)."""
        return list(getattr(self, f"gop_{players}p"))

    def cvp(self, players: int) -> list[int]:
        return list(getattr(self, f"cvp_{players}p"))


class StabilityBand(_Model):
    name: StabilityRange
    low: int = Field(alias="from")
    high: int = Field(alias="to")
    also_called: str | None = None


class StabilityTrack(_Table):
    min: int
    max: int
    ranges: list[StabilityBand]

    def range_of(self, stability: int) -> StabilityRange:
        s = min(max(stability, self.min), self.max)
        return next(r.name for r in self.ranges if r.low <= s <= r.high)


class AdjustmentRow(_Model):
    cause: str
    change: int


class StabilityAdjustments(_Table):
    rows: list[AdjustmentRow]
    note: str


class MilitiaRow(_Model):
    range: StabilityRange
    militia: int | str
    stability: int


class MilitiaTable(_Table):
    trigger: str
    rows: list[MilitiaRow]


class RecruitmentRow(_Model):
    territory: str
    types: list[str]
    notes: str | None = None
    provenance: str
    province_exceptions: dict[str, list[str]] = Field(default_factory=dict)
    space_exceptions: dict[str, list[str]] = Field(default_factory=dict)


class RecruitmentTable(_Table):
    rule: str
    rows: list[RecruitmentRow]
    hi_forbidden_spaces: list[str]
    hi_forbidden_spaces_provenance: str

    def row_for(self, territory: str) -> RecruitmentRow:
        return next(r for r in self.rows if r.territory == territory)

    def types_in(self, territory: str, province: str) -> list[str]:
        """Unit types that may be formed in ``province`` of ``territory`` (§6.2.7)."""
        row = self.row_for(territory)
        return list(row.province_exceptions.get(province, row.types))


class EventRow(_Model):
    roll: int
    event: str
    name: str
    effect: str
    provenance: str


class EventTable(_Table):
    dice: Literal["2d6"]
    rows: list[EventRow]
    observed_in_play: str

    def event(self, roll: int) -> EventRow:
        return next(r for r in self.rows if r.roll == roll)


class InvasionRow(_Model):
    roll: int
    group: str
    name: str
    effect: str
    provenance: str


class InvasionTable(_Table):
    dice: Literal["2d6"]
    reroll: str
    rows: list[InvasionRow]
    common_rules: str

    def group(self, roll: int) -> InvasionRow:
        return next(r for r in self.rows if r.roll == roll)


class RebellionRow(_Model):
    roll: int
    region: str
    name: str                       # the table's English name
    name_ru: str                    # the Russian rulebook's (§13.3)
    std_province: str | None
    adv_effect: str
    provenance: str


class RebellionTable(_Table):
    dice: Literal["2d6"]
    rows: list[RebellionRow]
    std_effect: str

    def region(self, roll: int) -> RebellionRow:
        return next(r for r in self.rows if r.roll == roll)


class HarvestRow(_Model):
    roll: int
    territory: str
    provenance: str


class HarvestTable(_Table):
    dice: Literal["1d6"]
    rows: list[HarvestRow]
    std: str
    adv: str

    def territory(self, roll: int) -> str:
        return next(r.territory for r in self.rows if r.roll == roll)


class CheckRow(_Model):
    range: str
    name: str
    effect: str


class StabilityCheck(_Table):
    std: list[CheckRow]
    adv: list[CheckRow]


class SlaveRevolt(_Table):
    procedure: list[str]
    rules: str


class TribeRow(_Model):
    warriors: int = Field(ge=1)
    count: int = Field(ge=0)


class TribeCounters(_Table):
    rows: list[TribeRow]
    tribal_spaces_on_map: int
    note: str

    @property
    def total(self) -> int:
        return sum(r.count for r in self.rows)

    def mix(self) -> list[int]:
        """One warrior value per counter, in file order (shuffle it with the game's RNG)."""
        return [r.warriors for r in self.rows for _ in range(r.count)]


class ForceRow(_Model):
    force: str
    units: dict[str, int | str]
    placed: str | None = None


class SpecialForces(_Table):
    rows: list[ForceRow]


class ObjectiveRow(_Model):
    letter: str = Field(pattern=r"^[A-Z]$")
    count: int = Field(ge=1)
    objective: str
    reward: str
    space_ids: list[str] = Field(default_factory=list)


class OptionalObjectives(_Table):
    rows: list[ObjectiveRow]
    buy_cost_T: dict[StabilityRange, int]

    @property
    def total(self) -> int:
        return sum(r.count for r in self.rows)


class FormatRow(_Model):
    format: FormatId
    turns: int = Field(ge=1)
    ams_per_player: int = Field(ge=1)
    event_markers: int = Field(ge=0, le=EVENT_MARKERS)
    objectives: str


class AdvancedFormat(_Model):
    ams_per_player: int
    turns: str
    provenance: str


class StandardFormats(_Table):
    rows: list[FormatRow]
    advanced: AdvancedFormat

    def format(self, name: str) -> FormatRow:
        return next(r for r in self.rows if r.format == name)


class TurnRow(_Model):
    turn: int
    roman: str
    bc_from: int
    bc_to: int


class GameTurns(_Table):
    rows: list[TurnRow]

    def turn(self, number: int) -> TurnRow:
        return next(r for r in self.rows if r.turn == number)


class Tables(_Model):
    """Every chart and table, by name; ``PaxRomanaData.table(name)`` looks one up."""

    battle_ratio: BattleRatio
    battle_shifts: BattleShifts
    battle_losses: BattleLosses
    cavalry: CavalryTable
    elephants: ElephantTable
    leader_death: LeaderDeathTable
    interception: InterceptionTable
    withdrawal_before_battle: WithdrawalTable
    retreat: RetreatRules
    pillage: PillageTable
    attrition: AttritionTable
    movement_point_costs: MovementCosts
    naval_disaster: NavalDisasterTable
    naval_continuation: ContinuationTable
    naval_battle: NavalBattleTable
    naval_transport: NavalTransportTable
    pirates: PiratesTable
    rhodes: RhodesTable
    manpower_maximums: ManpowerMaximums
    unit_costs: UnitCosts
    garrison_conversion: GarrisonConversion
    cities_and_settlements: CitiesAndSettlements
    income: IncomeTable
    victory_scales: VictoryScales
    stability_track: StabilityTrack
    stability_adjustments: StabilityAdjustments
    militia: MilitiaTable
    recruitment: RecruitmentTable
    event_table_standard: EventTable
    invasion_table: InvasionTable
    rebellion_table: RebellionTable
    harvest_table: HarvestTable
    stability_check: StabilityCheck
    slave_revolt: SlaveRevolt
    tribe_counters: TribeCounters
    special_forces: SpecialForces
    optional_objectives: OptionalObjectives
    standard_formats: StandardFormats
    game_turns: GameTurns


class TablesFile(_Model):
    about: str
    provenance_conventions: dict[str, str]
    tables: Tables


# -- event_cards.json ----------------------------------------------------------------------------
class EventCard(_Model):
    id: int = Field(ge=1)
    title: str
    count: int = Field(ge=1)
    type: Literal["hold_in_hand", "play_when_drawn"]
    remove_after_play: bool
    effect: str


class EventDeck(_Model):
    about: str
    title: str
    provenance: str
    cards: list[EventCard]

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards)

    def full_deck(self) -> list[int]:
        """One card id per card, in file order (shuffle it with the game's RNG)."""
        return [c.id for c in self.cards for _ in range(c.count)]


# -- leaders.json --------------------------------------------------------------------------------
class LeaderRules(_Model):
    pool_size: int = Field(ge=1)
    drawn_per_turn: int = Field(ge=1)
    tactics_range: tuple[int, int]
    campaign_range: tuple[int, int]
    no_leader: str
    placement: str
    exceptional: str
    removal: str
    provenance: str


class Leader(_Model):
    """One of a Power's ten unnamed leaders, rated Tactics-Campaign (§8)."""

    id: str
    power: str
    name: None = None
    tactics: int
    campaign: int
    rating: str
    exceptional: bool
    special: list[str]
    provenance: str


class FixedLeader(_Model):
    """A leader that comes with an event: Soldiers of Fortune, barbarians, Pergamum."""

    id: str
    side: Literal["soldier_of_fortune", "barbarian", "pergamum"]
    name: str
    name_ru: str = Field(min_length=1)   # the Russian rulebook's form, else the usual one
    tactics: int
    campaign: int
    provenance: str
    special: list[str] = Field(default_factory=list)
    copies: int = Field(default=1, ge=1)


class NamedLeader(_Model):
    """A historical leader of Scenario VIII or IX (§8.1.2)."""

    id: str
    scenario: str
    power: str
    name: str
    name_ru: str = Field(min_length=1)   # the usual Russian form of the historical name
    tactics: int
    campaign: int
    provenance: str


class NamedLeaders(_Model):
    provenance: str
    leaders: list[NamedLeader]


class LeadersFile(_Model):
    about: str
    rules: LeaderRules
    leaders: list[Leader]
    fixed_leaders: list[FixedLeader]
    named_leaders_for_scenarios_viii_ix: NamedLeaders


# -- scenario documents --------------------------------------------------------------------------
class ScenarioPlayers(_Model):
    min: int = Field(ge=1, le=4)
    max: int = Field(ge=1, le=4)
    best: int | None = Field(default=None, ge=1, le=4)
    note: str | None = None


class ScenarioStart(_Model):
    """Where play begins: a Game Turn, a phase of §3.2 and, for phase F, optionally the segment
    (0 Event, 1 Payment, 2 Card, 3 Action, 4 New AM)."""

    turn: int = Field(ge=1, le=GAME_TURNS)
    phase: Phase
    segment: int | None = Field(default=None, ge=0, le=4)
    text: str
    provenance: str


class Activations(_Model):
    # AMs of each Power per turn; None: set by the Standard format chosen (§3.8.1).
    per_power: dict[str, int] | None = None
    per_power_provenance: str
    # AMs per Power in the Advanced game (§3.8.2); None when the scenario is Standard only.
    advanced_per_power: int | None = Field(default=None, ge=1)
    # Event markers in the cup each turn (§16.1.1); None: set by the Standard format.
    event_markers: int | None = Field(default=None, ge=0, le=EVENT_MARKERS)
    event_markers_provenance: str


class StandardGame(_Model):
    formats: list[FormatId]
    formats_provenance: str
    event_table: str
    event_table_note: str | None = None
    negotiate_action: bool = True
    mercenaries: str | None = None


class AdvancedGame(_Model):
    event_deck: str
    objectives: str


class ObjectivesSetup(_Model):
    in_use: bool
    how: str | None = None
    # Markers already held (a mid-game position): Power -> objective letters.
    held: dict[str, list[str]] = Field(default_factory=dict)
    provenance: str


class PowerStart(_Model):
    treasury: int | None = Field(default=None, ge=0)
    stability: int | None = None
    vp: int = 0
    provenance: str


class LeaderSetup(_Model):
    # "draw": each Power draws ``per_power`` leaders at random from its pool at set-up and
    # places them per §8.1.5; "placed": the leaders named in the placements only.
    mode: Literal["draw", "placed"]
    per_power: int = Field(default=2, ge=0)
    rule: str
    observed: str | None = None
    # Exceptional leaders in the holding box, who may not be drawn this turn (§8.3).
    holding_box: list[str] = Field(default_factory=list)
    provenance: str


class ControlSetup(_Model):
    rule: str
    # Each Power starts controlling its whole Home Territory (§5.1.1).
    home_territories: bool = True
    # Control markers given explicitly: space -> owner.
    spaces: dict[str, str] = Field(default_factory=dict)
    provenance: str


class Placement(_Model):
    """Units of one owner in one space: counts of full-strength units by type, weakened LG/HI
    (§10.6) counted apart, and leaders stacked with them."""

    at: str
    owner: str
    units: dict[str, int] = Field(default_factory=dict)
    weakened: dict[str, int] = Field(default_factory=dict)
    leaders: list[str] = Field(default_factory=list)
    provenance: str


class CityStart(_Model):
    at: str
    owner: str
    kind: Literal["city", "settlement"]
    fp: int = Field(ge=1)
    provenance: str


class SoldierOfFortune(_Model):
    """A Soldiers of Fortune army in play at the start (§12.4)."""

    power: str
    name: str
    leader: str
    at: str
    units: dict[str, int]
    removal: str
    # The Game Turn in whose Removal Phase it leaves (§12.4.6).
    removal_turn: int | None = Field(default=None, ge=1, le=GAME_TURNS)
    rule: str | None = None
    provenance: str


class RevealedTribe(_Model):
    at: str
    warriors: int = Field(ge=1)


class TribeSetup(_Model):
    rule: str
    # Tribal spaces that get a hidden Tribe counter at set-up (§13.1.1).
    spaces: list[str]
    # Tribes already revealed (a mid-game position): Tribal Warriors left in a space.
    revealed: list[RevealedTribe] = Field(default_factory=list)
    provenance: str


class PirateMarker(_Model):
    at: str
    cilician: bool = False


class PiratesSetup(_Model):
    markers: list[PirateMarker] = Field(default_factory=list)
    note: str | None = None


class ScenarioRule(_Model):
    """A special rule of the scenario; ``key`` (when the engine knows the rule) and ``params``
    are for the code, ``rule`` for the reader."""

    key: str | None = None
    rule: str
    params: dict[str, Any] = Field(default_factory=dict)
    provenance: str


class Victory(_Model):
    end_of_game: str
    end_of_game_provenance: str
    automatic: str | None = None
    automatic_provenance: str | None = None


class Scenario(_Model):
    """A scenario document: everything needed to set up a game. Built-in scenarios live in
    ``data/pax_romana/scenarios/``; a server may upload its own in the same format. A document
    may name ``based_on`` a built-in scenario, whose fields it takes unless it gives its own."""

    based_on: str | None = None
    id: str
    name: str
    rule_levels: list[RuleLevel] = Field(min_length=1)
    provenance: str
    date: str | None = None
    players: ScenarioPlayers
    powers: list[str] = Field(min_length=1)
    start: ScenarioStart
    last_turn: int = Field(ge=1, le=GAME_TURNS)
    # The Standard format chosen decides the length (Scenario V, §3.8.1).
    length_by_format: bool = False
    turns_note: str | None = None
    first_round_order: list[str]
    first_round_order_provenance: str
    activations: Activations
    treasury_used: bool = True
    treasury_provenance: str | None = None
    standard_game: StandardGame | None = None
    advanced_game: AdvancedGame | None = None
    optional_objectives: ObjectivesSetup
    powers_setup: dict[str, PowerStart]
    leaders: LeaderSetup
    control: ControlSetup
    placements: list[Placement]
    cities_and_settlements: list[CityStart]
    soldier_of_fortune: SoldierOfFortune | None = None
    independents: list[str]
    independents_provenance: str | None = None
    tribes: TribeSetup
    pirates: PiratesSetup = Field(default_factory=PiratesSetup)
    special_rules: list[ScenarioRule] = Field(default_factory=list)
    # Engine options the scenario sets (values the players may not change).
    options: dict[str, str | int | bool] = Field(default_factory=dict)
    victory: Victory
    notes: list[str] = Field(default_factory=list)

    def placements_at(self, space: str) -> list[Placement]:
        return [p for p in self.placements if p.at == space]

    def units_of(self, owner: str) -> dict[str, int]:
        """Full-strength units of ``owner`` on the map at the start, by type (the SoF army
        excluded)."""
        out: dict[str, int] = {}
        for p in self.placements:
            if p.owner == owner:
                for t, n in p.units.items():
                    out[t] = out.get(t, 0) + n
        return out

    def city_at(self, space: str) -> CityStart | None:
        return next((c for c in self.cities_and_settlements if c.at == space), None)


class CatalogueEntry(_Model):
    id: str
    name: str
    rule_levels: list[RuleLevel] = Field(min_length=1)
    # "full": a complete set-up; "completed": public facts completed where marked
    # reconstructed; "not_available": no set-up (play it from an uploaded document).
    status: ScenarioStatus
    document: str | None
    provenance: str
    note: str | None = None
    # What is known of a scenario without a document, as transcribed.
    known: dict[str, Any] = Field(default_factory=dict)


class ScenarioCatalogue(_Model):
    about: str
    conventions: dict[str, str]
    scenario_list_provenance: str
    scenarios: list[CatalogueEntry]

    def entry(self, scenario_id: str) -> CatalogueEntry:
        return next(e for e in self.scenarios if e.id == scenario_id)


# -- the loaded data -----------------------------------------------------------------------------
class PaxRomanaData:
    """Every file, checked, with lookups built once."""

    def __init__(self, m: MapFile, t: TablesFile, deck: EventDeck, lf: LeadersFile,
                 catalogue: ScenarioCatalogue, scenarios: dict[str, Scenario],
                 scenario_docs: dict[str, dict[str, Any]], refs: _Refs,
                 names_ru: NamesRuFile | None = None) -> None:
        self.map = m
        # the Russian names' case forms (names_ru.json), for the texts
        self.names_ru = names_ru
        self.counts = m.counts
        self.powers: Mapping[str, Power] = _frozen({p.id: p for p in m.powers})
        self.territories: Mapping[str, Territory] = _frozen({x.id: x for x in m.territories})
        self.provinces: Mapping[str, Province] = _frozen({x.id: x for x in m.provinces})
        self.spaces: Mapping[str, Space] = _frozen({x.id: x for x in m.spaces})
        self.naval_points: Mapping[str, NavalPoint] = _frozen({x.id: x for x in m.naval_points})
        self.sea_areas: Mapping[str, SeaArea] = _frozen({x.name: x for x in m.sea_areas})
        self.links: tuple[Link, ...] = tuple(m.links)
        self.zones: Mapping[str, Zone] = _frozen({x.id: x for x in m.zones})
        self.independents: Mapping[str, IndependentState] = _frozen(
            {x.id: x for x in m.independent_states})
        self.tables: Tables = t.tables
        self.tables_file = t
        self.event_cards: EventDeck = deck
        self.leader_rules: LeaderRules = lf.rules
        self.leaders: Mapping[str, Leader] = _frozen({x.id: x for x in lf.leaders})
        self.fixed_leaders: Mapping[str, FixedLeader] = _frozen(
            {x.id: x for x in lf.fixed_leaders})
        self.named_leaders: Mapping[str, NamedLeader] = _frozen(
            {x.id: x for x in lf.named_leaders_for_scenarios_viii_ix.leaders})
        self.catalogue = catalogue
        self.scenarios: Mapping[str, Scenario] = _frozen(scenarios)
        # The resolved documents, for custom documents ``based_on`` a built-in scenario, and
        # what a custom document is checked against.
        self._scenario_docs = scenario_docs
        self._refs = refs

        nb: dict[str, dict[str, set[str]]] = {t_: {} for t_ in LINK_TYPES}
        by_point: dict[str, list[Link]] = {}
        pair: dict[frozenset[str], set[LinkType]] = {}
        for ln in m.links:
            nb[ln.type].setdefault(ln.a, set()).add(ln.b)
            nb[ln.type].setdefault(ln.b, set()).add(ln.a)
            by_point.setdefault(ln.a, []).append(ln)
            by_point.setdefault(ln.b, []).append(ln)
            pair.setdefault(frozenset((ln.a, ln.b)), set()).add(ln.type)
        self._nb: dict[str, dict[str, frozenset[str]]] = {
            t_: {p: frozenset(s) for p, s in d.items()} for t_, d in nb.items()}
        self._land_nb = {p: frozenset().union(*(self._nb[t_].get(p, frozenset())
                                                for t_ in LAND_LINKS))
                         for p in self.spaces}
        self._all_nb = {p: frozenset().union(*(self._nb[t_].get(p, frozenset())
                                               for t_ in LINK_TYPES))
                        for p in (*self.spaces, *self.naval_points)}
        self._links_of = {p: tuple(v) for p, v in by_point.items()}
        self._pair = {k: frozenset(v) for k, v in pair.items()}
        self._provinces_of = {
            x.id: tuple(p.id for p in m.provinces if p.territory == x.id) for x in m.territories}
        spaces_of: dict[str, list[str]] = {p.id: [] for p in m.provinces}
        tps_of: dict[str, list[str]] = {p.id: [] for p in m.provinces}
        for s in m.spaces:
            (tps_of if s.is_transit_point else spaces_of)[s.province].append(s.id)
        self._spaces_of = {p: tuple(v) for p, v in spaces_of.items()}
        self._points_of = {p: tuple(spaces_of[p] + tps_of[p]) for p in spaces_of}
        self._home = {p.id: self.territories[p.home_territory] for p in m.powers}
        self._pool = {p.id: tuple(x for x in lf.leaders if x.power == p.id) for p in m.powers}
        self.ports: frozenset[str] = frozenset(s.id for s in m.spaces if s.port)
        self.tribal_spaces: frozenset[str] = frozenset(s.id for s in m.spaces if s.tribal)
        self.rough_mountains: frozenset[str] = frozenset(
            s.id for s in m.spaces if s.rough_mountain)
        self.capitals: frozenset[str] = frozenset(s.id for s in m.spaces if s.capital)
        self.transit_points: frozenset[str] = frozenset(
            s.id for s in m.spaces if s.is_transit_point)
        self.straits: tuple[Link, ...] = tuple(x for x in m.links if x.type == "strait")
        self.alpine_passes: tuple[Link, ...] = tuple(
            x for x in m.links if x.type == "alpine_pass")
        self.table_names: tuple[str, ...] = (*Tables.model_fields, "event_cards")

    # points and links
    def space(self, space_id: str) -> Space:
        return self.spaces[space_id]

    def point(self, point_id: str) -> Space | NavalPoint:
        """A space, land Transit Point or naval point."""
        found = self.spaces.get(point_id) or self.naval_points.get(point_id)
        if found is None:
            raise KeyError(point_id)
        return found

    def is_point(self, point_id: str) -> bool:
        return point_id in self.spaces or point_id in self.naval_points

    def neighbours(self, point_id: str,
                   types: LinkType | Iterable[LinkType] | None = None) -> frozenset[str]:
        """Points joined to ``point_id`` by a link of one of ``types`` (every link if None)."""
        if types is None:
            return self._all_nb.get(point_id, frozenset())
        if isinstance(types, str):
            return self._nb[types].get(point_id, frozenset())
        return frozenset().union(*(self._nb[t_].get(point_id, frozenset()) for t_ in types))

    def land_neighbours(self, point_id: str) -> frozenset[str]:
        """Points a land unit reaches in one step: land links, straits, Alpine passes."""
        return self._land_nb.get(point_id, frozenset())

    def sea_neighbours(self, point_id: str) -> frozenset[str]:
        return self._nb["sea"].get(point_id, frozenset())

    def link_types(self, a: str, b: str) -> frozenset[LinkType]:
        """Every type of link between ``a`` and ``b`` (a pair may have a land and a sea link)."""
        return self._pair.get(frozenset((a, b)), frozenset())

    def links_of(self, point_id: str) -> tuple[Link, ...]:
        return self._links_of.get(point_id, ())

    # territories, provinces, spaces
    def provinces_of(self, territory: str) -> tuple[str, ...]:
        return self._provinces_of[territory]

    def spaces_of(self, province: str, transit_points: bool = False) -> tuple[str, ...]:
        """Spaces of ``province`` in file order; land Transit Points too if asked."""
        return (self._points_of if transit_points else self._spaces_of)[province]

    def spaces_of_territory(self, territory: str,
                            transit_points: bool = False) -> tuple[str, ...]:
        return tuple(s for p in self._provinces_of[territory]
                     for s in self.spaces_of(p, transit_points))

    def province_of(self, space_id: str) -> Province:
        return self.provinces[self.spaces[space_id].province]

    def territory_of(self, space_id: str) -> Territory:
        return self.territories[self.spaces[space_id].territory]

    def home_territory(self, power: str) -> Territory:
        return self._home[power]

    def capitals_of(self, power: str) -> tuple[str, ...]:
        return tuple(self.powers[power].capitals)

    # tables, leaders, scenarios
    def table(self, name: str) -> Any:
        """A table by name (``"battle_ratio"``, ``"event_table_standard"``, ``"event_cards"``)."""
        if name == "event_cards":
            return self.event_cards
        if name not in Tables.model_fields:
            raise KeyError(f"no table {name!r}")
        return getattr(self.tables, name)

    def leaders_of(self, power: str) -> tuple[Leader, ...]:
        """The ten leaders of ``power``'s pool (§8.1)."""
        return self._pool[power]

    def leader(self, leader_id: str) -> Leader | FixedLeader | NamedLeader:
        """A leader by id; ``<id>#2`` is a second counter of a leader printed twice."""
        leader_id = leader_id.split("#")[0]
        found = (self.leaders.get(leader_id) or self.fixed_leaders.get(leader_id)
                 or self.named_leaders.get(leader_id))
        if found is None:
            raise KeyError(f"no leader {leader_id!r}")
        return found

    def scenario(self, scenario_id: str) -> Scenario:
        return self.scenarios[scenario_id]


def _frozen(d: dict[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(d)


# -- reading -------------------------------------------------------------------------------------
_NAMING_KEYS = ("id", "at", "letter", "unit", "territory", "format", "ratio", "cause", "source",
                "roll", "turn", "warriors", "force", "action", "side", "name", "title")


def _name_of(node: dict[str, Any]) -> Any:
    """How a list item is named in a message: its id (or at, letter, unit...), or a link's two
    ends."""
    if "a" in node and "b" in node:
        return f"{node['a']}-{node['b']}"
    for key in _NAMING_KEYS:
        value = node.get(key)
        if value is not None and not isinstance(value, (dict, list)):
            return value
    return None


def _read(directory: Path, name: str, model: type[BaseModel]) -> Any:
    return read_model(directory / name, model, _name_of)


# -- checks: map ---------------------------------------------------------------------------------
def _check_map(m: MapFile) -> list[str]:
    n = "map.json"
    out: list[str] = []
    for what, ids in (("power", [p.id for p in m.powers]),
                      ("territory", [t.id for t in m.territories]),
                      ("province", [p.id for p in m.provinces]),
                      ("point", [s.id for s in m.spaces] + [x.id for x in m.naval_points]),
                      ("sea area", [a.name for a in m.sea_areas]),
                      ("independent", [x.id for x in m.independent_states]),
                      ("zone", [z.id for z in m.zones])):
        out += [f"{n}: {what} id {d!r} is used twice" for d in repeated(ids)]
    # names, English and Russian, are unique within a kind, as a reader tells places apart by them
    named: tuple[tuple[str, list[Any]], ...] = (
        ("territory", list(m.territories)), ("province", list(m.provinces)),
        ("point", [*m.spaces, *m.naval_points]), ("sea area", list(m.sea_areas)),
        ("independent", list(m.independent_states)), ("zone", list(m.zones)))
    for what, items in named:
        for field in ("name", "name_ru"):
            out += [f"{n}: {what} {field} {d!r} is used twice"
                    for d in repeated(getattr(x, field).strip() for x in items)]
        out += [f"{n}: {what} {x.id if hasattr(x, 'id') else x.name}: name_ru is blank"
                for x in items if not x.name_ru.strip()]
    powers = {p.id for p in m.powers}
    terr = {t.id: t for t in m.territories}
    prov = {p.id: p for p in m.provinces}
    spaces = {s.id: s for s in m.spaces}
    naval = {x.id: x for x in m.naval_points}
    areas = {a.name: a for a in m.sea_areas}

    for p in m.powers:
        where_ = f"{n}: power {p.id}"
        home = terr.get(p.home_territory)
        if home is None:
            out.append(f"{where_}: unknown home territory {p.home_territory!r}")
        elif home.home_of != p.id:
            out.append(f"{where_}: territory {home.id} is not marked as its home")
        for c in p.capitals:
            sp = spaces.get(c)
            if sp is None:
                out.append(f"{where_}: unknown capital {c!r}")
            elif not sp.capital:
                out.append(f"{where_}: capital {c} is not flagged as a capital")
            elif home is not None and sp.territory != home.id:
                out.append(f"{where_}: capital {c} lies outside its home territory")
    named_capitals = {c for p in m.powers for c in p.capitals}
    for s in m.spaces:
        if s.capital and s.id not in named_capitals:
            out.append(f"{n}: space {s.id}: flagged as a capital of no power")

    for t in m.territories:
        if t.home_of is not None and t.home_of not in powers:
            out.append(f"{n}: territory {t.id}: unknown power {t.home_of!r}")
        if (t.kind == "home") != (t.home_of is not None):
            out.append(f"{n}: territory {t.id}: a home territory, and only one, names its power")

    for p in m.provinces:
        where_ = f"{n}: province {p.id}"
        t = terr.get(p.territory)
        if t is None:
            out.append(f"{where_}: unknown territory {p.territory!r}")
        elif p.home_of != t.home_of:
            out.append(f"{where_}: home_of {p.home_of!r} differs from its territory's "
                       f"{t.home_of!r}")
        members = [s for s in m.spaces if s.province == p.id]
        n_spaces = sum(1 for s in members if not s.is_transit_point)
        n_tps = len(members) - n_spaces
        if n_spaces != p.space_count:
            out.append(f"{where_}: space_count says {p.space_count}, the map has {n_spaces} "
                       "spaces")
        if n_tps != p.tp_count:
            out.append(f"{where_}: tp_count says {p.tp_count}, the map has {n_tps} transit "
                       "points")
        tribal = sorted(s.id for s in members if s.tribal)
        if tribal != sorted(p.tribal_spaces):
            out.append(f"{where_}: tribal_spaces lists {sorted(p.tribal_spaces)}, the map has "
                       f"{tribal}")
        if any(s.port for s in members) != p.has_port:
            out.append(f"{where_}: has_port is {p.has_port}, the map says otherwise")
        if p.elephants != (p.elephants_provenance is not None):
            out.append(f"{where_}: an [Eleph] province, and only one, gives its provenance")

    for s in m.spaces:
        where_ = f"{n}: space {s.id}"
        p = prov.get(s.province)
        if p is None:
            out.append(f"{where_}: unknown province {s.province!r}")
        else:
            if s.territory != p.territory:
                out.append(f"{where_}: territory {s.territory!r} differs from its province's "
                           f"{p.territory!r}")
            if s.home_of != p.home_of:
                out.append(f"{where_}: home_of {s.home_of!r} differs from its province's "
                           f"{p.home_of!r}")
            if s.province_income != p.income:
                out.append(f"{where_}: province_income {s.province_income} differs from its "
                           f"province's {p.income}")
        if (s.terrain == "rough_mountain") != s.rough_mountain:
            out.append(f"{where_}: terrain {s.terrain} disagrees with the rough_mountain flag")
        if s.is_transit_point:
            if s.type != "land_tp" or any(getattr(s, f) for f in SPACE_FLAGS):
                out.append(f"{where_}: a land Transit Point has type land_tp and no flags")
        elif s.type == "land_tp":
            out.append(f"{where_}: type land_tp on a space")
        elif s.type in SPACE_FLAGS and not getattr(s, s.type):
            out.append(f"{where_}: type {s.type} without its flag")

    for x in m.naval_points:
        where_ = f"{n}: naval point {x.id}"
        if (x.kind == "ntp") != (x.sea == "coastal"):
            out.append(f"{where_}: an NTP is coastal sea, a DSTP open sea")
        a = areas.get(x.sea_area)
        if a is None:
            out.append(f"{where_}: unknown sea area {x.sea_area!r}")
        elif x.id not in (a.coastal_points if x.kind == "ntp" else a.open_sea_points):
            out.append(f"{where_}: not listed in its sea area {a.name!r}")
    for a in m.sea_areas:
        for pid, kind in [(x, "ntp") for x in a.coastal_points] + [
                (x, "dstp") for x in a.open_sea_points]:
            x_ = naval.get(pid)
            if x_ is None:
                out.append(f"{n}: sea area {a.name}: unknown naval point {pid!r}")
            elif x_.kind != kind or x_.sea_area != a.name:
                out.append(f"{n}: sea area {a.name}: {pid} is listed in the wrong place")

    seen: set[tuple[frozenset[str], str]] = set()
    for ln in m.links:
        where_ = f"{n}: link {ln.a}-{ln.b}"
        ends_ok = True
        for end in (ln.a, ln.b):
            if end not in spaces and end not in naval:
                out.append(f"{where_}: unknown point {end!r}")
                ends_ok = False
        if ln.a == ln.b:
            out.append(f"{where_}: joins {ln.a} to itself")
            continue
        key = (frozenset((ln.a, ln.b)), ln.type)
        if key in seen:
            out.append(f"{where_}: the {ln.type} link is listed twice")
        seen.add(key)
        if not ends_ok:
            continue
        if ln.type == "sea":
            for end in (ln.a, ln.b):
                if end in spaces and not spaces[end].port:
                    out.append(f"{where_}: a sea link reaches {end}, which is not a port")
        else:
            for end in (ln.a, ln.b):
                if end in naval:
                    out.append(f"{where_}: a {ln.type} link reaches the naval point {end}")

    for z in m.zones:
        if z.territory not in terr:
            out.append(f"{n}: zone {z.id}: unknown territory {z.territory!r}")
        out += [f"{n}: zone {z.id}: unknown space {b!r}" for b in z.borders if b not in spaces]
    for ind in m.independent_states:
        out += [f"{n}: independent {ind.id}: unknown space {s!r}"
                for s in ind.core_spaces if s not in spaces]

    out += _check_counts(m)
    return out


def _check_counts(m: MapFile) -> list[str]:
    n = "map.json"
    c = m.counts
    by_type = {t_: sum(1 for x in m.links if x.type == t_) for t_ in LINK_TYPES}
    spaces = [s for s in m.spaces if not s.is_transit_point]
    actual: list[tuple[str, int, int, str]] = [
        ("spaces", c.spaces, len(spaces), "spaces"),
        ("land_tps", c.land_tps, sum(1 for s in m.spaces if s.is_transit_point),
         "land Transit Points"),
        ("ntps", c.ntps, sum(1 for x in m.naval_points if x.kind == "ntp"), "NTPs"),
        ("dstps", c.dstps, sum(1 for x in m.naval_points if x.kind == "dstp"), "DSTPs"),
        ("ports", c.ports, sum(1 for s in spaces if s.port), "ports"),
        ("tribal_spaces", c.tribal_spaces, sum(1 for s in spaces if s.tribal), "tribal spaces"),
        ("rough_mountains", c.rough_mountains, sum(1 for s in spaces if s.rough_mountain),
         "rough mountains"),
        ("links", c.links, len(m.links), "links"),
        ("territories", c.territories, len(m.territories), "territories"),
        ("provinces", c.provinces, len(m.provinces), "provinces"),
    ] + [(f"links_by_type.{t_}", getattr(c.links_by_type, t_), by_type[t_], f"{t_} links")
         for t_ in LINK_TYPES]
    return [f"{n}: counts.{key}: declares {declared} {what}, the map has {found}"
            for key, declared, found, what in actual if declared != found]


def _check_names_ru(nr: NamesRuFile, m: MapFile) -> list[str]:
    """Every place has its forms, under its id, and their ``nom`` is its ``name_ru``."""
    n = "names_ru.json"
    out: list[str] = []
    kinds: tuple[tuple[str, dict[str, CaseForms], dict[str, str]], ...] = (
        ("spaces", nr.spaces, {x.id: x.name_ru for x in [*m.spaces, *m.naval_points]}),
        ("provinces", nr.provinces, {x.id: x.name_ru for x in m.provinces}),
        ("territories", nr.territories, {x.id: x.name_ru for x in m.territories}))
    for kind, forms, names in kinds:
        out += case_form_problems(n, kind, forms, names)
    # the Powers and Independents, and the other owners a text names (the Soldiers of Fortune,
    # the barbarians, the slaves, "the independents")
    owners = ({p.id for p in m.powers} | {x.id for x in m.independent_states}
              | set(OTHER_OWNERS) | {"sof", "independent"})
    out += [f"{n}: powers: {i}: not a Power or Independent of map.json"
            for i in nr.powers if i not in owners]
    return out


# -- checks: tables, deck, leaders ---------------------------------------------------------------
def _check_rolls(where_: str, rolls: list[int], low: int, high: int) -> list[str]:
    if sorted(rolls) != list(range(low, high + 1)):
        return [f"{where_}: the rows must cover the rolls {low}..{high} once each"]
    return []


def _check_tables(t: Tables, m: MapFile) -> list[str]:
    n = "tables.json"
    out: list[str] = []
    powers = [p.id for p in m.powers]
    terr = {x.id for x in m.territories}
    prov = {p.id: p for p in m.provinces}
    spaces = {s.id for s in m.spaces}
    units = set(UNIT_TYPES)

    steps = t.battle_ratio.steps
    for a, b in zip(steps, steps[1:], strict=False):
        if a.r_max_inclusive is None or a.r_max_inclusive != b.r_min_exclusive:
            out.append(f"{n}: battle_ratio: step {b.ratio} does not start where {a.ratio} ends")
        if b.shifts < a.shifts:
            out.append(f"{n}: battle_ratio: step {b.ratio} gives fewer shifts than {a.ratio}")
    if steps[0].r_min_exclusive is not None or steps[-1].r_max_inclusive is not None:
        out.append(f"{n}: battle_ratio: the first and last steps must be open-ended")

    out += _check_rolls(f"{n}: elephants", [r.roll for r in t.elephants.rows], 1, 6)
    out += _check_rolls(f"{n}: attrition", [x for r in t.attrition.rows for x in r.roll], 1, 6)
    for kind in ("ntp", "dstp"):
        rows = getattr(t.naval_disaster, kind)
        out += _check_rolls(f"{n}: naval_disaster.{kind}", [x for r in rows for x in r.roll],
                            1, 6)
    for name in ("event_table_standard", "invasion_table", "rebellion_table"):
        out += _check_rolls(f"{n}: {name}", [r.roll for r in getattr(t, name).rows], 2, 12)
    out += _check_rolls(f"{n}: harvest_table", [r.roll for r in t.harvest_table.rows], 1, 6)
    out += [f"{n}: harvest_table row {r.roll}: unknown territory {r.territory!r}"
            for r in t.harvest_table.rows if r.territory not in terr]
    out += [f"{n}: rebellion_table row {r.roll}: unknown province {r.std_province!r}"
            for r in t.rebellion_table.rows
            if r.std_province is not None and r.std_province not in prov]

    mm = t.manpower_maximums
    if sorted(mm.rows) != sorted(powers):
        out.append(f"{n}: manpower_maximums: rows must be the powers {powers}")
    if list(mm.columns) != list(STABILITY_RANGES):
        out.append(f"{n}: manpower_maximums: columns must be {list(STABILITY_RANGES)}")
    for pw, row in mm.rows.items():
        if sorted(row) != sorted(STABILITY_RANGES):
            out.append(f"{n}: manpower_maximums row {pw}: one value per Stability range")

    st = t.stability_track
    bands = sorted(st.ranges, key=lambda r: r.low)
    if [r.name for r in st.ranges] != list(STABILITY_RANGES):
        out.append(f"{n}: stability_track: ranges must be {list(STABILITY_RANGES)}")
    if not bands or bands[0].low != st.min or bands[-1].high != st.max or any(
            a.high + 1 != b.low for a, b in zip(bands, bands[1:], strict=False)):
        out.append(f"{n}: stability_track: the ranges must cover {st.min}..{st.max} without "
                   "gaps")
    if sorted(r.range for r in t.militia.rows) != sorted(STABILITY_RANGES):
        out.append(f"{n}: militia: one row per Stability range")

    for r in t.unit_costs.rows:
        if r.unit not in units and not r.unit.startswith("rebuild"):
            out.append(f"{n}: unit_costs row {r.unit}: unknown unit type")
    rec = t.recruitment
    out += [f"{n}: recruitment: territory {d!r} is listed twice"
            for d in repeated(r.territory for r in rec.rows)]
    missing = sorted(x.id for x in m.territories if x.kind != "invasion_zone"
                     and x.id not in {r.territory for r in rec.rows})
    if missing:
        out.append(f"{n}: recruitment: no row for {', '.join(missing)}")
    for r in rec.rows:
        where_ = f"{n}: recruitment row {r.territory}"
        if r.territory not in terr:
            out.append(f"{where_}: unknown territory")
        out += [f"{where_}: unknown unit type {u!r}" for u in r.types if u not in units]
        for p, types in r.province_exceptions.items():
            if p not in prov:
                out.append(f"{where_}: unknown province {p!r}")
            elif prov[p].territory != r.territory:
                out.append(f"{where_}: province {p} is not in {r.territory}")
            out += [f"{where_}: unknown unit type {u!r}" for u in types if u not in units]
        out += [f"{where_}: unknown space {s!r}" for v in r.space_exceptions.values()
                for s in v if s not in spaces]
    out += [f"{n}: recruitment: hi_forbidden_spaces: unknown space {s!r}"
            for s in rec.hi_forbidden_spaces if s not in spaces]
    eleph_rows = {p for r in rec.rows for p, types in r.province_exceptions.items()
                  if "EL" in types}
    eleph_map = {p.id for p in m.provinces if p.elephants}
    if eleph_rows != eleph_map:
        out.append(f"{n}: recruitment: elephant provinces {sorted(eleph_rows)} differ from "
                   f"map.json's [Eleph] provinces {sorted(eleph_map)}")

    tc = t.tribe_counters
    if tc.total != TRIBE_COUNTERS:
        out.append(f"{n}: tribe_counters: {tc.total} counters, the game has {TRIBE_COUNTERS} "
                   "(§13.1.1)")
    tribal = sum(1 for s in m.spaces if s.tribal)
    if tc.tribal_spaces_on_map != tribal:
        out.append(f"{n}: tribe_counters: tribal_spaces_on_map says {tc.tribal_spaces_on_map}, "
                   f"the map has {tribal}")
    oo = t.optional_objectives
    out += [f"{n}: optional_objectives: letter {d} is used twice"
            for d in repeated(r.letter for r in oo.rows)]
    if oo.total != OBJECTIVE_MARKERS:
        out.append(f"{n}: optional_objectives: {oo.total} markers, the game has "
                   f"{OBJECTIVE_MARKERS} (§15.4.1)")
    out += [f"{n}: optional_objectives row {r.letter}: unknown space {s!r}"
            for r in oo.rows for s in r.space_ids if s not in spaces]
    out += [f"{n}: standard_formats: format {d} is listed twice"
            for d in repeated(r.format for r in t.standard_formats.rows)]
    if [r.turn for r in t.game_turns.rows] != list(range(1, GAME_TURNS + 1)):
        out.append(f"{n}: game_turns: turns must be 1..{GAME_TURNS} in order")
    vs = t.victory_scales
    for players in (2, 3, 4):
        for kind in ("gop", "cvp"):
            if len(getattr(vs, f"{kind}_{players}p")) != players:
                out.append(f"{n}: victory_scales.{kind}_{players}p: one value per place")
    return out


def _check_deck(d: EventDeck) -> list[str]:
    n = "event_cards.json"
    out = [f"{n}: card id {x} is used twice" for x in repeated(c.id for c in d.cards)]
    out += [f"{n}: title {x!r} is used twice" for x in repeated(c.title for c in d.cards)]
    if d.size != EVENT_DECK:
        out.append(f"{n}: the deck holds {d.size} cards, the game has {EVENT_DECK} (§17.1.1)")
    return out


def _check_leaders(lf: LeadersFile, m: MapFile) -> list[str]:
    n = "leaders.json"
    out: list[str] = []
    pool, fixed = lf.leaders, lf.fixed_leaders
    named = lf.named_leaders_for_scenarios_viii_ix.leaders
    out += [f"{n}: leader id {d!r} is used twice"
            for d in repeated([x.id for x in pool] + [x.id for x in fixed] + [x.id for x in named])]
    r = lf.rules
    powers = [p.id for p in m.powers]
    for x in pool:
        where_ = f"{n}: leader {x.id}"
        if x.power not in powers:
            out.append(f"{where_}: unknown power {x.power!r}")
        if x.rating != f"{x.tactics}-{x.campaign}":
            out.append(f"{where_}: rating {x.rating} is not {x.tactics}-{x.campaign}")
        if not r.tactics_range[0] <= x.tactics <= r.tactics_range[1]:
            out.append(f"{where_}: Tactics {x.tactics} outside {r.tactics_range}")
        if not r.campaign_range[0] <= x.campaign <= r.campaign_range[1]:
            out.append(f"{where_}: Campaign {x.campaign} outside {r.campaign_range}")
    for p in powers:
        mine = [x for x in pool if x.power == p]
        if len(mine) != r.pool_size:
            out.append(f"{n}: power {p}: {len(mine)} leaders, a pool holds {r.pool_size} (§8.1)")
        if mine and not any(x.exceptional for x in mine):
            out.append(f"{n}: power {p}: no Exceptional leader (§8.3)")
    out += [f"{n}: named leader {x.id}: unknown power {x.power!r}"
            for x in named if x.power not in powers]
    return out


# -- checks: scenarios ---------------------------------------------------------------------------
def _check_scenario(s: Scenario, name: str, d: _Refs) -> list[str]:
    out: list[str] = []
    n = name
    powers = list(s.powers)
    out += [f"{n}: powers: {p!r} is listed twice" for p in repeated(powers)]
    out += [f"{n}: powers: unknown power {p!r}" for p in powers if p not in d.powers]
    if s.players.min > s.players.max:
        out.append(f"{n}: players: min {s.players.min} is above max {s.players.max}")
    if s.players.max > len(powers):
        out.append(f"{n}: players: {s.players.max} players for {len(powers)} powers")
    if s.start.turn > s.last_turn:
        out.append(f"{n}: start turn {s.start.turn} is after the last turn {s.last_turn}")
    if s.start.segment is not None and s.start.phase != "F":
        out.append(f"{n}: start: only the Activation Phase (F) has segments")

    if sorted(s.powers_setup) != sorted(powers):
        out.append(f"{n}: powers_setup must give exactly the powers in play {powers}")
    st = d.tables.stability_track
    for p, ps in s.powers_setup.items():
        if ps.stability is not None and not st.min <= ps.stability <= st.max:
            out.append(f"{n}: powers_setup.{p}: Stability {ps.stability} is off the track "
                       f"({st.min}..{st.max})")
        if ps.treasury is None and s.treasury_used:
            out.append(f"{n}: powers_setup.{p}: no treasury")
    if s.first_round_order and sorted(s.first_round_order) != sorted(powers):
        out.append(f"{n}: first_round_order must list each power in play once")
    act = s.activations
    if act.per_power is not None and sorted(act.per_power) != sorted(powers):
        out.append(f"{n}: activations.per_power must give exactly the powers in play")
    formats = s.standard_game.formats if s.standard_game else []
    if "standard" in s.rule_levels and not formats and (
            act.per_power is None or act.event_markers is None):
        out.append(f"{n}: activations: a Standard scenario without formats fixes the AMs and "
                   "Event markers")
    if "advanced" in s.rule_levels and act.advanced_per_power is None:
        out.append(f"{n}: activations: an Advanced scenario gives advanced_per_power")
    if s.standard_game and s.standard_game.event_table not in d.table_names:
        out.append(f"{n}: standard_game: unknown table {s.standard_game.event_table!r}")
    if s.advanced_game and s.advanced_game.event_deck not in d.table_names:
        out.append(f"{n}: advanced_game: unknown deck {s.advanced_game.event_deck!r}")

    letters = {r.letter for r in d.tables.optional_objectives.rows}
    for p, held in s.optional_objectives.held.items():
        if p not in powers:
            out.append(f"{n}: optional_objectives.held: {p!r} is not a power in play")
        out += [f"{n}: optional_objectives.held.{p}: unknown objective {x!r}"
                for x in held if x not in letters]
        if held and not s.optional_objectives.in_use:
            out.append(f"{n}: optional_objectives.held: objectives are not in use")

    indep = list(s.independents)
    out += [f"{n}: independents: unknown independent {x!r}" for x in indep
            if x not in d.independents]
    owners = set(powers) | set(indep) | set(OTHER_OWNERS)
    state_owners = set(powers) | set(indep)

    placed: dict[str, str] = {}

    def leader_ok(lid: str, where_: str, owner: str | None) -> None:
        if lid in placed:
            out.append(f"{where_}: leader {lid} is also {placed[lid]}")
            return
        placed[lid] = where_.split(": ", 1)[-1]
        pool = d.leaders.get(lid)
        if pool is not None:
            if owner is not None and pool.power != owner:
                out.append(f"{where_}: leader {lid} belongs to {pool.power}")
        elif lid not in d.fixed_leaders and lid not in d.named_leaders:
            out.append(f"{where_}: unknown leader {lid!r}")

    seen_stacks: set[tuple[str, str]] = set()
    for pl in s.placements:
        where_ = f"{n}: placement {pl.owner} at {pl.at}"
        if (pl.at, pl.owner) in seen_stacks:
            out.append(f"{where_}: the owner has another placement there")
        seen_stacks.add((pl.at, pl.owner))
        if pl.owner not in owners:
            out.append(f"{where_}: unknown owner {pl.owner!r} (not a power in play, an "
                       "independent in play, barbarian or slaves)")
        sp, nav = d.spaces.get(pl.at), d.naval_points.get(pl.at)
        if sp is None and nav is None:
            out.append(f"{where_}: unknown space {pl.at!r}")
        elif sp is not None and sp.is_transit_point:
            out.append(f"{where_}: units cannot stop on a Transit Point")
        elif nav is not None and nav.kind == "dstp":
            out.append(f"{where_}: a fleet cannot end in a Deep Sea Transit Point")
        elif nav is not None and not pl.units.get("GS"):
            out.append(f"{where_}: only a fleet (with galleys) stands on a naval point")
        elif sp is not None and pl.units.get("GS") and not sp.port:
            out.append(f"{where_}: galleys stand in a port, and {pl.at} is not one")
        for kind, counts in (("", pl.units), ("weakened ", pl.weakened)):
            for u, k in counts.items():
                if u not in UNIT_TYPES:
                    out.append(f"{where_}: unknown unit type {u!r}")
                    continue
                if k < 1:
                    out.append(f"{where_}: {k} {kind}{u}: a count is at least 1")
                if kind and u not in WEAKENABLE:
                    out.append(f"{where_}: only LG and HI can be weakened, not {u}")
                out += _owner_unit_problems(where_, pl.owner, u, powers)
        if not pl.units and not pl.weakened and not pl.leaders:
            out.append(f"{where_}: neither units nor leaders")
        for lid in pl.leaders:
            leader_ok(lid, where_, pl.owner if pl.owner in powers else None)

    sof = s.soldier_of_fortune
    if sof is not None:
        where_ = f"{n}: soldier_of_fortune"
        if sof.power not in powers:
            out.append(f"{where_}: {sof.power!r} is not a power in play")
        if sof.at not in d.spaces or d.spaces[sof.at].is_transit_point:
            out.append(f"{where_}: unknown space {sof.at!r}")
        if sof.leader in d.fixed_leaders:
            if d.fixed_leaders[sof.leader].side != "soldier_of_fortune":
                out.append(f"{where_}: {sof.leader} is not a Soldiers of Fortune leader")
            leader_ok(sof.leader, where_, None)
        else:
            out.append(f"{where_}: unknown Soldiers of Fortune leader {sof.leader!r}")
        out += [f"{where_}: unknown unit type {u!r}" for u in sof.units if u not in UNIT_TYPES]
        if sof.removal_turn is not None and sof.removal_turn < s.start.turn:
            out.append(f"{where_}: removed before the scenario starts")

    lead = s.leaders
    out += [f"{n}: leaders.holding_box: {x!r} is not an Exceptional pool leader"
            for x in lead.holding_box if x not in d.leaders or not d.leaders[x].exceptional]

    cities: set[str] = set()
    for c in s.cities_and_settlements:
        where_ = f"{n}: {c.kind} at {c.at}"
        sp = d.spaces.get(c.at)
        if sp is None or sp.is_transit_point:
            out.append(f"{where_}: unknown space {c.at!r}")
        elif sp.rough_mountain:
            out.append(f"{where_}: no city or settlement in a rough mountain space (§7.1.3)")
        if c.at in cities:
            out.append(f"{where_}: a space holds one city or settlement")
        cities.add(c.at)
        if c.owner not in state_owners:
            out.append(f"{where_}: unknown owner {c.owner!r}")
        low, high = d.fp_range[c.kind]
        if not low <= c.fp <= high:
            out.append(f"{where_}: {c.fp} FP, a {c.kind} has {low} to {high}")

    for sid, owner in s.control.spaces.items():
        if sid not in d.spaces or d.spaces[sid].is_transit_point:
            out.append(f"{n}: control.spaces: unknown space {sid!r}")
        if owner not in state_owners:
            out.append(f"{n}: control.spaces.{sid}: unknown owner {owner!r}")

    tribes = s.tribes
    out += [f"{n}: tribes.spaces: {x!r} is listed twice" for x in repeated(tribes.spaces)]
    out += [f"{n}: tribes.spaces: {x!r} is not a tribal space" for x in tribes.spaces
            if x not in d.tribal]
    out += [f"{n}: tribes.revealed at {x.at}: not a tribal space" for x in tribes.revealed
            if x.at not in d.tribal]
    out += [f"{n}: tribes.revealed at {x.at}: also has a hidden Tribe counter"
            for x in tribes.revealed if x.at in tribes.spaces]
    if len(tribes.spaces) > d.tables.tribe_counters.total:
        out.append(f"{n}: tribes: {len(tribes.spaces)} counters, the game has "
                   f"{d.tables.tribe_counters.total}")
    for pm in s.pirates.markers:
        sp, nav = d.spaces.get(pm.at), d.naval_points.get(pm.at)
        if pm.cilician and pm.at != "tarsus":
            out.append(f"{n}: pirates at {pm.at}: the Cilician Pirates stand in Tarsus (§12.6.4)")
        elif nav is not None and nav.kind == "dstp":
            out.append(f"{n}: pirates at {pm.at}: never in a DSTP (§12.6.1)")
        elif nav is None and (sp is None or not sp.port):
            out.append(f"{n}: pirates at {pm.at}: not an NTP or a port")
    out += [f"{n}: special_rules: key {k!r} is used twice"
            for k in repeated(r.key for r in s.special_rules if r.key)]
    return out


def _owner_unit_problems(where_: str, owner: str, unit: str, powers: list[str]) -> list[str]:
    """Who may own a unit type: legions are Roman (§6.2.6), Rome never hires mercenaries
    (§12.2), barbarian units belong to barbarian or slave armies (§12.7, §13)."""
    if unit == "LG" and owner != "rome":
        return [f"{where_}: only Rome has legions (LG)"]
    if unit in MERCENARY_UNITS and owner == "rome":
        return [f"{where_}: Rome never hires mercenaries ({unit})"]
    if (unit in BARBARIAN_UNITS) != (owner in OTHER_OWNERS):
        return [f"{where_}: {unit} units belong to barbarian or slave armies only"
                if unit in BARBARIAN_UNITS else
                f"{where_}: a {owner} army holds only barbarian units (BR, BC, TW)"]
    return []


class _Refs:
    """What a scenario is checked against: the map, tables and leaders."""

    def __init__(self, m: MapFile, t: Tables, lf: LeadersFile) -> None:
        self.powers = {p.id for p in m.powers}
        self.spaces = {s.id: s for s in m.spaces}
        self.naval_points = {x.id: x for x in m.naval_points}
        self.independents = {x.id for x in m.independent_states}
        self.tribal = {s.id for s in m.spaces if s.tribal}
        self.tables = t
        self.table_names = set(Tables.model_fields) | {"event_cards"}
        self.leaders = {x.id: x for x in lf.leaders}
        self.fixed_leaders = {x.id: x for x in lf.fixed_leaders}
        self.named_leaders = {x.id: x for x in lf.named_leaders_for_scenarios_viii_ix.leaders}
        fp: dict[str, list[int]] = {"city": [], "settlement": []}
        for r in t.cities_and_settlements.rows:
            fp[r.kind] += [int(x) for x in str(r.fp).split("-")]
        self.fp_range = {k: (min(v), max(v)) for k, v in fp.items()}


def _resolve(raw: Any, name: str, bases: Mapping[str, dict[str, Any]]) -> Any:
    """A document ``based_on`` another: the base's fields, replaced by those the document
    gives."""
    if not isinstance(raw, dict) or raw.get("based_on") is None:
        return raw
    base = bases.get(raw["based_on"])
    if base is None:
        raise DataError([f"{name}: based_on: unknown scenario {raw['based_on']!r}"])
    return {**{k: v for k, v in base.items() if k != "based_on"}, **raw}


def _scenario(raw: Any, name: str, refs: _Refs,
              bases: Mapping[str, dict[str, Any]]) -> tuple[Scenario, dict[str, Any]]:
    resolved = _resolve(raw, name, bases)
    s: Scenario = validate(resolved, Scenario, name, _name_of)
    problems = _check_scenario(s, name, refs)
    if problems:
        raise DataError(problems)
    return s, resolved


def _check_catalogue(c: ScenarioCatalogue, directory: Path) -> list[str]:
    n = "scenarios.json"
    out = [f"{n}: scenario id {d!r} is used twice" for d in repeated(e.id for e in c.scenarios)]
    for e in c.scenarios:
        if (e.status == "not_available") != (e.document is None):
            out.append(f"{n}: scenario {e.id}: a scenario has a document exactly when it is "
                       "available")
        elif e.document is not None and not (directory / e.document).is_file():
            out.append(f"{n}: scenario {e.id}: document {e.document} is missing")
    return out


# -- loading -------------------------------------------------------------------------------------
def load_dir(directory: Path) -> PaxRomanaData:
    """Read and check every file of ``directory`` (a data folder laid out as
    ``data/pax_romana/``); raises DataError listing every problem found."""
    m: MapFile = _read(directory, "map.json", MapFile)
    tf: TablesFile = _read(directory, "tables.json", TablesFile)
    deck: EventDeck = _read(directory, "event_cards.json", EventDeck)
    lf: LeadersFile = _read(directory, "leaders.json", LeadersFile)
    cat: ScenarioCatalogue = _read(directory, "scenarios.json", ScenarioCatalogue)
    nr: NamesRuFile = _read(directory, "names_ru.json", NamesRuFile)
    problems = (_check_map(m) + _check_names_ru(nr, m) + _check_tables(tf.tables, m)
                + _check_deck(deck)
                + _check_leaders(lf, m) + _check_catalogue(cat, directory))
    if problems:
        raise DataError(problems)

    refs = _Refs(m, tf.tables, lf)
    raws: dict[str, Any] = {}
    names: dict[str, str] = {}
    for e in cat.scenarios:
        if e.document is not None:
            raws[e.id] = read_json(directory / e.document, e.document)
            names[e.id] = e.document
    scenarios: dict[str, Scenario] = {}
    docs: dict[str, dict[str, Any]] = {}
    # Documents without based_on first, so that the others find their base resolved.
    order = sorted(raws, key=lambda k: isinstance(raws[k], dict) and "based_on" in raws[k])
    for sid in order:
        try:
            s, resolved = _scenario(raws[sid], names[sid], refs, docs)
        except DataError as exc:
            problems += exc.problems
            continue
        if s.id != sid:
            problems.append(f"{names[sid]}: id {s.id!r} differs from the catalogue's {sid!r}")
        scenarios[sid] = s
        docs[sid] = resolved
    if problems:
        raise DataError(problems)
    return PaxRomanaData(m, tf, deck, lf, cat,
                         {e.id: scenarios[e.id] for e in cat.scenarios if e.id in scenarios},
                         docs, refs, nr)


@cache
def load() -> PaxRomanaData:
    """Every file of ``data/pax_romana/``, checked; read once per process."""
    return load_dir(DATA_DIR)


def validate_scenario(doc: dict[str, Any], name: str = "scenario",
                      data: PaxRomanaData | None = None) -> Scenario:
    """A scenario document given as a dict (a custom scenario a server uploads), checked as
    the built-in ones are; raises DataError whose problems read ``name: item: reason``. A
    document ``based_on`` a built-in scenario takes that scenario's fields unless it gives its
    own."""
    d = data or load()
    scenario, _ = _scenario(doc, name, d._refs, d._scenario_docs)
    return scenario


def reconstructed(provenance: str | SpaceProvenance | NavalProvenance) -> bool:
    """Whether a provenance label marks its value (or a part of it) as reconstructed."""
    if isinstance(provenance, str):
        return "reconstructed" in provenance
    return any("reconstructed" in str(v) for v in provenance.model_dump().values())

