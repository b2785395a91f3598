"""Strategy-card events #35-#60 (§25, with §6.3, §20, §21, §11), with scripted dice: what each
event does, who may play it, and that it is not offered when its condition fails."""

from __future__ import annotations

from games.core import msg
from games.hannibal import board as B
from games.hannibal import prims as P
from games.hannibal.events import EVENTS
from games.hannibal.flow import push
from games.hannibal.state import CARTHAGE, ROME, HState, other
from tests.test_hannibal_kit import (
    RULES,
    act,
    active,
    args,
    choices,
    clear,
    dice,
    game,
    logs,
    no_response,
    put,
    top,
)

FILLER = 61                        # the opponent's next card: the test stops at his turn
OPS3 = 55                          # an OPS-3 card with a ship, for ordinary moves


def start(s: HState, side: str, hand: list[int], other_hand: list[int] | None = None) -> HState:
    """``side`` is about to play a card from ``hand``; then the opponent's card play waits."""
    s.hands = {side: list(hand), other(side): [FILLER] if other_hand is None else list(other_hand)}
    s.flow = []
    s.phase = "strategy"
    push(s, "play", role=other(side))
    push(s, "play", role=side)
    s.touch()
    return s


def offered(s: HState, side: str, no: int) -> bool:
    s = start(s, side, [no])
    s = act(s, side, "card", no)
    return "event" in args(s, side, "use")


def event(s: HState, side: str, no: int, other_hand: list[int] | None = None) -> HState:
    s = start(s, side, [no], other_hand)
    s = act(s, side, "card", no)
    return act(s, side, "use", "event")


def over(s: HState, side: str) -> bool:
    """The event is over: the opponent's card play is next."""
    return top(s) == "play" and active(s) == [other(side)]


def set_pcs(s: HState, side: str | None, *sids: str) -> None:
    for sid in sids:
        s.spaces[sid].pc = side
    s.touch()


def sail(s: HState, side: str, port: str) -> HState:
    s = act(s, side, "sail")
    if port not in args(s, side, "port"):
        s = act(s, side, "province", B.province_of(port))
    return act(s, side, "port", port)


def mago_sails(other_hand: list[int]) -> HState:
    """Mago with 3 CUs in Carthage plays an OPS-3 card to sail for Utica."""
    s = clear(game())
    put(s, CARTHAGE, "carthage", 3, ("mago",))
    s = start(s, CARTHAGE, [OPS3], other_hand)
    s = act(s, CARTHAGE, "card", OPS3)
    s = act(s, CARTHAGE, "use", "move")
    s = act(s, CARTHAGE, "general", "mago")
    s = act(s, CARTHAGE, "cus", 3)
    return sail(s, CARTHAGE, "utica")


# -- #35/#36 Diplomacy ----------------------------------------------------------------------------------
def test_s25_35_diplomacy_converts_an_enemy_pc_without_enemy_cus():
    """#35: an enemy ordinary PC in an area without enemy CUs becomes the player's."""
    s = clear(game())
    set_pcs(s, None, *P.removable_pcs(s, CARTHAGE))
    set_pcs(s, CARTHAGE, "praeneste", "cosa")
    put(s, CARTHAGE, "cosa", 2, ("mago",))
    s = event(s, ROME, 35)
    assert args(s, ROME, "pick") == ["praeneste"]
    s = act(s, ROME, "pick", "praeneste")
    assert s.spaces["praeneste"].pc == ROME and s.spaces["cosa"].pc == CARTHAGE
    assert over(s, ROME)


def test_s25_36_diplomacy_not_offered_without_a_target():
    """#36: no enemy ordinary PC free of enemy CUs (walled cities and tribes never count)."""
    s = clear(game())
    set_pcs(s, None, *P.removable_pcs(s, CARTHAGE))
    set_pcs(s, CARTHAGE, "cosa")
    put(s, CARTHAGE, "cosa", 2, ("mago",))
    assert not offered(s, ROME, 36)


# -- #41 Bad Weather ------------------------------------------------------------------------------------
def test_s25_41_bad_weather_keeps_the_fleet_in_port():
    """#41 (§25, S9.10): played against a sea move before the naval roll: the ships do not sail,
    the force stays in its port and its move is over; no naval roll is made."""
    s = mago_sails([41, FILLER])
    assert active(s) == [ROME] and 41 in args(s, ROME, "respond")
    s = act(s, ROME, "respond", 41)
    assert P.where(s, "mago") == "carthage" and P.cu(s, CARTHAGE, "carthage") == 3
    assert logs(s, "log.naval_roll") == [] and logs(s, "event.bad_weather.log")
    assert 41 in s.discard and over(s, CARTHAGE)


def test_s25_41_bad_weather_only_against_the_enemy():
    """#41 is a response only (never a normal event) and not offered against one's own move."""
    s = clear(game())
    put(s, ROME, "rome", 5, ("varro",))
    assert not offered(s, ROME, 41)
    assert not EVENTS["bad_weather"].can_respond(s, CARTHAGE, 41, {"mover": CARTHAGE})


