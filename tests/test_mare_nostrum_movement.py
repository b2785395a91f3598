"""Phase 4, Movement & Battles (spec B.4; rulebook §4, §4.1-§4.3.5, §9 Q&A 4-5, §10, §11;
readings C13-C16, C20-C23, C28, C33). Dice are scripted: the attacker's dice first."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.mare_nostrum import board as B
from games.mare_nostrum import movement as M
from tests.test_mare_nostrum_kit import (
    RULES,
    act,
    active,
    choices,
    empty,
    enter,
    game,
    hand,
    logs,
    mover,
    skip_to,
    top,
    verbs,
)


def egypt_example():
    """§4.1.2 example 1: Rome has 2 Legions in Italy, 1 in Crete, 2 Triremes in the Ionian Sea;
    an Egyptian Trireme is in the African Sea; Egypt holds Cyrenaica (Legion, Fortress)."""
    s = game(5)
    s.provinces["creta"].legions = {"rome": 1}
    s.provinces["italia"].legions = {"rome": 2}
    s.seas["ionian"] = {"rome": 2}
    s.seas["african"] = {"egypt": 1}
    s.touch()
    return s


def test_b4_2_the_military_leader_names_each_mover():
    s = enter(game(3), "movement")
    assert active(s) == ["rome"] and verbs(s, "rome") == {"mover"}
    s = act(s, "rome", "mover", "carthage")
    assert RULES.view(s, None).board["segment"] == "carthage"


def test_b4_3_4_5_rulebook_example_one():
    """Rome moves a Trireme to the African Sea, declines to fight, and ships 2 Legions from Italy
    and 1 from Crete to Cyrenaica along the Ionian + African chain (C33: *to* Cyrenaica)."""
    s = mover(egypt_example(), "rome")
    assert top(s) == "triremes"
    assert ("fleet", "ionian") in choices(s, "rome")
    s = act(s, "rome", "fleet", "ionian")
    assert set(a for v, a in choices(s, "rome") if v == "to") == {"adriatic", "aegean", "african",
                                                                 "tyrrhenian"}
    s = act(s, "rome", "to", "african")
    # the moved Trireme may not move again; the other one may
    assert ("fleet", "african") not in choices(s, "rome")
    s = act(s, "rome", "done")
    assert top(s) == "naval" and ("battle", "african:egypt") in choices(s, "rome")
    s = act(s, "rome", "done")                              # naval battles are never mandatory
    assert top(s) == "legions"
    s = act(s, "rome", "army", "italia")
    assert "cyrenaica" in [a for v, a in choices(s, "rome") if v == "to"]
    s = act(s, "rome", "to", "cyrenaica")
    assert choices(s, "rome") == [("n", 1), ("n", 2), ("back", None)]
    s = act(s, "rome", "n", 2)
    s = act(s, "rome", "army", "creta")
    s = act(s, "rome", "to", "cyrenaica")
    assert s.provinces["cyrenaica"].legions == {"egypt": 1, "rome": 3}
    # the moved Legions may not move again: only Cisalpina's are left
    assert {a for v, a in choices(s, "rome") if v == "army"} == {"cisalpina"}
    s = act(s, "rome", "done")
    assert top(s) == "land" and choices(s, "rome") == [("battle", "cyrenaica:egypt")]
    assert "done" not in verbs(s, "rome")                   # land battles are mandatory


def test_b4_7_rulebook_battle_example():
    """§4.2: Rome (active, Caesar) rolls 5, 4, 3 +3 = 15: 3 hits - 1 for the Fortress = 2; Egypt
    rolls 3 + 5 = 8: 1 hit. Rome loses 1 Legion; Egypt its Legion and its Fortress."""
    s = egypt_example()
    s.provinces["cyrenaica"].legions = {"egypt": 1, "rome": 3}
    s = skip_to(mover(s, "rome"), "rome", "land")
    assert top(s) == "land"
    s.rng.scripted = ["5", "4", "3", "3"]
    s = act(s, "rome", "battle", "cyrenaica:egypt")
    lb = s.last_battle
    assert lb["rolls"]["rome"]["total"] == 15 and lb["rolls"]["rome"]["hits"] == 2
    assert lb["rolls"]["egypt"]["total"] == 8 and lb["rolls"]["egypt"]["hits"] == 1
    assert s.provinces["cyrenaica"].legions == {"rome": 2}
    assert s.provinces["cyrenaica"].fortress is None
    # only Rome's Units remain in an Egyptian Province: Rome is Capturer (§4.3)
    assert top(s) == "capture"
    assert {"destroy", "occupy"} <= verbs(s, "rome")
    # no Roman Province is adjacent or linked by Roman Triremes: no attempt on the marker
    assert "marker" not in verbs(s, "rome")


def test_b4_7_fortress_alone_fights_and_owner_chooses_losses():
    s = game(5)
    s.provinces["cyrenaica"].legions = {"egypt": 2, "rome": 3}
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["1", "1", "1", "5", "5"]           # Rome 3+3 = 6 -> 1 - 1 = 0 hits
    s = act(s, "rome", "battle", "cyrenaica:egypt")
    assert s.last_battle["rolls"]["rome"]["hits"] == 0
    # Egypt: 10 + 5 = 15 -> 3 hits on Rome's 3 Legions
    assert s.provinces["cyrenaica"].legions == {"egypt": 2}
    s = game(5)
    s.provinces["cyrenaica"].legions = {"egypt": 1, "rome": 4}
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["5", "5", "5", "5", "1"]           # Rome 24 -> 4 - 1 = 3 hits
    s = act(s, "rome", "battle", "cyrenaica:egypt")
    assert s.provinces["cyrenaica"].legions == {"rome": 3}    # Egypt 1+5 = 6: 1 hit on Rome
    s = game(5)
    s.provinces["cyrenaica"].legions = {"egypt": 2, "rome": 3}
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["5", "4", "1", "1", "1"]           # Rome 10+3 = 13 -> 2 - 1 = 1 hit
    s = act(s, "rome", "battle", "cyrenaica:egypt")
    assert active(s) == ["egypt"] and top(s) == "casualty"
    assert choices(s, "egypt") == [("lose", "legions"), ("lose", "fortress")]
    s = act(s, "egypt", "lose", "fortress")
    assert s.provinces["cyrenaica"].fortress is None
    # Egypt's 1+1+5 = 7: 1 hit on Rome
    assert s.provinces["cyrenaica"].legions == {"egypt": 2, "rome": 2}
    assert s.provinces["cyrenaica"].held == {}
    assert RULES.public_board(s)["provinces"][-5]["id"] == "cyrenaica"


def test_b4_7_a_lone_fortress_deals_one_hit():
    """0 dice + 5 = 1 hit."""
    s = game(5)
    s.provinces["cyrenaica"].legions = {"rome": 2}
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["1", "1"]
    s = act(s, "rome", "battle", "cyrenaica:egypt")
    assert s.last_battle["rolls"]["egypt"] == {"side": "egypt", "dice": [], "per_die": 0,
                                               "fortress": True, "total": 5, "hits": 1}
    assert s.provinces["cyrenaica"].legions == {"rome": 1}


@pytest.mark.parametrize("card, side, expect", [
    ("pericles", "defender", 1 + 2),
    ("caesar", "defender", 1),
    ("nebuchadnezzar", "defender", 1 + 5),
])
def test_b4_7_battle_heroes(card, side, expect):
    """Caesar +1 per die only while active; Pericles +2 per die while not active (§10);
    Nebuchadnezzar +5 in his own Province (C15)."""
    s = game(5)
    s.provinces["gallia"].controller = "greece"
    s.provinces["gallia"].legions = {"greece": 1, "carthage": 1}
    s.players["greece"].cards = [card]
    s = skip_to(mover(s, "carthage"), "carthage", "land")
    s.rng.scripted = ["1", "1"]
    s = act(s, "carthage", "battle", "gallia:greece")
    assert s.last_battle["rolls"]["greece"]["total"] == expect


def test_b4_7_caesar_active_and_ramses_extra_die_c14():
    s = game(5)
    s.provinces["gallia"].legions = {"rome": 1, "carthage": 1}
    s.players["rome"].cards = ["caesar", "ramses_ii"]
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["2", "2", "2"]
    s = act(s, "rome", "battle", "gallia:carthage")
    assert s.last_battle["rolls"]["rome"]["dice"] == [2, 2]
    assert s.last_battle["rolls"]["rome"]["total"] == 6          # (2+1) + (2+1)
    s = game(5, ramses_bonus=False)
    s.provinces["gallia"].legions = {"rome": 1, "carthage": 1}
    s.players["rome"].cards = ["caesar", "ramses_ii"]
    s = skip_to(mover(s, "rome"), "rome", "land")
    s.rng.scripted = ["2", "2", "2"]
    s = act(s, "rome", "battle", "gallia:carthage")
    assert s.last_battle["rolls"]["rome"]["total"] == 5


def test_b4_4_naval_battle_and_no_sea_modifiers_c16():
    s = game(5)
    s.seas["ionian"] = {"rome": 2, "greece": 1}
    s.players["rome"].cards = ["caesar"]
    s = mover(s, "rome")
    s = act(s, "rome", "done")                     # no Trireme moves
    s.rng.scripted = ["5", "5", "5"]
    s = act(s, "rome", "battle", "ionian:greece")
    assert s.last_battle["rolls"]["rome"]["total"] == 10
    assert s.seas["ionian"] == {"rome": 1}
    assert ("battle", "ionian:greece") not in choices(s, "rome")


def test_b4_4_choose_one_opponent_per_sea_and_province_q4():
    """§9 Q&A 4: among several opponents choose one; one battle per Province per segment."""
    s = game(5)
    empty(s, "gallia")
    s.provinces["gallia"].legions = {"rome": 3, "greece": 1, "carthage": 1}
    s = skip_to(mover(s, "rome"), "rome", "land")
    assert choices(s, "rome") == [("battle", "gallia:greece"), ("battle", "gallia:carthage")]
    s.rng.scripted = ["1", "1", "1", "1"]
    s = act(s, "rome", "battle", "gallia:greece")
    # Gallia has been fought in: the segment moves on; it stays at war
    assert top(s) != "land"
    assert B.at_war(s.provinces["gallia"])


def test_b4_5_one_move_per_legion_c28():
    s = game(5)
    s = mover(s, "rome")
    s = act(s, "rome", "army", "cisalpina")
    s = act(s, "rome", "to", "gallia")
    assert ("army", "gallia") not in choices(s, "rome")
    assert s.arrived == {"gallia": {"rome": 1}}
    # no chaining of two land steps: from Cisalpina, Hispania (two steps away) is not offered
    assert "hispania" not in M.destinations(s, "rome", "cisalpina")


def test_b4_5_legions_leave_an_at_war_province():
    """§4.1.2 example 2: Babylon's Legions may leave Cilicia, the Fortress stays to fight."""
    s = game(5)
    for pid in ("cilicia", "judaea", "asia"):
        empty(s, pid)
    s.provinces["cilicia"].legions = {"babylon": 2, "egypt": 2}
    s.provinces["cilicia"].fortress = "babylon"
    s.provinces["judaea"].fortress = "egypt"
    s = mover(s, "babylon")
    assert {"judaea", "asia"} <= set(M.destinations(s, "babylon", "cilicia"))
    s = act(s, "babylon", "army", "cilicia")
    s = act(s, "babylon", "to", "judaea")
    s = act(s, "babylon", "n", 2)
    s = act(s, "babylon", "done")
    assert set(choices(s, "babylon")) == {("battle", "cilicia:egypt"), ("battle", "judaea:egypt")}


