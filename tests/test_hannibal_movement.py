"""Card play (§8), land movement (§10), naval movement (§11), interception (§12), avoid battle
and pursuit (§13), with scripted dice."""

from __future__ import annotations

from games.hannibal import board as B
from games.hannibal import movement as M
from games.hannibal import prims as P
from tests.test_hannibal_kit import (
    act,
    active,
    args,
    card_play,
    choices,
    clear,
    dice,
    game,
    logs,
    move,
    put,
    top,
)

OPS1, OPS2, OPS3 = 6, 5, 1      # #6 Maharbal (1), #5 Guide (2), #1 Revolt (3, ship)


def blank():
    return clear(game())


def test_s8_2_strategy_rating_limits_the_card():
    """§8.2: a card moves a general whose strategy rating is at most its OPS; P. Scipio counts 2
    in Iberia (§24)."""
    s = blank()
    put(s, "carthage", "saguntum", 5, ("hannibal",))
    put(s, "carthage", "carthage", 4, ("hanno",))
    put(s, "rome", "tarraco", 5, ("p_scipio",), consul=True)
    from games.hannibal.cards import movable_generals
    assert movable_generals(s, "carthage", 1) == ["hannibal"]
    assert movable_generals(s, "carthage", 3) == ["hannibal", "hanno"]
    assert movable_generals(s, "rome", 2) == ["p_scipio"]


def test_s8_2_card_uses_offered():
    """§8.2-8.6: OPS to move, to place PCs, to raise a CU (OPS 3 only), or discard; an event
    only when implemented (Campaign) and of the player's colour."""
    s = blank()
    put(s, "rome", "rome", 5, ("p_scipio",), consul=True)
    s = card_play(s, "rome", [OPS1, 37])
    s = act(s, "rome", "card", OPS1)
    assert args(s, "rome", "use") == ["pcs", "discard", "back"]      # Scipio has strategy 3
    s = act(s, "rome", "use", "back")
    s = act(s, "rome", "card", 37)
    assert args(s, "rome", "use") == ["move", "pcs", "raise", "event", "discard", "back"]


def test_s19_2_place_pcs():
    """§19.2: OPS 2 -> two PCs, one per area, without enemy PC or CUs; an enemy PC is flipped
    where one has CUs, never a walled city (§20.1)."""
    s = blank()
    put(s, "rome", "saguntum", 1)
    put(s, "rome", "dianium", 1)
    s.spaces["tarraco"].pc = None
    s = card_play(s, "rome", [OPS2])
    s = act(s, "rome", "card", OPS2)
    s = act(s, "rome", "use", "pcs")
    spots = args(s, "rome", "pc")
    assert "tarraco" in spots and "dianium" in spots
    assert "saguntum" not in spots and "laminium" not in spots
    s = act(s, "rome", "pc", "tarraco")
    s = act(s, "rome", "pc", "dianium")
    assert s.spaces["tarraco"].pc == "rome" and s.spaces["dianium"].pc == "rome"
    assert logs(s, "log.pc_flipped") == [{"side": "@side.rome", "where": "@space.dianium"}]
    assert top(s) != "pcs"


def test_s8_2c_raise_troops():
    """§8.2(c): OPS 3 adds one CU to a general in a friendly area of a friendly province."""
    s = blank()
    put(s, "rome", "rome", 5, ("p_scipio",), consul=True)
    s = card_play(s, "rome", [OPS3])
    s = act(s, "rome", "card", OPS3)
    s = act(s, "rome", "use", "raise")
    assert args(s, "rome", "raise") == ["rome"]
    s = act(s, "rome", "raise", "rome")
    assert P.cu(s, "rome", "rome") == 6


def test_s10_2_four_areas_and_consul_five_cus():
    """§10.2: 4 MP, one per area; §18.1: a consul moves with at least 5 CUs."""
    s = blank()
    put(s, "rome", "rome", 8, ("p_scipio",), consul=True)
    s = move(s, "rome", OPS3, "p_scipio", 5)
    assert s.move["n"] == 5 and s.move["mp"] == 4
    for to in ("praeneste", "terventum", "apri", "cannae"):
        assert to in args(s, "rome", "to")
        s = act(s, "rome", "to", to)
    assert args(s, "rome", "to") == [] and s.move["mp"] == 0
    s = act(s, "rome", "stop")
    assert P.cu(s, "rome", "cannae") == 5 and P.cu(s, "rome", "rome") == 3
    assert s.last_move == ["rome", "praeneste", "terventum", "apri", "cannae"]


def test_s18_1_cu_choices_for_a_consul():
    """§18.1: a consul with 8 CUs takes 5 to 8 of them."""
    s = blank()
    put(s, "rome", "rome", 8, ("p_scipio",), consul=True)
    s = card_play(s, "rome", [OPS3])
    s = act(s, "rome", "card", OPS3)
    s = act(s, "rome", "use", "move")
    s = act(s, "rome", "general", "p_scipio")
    assert args(s, "rome", "cus") == [8, 7, 6, 5]


