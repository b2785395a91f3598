"""The Advanced Game's Hold in Hand cards acting on their holder's forces and plans (§17.2):
Diplomatic Mission into Interior, Independent Expansion, Mercenaries, Raise the Militia, Soldier
of Fortune (and Rome's Dictator, §12.4.7), Stability and Opportunity; played directly by their
holder, with scripted dice."""

from __future__ import annotations

from typing import Any

import games.pax_romana.cards  # noqa: F401 - registers the card kinds
from games.pax_romana.activation import _activate, battle_points
from games.pax_romana.cards import held
from games.pax_romana.cards.registry import rule
from games.pax_romana.flow import run
from games.pax_romana.leaders import removal_phase
from games.pax_romana.rules import RULES
from games.pax_romana.state import LeaderState, PRState
from tests.pax_romana_support import act, blank, choices, dice, hold


def ready(**options: Any) -> PRState:
    s = blank(**options)
    hold(s, "east")
    return s


def play(s: PRState, kind: int, power: str = "rome") -> PRState:
    rule(kind).play(s, power, {})
    run(s)
    return s


def can(s: PRState, kind: int, power: str = "rome") -> bool:
    return rule(kind).can_play(s, power, {})


def top(s: PRState) -> dict[str, Any]:
    return s.flow[-1]


# -- 15 Diplomatic Mission into Interior -------------------------------------------------------------
def mission_ready(**options: Any) -> PRState:
    s = ready(**options)
    s.add("mediolanum", "rome", "LI")
    s.tribes = {"aventicum": 5, "brigantium_raetia": 3, "aliso": 7}
    return s


def test_diplomatic_mission_card_15_shows_two_tribes_to_its_holder_only() -> None:
    """Card 15 (ambiguity A7: 4 land links by default): two counters near his LCUs."""
    s = mission_ready(advanced=True)
    play(s, 15)
    assert choices(s, "rome") == [("look", "aventicum"), ("look", "brigantium_raetia")]
    s = act(s, "rome", "look", "aventicum")
    s = act(s, "rome", "look", "brigantium_raetia")
    assert held.tribes_seen(s, "rome") == {"aventicum": 5, "brigantium_raetia": 3}
    assert RULES.view(s, "rome").private["tribes_seen"] == {"aventicum": 5,
                                                            "brigantium_raetia": 3}
    assert "tribes_seen" not in RULES.view(s, "greece").private
    assert "Tribe counter at Aventicum (Helvetii): 5 warriors (Diplomatic Mission)" in RULES.private_lines(
        RULES.view(s, "rome"))
    assert "tribes_seen" not in str(RULES.view(s, "greece").board)
    # hidden from the others: perturbing what Rome hides varies what it saw; perturbing what
    # Greece hides never changes Rome's View
    mine = RULES.view(s, "rome").private["tribes_seen"]
    for seed in range(5):
        kept = RULES.perturb_hidden(s, "greece", seed)
        assert RULES.view(kept, "rome").private["tribes_seen"] == mine
    varied = [RULES.perturb_hidden(s, "rome", seed).card_effects["_tribes_seen"]["rome"]
              for seed in range(5)]
    assert any(v != mine for v in varied)


def test_diplomatic_mission_links_option() -> None:
    """With the option at 1 land link only the adjacent counter may be looked at."""
    s = mission_ready(mission_links=1)
    assert can(s, 15)
    play(s, 15)
    assert choices(s, "rome") == [("look", "aventicum")]
    s = act(s, "rome", "look", "aventicum")
    assert held.tribes_seen(s, "rome") == {"aventicum": 5}
    assert top(s)["k"] == "am"


def test_diplomatic_mission_needs_a_tribe_in_reach() -> None:
    s = ready()
    s.add("rome", "rome", "LI")
    s.tribes = {"aliso": 7}
    assert not can(s, 15)


# -- 21 Independent Expansion ------------------------------------------------------------------------
def test_independent_expansion_card_21_free_garrisons_within_four_links() -> None:
    """Card 21 (ambiguity A8): one free Garrison in each unoccupied space chosen, within 4 land
    links of his own LCUs; not a Rough Mountain, a tribe's space or another's city."""
    s = ready()
    s.add("caralis", "rome", "LI")
    s.add("olbia", "carthage", "LI")
    s.tribes = {"barbaria": 4}
    assert held.expansion_spaces(s, "rome") == ["tharros"]      # Sardinia's last free space
    play(s, 21)
    assert choices(s, "rome") == [("garrison_at", "tharros"), ("done", None)]
    s = act(s, "rome", "garrison_at", "tharros")
    assert s.stack("tharros", "rome") == {"GR": 1}
    assert top(s)["k"] == "am"


