"""Setup (§4) and the sequence of play (§5-§7, §19.4, §21.1, §22-§23) with scripted dice."""

from __future__ import annotations

import pytest

from games import registry
from games.hannibal import prims as P
from games.hannibal import turn as T
from games.hannibal.flow import push, run
from tests.test_hannibal_kit import (
    act,
    active,
    args,
    choices,
    clear,
    dice,
    game,
    logs,
    put,
    settle,
    top,
)


def test_s4_setup_218bc():
    """§4: the starting armies, consuls, holding box, tribes and the first question (§7.3)."""
    s = game()
    assert registry.get("hannibal").id == "hannibal"
    assert s.turn == 1 and s.phase == "strategy"
    assert P.cu(s, "rome", "rome") == 8 and P.gens_at(s, "rome", "rome") == ["p_scipio"]
    assert P.cu(s, "rome", "agrigentum") == 8
    assert P.cu(s, "carthage", "saguntum") == 10 and P.elephants(s, "carthage", "saguntum") == 2
    assert P.gens_at(s, "carthage", "saguntum") == ["hannibal", "mago", "gisgo"]
    assert P.cu(s, "carthage", "carthage") == 4 and P.cu(s, "carthage", "new_carthage") == 2
    assert s.consuls == ["p_scipio", "longus"] and s.gens["africanus"] == "aside"
    assert s.spaces["boii"].pc == "carthage" and s.spaces["boii"].tribe == "carthage"
    assert s.spaces["allobroges"].tribe == "neutral" and s.spaces["allobroges"].pc is None
    assert s.spaces["rome"].pc == "rome" and s.spaces["saguntum"].pc == "carthage"
    assert len(s.hands["rome"]) == 7 and len(s.hands["carthage"]) == 7 and len(s.deck) == 50
    assert P.political_points(s, "rome") == 9 and P.political_points(s, "carthage") == 7
    assert active(s) == ["rome"] and top(s) == "rome_first"


def test_s7_3_who_plays_first():
    """§7.3: the Roman may open with a Campaign card (only if he holds one); otherwise the
    Carthaginian names the first player, and the players then alternate (§7.4)."""
    s = game()
    s.hands["rome"] = [37, 1, 2, 3, 4, 5, 7]
    s.touch()
    assert args(s, "rome", "first") == ["yes", "no"]
    s = act(s, "rome", "first", "yes")
    assert active(s) == ["rome"] and args(s, "rome", "card") == [37]
    s = game()
    s.hands["rome"] = [1, 2, 3, 4, 5, 7, 8]
    s.touch()
    assert args(s, "rome", "first") == ["no"]
    s = act(s, "rome", "first", "no")
    assert active(s) == ["carthage"]
    s = act(s, "carthage", "first", "carthage")
    assert active(s) == ["carthage"] and top(s) == "play"
    card = s.hands["carthage"][0]
    s = act(s, "carthage", "card", card)
    s = act(s, "carthage", "use", "discard")
    assert card in s.discard and active(s) == ["rome"] and top(s) == "play"


def test_s7_4_a_player_out_of_cards_is_passed_over():
    """§7.4: when one hand is empty the other plays his remaining cards one after another."""
    s = game()
    s.hands = {"rome": [1], "carthage": [2, 3]}
    s.flow = s.flow[:-1]
    s.to_play = "rome"
    s = settle(s)
    s = act(s, "rome", "card", 1)
    s = act(s, "rome", "use", "discard")
    s = act(s, "carthage", "card", 2)
    s = act(s, "carthage", "use", "discard")
    assert active(s) == ["carthage"] and args(s, "carthage", "card") == [3]


