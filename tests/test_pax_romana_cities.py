"""Pax Romana Minor Moves that are not moves, and what changes hands: building and repairing
cities and settlements (§7.1), garrisons (§12.1.4, §12.1.6), mercenary HI (§12.2.2), destroying
one's own city (§7.4.3), capture and pillage (§7.4.1, §7.5) with scripted dice, and Negotiate's
transfers agreed by both sides (§4.3, §4.4)."""

from __future__ import annotations

from games.pax_romana import cities
from games.pax_romana.activation import activation_phase
from games.pax_romana.flow import run
from games.pax_romana.rules import RULES
from games.pax_romana.state import City
from tests.pax_romana_support import act, blank, choices, dice, expansion


def test_7_1_2_settlement_then_city_then_repair() -> None:
    """A Settlement costs 2T and a Garrison in the space; a City 3T and a full LG/HI on an intact
    own Settlement; a repair 1T per FP to full strength. Each uses a Minor Move."""
    s = blank()
    s.add("gades", "rome", "GR")
    s.add("gades", "rome", "LG")
    s.cities["malaca"] = City(owner="rome", kind="city", fp=3)
    s.add("malaca", "rome", "LI")
    s.powers["rome"].treasury = 20
    s = expansion(s)                                     # 19T after paying the AM
    s = act(s, "rome", "menu", "settlement")
    s = act(s, "rome", "settlement", "gades")
    assert s.cities["gades"].model_dump() == {"owner": "rome", "kind": "settlement", "fp": 2}
    assert s.stack("gades", "rome") == {"LG": 1}
    assert s.powers["rome"].treasury == 17
    s = act(s, "rome", "menu", "city")
    s = act(s, "rome", "city", "gades")
    assert s.cities["gades"].kind == "city" and s.cities["gades"].fp == 5
    assert s.stack("gades", "rome") == {}
    assert s.powers["rome"].treasury == 14
    # both Minor Moves used: no repair this Activation
    assert ("menu", "repair") not in choices(s, "rome")
    s = act(s, "rome", "end")


def test_7_1_6_repair_to_full_strength() -> None:
    s = blank()
    s.cities["malaca"] = City(owner="rome", kind="city", fp=3)
    s.powers["rome"].treasury = 5
    s = expansion(s)
    s = act(s, "rome", "menu", "repair")
    s = act(s, "rome", "repair", "malaca")
    assert s.cities["malaca"].fp == 5 and s.powers["rome"].treasury == 4 - 2


def test_7_1_3_no_settlement_on_a_rough_mountain() -> None:
    s = blank()
    s.add("mazaca", "east", "GR")
    assert cities.settlement_sites(s, "east") == []


def test_12_1_6_garrisons_from_disbanded_units() -> None:
    assert [cities.garrisons_from(k) for k in ("LG", "HI", "LI", "wLG", "wHI")] == [3, 3, 2, 1, 1]
    s = blank()
    s.add("pisae", "rome", "LI")
    s = expansion(s)
    s = act(s, "rome", "menu", "garrison")
    s = act(s, "rome", "garrison", "pisae|LI")
    assert s.stack("pisae", "rome") == {"GR": 2}


def test_12_2_2_mercenary_hi_as_a_minor_move_never_for_rome() -> None:
    s = blank()
    s.add("utica", "carthage", "LI")
    s.add("pisae", "rome", "LI")
    s2 = expansion(s, "rome")
    assert ("menu", "hire") not in choices(s2, "rome")
    s3 = expansion(s, "carthage")
    s3 = act(s3, "carthage", "menu", "hire")
    s3 = act(s3, "carthage", "hire", "utica")
    assert s3.stack("utica", "carthage") == {"LI": 1, "MHI": 1}
    assert s3.powers["carthage"].treasury == 15 - 1 - 2


def test_7_4_3_destroy_own_city_outside_the_home_territory_only() -> None:
    s = blank()
    s.cities["gades"] = City(owner="carthage", kind="settlement", fp=1)
    s.cities["utica"] = City(owner="carthage", kind="settlement", fp=2)
    s.add("gades", "carthage", "LI")
    s.add("utica", "carthage", "LI")
    assert cities.destroy_sites(s, "carthage") == ["gades"]


