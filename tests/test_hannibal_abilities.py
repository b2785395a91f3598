"""The generals' special abilities (§24, printed on the counters), each played out with scripted
dice against the same roll without the ability where that shows the difference."""

from __future__ import annotations

from games.hannibal import combat as C
from games.hannibal import prims as P
from tests.test_hannibal_kit import (
    act,
    active,
    args,
    card_play,
    clear,
    dice,
    game,
    logs,
    move,
    put,
    settle,
    top,
)

OPS1, OPS2, OPS3 = 6, 5, 1      # #6 Maharbal (1), #5 Guide (2), #1 Revolt (3, ship)
FORCED3 = 63                     # Force March, OPS 3


def blank():
    return clear(game())


def _sail_to_new_carthage(general: str):
    s = blank()
    put(s, "carthage", "carthage", 5, (general,))
    s = move(s, "carthage", OPS3, general, 5)
    s = act(s, "carthage", "sail")
    s = act(s, "carthage", "province", "orospeda")
    dice(s, 6)
    return act(s, "carthage", "port", "new_carthage")


def test_s24_mago_minus_one_on_the_naval_roll():
    """§11.6, §24 Mago: Carthage -> New Carthage is -4 (both ports -2); a 6 makes 2, a return
    for Hasdrubal; under Mago the same 6 makes 1 and the fleet lands safely."""
    s = _sail_to_new_carthage("hasdrubal")
    assert logs(s, "log.naval_roll") == [{"roll": 6, "mod": -4, "result": "@naval.return"}]
    assert P.cu(s, "carthage", "new_carthage") == 0
    s = _sail_to_new_carthage("mago")
    assert logs(s, "log.naval_roll") == [{"roll": 6, "mod": -5, "result": "@naval.safe"}]
    assert P.cu(s, "carthage", "new_carthage") == 5 and P.where(s, "mago") == "new_carthage"


def _roman_march_to_praeneste(general: str, at: str, cus: int):
    """A Carthaginian ``general`` with ``cus`` CUs at ``at``; Varro (5 CUs) marches from Rome
    into Praeneste (a Roman PC)."""
    s = blank()
    s.spaces["sena"].pc = None
    put(s, "carthage", at, cus, (general,))
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    return act(s, "rome", "to", "praeneste")


def test_s24_gisgo_avoids_on_1_to_3():
    """§13.1, §24 Gisgo: his battle rating is 1, yet he avoids on a 3; Hasdrubal Barca (3) on
    a 4 does not."""
    s = _roman_march_to_praeneste("gisgo", "praeneste", 3)
    assert args(s, "carthage", "here") == ["stand", "avoid"]
    dice(s, 3)
    s = act(s, "carthage", "here", "avoid")
    assert logs(s, "log.avoid_ok") == [{"g": "@gen.gisgo", "roll": 3}]
    assert top(s) == "avoid_to" and "sena" in args(s, "carthage", "avoid_to")
    s = act(s, "carthage", "avoid_to", "sena")
    assert P.cu(s, "carthage", "sena") == 3 and P.where(s, "gisgo") == "sena"
    s = _roman_march_to_praeneste("hasdrubal", "praeneste", 3)
    dice(s, 4)
    s = act(s, "carthage", "here", "avoid")
    assert logs(s, "log.avoid_failed") == [{"g": "@gen.hasdrubal", "roll": 4}]
    assert s.battle is not None and s.battle["avoid_failed"] == "carthage"


def test_s24_gisgo_intercepts_on_1_to_3():
    """§12.4, §24 Gisgo: into Praeneste (a Roman PC, no Carthaginian CUs: +1) a 2 + 1 = 3
    intercepts for Gisgo, whose battle rating is 1."""
    s = _roman_march_to_praeneste("gisgo", "terventum", 4)
    assert args(s, "carthage", "intercept") == ["terventum", ""]
    s = act(s, "carthage", "intercept", "terventum")
    s = act(s, "carthage", "icu", 4)
    dice(s, 2)
    s = act(s, "carthage", "intercept", "")
    assert logs(s, "log.intercept_ok") == [{"g": "@gen.gisgo", "roll": 2, "mod": 1,
                                            "where": "@space.praeneste"}]
    assert P.cu(s, "carthage", "praeneste") == 4 and P.where(s, "gisgo") == "praeneste"
    assert active(s) == ["rome"] and args(s, "rome", "fight") == ["battle", "return"]


def test_s24_varro_intercepts_on_1_to_4():
    """§12.4, §24 Varro: Hannibal marches from Terventum into Praeneste; Varro (battle rating
    1) intercepts from Rome on a 4 (no +1: the area holds no Carthaginian PC)."""
    s = blank()
    put(s, "carthage", "terventum", 8, ("hannibal",))
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    assert "rome" in args(s, "rome", "intercept")
    s = act(s, "rome", "intercept", "rome")
    s = act(s, "rome", "icu", 5)
    dice(s, 4)
    s = act(s, "rome", "intercept", "")
    assert logs(s, "log.intercept_ok") == [{"g": "@gen.varro", "roll": 4, "mod": 0,
                                            "where": "@space.praeneste"}]
    assert P.cu(s, "rome", "praeneste") == 5 and args(s, "carthage", "fight") == ["battle",
                                                                                "return"]


