"""The Advanced Game's Play When Drawn cards (§17.1.2, §17.2), played directly by their drawer
with scripted dice: each card's exact outcome."""

from __future__ import annotations

from typing import Any

import games.pax_romana.cards  # noqa: F401 - registers the card kinds
from games.pax_romana.cards import drawn
from games.pax_romana.cards.registry import rule
from games.pax_romana.control import data
from games.pax_romana.flow import push, run
from games.pax_romana.leaders import is_exceptional
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


def top(s: PRState) -> dict[str, Any]:
    return s.flow[-1]


def put_leader(s: PRState, lid: str, at: str) -> None:
    owner = lid.rsplit("_", 1)[0]
    s.leaders[lid] = LeaderState(owner=owner, at=at)
    if lid in s.powers[owner].pool:
        s.powers[owner].pool.remove(lid)


def test_barbarian_invasion_card_6_the_drawer_places_the_army() -> None:
    """Card 6 (§13.4): the drawer rolls 2d6 on the Invasion table and places the army."""
    s = ready()
    dice(s, 3, 3)
    play(s, 6, "greece")
    group = data().tables.invasion_table.group(6).group
    assert s.invasions_seen == [group]
    if group not in ("caledonians", "armenians"):
        assert top(s)["k"] == "place_barbarians" and top(s)["role"] == "greece"


def test_bounteous_harvests_card_7_gives_one_stability() -> None:
    """Card 7: 1d6 on the Harvest table (1: Carthage), its controller +1 (not the event's +2)."""
    s = ready()
    s.powers["carthage"].stability = 3
    dice(s, 1)
    play(s, 7)
    assert s.powers["carthage"].stability == 4


def test_famine_and_drought_card_17_costs_one_stability() -> None:
    s = ready()
    s.powers["carthage"].stability = 3
    dice(s, 1)
    play(s, 17)
    assert s.powers["carthage"].stability == 2


def test_change_in_political_scene_card_8() -> None:
    """Card 8: the hand back into the deck, reshuffled; every objective back to the pool and as
    many drawn; +2 Stability."""
    s = ready()
    s.hands = {"rome": [23, 33]}
    s.deck = [1]
    s.powers["rome"].stability = 3
    s.powers["rome"].objectives = ["A", "K"]
    s.powers["rome"].objectives_shown = ["K"]
    s.objective_pool.remove("A")
    s.objective_pool.remove("K")
    play(s, 8)
    assert s.hands["rome"] == []
    assert sorted(s.deck) == [1, 23, 33]
    assert len(s.powers["rome"].objectives) == 2
    assert s.powers["rome"].objectives_shown == []
    assert len(s.objective_pool) == 20 - 2
    assert s.powers["rome"].stability == 5


def test_change_in_foreign_policy_card_9_draws_one_and_returns_another() -> None:
    """Card 9: the named Power draws one blind, then one of its other objectives goes back."""
    s = ready()
    s.powers["greece"].objectives = ["C"]
    s.objective_pool.remove("C")
    play(s, 9)
    assert top(s)["k"] == "foreign_policy"
    assert ("target", "rome") in choices(s, "rome")
    s = act(s, "rome", "target", "greece")
    held = s.powers["greece"].objectives
    assert len(held) == 1 and held != ["C"]
    assert s.objective_pool.count("C") == 2
    assert len(s.objective_pool) == 19


def test_change_in_foreign_policy_with_no_objective_just_draws() -> None:
    s = ready()
    play(s, 9)
    s = act(s, "rome", "target", "rome")
    assert len(s.powers["rome"].objectives) == 1
    assert len(s.objective_pool) == 19


