"""Pax Romana naval actions (§11): fleets moving from the Expansion menu, where they must Stop
(§11.1.2), Continuation with its DRMs (§11.1.3-11.1.4, ambiguity A1), Naval Disaster and storms
(§11.2), naval battles and the loser's return to port (§11.4), pirates (§12.6.3)."""

from __future__ import annotations

from games.pax_romana import naval
from games.pax_romana.activation import activation_phase
from games.pax_romana.flow import push, run
from games.pax_romana.rules import RULES
from games.pax_romana.state import LeaderState, PRState
from tests.pax_romana_support import act, blank, choices, dice, expansion, hold, offered


def _fleet(s: PRState, power: str, start: str, minor: bool = False) -> PRState:
    naval.start_fleet(s, power, start, minor)
    run(s)
    return RULES.copy(s)


def test_11_1_a_fleet_moves_as_the_major_move_from_the_expansion_menu() -> None:
    s = blank()
    s.add("pisae", "rome", "GS", 2)
    s.first_round = ["rome"]
    s.powers["rome"].ams = 1
    activation_phase(s)
    run(s)
    s = RULES.copy(s)
    s = act(s, "rome", "action", "expansion")
    s = act(s, "rome", "menu", "major")
    assert ("fleet", "pisae") in choices(s, "rome")
    s = act(s, "rome", "fleet", "pisae")
    s = act(s, "rome", "sail")
    s = act(s, "rome", "to", "rome")                       # a home port: no Stop
    assert s.flow[-1]["k"] == "move_fleet" and not s.flow[-1]["stopped"]
    assert s.stack("rome", "rome") == {"GS": 2}


def test_11_1_2_an_unoccupied_port_outside_home_stops_the_fleet() -> None:
    s = blank()
    assert naval.must_stop(s, "rome", "aleria")
    assert not naval.must_stop(s, "rome", "pisae")
    s.add("utica", "carthage", "LI")
    assert naval.must_stop(s, "rome", "utica")


def test_11_1_3_continuation_8_with_a_leader_goes_on() -> None:
    """The amphibious example: a Continuation roll of 8, 7 with the leader's -1, continues."""
    s = blank()
    hold(s)
    s.add("aleria", "rome", "GS", 2)
    s.leaders["rome_06"] = LeaderState(owner="rome", at="aleria")
    s = _fleet(s, "rome", "aleria")
    s.flow[-1].update(stage="move", stopped=True)
    dice(s, 4, 4)
    s = act(s, "rome", "continue")
    assert not s.flow[-1]["stopped"]
    s2 = blank()
    hold(s2)
    s2.add("aleria", "rome", "GS", 2)
    s2 = _fleet(s2, "rome", "aleria")
    s2.flow[-1].update(stage="move", stopped=True)
    dice(s2, 4, 4)
    s2 = act(s2, "rome", "continue")
    assert s2.flow[-1]["k"] != "move_fleet"                # 8 without a leader: Finished
    assert "aleria|rome" in s2.finished


def test_11_2_storm_in_a_dstp_sinks_galleys_and_failing_there_destroys_the_fleet() -> None:
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 4)
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "sail")
    dice(s, 5, 3)                                           # Storm, 3 galleys lost
    s = act(s, "rome", "to", "dstp_mare_tyrrhenum")
    assert s.stack("dstp_mare_tyrrhenum", "rome") == {"GS": 1}
    assert s.flow[-1]["stopped"]
    assert choices(s, "rome") == [("continue", None)]       # no ending in a DSTP
    dice(s, 6, 6)
    s = act(s, "rome", "continue")
    assert "dstp_mare_tyrrhenum" not in s.units


def test_11_2_off_course_in_an_ntp_on_a_6() -> None:
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 1)
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "sail")
    dice(s, 6)
    s = act(s, "rome", "to", "ntp_mare_inferum")
    assert s.flow[-1]["stopped"] and ("stop", None) in choices(s, "rome")