def test_s25_41_bad_weather_holds_the_fleet_in_port_for_the_rest_of_the_turn():
    """#41 (§25, S9.10): the force that meant to sail stays in port until the end of the turn:
    Mago cannot be activated again this turn (the card acts on generals); at the end of the
    turn the hold is lifted."""
    from games.hannibal import turn as T
    from games.hannibal.cards import movable_generals
    s = mago_sails([41, FILLER])
    s = act(s, ROME, "respond", 41)
    assert "weather:mago" in s.markers and over(s, CARTHAGE)
    put(s, CARTHAGE, "utica", 2, ("gisgo",))
    assert movable_generals(s, CARTHAGE, 3) == ["gisgo"]
    T.end_turn(s, push(s, "end_turn"))
    assert "weather:mago" not in s.markers
    assert movable_generals(s, CARTHAGE, 3) == ["mago", "gisgo"]


def _over_the_alps(first: str | None) -> HState:
    """Hannibal with 10 CUs moves (OPS 3) from the Rhone area toward the Alps; the Roman holds
    Bad Weather."""
    s = clear(game())
    put(s, CARTHAGE, "rhone" if first else "allobroges", 10, ("hannibal",))
    s = start(s, CARTHAGE, [OPS3], [41, FILLER])
    s = act(s, CARTHAGE, "card", OPS3)
    s = act(s, CARTHAGE, "use", "move")
    # Hannibal stands in Transalpine Gaul: the Hostile Tribes window of the card play, declined
    assert s.flow[-1]["trigger"] == "card" and args(s, ROME, "respond") == [0]
    s = act(s, ROME, "respond", 0)
    s = act(s, CARTHAGE, "general", "hannibal")
    s = act(s, CARTHAGE, "cus", 10)
    if first:
        s = act(s, CARTHAGE, "to", first)
    return s


def test_s25_41_bad_weather_stops_a_crossing_that_takes_the_third_mp():
    """#41 (§25, S9.10): Hannibal steps to the Allobroges (1 MP), then crosses the Alps into
    Taurini with his 2nd and 3rd MP: the Roman plays Bad Weather before the pass roll; the army
    stays on its side of the pass, no attrition is rolled, and its move is over."""
    s = _over_the_alps("allobroges")
    # a plain line: only the Hostile Tribes window of Transalpine Gaul, declined
    assert s.flow[-1]["trigger"] == "enter" and args(s, ROME, "respond") == [0]
    s = act(s, ROME, "respond", 0)
    s = act(s, CARTHAGE, "to", "taurini")
    assert active(s) == [ROME] and args(s, ROME, "respond") == [41, 0]
    s = act(s, ROME, "respond", 41)
    assert P.where(s, "hannibal") == "allobroges" and P.cu(s, CARTHAGE, "allobroges") == 10
    assert P.cu(s, CARTHAGE, "taurini") == 0 and not logs(s, "log.attrition")
    assert logs(s, "event.bad_weather.crossing") and 41 in s.discard
    # the move is over (a subjugation roll against the Allobroges may follow, §20.2)
    assert s.move is None and top(s) == "siege_q" and "weather:hannibal" not in s.markers


def test_s25_41_no_bad_weather_against_a_crossing_with_the_first_two_mp():
    """#41: crossing the Alps as the first step uses the 1st and 2nd MP: no window opens (the
    Roman is not asked, so nothing about his hand shows); the pass roll follows (Alps: no
    modifier; 10 CUs, roll 1)."""
    s = _over_the_alps(None)
    dice(s, 1)
    s = act(s, CARTHAGE, "to", "taurini")
    assert top(s) != "respond" and active(s) == [CARTHAGE]
    assert P.where(s, "hannibal") == "taurini" and len(logs(s, "log.attrition")) == 1


def _varro_marches(carthage_hand: list[int], *steps: str) -> HState:
    """Varro, consul with 5 CUs in Cosa, plays an OPS-3 card and marches over plain lines."""
    s = clear(game())
    put(s, ROME, "cosa", 5, ("varro",), consul=True)
    s = start(s, ROME, [OPS3], carthage_hand)
    s = act(s, ROME, "card", OPS3)
    s = act(s, ROME, "use", "move")
    s = act(s, ROME, "general", "varro")
    for to in steps:
        s = act(s, ROME, "to", to)
    return s


def test_s25_41_bad_weather_sends_a_land_move_back_to_the_second_area():
    """#41 (§25 card note and campaign note: it limits a general to the 2nd area he enters):
    Varro, 5 CUs, OPS 3, Cosa -> Pisae -> Faesulae (no window: only his 1st and 2nd areas) ->
    Tarquini: before the reaction phase Carthage is asked and plays Bad Weather; the army goes
    back to Faesulae and the move ends there."""
    s = _varro_marches([41, FILLER], "pisae", "faesulae")
    assert top(s) == "march" and active(s) == [ROME]
    s = act(s, ROME, "to", "tarquini")
    assert active(s) == [CARTHAGE] and s.flow[-1]["trigger"] == "crossing"
    assert args(s, CARTHAGE, "respond") == [41, 0]
    s = act(s, CARTHAGE, "respond", 41)
    assert P.where(s, "varro") == "faesulae" and P.cu(s, ROME, "faesulae") == 5
    assert P.cu(s, ROME, "tarquini") == 0 and s.last_move == ["cosa", "pisae", "faesulae"]
    assert logs(s, "event.bad_weather.land")[0]["where"] == "@space.faesulae"
    assert 41 in s.discard and s.move is None and over(s, ROME)


