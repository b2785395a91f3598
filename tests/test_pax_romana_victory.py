"""Pax Romana victory (§15): the GOP and CVP scales with shared ties (the rulebook's end-of-Turn-I
CVP example and end-of-Turn-III GOP example), the scales for fewer Powers (ambiguity A22), GOP
counting (§15.2.2), Optional Objectives (§15.4), the Victory Phase's Stability awards (§15.1.2),
the end of the game, and the Turn Order Phase (§15.1.3)."""

from __future__ import annotations

from games.pax_romana import victory
from games.pax_romana.control import province_map, territory_map
from games.pax_romana.state import City
from tests.pax_romana_support import blank


def test_15_3_3_the_cvp_example_of_the_rulebook() -> None:
    """End of Turn I: Greece 3 cities + 3 settlements = 12, East 1 + 4 = 7, Rome 2 + 1 = 7,
    Carthage 1 + 2 = 5: Greece 5 VP, Rome and East (3 + 1) / 2 = 2 each, Carthage 0."""
    s = blank()
    towns = {"greece": (["athens", "pella", "corinth"], ["sparta", "thessalonica", "larissa"]),
             "east": (["alexandria"], ["memphis", "antioch", "tyre", "damascus"]),
             "rome": (["rome", "capua"], ["pisae"]),
             "carthage": (["carthage"], ["utica", "hadrumetum"])}
    for power, (cities, settlements) in towns.items():
        for sp in cities:
            s.cities[sp] = City(owner=power, kind="city", fp=5)
        for sp in settlements:
            s.cities[sp] = City(owner=power, kind="settlement", fp=2)
    cvp = {p: victory.cvp_of(s, p) for p in s.roles}
    assert cvp == {"greece": 12, "east": 7, "rome": 7, "carthage": 5}
    assert victory.scale_points(cvp, [5, 3, 1, 0]) == {"greece": 5, "east": 2, "rome": 2,
                                                       "carthage": 0}


def test_15_2_3_the_gop_example_and_the_tie_rules() -> None:
    """End of Turn III: Greece and East 8 GOP, Carthage 7, Rome 4: Greece and East (7 + 4) / 2
    = 5 each, Carthage 2, Rome 0. A tie for 3rd: (2 + 0) / 2 = 1; a three-way tie for 2nd:
    (4 + 2 + 0) / 3 = 2."""
    scale = [7, 4, 2, 0]
    assert victory.scale_points({"greece": 8, "east": 8, "carthage": 7, "rome": 4}, scale) == {
        "greece": 5, "east": 5, "carthage": 2, "rome": 0}
    assert victory.scale_points({"a": 9, "b": 8, "c": 3, "d": 3}, scale)["c"] == 1
    assert victory.scale_points({"a": 9, "b": 3, "c": 3, "d": 3}, scale)["b"] == 2
    # CVP: a three-way tie for 1st gives (5 + 3 + 1) / 3 = 3; a tie for 3rd (1 + 0) / 2 = 0
    assert victory.scale_points({"a": 4, "b": 4, "c": 4, "d": 0}, [5, 3, 1, 0])["a"] == 3
    assert victory.scale_points({"a": 4, "b": 3, "c": 1, "d": 1}, [5, 3, 1, 0])["c"] == 0


def test_a22_scales_for_two_and_three_powers() -> None:
    from games.pax_romana.control import data
    scales = data().tables.victory_scales
    assert scales.gop(2) == [7, 0] and scales.cvp(3) == [5, 3, 0]


def test_15_2_2_gop_counting() -> None:
    """1 per province (not a Barbarian Territory), 1 per territory other than the Power's own
    Home Territory; an undivided territory counts once."""
    s = blank()
    provinces = province_map(s)
    assert victory.gop_of(s, "rome", provinces, territory_map(provinces)) == 3
    for p in ("baetica", "lusitania", "gallaecia", "tarraconensis", "balearic_islands"):
        from games.pax_romana.control import data
        s.add(data().spaces_of(p)[0], "rome", "LI")
    s.add("knossos", "rome", "LI")          # Crete, undivided
    provinces = province_map(s)
    assert victory.gop_of(s, "rome", provinces, territory_map(provinces)) == 3 + 5 + 1 + 1