def test_s24_flaminius_pursues_on_1_to_4():
    """§13.4, §24 Flaminius: after Hasdrubal avoids, Flaminius (battle rating 2) goes on with
    a 4; Varro stops on the same 4."""
    for general, ok in (("flaminius", True), ("varro", False)):
        s = blank()
        s.spaces["sena"].pc = None
        put(s, "carthage", "praeneste", 3, ("hasdrubal",))
        put(s, "rome", "rome", 5, (general,))
        s = move(s, "rome", OPS2, general, 5)
        s = act(s, "rome", "to", "praeneste")
        dice(s, 1)
        s = act(s, "carthage", "here", "avoid")
        s = act(s, "carthage", "avoid_to", "sena")
        assert args(s, "rome", "pursue") == ["roll", "stop"]
        dice(s, 4)
        s = act(s, "rome", "pursue", "roll")
        key = "log.pursue_ok" if ok else "log.pursue_failed"
        assert logs(s, key) == [{"g": f"@gen.{general}", "roll": 4}]
        assert (top(s) == "march") is ok


def _set_hands(s, carthage, rome):
    s.bhands = {"carthage": sorted(carthage), "rome": sorted(rome)}
    s.touch()
    return s


def test_s24_longus_counterattacks_on_1_to_2_as_the_original_attacker():
    """§14.8, §24 Longus: Longus attacks Hasdrubal; Hasdrubal matches and takes the initiative;
    when Longus matches in his turn, a 2 gives it back to him (his battle rating is 1)."""
    s = blank()
    put(s, "rome", "praeneste", 5, ("longus",))
    put(s, "carthage", "praeneste", 4, ("hasdrubal",))
    C.start_battle(s, "rome", "praeneste", came_from="rome")
    s = settle(s)
    assert C.counter_range(s, "rome") == 2 and C.counter_range(s, "carthage") == 3
    s = _set_hands(s, ["flank_left", "probe"], ["flank_left", "probe"])
    s = act(s, "rome", "lead", "flank_left")
    s = act(s, "carthage", "match", "flank_left")
    dice(s, 3)
    s = act(s, "carthage", "counter", "roll")
    assert s.battle["lead"] == "carthage"
    s = act(s, "carthage", "lead", "probe")
    s = act(s, "rome", "match", "probe")
    dice(s, 2)
    s = act(s, "rome", "counter", "roll")
    assert logs(s, "log.counter")[-1] == {"side": "@side.rome", "roll": 2, "result": "@ok.1"}
    assert s.battle["lead"] == "rome"


def test_s24_longus_range_is_his_rating_as_the_defender():
    """§24 Longus: the 1-2 counterattack is for the original attacker only."""
    s = blank()
    put(s, "rome", "praeneste", 5, ("longus",))
    put(s, "carthage", "praeneste", 4, ("hasdrubal",))
    C.start_battle(s, "carthage", "praeneste", came_from="terventum")
    assert C.counter_range(s, "rome") == 1


def test_s24_p_scipio_counts_strategy_2_in_iberia():
    """§8.2, §24 Publius Scipio: his strategy rating 3 counts as 2 in Iberia, so a 2-OPS card
    moves him in Tarraco and not in Rome."""
    s = blank()
    put(s, "rome", "tarraco", 3, ("p_scipio",))
    s = card_play(s, "rome", [OPS2])
    s = act(s, "rome", "card", OPS2)
    s = act(s, "rome", "use", "move")
    assert args(s, "rome", "general") == ["p_scipio"]
    s = blank()
    put(s, "rome", "rome", 3, ("p_scipio",))
    s = card_play(s, "rome", [OPS2])
    s = act(s, "rome", "card", OPS2)
    assert "move" not in args(s, "rome", "use")


def _africanus_at_capua(card: int, use: str):
    s = blank()
    s.spaces["capua"].pc = "carthage"
    put(s, "rome", "capua", 5, ("africanus",))
    s.proconsuls = ["africanus"]
    s = card_play(s, "rome", [card])
    s = act(s, "rome", "card", card)
    s = act(s, "rome", "use", use)
    s = act(s, "rome", "general", "africanus")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "stop")
    assert args(s, "rome", "siege") == ["roll", "no"]
    return s