def test_conspiracy_card_11_removes_a_non_exceptional_leader() -> None:
    """Card 11: any non-Exceptional leader on the map (not the Soldiers of Fortune's); his
    owner loses 1 Stability."""
    s = ready()
    exceptional = next(lid for lid in s.powers["carthage"].pool if is_exceptional(lid))
    put_leader(s, exceptional, "carthage")
    put_leader(s, "rome_01", "capua")
    s.leaders["sof_pyrrhus"] = LeaderState(owner="sof", at="tarentum")
    s.powers["rome"].stability = 2
    play(s, 11, "greece")
    assert choices(s, "greece") == [("conspirator", "rome_01")]
    s = act(s, "greece", "conspirator", "rome_01")
    assert "rome_01" not in s.leaders and "rome_01" in s.powers["rome"].pool
    assert s.powers["rome"].stability == 1


def test_conspiracy_without_a_leader_is_no_event() -> None:
    s = ready()
    play(s, 11)
    assert top(s)["k"] == "am"


def test_dies_irae_card_14_pay_two_talents() -> None:
    s = ready()
    s.powers["rome"].treasury = 5
    play(s, 14)
    assert choices(s, "rome") == [("pay", 2), ("cancel_am", None)]
    s = act(s, "rome", "pay", 2)
    assert s.powers["rome"].treasury == 3


def test_dies_irae_cancels_the_am_just_drawn() -> None:
    """Card 14: without 2T the drawer must lose the AM: its Action does not happen."""
    s = ready()
    s.powers["rome"].treasury = 1
    push(s, "expansion", role="rome", majors=1, extra=0, minors=2)
    push(s, "card_window_open", window="action", actor="rome", ctx={})
    play(s, 14)
    assert choices(s, "rome") == [("cancel_am", None)]
    s = act(s, "rome", "cancel_am")
    assert [f["k"] for f in s.flow] == ["am"]
    assert s.powers["rome"].treasury == 1


def test_disease_card_16_strikes_the_drawer_at_once() -> None:
    s = ready()
    put_leader(s, "rome_10", "rome")      # 4-5
    put_leader(s, "rome_01", "capua")     # 1-3
    dice(s, 5)
    play(s, 16)
    assert "rome_10" not in s.leaders and "rome_01" in s.leaders


def test_disease_between_leaders_of_one_rank_the_drawer_chooses() -> None:
    """Card 16: rank = Tactics + Campaign; on a tie the player chooses which one is struck."""
    s = ready()
    put_leader(s, "rome_04", "rome")      # 1-4, rank 5
    put_leader(s, "rome_05", "capua")     # 2-3, rank 5
    put_leader(s, "rome_01", "genua")     # 1-3, rank 4
    play(s, 16)
    assert choices(s, "rome") == [("sick", "rome_04"), ("sick", "rome_05")]
    dice(s, 4)
    s = act(s, "rome", "sick", "rome_05")     # 4 over Campaign 3: he lives
    assert {"rome_04", "rome_05", "rome_01"} <= set(s.leaders)
    play(s, 16)
    dice(s, 4)
    s = act(s, "rome", "sick", "rome_04")     # 4 at Campaign 4: he dies
    assert "rome_04" not in s.leaders and "rome_04" in s.powers["rome"].pool


def test_local_insurrection_card_22_removes_one_garrison() -> None:
    s = ready()
    s.add("capua", "rome", "GR", 2)
    s.add("athens", "greece", "GR")
    play(s, 22, "east")
    assert choices(s, "east") == [("garrison", "athens|greece"), ("garrison", "capua|rome")]
    s = act(s, "east", "garrison", "capua|rome")
    assert s.stack("capua", "rome") == {"GR": 1}


def test_local_insurrection_without_garrisons_is_no_event() -> None:
    s = ready()
    play(s, 22)
    assert top(s)["k"] == "am"


def test_pirates_card_25_the_drawer_places_them() -> None:
    s = ready()
    play(s, 25, "carthage")
    assert top(s)["k"] == "place_pirates" and top(s)["role"] == "carthage"


