"""Pax Romana land movement (§9): MP from Campaign + 1d6, costs by link and terrain, Transit
Points, Alpine passes with attrition, straits, interception asked of every eligible player,
withdrawal before battle; the rulebook's movement example Emporion–Arretium (§9.2)."""

from __future__ import annotations

from typing import Any

from games.pax_romana.flow import push, run
from games.pax_romana.movement import (
    destinations,
    interception_modifier,
    step_cost,
    withdrawal_spaces,
)
from games.pax_romana.rules import RULES
from games.pax_romana.state import City, LeaderState, PRState
from tests.pax_romana_support import (
    act,
    answer,
    army,
    attack_venusia,
    blank,
    choices,
    dice,
    enter,
    expansion,
    hold,
    losses,
    march,
    offered,
    stand_and_fight,
    top,
    withdraw,
)


def _all_shifts(s: PRState, role: str) -> PRState:
    """Raise one's own roll to 10, then lower the enemy's, while shifts last."""
    while s.flow[-1]["k"] == "use_shifts":
        options = choices(s, role)
        s = act(s, role, *(("raise", None) if ("raise", None) in options else
                           ("lower", None) if ("lower", None) in options else ("done", None)))
    return s


def _moving(power: str, at: str, mp: int, **units: int) -> dict[str, Any]:
    """The frame of a move of ``power``'s ``units`` (no leaders), still where it started, with
    ``mp`` MP left: what ``destinations`` reads."""
    return {"owner": power, "role": power, "start": at, "units": units, "leaders": [], "mp": mp,
            "at": at, "path": [at]}


def test_9_1_2_mp_is_campaign_plus_a_die_and_a_minor_move_rolls_only_the_die() -> None:
    s = blank()
    hold(s, "rome")
    army(s, "capua", "rome", leaders=("rome_06",), LG=2)
    s = march(s, "rome", "capua")
    assert ("go", None) in choices(s, "rome")
    dice(s, 5)
    s = act(s, "rome", "go")
    assert s.flow[-1]["mp"] == 4 + 5          # Campaign 4 + the roll (§9.1.2 example: 2 + 5 = 7)
    s = blank()
    hold(s, "rome")
    s.add("capua", "rome", "LG", 1)
    s = march(s, "rome", "capua", minor=True)
    dice(s, 3)
    s = act(s, "rome", "go")
    assert s.flow[-1]["mp"] == 3


def test_9_1_1_units_are_chosen_one_step_at_a_time() -> None:
    s = blank()
    hold(s, "rome")
    army(s, "capua", "rome", leaders=("rome_06",), LG=2, LI=1)
    s = march(s, "rome", "capua")
    assert set(choices(s, "rome")) == {("leave", "LG"), ("leave", "LI"),
                                       ("leave_leader", "rome_06"), ("go", None),
                                       ("stay", None)}
    s = act(s, "rome", "leave", "LG")
    s = act(s, "rome", "leave_leader", "rome_06")
    dice(s, 2)
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "rome")
    assert s.stack("rome", "rome") == {"LG": 1, "LI": 1}
    assert s.stack("capua", "rome") == {"LG": 1}
    assert s.leaders["rome_06"].at == "capua"


def test_9_2_1_costs_by_terrain_link_and_attack() -> None:
    s = blank()
    assert step_cost(s, "nemausus", "narbo") == 1
    assert step_cost(s, "valentia", "taurinorum") == 3       # Alpine pass
    assert step_cost(s, "nicomedia", "byzantium") == 2       # strait
    assert step_cost(s, "tp_philomelium", "iconium") == 2    # rough mountain
    f = _moving("rome", "capua", 2, LG=1)
    s.add("capua", "rome", "LG")
    s.add("rome", "carthage", "HI")
    got = dict(destinations(s, f))
    assert got["rome"] == 2                                  # 1 to enter + 1 to attack
    f["mp"] = 1
    assert "rome" not in dict(destinations(s, f))            # not enough MP to attack


def test_9_5_1_no_stopping_in_a_transit_point() -> None:
    s = blank()
    s.add("nicomedia", "greece", "HI")
    f = _moving("greece", "nicomedia", 1, HI=1)
    assert "tp_dorylaeum" not in dict(destinations(s, f))   # nothing left to leave it
    f["mp"] = 2
    assert dict(destinations(s, f))["tp_dorylaeum"] == 1


def test_9_5_3_straits_closed_by_enemy_galleys_or_an_enemy_far_side() -> None:
    s = blank()
    s.add("nicomedia", "greece", "HI")
    f = _moving("greece", "nicomedia", 6, HI=1)
    assert "byzantium" in dict(destinations(s, f))
    s.add("nicomedia", "east", "GS")
    assert "byzantium" not in dict(destinations(s, f))