# -- capture (§4.3; spec B.4.9-B.4.13) --------------------------------------------------------------
def capturer(extra=None):
    """Rome alone in Egyptian Cyrenaica, linked to Italy by Triremes in the Ionian and African
    Seas, at the capture step of its segment."""
    s = game(5)
    pv = s.provinces["cyrenaica"]
    pv.legions, pv.fortress = {"rome": 2}, None
    s.seas["ionian"], s.seas["african"] = {"rome": 1}, {"rome": 1}
    if extra:
        extra(s)
    return skip_to(mover(s, "rome", others_done=False), "rome", "capture")


def test_b4_9_walking_into_an_undefended_province_makes_a_capturer():
    s = capturer()
    assert top(s) == "capture" and s.flow[-1]["area"] == "cyrenaica"
    opts = choices(s, "rome")
    assert ("destroy", "city:0") in opts and ("destroy", "caravan:0") in opts
    assert ("occupy", None) in opts and ("marker", None) in opts


def test_b4_10_destroy_and_loot():
    """§4.3.1: destroy one Building; a City gives 1 Coin, a Caravan 1 of its Good; the Building
    goes back to the supply."""
    s = capturer()
    coins = s.players["rome"].hand.get("coin", 0)
    supply = s.buildings["city_ordinary"]
    s = act(s, "rome", "destroy", "city:0")
    assert s.provinces["cyrenaica"].cities == [False]
    assert s.players["rome"].hand["coin"] == coins + 1
    assert s.buildings["city_ordinary"] == supply + 1
    s = capturer()
    s = act(s, "rome", "destroy", "caravan:0")
    assert s.players["rome"].hand["papyrus"] == 1
    s = capturer()
    s = act(s, "rome", "destroy", "market")
    assert not s.provinces["cyrenaica"].market and B.hand_size(s, "rome") == 9