def test_s10_9_a_subordinate_leaves_a_weak_consul_alone():
    """§10.9: «Подчинённого полководца (с ВЧ или без них) разрешено отделять от войска в любой
    момент»; §18.1 forbids only taking CUs from the consul below 5: with 3 CUs the consul keeps
    them all and his subordinate leaves alone; with 7 he may take up to 2."""
    s = blank()
    put(s, "rome", "rome", 3, ("paullus",), consul=True)
    put(s, "rome", "rome", 0, ("varro",))
    from games.hannibal.movement import can_start_move, cu_range

    assert P.gens_at(s, "rome", "rome") == ["paullus", "varro"]
    assert cu_range(s, "varro") == (0, 0) and can_start_move(s, "varro")
    s = move(s, "rome", OPS1, "varro")
    s = act(s, "rome", "to", "praeneste")
    assert P.where(s, "varro") == "praeneste" and P.cu(s, "rome", "rome") == 3
    t = blank()
    put(t, "rome", "rome", 7, ("paullus",), consul=True)
    put(t, "rome", "rome", 0, ("varro",))
    assert cu_range(t, "varro") == (0, 2)


def test_s10_6_alpine_pass_costs_two_and_attrition():
    """§10.6: an Alpine pass costs 2 MP and the army rolls attrition without modifier: 10 CUs,
    roll 4 -> column 10+ -> 2 CUs."""
    s = blank()
    put(s, "carthage", "allobroges", 10, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 10)
    assert ("taurini") in args(s, "carthage", "to")
    dice(s, 4)
    s = act(s, "carthage", "to", "taurini")
    assert s.move["mp"] == 2 and P.cu(s, "carthage", "taurini") == 8
    assert logs(s, "log.attrition")[0]["why"] == "@why.pass"


def test_s10_6_ordinary_pass_minus_two():
    """§10.6: an ordinary pass gives -2: 6 CUs, roll 4 -> 2 -> column 5/6 -> 1 CU."""
    s = blank()
    put(s, "carthage", "mutina", 6, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 6)
    dice(s, 4)
    s = act(s, "carthage", "to", "faesulae")
    assert P.cu(s, "carthage", "faesulae") == 5


def test_s10_6_messina_strait_needs_both_ports():
    """§10.6: the Messina strait only for who controls Rhegium and Messana."""
    s = blank()
    put(s, "rome", "rhegium", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    assert "messana" in args(s, "rome", "to")
    s = blank()
    s.spaces["messana"].pc = "carthage"
    put(s, "rome", "rhegium", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    assert "messana" not in args(s, "rome", "to")


def test_s10_5_overrun():
    """§10.5: 5+ CUs entering an area with one enemy CU and no general destroy it and go on."""
    s = blank()
    put(s, "carthage", "praeneste", 1)
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "praeneste")
    assert active(s) == ["carthage"] and top(s) == "here"
    s = act(s, "carthage", "here", "stand")
    assert P.cu(s, "carthage", "praeneste") == 0 and logs(s, "log.overrun")
    assert top(s) == "march" and s.move["mp"] == 3


def test_s10_4_entering_enemy_cus_is_a_battle():
    """§10.4: entering an area with enemy CUs that do not avoid ends the move in battle."""
    s = blank()
    put(s, "carthage", "praeneste", 2)
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "carthage", "here", "stand")
    assert s.battle is not None and s.battle["attacker"] == "rome"
    assert s.battle["space"] == "praeneste" and s.battle["came_from"] == "rome"


def test_s10_4_lone_general_may_not_enter_enemy_cus():
    """§10.4: a general without CUs may not enter an area with enemy CUs."""
    s = blank()
    put(s, "carthage", "praeneste", 2)
    put(s, "rome", "rome", 0, ("varro",))
    s = move(s, "rome", OPS1, "varro")
    assert "praeneste" not in args(s, "rome", "to") and "capua" in args(s, "rome", "to")


def test_s10_10_lone_general_displaced():
    """§10.10: an enemy army entering the area of a general without CUs displaces him (a Roman
    goes back to the pool)."""
    s = blank()
    put(s, "rome", "praeneste", 0, ("varro",))
    put(s, "carthage", "terventum", 5, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 5)
    s = act(s, "carthage", "to", "praeneste")
    s = act(s, "rome", "here", "stand")
    assert s.gens["varro"] == "pool"


def test_s10_7_enter_walled_city():
    """§10.7: the active player moves into his own walled city as the end of a move."""
    s = blank()
    put(s, "rome", "praeneste", 2, ("varro",))
    s = move(s, "rome", OPS1, "varro", 2)
    s = act(s, "rome", "to", "rome")
    assert "walls" in [v for v, _ in choices(s, "rome")]
    s = act(s, "rome", "walls")
    assert P.cu(s, "rome", "rome:in") == 2 and P.where(s, "varro") == "rome:in"


def test_s11_naval_roll_example():
    """§11.5-11.6: Carthage -> New Carthage is -2 + -2 = -4: a 6 makes 2, a return."""
    s = blank()
    put(s, "carthage", "carthage", 5, ("hasdrubal",))
    assert M.naval_modifier(s, "carthage", "new_carthage", 5, "hasdrubal") == -4
    s = move(s, "carthage", OPS3, "hasdrubal", 5)
    s = act(s, "carthage", "sail")
    s = act(s, "carthage", "province", "orospeda")
    dice(s, 6)
    s = act(s, "carthage", "port", "new_carthage")
    assert logs(s, "log.naval_roll")[0] == {"roll": 6, "mod": -4, "result": "@naval.return"}
    assert P.cu(s, "carthage", "carthage") == 5 and top(s) != "march"