def test_revenues_and_stability_card_30_judges_the_drawer_only() -> None:
    s = ready()
    for p in s.powers.values():
        p.treasury, p.stability = 2, 3
    play(s, 30, "greece")
    assert {r: p.stability for r, p in s.powers.items()} == {
        "rome": 3, "carthage": 3, "greece": 2, "east": 3}
    s.powers["greece"].treasury = 13
    play(s, 30, "greece")
    assert s.powers["greece"].stability == 3


def test_slave_revolt_card_31_needs_a_home_space_without_lcus() -> None:
    """Card 31 (ambiguity A33): a home space holding only a Garrison qualifies; the slaves are
    placed there by the next Power and overrun the Garrison (§12.1.1)."""
    s = ready()
    home = data().spaces_of_territory(data().home_territory("rome").id)
    for sp in home:
        if sp != "capua":
            s.add(sp, "rome", "LI")
    s.add("capua", "rome", "GR")
    s.powers["rome"].stability = 3
    play(s, 31)
    assert s.powers["rome"].stability == 2
    assert top(s)["k"] == "place_slaves" and top(s)["role"] == "carthage"
    assert choices(s, "carthage") == [("slaves", "capua")]
    s = act(s, "carthage", "slaves", "capua")
    assert s.stack("capua", "slaves") == {"BR": 2}
    assert s.stack("capua", "rome") == {}


def test_slave_revolt_card_with_lcus_everywhere_is_no_event() -> None:
    s = ready()
    for sp in data().spaces_of_territory(data().home_territory("rome").id):
        s.add(sp, "rome", "LI")
    before = s.powers["rome"].stability
    play(s, 31)
    assert s.powers["rome"].stability == before and top(s)["k"] == "am"


def test_stability_check_card_35_discontent_costs_two_talents() -> None:
    """Card 35, Stable: 2T for bread and circuses (the event's 3T), -1 a Talent unpaid."""
    s = ready()
    for r, v in (("rome", 6), ("carthage", 5), ("greece", 3), ("east", 2)):
        s.powers[r].stability = v
    play(s, 35)
    assert choices(s, "rome") == [("target", "greece"), ("target", "east")]
    s = act(s, "rome", "target", "greece")
    assert choices(s, "greece") == [("pay", 2), ("pay", 1), ("pay", 0)]
    t = s.powers["greece"].treasury
    s = act(s, "greece", "pay", 1)
    assert s.powers["greece"].treasury == t - 1 and s.powers["greece"].stability == 2


def test_stability_check_card_on_nobody_costs_the_drawer() -> None:
    s = ready()
    for p in s.powers.values():
        p.stability = 5
    play(s, 35)
    assert s.powers["rome"].stability == 4


def test_stability_check_card_on_the_drawer_if_only_he_qualifies() -> None:
    """Unrest: Riots in his current Activation."""
    s = ready()
    for p in s.powers.values():
        p.stability = 5
    s.powers["rome"].stability = -2
    play(s, 35)
    assert s.powers["rome"].riots


def test_stability_check_card_civil_war_waits_for_the_victims_next_am() -> None:
    """Disorder: the victim's next AM is spent on the Civil War: 1d6 a space, odd loses half
    its land units and galleys (rounded up) and leaves a Garrison; one new leader; -1."""
    s = ready()
    for p in s.powers.values():
        p.stability = 5
    s.powers["greece"].stability = -5
    s.add("athens", "greece", "HI", 2)
    s.add("athens", "greece", "LI", 1)
    s.add("athens", "greece", "GS", 3)
    s.add("corinth", "greece", "HI", 2)
    put_leader(s, "greece_01", "athens")
    play(s, 35)
    assert s.card_effects["civil_war"] == ["greece"]
    assert s.stack("athens", "greece") == {"HI": 2, "LI": 1, "GS": 3}
    push(s, "am", role="greece", free=False)
    dice(s, 1, 2)                                  # athens odd, corinth even
    assert drawn.next_am_civil_war(s, "greece")
    assert s.stack("athens", "greece") == {"HI": 1, "GS": 1, "GR": 1}
    assert s.stack("corinth", "greece") == {"HI": 2}
    assert "greece_01" not in s.leaders
    assert [ls.owner for ls in s.leaders.values()] == ["greece"]
    assert s.powers["greece"].stability == -1
    assert "civil_war" not in s.card_effects
    assert not any(f.get("role") == "greece" for f in s.flow)
    assert not drawn.next_am_civil_war(s, "greece")