def test_s4_3_1_a_legion_stands_on_the_emptied_slot():
    """§4.3.1: «…убрать с карты Фишку Здания и поставить на освободившееся место один из
    Легионов»: the Capturer's Legion stands on the slot of the destroyed City, shown on the
    board; it yields nothing, holds no Building, and goes when his Legions there are too few."""
    from games.mare_nostrum.rules import RULES

    s = capturer()
    s = act(s, "rome", "destroy", "city:0")
    pv = s.provinces["cyrenaica"]
    assert pv.cities == [False] and pv.held == {"city:0": "rome"}
    entry = next(p for p in RULES.view(s, None).board["provinces"] if p["id"] == "cyrenaica")
    city = entry["cities"][0]
    assert city["built"] is False and city["held_by"] == "rome"
    # one of his 2 Legions stands on the ruins: one is left to occupy the Caravan
    from games.mare_nostrum.movement import free_legions
    assert free_legions(pv, "rome") == 1
    pv.legions["rome"] = 0
    B.release_holdings(pv, "rome")
    assert pv.held == {}


def test_b4_10_hamilcar_doubles_loot_and_legendary_loot():
    def sicily(s):
        pv = s.provinces["sicilia"]
        pv.controller, pv.cities, pv.legions = "carthage", [True], {"rome": 1}
    s = capturer(sicily)
    assert s.flow[-1]["area"] == "sicilia"        # in board order, before Cyrenaica
    s.rare_pile = ["gems"]
    s = act(s, "rome", "destroy", "city:0")
    assert choices(s, "rome") == [("loot", "coin"), ("loot", "rare")]
    s = act(s, "rome", "loot", "rare")
    assert s.players["rome"].rare == ["gems"]
    s = capturer(lambda s: s.players["rome"].cards.append("hamilcar"))
    coins = s.players["rome"].hand.get("coin", 0)
    s = act(s, "rome", "destroy", "city:0")
    assert s.players["rome"].hand["coin"] == coins + 2
    s = capturer(lambda s: s.players["rome"].cards.append("hamilcar"))
    s = act(s, "rome", "destroy", "caravan:0")
    assert s.players["rome"].hand["papyrus"] == 2


