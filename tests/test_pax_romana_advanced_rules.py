"""What the Advanced Game changes outside the cards (§23 of the rules specification): no
Negotiate action (§4.2), Roman legion cavalry from Turn III (§10.4.4) and the optional legions
without cavalry (§10.4.5), the -4 Stability step at four times the CVP (§14.2.1, ambiguity A2),
the optional rough-mountain attrition (§9.6.5) and early disbanding (§14.2.2)."""

from __future__ import annotations

import pytest

from games.pax_romana.activation import _am_choices
from games.pax_romana.battle import army_bp, legion_cavalry
from games.pax_romana.data import DataError
from games.pax_romana.flow import push, run
from games.pax_romana.rules import OPTIONS, RULES
from games.pax_romana.stability import cvp_overrun
from games.pax_romana.state import City, PRState
from tests.pax_romana_support import act, blank, choices, dice


def _adv(**options: object) -> PRState:
    s = blank()
    s.options["advanced"] = True
    s.options.update(options)
    return s


def _am(s: PRState, power: str = "rome") -> PRState:
    push(s, "am", role=power, free=True)
    run(s)
    return RULES.copy(s)


def test_4_2_no_negotiate_action_in_the_advanced_game() -> None:
    s = blank()
    assert ("action", "negotiate") in [(c.verb, c.arg) for c in _am_choices(s, {"role": "rome"})]
    s.options["advanced"] = True
    assert ("action", "negotiate") not in [(c.verb, c.arg)
                                           for c in _am_choices(s, {"role": "rome"})]


def test_10_4_4_legion_cavalry_from_turn_iii_in_the_advanced_game() -> None:
    s = blank()
    s.add("rome", "rome", "LG", 5)
    s.turn = 3
    assert legion_cavalry(s, "rome", "rome") == 0            # Standard, option off
    s.options["advanced"] = True
    assert legion_cavalry(s, "rome", "rome") == 2            # 5 LG: 2 cavalry
    s.turn = 2
    assert legion_cavalry(s, "rome", "rome") == 0


def test_10_4_5_legions_without_cavalry_in_turns_ix_and_x_at_5_bp() -> None:
    s = _adv(legions_without_cavalry=True)
    s.add("rome", "rome", "LG", 4)
    s.add("rome", "rome", "wLG", 1)
    s.turn = 8
    assert (legion_cavalry(s, "rome", "rome"), army_bp(s, "rome", "rome")) == (2, 18)
    s.turn = 9
    assert (legion_cavalry(s, "rome", "rome"), army_bp(s, "rome", "rome")) == (0, 22)
    s.options["advanced"] = False                            # an Advanced option only
    assert army_bp(s, "rome", "rome") == 18


def _heavy(s: PRState, n: int, cvp_cities: int) -> None:
    s.add("rome", "rome", "LG", n)
    for sp in ("rome", "capua", "neapolis")[:cvp_cities]:
        s.cities[sp] = City(owner="rome", kind="settlement", fp=2)


def test_14_2_1_cvp_overrun_minus_4_at_four_times_in_the_advanced_game_only() -> None:
    s = blank()
    _heavy(s, 8, 2)                  # 8 LG against 2 CVP
    st = s.powers["rome"].stability
    cvp_overrun(s, "rome")
    assert s.powers["rome"].stability == st - 3
    s = _adv()
    _heavy(s, 8, 2)
    cvp_overrun(s, "rome")
    assert s.powers["rome"].stability == st - 4
    s = _adv()
    _heavy(s, 7, 2)                  # three times, not four
    cvp_overrun(s, "rome")
    assert s.powers["rome"].stability == st - 3


def test_9_6_5_rough_mountain_attrition_for_an_army_that_stays() -> None:
    s = _adv(rough_mountain_attrition=True)
    s.add("mazaca", "rome", "HI", 2)
    s.add("mazaca", "rome", "LI", 2)
    s.add("mazaca", "rome", "GR", 1)
    s = _am(s)
    s = act(s, "rome", "action", "callup")
    while s.flow and s.flow[-1]["k"] != "callup":
        s = act(s, "rome", *next(iter(choices(s, "rome"))))
    dice(s, 6)                       # 1d6 = 6 on the attrition table
    s = act(s, "rome", "done")
    top = s.flow[-1]
    assert (top["k"], top["space"], top["role"]) == ("attrition", "mazaca", "rome")
    from games.pax_romana.isolation import attrition_losses
    assert top["losses"] == attrition_losses(4, 6)    # garrisons not counted (A44)