def test_s11_6_one_cu_with_roman_pc_example():
    """§11.6 example: 1 CU, New Carthage -> Rhegium with a Roman PC: -1 -2 +1 +1 = -1."""
    s = blank()
    assert M.naval_modifier(s, "new_carthage", "rhegium", 1, "hasdrubal") == -1
    assert M.naval_modifier(s, "new_carthage", "rhegium", 1, "mago") == -2


def test_s11_5_sunk():
    """§11.5: a modified 3 or more sinks the fleet: CUs lost, the general displaced."""
    s = blank()
    put(s, "carthage", "carthage", 3, ("hasdrubal",))
    s = move(s, "carthage", OPS3, "hasdrubal", 3)
    s = act(s, "carthage", "sail")
    s = act(s, "carthage", "province", "lucania")
    dice(s, 6)     # 6 - 2 + 1 + 1 (Rhegium +1 port, Roman PC) = 6
    s = act(s, "carthage", "port", "rhegium")
    assert P.cu(s, "carthage", "carthage") == 0 and s.gens["hasdrubal"] == "displaced"


def test_s11_1_roman_sails_without_roll_and_at_most_five():
    """§11.1, §11.4: a ship card carries at most 5 CUs; Rome makes no naval roll."""
    s = blank()
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "rome", "neapolis", 6, ("nero",))
    s = move(s, "rome", OPS3, "nero", 6)
    assert "sail" not in [v for v, _ in choices(s, "rome")]
    s = blank()
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "rome", OPS3, "varro", 5)
    s = act(s, "rome", "sail")
    s = act(s, "rome", "province", "sicilia")
    s = act(s, "rome", "port", "agrigentum")
    assert P.cu(s, "rome", "agrigentum") == 5 and not logs(s, "log.naval_roll")
    assert s.move["mp"] == 1


def test_s12_interception_success_and_battle():
    """§12.4: the interceptor rolls at most his battle rating (+1 into an area with an enemy PC
    and none of his CUs); on success he moves in and the mover fights or returns (§12.5)."""
    s = blank()
    put(s, "carthage", "terventum", 6, ("hannibal",))
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "praeneste")          # Roman PC, adjacent to Terventum
    assert active(s) == ["carthage"] and args(s, "carthage", "intercept") == ["terventum", ""]
    s = act(s, "carthage", "intercept", "terventum")
    assert args(s, "carthage", "icu") == [6, 5, 4, 3, 2, 1]
    s = act(s, "carthage", "icu", 5)
    dice(s, 3)                                     # 3 + 1 = 4 <= Hannibal's 4
    s = act(s, "carthage", "intercept", "")
    assert P.cu(s, "carthage", "praeneste") == 5 and P.cu(s, "carthage", "terventum") == 1
    assert logs(s, "log.intercept_ok")[0]["mod"] == 1
    assert active(s) == ["rome"] and args(s, "rome", "fight") == ["battle", "return"]
    s = act(s, "rome", "fight", "return")
    assert P.cu(s, "rome", "rome") == 5 and s.move is None or P.cu(s, "rome", "rome") == 5


def test_s12_interception_failure_locks_out():
    """§12.4, §12.10: a failed interceptor stays; it may not try again against this card."""
    s = blank()
    put(s, "carthage", "terventum", 6, ("hannibal",))
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "carthage", "intercept", "terventum")
    s = act(s, "carthage", "icu", 6)
    dice(s, 4)                                     # 4 + 1 = 5 > 4
    s = act(s, "carthage", "intercept", "")
    assert P.cu(s, "carthage", "terventum") == 6 and logs(s, "log.intercept_failed")
    assert s.activation["failed"] == [["hannibal", "varro"]]
    s = act(s, "rome", "to", "sena")
    assert top(s) == "march"                       # not asked again


def test_s13_avoid_battle_and_pursuit():
    """§13.1: avoid on a roll <= battle rating (Fabius 1-5); the avoider picks an adjacent area;
    §13.4: the mover may roll to go on (<= his battle rating)."""
    s = blank()
    put(s, "rome", "praeneste", 5, ("fabius",))
    put(s, "carthage", "terventum", 8, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    assert args(s, "rome", "here") == ["stand", "avoid"]
    dice(s, 5)
    s = act(s, "rome", "here", "avoid")
    assert active(s) == ["rome"] and top(s) == "avoid_to"
    assert "terventum" not in args(s, "rome", "avoid_to")       # §13.2 d
    s = act(s, "rome", "avoid_to", "sena")
    assert P.cu(s, "rome", "sena") == 5
    assert args(s, "carthage", "pursue") == ["roll", "stop"]
    dice(s, 2)
    s = act(s, "carthage", "pursue", "roll")
    assert top(s) == "march" and logs(s, "log.pursue_ok")


def test_s13_failed_avoid_fights_minus_one():
    """§13.1: a failed avoid fights with one battle card less."""
    s = blank()
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "terventum", 8, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    dice(s, 2)                       # Varro's battle rating is 1
    s = act(s, "rome", "here", "avoid")
    assert s.battle is not None and s.battle["avoid_failed"] == "rome"


def test_s10_2_pick_up_and_drop_on_the_way():
    """§10.2, §10.8-10.9: the army picks up CUs and a general on its way (never over 10 CUs,
    never a general higher in status) and drops some."""
    s = blank()
    put(s, "carthage", "terventum", 4, ("hannibal",))
    put(s, "carthage", "apri", 8, ("mago",))
    s = move(s, "carthage", OPS1, "hannibal", 4)
    s = act(s, "carthage", "to", "apri")
    s = act(s, "carthage", "troops")
    assert args(s, "carthage", "pick") == [1, 2, 3, 4, 5, 6]
    assert args(s, "carthage", "pickgen") == ["mago"]
    s = act(s, "carthage", "pick", 6)
    s = act(s, "carthage", "troops")
    s = act(s, "carthage", "pickgen", "mago")
    s = act(s, "carthage", "troops")
    s = act(s, "carthage", "drop", 3)
    s = act(s, "carthage", "to", "cannae")
    s = act(s, "carthage", "stop")
    assert P.cu(s, "carthage", "cannae") == 7 and P.cu(s, "carthage", "apri") == 5
    assert P.gens_at(s, "carthage", "cannae") == ["hannibal", "mago"]


def test_s10_12_nero_sails_twice_in_a_campaign():
    """§10.12, §24: with a Campaign card Nero moves 6 areas and may make two naval moves."""
    s = blank()
    put(s, "rome", "neapolis", 5, ("nero",))
    s = card_play(s, "rome", [37])
    s = act(s, "rome", "card", 37)
    s = act(s, "rome", "use", "event")
    s = act(s, "rome", "general", "nero")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "sail")
    s = act(s, "rome", "province", "sicilia")
    s = act(s, "rome", "port", "agrigentum")
    assert s.move["mp"] == 3 and ("sail", None) in choices(s, "rome")
    s = act(s, "rome", "sail")
    s = act(s, "rome", "province", "corsica_sardinia")
    s = act(s, "rome", "port", "carales")
    assert P.cu(s, "rome", "carales") == 5 and s.move["mp"] == 0