def test_9_2_movement_example_emporion_to_arretium() -> None:
    """§9.2: a Carthaginian army under the Exceptional 4-6 leader rolls 5 at Emporion (11 MP):
    Narbo 1, Nemausus 2 (a tribe of 2 warriors attacked and beaten), Valentia 1, over the
    Alpine pass to Taurinorum 3 with attrition, Mediolanum 1, Parma 1, and the last 2 MP to
    enter Arretium and attack the Roman army there (11 in all)."""
    s = blank()
    hold(s, "rome")
    army(s, "emporion", "carthage", leaders=("carthage_10",), HI=4, LI=2)
    s.tribes["nemausus"] = 2
    s.add("arretium", "rome", "LG", 2)
    s = enter(s, "carthage", "emporion", 5)
    assert s.flow[-1]["mp"] == 11
    s = act(s, "carthage", "to", "narbo")
    assert s.flow[-1]["mp"] == 10
    assert ("to", "nemausus") in choices(s, "carthage")
    # the tribe is attacked: its 2 warriors revealed; Carthage 14 BP against 2 (6 shifts) and
    # Tactics 4 against none: 10 net shifts; rolls 3 and 1, then the leader-death roll
    dice(s, 3, 1, 3, 4)
    s = act(s, "carthage", "to", "nemausus")
    assert top(s) == "use_shifts"
    s = _all_shifts(s, "carthage")
    # the next Power in turn order allocates the tribe's losses (§13.2.4)
    assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["role"] == "greece"
    s = losses(s, greece=["barbarian|kill|TW", "barbarian|kill|TW"])
    assert s.stack("nemausus", "carthage") == {"HI": 4, "LI": 2}   # the enemy rolled 0
    assert "barbarian" not in s.units.get("nemausus", {})
    assert "nemausus" not in s.tribes
    assert s.flow[-1]["k"] == "move_army" and s.flow[-1]["mp"] == 8
    s = act(s, "carthage", "to", "valentia")
    dice(s, 1)                                               # attrition 10% of 6 units: 1
    s = act(s, "carthage", "to", "taurinorum")
    assert top(s) == "attrition" and s.flow[-1]["losses"] == 1
    s = act(s, "carthage", "loss", "kill|LI")
    assert s.flow[-1]["mp"] == 4
    s = act(s, "carthage", "to", "mediolanum")
    # the Roman army at Arretium may intercept into Parma: Rome is asked, privately
    s = act(s, "carthage", "to", "parma")
    assert RULES.view(s, None).active == ["rome"] and top(s) == "intercept"
    assert ("intercept", "arretium") in choices(s, "rome")
    s = act(s, "rome", "let_pass")
    assert s.flow[-1]["mp"] == 2
    assert dict((a, b) for a, b in choices(s, "carthage"))["to"] is not None
    assert ("to", "arretium") in choices(s, "carthage")
    s = act(s, "carthage", "to", "arretium")
    assert top(s) == "withdraw" and s.flow[-1]["role"] == "rome"
    assert s.flow[-2]["k"] == "contact"
    move = next(f for f in s.flow if f["k"] == "move_army")
    assert move["mp"] == 0 and move["path"] == ["emporion", "narbo", "nemausus", "valentia",
                                                "taurinorum", "mediolanum", "parma",
                                                "arretium"]


def test_9_3_2_interception_modifiers_the_rulebook_examples() -> None:
    """Example 1: a Roman 2-4 leader in Rome (a City) into Pisa: +2 +3, a 7 makes 12. Example
    2: the same leader at Pisa (a Settlement) into Rome (own City): +2 +1 +1, a 7 makes 11."""
    s = blank()
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    s.cities["pisae"] = City(owner="rome", kind="settlement", fp=2)
    s.leaders["rome_06"] = LeaderState(owner="rome", at="rome")
    assert 7 + interception_modifier(s, "rome", "rome", "pisae") == 12
    s.leaders["rome_06"].at = "pisae"
    assert 7 + interception_modifier(s, "rome", "pisae", "rome") == 11


def test_9_3_an_interception_succeeds_on_12_and_the_interceptor_attacks() -> None:
    """§9.3.2-9.3.3: 2d6 + Tactics reaching 12 brings the interceptor in as the Attacker; the
    intercepted army may retreat only the way it came; it goes on with 1 MP less after a lost
    battle (§9.3.7); a defender that stays makes the interceptor regroup (§10.7.7)."""
    s = blank()
    hold(s, "rome")
    s.add("mediolanum", "carthage", "HI", 2)
    army(s, "arretium", "rome", leaders=("rome_06",), LG=3)
    s = enter(s, "carthage", "mediolanum", 4, "parma")
    assert top(s) == "intercept"
    assert RULES.view(s, None).prompt == ("Rome: intercept the Carthaginian army entering "
                                          "Parma?")
    # 6 + 4 + Tactics 2 = 12; Rome 12 BP against 6 (2:1) and Tactics +2: 4 shifts; rolls 5, 1
    dice(s, 6, 4, 5, 1)
    s = act(s, "rome", "intercept", "arretium")
    assert top(s) == "use_shifts" and s.flow[-1]["role"] == "rome"
    s = act(s, "rome", "done")
    assert top(s) == "retreat"
    assert choices(s, "carthage") == [("retreat", "mediolanum"), ("stand", None)]
    s = act(s, "carthage", "stand")
    assert top(s) == "force_retreat"
    dice(s, 3, 3)                                           # Rome's leader survives
    s = act(s, "rome", "no_force")
    s = losses(s, carthage=["carthage|kill|HI"], rome=["rome|weaken|LG"])
    assert s.stack("parma", "carthage") == {"HI": 1}        # 50% of 6 BP: one HI
    assert s.stack("arretium", "rome") == {"LG": 2, "wLG": 1}   # 10% of 12: weakened, regroups
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["mp"] == 4 - 1 - 1


def _rome_attacked(s: PRState) -> PRState:
    """Carthage's 2 HI at Capua move (MP die 3) into Rome to attack the Roman army there, which
    is asked whether to withdraw (§9.4)."""
    s.add("capua", "carthage", "HI", 2)
    return enter(s, "carthage", "capua", 3, "rome")


