"""Pax Romana alliances (§4.1, §4.3): made in a Negotiate action when every party confirms,
ended with the Game Turn; allied armies friendly in movement, control (§5.4.1) and combined
defence; allies stacked together part in the Attrition and Isolation Phase."""

from __future__ import annotations

from games.pax_romana import alliances, battle
from games.pax_romana.control import (
    controllers,
    controls_province,
    province_map,
    space_controller,
)
from games.pax_romana.flow import next_phase, push, run
from games.pax_romana.rules import RULES
from games.pax_romana.state import City, LeaderState, PRState
from tests.pax_romana_support import act, army, blank, choices, dice, enter, hold, march, top


def _negotiate(s: PRState, power: str, *invite: str) -> PRState:
    hold(s, power)
    push(s, "negotiate", role=power)
    s = RULES.copy(s)
    for r in invite:
        s = act(s, power, "invite", r)
    return s


def test_4_3_1_an_alliance_both_sides_confirm_shown_on_the_board_and_in_the_log() -> None:
    s = _negotiate(blank(), "rome", "carthage")
    assert ("ally", "carthage") in choices(s, "rome")
    s = act(s, "rome", "ally", "carthage")
    assert top(s) == "alliance_answer" and s.flow[-1]["role"] == "carthage"
    assert s.alliances == []                     # nothing until the other side confirms
    s = act(s, "carthage", "accept")
    assert s.alliances == [["rome", "carthage"]]
    assert alliances.allied(s, "rome", "carthage") and alliances.allied(s, "carthage", "rome")
    assert not alliances.allied(s, "rome", "greece")
    assert RULES.view(s, None).board["alliances"] == [["rome", "carthage"]]
    assert "Alliance until the end of the turn: Rome, Carthage" in RULES.describe(
        RULES.view(s, None))
    assert "Союз до конца хода: Рим, Карфаген" in RULES.describe(RULES.view(s, None), "ru")
    assert any(e.msg.key == "log.alliance2" for e in s.log)
    # already allied: not offered again
    assert ("ally", "carthage") not in choices(s, "rome")


def test_4_3_1_a_refused_alliance_is_not_made() -> None:
    s = _negotiate(blank(), "rome", "carthage")
    s = act(s, "rome", "ally", "carthage")
    s = act(s, "carthage", "refuse")
    assert s.alliances == []
    assert s.log[-1].msg.key == "log.alliance_refused"


def test_4_3_1_all_named_parties_confirm_one_refusal_ends_it() -> None:
    s = _negotiate(blank(), "greece", "rome", "east")
    s = act(s, "greece", "ally_all")
    assert s.flow[-1]["role"] == "rome"
    s = act(s, "rome", "accept")
    assert s.flow[-1]["role"] == "east" and s.alliances == []
    s = act(s, "east", "refuse")
    assert s.alliances == []
    s = act(s, "greece", "ally_all")
    s = act(s, "rome", "accept")
    s = act(s, "east", "accept")
    assert s.alliances == [["rome", "greece", "east"]]


def test_4_1_joining_an_alliance_needs_all_of_its_members_invited() -> None:
    """Only invited players may be party to an agreement (§4.1): Greece may not ally with Rome,
    already Carthage's ally, unless Carthage is invited too and confirms."""
    s = blank()
    alliances.ally(s, ["rome", "carthage"])
    s = _negotiate(s, "greece", "rome")
    assert ("ally", "rome") not in choices(s, "greece")
    s = act(s, "greece", "invite", "carthage")
    assert ("ally", "rome") in choices(s, "greece")
    s = act(s, "greece", "ally", "rome")
    s = act(s, "rome", "accept")
    s = act(s, "carthage", "accept")
    assert s.alliances == [["rome", "carthage", "greece"]]


def test_4_3_1_the_alliance_ends_with_the_game_turn() -> None:
    s = blank()
    alliances.ally(s, ["rome", "east"])
    s.phase = "I"
    hold(s)
    next_phase(s)
    assert s.turn == 2 and s.alliances == []
    assert any(e.msg.key == "log.alliances_end" for e in s.log)