def test_s6_1_carthaginian_reinforcements():
    """§6.1: four CUs: R1 Carthage or a general in Africa, R2 (New Carthage held) and R3 (Baetica
    held) New Carthage or a general in Iberia, R4 any general, Carthage or New Carthage."""
    s = game()
    s.flow = []
    push(s, "reinf_carthage")
    run(s)
    s.touch()
    assert set(args(s, "carthage", "place")) == {"carthage"}
    s = act(s, "carthage", "place", "carthage")
    assert set(args(s, "carthage", "place")) == {"new_carthage", "saguntum"}     # R2
    s = act(s, "carthage", "place", "saguntum")
    s = act(s, "carthage", "place", "new_carthage")                               # R3
    assert set(args(s, "carthage", "place")) == {"saguntum", "new_carthage", "carthage"}  # R4
    s = act(s, "carthage", "skip")
    assert P.cu(s, "carthage", "carthage") == 5 and P.cu(s, "carthage", "saguntum") == 11
    assert P.cu(s, "carthage", "new_carthage") == 3
    assert len(logs(s, "log.reinforce")) == 3


def test_s6_2_roman_reinforcements_three_in_italy():
    """§6.2: five CUs to Rome or a Roman general; at least three in Italy."""
    s = game()
    s.flow = []
    push(s, "reinf_rome")
    run(s)
    s.touch()
    assert set(args(s, "rome", "place")) == {"rome", "agrigentum"}
    s = act(s, "rome", "place", "agrigentum")
    s = act(s, "rome", "place", "agrigentum")
    assert set(args(s, "rome", "place")) == {"rome"}          # 3 left, all must go to Italy
    for _ in range(3):
        s = act(s, "rome", "place", "rome")
    assert P.cu(s, "rome", "agrigentum") == 10 and P.cu(s, "rome", "rome") == 11


def test_s6_2_without_a_five_stack_all_five_build_one():
    """§6.2: with no Roman army of 5 CUs the reinforcements must create one."""
    s = clear(game())
    put(s, "rome", "rome", 2)
    push(s, "reinf_rome")
    s = settle(s)
    s = act(s, "rome", "place", "rome")
    for _ in range(4):
        assert args(s, "rome", "place") == ["rome"]
        s = act(s, "rome", "place", "rome")
    assert P.cu(s, "rome", "rome") == 7


def test_s6_2_forced_five_stack_goes_to_italy_from_the_first_cu():
    """§6.2: Longus with 2 CUs at Agrigentum, 2 CUs in Rome, no army of 5: all five must build
    one army, and at least 3 must go to Italy, so the one place is in Italy: Agrigentum is never
    offered, and all five CUs reach the map."""
    s = clear(game())
    put(s, "rome", "rome", 2)
    put(s, "rome", "agrigentum", 2, ("longus",), consul=True)
    push(s, "reinf_rome")
    s = settle(s)
    assert args(s, "rome", "place") == ["rome"]
    for _ in range(5):
        assert args(s, "rome", "place") == ["rome"]
        s = act(s, "rome", "place", "rome")
    assert P.cu(s, "rome", "rome") == 7 and P.cu(s, "rome", "agrigentum") == 2
    assert len(logs(s, "log.reinforce")) == 5 and top(s) != "reinf_r"


def test_s6_2_no_italian_place_the_italian_three_are_lost():
    """§6.2-6.3: Rome besieged (1 siege point; Roman CUs inside, Carthaginian CUs outside), the
    only general at Agrigentum: no place in Italy is open. Two CUs may go outside Italy; the
    three that must go to Italy cannot be placed and are lost, said in the log."""
    s = clear(game())
    put(s, "rome", "rome:in", 2)
    put(s, "carthage", "rome", 3, ("hannibal",))
    s.spaces["rome"].siege_by = "carthage"
    s.spaces["rome"].siege = 1
    put(s, "rome", "agrigentum", 6, ("longus",), consul=True)
    push(s, "reinf_rome")
    s = settle(s)
    assert args(s, "rome", "place") == ["agrigentum"]
    s = act(s, "rome", "place", "agrigentum")
    s = act(s, "rome", "place", "agrigentum")
    assert top(s) != "reinf_r"
    assert P.cu(s, "rome", "agrigentum") == 8
    assert logs(s, "log.reinforcements_lost") == [{"side": "@side.rome", "n": 3}]