def test_s18_3_proconsul_and_a_weak_consular_army():
    """§18.3: a proconsul entering an area with a consular army of fewer than 5 CUs stops, unless
    he brings the consul up to 5 CUs; a consular army of 5 he passes through."""
    s = blank()
    put(s, "rome", "rome", 8, ("varro",))
    s.proconsuls = ["varro"]
    put(s, "rome", "praeneste", 3, ("paullus",), consul=True)
    s = move(s, "rome", OPS1, "varro", 8)
    s = act(s, "rome", "to", "praeneste")
    assert args(s, "rome", "to") == []
    s = act(s, "rome", "troops")
    s = act(s, "rome", "drop", 2)
    assert "sena" in args(s, "rome", "to")
    s = act(s, "rome", "to", "sena")
    assert P.cu(s, "rome", "praeneste") == 5 and P.cu(s, "rome", "sena") == 6


def test_s13_5_shelter_in_the_walls():
    """§10.3 step 1, §13.5: the army by its walled city may shelter inside (if it fits); the
    enemy's move goes on."""
    s = blank()
    put(s, "rome", "capua", 2, ("varro",))
    put(s, "carthage", "terventum", 6, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 6)
    s = act(s, "carthage", "to", "capua")
    assert args(s, "rome", "here") == ["stand", "avoid", "shelter:2", "shelter:1"]
    s = act(s, "rome", "here", "shelter:2")
    assert P.cu(s, "rome", "capua:in") == 2 and P.where(s, "varro") == "capua:in"
    assert s.battle is None and top(s) == "march"


def test_s12_7_a_subordinate_intercepts_with_part_of_the_stack():
    """§12.7: a subordinate intercepts with some CUs; his commander keeps at least 1 CU and the
    command of the stack."""
    s = blank()
    put(s, "carthage", "terventum", 6, ("hannibal", "gisgo"))
    put(s, "rome", "rome", 5, ("varro",))
    s.spaces["praeneste"].pc = None
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "praeneste")
    assert args(s, "carthage", "intercept") == ["terventum", "terventum>gisgo", ""]
    s = act(s, "carthage", "intercept", "terventum>gisgo")
    assert args(s, "carthage", "icu") == [5, 4, 3, 2, 1]
    s = act(s, "carthage", "icu", 4)
    dice(s, 3)                                     # Gisgo intercepts on 1-3 (no +1: no PC)
    s = act(s, "carthage", "intercept", "")
    assert P.gens_at(s, "carthage", "praeneste") == ["gisgo"]
    assert P.cu(s, "carthage", "praeneste") == 4 and P.cu(s, "carthage", "terventum") == 2
    assert P.gens_at(s, "carthage", "terventum") == ["hannibal"]