def test_11_4_naval_battle_loser_sinks_the_difference_in_galleys_and_goes_home() -> None:
    """3 galleys (6 BP) + 5 against 2 galleys (4 BP) + 1: 11 to 5, the loser sinks
    ceil(6 / 2) = 3, i.e. all; the winner rolls odd and loses 1, Stops, +2 to Continuation."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "sail")
    dice(s, 1)                                              # no disaster
    s = act(s, "rome", "to", "ntp_mare_inferum")
    assert s.flow[-1]["k"] == "naval_contact" and s.flow[-1]["role"] == "carthage"
    dice(s, 5, 1, 3)
    s = act(s, "carthage", "fight")
    assert "carthage" not in s.units.get("ntp_mare_inferum", {})
    assert s.stack("ntp_mare_inferum", "rome") == {"GS": 2}
    f = s.flow[-1]
    assert f["stopped"] and f["drm"] == 2


def test_11_4_the_beaten_fleet_makes_for_the_nearest_friendly_port() -> None:
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 3)
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "sail")
    dice(s, 1)
    s = act(s, "rome", "to", "ntp_mare_inferum")
    dice(s, 1, 4, 2)                                        # 7 against 10: Rome loses 2 galleys
    port = naval.nearest_port(s, "rome", "ntp_mare_inferum")
    s = act(s, "carthage", "fight")
    assert s.stack("ntp_mare_inferum", "carthage") == {"GS": 3}
    assert port is not None and s.stack(port, "rome") == {"GS": 1}
    assert naval.point_kind(port) == "port" and RULES.view(s, None).board["control"][port] == "rome"
    assert s.flow[-1]["k"] != "move_fleet"


def test_12_6_3_pirates_must_be_beaten_to_enter() -> None:
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 1)
    s.pirates = [{"at": "ntp_mare_inferum", "cilician": False}]
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "sail")
    dice(s, 3)                                              # 3 + 2 = 5: beaten back
    s = act(s, "rome", "to", "ntp_mare_inferum")
    assert s.pirates and s.stack("rome", "rome") == {"GS": 1}
    assert "rome|rome" in s.finished
    s2 = blank()
    hold(s2)
    s2.add("rome", "rome", "GS", 1)
    s2.pirates = [{"at": "ntp_mare_inferum", "cilician": False}]
    s2 = _fleet(s2, "rome", "rome")
    s2 = act(s2, "rome", "sail")
    dice(s2, 4, 1)                                          # 4 + 2 = 6: cleared; no disaster
    s2 = act(s2, "rome", "to", "ntp_mare_inferum")
    assert not s2.pirates and s2.stack("ntp_mare_inferum", "rome") == {"GS": 1}


def test_11_4_3_galley_improvement_makes_galleys_3_bp() -> None:
    s = blank()
    assert naval.galley_bp(s, "rome") == 2
    s.powers["rome"].galley_improvement = True
    assert naval.galley_bp(s, "rome") == 3
    push(s, "noop")
    s.flow.pop()


def _army_move(s: PRState, power: str, start: str) -> PRState:
    units = {k: n for k, n in s.stack(start, power).items() if k != "GS"}
    push(s, "move_army", role=power, owner=power, start=start, units=units,
         leaders=s.leaders_at(start, power), minor=False)
    run(s)
    return RULES.copy(s)


def test_11_3_1_naval_transport_example_pella_to_agrigentum() -> None:
    """A Greek army at Pella under a 1-3 leader rolls 3 (6 MP): to Dyrrachium 1, embark 1,
    voyage 1 along the Greek coast and through the DSTP to Syracuse (Greek), land 1, on to
    Agrigentum 1: 5 MP, one left."""
    s = blank()
    hold(s)
    s.add("pella", "greece", "HI", 2)
    s.leaders["greece_01"] = LeaderState(owner="greece", at="pella")
    s.add("syracuse", "greece", "GR", 1)
    s = _army_move(s, "greece", "pella")
    dice(s, 3)
    s = act(s, "greece", "go")
    assert s.flow[-1]["mp"] == 6
    s = act(s, "greece", "to", "dyrrachium")
    assert ("embark", None) in choices(s, "greece")
    s = act(s, "greece", "embark")
    for point in ("corcyra", "actium", "patrae", "gythium"):
        s = act(s, "greece", "sail_to", point)            # home ports: no Stop
        assert not s.flow[-1]["sea"]["stopped"]
    assert s.flow[-1]["mp"] == 6 - 1 - 1 - 1
    dice(s, 2)                                              # the DSTP: no effect
    s = act(s, "greece", "sail_to", "dstp_mare_ionium")
    s = act(s, "greece", "sail_to", "syracuse")
    assert ("land", None) in choices(s, "greece")
    s = act(s, "greece", "land")
    assert s.stack("syracuse", "greece") == {"HI": 2, "GR": 1}
    s = act(s, "greece", "to", "agrigentum")
    assert s.stack("agrigentum", "greece") == {"HI": 2}
    assert s.flow[-1]["mp"] == 1 and s.leaders["greece_01"].at == "agrigentum"


def test_11_3_3_amphibious_assault_gives_the_defender_2_shifts_and_no_cavalry() -> None:
    s = blank()
    hold(s)
    s.add("lilybaeum", "rome", "LG", 2)
    s.add("lilybaeum", "rome", "CV", 2)
    s.add("lilybaeum", "rome", "GS", 3)
    s.add("agrigentum", "carthage", "HI", 2)
    s = _army_move(s, "rome", "lilybaeum")
    dice(s, 6)
    s = act(s, "rome", "go")
    s = act(s, "rome", "embark")
    s = act(s, "rome", "sail_to", "agrigentum")
    assert s.flow[-1]["sea"]["stopped"]                    # an enemy port: Stop
    s = act(s, "rome", "land")
    assert s.flow[-1]["k"] == "withdraw"
    dice(s, 3, 3)
    s = act(s, "carthage", "stand")
    b = next(f for f in s.flow if f["k"] == "battle")
    assert b["amphibious"]
    from games.pax_romana import battle
    shifts = battle.shifts_for(s, b, battle.total_bp(s, b, "rome"),
                               battle.total_bp(s, b, "carthage"))
    assert battle.total_bp(s, b, "rome") == 8               # no cavalry for the assault
    assert shifts["carthage"] == 2


def test_11_4_2_withdrawal_before_naval_battle_gives_plus_1_to_continuation() -> None:
    """§11.4.2: the Carthaginian fleet withdraws point by point, never past an enemy fleet; in
    Rome, an unoccupied port outside its Home Territory, it must Stop; its Continuation roll of
    12 fails and bars a second withdrawal this Activation. The Roman fleet Stops, +1."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s.add("pisae", "rome", "GS", 1)
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "sail")
    dice(s, 1)
    s = act(s, "rome", "to", "ntp_mare_inferum")
    ports = naval.naval_withdrawal_ports(s, "carthage", "ntp_mare_inferum")
    assert "rome" in ports and "pisae" not in ports         # not into an enemy fleet's port
    s = act(s, "carthage", "withdraw")
    assert choices(s, "carthage") == [("naval_withdraw_to", "paestum"),
                                      ("naval_withdraw_to", "rome")]
    s = act(s, "carthage", "naval_withdraw_to", "rome")
    assert s.stack("rome", "carthage") == {"GS": 2}
    assert choices(s, "carthage") == [("continue", None), ("stop", None)]
    assert RULES.view(s, "carthage").prompt == (
        "Carthage: your fleet withdrawing from Mare Inferum (Latin coast) has Stopped at Rome: roll for "
        "Continuation, or end there?")
    dice(s, 6, 6)
    s = act(s, "carthage", "continue")
    assert s.stack("rome", "carthage") == {"GS": 2}
    assert "rome|carthage|no_naval_withdrawal" in s.finished
    assert not naval.may_withdraw_fleet(s, "carthage", "rome")
    f = s.flow[-1]
    assert f["k"] == "move_fleet" and f["stopped"] and f["drm"] == 1