def test_9_6_5_no_attrition_for_two_units_or_when_the_option_is_off() -> None:
    from games.pax_romana.isolation import rough_armies
    s = _adv(rough_mountain_attrition=True)
    s.add("mazaca", "rome", "HI", 2)
    s.add("mazaca", "rome", "GR", 1)
    s.add("cirta", "rome", "LI", 3)
    assert rough_armies(s, "rome") == {"cirta": {"LI": 3}}
    s.options["rough_mountain_attrition"] = False
    assert rough_armies(s, "rome") == {}


def test_9_6_5_an_army_that_left_the_mountain_suffers_none() -> None:
    from games.pax_romana.isolation import rough_attrition
    s = _adv(rough_mountain_attrition=True)
    s.add("cirta", "rome", "LI", 1)
    rough_attrition(s, "rome", {"cirta": {"LI": 3}})
    assert s.flow == []
    s.add("cirta", "rome", "LI", 2)
    rough_attrition(s, "rome", {"cirta": {"LI": 3}})
    assert [f["k"] for f in s.flow] == ["attrition_roll"]


def test_14_2_2_disbanding_heavy_units_first_thing_in_the_action_segment() -> None:
    s = _adv(early_disbanding=True)
    s.add("rome", "rome", "LG", 2)
    s.add("capua", "rome", "HI", 1)
    s.add("capua", "rome", "LI", 1)
    s = _am(s)
    s = act(s, "rome", "action", "expansion")
    while s.flow[-1]["k"] != "disband_heavy":
        s = act(s, "rome", *next(iter(choices(s, "rome"))))
    assert set(choices(s, "rome")) == {("disband", "capua|HI"), ("disband", "rome|LG"),
                                       ("done", None)}
    s = act(s, "rome", "disband", "rome|LG")
    s = act(s, "rome", "done")
    assert s.stack("rome", "rome") == {"LG": 1}
    assert s.flow[-1]["k"] == "expansion"


def test_14_2_2_disbanding_comes_after_the_card_segment() -> None:
    """The Card Segment comes first (§17.1.3), then the Action Segment, whose first thing the
    disbanding is."""
    s = _adv(early_disbanding=True)
    s.add("rome", "rome", "LG", 2)
    s.deck = [38]
    s = _am(s)
    s.flow[-1]["free"] = False
    s = act(s, "rome", "pay", 1)
    asked = []
    while s.flow[-1]["k"] != "expansion":
        asked.append(s.flow[-1]["k"])
        if s.flow[-1]["k"] == "am":             # the Action is chosen after the cards (§3.2 F)
            s = act(s, "rome", "action", "expansion")
        else:
            s = act(s, "rome", *choices(s, "rome")[-1])
    assert asked.index("card_segment") < asked.index("disband_heavy")


def test_14_2_2_no_disbanding_offered_when_the_option_is_off() -> None:
    s = _adv()
    s.add("rome", "rome", "LG", 2)
    s = _am(s)
    s = act(s, "rome", "action", "expansion")
    assert all(f["k"] != "disband_heavy" for f in s.flow)


def test_the_advanced_options_are_offered() -> None:
    ids = {o.id for o in OPTIONS}
    assert {"legions_without_cavalry", "rough_mountain_attrition", "early_disbanding"} <= ids


# -- Scenario IV (Advanced only) -------------------------------------------------------------------
def test_scenario_iv_sets_up_advanced_only() -> None:
    """Carthago Delenda Est: Rome and Carthage, the public facts (Pyrrhus's army at Corcyra
    for Carthage, 4 LG and a Tactics-2 leader in the city of Rome, Carthage's 13T) and the
    reconstructed rest; played with the Advanced Game only."""
    s = RULES.setup(1, "IV", {})
    assert s.options["advanced"] is True and s.roles == ["rome", "carthage"]
    assert s.stack("rome", "rome")["LG"] == 4 and s.leaders["rome_06"].at == "rome"
    assert s.cities["rome"].kind == "city" and s.cities["rome"].fp == 5
    assert s.sof == {"power": "carthage", "removal_turn": 2}
    assert s.stack("corcyra", "sof") == {"HI": 4, "LI": 2, "CV": 1, "EL": 1}
    assert s.leaders["sof_pyrrhus"].at == "corcyra"
    assert s.powers["carthage"].treasury == 13
    assert (s.turn, s.last_turn, s.phase) == (1, 7, "F")
    assert set(s.independents) == {"syracuse", "mamertines"}
    with pytest.raises(DataError):
        RULES.setup(1, "IV", {"advanced": False})
    info = next(i for i in RULES.scenarios() if i.id == "IV")
    assert next(o for o in info.options if o.id == "advanced").choices == [True]
    assert (info.min_players, info.max_players) == (2, 2)