def test_s13_3_a_subordinate_avoids_and_the_rest_fights():
    """§13.3: a subordinate may make the avoid attempt with part of the army; the commander stays
    with the rest, which fights."""
    s = blank()
    put(s, "rome", "praeneste", 8, ("varro", "fabius"))
    put(s, "carthage", "terventum", 8, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    assert "avoid>fabius" in args(s, "rome", "here")
    s = act(s, "rome", "here", "avoid>fabius")
    dice(s, 5)
    s = act(s, "rome", "avoidk", 3)
    s = act(s, "rome", "avoid_to", "sena")
    assert P.gens_at(s, "rome", "sena") == ["fabius"] and P.cu(s, "rome", "sena") == 3
    assert s.battle is not None and P.cu(s, "rome", "praeneste") == 5


def test_s12_4_interception_bonus_option():
    """§12.4 vs §19.3(b): by default +1 only into an area with a PC of the mover; with the option
    "no_cus" (§12.4 literally) wherever the interceptor has no CUs."""
    for option, want in (("enemy_pc", 0), ("no_cus", 1)):
        s = game_with(intercept_bonus=option)
        put(s, "carthage", "terventum", 6, ("hannibal",))
        put(s, "rome", "rome", 5, ("varro",))
        s.spaces["praeneste"].pc = None
        s = move(s, "rome", OPS1, "varro", 5)
        s = act(s, "rome", "to", "praeneste")
        s = act(s, "carthage", "intercept", "terventum")
        s = act(s, "carthage", "icu", 6)
        dice(s, 6)
        s = act(s, "carthage", "intercept", "")
        assert logs(s, "log.intercept_failed")[0]["mod"] == want


def game_with(**options):
    from tests.test_hannibal_kit import RULES
    return clear(RULES.setup(1, "218bc", options))


def test_s12_8_landing_intercepted_split_into_the_walls():
    """§12.8: an army intercepted after landing by its own walled city may put part of its CUs
    inside and sail back with the rest (Rome: no naval roll)."""
    s = blank()
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "carthage", "beneventum", 6, ("hannibal",))
    s = move(s, "rome", OPS3, "varro", 5)
    s = act(s, "rome", "sail")
    s = act(s, "rome", "province", "campania")
    s = act(s, "rome", "port", "neapolis")
    s = act(s, "carthage", "intercept", "beneventum")
    s = act(s, "carthage", "icu", 6)
    dice(s, 2)
    s = act(s, "carthage", "intercept", "")
    assert args(s, "rome", "fight") == ["battle", "return", "split:1", "split:2"]
    s = act(s, "rome", "fight", "split:2")
    assert P.cu(s, "rome", "neapolis:in") == 2 and P.cu(s, "rome", "rome") == 3
    assert P.where(s, "varro") == "rome"


def _forced_march(card: int, where: str) -> object:
    s = blank()
    put(s, "rome", where, 5, ("varro",))
    s = card_play(s, "rome", [card])
    s = act(s, "rome", "card", card)
    s = act(s, "rome", "use", "event")
    s = act(s, "rome", "general", "varro")
    return act(s, "rome", "cus", 5)


def _sail(s, port: str):
    s = act(s, "rome", "sail")
    if port not in args(s, "rome", "port"):
        s = act(s, "rome", "province", B.province_of(port))
    return act(s, "rome", "port", port)


def test_s25_63_forced_march_three_areas_and_a_naval_move():
    """#63 Forced March 3 (§25): up to 3 areas by land plus a naval move (3 MP) with 5 CUs:
    Sena -> Terventum -> Capua -> Neapolis, then by sea to Brundisium. After a 4th land area
    (2 MP left) no naval move is possible."""
    s = _forced_march(63, "sena")
    assert s.move["mp"] == 6
    for to in ("terventum", "capua", "neapolis"):
        s = act(s, "rome", "to", to)
    assert s.move["mp"] == 3 and args(s, "rome", "sail") == [None]
    s = _sail(s, "brundisium")
    assert P.where(s, "varro") == "brundisium" and P.cu(s, "rome", "brundisium") == 5
    assert s.move["mp"] == 0 and not args(s, "rome", "to") and not args(s, "rome", "sail")
    s = _forced_march(63, "sena")
    for to in ("terventum", "capua", "neapolis", "paestium"):
        s = act(s, "rome", "to", to)
    assert s.move["mp"] == 2 and not args(s, "rome", "sail")


def test_s25_63_forced_march_two_naval_moves_in_a_row():
    """#63 (§25): one general may make two naval moves in a row, 3 MP each, and may drop CUs
    between them: Rome -> Cosa (drops 1 CU) -> Neapolis. Forced March 2 (#62, no ship) never
    sails."""
    s = _forced_march(63, "rome")
    s = _sail(s, "cosa")
    assert s.move["mp"] == 3 and args(s, "rome", "sail") == [None]
    s = act(s, "rome", "troops")
    s = act(s, "rome", "drop", 1)
    s = _sail(s, "neapolis")
    assert P.cu(s, "rome", "cosa") == 1 and P.cu(s, "rome", "neapolis") == 4
    assert s.move["mp"] == 0
    s = _forced_march(62, "rome")
    assert s.move["mp"] == 6 and not args(s, "rome", "sail")


def _two_interceptions(consul: bool = False):
    """Hannibal (6 CUs) steps from Beneventum into Terventum; Fabius (Sena, 3 CUs) and
    Marcellus (Praeneste, 4 CUs) both intercept: rolls 1 and 2 (+1) against ratings 3."""
    s = blank()
    put(s, "carthage", "beneventum", 6, ("hannibal",))
    put(s, "rome", "sena", 5 if consul else 3, ("varro" if consul else "fabius",),
        consul=consul)
    put(s, "rome", "praeneste", 4, ("marcellus",))
    s = move(s, "carthage", OPS1, "hannibal", 6)
    s = act(s, "carthage", "to", "terventum")
    s = act(s, "rome", "intercept", "sena")
    s = act(s, "rome", "icu", 5 if consul else 3)
    s = act(s, "rome", "intercept", "praeneste")
    s = act(s, "rome", "icu", 4)
    dice(s, 1, 2)
    return act(s, "rome", "intercept", "")