def test_11_4_2_a_withdrawing_fleet_rolls_for_disaster_and_dies_in_a_dstp() -> None:
    """§11.4.2 with §11.2.1: withdrawing through the Tyrrhenian DSTP, a storm (5) sinks 2 of the
    3 galleys; Stopped there, the fleet must roll Continuation, and 8 destroys it."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 2)
    s.add("paestum", "carthage", "GS", 3)
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "sail")
    dice(s, 1)
    s = act(s, "rome", "to", "ntp_mare_inferum")
    s = act(s, "rome", "to", "paestum")
    assert s.flow[-1]["k"] == "naval_contact"
    s = act(s, "carthage", "withdraw")
    assert ("naval_withdraw_to", "dstp_mare_tyrrhenum") in choices(s, "carthage")
    dice(s, 5, 2)
    s = act(s, "carthage", "naval_withdraw_to", "dstp_mare_tyrrhenum")
    assert s.stack("dstp_mare_tyrrhenum", "carthage") == {"GS": 1}
    assert choices(s, "carthage") == [("continue", None)]     # no ending in a DSTP
    dice(s, 4, 4)
    s = act(s, "carthage", "continue")
    assert "dstp_mare_tyrrhenum" not in s.units
    f = s.flow[-1]
    assert f["k"] == "move_fleet" and f["stopped"] and f["drm"] == 1


def _transport_at_sea(s: PRState, power: str, start: str, mp_roll: int, to: str,
                      disaster: int | None = None) -> PRState:
    s = _army_move(s, power, start)
    dice(s, mp_roll)
    s = act(s, power, "go")
    s = act(s, power, "embark")
    if disaster is not None:
        dice(s, disaster)
    return act(s, power, "sail_to", to)


def test_11_4_6_a_beaten_transport_loses_2_bp_a_galley_and_lands_in_the_nearest_port() -> None:
    """§11.4.6, §11.4.4: the Roman transport (3 galleys, 2 LG) meets the Carthaginian fleet in
    Mare Inferum; Carthage fights: 1 + 6 against 6 + 4, Rome sinks ceil(3 / 2) = 2 galleys and
    the army loses 4 BP (one LG); the rest make for Paestum, where the army must land (1 MP)."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 2)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s = _transport_at_sea(s, "rome", "rome", 6, "ntp_mare_inferum", disaster=1)
    assert s.flow[-1]["k"] == "naval_contact" and s.flow[-1]["role"] == "carthage"
    assert RULES.view(s, None).prompt == (
        "Carthage: the transport of Rome (an army aboard its galleys) enters Mare Inferum (Latin "
        "coast) "
        "where your fleet lies: fight it, withdraw, or let it pass?")
    dice(s, 1, 6, 2)                                        # the winner rolls even: no loss
    s = act(s, "carthage", "fight")
    assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["role"] == "rome"
    assert choices(s, "rome") == [("loss", "rome|kill|LG"), ("loss", "rome|weaken|LG")]
    s = act(s, "rome", "loss", "rome|kill|LG")              # §10.3.2: Rome's own choice
    assert s.stack("ntp_mare_inferum", "carthage") == {"GS": 2}
    assert s.stack("paestum", "rome") == {"LG": 1, "GS": 1}
    m = s.flow[-1]
    assert m["k"] == "move_army" and m["sea"]["must_land"] and m["mp"] == 6 - 2
    assert choices(s, "rome") == [("land", None)]
    s = act(s, "rome", "land")
    assert s.flow[-1]["stage"] == "move" and s.flow[-1]["mp"] == 6 - 2 - 1


def test_11_4_6_all_galleys_lost_or_none_at_all_and_the_army_goes_down() -> None:
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 1)
    s.leaders["rome_06"] = LeaderState(owner="rome", at="rome")
    s.add("ntp_mare_inferum", "carthage", "GS", 1)
    s = _transport_at_sea(s, "rome", "rome", 6, "ntp_mare_inferum", disaster=1)
    s = act(s, "carthage", "fight")                         # no galleys: no roll at all
    assert "rome" not in s.units.get("ntp_mare_inferum", {})
    assert "rome_06" not in s.leaders
    assert s.flow[-1]["k"] != "move_army"
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 2)
    s.add("rome", "rome", "GS", 1)
    s.add("ntp_mare_inferum", "carthage", "GS", 3)
    s = _transport_at_sea(s, "rome", "rome", 6, "ntp_mare_inferum", disaster=1)
    dice(s, 1, 6, 2)
    s = act(s, "carthage", "fight")
    assert "rome" not in s.units.get("ntp_mare_inferum", {})


def test_11_4_6_a_winning_transport_loses_2_bp_for_its_lost_galley_and_stops_plus_2() -> None:
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 2)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 1)
    s = _transport_at_sea(s, "rome", "rome", 6, "ntp_mare_inferum", disaster=1)
    dice(s, 6, 1, 3)                                        # 12 against 3; Rome rolls odd
    s = act(s, "carthage", "fight")
    s = act(s, "rome", "loss", "rome|weaken|LG")            # §10.3.2: 2 BP, Rome's choice
    assert "carthage" not in s.units.get("ntp_mare_inferum", {})
    assert s.stack("ntp_mare_inferum", "rome") == {"LG": 1, "wLG": 1, "GS": 2}
    m = s.flow[-1]
    assert m["sea"]["stopped"] and m["sea"]["galleys"] == 2
    dice(s, 4, 4)                                           # 8 + 2: Continuation fails
    s = act(s, "rome", "continue_voyage")
    assert [e.msg.args["mod"] for e in s.log if e.msg.key == "log.continuation"] == [2]


def test_11_3_2_a_transport_picks_up_and_drops_units_and_galleys_on_the_way() -> None:
    """§11.3.2: at Corcyra the Greek transport picks up the HI waiting there (1 MP) and its 2
    galleys (0 MP); at Actium it drops one HI (0 MP; it moves no more), at Patrae a galley."""
    s = blank()
    hold(s)
    s.add("dyrrachium", "greece", "HI", 2)
    s.add("dyrrachium", "greece", "GS", 1)
    s.add("corcyra", "greece", "HI", 1)
    s.add("corcyra", "greece", "GS", 2)
    s = _transport_at_sea(s, "greece", "dyrrachium", 5, "corcyra")
    assert s.flow[-1]["mp"] == 5 - 2
    got = choices(s, "greece")
    assert ("pick_up_at_sea", None) in got and ("pick_up_galleys", None) in got
    s = act(s, "greece", "pick_up_at_sea")
    s = act(s, "greece", "pick_up_galleys")
    m = s.flow[-1]
    assert m["mp"] == 5 - 3 and m["units"] == {"HI": 3} and m["sea"]["galleys"] == 3
    s = act(s, "greece", "sail_to", "actium")
    assert not s.flow[-1]["sea"]["stopped"]
    s = act(s, "greece", "drop_at_sea", "HI")
    assert ("drop_at_sea", "HI") not in choices(s, "greece")   # more would be a landing
    s = act(s, "greece", "sail_to", "patrae")
    s = act(s, "greece", "drop_galley")
    s = act(s, "greece", "sail_to", "gythium")
    assert s.stack("actium", "greece") == {"HI": 1}
    assert s.moved["actium|greece"] == {"HI": 1}
    assert s.stack("patrae", "greece") == {"GS": 1}
    assert s.stack("gythium", "greece") == {"HI": 2, "GS": 2}
    assert s.flow[-1]["mp"] == 5 - 3