def test_b4_11_occupy_moves_the_tracks_at_once():
    """§4.3.4 example: Rome occupies an Egyptian Caravan and Market: Rome Trade +2, Egypt -2."""
    s = capturer()
    rome, egypt = B.tracks(s, "rome")["trade"], B.tracks(s, "egypt")["trade"]
    s = act(s, "rome", "occupy")
    s = act(s, "rome", "occ", "caravan:0")
    s = act(s, "rome", "occ", "market")
    assert B.tracks(s, "rome")["trade"] == rome + 2 and B.tracks(s, "egypt")["trade"] == egypt - 2
    assert top(s) != "occupy"                  # two Legions, two Buildings: done
    board = {p["id"]: p for p in RULES.public_board(s)["provinces"]}["cyrenaica"]
    assert board["caravans"][0]["held_by"] == "rome" and board["market"]["held_by"] == "rome"


def test_b4_11_occupation_ends_when_the_province_goes_to_war():
    s = game(5)
    pv = s.provinces["cyrenaica"]
    pv.legions, pv.fortress, pv.held = {"rome": 2}, None, {"caravan:0": "rome"}
    pv.legions["egypt"] = 1
    s = skip_to(mover(s, "egypt"), "egypt", "land")
    assert B.holder(s.provinces["cyrenaica"], "caravan:0") is None
    s.rng.scripted = ["1", "1", "1"]
    s = act(s, "egypt", "battle", "cyrenaica:rome")
    assert s.provinces["cyrenaica"].held == {}