def test_9_4_withdrawal_before_battle_and_its_stability_cost() -> None:
    s = blank()
    hold(s, "rome")
    s.add("rome", "rome", "LG", 1)
    st = s.powers["rome"].stability
    s = _rome_attacked(s)
    assert top(s) == "withdraw" and RULES.view(s, None).active == ["rome"]
    s = withdraw(s, "rome", 2)
    dest = [a for v, a in choices(s, "rome") if v == "withdraw_to"]
    assert "capua" not in dest and dest                     # never whence the enemy came
    s = act(s, "rome", "withdraw_to", dest[0])
    assert s.stack(dest[0], "rome") == {"LG": 1}
    assert top(s) == "withdraw" and ("stop", None) in choices(s, "rome")   # 1 MP left
    s = act(s, "rome", "stop")
    assert [e.msg.args["delta"] for e in s.log if e.msg.key == "log.stability"
            and e.msg.args["reason"] == "@why.withdrawal"] == ["-1"]   # §9.4.5 at home
    assert s.powers["rome"].stability < st
    move = next(f for f in s.flow if f["k"] == "move_army")
    assert move["mp"] == 3 - 1                              # no attack MP paid (§9.4.2)


def test_9_4_4_withdrawal_never_into_enemy_lcus_or_cities() -> None:
    s = blank()
    s.add("rome", "rome", "LG")
    s.add("pisae", "carthage", "HI")
    s.cities["ariminum"] = City(owner="carthage", kind="settlement", fp=2)
    got = withdrawal_spaces(s, "rome", "rome", "capua", 1)
    assert "pisae" not in got and "ariminum" not in got and "capua" not in got


def test_9_2_1_drop_off_free_pick_up_1_mp_garrisons_1_mp() -> None:
    """Dropping a unit costs nothing and it moves no more; picking up the units in a space
    costs 1 MP; disbanding LG/HI/LI into garrisons costs 1 MP however many (§12.1.4, §12.1.6)."""
    s = blank()
    hold(s)
    army(s, "capua", "rome", LG=2, LI=1)
    s.add("rome", "rome", "HI", 1)
    s = enter(s, "rome", "capua", 6, "rome")
    assert s.flow[-1]["mp"] == 5
    s = act(s, "rome", "pick_up")
    assert s.flow[-1]["mp"] == 4 and s.flow[-1]["units"] == {"LG": 2, "LI": 1, "HI": 1}
    s = act(s, "rome", "to_garrisons", "LI")
    s = act(s, "rome", "to_garrisons", "HI")
    assert s.flow[-1]["mp"] == 3
    assert s.flow[-1]["units"] == {"LG": 2, "GR": 5}
    s = act(s, "rome", "drop", "GR")
    assert s.flow[-1]["mp"] == 3
    s = act(s, "rome", "to", "pisae")
    assert s.stack("rome", "rome") == {"GR": 1}
    assert s.stack("pisae", "rome") == {"LG": 2, "GR": 4}


def test_9_3_1_a_leader_alone_intercepts_only_to_join_his_army() -> None:
    s = blank()
    hold(s)
    s.add("mediolanum", "carthage", "HI", 2)
    s.add("parma", "rome", "LG", 1)
    s.leaders["rome_10"] = LeaderState(owner="rome", at="arretium")
    s = enter(s, "carthage", "mediolanum", 4, "parma")
    assert s.flow[-1]["k"] == "intercept" and ("intercept", "arretium") in choices(s, "rome")
    dice(s, 6, 4)                                           # 10 + Tactics 4: joins
    s = act(s, "rome", "intercept", "arretium")
    assert s.leaders["rome_10"].at == "parma"
    assert s.flow[-1]["k"] == "withdraw"                    # Carthage still attacks
    s2 = blank()
    s2.leaders["rome_10"] = LeaderState(owner="rome", at="arretium")
    from games.pax_romana.movement import interceptors
    assert interceptors(s2, "rome", "parma", "carthage") == []   # no army to join


def test_10_4_6_elephants_committed_before_the_rolls() -> None:
    s = blank()
    hold(s)
    army(s, "capua", "carthage", HI=2, EL=2)
    army(s, "venusia", "rome", LG=1, CV=2)
    s = enter(s, "carthage", "capua", 4, "venusia")
    s = act(s, "rome", "stand")
    assert s.flow[-1]["k"] == "commit_elephants"
    assert [a for _, a in choices(s, "carthage")] == [0, 1, 2]
    # elephant rolls 2 (neutralizes a cavalry) and 5 (the elephant is lost); then the battle:
    # Carthage 6 BP against Rome 4 + 1 cavalry left = 5 BP
    dice(s, 2, 5, 3, 3)
    s = act(s, "carthage", "elephants", 2)
    b = next(f for f in s.flow if f["k"] == "battle")
    assert b["bp"] == {"carthage": 6, "rome": 5}
    assert s.stack("venusia", "carthage")["EL"] == 1


def test_9_3_1_a_withdrawing_army_may_be_intercepted_but_not_by_whom_it_escapes() -> None:
    s = blank()
    hold(s)
    s.add("bovianum", "carthage", "HI", 1)
    s.add("rome", "rome", "LG", 1)
    s.add("genua", "greece", "HI", 2)
    s = _rome_attacked(s)
    s = withdraw(s, "rome", 1)
    assert ("withdraw_to", "pisae") in choices(s, "rome")
    s = act(s, "rome", "withdraw_to", "pisae")
    # Greece at Genua is asked; Carthage (whom Rome escapes) is not
    assert s.flow[-1]["k"] == "intercept" and s.flow[-1]["role"] == "greece"
    assert choices(s, "greece") == [("intercept", "genua"), ("let_pass", None)]
    s = act(s, "greece", "let_pass")
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["mp"] == 3 - 1


