"""Pax Romana income and expenses (§6): income with its exceptions and the LOC (§6.1), the secret
maintenance plans (§6.4) with the rulebook's East example and Carthage's limit (§6.4.3), the CVP
overrun at maintenance (§14.2.1), the secret manpower plans (§6.2-6.3, §10.6.6, §12.2.2) revealed
together, and the Call-Up (§3.5.1)."""

from __future__ import annotations

from games.pax_romana import economy
from games.pax_romana.plans import start_plan
from games.pax_romana.rules import RULES
from games.pax_romana.stability import cvp_overrun
from games.pax_romana.state import City
from tests.pax_romana_support import act, blank, choices, hold


def test_6_1_1_income_of_a_home_territory_cities_and_settlements() -> None:
    """Cisalpina 1 + Italia 2 + Bruttium 1 + the territory 1 (ambiguity A23, the default
    reading) + an intact city 3 + a damaged city 1 + an intact settlement 1 + a damaged
    settlement 0."""
    s = blank()
    assert economy.income_of(s, "rome") == 5
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    s.cities["capua"] = City(owner="rome", kind="city", fp=4)
    s.cities["pisae"] = City(owner="rome", kind="settlement", fp=2)
    s.cities["arretium"] = City(owner="rome", kind="settlement", fp=1)
    assert economy.income_of(s, "rome") == 10
    s.options["home_territory_income"] = False
    assert economy.income_of(s, "rome") == 9


def test_6_1_1_egypt_pays_three_and_the_bergidum_mine_one() -> None:
    s = blank()
    # East: Egypt 3 + five more provinces 1 each + the territory 1
    assert economy.income_of(s, "east") == 9
    s.add("bergidum", "carthage", "LI")
    # Gallaecia (1, Carthage alone in it) + the mine (1, by space control)
    assert economy.income_of(s, "carthage") == 4 + 1 + 1 + 1
    s.add("bracara", "rome", "LI")
    s.add("brigantium", "rome", "LI")
    # Gallaecia lost (Rome 2 of 4, Carthage 1): the mine still pays by the space
    assert economy.income_of(s, "carthage") == 4 + 1 + 1
    s.add("asturica", "rome", "LI")
    # Bergidum cut off (its only neighbours held by Rome): no LOC, no mine (§6.1.5)
    assert economy.income_of(s, "carthage") == 4 + 1


def test_6_1_5_no_income_without_a_loc() -> None:
    s = blank()
    s.add("numantia", "carthage", "LI")
    with_loc = economy.income_of(s, "carthage")
    for nb in ("asturica", "segobriga", "calagurris"):
        s.add(nb, "rome", "LI")
    assert economy.income_of(s, "carthage") == with_loc - 1   # Tarraconensis cut off


def test_income_phase_collects_and_judges_the_richest() -> None:
    s = blank()
    for p in s.powers.values():
        p.treasury = 0
    economy.income_phase(s)
    assert {r: p.treasury for r, p in s.powers.items()} == {
        "rome": 5, "carthage": 5, "greece": 6, "east": 9}
    assert [r for r, p in s.powers.items() if p.richest] == ["east"]


def test_6_4_2_the_east_example_and_secret_plans() -> None:
    """§6.4.2 example: the East, Stable, has 25 HI; the Manpower Maximum is 18, so keeping them
    all costs 7T, or 4T after disbanding 3. Plans are secret until the last confirms."""
    s = blank()
    s.add("alexandria", "east", "HI", 25)
    s.powers["east"].stability = 4
    s.powers["east"].treasury = 20
    s.add("carthage", "carthage", "GS", 2)
    hold(s)
    assert economy.maxmp(s, "east") == 18
    assert economy.maintenance_cost(s, "east", {"disband": {}}) == 7
    start_plan(s, "maintenance", ["carthage", "east"])
    s = RULES.copy(s)
    assert RULES.view(s, None).active == ["carthage", "east"]
    for _ in range(3):
        s = act(s, "east", "disband", "alexandria|HI")
    plan = RULES.view(s, "east").private["plan"]
    assert plan["cost"] == 4 and plan["items"][0]["count"] == 3
    # nothing shows before the reveal
    assert "plan" not in RULES.view(s, "carthage").private or \
        RULES.view(s, "carthage").private["plan"]["items"] == []
    assert s.stack("alexandria", "east")["HI"] == 25
    s = act(s, "east", "confirm")
    assert s.stack("alexandria", "east")["HI"] == 25            # still waiting for Carthage
    s = act(s, "carthage", "confirm")
    assert s.stack("alexandria", "east")["HI"] == 22
    assert s.powers["east"].treasury == 16
    assert s.powers["carthage"].treasury == 15 - 2