def test_s6_1_carthage_reinforces_inside_her_unbesieged_walls():
    """§6.1, §6.3: Roman CUs stand outside Carthage, which is not besieged (no siege point):
    R1 and R4 may go inside the walls (the rulebook bars only a besieged walled city), never
    outside among the Romans, and only as many as the walls hold (5, §10.7). Rome likewise."""
    s = clear(game())
    put(s, "carthage", "carthage:in", 3)
    put(s, "rome", "carthage", 4, ("p_scipio",))
    put(s, "carthage", "saguntum", 5, ("hasdrubal",))
    src = T.carthage_sources(s)
    assert src["r1"] == ["carthage:in"]
    assert src["r4"] == ["saguntum", "carthage:in", "new_carthage"]
    push(s, "reinf_carthage")
    s = settle(s)
    s = act(s, "carthage", "place", "carthage:in")                 # R1
    s = act(s, "carthage", "place", "saguntum")                    # R2
    s = act(s, "carthage", "place", "saguntum")                    # R3
    assert args(s, "carthage", "place") == ["saguntum", "carthage:in", "new_carthage"]
    s = act(s, "carthage", "place", "carthage:in")                 # R4
    assert len(logs(s, "log.reinforce")) == 4
    assert P.cu(s, "carthage", "carthage:in") == 5 and P.cu(s, "carthage", "carthage") == 0
    assert "carthage:in" not in T.carthage_sources(s).get("r4", [])       # the walls are full
    s.spaces["carthage"].siege_by = "rome"
    s.spaces["carthage"].siege = 1
    P.remove_cu(s, "carthage", "carthage:in", 2)
    assert "r1" not in T.carthage_sources(s)                       # besieged: none inside
    s = clear(game())
    put(s, "carthage", "rome", 2, ("mago",))
    assert T.rome_spots(s) == ["rome:in"]


def test_flow_a_decision_without_a_choice_raises():
    """A decision with no choice is never dropped in silence: flow.run raises (a bug surfaces in
    the tests and the fuzzer), unless the decision may lapse (a response window reopened after
    a response)."""
    s = clear(game())
    s.flow = []
    push(s, "reinf_r", role="rome", left=3, italy=0, forced=False, at="nowhere")
    with pytest.raises(RuntimeError, match="reinf_r"):
        run(s)
    s = clear(game())
    push(s, "end_turn")
    push(s, "respond", role="rome", trigger="battle", ctx={}, again=True)
    s.turn = 9
    run(s)
    assert s.result is not None and s.flow == []
    s = clear(game())
    push(s, "end_turn")
    push(s, "respond", role="rome", trigger="battle", ctx={})     # the first window: "no" at least
    run(s)
    assert top(s) == "respond" and s.result is None


def test_s6_4_elections_proconsul_and_draw():
    """§6.4-6.6: the Roman keeps an outgoing consul as proconsul, the others leave; two tokens
    are drawn from the generals not on the map and placed with armies of 5 CUs."""
    s = game()
    s.flow = []
    push(s, "elections")
    run(s)
    s.touch()
    assert args(s, "rome", "proconsul") == ["p_scipio", "longus", ""]
    dice(s, "#0", "#0")        # the first of the pool each time
    s = act(s, "rome", "proconsul", "longus")
    assert s.proconsuls == ["longus"] and s.gens["p_scipio"] == "pool"
    pool = ["p_scipio", "flaminius", "fabius", "marcellus", "nero", "varro", "paullus"]
    assert s.consuls == [pool[0], pool[1]]
    assert set(args(s, "rome", "place")) == {"rome", "agrigentum"}
    s = act(s, "rome", "place", "agrigentum")
    s = act(s, "rome", "place", "agrigentum")
    # §6.5, §18.3: the proconsul becomes subordinate to the consuls
    assert P.gens_at(s, "rome", "agrigentum") == ["p_scipio", "flaminius", "longus"]


