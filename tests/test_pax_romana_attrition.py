"""Pax Romana Attrition and Isolation (§9.6): isolation by the LOC, the attrition table with its
rounding up, the owner's choice of losses (the rulebook's 3 HI + 3 LI example), and fleets
outside a friendly controlled port (§9.6.4)."""

from __future__ import annotations

from games.pax_romana.flow import push, run
from games.pax_romana.isolation import attrition_losses, attrition_phase, isolated_spaces
from games.pax_romana.rules import RULES
from games.pax_romana.state import City, PRState
from tests.pax_romana_support import act, army, blank, choices, dice, hold


def _isolate_numantia(s: PRState) -> None:
    for nb in ("asturica", "segobriga", "calagurris"):
        s.add(nb, "rome", "GR")


def test_9_6_1_isolated_unless_in_an_own_city() -> None:
    s = blank()
    army(s, "numantia", "carthage", HI=3, LI=3)
    assert isolated_spaces(s, "carthage") == []
    _isolate_numantia(s)
    assert isolated_spaces(s, "carthage") == ["numantia"]
    s.cities["numantia"] = City(owner="carthage", kind="settlement", fp=2)
    assert isolated_spaces(s, "carthage") == []          # §9.6.2


def test_9_6_3_the_table_rounds_up() -> None:
    assert [attrition_losses(6, r) for r in range(1, 7)] == [1, 1, 2, 2, 2, 2]
    assert attrition_losses(10, 5) == 3 and attrition_losses(1, 1) == 1


def test_9_6_3_the_example_three_hi_three_li() -> None:
    """An isolated 3 HI + 3 LI rolls 4: 20% of 6 = 1.2, rounded up to 2: one HI eliminated, or
    two LI, or one HI weakened and one LI eliminated (the owner chooses)."""
    s = blank()
    army(s, "numantia", "carthage", HI=3, LI=3)
    _isolate_numantia(s)
    s.phase = "G"
    hold(s, "east")
    attrition_phase(s)
    dice(s, 4)
    run(s)
    s = RULES.copy(s)
    assert RULES.view(s, None).active == ["carthage"]
    assert sorted(choices(s, "carthage")) == [
        ("loss", "kill|HI"), ("loss", "kill|LI"), ("loss", "weaken|HI")]
    s = act(s, "carthage", "loss", "weaken|HI")
    assert choices(s, "carthage") == [("loss", "kill|LI"), ("loss", "kill|wHI")]
    s = act(s, "carthage", "loss", "kill|LI")
    assert s.stack("numantia", "carthage") == {"HI": 2, "wHI": 1, "LI": 2}
    assert RULES.view(s, None).active == ["east"]       # done


def test_9_6_4_fleets_outside_a_friendly_port_are_lost() -> None:
    s = blank()
    s.add("carthage", "carthage", "GS", 2)               # home port
    s.add("gades", "carthage", "GS", 1)                  # not occupied: not friendly
    s.add("ntp_mare_balearicum", "carthage", "GS", 1)
    s.add("malaca", "carthage", "GS", 1)
    s.add("malaca", "carthage", "LI", 1)                 # occupied: friendly
    hold(s, "east")
    attrition_phase(s)
    run(s)
    assert s.stack("carthage", "carthage") == {"GS": 2}
    assert s.stack("gades", "carthage") == {}
    assert s.stack("ntp_mare_balearicum", "carthage") == {}
    assert s.stack("malaca", "carthage") == {"GS": 1, "LI": 1}


def _pergamenes_cross_the_alps(s: PRState) -> PRState:
    """Pergamum's 2 HI and 2 LI at Valentia, moved by ``move_army`` over the Alpine pass into
    Taurinorum (3 MP, §9.5.2) with an attrition roll of 5: 30% of 4 units, 2 losses (§9.6.3)."""
    army(s, "valentia", "pergamum", HI=2, LI=2)
    hold(s, "carthage")
    push(s, "move_army", role="rome", owner="pergamum", start="valentia",
         units={"HI": 2, "LI": 2}, leaders=[], minor=False)
    run(s)
    s = RULES.copy(s)
    dice(s, 6)
    s = act(s, "rome", "go")
    dice(s, 5)
    return act(s, "rome", "to", "taurinorum")