def test_11_3_2_a_fleet_picking_up_an_army_becomes_a_transport_with_its_mp_roll_less_1() -> None:
    s = blank()
    hold(s)
    s.add("dyrrachium", "greece", "GS", 2)
    s.add("corcyra", "greece", "HI", 2)
    s = _fleet(s, "greece", "dyrrachium")
    s = act(s, "greece", "sail")
    assert ("pick_up_army", None) not in choices(s, "greece")   # not where it set out
    s = act(s, "greece", "to", "corcyra")
    dice(s, 4)
    s = act(s, "greece", "pick_up_army")
    m = s.flow[-1]
    assert m["k"] == "move_army" and m["stage"] == "sea" and m["mp"] == 4 - 1
    assert m["units"] == {"HI": 2} and m["sea"]["galleys"] == 2 and m["sea"]["paid"]
    s = act(s, "greece", "sail_to", "actium")
    assert s.stack("actium", "greece") == {"HI": 2, "GS": 2} and s.flow[-1]["mp"] == 3
    s = act(s, "greece", "land")
    assert s.flow[-1]["stage"] == "move" and s.flow[-1]["mp"] == 2


def test_12_5_1_rhodes_toll_and_independent_galleys_that_never_withdraw() -> None:
    s = blank()
    hold(s)
    s.add("halicarnassus", "east", "GS", 3)
    s.add("rhodes", "rhodes", "GS", 1)
    s.add("rhodes", "rhodes", "HI", 1)
    t = s.powers["east"].treasury
    s = _fleet(s, "east", "halicarnassus")
    s = act(s, "east", "sail")
    # the toll is paid; Rhodes' galley fights (nobody is asked): 6 + 6 against 2 + 1
    dice(s, 6, 1, 1)
    s = act(s, "east", "to", "rhodes")
    assert s.powers["east"].treasury == t - 1
    assert "GS" not in s.stack("rhodes", "rhodes")
    assert s.stack("rhodes", "rhodes") == {"HI": 1}
    s2 = blank()
    s2.add("halicarnassus", "east", "GS", 1)
    s2.add("rhodes", "rhodes", "GS", 3)
    f = {"role": "east", "at": "rhodes", "n": 1, "leaders": [], "start": "halicarnassus",
         "path": ["halicarnassus", "rhodes"], "stopped": False, "drm": 0}
    s2.units["rhodes"]["east"] = {"GS": 1}
    s2.flow.append({"k": "move_fleet", **f})
    dice(s2, 6, 1, 2)                                       # 8 against 7: one Rhodian sunk
    naval.naval_battle(s2, s2.flow[-1], "rhodes")
    assert s2.stack("rhodes", "rhodes") == {"GS": 2}        # the rest stay (§12.5.1)
    s.powers["east"].treasury = 0
    assert "rhodes" not in naval.sea_targets(s, "east", "halicarnassus", ["halicarnassus"])


def test_16_2_a_mutinous_fleet_moves_only_when_paid_1t_a_galley() -> None:
    s = blank()
    s.add("pisae", "rome", "GS", 2)
    s.mutinied = ["pisae|rome"]
    s.powers["rome"].treasury = 1
    assert naval.fleet_spaces(s, "rome") == []
    s.powers["rome"].treasury = 5
    assert naval.fleet_spaces(s, "rome") == ["pisae"]
    hold(s)
    s = _fleet(s, "rome", "pisae")
    assert s.powers["rome"].treasury == 3 and not s.mutinied


def test_12_5_1_the_power_holding_rhodes_sails_its_navy() -> None:
    s = blank()
    hold(s)
    s.add("rhodes", "rhodes", "GS", 2)
    s.add("rhodes", "east", "LI", 1)
    s.rhodes_user = "east"
    assert "rhodes|rhodes" in naval.fleet_spaces(s, "east")
    assert naval.fleet_spaces(s, "greece") == []
    s = _fleet(s, "east", "rhodes|rhodes")
    s = act(s, "east", "sail")
    s = act(s, "east", "to", "halicarnassus")
    assert s.stack("halicarnassus", "rhodes") == {"GS": 2}


def test_11_3_6_a_transport_enters_an_enemy_port_only_with_3_mp() -> None:
    s = blank()
    hold(s)
    s.add("lilybaeum", "rome", "LG", 1)
    s.add("agrigentum", "carthage", "HI", 1)
    s = _army_move(s, "rome", "lilybaeum")
    dice(s, 3)                                              # 3 MP: 1 left after the voyage
    s = act(s, "rome", "go")
    s = act(s, "rome", "embark")
    assert ("sail_to", "agrigentum") not in choices(s, "rome")
    s2 = blank()
    hold(s2)
    s2.add("lilybaeum", "rome", "LG", 1)
    s2.add("agrigentum", "carthage", "HI", 1)
    s2 = _army_move(s2, "rome", "lilybaeum")
    dice(s2, 5)
    s2 = act(s2, "rome", "go")
    s2 = act(s2, "rome", "embark")
    assert ("sail_to", "agrigentum") in choices(s2, "rome")


def test_11_4_1_a_fleet_starting_its_move_beside_an_enemy_fleet_may_be_fought_11_4_5() -> None:
    """§11.4.1: a fleet that starts its move in a point with an enemy fleet: that fleet's player
    chooses; fighting (a draw here: a roll of 4 + 4 BP on each side), the mover Stops."""
    s = blank()
    hold(s)
    s.add("ntp_mare_inferum", "rome", "GS", 2)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s = _fleet(s, "rome", "ntp_mare_inferum")
    s = act(s, "rome", "sail")
    assert s.flow[-1]["k"] == "naval_contact" and s.flow[-1]["role"] == "carthage"
    dice(s, 4, 4)
    s = act(s, "carthage", "fight")
    f = s.flow[-1]
    assert f["k"] == "move_fleet" and f["stopped"]
    assert s.stack("ntp_mare_inferum", "rome") == {"GS": 2}
    assert s.stack("ntp_mare_inferum", "carthage") == {"GS": 2}
    # §11.4.5: going on after the draw (Continuation 3 + 3, no DRM), it may be fought again
    dice(s, 3, 3)
    s = act(s, "rome", "continue")
    assert [e.msg.args["mod"] for e in s.log if e.msg.key == "log.continuation"] == [0]
    assert s.flow[-1]["k"] == "naval_contact" and s.flow[-1]["role"] == "carthage"
    s = act(s, "carthage", "let_pass")
    assert s.flow[-1]["k"] == "move_fleet" and not s.flow[-1]["stopped"]