def test_b4_12_control_marker_changes_owner_a_turn_later():
    """§4.3.3: a Legion on the marker in turn T; at the end of the Capturer's segment in T+1 he
    may put his own marker there."""
    s = capturer()
    s = act(s, "rome", "marker")
    pv = s.provinces["cyrenaica"]
    assert pv.held["marker"] == "rome" and pv.marker_turn == 1 and pv.controller == "egypt"
    assert top(s) == "move_order"                 # no change of control in the same turn
    s.turn = 2
    s.touch()
    s = skip_to(mover(s, "rome"), "rome", "capture")
    assert top(s) == "capture" and ("hold", None) in choices(s, "rome")
    s = act(s, "rome", "hold")
    assert top(s) == "swap"
    s = act(s, "rome", "swap", "yes")
    assert s.provinces["cyrenaica"].controller == "rome"
    assert s.provinces["cyrenaica"].held == {}
    assert B.pieces_left(s, "rome")["control_markers"] == 4


def test_b4_12_lost_connection_removes_the_marker_q5():
    """§9 Q&A 5: without an adjacent or connected Province the enemy marker is removed and the
    Province becomes uncontrolled."""
    s = game(5)
    empty(s, "creta")
    pv = s.provinces["creta"]
    pv.controller, pv.legions, pv.held, pv.marker_turn = "egypt", {"rome": 1}, {"marker": "rome"}, 1
    s.turn = 2
    s = skip_to(mover(s, "rome"), "rome", "capture")
    assert s.provinces["creta"].controller is None
    assert any("removed" in x for x in logs(s))


def test_b4_12_another_option_ends_the_attempt_c20():
    s = game(5)
    pv = s.provinces["cyrenaica"]
    pv.legions, pv.fortress, pv.held, pv.marker_turn = {"rome": 2}, None, {"marker": "rome"}, 1
    s.seas["african"] = {"rome": 1}
    s.turn = 2
    s = skip_to(mover(s, "rome"), "rome", "capture")
    s = act(s, "rome", "destroy", "temple") if ("destroy", "temple") in choices(s, "rome") else \
        act(s, "rome", "destroy", "market")
    assert "marker" not in s.provinces["cyrenaica"].held
    assert s.provinces["cyrenaica"].controller == "egypt"


def test_b4_12_no_marker_attempt_in_a_capital_b4_13():
    s = game(5)
    pv = s.provinces["aegyptus"]
    pv.legions = {"rome": 1}
    s = skip_to(mover(s, "rome"), "rome", "capture")
    assert s.flow[-1]["area"] == "aegyptus"
    assert ("marker", None) not in choices(s, "rome")
    s = act(s, "rome", "occupy")
    s = act(s, "rome", "occ", "city:0")
    assert len(B.great_cities(s, "rome")) == 2 and len(B.great_cities(s, "egypt")) == 0