def test_s25_41_bad_weather_against_the_fourth_area_also_back_to_the_second():
    """#41: Carthage lets Varro into Tarquini (his 3rd area) and plays the card when he enters
    Falerii (his 4th): he goes back to Faesulae, the 2nd area he entered."""
    s = _varro_marches([41, FILLER], "pisae", "faesulae", "tarquini")
    s = act(s, CARTHAGE, "respond", 0)
    assert top(s) == "march" and P.where(s, "varro") == "tarquini"
    s = act(s, ROME, "to", "falerii")
    assert args(s, CARTHAGE, "respond") == [41, 0]
    s = act(s, CARTHAGE, "respond", 41)
    assert P.where(s, "varro") == "faesulae" and P.cu(s, ROME, "faesulae") == 5
    assert P.cu(s, ROME, "falerii") == 0 and over(s, ROME)


def test_s25_41_bad_weather_window_on_public_facts_only():
    """#41: the window opens at the 3rd area whether or not Carthage holds the card (she holds
    only another card: she answers "no response" and Varro marches on); with every copy of #41
    discarded it never opens."""
    s = _varro_marches([FILLER], "pisae", "faesulae", "tarquini")
    assert active(s) == [CARTHAGE] and args(s, CARTHAGE, "respond") == [0]
    s = act(s, CARTHAGE, "respond", 0)
    assert top(s) == "march" and P.where(s, "varro") == "tarquini"
    s = clear(game())
    s.discard.append(41)
    put(s, ROME, "cosa", 5, ("varro",), consul=True)
    s = start(s, ROME, [OPS3], [FILLER])
    s = act(s, ROME, "card", OPS3)
    s = act(s, ROME, "use", "move")
    s = act(s, ROME, "general", "varro")
    for to in ("pisae", "faesulae", "tarquini", "falerii"):
        s = act(s, ROME, "to", to)
        assert active(s) == [ROME]
    assert P.where(s, "varro") == "falerii"


# -- #60 Storms at Sea ----------------------------------------------------------------------------------
def test_s25_60_storms_at_sea_attrition_plus_two_before_the_naval_roll():
    """#60 (§21.1, S10.5): the sailing force rolls on the attrition table by its size with +2:
    3 CUs, roll 4 + 2 = 6 -> 1 lost; then the naval roll: Carthage -2, Utica -1, Mago -1:
    roll 6 - 4 = 2 -> return to port."""
    s = mago_sails([60, FILLER])
    dice(s, 4, 6)
    s = act(s, ROME, "respond", 60)
    assert P.cu(s, CARTHAGE, "carthage") == 2 and P.where(s, "mago") == "carthage"
    assert logs(s, "log.attrition")[0]["why"] == "@why.storms_at_sea"
    assert logs(s, "log.naval_roll")[0]["mod"] == -4
    assert over(s, CARTHAGE)


def test_s10_10_storms_at_sea_leaves_the_general_when_every_cu_is_lost():
    """#60: CUs lost to it do not displace their general (§10.10): 1 CU, roll 6 + 2 -> 1 lost;
    the general sails alone (naval roll 1 - 5 -> safe) and lands in Utica."""
    s = clear(game())
    put(s, CARTHAGE, "carthage", 1, ("mago",))
    s = start(s, CARTHAGE, [OPS3], [60])
    s = act(s, CARTHAGE, "card", OPS3)
    s = act(s, CARTHAGE, "use", "move")
    s = act(s, CARTHAGE, "general", "mago")
    s = act(s, CARTHAGE, "cus", 1)
    s = sail(s, CARTHAGE, "utica")
    dice(s, 6, 1)
    s = act(s, ROME, "respond", 60)
    assert P.cu(s, CARTHAGE, "carthage") == 0 and P.cu(s, CARTHAGE, "utica") == 0
    assert P.where(s, "mago") == "utica"


def test_s25_60_storms_at_sea_not_against_a_general_alone():
    """#60 needs a force with CUs at sea; it is never a normal event."""
    s = clear(game())
    put(s, CARTHAGE, "carthage", 0, ("mago",))
    s.move = {"n": 0, "g": "mago", "loc": "carthage"}
    assert not EVENTS["storms_at_sea"].can_respond(s, ROME, 60, {"mover": CARTHAGE})
    s.move["n"] = 2
    assert EVENTS["storms_at_sea"].can_respond(s, ROME, 60, {"mover": CARTHAGE})
    s.move = None
    put(s, ROME, "rome", 5, ("varro",))
    assert not offered(s, ROME, 60)


# -- #43 Two Legions of Slaves -----------------------------------------------------------------------------
def _carthage_holds_three_italian_provinces(s: HState) -> None:
    set_pcs(s, CARTHAGE, "pisae", "faesulae", "falerii", "ariminum", "firmum_picenum", "sena",
            "apri", "cannae", "beneventum")


def test_s25_43_two_legions_of_slaves_in_rome():
    """#43: Carthage controls 3 Italian provinces: 4 Roman CUs in Latium (Rome)."""
    s = clear(game())
    _carthage_holds_three_italian_provinces(s)
    s = event(s, ROME, 43)
    assert P.cu(s, ROME, "rome") == 4 and over(s, ROME)