def test_9_5_2_the_power_commanding_an_army_it_does_not_own_chooses_its_alpine_losses() -> None:
    """§9.5.2, §9.6.3, §10.6.5 (§17.2: Rome commands its allied Pergamenes): the Alpine
    attrition's 2 losses are Rome's to choose, though the units are Pergamum's: two LI, where
    the engine, choosing for armies nobody commands, eliminates an HI (2 losses at once)."""
    s = blank()
    s.allied_independents["pergamum"] = "rome"
    s = _pergamenes_cross_the_alps(s)
    f = s.flow[-1]
    assert (f["k"], f["role"], f["owner"], f["losses"]) == ("attrition", "rome", "pergamum", 2)
    assert RULES.view(s, None).active == ["rome"]
    assert sorted(choices(s, "rome")) == [
        ("loss", "kill|HI"), ("loss", "kill|LI"), ("loss", "weaken|HI")]
    s = act(s, "rome", "loss", "kill|LI")
    s = act(s, "rome", "loss", "kill|LI")
    assert s.stack("taurinorum", "pergamum") == {"HI": 2}
    assert s.flow[-1]["k"] == "move_army" and s.flow[-1]["at"] == "taurinorum"


def test_9_5_2_an_army_nobody_commands_loses_by_the_rule() -> None:
    """§9.5.2 with §13.2.4: the same crossing with nobody commanding the Pergamenes (no
    alliance; the move is the test's own) asks nobody: the 2 losses fall by the engine's rule
    (``battle.take_losses``), one HI eliminated."""
    s = blank()
    s = _pergamenes_cross_the_alps(s)
    assert s.flow[-1]["k"] == "move_army"
    assert s.stack("taurinorum", "pergamum") == {"HI": 1, "LI": 2}


def _joint_army_crosses_the_alps(s: PRState, roll: int, **units: int) -> PRState:
    """Rome's units (``LG=1``) and its allied Pergamenes' (``p_HI=1``) at Valentia, one army of
    Rome's Major Move (§17.2: the Pergamenes taken along; their leader already placed, so no
    leader roll), over the Alpine pass into Taurinorum (3 MP, §9.5.2) with the attrition roll
    ``roll`` (§9.6.3)."""
    for key, n in units.items():
        owner, kind = ("pergamum", key[2:]) if key.startswith("p_") else ("rome", key)
        s.add("valentia", owner, kind, n)
    s.options["advanced"] = True
    s.allied_independents["pergamum"] = "rome"
    s.card_effects["pergamum"] = {"leader": "pergamum_attalus"}
    hold(s, "carthage")
    push(s, "move_army", role="rome", owner="rome", start="valentia",
         units={k: n for k, n in units.items() if not k.startswith("p_")}, leaders=[],
         minor=False)
    run(s)
    s = RULES.copy(s)
    s = act(s, "rome", "combine", "pergamum")
    dice(s, 6)
    s = act(s, "rome", "go")
    dice(s, roll)
    return act(s, "rome", "to", "taurinorum")


def test_9_5_2_a_joint_pergamene_army_suffers_alpine_attrition_as_one_17_2() -> None:
    """§9.5.2, §9.6.3 with §17.2 (card 3: the Pergamenes combined with Rome's army as one): a
    Roman LG + LI and a Pergamene HI cross into Taurinorum, where 3 Roman LI already stand;
    roll 5: 30% of the crossing army's 3 units, 0.9, rounded up to 1 loss (the LI that were
    there do not count). Rome chooses among both sides' units, each choice naming whose it is,
    and weakens the Pergamene HI (§10.6.5: one loss); the Roman units are untouched."""
    s = blank()
    s.add("taurinorum", "rome", "LI", 3)
    s = _joint_army_crosses_the_alps(s, 5, LG=1, LI=1, p_HI=1)
    f = s.flow[-1]
    assert (f["k"], f["role"], f["owner"], f["losses"]) == ("attrition", "rome", "rome", 1)
    assert RULES.view(s, None).active == ["rome"]
    assert choices(s, "rome") == [("loss", "rome|kill|LI"), ("loss", "rome|weaken|LG"),
                                  ("loss", "pergamum|weaken|HI")]
    view = RULES.view(s, "rome")
    assert [c.label for c in view.actions] == [
        "Lose a Light Infantry of Rome", "Weaken a Legion of Rome",
        "Weaken a Heavy Infantry of Pergamum"]
    s = act(s, "rome", "loss", "pergamum|weaken|HI")
    assert s.units["taurinorum"] == {"rome": {"LG": 1, "LI": 4}, "pergamum": {"wHI": 1}}
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["at"] == "taurinorum"
    assert move["units"] == {"LG": 1, "LI": 1} and move["with"] == {"pergamum": {"wHI": 1}}


