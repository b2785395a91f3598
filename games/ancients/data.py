"""Ancients game data: unit table, command deck and scenarios, validated at load.

Every file lives in ``data/ancients/``; its README gives the source of each value. A scenario is a
document: ``load_scenario`` accepts a scenario id or a dict (a custom battle, a moderator's
attached file) and raises ``ScenarioError`` with every problem found, in plain words.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from games.ancients.hexes import COLS, ROWS, on_board, parse_hex
from games.core.datafiles import data_dir
from games.core.scenariodoc import problems_of

DATA_DIR = data_dir("ancients")

Side = Literal["north", "south"]
Weight = Literal["light", "medium", "heavy"]
Symbol = Literal["G", "B", "R"]
Evade = Literal["always", "never", "war_machine", "foot_and_heavy_mounted", "foot_and_elephants"]
TerrainType = Literal[
    "river", "hill", "forest", "camp", "lake", "steep", "broken", "coast", "rampart", "marsh",
    "bridge", "city_walls", "fortified_walls",
]
Special = Literal["sacred_band"]


class ScenarioError(ValueError):
    """A scenario document that cannot be played; ``problems`` lists each reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class UnitSpec(BaseModel):
    model_config = ConfigDict(frozen=True)

    code: str
    name: str
    foot: bool
    cavalry: bool
    chariot: bool
    camel: bool
    weight: Weight
    symbol: Symbol
    blocks: int = Field(ge=1, le=4)
    move: int = Field(ge=1, le=4)
    cc: int = Field(ge=0)
    battle_back: int = Field(ge=0)
    swords_hit: bool
    range: int = Field(ge=0)
    retreat: int = Field(ge=1)
    evade: Evade
    ignore_swords: int = 0
    full_strength_bonus: bool = False

    @property
    def mounted(self) -> bool:
        return not self.foot

    @property
    def elephant(self) -> bool:
        return self.code == "EL"

    @property
    def war_machine(self) -> bool:
        return self.code == "HWM"

    @property
    def horse(self) -> bool:
        """Cavalry or chariots: the units camels and elephants frighten (spec 9.4, 9.5)."""
        return self.cavalry or self.chariot


class UnitTable(BaseModel):
    units: list[UnitSpec]
    elephant_dice: dict[str, int | str]