def test_11_4_5_a_transport_moving_on_after_a_draw_may_be_fought_again() -> None:
    """§11.4.5 with §11.4.6: the Roman transport (2 galleys) and the Carthaginian fleet (2) draw
    (4 + 4 each); the transport Stops, rolls Continuation without DRM (3 + 3) and, moving on,
    meets the same fleet again, whose player chooses anew."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 1)
    s.add("rome", "rome", "GS", 2)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s = _transport_at_sea(s, "rome", "rome", 6, "ntp_mare_inferum", disaster=1)
    dice(s, 4, 4)
    s = act(s, "carthage", "fight")
    m = s.flow[-1]
    assert m["k"] == "move_army" and m["sea"]["stopped"] and m["sea"]["drew"]
    assert s.stack("ntp_mare_inferum", "rome") == {"LG": 1, "GS": 2}
    dice(s, 3, 3)
    s = act(s, "rome", "continue_voyage")
    assert [e.msg.args["mod"] for e in s.log if e.msg.key == "log.continuation"] == [0]
    assert s.flow[-1]["k"] == "naval_contact" and s.flow[-1]["role"] == "carthage"
    assert s.flow[-1]["transport"]
    s = act(s, "carthage", "let_pass")
    m = s.flow[-1]
    assert m["k"] == "move_army" and not m["sea"]["stopped"]


def test_11_4_5_a_galley_moved_by_a_minor_move_fights_alone() -> None:
    """§11.4.5: two Roman galleys lie in Mare Inferum beside the Carthaginian fleet (2); a third
    Roman galley comes by a Minor Move and Carthage fights it: it fights alone, 6 + 2 = 8
    against 1 + 4 = 5 (not 6 + 6 with the galleys already there)."""
    s = blank()
    hold(s)
    s.add("ntp_mare_inferum", "rome", "GS", 2)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s.add("rome", "rome", "GS", 1)
    s = _fleet(s, "rome", "rome", minor=True)
    s = act(s, "rome", "sail")
    dice(s, 1)
    s = act(s, "rome", "to", "ntp_mare_inferum")
    dice(s, 6, 1, 2)                                        # the winner rolls even: no loss
    s = act(s, "carthage", "fight")
    battle = [e.msg.args for e in s.log if e.msg.key == "log.naval_battle"]
    assert [(a["a"], a["d"]) for a in battle] == [(8, 5)]
    assert s.stack("ntp_mare_inferum", "rome") == {"GS": 3}
    assert "carthage" not in s.units.get("ntp_mare_inferum", {})    # 3 BP: both sunk


def test_11_4_2_a_withdrawing_fleet_enters_another_fleets_port_only_if_its_player_allows() -> None:
    """§11.4.2: "unless that player allows it": the Carthaginian fleet withdrawing from Mare
    Inferum may ask the Greek player, whose galley lies in Paestum, to let it in; refused, it is
    not asked again; allowed, it sails in and Stops there (a port with another's galleys)."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s.add("paestum", "greece", "GS", 1)
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "sail")
    dice(s, 1)
    s = act(s, "rome", "to", "ntp_mare_inferum")
    s = act(s, "carthage", "withdraw")
    assert choices(s, "carthage") == [("naval_withdraw_to", "rome"),
                                      ("naval_withdraw_ask", "paestum")]
    refused = act(s, "carthage", "naval_withdraw_ask", "paestum")
    assert refused.flow[-1]["k"] == "naval_passage" and refused.flow[-1]["role"] == "greece"
    assert RULES.view(refused, None).prompt == (
        "Greece: the fleet of Carthage, withdrawing before a naval battle, asks to sail into "
        "Paestum, where your fleet lies: let it in?")
    refused = act(refused, "greece", "refuse_passage")
    assert choices(refused, "carthage") == [("naval_withdraw_to", "rome")]
    s = act(s, "carthage", "naval_withdraw_ask", "paestum")
    s = act(s, "greece", "allow_passage")
    assert s.stack("paestum", "carthage") == {"GS": 2}
    assert s.stack("paestum", "greece") == {"GS": 1}
    assert choices(s, "carthage") == [("continue", None), ("stop", None)]


def test_11_4_5_moving_on_after_a_draw_the_active_fleet_may_start_the_battle() -> None:
    """§11.4.5: after a draw (4 + 4 each) and a Continuation of 3 + 3, Carthage lets the Roman
    fleet pass; "the Active fleet, if it moves, may also start a battle": Rome attacks, 6 + 4
    against 1 + 4: the 5 BP difference sinks both Carthaginian galleys."""
    s = blank()
    hold(s)
    s.add("ntp_mare_inferum", "rome", "GS", 2)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s = _fleet(s, "rome", "ntp_mare_inferum")
    s = act(s, "rome", "sail")
    dice(s, 4, 4)
    s = act(s, "carthage", "fight")
    assert ("naval_attack", None) not in choices(s, "rome")     # Stopped: Continuation first
    dice(s, 3, 3)
    s = act(s, "rome", "continue")
    s = act(s, "carthage", "let_pass")
    assert choices(s, "rome")[0] == ("naval_attack", None)
    dice(s, 6, 1, 2)
    s = act(s, "rome", "naval_attack")
    assert [(e.msg.args["a"], e.msg.args["d"]) for e in s.log
            if e.msg.key == "log.naval_battle"] == [(8, 8), (10, 5)]
    assert "carthage" not in s.units.get("ntp_mare_inferum", {})
    assert s.stack("ntp_mare_inferum", "rome") == {"GS": 2}
    assert ("naval_attack", None) not in choices(s, "rome")