def test_4_3_1_allied_armies_pass_through_and_end_a_move_together() -> None:
    """Carthage's army enters Venusia, held by Rome's army: no battle (1 MP, not 2), and it may
    stop there; without the alliance it must attack."""
    s = blank()
    hold(s, "greece")
    alliances.ally(s, ["rome", "carthage"])
    s.add("capua", "carthage", "HI", 2)
    s.add("venusia", "rome", "LI", 3)
    s = enter(s, "carthage", "capua", 4)
    assert ("to", "venusia") in [(v, a) for v, a in choices(s, "carthage")]
    s = act(s, "carthage", "to", "venusia")
    move = next(f for f in s.flow if f["k"] == "move_army")
    assert move["mp"] == 3 and not any(f["k"] in ("battle", "withdraw") for f in s.flow)
    s = act(s, "carthage", "stop")
    assert s.stack("venusia", "carthage") == {"HI": 2}
    assert s.stack("venusia", "rome") == {"LI": 3}
    plain = blank()
    plain.add("venusia", "rome", "LI", 3)
    from games.pax_romana.movement import hostile
    assert hostile(plain, "venusia", "carthage") == ["rome"]
    assert hostile(s, "venusia", "carthage") == []


def test_5_4_1_an_allys_army_neither_breaks_nor_gives_control() -> None:
    """West Sicily (3 spaces, no one's home): Rome holds Lilybaeum, Carthage's army
    Panormus. Unallied, neither controls it (5.2.1b: someone else holds a space); allied,
    each reads it without the other's army, and the tie leaves it to neither. With Carthage's
    army alone there, allied Rome keeps its own home province of Italia although Carthage's
    army stands in five of its nine spaces."""
    s = blank()
    s.add("lilybaeum", "rome", "LI", 1)
    s.add("panormus", "carthage", "LI", 1)
    assert province_map(s)["west_sicily"] is None
    alliances.ally(s, ["rome", "carthage"])
    ctrl = controllers(s)
    assert controls_province(s, "rome", "west_sicily", ctrl)
    assert controls_province(s, "carthage", "west_sicily", ctrl)
    assert province_map(s)["west_sicily"] is None        # one space each: neither
    s.add("agrigentum", "rome", "LI", 1)
    assert province_map(s)["west_sicily"] == "rome"      # Rome's by the plain count too
    s2 = blank()
    for sp in ("rome", "pisae", "arretium", "ariminum", "bovianum"):
        s2.add(sp, "carthage", "HI", 1)
    assert province_map(s2)["italia"] == "carthage"
    alliances.ally(s2, ["rome", "carthage"])
    assert province_map(s2)["italia"] == "rome"
    assert space_controller(s2, "pisae") == "rome"      # the ally does not break it


def test_4_3_1_a_space_held_by_allies_together() -> None:
    """The ally whose city is there holds it; else the one whose home it is; else the one that
    came first."""
    s = blank()
    alliances.ally(s, ["rome", "carthage"])
    s.add("panormus", "carthage", "LI", 1)
    s.add("panormus", "rome", "HI", 1)
    assert space_controller(s, "panormus") == "carthage"           # came first
    s.add("capua", "carthage", "HI", 1)
    s.add("capua", "rome", "LI", 1)
    assert space_controller(s, "capua") == "rome"                  # Rome's home
    plain = blank()
    plain.add("panormus", "carthage", "LI", 1)
    plain.add("panormus", "rome", "HI", 1)
    assert space_controller(plain, "panormus") == "contested"


def _combined(s: PRState, *rolls: int) -> PRState:
    """Greece's 4 HI (12 BP) march from Tarentum into Venusia, held by Rome's 2 LI and
    Carthage's 2 HI (8 BP together); ``rolls``: the battle dice."""
    hold(s, "east")
    alliances.ally(s, ["rome", "carthage"])
    s.add("tarentum", "greece", "HI", 4)
    s.add("venusia", "rome", "LI", 2)
    s.add("venusia", "carthage", "HI", 2)
    s = enter(s, "greece", "tarentum", 5)
    dice(s, *rolls)
    s = act(s, "greece", "to", "venusia")
    while top(s) in ("intercept", "withdraw"):
        verb = "let_pass" if top(s) == "intercept" else "stand"
        s = act(s, s.flow[-1]["role"], verb)
    return s