def test_stability_check_card_civil_war_takes_the_victims_next_am_when_drawn() -> None:
    """The hook of the AM draw (activation.py): the victim's AM comes up and is spent on the
    Civil War; nothing of its Activation is left to play."""
    from games.pax_romana.activation import _activate
    s = ready()
    s.card_effects["civil_war"] = ["greece"]
    s.powers["greece"].stability = -6
    s.add("athens", "greece", "LI", 2)
    dice(s, 3)
    _activate(s, {"k": "am_draw"}, "greece")
    assert s.stack("athens", "greece") == {"LI": 1, "GR": 1}
    assert s.powers["greece"].stability == -1
    assert [f["k"] for f in s.flow] == ["am"] and s.flow[0]["role"] == "east"
    assert "civil_war" not in s.card_effects


def test_tribal_resurgence_card_39_places_two_blind_counters() -> None:
    s = ready()
    s.tribe_pool = [4, 6, 8]
    play(s, 39)
    assert top(s)["k"] == "resurgence" and top(s)["n"] == 2
    s = act(s, "rome", "tribe_at", "aliso")
    s = act(s, "rome", "tribe_at", "aquincum")
    assert sorted(s.tribes) == ["aliso", "aquincum"]
    assert sorted([*s.tribes.values(), *s.tribe_pool]) == [4, 6, 8]
    assert top(s)["k"] == "am"


def test_tribal_resurgence_with_no_free_tribal_space_is_no_event() -> None:
    s = ready()
    s.tribe_pool = [4, 6]
    for sp in data().tribal_spaces:
        s.tribes[sp] = 3
    play(s, 39)
    assert top(s)["k"] == "am" and s.tribe_pool == [4, 6]


# -- through the Card Segment (§17.1.3) ------------------------------------------------------------
def core_game(deck_top: list[int], power: str = "rome", treasury: int = 10) -> PRState:
    from tests.pax_romana_support import fresh
    s = blank("V", advanced=True)
    for p in s.powers.values():
        p.treasury = treasury
    s.hands = {p: [] for p in s.roles}
    s.deck, s.discard, s.removed_cards = list(deck_top), [], []
    hold(s, "east")
    s.flow.append({"k": "am", "role": power, "free": False})
    s = fresh(s)
    run(s)
    return act(s, power, "pay", 1)


def test_dies_irae_drawn_in_the_card_segment_cancels_the_expansion() -> None:
    """Card 14 drawn once the AM is paid (§17.1.3): losing the AM takes its Expansion away; the
    card is on the discard pile."""
    s = core_game([14])
    assert choices(s, "rome") == [("pay", 2), ("cancel_am", None)]
    s = act(s, "rome", "cancel_am")
    assert s.discard == [14]
    assert not any(f["k"] == "expansion" for f in s.flow)
    assert s.powers["rome"].treasury == 9
    assert [f["k"] for f in s.flow] == ["am"]         # nothing left of Rome's Activation


def test_revenues_drawn_in_the_card_segment_judges_the_drawer() -> None:
    """Card 30 after the AM's 1T is paid: 2T left, under 3T: -1 Stability, the drawer only."""
    before = {r: p.stability for r, p in blank("V", advanced=True).powers.items()}
    s = core_game([30], "greece", treasury=3)
    assert s.powers["greece"].treasury == 2
    assert s.discard == [30]
    assert {r: p.stability for r, p in s.powers.items()} == {**before,
                                                             "greece": before["greece"] - 1}