def test_s25_43_two_legions_not_offered():
    """#43: not with only 2 Italian provinces Carthaginian, nor with Carthaginian CUs in Rome."""
    s = clear(game())
    set_pcs(s, CARTHAGE, "pisae", "faesulae", "falerii", "ariminum", "firmum_picenum", "sena")
    assert not offered(s, ROME, 43)
    s = clear(game())
    _carthage_holds_three_italian_provinces(s)
    put(s, CARTHAGE, "rome", 3, ("hannibal",))
    assert not offered(s, ROME, 43)
    s = clear(game())
    _carthage_holds_three_italian_provinces(s)
    assert not offered(s, CARTHAGE, 43)          # a Roman event (§8.3)


# -- #44-#48 Allied Auxiliaries -------------------------------------------------------------------------------
def test_s25_44_allied_auxiliaries_join_a_general_in_italy():
    """#44 (Apulia controlled by Rome): 2 CUs with a Roman general in Italy; not into a
    besieged walled city (§6.3), not beyond a city's capacity (§10.7), not outside Italy."""
    s = clear(game())
    put(s, ROME, "capua", 5, ("varro",))
    put(s, ROME, "rome:in", 2, ("fabius",))
    put(s, CARTHAGE, "rome", 3, ("hannibal",))
    s.spaces["rome"].siege_by, s.spaces["rome"].siege = CARTHAGE, 1
    put(s, ROME, "agrigentum", 5, ("longus",))
    put(s, ROME, "tarentum:in", 1, ("marcellus",))    # 1 + 2 CUs: more than its walls hold
    s = event(s, ROME, 44)
    assert args(s, ROME, "pick") == ["capua"]
    s = act(s, ROME, "pick", "capua")
    assert P.cu(s, ROME, "capua") == 7 and over(s, ROME)


def test_s6_3_44_allied_auxiliaries_inside_walls_with_enemy_cus_outside():
    """#44, §6.3: inside one's own walled city that is not besieged the CUs may go even with
    enemy CUs outside its walls (only a besieged city is barred); outside, in that area, not."""
    s = clear(game())
    put(s, ROME, "rome:in", 2, ("fabius",))
    put(s, ROME, "capua", 1, ("varro",))
    put(s, CARTHAGE, "rome", 3, ("hannibal",))
    put(s, CARTHAGE, "capua", 2, ("mago",))
    assert s.spaces["rome"].siege == 0
    s = event(s, ROME, 44)
    assert args(s, ROME, "pick") == ["rome:in"]
    s = act(s, ROME, "pick", "rome:in")
    assert P.cu(s, ROME, "rome:in") == 4 and P.cu(s, ROME, "rome") == 0 and over(s, ROME)


def test_s25_45_allied_auxiliaries_not_offered():
    """#45: not without control of Etruria; never without a Roman general in Italy (they
    cannot go to Rome alone)."""
    s = clear(game())
    put(s, ROME, "capua", 5, ("varro",))
    set_pcs(s, CARTHAGE, "pisae", "faesulae", "falerii")
    assert not offered(s, ROME, 45)
    s = clear(game())
    put(s, ROME, "agrigentum", 5, ("longus",))
    assert not offered(s, ROME, 45)


# -- #49 Opposing Fleet Breaks Siege -----------------------------------------------------------------------
def test_s25_49_fleet_breaks_the_siege_of_a_port():
    """#49: all the siege points against one of the player's besieged ports are removed."""
    s = clear(game())
    put(s, CARTHAGE, "syracuse", 4, ("mago",))
    s.spaces["syracuse"].siege_by, s.spaces["syracuse"].siege = CARTHAGE, 2
    s = event(s, ROME, 49)
    s = act(s, ROME, "pick", "syracuse")
    assert s.spaces["syracuse"].siege == 0 and not P.besieged(s, "syracuse")
    assert P.cu(s, CARTHAGE, "syracuse") == 4 and over(s, ROME)


def test_s25_49_not_offered_for_an_inland_city():
    """#49: Capua is no port; a siege by oneself is no target."""
    s = clear(game())
    put(s, CARTHAGE, "capua", 4, ("mago",))
    s.spaces["capua"].siege_by, s.spaces["capua"].siege = CARTHAGE, 2
    assert not offered(s, ROME, 49)
    assert not offered(s, CARTHAGE, 49)


# -- #50 Adriatic Pirates --------------------------------------------------------------------------------
def test_s11_5_50_adriatic_pirates_sail_without_a_naval_roll():
    """#50: a general with at most 3 CUs sails to Brundisium, Croton or Tarentum without a naval
    combat roll; the move goes on with its last movement point."""
    s = clear(game())
    put(s, CARTHAGE, "carthage", 5, ("mago",))
    s = event(s, CARTHAGE, 50, [FILLER])
    assert args(s, CARTHAGE, "pick") == ["mago"]
    s = act(s, CARTHAGE, "pick", "mago")
    assert args(s, CARTHAGE, "pick") == [3, 2, 1, 0]
    s = act(s, CARTHAGE, "pick", 3)
    assert sorted(args(s, CARTHAGE, "pick")) == ["brundisium", "croton", "tarentum"]
    s = act(s, CARTHAGE, "pick", "croton")
    assert args(s, ROME, "respond") == [0]
    s = act(s, ROME, "respond", 0)
    assert logs(s, "log.naval_roll") == []
    assert P.where(s, "mago") == "croton" and P.cu(s, CARTHAGE, "croton") == 3
    assert P.cu(s, CARTHAGE, "carthage") == 2
    assert s.move is not None and s.move["mp"] == 1
    assert ("sail", None) not in choices(s, CARTHAGE)
    s = act(s, CARTHAGE, "stop")
    assert over(s, CARTHAGE)