def test_4_3_1_combined_defence_without_leaders_the_power_with_more_bp_decides() -> None:
    """12 BP against 8 (1.5:1, 1 shift to Greece); Carthage's 6 BP to Rome's 2: Carthage
    decides the battle. Rolls 4 and 2: Greece, with its shift used by the scripted answer,
    raises its roll to 5: the combined army loses 50% of 8 = 4 BP, shared 6:2, so Carthage
    3 and Rome 1; Greece loses 20% of 12 = 2.4, 2 BP."""
    s = _combined(blank(), 4, 2)
    b = battle.battle_frame(s)
    assert b["deciders"] == {b["dfd"]: "carthage"}
    assert b["bp"] == {"greece": 12, b["dfd"]: 8} and b["rolls"] == {"greece": 4, b["dfd"]: 2}
    assert top(s) == "use_shifts" and s.flow[-1]["role"] == "greece"
    s = act(s, "greece", "raise")
    assert top(s) == "retreat" and s.flow[-1]["role"] == "carthage"
    s = act(s, "carthage", "stand")
    assert top(s) == "force_retreat"
    s = act(s, "greece", "no_force")
    # the deciding Power allocates its share first, then Rome; Greece last
    assert top(s) == "allocate_losses" and s.flow[-1]["role"] == "carthage"
    assert s.flow[-1]["need"] == 3 and s.flow[-1]["owners"] == ["carthage"]
    assert all(k.startswith("carthage|") for v, k in choices(s, "carthage"))
    s = act(s, "carthage", "loss", "carthage|kill|HI")
    assert s.flow[-1]["role"] == "rome" and s.flow[-1]["need"] == 1
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.flow[-1]["role"] == "greece" and s.flow[-1]["need"] == 2
    s = act(s, "greece", "loss", "greece|weaken|HI")
    assert s.stack("venusia", "carthage") == {"HI": 1}
    assert s.stack("venusia", "rome") == {"LI": 1}
    # one battle for both allies: no second battle against Rome
    assert not any(f["k"] == "battle" for f in s.flow)
    assert s.stack("tarentum", "greece") == {"HI": 3, "wHI": 1}       # regrouped


def test_4_3_1_combined_defence_the_best_tactics_commands() -> None:
    """Rome's 1-3 leader and none on Carthage's side: Rome decides, though Carthage has more BP;
    Carthage's 2-4 leader then out-rates him; with equal Tactics (1-3 and 1-3) the leader with
    more BP of his own Power under him; equal in all, and with no leaders and equal BP: by lot
    (the game's dice)."""
    s = blank()
    alliances.ally(s, ["rome", "carthage"])
    s.leaders["rome_01"] = LeaderState(owner="rome", at="venusia")
    s.add("venusia", "rome", "LI", 2)
    s.add("venusia", "carthage", "HI", 2)
    owners = ["carthage", "rome"]
    assert alliances.deciding_power(s, "venusia", owners) == ("rome", False)
    s.leaders["carthage_04"] = LeaderState(owner="carthage", at="venusia")
    assert alliances.deciding_power(s, "venusia", owners) == ("carthage", False)
    del s.leaders["carthage_04"]
    s.leaders["carthage_01"] = LeaderState(owner="carthage", at="venusia")
    assert alliances.deciding_power(s, "venusia", owners) == ("carthage", False)   # 6 BP to 2
    s.add("venusia", "rome", "LI", 4)
    s.rng.scripted.append(0)
    assert alliances.deciding_power(s, "venusia", owners) == ("rome", True)        # 6 and 6
    s2 = blank()
    alliances.ally(s2, ["rome", "carthage"])
    s2.add("venusia", "rome", "HI", 1)
    s2.add("venusia", "carthage", "HI", 1)
    s2.rng.scripted.append(1)
    assert alliances.deciding_power(s2, "venusia", owners) == ("carthage", True)
    s2.rng.scripted.append(0)
    assert alliances.deciding_power(s2, "venusia", owners) == ("rome", True)
    assert alliances.deciding_power(s2, "capua", owners) is None                  # nobody there
    s2.remove("venusia", "carthage", "HI")
    assert alliances.deciding_power(s2, "venusia", owners) is None                # one Power