# -- 36 Successor Wars Roll On ---------------------------------------------------------------------
def test_successor_wars_card_36_drawn_by_greece_costs_two_stability() -> None:
    s = ready()
    s.powers["greece"].stability = 4
    s.add("athens", "greece", "HI", 3)
    play(s, 36, "greece")
    assert s.powers["greece"].stability == 2 and top(s)["k"] == "am"


def test_successor_wars_without_a_greek_army_near_greece_is_no_event() -> None:
    s = ready()
    s.add("rome", "greece", "HI", 3)          # far from Greece
    play(s, 36, "carthage")
    assert top(s)["k"] == "am"


def test_successor_wars_the_drawer_moves_a_greek_army_that_stays_in_greece() -> None:
    """Card 36: a Greek army in Greece or within 3 links of it makes a Major Move for the
    drawer; it may not leave Greece, nor stop outside it."""
    s = ready()
    s.add("rome", "greece", "HI", 2)          # too far
    s.add("lissus", "greece", "HI", 2)        # one link from Dyrrachium
    s.add("dyrrachium", "greece", "LI", 1)
    play(s, 36, "carthage")
    assert choices(s, "carthage") == [("greek_army", "dyrrachium"), ("greek_army", "lissus")]
    s = act(s, "carthage", "greek_army", "lissus")
    f = top(s)
    assert (f["k"], f["role"], f["owner"], f["successor"]) == ("move_army", "carthage",
                                                               "successor", True)
    assert f["units"] == {"HI": 2} and s.stack("lissus", "successor") == {"HI": 2}
    assert s.card_effects["successor"] == {"power": "carthage", "from": "lissus"}
    dice(s, 6)
    s = act(s, "carthage", "go")
    assert ("stop", None) not in choices(s, "carthage")      # Lissus is not in Greece
    s = act(s, "carthage", "to", "dyrrachium")
    assert choices(s, "carthage") == [("join", None), ("attack", None)]
    s = act(s, "carthage", "join")
    assert s.stack("dyrrachium", "successor") == {"HI": 2, "LI": 1}
    targets = {a for v, a in choices(s, "carthage") if v == "to"}
    assert "lissus" not in targets and targets
    assert ("stop", None) in choices(s, "carthage")
    assert ("pick_up", None) in choices(s, "carthage")


def test_successor_wars_army_picks_up_no_units_in_a_city_and_destroys_what_it_takes() -> None:
    """Card 36: Greek units in a Greek Settlement are attacked, never joined; Greece may
    withdraw them (A40); the Settlement taken is destroyed, not pillaged."""
    from games.pax_romana.state import City
    s = ready(advanced=True)
    s.add("lissus", "greece", "HI", 2)
    s.add("dyrrachium", "greece", "LI", 1)
    s.cities["dyrrachium"] = City(owner="greece", kind="settlement", fp=1)
    play(s, 36, "carthage")
    s = act(s, "carthage", "greek_army", "lissus")
    dice(s, 6, 1)                       # the move's MP, then the withdrawal's 1 MP (§9.4.1)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "dyrrachium")
    assert top(s)["k"] == "withdraw" and top(s)["role"] == "greece"
    s = act(s, "greece", "withdraw")
    s = act(s, "greece", "withdraw_to", "pella")
    assert "dyrrachium" not in s.cities
    assert s.units == {"pella": {"greece": {"LI": 1}}, "dyrrachium": {"successor": {"HI": 2}}}
    assert ("pick_up", None) not in choices(s, "carthage")
    s = act(s, "carthage", "stop")
    assert s.units == {"pella": {"greece": {"LI": 1}}, "dyrrachium": {"greece": {"HI": 2}}}
    assert "successor" not in s.card_effects