def test_s11_5_50_adriatic_pirates_from_an_adriatic_port_anywhere():
    """#50: from Tarentum the pirates may sail to any port; Hannibal's 8 CUs are too many, so
    only 3 of them may go with him."""
    s = clear(game())
    put(s, CARTHAGE, "tarentum", 8, ("hannibal",))
    s = event(s, CARTHAGE, 50, [FILLER])
    s = act(s, CARTHAGE, "pick", "hannibal")
    assert args(s, CARTHAGE, "pick") == [3, 2, 1, 0]
    s = act(s, CARTHAGE, "pick", 0)
    assert "apulia" in args(s, CARTHAGE, "pick")     # more than 25 ports: by province
    s = act(s, CARTHAGE, "pick", "carthage")
    s = act(s, CARTHAGE, "pick", "carthage")
    s = act(s, ROME, "respond", 0)
    assert logs(s, "log.naval_roll") == [] and P.where(s, "hannibal") == "carthage"
    assert P.cu(s, CARTHAGE, "tarentum") == 8


def test_s25_50_adriatic_pirates_not_offered_away_from_the_sea():
    """#50: no Carthaginian general in a port; and never for Rome (§8.3)."""
    s = clear(game())
    put(s, CARTHAGE, "taurini", 5, ("hannibal",))
    assert not offered(s, CARTHAGE, 50)
    put(s, ROME, "tarentum", 5, ("varro",))
    assert not offered(s, ROME, 50)


# -- #51 Epidemic, #52 Pestilence --------------------------------------------------------------------------
def test_s21_1_51_epidemic_one_enemy_army_rolls_for_attrition():
    """#51: the player picks an enemy army (a general with CUs): 8 CUs, roll 5 -> 2 lost."""
    s = clear(game())
    put(s, ROME, "capua", 8, ("varro",))
    put(s, ROME, "rome", 3)
    s = event(s, CARTHAGE, 51)
    assert args(s, CARTHAGE, "pick") == ["capua"]
    dice(s, 5)
    s = act(s, CARTHAGE, "pick", "capua")
    assert P.cu(s, ROME, "capua") == 6 and P.where(s, "varro") == "capua"
    assert logs(s, "log.attrition")[0]["why"] == "@why.epidemic" and over(s, CARTHAGE)


def test_s21_1_51_epidemic_not_offered_without_an_enemy_army():
    """#51: CUs without a general are no army."""
    s = clear(game())
    put(s, ROME, "rome", 3)
    put(s, ROME, "capua", 0, ("varro",))
    assert not offered(s, CARTHAGE, 51)


def test_s21_1_52_pestilence_hits_a_besieging_army_plus_one():
    """#52: an enemy army besieging one of the player's cities rolls with +1: 5 CUs, roll 4 + 1
    = 5 -> 2 lost."""
    s = clear(game())
    put(s, CARTHAGE, "syracuse", 5, ("mago",))
    s.spaces["syracuse"].siege_by, s.spaces["syracuse"].siege = CARTHAGE, 1
    put(s, CARTHAGE, "enna", 6, ("hannibal",))
    s = event(s, ROME, 52)
    assert args(s, ROME, "pick") == ["syracuse"]
    dice(s, 4)
    s = act(s, ROME, "pick", "syracuse")
    assert P.cu(s, CARTHAGE, "syracuse") == 3 and s.spaces["syracuse"].siege == 1
    assert logs(s, "log.attrition")[0]["roll"] == 4 and over(s, ROME)


def test_s21_1_52_pestilence_not_offered_without_a_siege():
    """#52: an enemy army beside the city without siege points is not besieging it (§20.4)."""
    s = clear(game())
    put(s, CARTHAGE, "syracuse", 5, ("mago",))
    assert not offered(s, ROME, 52)


# -- #53 Tribal Resistance --------------------------------------------------------------------------------
def test_s25_53_tribal_resistance_removes_subjugation_points():
    """#53: the enemy's subjugation points on one tribe are removed."""
    s = clear(game())
    put(s, ROME, "boii", 4, ("varro",))
    s.spaces["boii"].siege_by, s.spaces["boii"].siege = ROME, 2
    s = event(s, CARTHAGE, 53)
    s = act(s, CARTHAGE, "pick", "boii")
    assert s.spaces["boii"].siege == 0 and s.spaces["boii"].tribe == CARTHAGE
    assert over(s, CARTHAGE)