def test_9_5_2_joint_army_two_losses_rome_may_take_the_pergamene_hi_10_6_5() -> None:
    """§9.6.3, §10.6.5, §17.2: a Roman LG + LI and a Pergamene HI + LI roll 5 crossing the
    Alps: 30% of 4 units, 1.2, rounded up to 2 losses. Rome is asked and may eliminate the
    Pergamene HI (2 losses at once); the Roman LG and LI and the Pergamene LI go on."""
    s = _joint_army_crosses_the_alps(blank(), 5, LG=1, LI=1, p_HI=1, p_LI=1)
    f = s.flow[-1]
    assert (f["k"], f["role"], f["losses"]) == ("attrition", "rome", 2)
    assert choices(s, "rome") == [
        ("loss", "rome|kill|LI"), ("loss", "rome|kill|LG"), ("loss", "rome|weaken|LG"),
        ("loss", "pergamum|kill|LI"), ("loss", "pergamum|kill|HI"),
        ("loss", "pergamum|weaken|HI")]
    s = act(s, "rome", "loss", "pergamum|kill|HI")
    assert s.units == {"taurinorum": {"rome": {"LG": 1, "LI": 1}, "pergamum": {"LI": 1}}}
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["at"] == "taurinorum"
    assert move["units"] == {"LG": 1, "LI": 1} and move["with"] == {"pergamum": {"LI": 1}}


def test_9_5_2_joint_army_whose_pergamenes_are_all_lost_goes_on_as_romes_17_2() -> None:
    """§9.5.2, §9.6.3, §17.2: a Roman LG + LI and one Pergamene HI roll 5 crossing with 3 more
    Roman LI (6 units: 30%, 1.8, 2 losses); Rome eliminates the Pergamene HI, and the army goes
    on as Rome's alone."""
    s = _joint_army_crosses_the_alps(blank(), 5, LG=1, LI=4, p_HI=1)
    assert s.flow[-1]["losses"] == 2
    s = act(s, "rome", "loss", "pergamum|kill|HI")
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["units"] == {"LG": 1, "LI": 4}
    assert move["with"] == {}
    assert s.units == {"taurinorum": {"rome": {"LG": 1, "LI": 4}}}


def test_9_5_2_joint_army_one_weakening_per_roll_across_both_sides_10_6_5() -> None:
    """§9.6.3 (only one LG/HI weakened per attrition roll) over a joint army (§17.2): a Roman
    LG + LI and a Pergamene HI + LI roll 5 (2 losses); Rome weakens its LG, and then may not
    weaken the Pergamene HI too: a single loss is left, for an LI of either side or the weakened
    Legion (one loss, ambiguity A20)."""
    s = _joint_army_crosses_the_alps(blank(), 5, LG=1, LI=1, p_HI=1, p_LI=1)
    s = act(s, "rome", "loss", "rome|weaken|LG")
    assert choices(s, "rome") == [("loss", "rome|kill|LI"), ("loss", "rome|kill|wLG"),
                                  ("loss", "pergamum|kill|LI")]
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.units == {"taurinorum": {"rome": {"wLG": 1}, "pergamum": {"HI": 1, "LI": 1}}}
    assert s.flow[-1]["k"] == "move_army"


def test_9_5_2_joint_army_keeps_the_moving_sides_last_unit_while_partners_remain_17_2() -> None:
    """§17.2 with §9.5.2: the moving side's last land combat unit goes only after its partner's
    last (the army is the moving side's, as at sea): a Roman LI with a Pergamene HI + LI roll 1
    (10% of 3: 1 loss); the Roman LI is not offered."""
    s = _joint_army_crosses_the_alps(blank(), 1, LI=1, p_HI=1, p_LI=1)
    assert choices(s, "rome") == [("loss", "pergamum|kill|LI"), ("loss", "pergamum|weaken|HI")]
    s = act(s, "rome", "loss", "pergamum|kill|LI")
    assert s.units == {"taurinorum": {"rome": {"LI": 1}, "pergamum": {"HI": 1}}}


def test_9_6_2_allied_pergamenes_with_an_isolated_army_suffer_no_attrition() -> None:
    """§9.6.2: Independent units a player controls (the allied Pergamenes) are never isolated:
    Carthage's 3 HI + 3 LI isolated at Numantia with 4 Pergamene HI roll 5: 30% of Carthage's 6
    units, 1.8, rounded up to 2 losses (not 30% of 10), from Carthage's units only."""
    s = blank()
    army(s, "numantia", "carthage", HI=3, LI=3)
    s.add("numantia", "pergamum", "HI", 4)
    s.allied_independents["pergamum"] = "carthage"
    _isolate_numantia(s)
    s.phase = "G"
    hold(s, "east")
    attrition_phase(s)
    dice(s, 5)
    run(s)
    s = RULES.copy(s)
    f = s.flow[-1]
    assert (f["k"], f["role"], f["losses"]) == ("attrition", "carthage", 2)
    assert sorted(choices(s, "carthage")) == [
        ("loss", "kill|HI"), ("loss", "kill|LI"), ("loss", "weaken|HI")]
    s = act(s, "carthage", "loss", "kill|HI")
    assert s.units["numantia"] == {"carthage": {"HI": 2, "LI": 3}, "pergamum": {"HI": 4}}