def test_independent_expansion_as_many_spaces_as_wanted() -> None:
    s = ready()
    s.add("capua", "rome", "LI")
    play(s, 21)
    s = act(s, "rome", "garrison_at", "rome")
    s = act(s, "rome", "garrison_at", "venusia")
    assert ("garrison_at", "rome") not in choices(s, "rome")
    s = act(s, "rome", "done")
    assert s.stack("rome", "rome") == {"GR": 1} and s.stack("venusia", "rome") == {"GR": 1}
    assert top(s)["k"] == "am"


def test_independent_expansion_cap_option() -> None:
    s = ready(independent_expansion=1)
    s.add("capua", "rome", "LI")
    play(s, 21)
    s = act(s, "rome", "garrison_at", "venusia")
    assert top(s)["k"] == "am"
    assert sum(st.get("GR", 0) for sp in s.units.values() for st in sp.values()) == 1


# -- 23 Mercenaries ------------------------------------------------------------------------------------
def test_mercenaries_card_23_two_talents_buy_two_light_infantry() -> None:
    s = ready()
    s.add("carthage", "carthage", "HI")
    s.add("utica", "carthage", "LI")
    s.powers["carthage"].treasury = 5
    play(s, 23, "carthage")
    assert choices(s, "carthage") == [("mercenaries", "MLI"), ("mercenaries", "MCV"),
                                      ("mercenaries", "MHI")]
    s = act(s, "carthage", "mercenaries", "MLI")
    assert choices(s, "carthage") == [("join", "carthage"), ("join", "utica")]
    s = act(s, "carthage", "join", "utica")
    assert s.stack("utica", "carthage") == {"LI": 1, "MLI": 2}
    assert s.powers["carthage"].treasury == 3
    assert s.mercenary_turn["carthage"] == s.turn
    assert battle_points("MLI") == 1 and battle_points("MCV") == 1


def test_mercenaries_not_for_rome_nor_without_two_talents() -> None:
    s = ready()
    s.add("rome", "rome", "LG")
    assert not can(s, 23, "rome")
    s.add("athens", "greece", "HI")
    s.powers["greece"].treasury = 1
    assert not can(s, 23, "greece")
    s.powers["greece"].treasury = 2
    assert can(s, 23, "greece")


def test_mercenaries_leave_in_the_next_removal_phase_cavalry_stays_regular() -> None:
    """§12.2.6: Mercenary HI and LI go in the Removal Phase of the next turn; Mercenary Cavalry
    becomes a regular Cavalry unit there."""
    s = ready()
    s.add("athens", "greece", "HI")
    s.add("athens", "greece", "MLI", 2)
    s.add("athens", "greece", "MCV")
    s.add("athens", "greece", "MHI")
    s.mercenary_turn["greece"] = s.turn
    s.flow = []
    removal_phase(s)
    assert s.stack("athens", "greece") == {"HI": 1, "MLI": 2, "MCV": 1, "MHI": 1}
    s.turn += 1
    removal_phase(s)
    assert s.stack("athens", "greece") == {"HI": 1, "CV": 1}


# -- 28 Raise the Militia ------------------------------------------------------------------------------
def test_raise_the_militia_card_28_needs_an_enemy_at_home() -> None:
    """Card 28 (ambiguity A34): only while enemy LCUs stand in the Home Territory; -1
    Stability, ceil(1d6/2) militia."""
    s = ready()
    assert not can(s, 28)
    s.add("capua", "carthage", "HI")
    assert can(s, 28)
    s.powers["rome"].stability = 3
    dice(s, 5)
    play(s, 28)
    assert s.powers["rome"].stability == 2
    assert top(s)["k"] == "card_militia" and top(s)["n"] == 3
    assert ("militia_at", "capua") not in choices(s, "rome")
    for _ in range(3):
        s = act(s, "rome", "militia_at", "rome")
    assert s.stack("rome", "rome") == {"ML": 3}
    assert s.militia_turn["rome"] == s.turn
    assert top(s)["k"] == "am"


def test_raise_the_militia_one_fewer_in_unrest_none_in_disorder() -> None:
    s = ready()
    s.add("capua", "carthage", "HI")
    s.powers["rome"].stability = -2
    dice(s, 4)
    play(s, 28)
    assert s.powers["rome"].stability == -3 and top(s)["n"] == 1
    s = ready()
    s.add("capua", "carthage", "HI")
    s.powers["rome"].stability = -5
    play(s, 28)
    assert s.powers["rome"].stability == -5 and top(s)["k"] == "am"