def test_s24_africanus_rolls_twice_on_the_siege_table_with_a_forced_march():
    """§20.2, §24 Scipio Africanus: activated with a Forced March he rolls on the siege table
    twice and both rolls count: 4 and 4 give 2 points; with an OPS card one roll, 1 point."""
    s = _africanus_at_capua(FORCED3, "event")
    dice(s, 4, 4)
    s = act(s, "rome", "siege", "roll")
    assert [x["roll"] for x in logs(s, "log.siege_roll")] == [4, 4]
    assert s.spaces["capua"].siege == 2 and s.spaces["capua"].siege_by == "rome"
    s = _africanus_at_capua(OPS3, "move")
    dice(s, 4, 4)
    s = act(s, "rome", "siege", "roll")
    assert [x["roll"] for x in logs(s, "log.siege_roll")] == [4]
    assert s.spaces["capua"].siege == 1


def test_s24_africanus_second_roll_can_take_the_city():
    """§20.8 with §24: 4 (1 point) then 6 (2 points) make 3: Capua falls within one attempt."""
    s = _africanus_at_capua(FORCED3, "event")
    dice(s, 4, 6)
    s = act(s, "rome", "siege", "roll")
    assert s.spaces["capua"].pc == "rome" and s.spaces["capua"].siege == 0
    assert logs(s, "log.city_taken") == [{"side": "@side.rome", "where": "@space.capua"}]


def test_s24_africanus_rolls_once_to_subjugate_a_tribe():
    """§24: Scipio Africanus' double roll is not for subjugation."""
    s = blank()
    tribe = next(sid for sid, sp in s.spaces.items() if sp.tribe == "neutral")
    put(s, "rome", tribe, 5, ("africanus",))
    s.proconsuls = ["africanus"]
    s = card_play(s, "rome", [FORCED3])
    s = act(s, "rome", "card", FORCED3)
    s = act(s, "rome", "use", "event")
    s = act(s, "rome", "general", "africanus")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "stop")
    dice(s, 4, 4)
    s = act(s, "rome", "siege", "roll")
    assert [x["roll"] for x in logs(s, "log.siege_roll")] == [4]


def test_s24_hannibal_plays_a_probe_as_a_double_envelopment():
    """§24 Hannibal: once per battle a Probe as Flank Left, Flank Right or Double Envelopment;
    a win with it counts as that type on the rout table (+2, §14.12)."""
    s = blank()
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "praeneste", 8, ("hannibal",))
    C.start_battle(s, "carthage", "praeneste", came_from="terventum")
    s = settle(s)
    s = _set_hands(s, ["probe", "probe"], ["frontal_assault"])
    s = act(s, "carthage", "lead", "probe>double_envelopment")
    assert s.battle["probe_used"]
    dice(s, 1, 1)
    s = act(s, "rome", "match", "")
    assert logs(s, "log.rout")[0]["mod"] == 2


def test_s24_hannibal_matches_with_a_probe_once_per_battle():
    """§24 Hannibal: "once per battle may play a Probe as a Flank Left, Flank Right or Double
    Envelopment" (the printed ability names no side of the round): defending, he answers a
    Double Envelopment with a Probe, which then counts as the matched DE (automatic initiative,
    §14.8); the next Flank Right finds the ability used and his second Probe cannot answer it.
    Rome wins with the Flank Right: 2 rounds, roll 1 -> no losses; rout of 8 CUs, roll 1 -> 2."""
    s = blank()
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "praeneste", 8, ("hannibal",))
    C.start_battle(s, "rome", "praeneste", came_from="sena")
    s = settle(s)
    s = _set_hands(s, ["probe", "probe"], ["double_envelopment", "flank_right"])
    s = act(s, "rome", "lead", "double_envelopment")
    assert args(s, "carthage", "match") == ["probe>double_envelopment", ""]
    s = act(s, "carthage", "match", "probe>double_envelopment")
    assert s.battle["probe_used"] and s.bhands["carthage"] == ["probe"]
    assert s.battle["played"][-1] == ["carthage", "probe", "double_envelopment"]
    assert top(s) == "b_take"               # a matched Double Envelopment (§14.8)
    s = act(s, "carthage", "take", "no")
    s = act(s, "rome", "lead", "flank_right")
    assert args(s, "carthage", "match") == [""]
    dice(s, 1, 1)
    s = act(s, "carthage", "match", "")
    assert logs(s, "log.battle_losses")[0] == {"roll": 1, "rounds": 2, "a": 0, "d": 0}
    assert logs(s, "log.rout")[0] == {"side": "@side.carthage", "roll": 1, "mod": 0, "n": 2}


def test_s24_only_a_commanding_hannibal_matches_with_a_probe():
    """§24: only the commander's ability counts; Mago commanding (Hannibal elsewhere) answers a
    Flank Left with a Flank Left or not at all."""
    s = blank()
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "praeneste", 8, ("mago",))
    put(s, "carthage", "capua", 2, ("hannibal",))
    C.start_battle(s, "rome", "praeneste", came_from="sena")
    s = settle(s)
    s = _set_hands(s, ["probe"], ["flank_left"])
    s = act(s, "rome", "lead", "flank_left")
    assert args(s, "carthage", "match") == [""]