def _rough(s: PRState) -> PRState:
    s.options.update(advanced=True, rough_mountain_attrition=True)
    s.allied_independents["pergamum"] = "rome"
    hold(s, "carthage")
    return s


def test_9_6_5_rough_mountain_joint_army_is_one_army_17_2() -> None:
    """§9.6.5 (optional) with §17.2 (the Pergamene armies are their ally's "as if his own",
    combined with his): Rome's LG + LI and a Pergamene HI stand in Mazaca through Rome's
    Activation: one army of 3 units, where Rome's own 2 would suffer nothing. Roll 5: 30% of 3,
    rounded up to 1 loss, which Rome chooses among both sides' units: the Pergamene HI weakened."""
    from games.pax_romana.isolation import rough_armies, rough_attrition
    s = _rough(blank())
    s.add("mazaca", "rome", "LG", 1)
    s.add("mazaca", "rome", "LI", 1)
    s.add("mazaca", "pergamum", "HI", 1)
    armies = rough_armies(s, "rome")
    assert armies == {"mazaca": {"LG": 1, "LI": 1, "pergamum|HI": 1}}
    rough_attrition(s, "rome", armies)
    dice(s, 5)
    run(s)
    s = RULES.copy(s)
    f = s.flow[-1]
    assert (f["k"], f["role"], f["space"], f["losses"]) == ("attrition", "rome", "mazaca", 1)
    assert choices(s, "rome") == [("loss", "rome|kill|LI"), ("loss", "rome|weaken|LG"),
                                  ("loss", "pergamum|weaken|HI")]
    s = act(s, "rome", "loss", "pergamum|weaken|HI")
    assert s.units["mazaca"] == {"rome": {"LG": 1, "LI": 1}, "pergamum": {"wHI": 1}}
    assert [f["k"] for f in s.flow] == ["am"]


def test_9_6_5_rough_mountain_standing_joint_army_may_lose_the_allys_last_unit() -> None:
    """§9.6.5 with §17.2: standing, the army has no moving side, so Rome's lone LI with two
    Pergamene LI may be the loss (roll 1: 10% of 3, 1 loss)."""
    from games.pax_romana.isolation import rough_armies, rough_attrition
    s = _rough(blank())
    s.add("mazaca", "rome", "LI", 1)
    s.add("mazaca", "pergamum", "LI", 2)
    rough_attrition(s, "rome", rough_armies(s, "rome"))
    dice(s, 1)
    run(s)
    s = RULES.copy(s)
    assert choices(s, "rome") == [("loss", "rome|kill|LI"), ("loss", "pergamum|kill|LI")]
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.units["mazaca"] == {"pergamum": {"LI": 2}}


def test_9_6_5_rough_mountain_a_pergamene_army_alone_is_its_allys_17_2() -> None:
    """§9.6.5 with §17.2: 3 Pergamene HI alone in Sebastia are Rome's army in Rome's
    Activation (not without the alliance); roll 6: 30% of 3, 1 loss: Rome weakens one HI (a
    full HI is 2 losses, §10.6.5)."""
    from games.pax_romana.isolation import rough_armies, rough_attrition
    s = _rough(blank())
    s.add("sebastia", "pergamum", "HI", 3)
    armies = rough_armies(s, "rome")
    assert armies == {"sebastia": {"pergamum|HI": 3}} and rough_armies(s, "carthage") == {}
    rough_attrition(s, "rome", armies)
    dice(s, 6)
    run(s)
    s = RULES.copy(s)
    f = s.flow[-1]
    assert (f["k"], f["role"], f["owner"], f["losses"]) == ("attrition", "rome", "pergamum", 1)
    assert choices(s, "rome") == [("loss", "weaken|HI")]
    s = act(s, "rome", "loss", "weaken|HI")
    assert s.units["sebastia"] == {"pergamum": {"HI": 2, "wHI": 1}}


def test_9_6_5_rough_mountain_joint_army_whose_partner_left_suffers_none() -> None:
    """§9.6.5: the joint army did not stay whole (the Pergamene HI moved out): no attrition."""
    from games.pax_romana.isolation import rough_attrition
    s = _rough(blank())
    s.add("mazaca", "rome", "LG", 1)
    s.add("mazaca", "rome", "LI", 1)
    rough_attrition(s, "rome", {"mazaca": {"LG": 1, "LI": 1, "pergamum|HI": 1}})
    assert [f["k"] for f in s.flow] == ["am"]
    s.add("mazaca", "pergamum", "HI", 1)
    rough_attrition(s, "rome", {"mazaca": {"LG": 1, "LI": 1, "pergamum|HI": 1}})
    assert [f["k"] for f in s.flow] == ["am", "attrition_roll"]