def test_s12_6_the_intercepting_player_names_the_commander():
    """§12.6, §9.3: several interceptions succeed: the armies unite and the Roman, not the
    order of the rolls, names the commander among the generals of equal status; then the
    Carthaginian chooses to fight or go back, and the battle is led by the chosen one."""
    s = _two_interceptions()
    assert len(logs(s, "log.intercept_ok")) == 2
    assert active(s) == ["rome"] and sorted(args(s, "rome", "pick")) == ["fabius", "marcellus"]
    s = act(s, "rome", "pick", "fabius")
    assert P.commander(s, "rome", "terventum") == "fabius"
    assert P.cu(s, "rome", "terventum") == 7
    assert top(s) == "fight_or_return" and active(s) == ["carthage"]
    s = act(s, "carthage", "fight", "battle")
    assert s.battle["cmd"]["rome"] == "fabius"


def test_s12_6_a_consul_commands_the_united_interceptors():
    """§9.3, §18.3: a consul among them commands: nobody is asked."""
    s = _two_interceptions(consul=True)
    assert len(logs(s, "log.intercept_ok")) == 2
    assert P.commander(s, "rome", "terventum") == "varro"
    assert top(s) == "fight_or_return" and not args(s, "rome", "pick")


def test_s10_10_an_army_that_lost_every_cu_on_the_way_fights_no_battle():
    """§10.6, §10.10: Mago crosses the Alps with 1 CU into Taurini, where 5 Roman CUs stand;
    the pass attrition (roll 6) takes that CU: no battle, Mago alone among enemy CUs is
    displaced."""
    s = blank()
    put(s, "carthage", "allobroges", 1, ("mago",))
    put(s, "rome", "taurini", 5)
    s = move(s, "carthage", OPS2, "mago", 1)
    dice(s, 6)
    s = act(s, "carthage", "to", "taurini")
    assert logs(s, "log.attrition")[0]["n"] == 1
    assert s.battle is None and s.gens["mago"] == "displaced"
    assert P.cu(s, "rome", "taurini") == 5 and not logs(s, "log.battle")


def test_s10_10_hostile_tribes_leave_a_general_alone_no_battle():
    """#7 answering an army entering Liguria (§8.4): Mago's only CU is lost to the tribe (roll 6
    on the 5/6 column), before the reaction phase: no battle with the Roman CUs there; Mago is
    displaced (§10.10)."""
    s = blank()
    put(s, "carthage", "nice", 1, ("mago",))
    put(s, "rome", "western_ligurians", 3)
    s = card_play(s, "carthage", [OPS3], [7])
    s = act(s, "carthage", "card", OPS3)
    s = act(s, "carthage", "use", "move")
    s = act(s, "carthage", "general", "mago")
    s = act(s, "carthage", "cus", 1)
    s = act(s, "carthage", "to", "western_ligurians")
    assert args(s, "rome", "respond") == [7, 0]
    dice(s, 6)
    s = act(s, "rome", "respond", 7)
    assert s.battle is None and s.gens["mago"] == "displaced"
    assert P.cu(s, "rome", "western_ligurians") == 3 and not logs(s, "log.battle")


def test_s10_10_a_general_alone_intercepted_is_displaced():
    """§12.2, §10.10: Mago moves alone into Terventum; Fabius intercepts from Sena (roll 2,
    +1 = 3 <= 3): his army enters where an enemy general stands without CUs: Mago is
    displaced; there is no battle and no going back."""
    s = blank()
    put(s, "carthage", "beneventum", 0, ("mago",))
    put(s, "rome", "sena", 3, ("fabius",))
    s = move(s, "carthage", OPS2, "mago")
    s = act(s, "carthage", "to", "terventum")
    s = act(s, "rome", "intercept", "sena")
    s = act(s, "rome", "icu", 3)
    dice(s, 2)
    s = act(s, "rome", "intercept", "")
    assert logs(s, "log.intercept_ok") and s.gens["mago"] == "displaced"
    assert s.battle is None and top(s) != "fight_or_return"
    assert P.cu(s, "rome", "terventum") == 3


def test_s10_10_an_army_entering_displaces_a_lone_general_even_if_the_pass_takes_its_cus():
    """§10.10, §10.6: Mago's army (1 CU) crosses the Alps into Taurini, where Longus stands
    without CUs; the pass roll (6) takes the CU, but an army entered: Longus is displaced and
    Mago, alone now, may stop there. A general alone never ends his move where an enemy
    general alone stands (§10.4): with his last 2 MP he may not cross into such an area."""
    s = blank()
    put(s, "carthage", "allobroges", 1, ("mago",))
    put(s, "rome", "taurini", 0, ("longus",))
    s = move(s, "carthage", OPS2, "mago", 1)
    dice(s, 6)
    s = act(s, "carthage", "to", "taurini")
    assert P.cu(s, "carthage", "taurini") == 0 and s.gens["longus"] == "pool"
    assert logs(s, "log.displaced") == [{"g": "@gen.longus"}]
    assert args(s, "carthage", "stop") == [None]
    s = blank()
    put(s, "carthage", "rhone", 0, ("mago",))
    put(s, "rome", "taurini", 0, ("longus",))
    s = move(s, "carthage", OPS2, "mago")
    s = act(s, "carthage", "to", "allobroges")
    s = act(s, "carthage", "to", "isere")
    assert s.move["mp"] == 2 and "insubrians" in args(s, "carthage", "to")
    s = blank()
    put(s, "carthage", "rhone", 0, ("mago",))
    put(s, "rome", "insubrians", 0, ("longus",))
    s = move(s, "carthage", OPS2, "mago")
    s = act(s, "carthage", "to", "allobroges")
    s = act(s, "carthage", "to", "isere")
    assert "insubrians" not in args(s, "carthage", "to")