# -- 32 Soldier of Fortune -------------------------------------------------------------------------------
def test_soldier_of_fortune_card_32_raises_the_army_for_a_non_roman() -> None:
    s = ready()
    assert can(s, 32, "greece")
    play(s, 32, "greece")
    assert top(s)["k"] == "place_sof" and top(s)["role"] == "greece"
    s.sof = {"power": "east", "removal_turn": 9}
    assert not can(s, 32, "greece")


def test_soldier_of_fortune_gives_rome_a_dictator_with_an_enemy_at_home() -> None:
    """§12.4.7: an enemy army in Rome's Home Territory; one Roman leader off the map, three drawn,
    one placed in Rome, the other two back to the pool."""
    s = ready()
    s.leaders["rome_01"] = LeaderState(owner="rome", at="capua")
    s.powers["rome"].pool.remove("rome_01")
    assert not can(s, 32)
    s.add("tarentum", "greece", "HI")
    assert can(s, 32)
    play(s, 32)
    assert choices(s, "rome") == [("step_down", "rome_01")]
    s = act(s, "rome", "step_down", "rome_01")
    drawn = top(s)["drawn"]
    assert len(drawn) == 3 and all(d not in s.powers["rome"].pool for d in drawn)
    # the three drawn are Rome's secret: perturbed, others stand in, nobody else sees a change
    other = RULES.perturb_hidden(s, "rome", 3)
    assert other.flow[-1]["drawn"] != drawn and len(other.flow[-1]["drawn"]) == 3
    for viewer in ("carthage", "greece", "east"):
        assert (RULES.view(other, viewer).model_dump_json()
                == RULES.view(s, viewer).model_dump_json())
    assert choices(s, "rome") == [("dictator", d) for d in drawn] + [("dictator", None)]
    s = act(s, "rome", "dictator", drawn[1])
    assert s.leaders[drawn[1]].at == "rome" and "rome_01" not in s.leaders
    assert drawn[0] in s.powers["rome"].pool and drawn[2] in s.powers["rome"].pool
    assert "rome_01" in s.powers["rome"].pool


# -- 34 Stability and Opportunity ------------------------------------------------------------------
def test_stability_and_opportunity_card_34_extra_free_am() -> None:
    """Card 34, only when Stable: the extra AM costs nothing when drawn (ambiguity A19)."""
    s = ready()
    s.powers["rome"].stability = -1
    assert not can(s, 34)
    s.powers["rome"].stability = 2
    play(s, 34)
    assert choices(s, "rome") == [("extra_am", None), ("extra_objective", None)]
    s = act(s, "rome", "extra_am")
    assert s.am_pool == {"rome": 1}
    assert s.card_effects["free_am"] == {"rome": 1}
    s.flow = []
    _activate(s, {"k": "am_draw"}, "rome")
    assert top(s)["k"] == "am" and top(s)["free"] is True
    assert "free_am" not in s.card_effects


def test_stability_and_opportunity_extra_objective_only_under_three() -> None:
    s = ready()
    play(s, 34)
    s = act(s, "rome", "extra_objective")
    assert len(s.powers["rome"].objectives) == 1
    s.powers["rome"].objectives = ["A", "C", "E"]
    play(s, 34)
    assert choices(s, "rome") == [("extra_am", None)]


# -- through the Card Segment (§17.1.3, §17.1.5) --------------------------------------------------
def test_mercenaries_played_from_the_hand_in_the_card_segment() -> None:
    from tests.pax_romana_support import fresh
    s = blank("V", advanced=True)
    s.powers["greece"].treasury = 10
    s.add("athens", "greece", "HI")
    s.hands = {p: [] for p in s.roles}
    s.hands["greece"] = [23]
    s.deck, s.discard, s.removed_cards = [37], [], []
    hold(s, "east")
    s.flow.append({"k": "am", "role": "greece", "free": False})
    s = fresh(s)
    run(s)
    s = act(s, "greece", "pay", 1)
    assert ("play", 23) in choices(s, "greece")
    s = act(s, "greece", "play", 23)
    s = act(s, "greece", "mercenaries", "MHI")
    s = act(s, "greece", "join", "athens")
    assert s.stack("athens", "greece") == {"HI": 1, "MHI": 1}
    assert s.powers["greece"].treasury == 7
    assert s.discard == [23] and s.hands["greece"] == [37]