def test_b4_12_queen_of_sheba_takes_the_province_at_once():
    s = capturer(lambda s: s.players["rome"].cards.append("queen_of_sheba"))
    s = act(s, "rome", "marker")
    assert top(s) == "sheba"
    s = act(s, "rome", "sheba", "yes")
    pv = s.provinces["cyrenaica"]
    assert pv.controller == "rome" and pv.legions == {"rome": 1}
    assert any("Queen of Sheba" in x for x in logs(s))


def test_b4_14_circe_legions_on_empty_caravan_slots():
    s = game(5)
    s.players["rome"].cards.append("circe")
    empty(s, "gallia")
    s.provinces["gallia"].legions = {"rome": 1}
    s = skip_to(mover(s, "rome"), "rome", "capture")
    assert top(s) == "circe"
    assert ("circe", "gallia:caravan:0") in choices(s, "rome")
    s = act(s, "rome", "circe", "gallia:caravan:0")
    assert s.provinces["gallia"].circe == {"caravan:0": "rome"}
    assert B.tracks(s, "rome")["trade"] == 7 + 1        # Circe's influence; no Caravan


def test_b4_1_statue_of_zeus_peace_c23():
    s = game(5)
    s.players["rome"].cards.append("statue_of_zeus")
    s.provinces["cisalpina"].legions = {"rome": 1, "greece": 2}
    s.provinces["macedonia"].legions = {"greece": 1, "rome": 1}
    s = enter(s, "movement")
    assert active(s) == ["rome"] and ("peace", "greece") in choices(s, "rome")
    s = act(s, "rome", "peace", "greece")
    assert s.provinces["cisalpina"].legions == {"rome": 1}
    assert s.provinces["achaea"].legions == {"greece": 2}
    assert s.provinces["macedonia"].legions == {"greece": 1}
    assert s.provinces["italia"].legions == {"rome": 2}
    assert s.players["rome"].zeus_last == "greece"
    s = act(s, "rome", "mover", "greece")
    assert "cisalpina" not in M.destinations(s, "greece", "thracia")
    # next turn: not the same opponent twice in a row
    s.turn = 2
    s = enter(s, "movement")
    assert ("peace", "greece") not in choices(s, "rome")


def test_b4_15_conquest_is_checked_after_the_last_segment():
    s = game(5)
    for pid in ("asia", "judaea", "sicilia"):
        s.provinces[pid].controller = "rome"
        s.provinces[pid].cities = [True]
    s = mover(s, "rome")
    while s.result is None:
        s = act(s, "rome", "done")
    assert s.result.winners == ["rome"] and "conquest" in s.result.reason


def test_b4_illegal_moves_are_refused():
    s = mover(game(5), "rome")
    with pytest.raises(IllegalAction):
        act(s, "rome", "army", "gallia")
    with pytest.raises(IllegalAction):
        act(s, "greece", "done")
    hand(s, "rome", {})


def test_b4_4_losing_the_trireme_in_a_naval_battle_breaks_the_chain():
    """§4.1.1 and the §4.1.2 note: had Rome fought for the African Sea and lost its Trireme, the
    Italy -> Cyrenaica transfer would have been impossible. Rome rolls 1 (0 hits), Egypt 5
    (1 hit)."""
    s = mover(egypt_example(), "rome")
    s = act(s, "rome", "fleet", "ionian")
    s = act(s, "rome", "to", "african")
    s = act(s, "rome", "done")
    s.rng.scripted = ["1", "5"]
    s = act(s, "rome", "battle", "african:egypt")
    assert s.seas["african"] == {"egypt": 1} and s.seas["ionian"] == {"rome": 1}
    assert s.last_battle["losses"] == {"rome": 1, "egypt": 0}
    assert top(s) == "legions"                       # one battle per Sea: nothing more to fight
    assert "cyrenaica" not in M.destinations(s, "rome", "italia")
    assert "cyrenaica" not in M.destinations(s, "rome", "creta")


