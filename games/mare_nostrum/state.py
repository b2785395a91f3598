"""The Mare Nostrum State: the whole game in one JSON-serialisable model (spec Part G).

Resources in a hand are counted by kind: ``hand`` holds Coins and ordinary Goods, ``rare`` the
Rare Goods (one token per kind exists). A token named in an offer or a payment is a kind, with a
``*`` after a Rare Good (``"wine*"``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, PrivateAttr

from games.core import BaseState, Rng

COIN = "coin"

# The Views' key of each Province object (rules.public_board): id -> (the object, its key).
# ``MNState.edit`` forgets the key of a Province about to change, ``MNState.touch`` all of them.
VIEW_KEYS: dict[int, tuple[Any, tuple[Any, ...]]] = {}


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

    _board: tuple[Any, dict[str, Any]] | None = PrivateAttr(default=None)
    _choices: dict[Any, Any] = PrivateAttr(default_factory=dict)
    # Provinces this State may change in place; None: all of them. A copy shares the Province
    # objects with its original (copy on write), so neither owns them any more (see ``edit``).
    _own: set[str] | None = PrivateAttr(default=None)

    def edit(self, pid: str) -> ProvinceState:
        """The Province ``pid``, to be changed: a State changes only Provinces it owns, and
        takes its own copy of a shared one first. Every change to a Province goes through
        here; reading goes through ``provinces`` as usual."""
        pv = self.provinces[pid]
        own = self.__pydantic_private__["_own"]  # type: ignore[index]
        if own is not None and pid not in own:
            pv = self.provinces[pid] = _province(pv)
            own.add(pid)
        else:
            VIEW_KEYS.pop(id(pv), None)
        return pv

    # The private attributes are read through ``__pydantic_private__`` directly: pydantic's own
    # attribute lookup for them is slow, and these are asked for on every View.
    def board_cache(self, key: Any) -> dict[str, Any] | None:
        got = self.__pydantic_private__["_board"]  # type: ignore[index]
        if got is not None and got[0] == key:
            return got[1]  # type: ignore[no-any-return]
        return None

    def keep_board(self, key: Any, board: dict[str, Any]) -> None:
        self.__pydantic_private__["_board"] = (key, board)  # type: ignore[index]

    def choices_cache(self, key: Any) -> Any:
        return self.__pydantic_private__["_choices"].get(key)  # type: ignore[index]

    def keep_choices(self, key: Any, value: Any) -> None:
        known = self.__pydantic_private__["_choices"]  # type: ignore[index]
        if len(known) > 16:
            known.clear()
        known[key] = value

    def touch(self) -> None:
        """Forget what was worked out for this State (after changing it in place: a test may
        change a Province directly; the engine changes one only through ``edit``)."""
        self._board = None
        self._choices = {}
        VIEW_KEYS.clear()


# -- a fast deep copy ------------------------------------------------------------------------------
# ``act`` copies the State on every action. The generic copy (JSON out and in) costs more than
# everything else an action does, so the State copies itself field by field: every container is
# new, values are immutable (str, int, bool, None), log entries and the Result are never changed
# once made and are shared. Two things are shared rather than copied: the Provinces, copied on
# their first change (``MNState.edit``), and the Trade State outside the Trade Phase, when it
# does not change. Each model lists its fields, so a field added later without a rule here fails
# at import.

def _data(x: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, scalars)."""
    if x.__class__ is dict:
        return {k: _data(v) if v.__class__ in _NESTED else v for k, v in x.items()}
    if x.__class__ is list:
        return [_data(v) if v.__class__ in _NESTED else v for v in x]
    return x


_NESTED = (dict, list)


