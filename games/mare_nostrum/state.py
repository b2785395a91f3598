"""The Mare Nostrum State: the whole game in one JSON-serialisable model (spec Part G).

Resources in a hand are counted by kind: ``hand`` holds Coins and ordinary Goods, ``rare`` the
Rare Goods (one token per kind exists). A token named in an offer or a payment is a kind, with a
``*`` after a Rare Good (``"wine*"``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.core import BaseState

COIN = "coin"


class ProvinceState(BaseModel):
    controller: str | None = None
    printed: bool = False                   # a Capital's printed Control Marker (§4.3.5)
    cities: list[bool] = Field(default_factory=list)      # built, per City slot
    caravans: list[bool] = Field(default_factory=list)    # built, per Caravan slot
    market: bool = False
    temple: bool = False
    legions: dict[str, int] = Field(default_factory=dict)
    fortress: str | None = None
    # What a Capturer's Legions stand on (§4.3.2-§4.3.3): "city:0", "caravan:1", "market",
    # "temple" or "marker" -> the role whose Legion holds it.
    held: dict[str, str] = Field(default_factory=dict)
    marker_turn: int | None = None          # the turn a Legion was put on the Control Marker
    circe: dict[str, str] = Field(default_factory=dict)   # "caravan:i" -> role (Circe, §10)


class PlayerState(BaseModel):
    hand: dict[str, int] = Field(default_factory=dict)    # Coins and ordinary Goods
    rare: list[str] = Field(default_factory=list)         # Rare Goods by kind
    cards: list[str] = Field(default_factory=list)        # Heroes and Wonders, starting Hero first
    castor: str | None = None                             # the Hero Castor & Pollux copy
    used: list[str] = Field(default_factory=list)         # once-per-turn powers used this turn
    bases: list[str] = Field(default_factory=list)        # provinces controlled at turn start
    shown: list[str] = Field(default_factory=list)        # resources shown when kept (§3, §11)
    zeus_last: str | None = None                          # Statue of Zeus: last peace partner


class TradeState(BaseModel):
    token: str | None = None
    value: int = 0
    counts: dict[str, int] = Field(default_factory=dict)  # what each player must offer
    participants: list[str] = Field(default_factory=list)
    first: str | None = None                # who takes first and gives the balancing Resource
    offers: dict[str, list[str]] = Field(default_factory=dict)   # secret until revealed
    confirmed: list[str] = Field(default_factory=list)
    revealed: bool = False
    pool: dict[str, list[str]] = Field(default_factory=dict)     # revealed, not yet taken
    received: dict[str, list[str]] = Field(default_factory=dict)
    takes: list[list[str]] = Field(default_factory=list)         # [taker, victim, token]
    taker: str | None = None
    gift: dict[str, str] | None = None      # {"from", "to"} of the balancing Resource


class MNState(BaseState):
    players_n: int
    turn: int = 1
    phase: str = "collection"
    provinces: dict[str, ProvinceState] = Field(default_factory=dict)
    seas: dict[str, dict[str, int]] = Field(default_factory=dict)   # sea -> role -> Triremes
    players: dict[str, PlayerState] = Field(default_factory=dict)
    titles: dict[str, str] = Field(default_factory=dict)
    prev_titles: dict[str, str] = Field(default_factory=dict)
    tokens: list[str] = Field(default_factory=list)                 # Trade Tokens available
    played_tokens: list[str] = Field(default_factory=list)
    trade: TradeState | None = None
    supply: dict[str, int] = Field(default_factory=dict)            # Coins and Goods
    buildings: dict[str, int] = Field(default_factory=dict)         # Building supply
    rare_pile: list[str] = Field(default_factory=list)              # face down, hidden order
    rare_aside: list[str] = Field(default_factory=list)
    hw_up: list[str] = Field(default_factory=list)
    hw_down: list[str] = Field(default_factory=list)                # face down, hidden order
    pyramids: str | None = None
    peace: list[str] = Field(default_factory=list)                  # Statue of Zeus pair
    done: list[str] = Field(default_factory=list)                   # had their segment
    segment: str | None = None                                      # builder / mover now
    started: bool = False                                           # the segment's first act
    perseus_passed: bool = False
    arrived: dict[str, dict[str, int]] = Field(default_factory=dict)   # legions moved, per prov
    sailed: dict[str, int] = Field(default_factory=dict)            # own triremes moved, per sea
    fought: list[str] = Field(default_factory=list)                 # areas battled this segment
    glory: list[str] = Field(default_factory=list)                  # 5th card this Build Phase
    last_battle: dict[str, Any] | None = None
    flow: list[dict[str, Any]] = Field(default_factory=list)

    def p(self, role: str) -> PlayerState:
        return self.players[role]