def test_b4_7_hits_are_the_sum_over_five_rounded_down_a_fortress_never_below_zero():
    """§4.2: Carthage (active, no battle Hero) rolls 4, 4, 1 = 9: 1 hit; Greece (Pericles, not
    active) rolls 1, 1 + 2 × 2 = 6: 1 hit. With a Greek Fortress: Greece 6 + 5 = 11, 2 hits, and
    Carthage's 1 hit less one is 0, never negative."""
    s = game(5)
    empty(s, "gallia")
    s.provinces["gallia"].legions = {"carthage": 3, "greece": 2}
    s = skip_to(mover(s, "carthage"), "carthage", "land")
    s.rng.scripted = ["4", "4", "1", "1", "1"]
    s = act(s, "carthage", "battle", "gallia:greece")
    rolls = s.last_battle["rolls"]
    assert (rolls["carthage"]["total"], rolls["carthage"]["hits"]) == (9, 1)
    assert (rolls["greece"]["total"], rolls["greece"]["per_die"], rolls["greece"]["hits"]) == (6, 2, 1)
    assert s.provinces["gallia"].legions == {"carthage": 2, "greece": 1}
    s = game(5)
    empty(s, "gallia")
    s.provinces["gallia"].legions = {"carthage": 3, "greece": 2}
    s.provinces["gallia"].fortress = "greece"
    s = skip_to(mover(s, "carthage"), "carthage", "land")
    s.rng.scripted = ["4", "4", "1", "1", "1"]
    s = act(s, "carthage", "battle", "gallia:greece")
    rolls = s.last_battle["rolls"]
    assert (rolls["carthage"]["total"], rolls["carthage"]["hits"]) == (9, 0)
    assert (rolls["greece"]["total"], rolls["greece"]["hits"]) == (11, 2)
    assert s.provinces["gallia"].legions == {"carthage": 1, "greece": 2}
    assert s.provinces["gallia"].fortress == "greece"


def test_b4_9_a_capturer_who_wins_a_defence_keeps_what_he_held():
    """§4.3: if the Capturer's Legions survive as the only Units they keep holding what they held
    before the battle. Egypt (active) rolls 1: 0 hits; Rome rolls 5, 5: 2 hits."""
    s = game(5)
    pv = s.provinces["cyrenaica"]
    pv.legions, pv.fortress = {"rome": 2, "egypt": 1}, None
    pv.held = {"caravan:0": "rome"}
    s = skip_to(mover(s, "egypt"), "egypt", "land")
    s.rng.scripted = ["1", "5", "5"]
    s = act(s, "egypt", "battle", "cyrenaica:rome")
    pv = s.provinces["cyrenaica"]
    assert pv.legions == {"rome": 2} and pv.held == {"caravan:0": "rome"}
    assert B.holder(pv, "caravan:0") == "rome"


def test_b4_12_no_control_marker_left_when_the_change_is_due_ends_the_attempt():
    """B.4.12 (missing marker): a Capturer with none of his 7 Control Markers left cannot put one;
    the attempt ends, the owner keeps his marker and the Province."""
    s = game(5)
    pv = s.provinces["cyrenaica"]
    pv.legions, pv.fortress, pv.held, pv.marker_turn = {"rome": 2}, None, {"marker": "rome"}, 1
    s.seas["ionian"], s.seas["african"] = {"rome": 1}, {"rome": 1}
    for pid in ("gallia", "hispania", "germania", "dalmatia", "dacia"):
        s.provinces[pid].controller = "rome"
    assert B.pieces_left(s, "rome")["control_markers"] == 0
    s.turn = 2
    s = skip_to(mover(s, "rome"), "rome", "capture")
    s = act(s, "rome", "hold")
    pv = s.provinces["cyrenaica"]
    assert top(s) != "swap"
    assert pv.controller == "egypt" and "marker" not in pv.held and pv.marker_turn is None
    assert pv.legions == {"rome": 2}
    assert any("no Control Marker left" in x for x in logs(s))