def test_s12_10_a_failed_interceptor_is_locked_out_only_against_that_army():
    """§12.10: Hannibal fails to intercept Varro (roll 6): for the rest of the card he may not
    intercept Varro again (Sena: not asked) nor avoid him; Paullus, the campaign's other army,
    he may still intercept (asked when Paullus reaches Beneventum) and avoid (in Terventum)."""
    s = blank()
    put(s, "carthage", "terventum", 6, ("hannibal",))
    put(s, "rome", "rome", 5, ("varro",))
    put(s, "rome", "neapolis", 5, ("paullus",))
    s.spaces["apri"].pc = None                  # somewhere to avoid to
    s = card_play(s, "rome", [37])
    s = act(s, "rome", "card", 37)
    s = act(s, "rome", "use", "event")
    s = act(s, "rome", "general", "varro")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "carthage", "intercept", "terventum")
    s = act(s, "carthage", "icu", 6)
    dice(s, 6)
    s = act(s, "carthage", "intercept", "")
    assert logs(s, "log.intercept_failed") == [{"g": "@gen.hannibal", "roll": 6, "mod": 1}]
    assert s.activation["failed"] == [["hannibal", "varro"]]
    s = act(s, "rome", "to", "sena")
    assert top(s) == "march" and active(s) == ["rome"]          # not asked again
    s = act(s, "rome", "stop")
    s = act(s, "rome", "general", "paullus")
    s = act(s, "rome", "cus", 5)
    s = act(s, "rome", "to", "beneventum")
    assert args(s, "carthage", "intercept") == ["terventum", ""]
    s = act(s, "carthage", "intercept", "")
    s = act(s, "rome", "to", "terventum")
    assert args(s, "carthage", "here") == ["stand", "avoid"]
    dice(s, 4)
    s = act(s, "carthage", "here", "avoid")
    assert args(s, "carthage", "avoid_to") == ["apri"]


def test_s12_10_a_failed_interceptor_may_not_avoid_the_army_it_tried_to_stop():
    """§12.10, §13.2: Varro enters Terventum right after Hannibal failed to intercept him:
    Hannibal may only stand (no avoid, whole or partial)."""
    s = blank()
    put(s, "carthage", "terventum", 6, ("hannibal",))
    put(s, "rome", "rome", 5, ("varro",))
    s.spaces["apri"].pc = None                  # somewhere he could avoid to
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "carthage", "intercept", "terventum")
    s = act(s, "carthage", "icu", 6)
    dice(s, 5)
    s = act(s, "carthage", "intercept", "")
    s = act(s, "rome", "to", "terventum")
    assert choices(s, "carthage") == [("here", "stand")]


def test_s12_6_the_interception_bonus_is_judged_at_the_declaration():
    """§12.4, §12.6: all interceptions are declared before any roll, so the +1 (Roman PC in
    Praeneste, no Carthaginian CUs there) holds for every attempt, also after Hannibal has moved
    in: Hannibal 3 + 1 = 4 succeeds, then Mago 2 + 1 = 3 > 2 fails."""
    s = blank()
    put(s, "carthage", "terventum", 6, ("hannibal",))
    put(s, "carthage", "sena", 4, ("mago",))
    put(s, "rome", "rome", 5, ("varro",))
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "praeneste")
    assert args(s, "carthage", "intercept") == ["sena", "terventum", ""]
    s = act(s, "carthage", "intercept", "terventum")
    s = act(s, "carthage", "icu", 5)
    s = act(s, "carthage", "intercept", "sena")
    s = act(s, "carthage", "icu", 4)
    dice(s, 3, 2)
    s = act(s, "carthage", "intercept", "")
    assert logs(s, "log.intercept_ok") == [
        {"g": "@gen.hannibal", "roll": 3, "mod": 1, "where": "@space.praeneste"}]
    assert logs(s, "log.intercept_failed") == [{"g": "@gen.mago", "roll": 2, "mod": 1}]
    assert P.cu(s, "carthage", "praeneste") == 5 and P.cu(s, "carthage", "sena") == 4


def _hannibal_at_capua(rome_inside: int, rome_outside: int = 0):
    """Hannibal (6 CUs) marches from Terventum into Capua, where Varro stands inside the walls
    (with ``rome_inside`` CUs) or outside (with ``rome_outside``)."""
    s = blank()
    if rome_inside:
        put(s, "rome", "capua:in", rome_inside, ("varro",))
    if rome_outside:
        put(s, "rome", "capua", rome_outside, ("varro",))
    put(s, "carthage", "terventum", 6, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 6)
    return act(s, "carthage", "to", "capua")


def test_s10_3_the_garrison_comes_out_and_stops_the_army():
    """§10.3 step 1, §10.7: Varro and 2 CUs stand inside Capua's walls; as Hannibal enters, the
    Roman may say again who stands outside: all come out with Varro, then stand: a battle."""
    s = _hannibal_at_capua(2)
    assert active(s) == ["rome"] and args(s, "rome", "here") == ["stand"]
    assert args(s, "rome", "come_out") == [2, 1] and args(s, "rome", "come_out_gens") == [2, 1]
    s = act(s, "rome", "come_out_gens", 2)
    assert P.cu(s, "rome", "capua") == 2 and P.where(s, "varro") == "capua"
    assert args(s, "rome", "here") == ["stand", "avoid"] and not args(s, "rome", "come_out")
    s = act(s, "rome", "here", "stand")
    assert s.battle is not None and s.battle["space"] == "capua"
    assert s.battle["size"] == {"carthage": 6, "rome": 2}