def _only_way_past_greece() -> PRState:
    """The Roman fleet (2) leaves a galley at Rome and sails into Mare Inferum, where the
    Carthaginian fleet (2) lies; its only other way out is Paestum, where a Greek galley lies."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s.add("paestum", "greece", "GS", 1)
    s = _fleet(s, "rome", "rome")
    s = act(s, "rome", "leave_galley")
    s = act(s, "rome", "sail")
    dice(s, 1)
    return act(s, "rome", "to", "ntp_mare_inferum")


def test_11_4_2_a_fleet_whose_only_way_out_is_past_a_third_fleet_may_withdraw_by_leave() -> None:
    """§11.4.2: Rome is the Power withdrawn from, so its galley at Rome bars that way; the way
    past the Greek galley at Paestum is open "unless that player" refuses: withdrawal is offered
    and the Greek player is asked when the fleet sails there. Allowed, it sails in and, ending
    there, the Roman fleet Stops with +1."""
    s = _only_way_past_greece()
    assert naval.naval_withdrawal_ports(s, "carthage", "ntp_mare_inferum") == []
    assert choices(s, "carthage") == [("fight", None), ("let_pass", None), ("withdraw", None)]
    s = act(s, "carthage", "withdraw")
    assert choices(s, "carthage") == [("naval_withdraw_ask", "paestum")]
    s = act(s, "carthage", "naval_withdraw_ask", "paestum")
    assert s.flow[-1]["k"] == "naval_passage" and s.flow[-1]["role"] == "greece"
    s = act(s, "greece", "allow_passage")
    assert s.stack("paestum", "carthage") == {"GS": 2}
    assert "carthage" not in s.units.get("ntp_mare_inferum", {})
    assert choices(s, "carthage") == [("continue", None), ("stop", None)]
    s = act(s, "carthage", "stop")
    f = s.flow[-1]
    assert f["k"] == "move_fleet" and f["stopped"] and f["drm"] == 1


def test_11_4_2_leave_refused_with_no_other_way_the_fleet_does_not_withdraw() -> None:
    """§11.4.2, refused at the first point: the fleet has not moved, so it has not withdrawn;
    its player fights or lets the Roman fleet pass after all (withdrawal no longer offered).
    It fights: Rome 6 + 4 against 1 + 4, both Carthaginian galleys sunk (5 BP), Rome's even
    roll (2) costs it nothing."""
    s = _only_way_past_greece()
    s = act(s, "carthage", "withdraw")
    s = act(s, "carthage", "naval_withdraw_ask", "paestum")
    s = act(s, "greece", "refuse_passage")
    assert [RULES.tr(e.msg, "en") for e in s.log[-2:]] == [
        "Greece does not let the withdrawing fleet into Paestum.",
        "Carthage's fleet has no way out of Mare Inferum (Latin coast) but the one refused: "
        "it does not withdraw."]
    assert s.flow[-1]["k"] == "naval_contact" and s.flow[-1]["role"] == "carthage"
    assert choices(s, "carthage") == [("fight", None), ("let_pass", None)]
    assert s.stack("ntp_mare_inferum", "carthage") == {"GS": 2}
    dice(s, 6, 1, 2)
    s = act(s, "carthage", "fight")
    assert [(e.msg.args["a"], e.msg.args["d"]) for e in s.log
            if e.msg.key == "log.naval_battle"] == [(10, 5)]
    assert "carthage" not in s.units.get("ntp_mare_inferum", {})
    assert s.stack("ntp_mare_inferum", "rome") == {"GS": 2}
    f = s.flow[-1]
    assert f["k"] == "move_fleet" and f["stopped"] and f["drm"] == 2     # won: +2, not +1


def test_11_4_2_leave_refused_on_the_way_the_withdrawal_ends_in_the_ntp_11_1_5() -> None:
    """§11.4.2 with §11.1.5: the Roman fleet (2) sets sail from Paestum beside the Carthaginian
    fleet (2); Roman galleys hold Rome and the Tyrrhenian DSTP, so the only way out is by the
    Gulf of Hipponium (an NTP, disaster roll 1) to Rhegium, where a Greek galley lies. Refused
    there, the withdrawal ends in the NTP (a fleet may end its move in one) and the Roman
    fleet Stops with +1."""
    s = blank()
    hold(s)
    s.add("paestum", "rome", "GS", 2)
    s.add("paestum", "carthage", "GS", 2)
    s.add("rome", "rome", "GS", 1)
    s.add("dstp_mare_tyrrhenum", "rome", "GS", 1)
    s.add("rhegium", "greece", "GS", 1)
    s = _fleet(s, "rome", "paestum")
    s = act(s, "rome", "sail")
    assert ("withdraw", None) in choices(s, "carthage")
    s = act(s, "carthage", "withdraw")
    assert choices(s, "carthage") == [("naval_withdraw_to", "ntp_sinus_hipponiates")]
    dice(s, 1)
    s = act(s, "carthage", "naval_withdraw_to", "ntp_sinus_hipponiates")
    assert choices(s, "carthage") == [("naval_withdraw_ask", "rhegium")]
    s = act(s, "carthage", "naval_withdraw_ask", "rhegium")
    s = act(s, "greece", "refuse_passage")
    assert RULES.tr(s.log[-1].msg, "en") == (
        "Carthage's withdrawing fleet, refused the way on, ends its withdrawal at Sinus "
        "Hipponiates (Bruttian coast).")
    assert s.stack("ntp_sinus_hipponiates", "carthage") == {"GS": 2}
    f = s.flow[-1]
    assert f["k"] == "move_fleet" and f["stopped"] and f["drm"] == 1


def test_11_4_5_a_transport_moving_on_after_a_draw_may_itself_start_the_battle() -> None:
    """§11.4.5: "the Active fleet, if it moves, may also start a battle", a transport (an army
    aboard 2 galleys) as well: after the draw (4 + 4 each) and a Continuation of 3 + 3,
    Carthage lets it pass; Rome attacks, 6 + 4 against 1 + 4: the 5 BP difference sinks both
    Carthaginian galleys, Rome's even roll (2) costs it nothing, and the winning transport
    Stops with +2. Had it left its galleys behind, it could not attack (§11.3.1)."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 1)
    s.add("rome", "rome", "GS", 2)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s = _transport_at_sea(s, "rome", "rome", 6, "ntp_mare_inferum", disaster=1)
    dice(s, 4, 4)
    s = act(s, "carthage", "fight")
    assert ("naval_attack", None) not in choices(s, "rome")     # Stopped: Continuation first
    dice(s, 3, 3)
    s = act(s, "rome", "continue_voyage")
    s = act(s, "carthage", "let_pass")
    assert choices(s, "rome")[0] == ("naval_attack", None)
    alone = act(act(s, "rome", "drop_galley"), "rome", "drop_galley")
    assert ("naval_attack", None) not in choices(alone, "rome")
    dice(s, 6, 1, 2)
    s = act(s, "rome", "naval_attack")
    assert [(e.msg.args["a"], e.msg.args["d"]) for e in s.log
            if e.msg.key == "log.naval_battle"] == [(8, 8), (10, 5)]
    assert "carthage" not in s.units.get("ntp_mare_inferum", {})
    assert s.stack("ntp_mare_inferum", "rome") == {"LG": 1, "GS": 2}
    m = s.flow[-1]
    assert m["k"] == "move_army" and m["sea"]["stopped"] and m["sea"]["drm"] == 2
    assert ("naval_attack", None) not in choices(s, "rome")