def test_b4_12_queen_of_sheba_needs_the_marker_option():
    """§10 Queen of Sheba works on a Control Marker captured this turn: without an adjacent or
    connected Province of his (§4.3.3) there is no capture of the marker, so no sacrifice."""
    s = game(5)
    s.players["rome"].cards.append("queen_of_sheba")
    pv = s.provinces["cyrenaica"]
    pv.legions, pv.fortress = {"rome": 2}, None
    s = skip_to(mover(s, "rome"), "rome", "capture")
    assert s.flow[-1]["area"] == "cyrenaica"
    assert ("marker", None) not in choices(s, "rome")
    assert "sheba" not in verbs(s, "rome")


def test_b4_14_circe_only_in_own_provinces_option_c13():
    s = game(5, circe_where="controlled")
    s.players["rome"].cards.append("circe")
    empty(s, "gallia")
    s.provinces["gallia"].legions = {"rome": 1}
    s = skip_to(mover(s, "rome"), "rome", "capture")
    assert M.circe_spots(s, "rome") == []             # not in neutral Gallia
    s.provinces["cisalpina"].caravans = [True, False]
    s.touch()
    assert M.circe_spots(s, "rome") == ["cisalpina:caravan:1"]
    s.options["circe_where"] = "free"
    assert sorted(M.circe_spots(s, "rome")) == ["cisalpina:caravan:1", "gallia:caravan:0"]


def test_b4_1_statue_of_zeus_fortresses_and_triremes_stay_no_sea_battle_c23():
    """§11: only Legions go home; the two may not fight each other at sea either; declining
    peace lets the same opponent be chosen next turn."""
    s = game(5)
    s.players["rome"].cards.append("statue_of_zeus")
    s.provinces["achaea"].legions = {"rome": 2}
    s.seas["ionian"] = {"rome": 1, "greece": 1}
    s = enter(s, "movement")
    s = act(s, "rome", "peace", "greece")
    assert s.provinces["achaea"].legions == {} and s.provinces["achaea"].fortress == "greece"
    assert s.provinces["italia"].legions == {"rome": 3}
    assert s.seas["ionian"] == {"rome": 1, "greece": 1}
    s = act(s, "rome", "mover", "rome")
    s = act(s, "rome", "done")                              # no Trireme moves
    assert M.naval_options(s, "rome") == []
    assert "achaea" not in M.destinations(s, "rome", "italia")
    s.turn = 2
    s.players["rome"].zeus_last = "greece"
    s = enter(s, "movement")
    s = act(s, "rome", "peace", "none")
    assert s.players["rome"].zeus_last is None and s.peace == []
    s.turn = 3
    s = enter(s, "movement")
    assert ("peace", "greece") in choices(s, "rome")


def test_b4_7_the_dice_option_rolls_plain_d6():
    """Part F: the faces are data; with ``dice = d6`` a 6 can be rolled (the reconstructed die has
    no 6), and the sum over five still makes the hits."""
    s = game(5, dice="d6")
    empty(s, "gallia")
    s.provinces["gallia"].legions = {"carthage": 1, "greece": 1}
    s = skip_to(mover(s, "carthage"), "carthage", "land")
    s.rng.scripted = ["6", "1"]
    s = act(s, "carthage", "battle", "gallia:greece")
    assert s.last_battle["rolls"]["carthage"]["dice"] == [6]
    assert s.last_battle["rolls"]["carthage"]["hits"] == 1
    assert s.provinces["gallia"].legions == {"carthage": 1}


def test_b4_9_the_capturer_may_also_do_nothing():
    """§4.3: in each Province he captures the Capturer *may* destroy, occupy or try for the
    Control Marker; he may also leave the Province as it is."""
    s = capturer()
    assert ("hold", None) in choices(s, "rome")
    before = s.provinces["cyrenaica"].model_dump()
    s = act(s, "rome", "hold")
    assert s.provinces["cyrenaica"].model_dump() == before
    assert not any("keeps his hold" in x for x in logs(s))