def test_s25_53_tribal_resistance_not_offered_against_oneself():
    s = clear(game())
    put(s, CARTHAGE, "aquitani", 4, ("mago",))
    s.spaces["aquitani"].siege_by, s.spaces["aquitani"].siege = CARTHAGE, 1
    assert not offered(s, CARTHAGE, 53)
    assert offered(s, ROME, 53)


# -- #54 Treachery within City ----------------------------------------------------------------------------
def test_s20_2_54_treachery_two_siege_rolls():
    """#54: played to move a general (OPS 2); the assault that ends his move rolls twice, both
    applied: Carthage -1: rolls 5 and 6 -> 1 + 1 = 2 points."""
    s = clear(game())
    put(s, CARTHAGE, "enna", 5, ("hasdrubal",))
    s = event(s, CARTHAGE, 54)
    s = act(s, CARTHAGE, "general", "hasdrubal")
    s = act(s, CARTHAGE, "cus", 5)
    s = act(s, CARTHAGE, "to", "messana")
    s = act(s, CARTHAGE, "stop")
    dice(s, 5, 6)
    s = act(s, CARTHAGE, "siege", "roll")
    assert [e["pts"] for e in logs(s, "log.siege_roll")] == [1, 1]
    assert s.spaces["messana"].siege == 2 and s.spaces["messana"].siege_by == CARTHAGE
    assert over(s, CARTHAGE)


def test_s25_54_treachery_not_offered():
    """#54: not during a Truce (no assaults); not without a general this card can move."""
    s = clear(game())
    put(s, CARTHAGE, "enna", 5, ("hasdrubal",))
    s.truce = True
    assert not offered(s, CARTHAGE, 54)
    s = clear(game())
    put(s, CARTHAGE, "enna", 5, ("hanno",))          # strategy 3 > OPS 2
    assert not offered(s, CARTHAGE, 54)


# -- #55 Messenger Intercepted -------------------------------------------------------------------------------
def test_s25_55_messenger_takes_a_random_card():
    """#55: one card drawn at random from the opponent's hand into the player's own; only the
    two players learn which."""
    s = clear(game())
    s = start(s, ROME, [55, 12], [10, 20, 30])
    s = act(s, ROME, "card", 55)
    dice(s, "#1")
    s = act(s, ROME, "use", "event")
    assert sorted(s.hands[ROME]) == [12, 20] and s.hands[CARTHAGE] == [10, 30]
    private = [e for e in s.log if e.msg.key == "event.messenger_intercepted.card"]
    assert {e.to for e in private} == {ROME, CARTHAGE}
    assert dict(private[0].msg.args)["card"] == "@card.20"
    assert over(s, ROME)


def test_s25_55_messenger_not_offered_against_an_empty_hand():
    s = clear(game())
    s = start(s, ROME, [55], [])
    s.flow = s.flow[-1:]
    s = act(s, ROME, "card", 55)
    assert "event" not in args(s, ROME, "use")


# -- #56 Grain Shortage -----------------------------------------------------------------------------------
def test_s25_56_grain_shortage_removes_three_roman_pcs():
    """#56: with Sicily Carthaginian, the Carthaginian removes any three Roman ordinary PCs."""
    s = clear(game())
    set_pcs(s, None, *P.removable_pcs(s, ROME))
    set_pcs(s, CARTHAGE, "lilybaeum", "panormus", "agrigentum")
    set_pcs(s, ROME, "cosa", "sena", "apri", "cannae")
    s = event(s, CARTHAGE, 56)
    for sid in ("cosa", "sena", "apri"):
        assert sid in args(s, CARTHAGE, "pick")
        s = act(s, CARTHAGE, "pick", sid)
    assert P.removable_pcs(s, ROME) == ["cannae"] and s.spaces["rome"].pc == ROME
    assert over(s, CARTHAGE)


def test_s25_56_grain_shortage_picks_by_province_among_many():
    """More than 25 Roman PCs: the choice goes by province first (a menu holds 25)."""
    s = clear(game())
    set_pcs(s, CARTHAGE, "lilybaeum", "panormus", "agrigentum")
    pcs = P.removable_pcs(s, ROME)
    for _ in range(30 - len(pcs)):
        sid = sorted(x for x in s.spaces if P.ordinary_pc_area(s, x) and s.spaces[x].pc is None)[0]
        set_pcs(s, ROME, sid)
    assert len(P.removable_pcs(s, ROME)) > 25
    s = event(s, CARTHAGE, 56)
    assert "etruria" in args(s, CARTHAGE, "pick")
    s = act(s, CARTHAGE, "pick", "etruria")
    assert "" in args(s, CARTHAGE, "pick")
    s = act(s, CARTHAGE, "pick", "")                  # back to the provinces
    s = act(s, CARTHAGE, "pick", "etruria")
    target = args(s, CARTHAGE, "pick")[0]
    s = act(s, CARTHAGE, "pick", target)
    assert s.spaces[target].pc is None


def test_s25_56_grain_shortage_needs_sicily():
    s = clear(game())
    assert not offered(s, CARTHAGE, 56)