def test_9_3_4_interceptors_combine_with_their_army_and_only_they_regroup() -> None:
    s = blank()
    hold(s)
    s.add("mediolanum", "carthage", "HI", 4)
    s.add("parma", "rome", "LI", 2)
    army(s, "arretium", "rome", leaders=("rome_10",), LG=1)
    s = enter(s, "carthage", "mediolanum", 6, "parma")
    # 6 + 2 + Tactics 4: in; Rome 6 BP against 12 (2:1 to Carthage, Tactics 4 to Rome):
    # rolls 1 and 2: Carthage loses 10%, Rome 20%
    dice(s, 6, 2, 1, 2)
    s = act(s, "rome", "intercept", "arretium")
    b = next(f for f in s.flow if f["k"] == "battle")
    assert b["bp"] == {"rome": 6, "carthage": 12}
    s = act(s, "rome", "done")
    dice(s, 3, 3)
    s = losses(s, carthage=["carthage|weaken|HI"], rome=["rome|kill|LI"])
    assert s.stack("arretium", "rome") == {"LG": 1}        # the interceptor goes back
    assert s.leaders["rome_10"].at == "arretium"
    assert s.stack("parma", "rome") == {"LI": 1}           # the army that was there stays


def test_10_7_7_a_lost_interception_regroups_the_interceptors_once() -> None:
    """§9.3.4, §10.7.7: after a lost interception only the interceptors go back, once; the
    army of the same Power that stood in the space keeps its units of the same kind."""
    s = blank()
    hold(s)
    s.add("mediolanum", "carthage", "HI", 4)
    army(s, "parma", "rome", LI=2, LG=1)
    army(s, "arretium", "rome", leaders=("rome_10",), LG=1)
    s = enter(s, "carthage", "mediolanum", 6, "parma")
    dice(s, 6, 2, 1, 2)                  # 6 + 2 + Tactics 4: in; battle rolls 1 and 2
    s = act(s, "rome", "intercept", "arretium")
    assert next(f for f in s.flow if f["k"] == "battle")["bp"] == {"rome": 10, "carthage": 12}
    s = act(s, "rome", "done")
    dice(s, 3, 3)
    s = losses(s, carthage=["carthage|weaken|HI"], rome=["rome|weaken|LG"])
    assert s.stack("arretium", "rome") == {"wLG": 1}       # the interceptor, weakened
    assert s.stack("parma", "rome") == {"LI": 2, "LG": 1}  # the army that stood there
    assert sum(1 for e in s.log if e.msg.key == "log.regroup") == 1


def test_9_4_5_a_withdrawal_goes_space_by_space_and_may_be_intercepted_in_each() -> None:
    """§9.4.5, §9.3.1: the withdrawing army is offered to interceptors in every space it enters
    (not from the battle space, where the army it escapes stands; another army of the same
    Power may); it spends at least 1 MP and may stop after that."""
    s = blank()
    hold(s)
    s.add("arretium", "carthage", "HI", 2)
    s.add("rome", "rome", "LG", 1)
    s = _rome_attacked(s)
    s = withdraw(s, "rome", 3)
    assert top(s) == "withdraw" and s.flow[-1]["mp"] == 3
    # never whence Carthage came (Capua), nor into Carthage's army at Arretium; no stop yet
    assert [a for v, a in choices(s, "rome") if v == "withdraw_to"] == ["bovianum", "pisae"]
    assert ("stop", None) not in choices(s, "rome")
    s = act(s, "rome", "withdraw_to", "pisae")
    assert top(s) == "intercept" and s.flow[-1]["role"] == "carthage"
    assert choices(s, "carthage") == [("intercept", "arretium"), ("let_pass", None)]
    assert RULES.view(s, None).prompt == (
        "Carthage: the Roman army, withdrawing or retreating from a battle, enters Pisa next "
        "to your army: intercept it?")
    s = act(s, "carthage", "let_pass")
    assert top(s) == "withdraw" and s.flow[-1]["mp"] == 2
    assert ("stop", None) in choices(s, "rome")
    s = act(s, "rome", "withdraw_to", "genua")
    assert s.stack("genua", "rome") == {"LG": 1} and s.flow[-1]["mp"] == 1
    s = act(s, "rome", "stop")
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["mp"] == 3 - 2 + 1     # attack MP back (§9.4.2)
    assert [e.msg.args["space"] for e in s.log if e.msg.key == "log.withdrew"] == [
        "@space.pisae", "@space.genua"]


def _intercepted_in_pisa(garrison: bool = False) -> PRState:
    """Carthage's 2 HI from Capua (MP die 3) attack Rome's 3 LG in Rome; they withdraw (die 4)
    into Pisa, where Carthage's HI from Arretium intercepts them (6 + 6) and the battle is
    rolled: Carthage 3 BP against 12, rolls 6 and 1. ``garrison``: a Roman GR stands in Pisa."""
    s = blank()
    hold(s)
    s.add("arretium", "carthage", "HI", 1)
    s.add("rome", "rome", "LG", 3)
    if garrison:
        s.add("pisae", "rome", "GR", 1)
    s = _rome_attacked(s)
    s = withdraw(s, "rome", 4, "pisae")
    dice(s, 6, 6, 6, 1)
    return act(s, "carthage", "intercept", "arretium")


def _beaten_in_pisa(s: PRState) -> PRState:
    """After :func:`_intercepted_in_pisa`: Rome keeps its shifts, Carthage does not force a
    retreat, Rome loses two LG (60% of 12: 7 BP) and raises no militia."""
    s = answer(s, rome=[("done", None)], carthage=[("no_force", None)])
    s = losses(s, rome=["rome|kill|LG", "rome|kill|LG"])
    return answer(s, rome=[("no_militia", None)])