def test_4_3_1_loss_shares_in_proportion_what_one_cannot_take_passes_on() -> None:
    assert alliances.loss_shares({"rome": 2, "carthage": 6}, 4, {"rome": 2, "carthage": 6},
                                 ["carthage", "rome"]) == {"carthage": 3, "rome": 1}
    # 5 BP over 1:1 halves: the extra one to the deciding Power
    assert alliances.loss_shares({"rome": 3, "carthage": 3}, 5, {"rome": 3, "carthage": 3},
                                 ["rome", "carthage"]) == {"rome": 3, "carthage": 2}
    # Rome can absorb only 1: the rest goes to Carthage
    assert alliances.loss_shares({"rome": 4, "carthage": 4}, 6, {"rome": 1, "carthage": 8},
                                 ["carthage", "rome"]) == {"carthage": 5, "rome": 1}


def test_4_3_1_allies_stacked_together_part_in_the_isolation_phase() -> None:
    """Carthage's army came last into Panormus, where Rome's army stands: in Phase G it is
    placed in Carthage; in Capua (Rome's home) Carthage's army leaves though it came first.
    East, with two capitals, chooses."""
    s = blank()
    alliances.ally(s, ["rome", "carthage", "east"])
    s.add("panormus", "rome", "LI", 1)
    army(s, "panormus", "carthage", leaders=("carthage_01",), HI=2)
    s.add("capua", "carthage", "LI", 1)
    s.add("capua", "rome", "LI", 1)
    s.add("paestum", "rome", "LI", 1)
    s.add("paestum", "east", "HI", 1)
    assert alliances.stacked_together(s) == [("capua", "rome", ["carthage"]),
                                            ("paestum", "rome", ["east"]),
                                            ("panormus", "rome", ["carthage"])]
    s.phase = "F"
    hold(s)
    s.flow.pop(0)
    next_phase(s)
    assert s.phase == "G"
    assert s.stack("panormus", "carthage") == {} and s.stack("capua", "carthage") == {}
    assert s.stack("carthage", "carthage") == {"HI": 2, "LI": 1}
    assert s.leaders["carthage_01"].at == "carthage"
    assert s.stack("panormus", "rome") == {"LI": 1}
    assert top(s) == "ally_capital" and s.flow[-1]["role"] == "east"
    assert sorted(a for _, a in choices(s, "east")) == ["alexandria", "antioch"]
    s = act(s, "east", "capital", "antioch")
    assert s.stack("antioch", "east") == {"HI": 1} and s.stack("paestum", "east") == {}


def test_4_3_1_an_army_with_no_open_capital_is_lost() -> None:
    s = blank()
    alliances.ally(s, ["rome", "carthage"])
    s.add("panormus", "rome", "LI", 1)
    s.add("panormus", "carthage", "HI", 2)
    s.add("carthage", "greece", "HI", 1)
    alliances.separate(s)
    assert s.stack("panormus", "carthage") == {} and s.stack("carthage", "carthage") == {}
    assert s.log[-1].msg.key == "log.ally_lost"


def test_9_6_4_a_fleet_in_an_allys_port_is_in_a_friendly_port() -> None:
    """Carthage's galleys in Syracuse, held by Rome's army: destroyed in the Isolation Phase
    unless Rome is Carthage's ally (§4.3.1)."""
    for allies, left in ((False, {}), (True, {"GS": 2})):
        s = blank()
        s.add("syracuse", "rome", "LI", 1)
        s.add("syracuse", "carthage", "GS", 2)
        if allies:
            alliances.ally(s, ["rome", "carthage"])
        hold(s, "greece")
        push(s, "fleet_attrition")
        run(s)
        assert s.stack("syracuse", "carthage") == left