def test_11_4_2_leave_refused_in_a_dstp_the_withdrawing_fleet_is_lost_11_2_1() -> None:
    """§11.4.2 with §11.2.1: the Carthaginian fleet (2) withdraws from Paestum into the
    Tyrrhenian DSTP (disaster roll 1: no effect), Roman galleys holding every other way; the
    Greek player refuses it Panormus, its last way on; no fleet may end its move in a DSTP, so
    it is lost, and the Roman fleet Stops with +1."""
    s = blank()
    hold(s)
    s.add("paestum", "rome", "GS", 2)
    s.add("paestum", "carthage", "GS", 2)
    for point in ("ntp_mare_inferum", "ntp_sinus_hipponiates", "aleria", "caralis", "olbia",
                  "rome"):
        s.add(point, "rome", "GS", 1)
    s.add("panormus", "greece", "GS", 1)
    s = _fleet(s, "rome", "paestum")
    s = act(s, "rome", "sail")
    s = act(s, "carthage", "withdraw")
    assert choices(s, "carthage") == [("naval_withdraw_to", "dstp_mare_tyrrhenum")]
    dice(s, 1)
    s = act(s, "carthage", "naval_withdraw_to", "dstp_mare_tyrrhenum")
    assert choices(s, "carthage") == [("naval_withdraw_ask", "panormus")]
    s = act(s, "carthage", "naval_withdraw_ask", "panormus")
    s = act(s, "greece", "refuse_passage")
    assert "carthage" not in s.units.get("dstp_mare_tyrrhenum", {})
    assert [e.msg.key for e in s.log[-2:]] == ["log.passage_refused", "log.fleet_lost"]
    f = s.flow[-1]
    assert f["k"] == "move_fleet" and f["stopped"] and f["drm"] == 1


def test_11_2_1_a_storm_s_losses_come_before_the_battle_in_the_same_point_11_4_6() -> None:
    """§11.2.1 before §11.4.1/§11.4.6: Rome's 2 LG with the Pergamene HI and LI (card 3, §17.2:
    a joint army, whose losses Rome chooses) sail from Rome with 3 galleys into the Tyrrhenian
    DSTP, where a Rhodian galley (nobody commands it) lies. The Storm (5) sinks 2 galleys (2),
    and its 2 BP are chosen before any battle: the Pergamene LI, then the HI weakened. Only then
    is the battle fought, with the 1 galley left: Rome 6 + 2 = 8 against Rhodes 1 + 2 = 3 sinks
    the Rhodian; Rome rolls even and loses nothing more, and Stops with +2 to Continuation."""
    s = blank(advanced=True)
    hold(s)
    s.add("rome", "rome", "LG", 2)
    s.add("rome", "pergamum", "HI", 1)
    s.add("rome", "pergamum", "LI", 1)
    s.add("rome", "rome", "GS", 3)
    s.add("dstp_mare_tyrrhenum", "rhodes", "GS", 1)
    s.allied_independents["pergamum"] = "rome"
    push(s, "expansion", role="rome", majors=1, extra=0, minors=2)
    run(s)
    s = RULES.copy(s)
    s = act(s, "rome", "menu", "major")
    s = act(s, "rome", "from", "rome|rome")
    dice(s, 2, 6)                       # the leader roll (none), the MP roll
    s = act(s, "rome", "combine", "pergamum")
    s = act(s, "rome", "go")
    s = act(s, "rome", "embark")
    dice(s, 5, 2)                       # the disaster roll: Storm; 2 galleys lost
    s = act(s, "rome", "sail_to", "dstp_mare_tyrrhenum")
    f = s.flow[-1]
    assert (f["k"], f["role"], f["need"]) == ("joint_sea_loss", "rome", 2)
    assert [x["k"] for x in s.flow[-3:-1]] == ["transport_meets_fleet", "joint_sea_losses_over"]
    assert not any(e.msg.key == "log.naval_battle" for e in s.log)
    assert s.units["dstp_mare_tyrrhenum"] == {"rhodes": {"GS": 1}, "rome": {"LG": 2, "GS": 1},
                                              "pergamum": {"HI": 1, "LI": 1}}
    s = act(s, "rome", "loss", "pergamum|kill|LI")
    dice(s, 6, 1, 2)                    # Rome's roll, Rhodes', the winner's loss roll (even)
    s = act(s, "rome", "loss", "pergamum|weaken|HI")
    assert s.units["dstp_mare_tyrrhenum"] == {"rome": {"LG": 2, "GS": 1},
                                              "pergamum": {"wHI": 1}}
    keys = [e.msg.key for e in s.log]
    assert keys.index("log.storm") < keys.index("log.naval_battle")
    battle = next(e.msg for e in s.log if e.msg.key == "log.naval_battle")
    assert (battle.args["a"], battle.args["d"]) == (8, 3)
    m = s.flow[-1]
    assert m["k"] == "move_army" and m["sea"]["galleys"] == 1 and m["sea"]["stopped"]
    assert m["sea"]["drm"] == naval.continuation_row("fleet won a naval battle")