def test_s6_5_fabius_stays_in_italy():
    """§24: Fabius is placed only in Italy."""
    s = game()
    assert T.consul_spots(s, "fabius") == ["rome"]
    assert T.consul_spots(s, "varro") == ["agrigentum", "rome"]


def test_s6_7_scipio_africanus_enters_turn_6():
    """§6.7: on turn 6 Scipio Africanus and 5 CUs enter in Italy or an Iberian port with a Roman
    PC and no enemy CUs, as a second proconsul."""
    s = game()
    s.turn = 6
    s.flow = []
    s.spaces["tarraco"].pc = "rome"
    push(s, "africanus")
    run(s)
    s.touch()
    assert "tarraco" in T.africanus_spots(s) and "saguntum" not in T.africanus_spots(s)
    assert "tarraco" in args(s, "rome", "place") and "rome" in args(s, "rome", "place")
    s = act(s, "rome", "place", "tarraco")
    assert P.cu(s, "rome", "tarraco") == 5 and s.proconsuls == ["africanus"]


def test_s7_1_deal_and_reshuffle():
    """§7.1, §8.7: 8 cards on turn 4; a deck too short is reshuffled from the discards."""
    s = game()
    s.turn = 4
    s.flow = []
    s.discard = s.deck[8:]
    s.deck = s.deck[:8]
    s.hands = {"rome": [], "carthage": []}
    push(s, "deal")
    run(s)
    assert len(s.hands["rome"]) == 8 and len(s.hands["carthage"]) == 8
    assert logs(s, "log.reshuffle") and s.discard == []


def test_s21_1_winter_attrition():
    """§21.1: a stack on an enemy PC rolls on the attrition table by its size: 6 CUs, roll 5 ->
    column 5/6 -> 2 CUs. A stack on its own PC does not roll."""
    s = clear(game())
    put(s, "carthage", "cannae", 6, ("hannibal",))
    put(s, "carthage", "saguntum", 3)
    dice(s, 5)
    T.winter(s, push(s, "winter"))
    assert P.cu(s, "carthage", "cannae") == 4 and P.cu(s, "carthage", "saguntum") == 3
    assert logs(s, "log.attrition")[0]["n"] == 2


def test_s21_1_elephant_result():
    """§17.2, §21.2: an "e" result takes an elephant: 4 CUs with 2 elephants, roll 6 -> 2e."""
    s = clear(game())
    put(s, "carthage", "cannae", 4, ("hannibal",), el=2)
    dice(s, 6)
    T.winter(s, push(s, "winter"))
    assert P.cu(s, "carthage", "cannae") == 2 and P.elephants(s, "carthage", "cannae") == 1


def test_s17_2_the_carthaginian_chooses_which_cus_attrition_takes():
    """§17.2, §21.2: without an "e" the owner chooses which CUs to lose: 6 CUs with 2 elephants,
    roll 5 -> column 5/6 -> 2 CUs; he is asked how many are elephants (0-2) and picks 1."""
    s = clear(game())
    put(s, "carthage", "cannae", 6, ("hannibal",), el=2)
    dice(s, 5)
    T.winter(s, push(s, "winter"))
    assert P.cu(s, "carthage", "cannae") == 4 and top(s) == "loss_mix"
    assert active(s) == ["carthage"] and args(s, "carthage", "elephants") == [0, 1, 2]
    s = act(s, "carthage", "elephants", 1)
    assert P.cu(s, "carthage", "cannae") == 4 and P.elephants(s, "carthage", "cannae") == 1
    assert logs(s, "log.loss_mix") == [{"side": "@side.carthage", "e": 1, "n": 2}]


def test_s17_2_no_question_when_the_losses_leave_no_choice():
    """§17.2: an "e" result with a single elephant, or ordinary CUs only, asks nothing: 4 CUs
    with 1 elephant, roll 6 -> 2e: the elephant and one other CU."""
    s = clear(game())
    put(s, "carthage", "cannae", 4, ("hannibal",), el=1)
    dice(s, 6)
    T.winter(s, push(s, "winter"))
    assert top(s) != "loss_mix"
    assert P.cu(s, "carthage", "cannae") == 2 and P.elephants(s, "carthage", "cannae") == 0