def test_4_3_1_an_allys_army_does_not_block_a_line_of_communication() -> None:
    """§6.1.6 with §4.3.1: Rome's army or city blocks Carthage's LOC unless they are allies."""
    from games.pax_romana.control import _blocks_land
    s = blank()
    s.add("venusia", "rome", "LI", 1)
    s.cities["capua"] = City(owner="rome", kind="city", fp=5)
    assert _blocks_land(s, "carthage", "venusia") and _blocks_land(s, "carthage", "capua")
    alliances.ally(s, ["rome", "carthage"])
    assert not _blocks_land(s, "carthage", "venusia")
    assert not _blocks_land(s, "carthage", "capua")
    assert _blocks_land(s, "greece", "venusia")


def test_4_3_1_galleys_and_a_lone_leader_are_no_army_of_the_combined_defence() -> None:
    """Carthage's galleys and leader in Syracuse beside Rome's army: Rome defends alone."""
    s = blank()
    alliances.ally(s, ["rome", "carthage"])
    s.add("syracuse", "rome", "LI", 1)
    army(s, "syracuse", "carthage", leaders=("carthage_10",), GS=3)
    assert alliances.deciding_power(s, "syracuse", ["carthage", "rome"]) is None
    # Greece joins: Carthage's great leader stands by his galleys only; 1 BP each: by lot
    s.add("syracuse", "greece", "LI", 1)
    alliances.ally(s, ["rome", "greece"])
    s.rng.scripted.append(1)
    assert alliances.deciding_power(s, "syracuse", ["carthage", "greece", "rome"]) == (
        "greece", True)


def test_4_3_1_an_ally_intercepting_into_its_allys_space_fights_beside_it() -> None:
    """Carthage's 2 HI enter Parma, held by Rome's 2 LI; Greece, Rome's ally, intercepts from
    Arretium with 4 HI (2d6 12): Greece and Rome attack together, Greece deciding (12 BP to 2).
    14 BP against 6 (2:1, 2 shifts, not used); rolls 1 and 6: the allies lose 60% of 14 = 8 BP,
    shared 12:2 as 7 and 1; Carthage 10% of 6, 1 BP. Carthage holds Parma: only the Greeks
    regroup to Arretium; Rome's army stays, and Carthage's entry goes on against it."""
    s = blank()
    hold(s, "east")
    alliances.ally(s, ["rome", "greece"])
    s.add("mediolanum", "carthage", "HI", 2)
    s.add("parma", "rome", "LI", 2)
    s.add("arretium", "greece", "HI", 4)
    s = enter(s, "carthage", "mediolanum", 4, "parma")
    assert top(s) == "intercept" and s.flow[-1]["role"] == "greece"
    dice(s, 6, 6, 1, 6)
    s = act(s, "greece", "intercept", "arretium")
    b = battle.battle_frame(s)
    assert b["att"] == "greece" and b["deciders"] == {"greece": "greece"}
    assert b["bp"] == {"greece": 14, "carthage": 6}
    assert top(s) == "use_shifts" and s.flow[-1]["role"] == "greece"
    s = act(s, "greece", "done")
    assert top(s) == "allocate_losses" and s.flow[-1]["role"] == "carthage"
    s = act(s, "carthage", "loss", "carthage|weaken|HI")
    assert (s.flow[-1]["role"], s.flow[-1]["need"]) == ("greece", 7)
    s = act(s, "greece", "loss", "greece|kill|HI")
    s = act(s, "greece", "loss", "greece|kill|HI")
    s = act(s, "greece", "loss", "greece|kill|HI")
    assert (s.flow[-1]["role"], s.flow[-1]["need"]) == ("rome", 1)
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.stack("arretium", "greece") == {"HI": 1}
    assert s.stack("parma", "rome") == {"LI": 1}
    assert s.stack("parma", "carthage") == {"HI": 1, "wHI": 1}
    assert top(s) == "withdraw" and s.flow[-1]["role"] == "rome"


