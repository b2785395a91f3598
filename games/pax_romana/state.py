"""The Pax Romana State: the whole game in one JSON-serialisable model.

Units are counted by space, owner and type (``units[space][owner][type] = n``). Owners are the
Powers in play (``rome``, ``carthage``, ``greece``, ``east``), the independents (``syracuse``,
``mamertines``, ``rhodes``, ``pergamum``), ``sof`` (the Soldiers of Fortune army, used by the Power
in ``sof.power``), ``barbarian`` and ``slaves``. Types are the counter key's codes (LG, HI, LI, CV,
EL, ML, MHI, BR, BC, TW, GR, GS; the Advanced Game's Mercenary LI and Cavalry MLI, MCV, §12.2.3)
plus ``wLG`` and ``wHI`` for weakened Legions and Heavy Infantry (§10.6). A space id may also be a naval point (a fleet that Stopped there, §11.1.5).

Where the modules still to come plug in (they work on this State and on the flow stack):

* ``movement.py`` (§9, land movement, interception, withdrawal): the Expansion frame offers
  ``major`` / ``minor`` moves (activation.py); choosing "move an army" pushes a frame of kind
  ``move_army`` with ``role`` (the Power moving), ``owner`` (whose units: the Power, ``sof`` or
  ``barbarian``), ``start``, ``units`` (type -> n), ``leaders`` and ``minor``. movement.py rolls
  its MP and takes it space by space: ``stage``, ``at``, ``mp`` and ``path`` in that frame, and
  ``sea`` while it is aboard a Naval Transport (naval.py); each space entered pushes ``entry``,
  which asks for interceptions (``intercept``) and, where there is something to fight, offers
  withdrawals (``withdraw``, itself going space by space) before battle.py's ``battle``. The
  slave army and barbarian invasion armies move and attack by their own rules (barbarians.py).
  ``moved`` below records which units moved this Activation (§9.1.4) and ``finished`` which
  armies/fleets are Finished.
* ``battle.py`` (§10): a frame ``battle`` with ``attacker``, ``defender``, ``space``, ``from``;
  ``sieges`` holds the Siege Preparation bids while they are secret (§10.5; plans.py shows how a
  secret simultaneous choice is collected); militia (§12.3) and leader death (§8.4) act on
  ``units`` and ``leaders``. Ready for it: ``cities.capture`` and ``cities.pillage`` (§7.4-7.5),
  ``leaders.kill_leader`` (§8.4.5), ``stability.militia_raised`` (§12.3.2) and
  ``stability.withdrawal`` (§9.4.5, for movement.py); ``stability.settle`` after an action
  applies every control-driven Stability change (§14.2.1) by itself.
* ``naval.py`` (§11): fleets are the ``GS`` of ``units`` (in ports or at naval points);
  ``finished`` marks Stopped/Finished fleets; ``galley_bp`` (3 with Galley Improvement, §16.2) is
  per Power in ``PowerState.galley_improvement``; ``mutinied`` lists fleets that may not move.
* ``barbarians.py`` (§13): ``tribes`` holds the hidden strength of each unrevealed Tribe counter,
  ``tribe_pool`` the unused counters (hidden); revealed tribes are ``TW`` units of owner
  ``barbarian``; invasion armies are ``BR``/``BC`` of owner ``barbarian`` listed in ``barbarian_armies``
  with their removal turn and who may move them.
* ``special_units.py`` (§12): ``sof`` (the Soldiers of Fortune army's Power and removal turn),
  ``militia_turn`` and ``mercenary_turn`` (when militia and mercenaries leave), ``slave_revolt``,
  ``pirates``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.core import BaseState
from games.core.frames import Frame

POWERS = ("rome", "carthage", "greece", "east")
LAND_TYPES = ("LG", "wLG", "HI", "wHI", "MHI", "LI", "CV", "EL", "ML", "MLI", "MCV", "BR", "BC", "TW",
              "GR")
# Land Combat Units (§1.4): not garrisons, leaders, elephants, cities or settlements.
LCU_TYPES = frozenset({"LG", "wLG", "HI", "wHI", "MHI", "LI", "CV", "ML", "BR", "BC", "TW",
                       "MLI", "MCV"})
HEAVY = frozenset({"LG", "wLG", "HI", "wHI"})       # counted against CVP (§14.2.1)
MAXMP_TYPES = frozenset({"LG", "wLG", "HI", "wHI", "MHI"})   # Manpower Maximum (§6.4.2)


class PowerState(BaseModel):
    treasury: int = 0
    stability: int = 0
    vp: int = 0
    vp_turn: int = 0                  # VP gained in the last Victory Phase (§15.1.2)
    gop: int = 0                      # as of the last count
    cvp: int = 0
    ams: int = 0                      # AMs a turn (§3.8.1)
    costly_turn: int = 0              # AMs cost 2T in this turn after a Civil War (§16.2)
    pool: list[str] = Field(default_factory=list)       # leaders that may be drawn (§8.1.2)
    drawn: list[str] = Field(default_factory=list)      # drawn, not yet placed (secret)
    exceptional_turn: dict[str, int] = Field(default_factory=dict)   # last turn in play (§8.3)
    objectives: list[str] = Field(default_factory=list)            # letters, secret (§15.4.6)
    objectives_shown: list[str] = Field(default_factory=list)
    provinces: list[str] = Field(default_factory=list)  # controlled, as last settled (§14.2.1)
    capitals: list[str] = Field(default_factory=list)   # own capitals controlled, last settled
    capital_lost: list[str] = Field(default_factory=list)          # lost since, to be regained
    no_activations: bool = False      # Civil War this turn (§16.2)
    riots: bool = False               # Riots: must bring 3 BP into a capital next Activation
    conqueror: bool = False           # second Major Move with the Exceptional leader (§16.2)
    galley_improvement: bool = False  # galleys 3 BP until the end of the turn (§16.2)
    richest: bool = False             # richest after the Income Phase (objective L, §15.4.9)
    barbarians_near: list[str] = Field(default_factory=list)       # armies already counted


class LeaderState(BaseModel):
    owner: str                        # a Power, or "sof" / "barbarian"
    at: str


class City(BaseModel):
    owner: str                        # a Power, an independent, "sof" never (the SoF Power's)
    kind: str                         # "city" | "settlement"
    fp: int


class PRState(BaseState):
    turn: int = 1
    last_turn: int = 1
    phase: str = "F"
    start_turn: int = 1               # the scenario begins in this turn's start_phase (§3.6)
    start_phase: str = "F"
    free_first_am: bool = False       # the scenario begins in the Action Segment
    powers: dict[str, PowerState] = Field(default_factory=dict)
    units: dict[str, dict[str, dict[str, int]]] = Field(default_factory=dict)
    leaders: dict[str, LeaderState] = Field(default_factory=dict)   # on the map
    cities: dict[str, City] = Field(default_factory=dict)
    tribes: dict[str, int] = Field(default_factory=dict)      # space -> warriors (hidden)
    tribe_pool: list[int] = Field(default_factory=list)       # unused counters (hidden)
    independents: list[str] = Field(default_factory=list)
    pirates: list[dict[str, Any]] = Field(default_factory=list)     # {"at", "cilician"}
    sof: dict[str, Any] | None = None                        # {"power", "removal_turn"}
    barbarian_armies: list[dict[str, Any]] = Field(default_factory=list)
    slave_revolt: dict[str, Any] | None = None               # {"against", "at"}
    militia_turn: dict[str, int] = Field(default_factory=dict)      # Power -> raised in turn
    mercenary_turn: dict[str, int] = Field(default_factory=dict)    # Power -> hired in turn
    mutinied: list[str] = Field(default_factory=list)        # "space:owner" fleets (§13.3)
    sieges: dict[str, Any] = Field(default_factory=dict)     # secret bids while being made
    moved: dict[str, dict[str, int]] = Field(default_factory=dict)  # this Activation (§9.1.4)
    finished: list[str] = Field(default_factory=list)        # "space:owner" Finished stacks
    last_move: dict[str, Any] | None = None                  # {"power", "path", "kind", "battle"}
    # The Activation Phase (§3.4)
    am_pool: dict[str, int] = Field(default_factory=dict)    # Power or "event" -> markers
    first_round: list[str] = Field(default_factory=list)     # still to act in the first round
    streak: list[str] = Field(default_factory=list)          # the last activations, in order
    active_power: str | None = None
    last_am: str | None = None        # the Power who last played an AM (§16.1.3)
    next_am_events: list[str] = Field(default_factory=list)  # for the next AM's Power (§16.1.3)
    am_track: list[str] = Field(default_factory=list)        # AMs played this turn, in order
    events_seen: list[str] = Field(default_factory=list)     # events rolled this turn
    invasions_seen: list[str] = Field(default_factory=list)  # groups this turn (§13.4.1)
    gaul_mass_rebellion: bool = False
    objective_pool: list[str] = Field(default_factory=list)  # hidden (§15.4.5)
    rhodes_user: str | None = None   # the Power using Rhodes' navy this turn (§12.5.1)
    free_units: dict[str, dict[str, int]] = Field(default_factory=dict)  # a scenario's gift
    # Agreements (§4.3.1, both games): each entry is a group of Powers allied until the end of
    # this Game Turn (their armies are friendly; combined defence)
    alliances: list[list[str]] = Field(default_factory=list)
    # Bribes (§4.4, both games; bribes.py): the offers made while an action takes effect, public
    # ({"by", "to", "n", "at"}; ``n`` None while the offering Power still chooses the amount)
    bribes: list[dict[str, Any]] = Field(default_factory=list)
    # The Advanced Game (§17, ``options.advanced``): event cards by kind (the ids of
    # event_cards.json, 1-39); games/pax_romana/cards holds what each does
    deck: list[int] = Field(default_factory=list)            # hidden, in draw order
    hands: dict[str, list[int]] = Field(default_factory=dict)  # secret: each Power its own
    discard: list[int] = Field(default_factory=list)         # public, played or discarded
    removed_cards: list[int] = Field(default_factory=list)   # Use Once and Remove (§17.1)
    card_effects: dict[str, Any] = Field(default_factory=dict)  # lasting effects of cards played
    allied_independents: dict[str, str] = Field(default_factory=dict)  # rhodes/pergamum -> Power
    flow: list[Frame] = Field(default_factory=list)

    # -- units ------------------------------------------------------------------------------
    def stack(self, space: str, owner: str) -> dict[str, int]:
        return self.units.get(space, {}).get(owner, {})

    def add(self, space: str, owner: str, kind: str, n: int = 1) -> None:
        if n <= 0:
            return
        st = self.units.setdefault(space, {}).setdefault(owner, {})
        st[kind] = st.get(kind, 0) + n

    def remove(self, space: str, owner: str, kind: str, n: int = 1) -> int:
        """Take up to ``n`` units away; returns how many were there to take."""
        st = self.units.get(space, {}).get(owner)
        if not st:
            return 0
        have = st.get(kind, 0)
        took = min(have, n)
        if took == have:
            st.pop(kind, None)
        else:
            st[kind] = have - took
        if not st:
            del self.units[space][owner]
            if not self.units[space]:
                del self.units[space]
        return took

    def owners_at(self, space: str) -> list[str]:
        return list(self.units.get(space, {}))

    def count(self, owner: str, kinds: frozenset[str] | set[str] | tuple[str, ...]) -> int:
        return sum(n for sp in self.units.values() for k, n in sp.get(owner, {}).items()
                   if k in kinds)

    def spaces_of_owner(self, owner: str) -> list[str]:
        return [sp for sp, owners in self.units.items() if owner in owners]

    def leaders_at(self, space: str, owner: str | None = None) -> list[str]:
        return sorted(lid for lid, ls in self.leaders.items()
                      if ls.at == space and (owner is None or ls.owner == owner))

    def merge_weakened(self, space: str, owner: str) -> None:
        """Two weakened LG (or HI) in one space combine at once into one full unit (§10.6.6)."""
        st = self.units.get(space, {}).get(owner)
        if not st:
            return
        for weak, full in (("wLG", "LG"), ("wHI", "HI")):
            pairs = st.get(weak, 0) // 2
            if pairs:
                self.remove(space, owner, weak, 2 * pairs)
                self.add(space, owner, full, pairs)