def _shallow(m: Any, fields: dict[str, Any] | None = None) -> Any:
    """A copy of a model whose containers are copied too (what pydantic's own ``__copy__`` does,
    with the containers made new)."""
    cls = m.__class__
    new = cls.__new__(cls)
    d = m.__dict__.copy()
    for name, how in _MUTABLE[cls]:
        d[name] = how(d[name])
    _set(new, "__dict__", d)
    _set(new, "__pydantic_fields_set__", m.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_extra__", None)
    private = m.__pydantic_private__
    _set(new, "__pydantic_private__", None if private is None else private.copy())
    return new


_set = object.__setattr__
_MUTABLE: dict[type, list[tuple[str, Any]]] = {}


_PROVINCE = {"controller": None, "printed": None, "cities": list, "caravans": list,
             "market": None, "temple": None, "legions": dict, "fortress": None, "held": dict,
             "marker_turn": None, "circe": dict}
_PLAYER = {"hand": dict, "rare": list, "cards": list, "castor": None, "used": list,
           "bases": list, "shown": list, "zeus_last": None}
_TRADE = {"token": None, "value": None, "counts": dict, "participants": list, "first": None,
          "offers": _data, "confirmed": list, "revealed": None, "pool": _data,
          "received": _data, "takes": _data, "taker": None, "gift": _data}


_RNG = {"state": None, "draws": None, "scripted": list}


def _province(p: ProvinceState) -> ProvinceState:
    """The copy of a Province, written out (same result as ``_shallow``, faster): made by
    ``MNState.edit`` when a State first changes a Province it shares."""
    new = _NEW(ProvinceState)
    d = p.__dict__.copy()
    d["cities"] = d["cities"].copy()
    d["caravans"] = d["caravans"].copy()
    d["legions"] = d["legions"].copy()
    d["held"] = d["held"].copy()
    d["circe"] = d["circe"].copy()
    _set(new, "__dict__", d)
    _set(new, "__pydantic_fields_set__", p.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


_NEW = object.__new__


def _rng(r: Any) -> Any:
    return _shallow(r, _RNG)


_STATE = {
    "title": None, "scenario": None, "seed": None, "options": dict, "roles": list, "step": None,
    "barrier": None, "rng": _rng, "log": list, "result": None, "players_n": None, "turn": None,
    "phase": None,
    "provinces": dict,                  # the Province objects are shared (copy on write)
    "seas": lambda ss: {k: v.copy() for k, v in ss.items()},
    "players": lambda ps: {k: _shallow(v, _PLAYER) for k, v in ps.items()},
    "titles": dict, "prev_titles": dict, "tokens": list, "played_tokens": list,
    "trade": None,                      # copied by copy_state during the Trade Phase only
    "supply": dict, "buildings": dict, "rare_pile": list, "rare_aside": list, "hw_up": list,
    "hw_down": list, "pyramids": None, "peace": list, "done": list, "segment": None,
    "started": None, "perseus_passed": None,
    "arrived": lambda a: {k: v.copy() for k, v in a.items()}, "sailed": dict, "fought": list,
    "glory": list, "last_battle": _data, "flow": _data,
}

for _model, _fields in ((ProvinceState, _PROVINCE), (PlayerState, _PLAYER),
                        (TradeState, _TRADE), (MNState, _STATE), (Rng, _RNG)):
    if set(_model.model_fields) != set(_fields):
        raise RuntimeError(f"{_model.__name__}: the fast copy does not know every field")
    _MUTABLE[_model] = [(k, f) for k, f in _fields.items() if f is not None]
if {k for k, f in _PROVINCE.items() if f is not None} != {"cities", "caravans", "legions", "held",
                                                           "circe"}:
    raise RuntimeError("ProvinceState: _province does not copy every container")


def copy_state(s: MNState) -> MNState:
    """A copy that is equal to the original until changed; what was worked out for the
    original (its choices and active roles) is kept, under keys that the change of ``step`` at
    the end of every ``act`` leaves behind. The Provinces are shared, copied when first changed
    (``MNState.edit``): most actions change none or one of the thirty."""
    new = _shallow(s, _STATE)
    if s.trade is not None and s.phase == "trade":
        # the Trade State changes only during the Trade Phase, which begins with a new one:
        # outside it the copies share it
        _set(new, "trade", _shallow(s.trade, _TRADE))
    private = s.__pydantic_private__
    assert private is not None
    private["_own"] = set()
    object.__setattr__(new, "__pydantic_private__", {"_board": None,
                                                      "_choices": dict(private["_choices"]),
                                                      "_own": set()})
    return new