def test_9_3_7_an_intercepted_withdrawal_goes_on_with_one_mp_less_after_a_lost_battle() -> None:
    """§9.4.5 with §9.3.7: Carthage's second army intercepts the Roman army withdrawing into
    Pisa and wins; the Romans, unable to retreat the way they came, stay, and go on
    withdrawing with their 3 MP left less 1."""
    s = _intercepted_in_pisa()
    b = next(f for f in s.flow if f["k"] == "battle")
    assert b["bp"] == {"carthage": 3, "rome": 12} and b["intercept"]
    s = _beaten_in_pisa(s)
    assert s.stack("pisae", "rome") == {"LG": 1}
    assert s.stack("arretium", "carthage") == {"HI": 1}       # the interceptor regrouped
    w = s.flow[-1]
    assert w["k"] == "withdraw" and w["role"] == "rome" and w["mp"] == 3 - 1
    s = act(s, "rome", "withdraw_to", "genua")
    assert s.stack("genua", "rome") == {"LG": 1}


def test_9_4_5_withdrawal_by_naval_transport_one_sea_link_with_an_unmodified_roll() -> None:
    """§9.4.5: from a port, by sea with the galleys there, one sea link to a friendly controlled
    port, with 3 MP (embark, voyage, disembark); the cavalry modifier does not apply (§9.4.3)."""
    s = blank()
    hold(s)
    army(s, "arretium", "carthage", HI=1, CV=2)
    army(s, "pisae", "rome", LG=1, GS=1)
    s = enter(s, "carthage", "arretium", 3, "pisae")
    from games.pax_romana.movement import withdrawal_modifier
    assert withdrawal_modifier(s, "pisae", "carthage", "rome") == -3   # by land: 3 - 3 = 0
    assert choices(s, "rome") == [("withdraw", None), ("withdraw_by_sea", None),
                                  ("stand", None)]
    dice(s, 3)
    s = act(s, "rome", "withdraw_by_sea")
    assert RULES.view(s, "rome").prompt == ("Rome: the army withdrawing from Pisa sails one "
                                            "sea link: to which friendly port?")
    assert choices(s, "rome") == [("withdraw_by_sea_to", "genua"),
                                  ("withdraw_by_sea_to", "rome")]   # not Corsica's Aleria
    s = act(s, "rome", "withdraw_by_sea_to", "genua")
    assert s.stack("genua", "rome") == {"LG": 1, "GS": 1}
    assert "rome" not in s.units.get("pisae", {})
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["mp"] == 3 - 2 + 1
    s2 = blank()
    s2.add("pisae", "rome", "LG", 1)
    from games.pax_romana.movement import withdrawal_ports
    assert withdrawal_ports(s2, "rome", "pisae") == ["genua", "rome"]
    s2.add("pisae", "carthage", "GS", 1)                     # no embarking under enemy galleys
    assert withdrawal_ports(s2, "rome", "pisae") == []


def test_9_3_5_the_interceptor_declares_who_defends_in_his_settlement_before_the_roll() -> None:
    """§9.3.5: Rome intercepts from Arretium into Parma, its settlement, where 2 Roman LI stand:
    before the roll it puts one LI in the settlement. That LI stays out of the interception
    battle (Rome 2 LG + 1 LI, 9 BP); Rome wins but Carthage stays, so the interceptors regroup
    and Carthage must attack the settlement and the LI in it, at no more MP."""
    s = blank()
    hold(s)
    s.add("mediolanum", "carthage", "HI", 2)
    s.cities["parma"] = City(owner="rome", kind="settlement", fp=2)
    s.add("parma", "rome", "LI", 2)
    s.add("arretium", "rome", "LG", 2)
    s = enter(s, "carthage", "mediolanum", 4, "parma")
    assert top(s) == "intercept" and s.flow[-1]["role"] == "rome"
    s = act(s, "rome", "intercept", "arretium")
    assert choices(s, "rome") == [("in_city", "rome|LI"), ("all_in_city", None), ("roll", None)]
    assert RULES.view(s, "rome").prompt.startswith(
        "Rome: intercepting from Arretium into Parma: before the roll, declare which units")
    s = act(s, "rome", "in_city", "rome|LI")
    assert [c.label for c in RULES.view(s, "rome").actions][-1] == (
        "Roll for the interception (1 in the city)")
    dice(s, 6, 6, 5, 1)                                      # 12: in
    s = act(s, "rome", "roll")
    b = next(f for f in s.flow if f["k"] == "battle")
    assert b["bp"] == {"rome": 9, "carthage": 6}
    s = answer(s, rome=[("done", None)], carthage=[("stand", None)])
    s = answer(s, rome=[("no_force", None)])
    s = losses(s, carthage=["carthage|kill|HI"], rome=["rome|kill|LI"])
    assert s.stack("arretium", "rome") == {"LG": 2}          # the interceptors regrouped
    assert s.stack("parma", "rome") == {"LI": 1}             # the LI in the settlement
    assert top(s) == "withdraw" and s.flow[-1]["role"] == "rome"   # Carthage attacks it
    assert next(f for f in s.flow if f["k"] == "move_army")["mp"] == 4 - 2 - 1