def test_successor_wars_army_attacks_greek_units_and_turns_greek_again() -> None:
    """Card 36: the Successor army fights the other Greeks as an enemy side: the drawer decides
    for it, Greece for its defenders; after the move its survivors are Greek again."""
    s = ready()
    s.add("megara", "greece", "HI", 3)
    s.add("corinth", "greece", "LI", 1)
    put_leader(s, "greece_01", "megara")
    play(s, 36, "carthage")
    s = act(s, "carthage", "greek_army", "megara")
    assert s.leaders["greece_01"].owner == "successor"
    dice(s, 2)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "corinth")
    s = act(s, "carthage", "attack")
    s = act(s, "greece", "stand")
    dice(s, 6, 1, 1, 1, 1, 1)
    asked = []
    while top(s)["k"] != "move_army":
        role = top(s)["role"]
        asked.append((top(s)["k"], role))
        s = act(s, role, *choices(s, role)[0])
    assert ("raise_militia", "greece") not in asked        # no militia from its battles
    assert ("allocate_losses", "greece") in asked and ("allocate_losses", "carthage") in asked
    assert s.stack("corinth", "greece") == {}
    assert s.units == {"corinth": {"successor": {"HI": 2}}}
    assert s.card_effects["successor"]["power"] == "carthage"
    battles = [e.msg.args for e in s.log if e.msg.key == "log.battle_result"]
    assert battles[-1]["att"] == "@power.successor" and battles[-1]["dfd"] == "@power.greece"
    s = act(s, "carthage", "stop")
    assert s.units == {"corinth": {"greece": {"HI": 2}}} and "successor" not in s.card_effects
    assert (s.leaders["greece_01"].owner, s.leaders["greece_01"].at) == ("greece", "corinth")


def test_successor_wars_a40_option_greece_does_not_withdraw_nor_intercept() -> None:
    """A40 with ``successor_greek_answers`` off: Greek units stand against the Successor
    army, and Greek armies next to its way do not intercept it."""
    from games.pax_romana.cards.successor import stands_against
    from games.pax_romana.movement import interceptors
    s = ready(successor_greek_answers=False)
    s.add("megara", "greece", "HI", 3)
    s.add("corinth", "greece", "LI", 1)
    s.add("thebes", "greece", "HI", 1)
    play(s, 36, "carthage")
    s = act(s, "carthage", "greek_army", "megara")
    assert stands_against(s, "greece", "successor")
    assert interceptors(s, "greece", "athens", "successor") == []
    dice(s, 2)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "to", "corinth")
    s = act(s, "carthage", "attack")
    assert top(s)["k"] != "withdraw"


def test_successor_wars_greece_may_intercept_its_own_army_by_default() -> None:
    """A40 (default): Greece intercepts the Successor army as it would any enemy army."""
    from games.pax_romana.movement import interceptors
    s = ready()
    s.add("megara", "greece", "HI", 3)
    s.add("thebes", "greece", "HI", 1)
    s.add("megara", "carthage", "HI", 1)
    play(s, 36, "carthage")
    s = act(s, "carthage", "greek_army", "megara")
    assert interceptors(s, "greece", "athens", "successor") == ["thebes"]
    assert interceptors(s, "carthage", "athens", "successor") == []   # its mover never does


def test_successor_wars_army_counts_as_greek_for_control() -> None:
    """Card 36: the Successor army's units are Greek units: a space it holds stays Greek
    (§5.1), so no Stability moves while it marches."""
    from games.pax_romana.control import space_controller
    s = ready()
    s.add("megara", "greece", "HI", 3)
    play(s, 36, "carthage")
    s = act(s, "carthage", "greek_army", "megara")
    assert space_controller(s, "megara") == "greece"