def test_s19_4_isolated_pcs():
    """§19.4: a PC with no path to a friendly CU, walled city, tribe or port is removed; paths do
    not go through enemy PCs without friendly CUs. Roman PCs in Iberia are cut off."""
    s = clear(game())
    s.spaces["acci"].pc = "rome"           # Salaria, Malaca, New Carthage around it: Carthaginian
    s.spaces["laminium"].pc = "rome"       # next to Toletum
    s.spaces["toletum"].pc = "rome"
    put(s, "rome", "toletum", 1)           # a Roman CU supplies Toletum and Laminium
    T.isolation(s, push(s, "isolation"))
    assert s.spaces["acci"].pc is None
    assert s.spaces["laminium"].pc == "rome" and s.spaces["toletum"].pc == "rome"
    assert logs(s, "log.isolated") == [{"side": "@side.rome", "n": 1}]


def test_s22_assessment_trailing_player_removes_pcs():
    """§22.2: Rome 9, Carthage 7 -> the Carthaginian removes 2 ordinary PCs."""
    s = game()
    s.flow = []
    push(s, "assessment")
    run(s)
    s.touch()
    assert active(s) == ["carthage"] and top(s) == "remove_pc"
    assert "saguntum" not in str(choices(s, "carthage"))        # never a walled city
    s = act(s, "carthage", "province", "baetica")
    s = act(s, "carthage", "remove", "acci")
    s = act(s, "carthage", "province", "baetica")
    s = act(s, "carthage", "remove", "malaca")
    assert s.spaces["acci"].pc is None and s.spaces["malaca"].pc is None
    assert top(s) != "remove_pc"


def test_s22_3_cannot_remove_sues_for_peace():
    """§22.3: who cannot remove all the PCs he owes sues for peace and loses."""
    s = clear(game())
    for sid, sp in s.spaces.items():
        if sp.pc == "carthage" and P.ordinary_pc_area(s, sid):
            sp.pc = None
    push(s, "assessment")
    s = settle(s)
    assert s.result is not None and s.result.winners == ["rome"]
    assert "peace" in s.result.reason


def test_s22_4_last_turn_ties_go_to_carthage():
    """§22.4: after turn 9 the player with more points wins; a tie goes to Carthage."""
    s = clear(game())
    s.turn = 9
    s.spaces["syracuse"].pc = "carthage"      # Rome 8, Carthage 8
    assert P.political_points(s, "rome") == P.political_points(s, "carthage") == 8
    push(s, "end_turn")
    s = settle(s)
    assert s.result.winners == ["carthage"]


def test_s23_carthage_controls_italy_but_latium():
    """§23: Carthage wins at the assessment controlling every Italian province but Latium."""
    s = clear(game())
    for sid in s.spaces:
        if P.B.region_of(sid) == "italy" and sid != "rome":
            s.spaces[sid].pc = "carthage"
            s.spaces[sid].tribe = None
    push(s, "assessment")
    s = settle(s)
    assert s.result.winners == ["carthage"] and "italy" in s.result.reason


def test_s25_counsel_restrictions_end_the_turn_after_a_reshuffle():
    """§25 (#57/#58): the restriction lasts until the start of the turn after the next
    reshuffle of the strategy deck."""
    s = game()
    s.markers = ["counsel:cato"]
    T.reshuffle_strategy(s)
    assert "counsel:cato" in s.markers          # still in force for the rest of this turn
    s.flow = []
    T.begin_turn(s, {"k": "turn"})
    assert s.markers == [] and s.turn == 2