def test_9_3_6_an_interceptor_and_an_independent_army_fight_as_one_army() -> None:
    """§9.3.6: Carthage attacks Syracuse; Rome intercepts from Catana and fights beside the
    Syracusan army (Rome's LG 4 + Syracuse's HI 3 and LI 1: 8 BP), allocating the joint losses;
    it wins, yet goes back to Catana; Carthage, beaten and staying, then attacks Syracuse."""
    s = blank()
    hold(s)
    s.add("agrigentum", "carthage", "HI", 3)
    s.cities["syracuse"] = City(owner="syracuse", kind="city", fp=4)
    army(s, "syracuse", "syracuse", HI=1, LI=1)
    s.add("catana", "rome", "LG", 1)
    s = enter(s, "carthage", "agrigentum", 4, "syracuse")
    assert top(s) == "intercept" and choices(s, "rome") == [("intercept", "catana"),
                                                             ("let_pass", None)]
    assert RULES.view(s, None).prompt == (
        "Rome: the Carthaginian army enters Syracuse to attack Syracuse: intercept, fighting "
        "beside them as one army for this battle (your army then goes back where it came "
        "from)?")
    s = act(s, "rome", "intercept", "catana")
    # §9.3.5 applies to the Independent army in its city: Rome declares, here none in it
    assert ("in_city", "syracuse|HI") in choices(s, "rome")
    dice(s, 6, 6, 5, 1)
    s = act(s, "rome", "roll")
    b = next(f for f in s.flow if f["k"] == "battle")
    assert b["bp"] == {"rome": 8, "carthage": 9} and not b["city"]
    s = answer(s, carthage=[("stand", None)], rome=[("no_force", None)])
    dice(s, 1, 1)                                            # the next battle's rolls
    s = answer(s, carthage=[("loss", "carthage|kill|HI"), ("loss", "carthage|kill|HI")],
                rome=[("loss", "syracuse|kill|LI")])
    assert s.stack("catana", "rome") == {"LG": 1}            # back whence it came
    assert s.stack("syracuse", "syracuse") == {"HI": 1}
    b = next(f for f in s.flow if f["k"] == "battle")        # and Carthage attacks Syracuse
    assert (b["att"], b["dfd"], b["intercept"], b["city"]) == ("carthage", "syracuse", False,
                                                              True)
    assert b["bp"] == {"carthage": 3, "syracuse": 3 + 4}
    from games.pax_romana.movement import friends_of
    assert friends_of(s, "rome") == {"rome"}                 # the alliance ended


def test_9_3_6_no_interception_into_a_third_side_that_is_not_an_independent_army() -> None:
    from games.pax_romana.movement import interceptors
    s = blank()
    s.add("syracuse", "carthage", "HI", 1)
    s.add("syracuse", "greece", "HI", 1)
    s.add("catana", "rome", "LG", 1)
    assert interceptors(s, "rome", "syracuse", "carthage") == []
    s2 = blank()
    s2.add("syracuse", "carthage", "HI", 1)
    s2.cities["syracuse"] = City(owner="syracuse", kind="city", fp=4)   # no army: no ally
    s2.add("catana", "rome", "LG", 1)
    assert interceptors(s2, "rome", "syracuse", "carthage") == []


def test_9_4_5_a_withdrawal_by_sea_ends_after_its_one_sea_link() -> None:
    """§9.4.5: from Actium to Patrae, one link; Corinth and Gythium, friendly ports one link on,
    are not offered: the withdrawal is over."""
    s = blank()
    hold(s)
    s.add("delphi", "rome", "LG", 2)
    army(s, "actium", "greece", HI=1, GS=2)
    s = enter(s, "rome", "delphi", 4, "actium")
    dice(s, 4)
    s = act(s, "greece", "withdraw_by_sea")
    assert choices(s, "greece") == [("withdraw_by_sea_to", "corcyra"),
                                    ("withdraw_by_sea_to", "patrae")]
    s = act(s, "greece", "withdraw_by_sea_to", "patrae")
    assert s.stack("patrae", "greece") == {"HI": 1, "GS": 2}
    assert not any(f["k"] == "withdraw" for f in s.flow)
    assert s.flow[-1]["k"] == "move_army" and s.flow[-1]["role"] == "rome"


def test_9_4_5_units_left_behind_fight_while_the_rest_withdraws() -> None:
    """§9.4.5: Rome leaves its LI behind and withdraws the LG; the LI must fight, and the
    Carthaginian army pays its attack MP."""
    s = blank()
    hold(s)
    army(s, "rome", "rome", LG=1, LI=1)
    s = _rome_attacked(s)
    s = withdraw(s, "rome", 2)
    assert ("leave_behind", "LI") in choices(s, "rome")
    assert ("leave_behind", "LG") in choices(s, "rome")
    s = act(s, "rome", "leave_behind", "LI")
    assert ("leave_behind", "LG") not in choices(s, "rome")    # something must go
    dice(s, 3, 3)
    s = act(s, "rome", "withdraw_to", "pisae")
    assert s.stack("pisae", "rome") == {"LG": 1}
    s = act(s, "rome", "stop")
    b = next(f for f in s.flow if f["k"] == "battle")
    assert (b["att"], b["dfd"]) == ("carthage", "rome") and b["bp"] == {"carthage": 6,
                                                                         "rome": 1}
    assert s.stack("rome", "rome") == {"LI": 1}
    assert next(f for f in s.flow if f["k"] == "move_army")["mp"] == 3 - 2


def _beaten_at_venusia(guard: bool = True) -> PRState:
    """Carthage (4 HI from Capua) beats the Romans' 3 LI at Venusia (rolls 5 and 2); Rome is
    asked whether to retreat (§10.7.1)."""
    s = blank()
    hold(s, "rome")
    if guard:
        s.add("brundisium", "carthage", "HI", 1)
    s = attack_venusia(s, 5, 2)
    assert top(s) == "retreat"
    return s


