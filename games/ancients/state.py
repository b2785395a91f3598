"""The Ancients State: everything about a battle in one JSON-serialisable model."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.ancients.data import ArmyInfo, ScenarioRules, TerrainHex
from games.core import BaseState

SIDES = ("south", "north")


def other(side: str) -> str:
    return "north" if side == "south" else "south"


class Unit(BaseModel):
    id: str
    side: str
    type: str
    hex: str
    blocks: int
    max_blocks: int
    special: str | None = None
    # §11 (spec 9.3): the battle in which a WA/BCH lost its first block; within that battle it
    # keeps its full-strength bonus.
    first_loss_battle: int | None = None


class Leader(BaseModel):
    id: str
    side: str
    name: str
    hex: str


class Turn(BaseModel):
    """What the side to move has done this turn."""

    side: str
    card: str | None = None            # the card played
    effective: str | None = None       # the card obeyed (Counter Attack copies another)
    mirrored: bool = False
    fallback: bool = False             # "order 1 unit of your choice"
    command: int = 0                   # §7: hand size at the moment of play
    phase: str = "card"                # card, order, spartacus, rally, move, battle, move2, done
    ordered: list[str] = Field(default_factory=list)          # unit ids
    ordered_leaders: list[str] = Field(default_factory=list)  # leader ids with an order of their own
    section_of: dict[str, str] = Field(default_factory=dict)  # ordered id -> section slot used
    chain_leader: str | None = None    # Leadership cards: the ordered leader
    chain_left: int = 0
    plain_order: list[str] = Field(default_factory=list)      # fallback units: no card benefit
    moved: dict[str, int] = Field(default_factory=dict)       # unit/leader id -> hexes moved
    moved_again: list[str] = Field(default_factory=list)      # Move-Fire-Move second move
    no_move: list[str] = Field(default_factory=list)          # a leader joined it: cannot move
    no_battle: list[str] = Field(default_factory=list)
    must_attack: list[str] = Field(default_factory=list)      # warriors that charged
    battles: dict[str, int] = Field(default_factory=dict)     # unit id -> battles declared
    clash_used: list[str] = Field(default_factory=list)
    moving: dict[str, Any] | None = None                      # {"id", "leader": bool, "path": [...]}
    attacker: str | None = None                               # unit chosen to battle
    dice_pool: list[str] = Field(default_factory=list)        # Spartacus / Rally results left
    first_strike_by: str | None = None
    ambushed: list[str] = Field(default_factory=list)   # entered from the ambush, may move on
    start_hex: dict[str, str] = Field(default_factory=dict)  # where mounted units began the turn
    sections_override: list[str] | None = None   # Counter Attack on Leadership Any Section
    lcc_done: dict[str, int] = Field(default_factory=dict)  # unit id -> battle of its check
    fired: dict[str, int] = Field(default_factory=dict)     # Darken the Sky: shots taken


class BattleInfo(BaseModel):
    """What the State keeps of its scenario document (placements live in units and terrain)."""

    id: str
    name: str
    year: str = ""
    north: ArmyInfo
    south: ArmyInfo
    first: str
    rules: ScenarioRules

    def army(self, side: str) -> ArmyInfo:
        return self.north if side == "north" else self.south


class AncientsState(BaseState):
    scen: BattleInfo
    terrain: dict[str, TerrainHex] = Field(default_factory=dict)
    units: dict[str, Unit] = Field(default_factory=dict)
    leaders: dict[str, Leader] = Field(default_factory=dict)
    reserve: list[Unit] = Field(default_factory=list)           # Trebbia ambush, off board
    reserve_leaders: list[Leader] = Field(default_factory=list)
    hands: dict[str, list[str]] = Field(default_factory=dict)
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    banners: dict[str, int] = Field(default_factory=lambda: {"north": 0, "south": 0})
    to_win: dict[str, int] = Field(default_factory=dict)
    hand_limit: dict[str, int] = Field(default_factory=dict)
    turns_taken: dict[str, int] = Field(default_factory=lambda: {"north": 0, "south": 0})
    last_card: dict[str, str | None] = Field(default_factory=lambda: {"north": None, "south": None})
    last_mirrored: dict[str, bool] = Field(default_factory=lambda: {"north": False, "south": False})
    last_leadership_sections: dict[str, list[str]] = Field(default_factory=dict)
    hex_banners_taken: list[str] = Field(default_factory=list)
    reinforced: list[str] = Field(default_factory=list)
    turn: Turn
    turn_no: int = 1
    battle_seq: int = 0
    roll_seq: int = 0
    flow: list[dict[str, Any]] = Field(default_factory=list)  # pending decisions and steps, top last
    last_moves: list[dict[str, Any]] = Field(default_factory=list)
    last_combat: dict[str, Any] | None = None