def test_6_4_must_disband_what_cannot_be_paid() -> None:
    s = blank()
    s.add("carthage", "carthage", "GS", 3)
    s.powers["carthage"].treasury = 1
    hold(s)
    start_plan(s, "maintenance", ["carthage"])
    s = RULES.copy(s)
    assert ("confirm", None) not in choices(s, "carthage")
    s = act(s, "carthage", "disband", "carthage|GS")
    assert ("confirm", None) not in choices(s, "carthage")
    s = act(s, "carthage", "disband", "carthage|GS")
    assert ("confirm", None) in choices(s, "carthage")
    # revisable until confirmed
    s = act(s, "carthage", "undo")
    assert ("confirm", None) not in choices(s, "carthage")


def test_6_4_3_carthage_never_exceeds_its_manpower_maximum() -> None:
    s = blank()
    s.add("carthage", "carthage", "HI", 16)
    s.powers["carthage"].stability = 5
    s.powers["carthage"].treasury = 50
    hold(s)
    assert economy.maxmp(s, "carthage") == 15
    start_plan(s, "maintenance", ["carthage"])
    s = RULES.copy(s)
    assert ("confirm", None) not in choices(s, "carthage")
    s = act(s, "carthage", "disband", "carthage|HI")
    assert ("confirm", None) in choices(s, "carthage")


def test_14_2_1_cvp_overrun_at_maintenance() -> None:
    """More LG/HI than CVP: -2; at least three times as many: -3; with 0 CVP any is both
    (ambiguity A2)."""
    s = blank()
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)     # 3 CVP
    s.add("rome", "rome", "LG", 4)
    stab = s.powers["rome"].stability
    cvp_overrun(s, "rome")
    assert s.powers["rome"].stability == stab - 2
    s.add("rome", "rome", "LG", 5)                                # 9 = 3 x 3
    cvp_overrun(s, "rome")
    assert s.powers["rome"].stability == stab - 2 - 3
    g = s.powers["greece"].stability
    s.add("athens", "greece", "wHI", 1)
    cvp_overrun(s, "greece")
    assert s.powers["greece"].stability == g - 3
    e = s.powers["east"].stability
    cvp_overrun(s, "east")                                        # no LG/HI: nothing
    assert s.powers["east"].stability == e


def test_3_2_b_maintenance_phase_checks_the_overrun_after_the_plans() -> None:
    s = blank()
    s.add("rome", "rome", "LG", 1)
    hold(s)
    economy.maintenance_phase(s)
    s = RULES.copy(s)
    assert RULES.view(s, None).active == ["rome"]
    stab = s.powers["rome"].stability
    s = act(s, "rome", "confirm")
    assert s.powers["rome"].stability == stab - 3                 # 1 LG, 0 CVP