def test_10_7_6_a_two_space_retreat_may_be_intercepted_in_its_first_space() -> None:
    """§10.7.6 with §9.3.1: the Romans retreat two spaces to Croton, through Tarentum; Carthage's
    army at Brundisium intercepts them in Tarentum (6 + 6), the battle is a draw (1 and 1, the
    shift unused), the interceptor regroups, and the Romans go on to Croton."""
    s = _beaten_at_venusia()
    s = act(s, "rome", "retreat", "croton")
    s = act(s, "rome", "loss", "rome|kill|LI")
    s = act(s, "carthage", "loss", "carthage|weaken|HI")
    s = act(s, "rome", "no_militia")
    assert top(s) == "intercept" and s.flow[-1]["space"] == "tarentum"
    assert choices(s, "carthage") == [("intercept", "brundisium"), ("let_pass", None)]
    dice(s, 6, 6, 1, 1)
    s = act(s, "carthage", "intercept", "brundisium")
    s = act(s, "carthage", "done")
    assert s.stack("croton", "rome") == {"LI": 2}
    assert s.stack("brundisium", "carthage") == {"HI": 1}
    assert "rome" not in s.units.get("tarentum", {})
    assert [e.msg.args["space"] for e in s.log if e.msg.key == "log.retreated"] == [
        "@space.tarentum", "@space.croton"]


def test_10_7_4_the_defender_chooses_the_way_of_a_two_space_retreat() -> None:
    """§10.7.4: while Carthage's army stands in Brundisium it is no retreat; without it,
    Brundisium is two spaces from Venusia through Barium or Tarentum, and the Romans choose
    Barium."""
    assert ("retreat", "brundisium") not in choices(_beaten_at_venusia(), "rome")
    s = _beaten_at_venusia(guard=False)
    s = act(s, "rome", "retreat", "brundisium")
    assert top(s) == "retreat_via"
    assert choices(s, "rome") == [("retreat_via", "barium"), ("retreat_via", "tarentum")]
    s = act(s, "rome", "retreat_via", "barium")
    s = act(s, "rome", "loss", "rome|kill|LI")
    s = act(s, "carthage", "loss", "carthage|weaken|HI")
    s = act(s, "rome", "no_militia")
    assert s.stack("brundisium", "rome") == {"LI": 2}
    assert [e.msg.args["space"] for e in s.log if e.msg.key == "log.retreated"] == [
        "@space.barium", "@space.brundisium"]


def test_9_4_5_units_may_split_off_or_join_during_a_withdrawal() -> None:
    """§9.4.5: the two Roman LG withdraw from Rome (3 MP) into Pisa; there the LI standing in
    Pisa joins them (1 MP) and one LG splits off (0 MP); the rest goes on to Genua (1 MP)."""
    s = blank()
    hold(s)
    s.add("rome", "rome", "LG", 2)
    s.add("pisae", "rome", "LI", 1)
    s = _rome_attacked(s)
    s = act(s, "rome", "let_pass")          # the LI at Pisa could intercept (§9.3)
    s = withdraw(s, "rome", 3)
    assert ("withdraw_split", "LG") not in choices(s, "rome")    # not in the battle space
    s = act(s, "rome", "withdraw_to", "pisae")
    assert ("withdraw_split", "LG") in choices(s, "rome")
    assert ("withdraw_join", None) in choices(s, "rome")
    s = act(s, "rome", "withdraw_join")
    assert s.flow[-1]["mp"] == 1 and s.flow[-1]["units"] == {"LG": 2, "LI": 1}
    assert ("withdraw_join", None) not in choices(s, "rome")
    s = act(s, "rome", "withdraw_split", "LG")
    assert s.flow[-1]["mp"] == 1
    s = act(s, "rome", "withdraw_to", "genua")
    assert s.stack("genua", "rome") == {"LG": 1, "LI": 1}
    assert s.stack("pisae", "rome") == {"LG": 1}
    assert "rome" not in s.units.get("rome", {})


def test_13_4_the_germans_first_move_is_not_activated_again_by_the_same_power() -> None:
    """§13.4 Germans: the Power entitled to them moves them (here it lets them stand) "and then
    takes its own Actions without activating them again": its own Major Move may not take them
    in that Activation; another Power may, and so may Rome in a later Activation."""
    from games.pax_romana.activation import other_armies
    s = blank()
    hold(s, "rome")
    push(s, "place_barbarians", role="rome", group="germans")
    run(s)
    s = RULES.copy(s)
    dice(s, 2, 2, 2)
    s = act(s, "rome", "barbarians", "mattium")
    dice(s, 3)
    s = act(s, "rome", "go")
    s = act(s, "rome", "stop")
    assert s.flow[-1]["k"] == "am" and s.flow[-1]["role"] == "rome"
    assert s.stack("mattium", "barbarian") == {"BR": 6}
    assert other_armies(s, "rome") == []
    assert other_armies(s, "carthage") == ["mattium|barbarian"]
    s.am_track.append("carthage")           # a later Activation
    assert other_armies(s, "rome") == ["mattium|barbarian"]


def test_13_3_beaten_african_mutineers_are_not_said_to_regroup_where_they_stand() -> None:
    """§13.3 Africa with §10.7.7: the mutineers attack where they rose; beaten (rolls 1 and 6)
    they are not placed anywhere, and the log says no "regroups" (they are then destroyed)."""
    from tests.test_pax_romana_rebellions import _answer_all, _play
    s = blank()
    army(s, "thapsus", "carthage", MHI=1, LI=2)
    s = _play(s, 5, 5, 1, 6)
    s = _answer_all(s)
    assert any(e.msg.key == "log.battle_result" for e in s.log)
    assert not any(e.msg.key == "log.regroup" for e in s.log)
    assert s.stack("thapsus", "barbarian") == {}