# -- #57, #58 the Counsels ------------------------------------------------------------------------------
def test_s25_57_hanno_counsels_carthage_keeps_carthaginian_cus_in_africa():
    """#57 (Roman event): Carthaginian CUs may not leave Africa (a general alone may)."""
    s = clear(game())
    s = event(s, ROME, 57)
    assert "counsel:hanno" in s.markers and over(s, ROME)
    put(s, CARTHAGE, "carthage", 3, ("mago",))
    s = start(s, CARTHAGE, [OPS3])
    s = act(s, CARTHAGE, "card", OPS3)
    s = act(s, CARTHAGE, "use", "move")
    s = act(s, CARTHAGE, "general", "mago")
    s = act(s, CARTHAGE, "cus", 3)
    s = act(s, CARTHAGE, "sail")
    assert all(B.board().provinces[p].region == "africa" for p in args(s, CARTHAGE, "province"))


def test_s25_58_cato_counsels_rome_once_at_a_time():
    """#58 (Carthaginian event): the marker is set; not offered while it is in effect."""
    s = clear(game())
    s = event(s, CARTHAGE, 58)
    assert "counsel:cato" in s.markers
    assert not offered(s, CARTHAGE, 58)
    assert not offered(clear(game()), ROME, 58)


def _next_turn(s: HState) -> HState:
    from games.hannibal import turn as T
    s.flow = []
    T.end_turn(s, push(s, "end_turn"))
    s.flow = []
    T.begin_turn(s, push(s, "turn"))
    return s


def test_s25_57_58_counsel_lasts_until_the_turn_after_the_next_reshuffle():
    """#57/#58 (§25 note): the restriction holds until the start of the turn that follows the
    next reshuffle of the strategy deck, whether Truce or a deck too short to deal causes it.
    No reshuffle: it goes on from turn to turn. A reshuffle at the deal of turn 3: it holds all
    through turn 3 and ends as turn 4 begins. A Truce reshuffle at the end of turn 1: it ends
    as turn 2 begins."""
    from games.hannibal import turn as T
    s = clear(game())
    s = event(s, ROME, 57)
    s = _next_turn(s)
    assert s.turn == 2 and "counsel:hanno" in s.markers
    s = _next_turn(s)
    assert s.turn == 3 and "counsel:hanno" in s.markers
    s.flow = []
    s.discard, s.deck = s.deck[2:], s.deck[:2]
    s.hands = {ROME: [], CARTHAGE: []}
    T.deal(s, push(s, "deal"))
    assert logs(s, "log.reshuffle") and len(s.hands[ROME]) == B.cards_per_turn(3)
    assert "counsel:hanno" in s.markers               # still in force during turn 3
    s = _next_turn(s)
    assert s.turn == 4 and "counsel:hanno" not in s.markers
    s = clear(game())
    s = event(s, CARTHAGE, 58)
    s.reshuffle = True                                # Truce was played this turn (§8.7)
    s = _next_turn(s)
    assert s.turn == 2 and "counsel:cato" not in s.markers
    assert not [m for m in s.markers if m.startswith("ending:")]


# -- texts --------------------------------------------------------------------------------------------------
def test_event_texts_in_english_and_russian():
    from games.hannibal.event_cards import part_b
    assert set(part_b._EN) == set(part_b._RU)
    for key in part_b._EN:
        m = msg(key, g="@gen.mago", where="@space.rome", n=2, p="@prov.latium",
                card="@card.20", side="@side.rome", enemy="@side.carthage")
        en, ru = RULES.tr(m, "en"), RULES.tr(m, "ru")
        assert en != key and ru != key and "{" not in en + ru


# -- #59 Ally Deserts in a battle round ------------------------------------------------------------------
def test_card59_s25_ally_deserts_kept_and_played_at_the_start_of_a_round():
    """#59 (§25): the Roman keeps Ally Deserts through the battle preparation and plays it at
    the start of the first round: one battle card of the Carthaginian, drawn at random (index
    1 of his sorted hand: the Frontal Assault), goes into his hand at once."""
    s = clear(game())
    put(s, ROME, "praeneste", 5, ("varro",))
    put(s, CARTHAGE, "terventum", 8, ("hannibal",))
    s = start(s, CARTHAGE, [6], [59])
    s = act(s, CARTHAGE, "card", 6)
    s = act(s, CARTHAGE, "use", "move")
    s = act(s, CARTHAGE, "general", "hannibal")
    s = act(s, CARTHAGE, "cus", 8)
    s = act(s, CARTHAGE, "to", "praeneste")
    s = act(s, ROME, "here", "stand")
    assert s.battle["counts"] == {} and args(s, ROME, "respond") == [59, 0]
    s = act(s, ROME, "respond", 0)                      # kept for the rounds
    assert s.battle["counts"] and s.flow[-1]["trigger"] == "battle_round"
    assert args(s, ROME, "respond") == [59, 0]
    s.bhands = {CARTHAGE: ["double_envelopment", "frontal_assault", "probe"],
                ROME: ["flank_left"]}
    s.touch()
    dice(s, "#1")
    s = act(s, ROME, "respond", 59)
    assert s.bhands == {CARTHAGE: ["double_envelopment", "probe"],
                        ROME: ["flank_left", "frontal_assault"]}
    assert logs(s, "log.bc_taken") == [{"side": "@side.rome"}] and 59 in s.discard
    assert top(s) == "b_lead" and active(s) == [CARTHAGE]