def test_s10_5_a_cu_that_comes_out_alone_is_overrun():
    """§10.3 step 1, §10.5: one CU comes out without a general: Hannibal's 6 CUs overrun it and
    march on; Varro and the other CU stay inside. Staying inside stops nobody (§10.7)."""
    s = _hannibal_at_capua(2)
    s = act(s, "rome", "come_out", 1)
    assert args(s, "rome", "here") == ["stand"]
    s = act(s, "rome", "here", "stand")
    assert logs(s, "log.overrun") == [{"where": "@space.capua"}]
    assert P.cu(s, "rome", "capua") == 0 and P.cu(s, "rome", "capua:in") == 1
    assert P.where(s, "varro") == "capua:in" and s.battle is None and top(s) == "march"
    s = _hannibal_at_capua(2)
    s = act(s, "rome", "here", "stand")
    assert s.battle is None and top(s) == "march" and P.cu(s, "rome", "capua:in") == 2


def test_s13_5_partial_shelter_with_the_general_inside():
    """§13.5, §10.3 step 1: Varro and 2 of his 3 CUs go inside Capua (it holds 2), the third
    stands outside alone and is overrun by Hannibal's 6 CUs, who marches on."""
    s = _hannibal_at_capua(0, 3)
    assert args(s, "rome", "shelter_gens") == [2, 1]
    s = act(s, "rome", "shelter_gens", 2)
    assert P.where(s, "varro") == "capua:in" and P.cu(s, "rome", "capua:in") == 2
    assert logs(s, "log.overrun") == [{"where": "@space.capua"}]
    assert P.cu(s, "rome", "capua") == 0 and s.battle is None and top(s) == "march"


def test_s13_2a_the_commander_avoids_leaving_cus_behind():
    """§13.2(a): Fabius avoids with 3 of his 8 CUs (roll 5 <= 5) to Sena; the 5 left behind
    without a general stop Hannibal: a battle in Praeneste."""
    s = blank()
    put(s, "rome", "praeneste", 8, ("fabius",))
    put(s, "carthage", "terventum", 8, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    assert args(s, "rome", "avoid_part") == [None]
    s = act(s, "rome", "avoid_part")
    assert args(s, "rome", "avoidk") == [7, 6, 5, 4, 3, 2, 1, 0]
    dice(s, 5)
    s = act(s, "rome", "avoidk", 3)
    s = act(s, "rome", "avoid_to", "sena")
    assert P.gens_at(s, "rome", "sena") == ["fabius"] and P.cu(s, "rome", "sena") == 3
    assert P.cu(s, "rome", "praeneste") == 5 and not P.gens_at(s, "rome", "praeneste")
    assert s.battle is not None and s.battle["space"] == "praeneste"


def test_s13_2a_one_cu_left_behind_is_overrun_and_the_mover_may_pursue():
    """§13.2(a), §10.5, §13.4: Fabius leaves 1 CU behind: it is overrun, and Hannibal may roll
    to go on after the avoid."""
    s = blank()
    put(s, "rome", "praeneste", 8, ("fabius",))
    put(s, "carthage", "terventum", 8, ("hannibal",))
    s = move(s, "carthage", OPS1, "hannibal", 8)
    s = act(s, "carthage", "to", "praeneste")
    s = act(s, "rome", "avoid_part")
    dice(s, 5)
    s = act(s, "rome", "avoidk", 7)
    s = act(s, "rome", "avoid_to", "sena")
    assert P.cu(s, "rome", "sena") == 7 and P.cu(s, "rome", "praeneste") == 0
    assert logs(s, "log.overrun") == [{"where": "@space.praeneste"}]
    assert s.battle is None and top(s) == "pursue_q"


def test_s12_10_a_failed_subordinate_stays_when_his_commander_avoids():
    """§12.10, §13.2(a), §10.10: Gisgo fails to intercept Varro (roll 4 > 3); Varro enters
    Terventum; Hannibal avoids with the whole army (roll 4), but Gisgo may not avoid the army he
    tried to intercept: he stays, alone, and is displaced."""
    s = blank()
    put(s, "carthage", "terventum", 6, ("hannibal", "gisgo"))
    put(s, "rome", "rome", 5, ("varro",))
    s.spaces["praeneste"].pc = None
    s.spaces["apri"].pc = None
    s = move(s, "rome", OPS1, "varro", 5)
    s = act(s, "rome", "to", "praeneste")
    s = act(s, "carthage", "intercept", "terventum>gisgo")
    s = act(s, "carthage", "icu", 3)
    dice(s, 4)
    s = act(s, "carthage", "intercept", "")
    assert s.activation["failed"] == [["gisgo", "varro"]]
    s = act(s, "rome", "to", "terventum")
    assert args(s, "carthage", "here") == ["stand", "avoid"]       # Gisgo's own is not offered
    dice(s, 4)
    s = act(s, "carthage", "here", "avoid")
    s = act(s, "carthage", "avoid_to", "apri")
    assert P.gens_at(s, "carthage", "apri") == ["hannibal"] and P.cu(s, "carthage", "apri") == 6
    assert s.gens["gisgo"] == "displaced" and s.battle is None