def test_s5_a_whole_turn_in_order():
    """§5: strategy phase to the end of both hands, winter attrition, isolated PCs, political
    assessment (Rome 9, Carthage 7: Carthage removes 2), then turn 2 opens with the
    Carthaginian reinforcements (§5.1)."""
    s = game()
    s = act(s, "rome", "first", "no")
    s = act(s, "carthage", "first", "carthage")
    for _ in range(14):
        role = active(s)[0]
        s = act(s, role, "card", s.hands[role][0])
        s = act(s, role, "use", "discard")
    assert s.hands == {"rome": [], "carthage": []} and len(s.discard) == 14
    assert logs(s, "log.points") == [{"rome": 9, "carthage": 7}]
    assert active(s) == ["carthage"] and top(s) == "remove_pc" and s.flow[-1]["n"] == 2
    for _ in range(2):
        s = act(s, "carthage", "province", "baetica")
        s = act(s, "carthage", "remove", args(s, "carthage", "remove")[0])
    assert s.turn == 2 and s.phase == "reinforcements" and top(s) == "reinf_c"
    keys = [e.msg.key for e in s.log]
    assert keys.index("log.points") < keys.index("log.turn", keys.index("log.points"))


def test_s9_3_command_hierarchy():
    """§9.3, §10.8, §18.3: Hannibal commands every Carthaginian stack; a consul commands a
    proconsul; between equals the general who moves in commands."""
    s = clear(game())
    put(s, "carthage", "saguntum", 5, ("mago", "hannibal", "gisgo"))
    assert P.commander(s, "carthage", "saguntum") == "hannibal"
    put(s, "rome", "rome", 5, ("africanus",))
    s.proconsuls = ["africanus"]
    put(s, "rome", "rome", 0, ("varro",), consul=True)
    assert P.gens_at(s, "rome", "rome") == ["varro", "africanus"]
    put(s, "carthage", "carthage", 3, ("hanno",))
    P.place_general(s, "mago", "carthage", lead=True)
    assert P.commander(s, "carthage", "carthage") == "mago"


def test_s6_1_displaced_generals_return():
    """§6.1, §10.10: a displaced Carthaginian general returns where a Carthaginian CU stands,
    never inside a besieged walled city."""
    s = clear(game())
    for g in ("hannibal", "hasdrubal", "hanno", "gisgo"):
        s.gens[g] = "dead"
    put(s, "carthage", "saguntum", 2)
    put(s, "carthage", "new_carthage:in", 1)
    s.spaces["new_carthage"].siege_by = "rome"
    s.spaces["new_carthage"].siege = 1
    push(s, "return_generals")
    s = settle(s)
    assert args(s, "carthage", "place") == ["saguntum"]
    s = act(s, "carthage", "place", "saguntum")
    assert P.where(s, "mago") == "saguntum"


def test_s6_1_a_displaced_general_with_no_cu_to_join_waits():
    """§6.1: a displaced Carthaginian general returns only where a Carthaginian CU stands, never
    into a besieged walled city: with none he stays displaced (said in the log), and no
    question without an answer is asked."""
    s = clear(game())
    for g in ("hannibal", "hasdrubal", "hanno", "gisgo"):
        s.gens[g] = "dead"
    put(s, "carthage", "new_carthage:in", 1)
    s.spaces["new_carthage"].siege_by = "rome"
    s.spaces["new_carthage"].siege = 1
    push(s, "end_turn")
    push(s, "return_generals")
    s.turn = 9
    s = settle(s)
    assert s.result is not None
    assert s.gens["mago"] == "displaced" and logs(s, "log.general_waits") == [{"g": "@gen.mago"}]


def test_s6_3_no_reinforcements_into_enemy_cus_or_a_besieged_city():
    """§6.3: not into a besieged walled city; not where enemy CUs stand outside (the spec's
    reading); an enemy general alone does not block and is displaced."""
    s = clear(game())
    put(s, "carthage", "carthage", 2, ("hanno",))
    put(s, "rome", "new_carthage", 3)
    put(s, "carthage", "saguntum", 0, ("hasdrubal",))
    put(s, "rome", "saguntum", 0, ("varro",))
    sources = T.carthage_sources(s)
    assert "new_carthage" not in sources.get("r2", []) and "saguntum" in sources["r4"]
    P.add_cu(s, "carthage", "saguntum", 1)
    assert s.gens["varro"] == "pool"