def test_15_4_objectives_score_gop_or_vp_and_are_revealed() -> None:
    """Objective B (control Egypt) gives 8 GOP to a Power other than the East; L (the richest
    after income) gives 3 VP and goes back to the pool (§15.4.7)."""
    s = blank()
    for sp in ("alexandria", "pelusium", "memphis"):
        s.add(sp, "rome", "LI")
    s.powers["rome"].objectives = ["B"]
    s.powers["greece"].objectives = ["L"]
    s.powers["greece"].richest = True
    s.objective_pool.remove("B")
    s.objective_pool.remove("L")
    gained = victory.score(s)
    assert s.powers["rome"].gop == 3 + 1 + 8
    assert s.powers["rome"].objectives_shown == ["B"]
    assert "L" not in s.powers["greece"].objectives and "L" in s.objective_pool
    assert gained["greece"] >= 3
    assert not victory.objective_usable("B", "east")
    assert not victory.objective_usable("F", "greece")


def test_15_1_2_most_and_fewest_vp_move_stability_and_the_game_ends() -> None:
    s = blank("VII")
    s.cities["athens"] = City(owner="greece", kind="city", fp=5)
    s.add("utica", "rome", "LI")         # Rome holds a Carthaginian space: no province
    stab = {r: p.stability for r, p in s.powers.items()}
    s.turn = s.last_turn = 1
    victory.victory_phase(s)
    # GOP: East 6 provinces, Greece 5, Carthage 4, Rome 3: 7, 4, 2, 0; CVP: Greece 3 (5),
    # the others tied at 0 share (3 + 1 + 0) / 3 = 1
    assert {r: p.vp_turn for r, p in s.powers.items()} == {
        "east": 7 + 1, "greece": 4 + 5, "carthage": 2 + 1, "rome": 0 + 1}
    assert s.powers["greece"].stability == min(8, stab["greece"] + 1)
    assert s.powers["rome"].stability == stab["rome"] - 1
    assert s.result is not None and s.result.winners == ["greece"]


def test_15_1_3_turn_order_lowest_vp_then_stability_then_cvp_then_dice() -> None:
    s = blank()
    for r, (vp, stab, cvp) in {"rome": (5, 3, 2), "carthage": (2, 4, 1), "greece": (5, 3, 1),
                               "east": (5, 3, 1)}.items():
        p = s.powers[r]
        p.vp, p.stability, p.cvp = vp, stab, cvp
    s.rng.scripted = ["4", "2"]         # Greece rolls 4, the East 2: the East goes first
    victory.turn_order_phase(s)
    assert s.first_round == ["carthage", "east", "greece", "rome"]


def test_scenario_ii_automatic_victory_by_the_enemy_capital() -> None:
    s = blank("II")
    assert victory.automatic_victory(s) == []
    s.add("carthage", "rome", "LG")
    assert victory.automatic_victory(s) == ["rome"]


def test_15_4_7_objectives_discarded_unseen_in_the_removal_phase() -> None:
    from games.pax_romana.leaders import removal_phase
    from games.pax_romana.rules import RULES
    from tests.pax_romana_support import act, choices, hold
    s = blank()
    s.powers["rome"].objectives = ["C", "H"]
    s.objective_pool.remove("C")
    s.objective_pool.remove("H")
    hold(s, "east")
    removal_phase(s)
    s = RULES.copy(s)
    assert RULES.view(s, None).active == ["rome"]
    assert ("discard", "C") in choices(s, "rome")
    before = s.objective_pool.count("H")
    s = act(s, "rome", "discard", "H")
    assert s.objective_pool.count("H") == before          # nothing happens before the reveal
    s = act(s, "rome", "confirm")
    assert s.powers["rome"].objectives == ["C"] and s.objective_pool.count("H") == before + 1