def test_11_2_1_the_owner_chooses_the_bp_a_storm_sinks_10_6() -> None:
    """§11.2.1 with §10.3.2, §10.6: Rome's LG and 2 LI sail from Rome with 3 galleys into the
    Tyrrhenian DSTP; the Storm (5) sinks 2 galleys (2) and 2 BP of the army. Rome, not the
    engine, chooses them: the two LI (1 BP each) rather than weakening the Legion (the smallest
    single loss, the engine's pick for a side nobody commands). The transport Stops there with
    the LG and its last galley; the log tells what was lost only after the choice."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 1)
    s.add("rome", "rome", "LI", 2)
    s.add("rome", "rome", "GS", 3)
    s = _army_move(s, "rome", "rome")
    dice(s, 6)
    s = act(s, "rome", "go")
    s = act(s, "rome", "embark")
    dice(s, 5, 2)                       # the disaster roll: Storm; 2 galleys lost
    s = act(s, "rome", "sail_to", "dstp_mare_tyrrhenum")
    f = s.flow[-1]
    assert (f["k"], f["role"], f["need"], f["space"]) == (
        "allocate_losses", "rome", 2, "dstp_mare_tyrrhenum")
    assert RULES.view(s, None).active == ["rome"]
    assert choices(s, "rome") == [("loss", "rome|kill|LI"), ("loss", "rome|kill|LG"),
                                  ("loss", "rome|weaken|LG")]
    assert s.stack("dstp_mare_tyrrhenum", "rome") == {"LG": 1, "LI": 2, "GS": 1}
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["need"] == 1
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.stack("dstp_mare_tyrrhenum", "rome") == {"LG": 1, "GS": 1}
    m = s.flow[-1]
    assert m["k"] == "move_army" and m["units"] == {"LG": 1}
    assert m["sea"]["galleys"] == 1 and m["sea"]["stopped"]
    assert choices(s, "rome") == [("continue_voyage", None)]


def test_11_2_1_a_storm_s_chosen_losses_leaving_no_unit_sink_the_transport() -> None:
    """§11.2.1: a Storm of 2 on 2 LI with 3 galleys: Rome is asked (§10.3.2), loses its two LI,
    and with nothing left aboard the transport is lost, its last galley with it."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "LI", 2)
    s.add("rome", "rome", "GS", 3)
    s = _army_move(s, "rome", "rome")
    dice(s, 6)
    s = act(s, "rome", "go")
    s = act(s, "rome", "embark")
    dice(s, 5, 2)
    s = act(s, "rome", "sail_to", "dstp_mare_tyrrhenum")
    assert choices(s, "rome") == [("loss", "rome|kill|LI")]
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert not any(e.msg.key == "log.transport_lost" for e in s.log)
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert "dstp_mare_tyrrhenum" not in s.units
    assert [e.msg.key for e in s.log][-1] == "log.transport_lost"
    assert not any(f["k"] in ("move_army", "sea_losses_over") for f in s.flow)


def test_11_4_6_the_owner_chooses_the_2_bp_a_lost_galley_costs_10_6() -> None:
    """§11.4.6 with §10.3.2: the Roman transport (3 galleys, an LG and 2 LI) beats Carthage's
    galley in Mare Inferum (6 + 6 against 1 + 2) but rolls odd and loses a galley: 2 BP of the
    army, which Rome chooses, the two LI rather than the Legion weakened. Then the log says
    the 2 BP, and the winner Stops with +2 to Continuation (§11.4.4)."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 1)
    s.add("rome", "rome", "LI", 2)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 1)
    s = _transport_at_sea(s, "rome", "rome", 6, "ntp_mare_inferum", disaster=1)
    dice(s, 6, 1, 3)                                        # 12 against 3; Rome rolls odd
    s = act(s, "carthage", "fight")
    f = s.flow[-1]
    assert (f["k"], f["role"], f["need"]) == ("allocate_losses", "rome", 2)
    assert s.flow[-2]["k"] == "sea_losses_over"
    assert not any(e.msg.key == "log.transport_losses" for e in s.log)
    s = act(s, "rome", "loss", "rome|kill|LI")
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.stack("ntp_mare_inferum", "rome") == {"LG": 1, "GS": 2}
    said = [e.msg for e in s.log if e.msg.key == "log.transport_losses"]
    assert [(x.args["power"], x.args["n"]) for x in said] == [("@power.rome", 2)]
    m = s.flow[-1]
    assert m["k"] == "move_army" and m["units"] == {"LG": 1} and m["sea"]["galleys"] == 2
    assert m["sea"]["stopped"] and m["sea"]["drm"] == naval.continuation_row(
        "fleet won a naval battle")


def test_11_4_6_a_beaten_transport_whose_chosen_losses_leave_no_lcu_is_lost() -> None:
    """§11.4.6: the beaten transport (3 galleys, an LI and an LG) loses 2 galleys: 4 BP, which
    Rome chooses: the LI, then of 3 BP more the LG rather than its weakening; with no land
    combat unit left the transport goes down with its last galley instead of making for
    Paestum."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "LI", 1)
    s.add("rome", "rome", "LG", 1)
    s.add("rome", "rome", "GS", 3)
    s.add("ntp_mare_inferum", "carthage", "GS", 2)
    s = _transport_at_sea(s, "rome", "rome", 6, "ntp_mare_inferum", disaster=1)
    dice(s, 1, 6, 2)                    # Rome loses ceil(3 / 2) = 2 galleys: 4 BP
    s = act(s, "carthage", "fight")
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["need"] == 3
    assert choices(s, "rome") == [("loss", "rome|kill|LG"), ("loss", "rome|weaken|LG")]
    s = act(s, "rome", "loss", "rome|kill|LG")
    assert "rome" not in s.units.get("ntp_mare_inferum", {})
    assert s.stack("paestum", "rome") == {}
    assert any(e.msg.key == "log.transport_lost" for e in s.log)
    assert not any(f["k"] == "move_army" for f in s.flow)


def test_11_3_1_an_army_on_an_island_space_leaves_it_by_sea() -> None:
    """The Balearic Islands have no land link: an army there is still offered for the Major
    Move and the Minor Move, and embarks (§9.1, §11.3.1). Before, it could never move again."""
    s = blank()
    s.add("baleares", "rome", "LG", 2)
    s.add("baleares", "rome", "LI", 1)
    s = expansion(s, "rome")
    assert ("menu", "major") in choices(s, "rome")
    assert ("menu", "minor_move") in choices(s, "rome")
    s = act(s, "rome", "menu", "major")
    assert ("from", "baleares|rome") in choices(s, "rome")
    s = act(s, "rome", "from", "baleares|rome")
    dice(s, 6)
    s = act(s, "rome", "go")
    assert ("embark", None) in choices(s, "rome")
    s = act(s, "rome", "embark")
    s = act(s, "rome", "sail_to", "ntp_mare_balearicum")
    s = act(s, "rome", "sail_to", "tarraco")
    s = act(s, "rome", "land")
    assert s.stack("tarraco", "rome") == {"LG": 2, "LI": 1}
    assert not s.stack("baleares", "rome")


def test_11_3_1_militia_on_an_island_is_not_offered_a_move() -> None:
    """Militia never embark (§12.3.3): Greek militia alone on Naxos has nowhere to go."""
    s = blank()
    s.add("naxos", "greece", "ML", 1)
    s.add("pella", "greece", "HI", 1)
    armies = offered(s, "greece")
    assert ("from", "pella|greece") in armies
    assert ("from", "naxos|greece") not in armies