def test_6_2_manpower_plan_formed_in_secret_and_revealed_together() -> None:
    """§6.2.2-6.2.7: Rome forms a Legion in Italia and Greece an HI in Attica; the units and the
    payments appear only when the last plan is confirmed; a weakened HI not rebuilt settles as
    one Garrison (§10.6.6, §12.1.6), one rebuilt costs 1T."""
    s = blank()
    s.add("capua", "rome", "wLG")
    s.add("athens", "greece", "wHI", 1)
    s.add("pella", "greece", "wHI", 1)
    s.add("utica", "carthage", "LI")
    hold(s)
    economy.manpower_phase(s)
    s = RULES.copy(s)
    s = act(s, "rome", "menu", "form")
    assert ("province", "italia") in choices(s, "rome")
    s = act(s, "rome", "province", "italia")
    assert ("type", "LG") in choices(s, "rome") and ("type", "HI") not in choices(s, "rome")
    s = act(s, "rome", "type", "LG")
    s = act(s, "rome", "place", "rome")
    s = act(s, "rome", "confirm")
    s = act(s, "greece", "menu", "rebuild")
    s = act(s, "greece", "rebuild", "athens|wHI|0")
    s = act(s, "greece", "confirm")
    s = act(s, "carthage", "menu", "hire")
    s = act(s, "carthage", "place", "utica")
    s = act(s, "carthage", "confirm")
    assert s.stack("rome", "rome") == {}                          # nothing before the reveal
    s = act(s, "east", "confirm")
    assert s.stack("utica", "carthage") == {"LI": 1, "MHI": 1}
    assert s.mercenary_turn["carthage"] == s.turn
    assert s.stack("rome", "rome") == {"LG": 1}
    assert s.powers["carthage"].treasury == 15 - 2
    assert s.powers["rome"].treasury == 10 - 2
    assert s.stack("capua", "rome") == {"GR": 1}
    assert s.stack("athens", "greece") == {"HI": 1}
    assert s.stack("pella", "greece") == {"GR": 1}
    assert s.powers["greece"].treasury == 12 - 1


def test_6_2_8_no_heavy_infantry_on_the_aegean_islands() -> None:
    s = blank()
    assert economy.formable_types(s, "greece", "aegean_islands") == ["LI", "CV"]
    assert "lesbos_chios" not in economy.placement_spaces(s, "greece", "ionia", "HI")
    assert "lesbos_chios" in economy.placement_spaces(s, "greece", "ionia", "LI") or \
        economy.placement_spaces(s, "greece", "ionia", "LI") == []


def test_6_2_6_legions_are_romes_alone() -> None:
    s = blank()
    assert "LG" not in economy.formable_types(s, "carthage", "italia")
    assert economy.formable_types(s, "east", "syria") == ["HI", "LI", "CV", "EL"]


def test_3_5_1_call_up_forms_units_at_once_land_or_galleys() -> None:
    """Call-Up: formed units appear at once, paid at once; land units OR galleys (A18)."""
    s = blank()
    hold(s)
    economy.start_callup(s, "carthage")
    s = RULES.copy(s)
    assert ("menu", "galley") in choices(s, "carthage")
    s = act(s, "carthage", "menu", "form")
    s = act(s, "carthage", "province", "africa")
    s = act(s, "carthage", "type", "LI")
    s = act(s, "carthage", "place", "utica")
    assert s.stack("utica", "carthage") == {"LI": 1}
    assert s.powers["carthage"].treasury == 15 - 1
    assert ("menu", "galley") not in choices(s, "carthage")
    s = act(s, "carthage", "done")
    assert s.flow[-1]["k"] == "am"


def test_12_5_1_rhodes_navy_for_the_power_controlling_rhodes() -> None:
    """Standard: the Power controlling Rhodes starts each Game Turn with 2 Rhodian galleys
    there, whatever happened before; Independent Rhodes keeps its own."""
    s = blank()
    economy.rhodes_navy(s)
    assert s.rhodes_user is None and s.stack("rhodes", "rhodes") == {}
    s.add("rhodes", "greece", "LI")
    s.add("rhodes", "rhodes", "GS", 1)
    economy.rhodes_navy(s)
    assert s.rhodes_user == "greece" and s.stack("rhodes", "rhodes") == {"GS": 2}
    assert economy.maintenance_cost(s, "greece", {"disband": {}}) == 0