def test_successor_wars_army_sails_unescorted_by_the_drawers_galleys() -> None:
    """Card 36: the Successor army may go by Naval Transport (§11.3) as a normal army, but the
    drawer's galleys in its port never escort it (it is Greek)."""
    s = ready()
    s.add("megara", "greece", "HI", 2)
    s.add("megara", "carthage", "GS", 2)
    play(s, 36, "carthage")
    s = act(s, "carthage", "greek_army", "megara")
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "embark")
    f = top(s)
    assert (f["k"], f["sea"]["galleys"]) == ("move_army", 0)
    assert not any(v == "pick_up_galleys" for v, _ in choices(s, "carthage"))
    assert s.stack("megara", "carthage") == {"GS": 2}


def test_civil_war_am_prompt_says_the_am_is_lost_not_negotiate() -> None:
    """§16.2 with §17.1.5: the Advanced Game has no Negotiate Action; a Power whose Activations a
    Civil War took is told its AM is lost (en and ru), its one choice."""
    from games.core.text import render
    from games.pax_romana.rules import RULES
    from games.pax_romana.texts import TEXTS
    s = blank("V", advanced=True)
    s.powers["greece"].no_activations = True
    push(s, "am", role="greece", free=False)
    prompt = RULES.view(s, "greece").prompt_msg
    assert prompt.key == "prompt.am_civil_war"
    assert choices(s, "greece") == [("lose_am", None)]
    en, ru = render(prompt, "en", TEXTS), render(prompt, "ru", TEXTS)
    assert en == ("Greece: your AM came up, but the Civil War has taken your Activations this "
                  "turn: the AM is lost")
    assert "Negotiate" not in en and "переговоры" not in ru and "гражданская война" in ru


def test_successor_wars_transport_judges_the_port_from_the_armys_side() -> None:
    """Card 36 with §11.1.2: the Successor army sailing from Megara into Athens, an empty port
    of Greece's Home Territory, is not stopped there: the army is not an enemy in the port to
    itself, and Greece is its home (from the drawer Carthage's side it would be stopped)."""
    s = ready()
    s.add("megara", "greece", "HI", 2)
    play(s, 36, "carthage")
    s = act(s, "carthage", "greek_army", "megara")
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "embark")
    dice(s, 6)
    s = act(s, "carthage", "sail_to", "athens")
    f = top(s)
    assert (f["at"], f["sea"]["stopped"]) == ("athens", False)
    assert choices(s, "carthage") == [("sail_to", "ntp_mare_myrtoum"), ("drop_at_sea", "HI"),
                                      ("land", None)]


def test_successor_wars_card_36_fleet_contact_names_the_successor_army_11_4_1() -> None:
    """Card 36 (§17.2) with §11.4.1: the Successor army's transport sailing into Athens, where
    a Greek fleet lies, is met as the Successor army's, not its drawer Carthage's: Greece's
    question names the army as the pictures do."""
    from games.core.text import render
    from games.pax_romana.rules import RULES
    from games.pax_romana.texts import TEXTS
    s = ready()
    s.add("megara", "greece", "HI", 2)
    s.add("athens", "greece", "GS", 1)
    play(s, 36, "carthage")
    s = act(s, "carthage", "greek_army", "megara")
    dice(s, 6)
    s = act(s, "carthage", "go")
    s = act(s, "carthage", "embark")
    dice(s, 6)
    s = act(s, "carthage", "sail_to", "athens")
    f = top(s)
    assert (f["k"], f["role"], f["side"], f["mover"]) == ("naval_contact", "greece", "greece",
                                                          "successor")
    prompt = RULES.view(s, "greece").prompt_msg
    assert (prompt.key, prompt.args["army"]) == ("prompt.naval_contact_transport",
                                                  "@power.successor")
    assert render(prompt, "en", TEXTS) == (
        "Greece: the transport of the Successor army (Greek) (an army aboard its galleys) "
        "enters Athens where your fleet lies: fight it, withdraw, or let it pass?")
    assert render(prompt, "ru", TEXTS) == (
        "Греция: транспорт армии диадохов (греческой) (армия на галерах) входит в Афины, "
        "где стоит ваш флот: сражаться, уйти или пропустить?")