def test_10_7_6_a_retreat_through_a_transit_point_loses_1_bp_for_it() -> None:
    """§10.7.6: beaten at Salona, the Romans (3 LI, 1 lost in the battle) retreat through the
    Dalmatian Transit Point into Lissus, the first space beyond it, and lose 1 BP more there;
    to Siscia, next door, nothing."""
    s = blank()
    hold(s, "rome")
    s.add("delminium", "carthage", "HI", 4)
    s.add("salona", "rome", "LI", 3)
    s = stand_and_fight(enter(s, "carthage", "delminium", 6, "salona"), 5, 2)
    assert ("retreat", "lissus") in choices(s, "rome") and ("retreat", "siscia") in choices(
        s, "rome")
    near = act(s, "rome", "retreat", "siscia")
    near = act(near, "rome", "loss", "rome|kill|LI")
    near = act(near, "carthage", "loss", "carthage|weaken|HI")
    assert near.stack("siscia", "rome") == {"LI": 2}
    s = act(s, "rome", "retreat", "lissus")
    s = act(s, "rome", "loss", "rome|kill|LI")
    s = act(s, "carthage", "loss", "carthage|weaken|HI")
    assert top(s) == "allocate_losses" and s.flow[-1]["need"] == 1
    s = act(s, "rome", "loss", "rome|kill|LI")
    assert s.stack("lissus", "rome") == {"LI": 1}
    assert [e.msg.args["n"] for e in s.log if e.msg.key == "log.retreat_tp_losses"] == [1]


def test_9_4_5_after_an_interception_only_the_withdrawing_units_go_on() -> None:
    """§9.4.5: as in the §9.3.7 test, the Roman LG withdrawing into Pisa are intercepted and
    beaten (one LG left); the Roman garrison that stood in Pisa before is no part of the
    withdrawal and stays when the LG goes on to Genua."""
    s = _beaten_in_pisa(_intercepted_in_pisa(garrison=True))
    assert s.stack("pisae", "rome") == {"LG": 1, "GR": 1}
    assert ("withdraw_split", "LG") not in choices(s, "rome")   # the last combat unit
    s = act(s, "rome", "withdraw_to", "genua")
    assert s.stack("genua", "rome") == {"LG": 1}
    assert s.stack("pisae", "rome") == {"GR": 1}


def test_9_4_5_a_sea_withdrawal_once_sailed_offers_no_second_voyage() -> None:
    """§9.4.5: a withdrawal by sea is one sea link; a withdrawal frame that has sailed (over)
    offers no more ports even if it is back at its sea stage."""
    s = blank()
    hold(s)
    army(s, "genua", "rome", LG=1, GS=1)
    frame = {"k": "withdraw", "role": "rome", "side": "rome", "space": "pisae", "at": "genua",
             "mover": "carthage", "stage": "sea", "mp": 6, "units": {"LG": 1}, "leaders": [],
             "path": ["pisae", "genua"], "over": True}
    from games.pax_romana.movement import _withdraw_choices
    assert _withdraw_choices(s, frame) == []
    frame["over"] = False
    assert _withdraw_choices(s, frame)                       # before sailing: the ports


def test_9_1_1_a_minor_move_names_its_one_unit() -> None:
    """§9.1.1: a Minor Move moves one unit. Its question names the unit (not "the army"), in
    both languages, at each step and aboard a Naval Transport (§11.3); an army's move does
    not."""
    from games.core.text import render
    from games.pax_romana.texts import TEXTS
    s = blank()
    hold(s, "rome")
    army(s, "rhegium", "rome", LG=3, LI=1)
    push(s, "move_army", role="rome", owner="rome", start="rhegium", units={"LI": 1},
         leaders=[], minor=True)
    run(s)
    s = RULES.copy(s)
    dice(s, 5)
    s = act(s, "rome", "go")
    view = RULES.view(s, "rome")
    assert view.prompt_msg.key == "prompt.move_unit"
    assert view.prompt_msg.args["unit"] == "@unit.LI"
    en, ru = render(view.prompt_msg, "en", TEXTS), render(view.prompt_msg, "ru", TEXTS)
    assert "Light Infantry" in en and "5 MP" in en and "army" not in en
    assert "Rhegium" in en and "{" not in ru and "армия" not in ru
    s = act(s, "rome", "embark")
    aboard = RULES.view(s, "rome").prompt_msg
    assert aboard.key == "prompt.transport" and aboard.args["unit"] == "@unit.LI"
    s = blank()
    hold(s, "rome")
    army(s, "rhegium", "rome", LG=3, LI=1)
    s = march(s, "rome", "rhegium")
    dice(s, 4)
    s = act(s, "rome", "go")
    assert RULES.view(s, "rome").prompt_msg.key == "prompt.move_army"


def test_12_1_3_a_garrison_alone_moves_as_a_minor_move() -> None:
    """Garrisons may move alone as a Minor Move (§12.1.3): two garrisons at Arretium with no
    land unit are offered, and one of them walks to Parma (Minor Move MP 1d6, §9.1.1). Before,
    a space without an LCU was never offered, so garrisons made from a legion were stuck."""
    s = blank()
    s.add("arretium", "rome", "GR", 2)
    s = expansion(s, "rome")
    assert ("menu", "minor_move") in choices(s, "rome")
    s = act(s, "rome", "menu", "minor_move")
    assert ("from", "arretium|rome") in choices(s, "rome")
    s = act(s, "rome", "from", "arretium|rome")
    dice(s, 3)
    s = act(s, "rome", "unit", "GR")
    s = act(s, "rome", "go")
    s = act(s, "rome", "to", "parma")
    s = act(s, "rome", "stop")
    assert s.stack("arretium", "rome") == {"GR": 1}
    assert s.stack("parma", "rome") == {"GR": 1}


def test_12_1_3_garrisons_alone_make_no_major_move() -> None:
    """The Major Move is an army's (§9.1.1); garrisons are no LCUs (§12.1.1) and move alone only
    as a Minor Move (§12.1.3)."""
    s = blank()
    s.add("arretium", "rome", "GR", 2)
    s.add("rome", "rome", "LG", 1)
    armies = offered(s, "rome")
    assert ("from", "rome|rome") in armies
    assert ("from", "arretium|rome") not in armies