def test_7_5_pillage_with_scripted_dice() -> None:
    """Capture, then 1d6 (+1 with mercenaries) above the leader's Campaign pillages: a city 1d6
    T, halved with mercenaries; then 1d6 at or under the Campaign lets the army go on."""
    s = blank()
    s.cities["gades"] = City(owner="rome", kind="city", fp=3)
    cities.capture(s, "gades", "carthage")
    assert s.cities["gades"].owner == "carthage"
    t = s.powers["carthage"].treasury
    dice(s, 4, 5, 2)                      # 4 + 1 > 4: pillage 5 // 2 = 2; then 2 <= 4: go on
    assert cities.pillage(s, "carthage", "gades", campaign=4, mercenaries=True) is True
    assert s.powers["carthage"].treasury == t + 2
    s.cities["malaca"] = City(owner="rome", kind="settlement", fp=1)
    dice(s, 3, 6)                         # 3 <= 4: no pillage; 6 > 4: the move ends
    assert cities.pillage(s, "carthage", "malaca", campaign=4, mercenaries=False) is False
    assert s.powers["carthage"].treasury == t + 2
    dice(s, 6, 5, 1)                      # settlement: ceil(5 / 2) = 3
    cities.pillage(s, "carthage", "malaca", campaign=0, mercenaries=False)
    assert s.powers["carthage"].treasury == t + 5
    # §7.5.5: never in one's own Home Territory
    s.cities["capua"] = City(owner="rome", kind="city", fp=3)
    before = s.rng.draws
    assert cities.pillage(s, "rome", "capua", campaign=2, mercenaries=False) is True
    assert s.rng.draws == before


def _negotiate(s, power="carthage"):
    s.first_round = [power]
    activation_phase(s)
    run(s)
    s = RULES.copy(s)
    return act(s, power, "action", "negotiate")


def test_4_3_talents_change_hands_when_both_agree() -> None:
    """§4.1: only invited players may be party to an agreement; the board says who negotiates
    with whom (for the private thread)."""
    s = _negotiate(blank())
    assert ("give_to", "greece") not in choices(s, "carthage")
    s = act(s, "carthage", "invite", "greece")
    s = act(s, "carthage", "invite", "east")
    assert RULES.view(s, None).board["negotiation"] == {"by": "carthage",
                                                        "invited": ["greece", "east"]}
    s = act(s, "carthage", "give_to", "greece")
    s = act(s, "carthage", "kind", "talents")
    s = act(s, "carthage", "amount", 5)
    assert RULES.view(s, None).active == ["greece"]
    assert RULES.turn(s).roles == ["carthage"]          # Greece answers an interruption
    s = act(s, "greece", "accept")
    assert (s.powers["carthage"].treasury, s.powers["greece"].treasury) == (10, 17)
    # asking and being refused changes nothing
    s = act(s, "carthage", "ask_from", "east")
    s = act(s, "carthage", "kind", "talents")
    s = act(s, "carthage", "amount", 3)
    s = act(s, "east", "refuse")
    assert s.powers["east"].treasury == 14
    s = act(s, "carthage", "end")


def test_4_3_1_galleys_and_mercenaries_but_never_mercenaries_to_rome() -> None:
    s = blank()
    s.add("carthage", "carthage", "GS", 2)
    s.add("utica", "carthage", "MHI", 1)
    s = _negotiate(s)
    for other in ("rome", "greece"):
        s = act(s, "carthage", "invite", other)
    s = act(s, "carthage", "give_to", "rome")
    assert ("kind", "mercenaries") not in choices(s, "carthage")
    s = act(s, "carthage", "kind", "galleys")
    s = act(s, "carthage", "asset", "carthage")
    s = act(s, "rome", "accept")
    assert s.stack("carthage", "rome") == {"GS": 2} and s.stack("carthage", "carthage") == {}
    s = act(s, "carthage", "give_to", "greece")
    s = act(s, "carthage", "kind", "mercenaries")
    s = act(s, "carthage", "asset", "utica")
    s = act(s, "greece", "accept")
    assert s.stack("utica", "greece") == {"MHI": 1}
