"""The Hannibal State: the whole game in one JSON-serialisable model.

Where things are:

* ``spaces[sid]`` holds the political marker of an area (``pc``: the role whose PC, walled city or
  friendly tribe is there), a tribe still on the map (``tribe``: "neutral" or "carthage") and the
  siege points against its walled city or tribe (``siege_by``, ``siege``).
* Units are kept per *location*: an area id, or ``"<area>:in"`` for the inside of its walled city
  (§10.7). ``units[side|loc] = [cu, elephants]`` (elephants are part of ``cu``, §17.2) and
  ``stacks[side|loc] = [general keys]``, commander first (§9.2).
* ``gens[key]`` is where a general is: a location, or one of ``"pool"`` (a Roman general not on
  the map), ``"aside"`` (Scipio Africanus before turn 6), ``"displaced"`` (a Carthaginian waiting
  for the next reinforcement phase, §10.10) or ``"dead"``.
* ``hands``, ``deck`` and ``bdeck`` are hidden (the deck orders from everyone, a hand from the
  other side); ``bhands`` are the battle hands during a battle.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from pydantic import Field, PrivateAttr

from games.core import BaseState

ROME = "rome"
CARTHAGE = "carthage"
SIDES = (ROME, CARTHAGE)


def other(side: str) -> str:
    return CARTHAGE if side == ROME else ROME


def inside(sid: str) -> str:
    """The location inside the walled city of area ``sid``."""
    return sid + ":in"


def area_of(loc: str) -> str:
    return loc[:-3] if loc.endswith(":in") else loc


def is_inside(loc: str) -> bool:
    return loc.endswith(":in")


@dataclass(slots=True)
class SpaceState:
    """One area's markers (a plain dataclass: a State copies 96 of them on every action)."""

    pc: str | None = None           # PC, walled-city owner or (Carthage) friendly tribe
    tribe: str | None = None        # "neutral" | "carthage" while the tribe marker stands
    siege_by: str | None = None
    siege: int = 0


class HState(BaseState):
    turn: int = 1
    phase: str = "setup"
    spaces: dict[str, SpaceState] = Field(default_factory=dict)
    units: dict[str, list[int]] = Field(default_factory=dict)      # "side|loc" -> [cu, el]
    stacks: dict[str, list[str]] = Field(default_factory=dict)     # "side|loc" -> generals
    gens: dict[str, str] = Field(default_factory=dict)             # general -> loc or status
    consuls: list[str] = Field(default_factory=list)
    proconsuls: list[str] = Field(default_factory=list)
    hands: dict[str, list[int]] = Field(default_factory=dict)
    deck: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    removed: list[int] = Field(default_factory=list)
    bdeck: list[str] = Field(default_factory=list)
    bhands: dict[str, list[str]] = Field(default_factory=dict)
    first_player: str | None = None
    to_play: str | None = None           # whose card play is next in the strategy phase
    plays: int = 0                       # card plays begun in the strategy phases so far (§7.4)
    truce: bool = False                  # #64 in effect (§25)
    reshuffle: bool = False              # #64 was played or discarded this turn (§8.7)
    markers: list[str] = Field(default_factory=list)   # naval boxes, restrictions, Philip V...
    siege_train: str | None = None       # location of the Carthaginian siege train (#30)
    activation: dict[str, Any] | None = None    # the card moving generals now (§10)
    move: dict[str, Any] | None = None          # the army moving now, step by step
    battle: dict[str, Any] | None = None
    last_move: list[str] = Field(default_factory=list)
    flow: list[dict[str, Any]] = Field(default_factory=list)

    _cache: dict[Any, Any] = PrivateAttr(default_factory=dict)

    # the private dict is read directly: pydantic's attribute hook costs more than the lookup
    def cached(self, key: Any) -> Any:
        return self.__pydantic_private__["_cache"].get(key)  # type: ignore[index]

    def keep(self, key: Any, value: Any) -> Any:
        cache = self.__pydantic_private__["_cache"]  # type: ignore[index]
        if len(cache) > 16:
            cache.clear()
        cache[key] = value
        return value

    def touch(self) -> None:
        """Forget what was worked out for this State (after changing it in place)."""
        self._cache = {}


# -- a fast deep copy ------------------------------------------------------------------------------
# ``act`` copies the State on every action; JSON out and in costs more than the action itself.
# Every container is copied, values are immutable; log entries and the Result are shared.

def _data(x: Any) -> Any:
    if x.__class__ is dict:
        return {k: _data(v) if v.__class__ in (dict, list) else v for k, v in x.items()}
    if x.__class__ is list:
        return [_data(v) if v.__class__ in (dict, list) else v for v in x]
    return x


_set = object.__setattr__


def _model(m: Any, mutable: dict[str, Any]) -> Any:
    cls = m.__class__
    new = cls.__new__(cls)
    d = m.__dict__.copy()
    for name, how in mutable.items():
        d[name] = how(d[name])
    _set(new, "__dict__", d)
    _set(new, "__pydantic_fields_set__", m.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


def _spaces(d: dict[str, SpaceState]) -> dict[str, SpaceState]:
    new = SpaceState
    return {k: new(v.pc, v.tribe, v.siege_by, v.siege) for k, v in d.items()}


_STATE: dict[str, Any] = {
    "options": dict, "roles": list, "log": list,
    "rng": lambda r: _model(r, {"scripted": list}),
    "spaces": _spaces,
    "units": lambda d: {k: list(v) for k, v in d.items()},
    "stacks": lambda d: {k: list(v) for k, v in d.items()},
    "gens": dict, "consuls": list, "proconsuls": list,
    "hands": lambda d: {k: list(v) for k, v in d.items()},
    "deck": list, "discard": list, "removed": list, "bdeck": list,
    "bhands": lambda d: {k: list(v) for k, v in d.items()},
    "markers": list, "battle": _data, "activation": _data, "move": _data, "last_move": list, "flow": _data,
}
_IMMUTABLE = {"title", "scenario", "seed", "step", "barrier", "result", "turn", "phase",
              "first_player", "to_play", "plays", "truce", "reshuffle", "siege_train"}
if set(HState.model_fields) != set(_STATE) | _IMMUTABLE:
    raise RuntimeError("HState: the fast copy does not know every field")
if {f.name for f in fields(SpaceState)} != {"pc", "tribe", "siege_by", "siege"}:
    raise RuntimeError("SpaceState: the fast copy does not know every field")


def copy_state(s: HState) -> HState:
    new = _model(s, _STATE)
    _set(new, "__pydantic_private__", {"_cache": {}})
    return new