class CardSpec(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    name: str
    kind: Literal["section", "troop", "leadership", "tactic"]
    count: int = Field(ge=1)
    text: str
    orders: int = 0
    chain: int = 0
    sections: list[Literal["left", "center", "right"]] = Field(default_factory=list)
    weight: Weight | None = None


class Deck(BaseModel):
    cards: list[CardSpec]

    @model_validator(mode="after")
    def _sixty(self) -> Deck:
        total = sum(c.count for c in self.cards)
        if total != 60:
            raise ValueError(f"the command deck must hold 60 cards, not {total}")
        return self


class ArmyInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")

    army: str
    blocks: Literal["grey", "brown"]
    commander: str = ""
    cards: int = Field(ge=1, le=8)
    banners: int = Field(ge=1, le=20)


class TerrainHex(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hex: str
    type: TerrainType
    fordable: bool = False
    front: list[Literal["E", "W", "NE", "NW", "SE", "SW"]] = Field(default_factory=list)


class UnitPlacement(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hex: str
    side: Side
    type: str
    blocks: int | None = None
    special: Special | None = None


class LeaderPlacement(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hex: str
    side: Side
    name: str = ""


class Ambush(BaseModel):
    """Trebbia: units held off the board that enter on the enemy baseline (spec 19.1)."""

    model_config = ConfigDict(extra="forbid")

    side: Side
    units: list[str]
    leader: str = ""


class ScenarioRules(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ambush: Ambush | None = None
    # Extra cards drawn at the end of the side's first turns (Lake Trasimenus).
    hand_growth: dict[Side, list[int]] = Field(default_factory=dict)
    # Cards drawn and hand size once the side holds this many banners (2nd Beneventum).
    banner_reinforcement: dict[Side, dict[str, int]] = Field(default_factory=dict)
    # The side loses at once if this named leader of its own is lost (Castulo).
    vital_leader: dict[Side, str] = Field(default_factory=dict)
    # Units of the side may leave through the enemy baseline from these sections, for 1 banner.
    exit_banners: dict[Side, list[Literal["left", "center", "right"]]] = Field(default_factory=dict)
    # Hexes the side scores 1 banner for by stopping there, once each (Baecula).
    hex_banners: dict[Side, list[str]] = Field(default_factory=dict)


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    year: str = ""
    north: ArmyInfo
    south: ArmyInfo
    first: Side
    terrain: list[TerrainHex] = Field(default_factory=list)
    units: list[UnitPlacement]
    leaders: list[LeaderPlacement] = Field(default_factory=list)
    rules: ScenarioRules = Field(default_factory=ScenarioRules)
    notes: str = ""

    def army(self, side: Side) -> ArmyInfo:
        return self.north if side == "north" else self.south


def _check(s: Scenario) -> list[str]:
    problems: list[str] = []
    types = units()
    seen_units: dict[str, str] = {}
    seen_terrain: set[str] = set()

    def hex_ok(h: str, what: str) -> bool:
        try:
            c, r = parse_hex(h)
        except ValueError:
            problems.append(f"{what}: {h!r} is not a hex name (a column letter A-M and a row 1-9)")
            return False
        if not on_board(c, r):
            problems.append(f"{what}: hex {h} is off the {COLS}x{ROWS} board")
            return False
        return True

    for i, t in enumerate(s.terrain):
        if hex_ok(t.hex, f"terrain[{i}].hex ({t.type})"):
            if t.hex in seen_terrain:
                problems.append(f"terrain[{i}].hex: hex {t.hex} is given two terrain tiles")
            seen_terrain.add(t.hex)
    impassable = {t.hex for t in s.terrain
                  if t.type in ("lake", "steep", "coast", "fortified_walls")
                  or (t.type == "river" and not t.fordable)}
    for i, u in enumerate(s.units):
        what = f"units[{i}] ({u.side} {u.type} at {u.hex})"
        if u.type not in types:
            problems.append(f"{what}.type: unknown unit type {u.type!r} (known: {', '.join(types)})")
            continue
        if not hex_ok(u.hex, f"{what}.hex"):
            continue
        if u.hex in seen_units:
            problems.append(f"{what}.hex: two units in hex {u.hex} ({seen_units[u.hex]} is there)")
        seen_units[u.hex] = f"{u.side} {u.type}"
        if u.hex in impassable:
            problems.append(f"{what}.hex: the hex is impassable terrain")
        if u.blocks is not None and not 1 <= u.blocks <= types[u.type].blocks:
            problems.append(f"{what}.blocks: {u.blocks} blocks, but a {u.type} has 1 to "
                            f"{types[u.type].blocks}")
    leader_hexes: set[str] = set()
    for i, ldr in enumerate(s.leaders):
        what = f"leaders[{i}] ({ldr.side} leader {ldr.name or '(unnamed)'} at {ldr.hex})"
        if not hex_ok(ldr.hex, f"{what}.hex"):
            continue
        if ldr.hex in leader_hexes:
            problems.append(f"{what}.hex: two leaders in hex {ldr.hex}")
        leader_hexes.add(ldr.hex)
        owner = seen_units.get(ldr.hex)
        if owner is not None and not owner.startswith(ldr.side):
            problems.append(f"{what}.hex: the hex holds an enemy unit")
    if s.rules.ambush:
        for i, code in enumerate(s.rules.ambush.units):
            if code not in types:
                problems.append(f"rules.ambush.units[{i}]: unknown unit type {code!r}")
    for side, hexes in s.rules.hex_banners.items():
        for i, h in enumerate(hexes):
            hex_ok(h, f"rules.hex_banners.{side}[{i}]")
    return problems


def load_scenario(scenario: str | dict) -> Scenario:
    """A validated scenario, from its id (e.g. "001") or a scenario document."""
    if isinstance(scenario, str):
        by_id = _scenario_files()
        if scenario not in by_id:
            raise ScenarioError([f"unknown scenario {scenario!r}; known: {', '.join(by_id)}"])
        return _load_file(by_id[scenario])
    if not isinstance(scenario, dict):
        raise ScenarioError(["scenario: a scenario document is one JSON object"])
    try:
        s = Scenario.model_validate(scenario)
    except ValidationError as exc:
        raise ScenarioError(problems_of(exc)) from None
    problems = _check(s)
    if problems:
        raise ScenarioError(problems)
    return s


@cache
def _load_file(path: Path) -> Scenario:
    try:
        return load_scenario(json.loads(path.read_text(encoding="utf-8")))
    except ScenarioError as exc:
        raise ScenarioError([f"{path.name}: {p}" for p in exc.problems]) from None


@cache
def _scenario_files() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for p in sorted((DATA_DIR / "scenarios").glob("*.json")):
        out[p.stem.split("-", 1)[0]] = p
    return out


def scenario_ids() -> list[str]:
    return list(_scenario_files())


@cache
def unit_table() -> UnitTable:
    return UnitTable.model_validate_json((DATA_DIR / "units.json").read_text(encoding="utf-8"))


@cache
def units() -> dict[str, UnitSpec]:
    return {u.code: u for u in unit_table().units}


@cache
def deck() -> Deck:
    return Deck.model_validate_json((DATA_DIR / "cards.json").read_text(encoding="utf-8"))


@cache
def cards() -> dict[str, CardSpec]:
    return {c.key: c for c in deck().cards}