def test_4_3_1_an_allys_allied_independent_is_a_friend_too() -> None:
    """Pergamum allied to Rome (its card, §17.2) and Rome allied to Carthage: Pergamum's and
    Carthage's armies are friends both ways; Greece's are not."""
    from games.pax_romana.movement import friends_of
    s = blank()
    s.allied_independents = {"pergamum": "rome"}
    alliances.ally(s, ["rome", "carthage"])
    assert "pergamum" in friends_of(s, "carthage")
    assert "carthage" in friends_of(s, "pergamum")
    assert "pergamum" not in friends_of(s, "greece")
    assert alliances.power_of(s, "pergamum") == "rome"


def test_4_3_1_a_shared_loss_in_a_city_the_fp_count_for_its_owner() -> None:
    """Rome's LI and its city of 5 FP (6 BP) and Carthage's 2 HI (6 BP) defend Capua together,
    Carthage deciding; 7 BP lost: 3.5 each, the extra BP to the deciding Power: Carthage 4,
    Rome 3; only Rome may pay with its city's FP (§7.3.3), and no cavalry is lost there."""
    s = blank()
    alliances.ally(s, ["rome", "carthage"])
    s.cities["capua"] = City(owner="rome", kind="city", fp=5)
    s.add("capua", "rome", "LI", 1)
    army(s, "capua", "carthage", HI=2, CV=1)
    hold(s, "east")
    battle._shared_losses(s, {"space": "capua", "deciders": {"rome": "carthage"}}, "rome", 7,
                          True)
    asked = [(f["role"], f["need"], f["owners"]) for f in s.flow[1:]]
    assert asked == [("rome", 3, ["rome"]), ("carthage", 4, ["carthage"])]
    s = RULES.copy(s)
    assert sorted(a for _, a in choices(s, "carthage")) == [
        "carthage|kill|HI", "carthage|weaken|HI"]
    s = act(s, "carthage", "loss", "carthage|kill|HI")
    s = act(s, "carthage", "loss", "carthage|weaken|HI")
    assert s.stack("capua", "carthage") == {"wHI": 1, "CV": 1}
    assert s.flow[-1]["role"] == "rome"
    assert sorted(a for _, a in choices(s, "rome")) == ["rome|fp|", "rome|kill|LI"]


def test_4_5_table_talk_opens_talks_at_any_decision_of_the_activation_without_the_action() -> None:
    """§4.5 (optional table talk): the active Power may open talks at its AM question and in the
    middle of a move, ally there, and come back to the same question, its Action unspent; without
    the option, or for a Power not active, nothing is offered."""
    s = blank()
    hold(s, "rome")
    s.active_power = "rome"
    assert ("table_talk", None) not in choices(s, "rome")
    s = blank(table_talk=True)
    hold(s, "rome")
    s.active_power = "rome"
    s = RULES.copy(s)
    treasury = s.powers["rome"].treasury
    assert ("table_talk", None) in choices(s, "rome")
    assert RULES.legal(s, "carthage") == []
    s = act(s, "rome", "table_talk")
    assert top(s) == "negotiate" and ("table_talk", None) not in choices(s, "rome")
    s = act(s, "rome", "invite", "carthage")
    s = act(s, "rome", "ally", "carthage")
    s = act(s, "carthage", "accept")
    s = act(s, "rome", "end")
    assert s.alliances == [["rome", "carthage"]]
    assert top(s) == "am" and s.powers["rome"].treasury == treasury
    assert ("action", "expansion") in [(v, a) for v, a in choices(s, "rome")]
    s.add("capua", "rome", "LG", 1)
    s = march(s, "rome", "capua")
    assert top(s) == "move_army" and ("table_talk", None) in choices(s, "rome")
    s = act(s, "rome", "table_talk")
    s = act(s, "rome", "end")
    assert top(s) == "move_army" and s.flow[-1]["start"] == "capua"