def _hannibal_attacked_in_carthage() -> HState:
    """Marcellus (5 CUs) attacks Hannibal's 10 CUs at Carthage: Carthage is dealt 20 battle
    cards (Hannibal 4 + 10 CUs + 6 African allies), Rome 8; Carthage holds Ally Deserts."""
    s = clear(game())
    put(s, CARTHAGE, "carthage", 10, ("hannibal",))
    put(s, ROME, "utica", 5, ("marcellus",))
    s = start(s, ROME, [OPS3], [59, FILLER])
    s = act(s, ROME, "card", OPS3)
    s = act(s, ROME, "use", "move")
    s = act(s, ROME, "general", "marcellus")
    s = act(s, ROME, "cus", 5)
    s = act(s, ROME, "to", "carthage")
    return act(s, CARTHAGE, "here", "stand")


def test_s14_1_card59_no_more_than_twenty_battle_cards_in_a_round():
    """#59 (§25) and §14.1 (no player gets more than 20 battle cards in one battle): Carthage,
    dealt 20, keeps Ally Deserts for the first round and plays it there: the card drawn from
    Rome's hand (index 0: the Double Envelopment) only leaves it; Carthage still holds 20."""
    s = _hannibal_attacked_in_carthage()
    assert args(s, CARTHAGE, "respond") == [59, 0]
    s = act(s, CARTHAGE, "respond", 0)
    assert s.battle["counts"] == {ROME: 8, CARTHAGE: 20}
    assert s.flow[-1]["trigger"] == "battle_round" and active(s) == [CARTHAGE]
    s.bhands[ROME] = ["double_envelopment", "frontal_assault", "probe"]
    theirs = list(s.bhands[CARTHAGE])
    s.touch()
    dice(s, "#0")
    s = act(s, CARTHAGE, "respond", 59)
    assert s.bhands[ROME] == ["frontal_assault", "probe"] and s.bhands[CARTHAGE] == theirs
    assert logs(s, "log.bc_taken_out") == [{"side": "@side.carthage"}]
    assert not logs(s, "log.bc_taken") and 59 in s.discard


def test_s14_1_card59_at_the_deal_no_more_than_twenty():
    """#59 played in the battle preparation acts at the deal: Carthage, dealt 20, takes a card
    from Rome's 8: Rome keeps 7, Carthage 20."""
    s = _hannibal_attacked_in_carthage()
    s = act(s, CARTHAGE, "respond", 59)
    s = no_response(s)
    assert len(s.bhands[ROME]) == 7 and len(s.bhands[CARTHAGE]) == 20
    assert logs(s, "log.bc_taken_out") and not logs(s, "log.bc_taken")


def test_s25_41_bad_weather_in_a_campaign_holds_the_general_not_the_cus():
    """#41 (§25 campaign note: Bad Weather acts on one force, on its general, not on the CUs):
    on a Minor Campaign Varro (5 CUs) marches Cosa -> Pisae -> Faesulae -> Tarquini and is sent
    back to Faesulae; his CUs have used only the 2 areas they went (§10.11: another general of
    the campaign may take them 2 more), and the second general still moves."""
    s = clear(game())
    put(s, ROME, "cosa", 5, ("varro",), consul=True)
    put(s, ROME, "capua", 5, ("paullus",), consul=True)
    s = start(s, ROME, [37], [41, FILLER])
    s = act(s, ROME, "card", 37)
    s = act(s, ROME, "use", "event")
    s = act(s, ROME, "general", "varro")
    for to in ("pisae", "faesulae", "tarquini"):
        s = act(s, ROME, "to", to)
    s = act(s, CARTHAGE, "respond", 41)
    assert P.where(s, "varro") == "faesulae" and P.cu(s, ROME, "faesulae") == 5
    assert s.activation["tired"]["faesulae"] == [[5, 2]]
    assert args(s, ROME, "general") == ["paullus"]


def test_s25_41_bad_weather_never_sends_an_army_back_over_the_sea():
    """#41: the 2nd area entered, but never back across a sea move: an army that marched 2
    areas, sailed and stepped ashore again goes back only to its landing port; one that sailed
    first goes back to the 2nd area it entered (the start counts as index 0). Where enemy CUs
    now stand outside the walls, the nearest free area before it; with none, no Bad Weather."""
    from games.hannibal.movement import weather_stop
    s = clear(game())
    s.activation = {"side": ROME}
    s.move = {"path": [["a", 6, "land"], ["b", 5, "land"], ["c", 4, "land"],
                       ["port", 1, "sea"], ["d", 0, "land"]]}
    assert weather_stop(s) == 3
    s.move = {"path": [["a", 6, "land"], ["port", 3, "sea"], ["b", 2, "land"],
                       ["c", 1, "land"]]}
    assert weather_stop(s) == 2
    s.move = {"path": [["cosa", 4, "land"], ["pisae", 3, "land"], ["boii", 1, "land"]]}
    assert weather_stop(s) == 1          # a pass crossed with the 3rd MP: its near side
    put(s, CARTHAGE, "pisae", 2)         # enemy CUs came to stand there (an avoid)
    assert weather_stop(s) == 0
    put(s, CARTHAGE, "cosa", 2)
    assert weather_stop(s) is None       # nowhere to send it: the card cannot be played
