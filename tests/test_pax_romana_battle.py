"""Pax Romana land battles (§10): the ratio and its rounding (the rulebook's 12:6, 11:6, 10:6 and
26:10), the shifts (ratio, Tactics, cavalry superiority and dominance, rough mountain), the loss
rounding and weakened LG/HI (§10.3.3, §10.6), elephants (§10.4.6), the secret Siege Preparation
bids (§10.5), retreat and forced retreat (§10.7), the regroup example (§10.7.7), leader death
(§8.4), capture (§7.4) and militia (§12.3)."""

from __future__ import annotations

from games.pax_romana import battle
from games.pax_romana.control import data
from games.pax_romana.rules import RULES
from games.pax_romana.state import City, LeaderState, PRState
from tests.pax_romana_support import (
    act,
    army,
    attack_venusia,
    blank,
    choices,
    dice,
    enter,
    hold,
    losses,
    stand_and_fight,
    top,
)


def _frame(space: str, att: str, dfd: str, **kw: object) -> dict:
    f = {"space": space, "att": att, "dfd": dfd, "city": False, "amphibious": False,
         "siege": None, "neutral": {}}
    f.update(kw)
    return f


def test_10_3_1_ratio_rounding_the_rulebook_examples() -> None:
    """12:6 = 2:1, 11:6 = 2:1, 10:6 = 1.5:1, 26:10 = 3:1; an exact .5 rounds down (2.5:1 is
    2:1)."""
    chart = data().tables.battle_ratio
    assert chart.step_for(12, 6).ratio == "2:1"
    assert chart.step_for(11, 6).ratio == "2:1"
    assert chart.step_for(10, 6).ratio == "1.5:1"
    assert chart.step_for(26, 10).ratio == "3:1"
    assert chart.step_for(5, 2).ratio == "2:1"
    s = blank()
    assert battle.ratio_shifts(s, 11, 6) == 2 and battle.ratio_shifts(s, 10, 6) == 1
    assert battle.ratio_shifts(s, 26, 10) == 3 and battle.ratio_shifts(s, 6, 6) == 0


def test_10_3_6_simplified_ratio_option() -> None:
    s = blank(simplified_ratio=True)
    assert battle.ratio_shifts(s, 7, 6) == 1
    assert battle.ratio_shifts(s, 12, 6) == 2
    assert battle.ratio_shifts(s, 17, 6) == 2
    assert battle.ratio_shifts(s, 18, 6) == 3


def test_10_3_1_shift_example_greece_against_the_east() -> None:
    """Example 1: 5 HI + 6 LI + a 2-4 leader (21 BP) against 3 HI + 2 LI + a 1-5 leader
    (11 BP): 2:1 and +1 Tactics, 3 shifts to Greece. Example 2: with 4 cavalry against 2,
    superiority (not dominance): 4."""
    s = blank()
    army(s, "pella", "greece", HI=5, LI=6)
    army(s, "pella", "east", HI=3, LI=2)
    s.leaders["greece_05"] = LeaderState(owner="greece", at="pella")
    s.leaders["east_03"] = LeaderState(owner="east", at="pella")
    f = _frame("pella", "greece", "east")
    assert (battle.total_bp(s, f, "greece"), battle.total_bp(s, f, "east")) == (21, 11)
    got = battle.shifts_for(s, f, 21, 11)
    assert got["greece"] - got["east"] == 3
    s.add("pella", "greece", "CV", 4)
    s.add("pella", "east", "CV", 2)
    got = battle.shifts_for(s, f, 25, 13)
    assert got["greece"] - got["east"] == 4


def test_10_4_1_cavalry_superiority_and_dominance() -> None:
    assert battle.cavalry_level(3, 1) == "dominance"
    assert battle.cavalry_level(2, 0) == "dominance"
    assert battle.cavalry_level(1, 0) == "superiority"
    assert battle.cavalry_level(5, 2) == "superiority"
    assert battle.cavalry_level(2, 2) is None
    # §10.4.4: legion cavalry alone never gives dominance
    assert battle.cavalry_level(2, 0, regular=0, legion=2) == "superiority"


def test_10_3_3_loss_rounding_and_weakened_units() -> None:
    """3 HI (9 BP) losing 40% = 3.6, so 4 BP: one HI eliminated and one weakened, 5 BP in all;
    an army of 5 HI losing 4 BP may not weaken two (§10.6.4)."""
    assert battle.loss_bp(40, 9) == 4
    assert battle.loss_bp(50, 5) == 3                       # .5 rounds up
    s = blank()
    s.add("pella", "greece", "HI", 3)
    assert battle.take_losses(s, "pella", "greece", 4) == 5
    assert s.stack("pella", "greece") == {"HI": 1, "wHI": 1}
    s.add("sparta", "greece", "HI", 5)
    battle.take_losses(s, "sparta", "greece", 4)
    assert s.stack("sparta", "greece") == {"HI": 3, "wHI": 1}


def test_10_6_1_weakened_units_take_the_first_losses_hi_before_lg() -> None:
    s = blank()
    army(s, "capua", "rome", LG=2, wLG=1, wHI=1)
    battle.take_losses(s, "capua", "rome", 1)
    assert s.stack("capua", "rome") == {"LG": 2, "wLG": 1}
    battle.take_losses(s, "capua", "rome", 1)
    assert s.stack("capua", "rome") == {"LG": 2}


def test_10_4_6_elephant_table_read_from_the_data() -> None:
    table = data().tables.elephants
    fx = {roll: battle.elephant_effects(table.result(roll)) for roll in range(1, 7)}
    assert fx[1] == {"neutralize": True, "enemy_bp": True, "own_bp": False, "lost": False}
    assert fx[2] == {"neutralize": True, "enemy_bp": False, "own_bp": False, "lost": False}
    assert fx[3]["neutralize"] and fx[3]["lost"]
    assert not any(fx[4].values())
    assert fx[5] == {"neutralize": False, "enemy_bp": False, "own_bp": False, "lost": True}
    assert fx[6]["own_bp"] and fx[6]["lost"]


def test_10_7_7_regroup_example_nicomedia_iconium() -> None:
    """A Greek army spends its last 5 MP going from Nicomedia through two land TPs into Iconium
    and loses to the East: with no MP left it cannot stand in the TP, so it is placed in
    Nicomedia."""
    s = blank()
    hold(s, "rome")
    s.add("nicomedia", "greece", "HI", 2)
    s.add("iconium", "east", "HI", 2)
    s = enter(s, "greece", "nicomedia", 5, "tp_dorylaeum", "tp_philomelium")
    assert ("to", "iconium") in choices(s, "greece")       # 2 to enter, 1 to attack
    s = act(s, "greece", "to", "iconium")
    assert top(s) == "withdraw"
    # 6 BP each; the East has 2 shifts in its rough mountain; rolls 1 and 4
    dice(s, 1, 4)
    s = act(s, "east", "stand")
    assert top(s) == "use_shifts" and s.flow[-1]["role"] == "east"
    s = act(s, "east", "done")
    assert s.flow[-1]["k"] == "allocate_losses" and s.flow[-1]["role"] == "east"
    s = losses(s, east=["east|weaken|HI"], greece=["greece|weaken|HI"])
    assert s.stack("nicomedia", "greece") == {"HI": 1, "wHI": 1}    # 40% of 6: 2 BP
    assert s.stack("iconium", "east") == {"HI": 1, "wHI": 1}        # 10% of 6: 1 BP, so 2
    move = s.flow[-1]
    assert move["k"] == "move_army" and move["at"] == "nicomedia" and move["mp"] == 0
    assert choices(s, "greece") == [("stop", None)]


def test_10_7_1_retreat_reduces_losses_and_forced_retreat_costs_1_mp() -> None:
    s = blank()
    hold(s, "rome")
    s = attack_venusia(s, 5, 2)            # 12 BP against 3 (4:1, 4 shifts); rolls 5 and 2
    assert top(s) == "retreat" and s.flow[-1]["role"] == "rome"
    assert ("retreat", "capua") not in choices(s, "rome")
    dest = [a for v, a in choices(s, "rome") if v == "retreat"][0]
    s = act(s, "rome", "retreat", dest)
    s = losses(s, rome=["rome|kill|LI"], carthage=["carthage|weaken|HI"])
    # 50% less 10% = 40% of 3 BP = 1.2: one LI lost; the rest retreats
    assert s.stack(dest, "rome") == {"LI": 2}
    assert "rome" not in s.units.get("venusia", {})
    assert s.stack("venusia", "carthage") == {"HI": 3, "wHI": 1}   # 20% of 12 = 2.4: 2 BP
    s2 = blank()
    hold(s2, "rome")
    s2 = attack_venusia(s2, 5, 1)
    s2 = act(s2, "rome", "stand")
    assert top(s2) == "force_retreat"
    s2 = act(s2, "carthage", "force")
    move = next(f for f in s2.flow if f["k"] == "move_army")
    assert move["mp"] == 6 - 2 - 1


def test_10_5_siege_preparation_bids_are_secret_until_both_are_in() -> None:
    s = blank()
    hold(s, "rome")
    s.add("capua", "carthage", "HI", 4)
    s.add("rome", "rome", "LG", 1)
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    tr = {p: s.powers[p].treasury for p in ("rome", "carthage")}
    s = enter(s, "carthage", "capua", 4, "rome")
    s = act(s, "rome", "stand")
    assert top(s) == "use_city"
    s = act(s, "rome", "use_city", True)
    assert top(s) == "siege_bid"
    assert set(RULES.view(s, None).active) == {"rome", "carthage"}
    s = act(s, "carthage", "bid", 3)
    for role in (None, "rome", "greece"):
        assert "3" not in str(RULES.view(s, role).model_dump().get("board", {}).get("sieges"))
        assert all(3 != getattr(a, "arg", None) or a.verb != "bid" or role == "rome"
                   for a in RULES.view(s, role).actions)
    assert s.powers["carthage"].treasury == tr["carthage"]        # nothing paid yet
    dice(s, 2, 2)
    s = act(s, "rome", "bid", 1)
    assert s.powers["carthage"].treasury == tr["carthage"] - 3
    assert s.powers["rome"].treasury == tr["rome"] - 1
    b = next(f for f in s.flow if f["k"] == "battle") if any(
        f["k"] == "battle" for f in s.flow) else None
    assert b is None or b["siege"] == "carthage"


def test_10_5_the_siege_shift_goes_to_the_higher_bid() -> None:
    s = blank()
    s.add("rome", "rome", "LG", 1)
    s.add("rome", "carthage", "HI", 4)
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    f = _frame("rome", "carthage", "rome", city=True, siege="carthage")
    base = _frame("rome", "carthage", "rome", city=True)
    with_bid = battle.shifts_for(s, f, 12, 9)
    without = battle.shifts_for(s, base, 12, 9)
    assert with_bid["carthage"] - without["carthage"] == 1
    assert battle.total_bp(s, base, "rome") == 4 + 5            # the FP count (§10.3.4)


def test_8_4_leader_death_on_12_for_the_winner_2_or_12_for_the_loser() -> None:
    s = blank()
    hold(s, "rome")
    army(s, "capua", "carthage", leaders=("carthage_04",), HI=4)
    army(s, "venusia", "rome", leaders=("rome_05",), LI=1)
    pool = list(s.powers["rome"].pool)
    s = enter(s, "carthage", "capua", 6, "venusia")
    # rolls 6 and 1 (the LI is destroyed, its leader dies with it); Carthage's leader 6 + 6
    s = stand_and_fight(s, 6, 1, 6, 6)
    s = act(s, "rome", "stand")
    if top(s) == "force_retreat":
        s = act(s, "carthage", "no_force")
    s = losses(s, rome=["rome|kill|LI"], carthage=["carthage|weaken|HI"])
    assert "rome_05" not in s.leaders and "rome_05" in s.powers["rome"].pool
    assert pool != s.powers["rome"].pool
    assert "carthage_04" not in s.leaders                  # the winner's died on 12


def test_12_3_militia_after_a_lost_battle_at_home() -> None:
    s = blank()
    hold(s, "rome")
    s.powers["rome"].stability = 5
    s = attack_venusia(s, 5, 2)
    s = act(s, "rome", "stand")
    if top(s) == "force_retreat":
        s = act(s, "carthage", "no_force")
    s = losses(s, rome=["rome|kill|LI", "rome|kill|LI"], carthage=["carthage|weaken|HI"])
    assert top(s) == "raise_militia" and s.flow[-1]["role"] == "rome"
    st = s.powers["rome"].stability
    dice(s, 5)
    s = act(s, "rome", "raise_militia")
    assert s.flow[-1]["n"] == 3                              # ceil(5 / 2), Stable
    assert s.powers["rome"].stability == st - 1
    from games.pax_romana.special_units import militia_spaces
    assert "capua" not in militia_spaces(s, "rome")         # Carthage regrouped there
    for _ in range(3):
        s = act(s, "rome", *choices(s, "rome")[0])
    assert s.count("rome", {"ML"}) == 3
    assert s.militia_turn["rome"] == s.turn


def test_7_3_5_a_city_at_its_lowest_fp_is_captured_without_a_battle() -> None:
    s = blank()
    hold(s, "rome")
    s.add("capua", "carthage", "HI", 1)
    s.cities["venusia"] = City(owner="rome", kind="city", fp=3)
    s = enter(s, "carthage", "capua", 4, "venusia")
    assert s.cities["venusia"].owner == "carthage"
    assert top(s) == "pillage"


def test_12_1_1_a_lone_garrison_is_overrun() -> None:
    s = blank()
    hold(s, "rome")
    s.add("capua", "carthage", "HI", 1)
    s.add("venusia", "rome", "GR", 2)
    s = enter(s, "carthage", "capua", 4, "venusia")
    assert "rome" not in s.units.get("venusia", {})
    assert s.flow[-1]["k"] == "move_army" and s.flow[-1]["mp"] == 4 - 2


def test_10_3_2_the_owner_allocates_weakened_first_one_weakening_fp_at_two() -> None:
    s = blank()
    army(s, "rome", "rome", LG=2, wHI=1, CV=1)
    assert battle.loss_choices_for(s, "rome", "rome", 3, False, False) == [("rome|kill|wHI", 1)]
    s.remove("rome", "rome", "wHI")
    got = dict(battle.loss_choices_for(s, "rome", "rome", 3, False, False))
    assert got == {"rome|kill|LG": 4, "rome|kill|CV": 1, "rome|weaken|LG": 2}
    assert "rome|weaken|LG" not in dict(battle.loss_choices_for(s, "rome", "rome", 3, True,
                                                                False))
    s.cities["rome"] = City(owner="rome", kind="city", fp=5)
    got = dict(battle.loss_choices_for(s, "rome", "rome", 3, False, True))
    assert got["rome|fp|"] == 2 and "rome|kill|CV" not in got   # no cavalry in a city


def test_10_4_4_legion_cavalry_option_from_turn_iii() -> None:
    s = blank(legion_cavalry=True)
    army(s, "capua", "rome", LG=4, wLG=1)
    s.turn = 2
    assert battle.legion_cavalry(s, "capua", "rome") == 0
    s.turn = 3
    assert battle.legion_cavalry(s, "capua", "rome") == 2      # weakened LG give none
    assert battle.cavalry_count(s, "capua", "rome") == 0         # no counters, no BP
    assert battle.army_bp(s, "capua", "rome") == 4 * 4 + 2


def test_10_4_3_cavalry_alone_in_a_rough_mountain_must_withdraw() -> None:
    from games.pax_romana.movement import cavalry_only_in_mountains
    s = blank()
    s.add("iconium", "east", "CV", 2)
    assert cavalry_only_in_mountains(s, "east", "iconium")
    s.add("iconium", "east", "LI", 1)
    assert not cavalry_only_in_mountains(s, "east", "iconium")


def test_10_7_5_retreat_by_sea_and_12_5_3_syracuse_galleys() -> None:
    s = blank()
    army(s, "pisae", "rome", LI=1, GS=1)
    s.add("genua", "carthage", "HI", 1)
    f = {"space": "pisae", "att": "carthage", "dfd": "rome", "came_from": "genua",
         "intercept": False}
    got = battle.retreat_spaces(s, f)
    assert "rome" in got                                    # land, and home port by sea
    assert battle.sea_retreats(s, "pisae", "rome") == {"rome"}
    s.remove("pisae", "rome", "GS")
    assert battle.sea_retreats(s, "pisae", "rome") == set()
    s2 = blank()
    hold(s2)
    s2.cities["syracuse"] = City(owner="syracuse", kind="city", fp=3)
    s2.add("syracuse", "syracuse", "GS", 2)
    s2.add("catana", "rome", "LG", 1)
    s2 = enter(s2, "rome", "catana", 3, "syracuse")
    assert s2.cities["syracuse"].owner == "rome"
    assert s2.stack("syracuse", "rome") == {"LG": 1, "GS": 2}


def _larger_army_rolls_lower(**options: object) -> PRState:
    """Carthage's 4 HI under its 4-6 leader move (MP die 2) from Capua into Venusia and attack
    Rome's 3 LI, which stand: 12 BP against 3, and the battle dice roll 1 against 5."""
    s = blank(**options)
    hold(s)
    army(s, "capua", "carthage", leaders=("carthage_10",), HI=4)
    s.add("venusia", "rome", "LI", 3)
    s = enter(s, "carthage", "capua", 2, "venusia")
    dice(s, 1, 5)
    return act(s, "rome", "stand")


def test_10_3_5_optional_reroll_for_the_larger_army() -> None:
    """At 2:1 or more with a lower unmodified roll, the larger army's leader tries 2d6 against
    Tactics + Campaign (4 + 6); the rerolled die takes -1 for one's own, +1 back for an
    Exceptional leader (ambiguity A4)."""
    s = _larger_army_rolls_lower(reroll=True)
    assert top(s) == "reroll" and s.flow[-1]["role"] == "carthage"
    dice(s, 3, 3, 4)
    s = act(s, "carthage", "reroll", "own")
    b = next(f for f in s.flow if f["k"] == "battle")
    assert b["rolls"] == {"carthage": 4, "rome": 5}
    assert top(s) == "use_shifts"
    s2 = _larger_army_rolls_lower()
    assert top(s2) == "use_shifts"                         # not without the option


def test_10_4_6_elephant_losses_are_chosen_by_the_player_whose_units_they_are() -> None:
    """Carthage commits 2 elephants against Rome's 2 LI + 1 HI + 1 CV at Venusia and rolls 1
    (one Roman cavalry neutralized and 1 Roman BP destroyed: "the opponent chooses") and 6
    (Rampage: 1 Carthaginian BP and the elephant). Rome chooses to lose its cavalry, Carthage
    to weaken an HI; only then are the BP totalled (§10.4.7): 4 against 5."""
    s = blank()
    hold(s, "greece")
    army(s, "capua", "carthage", HI=2, EL=2)
    army(s, "venusia", "rome", LI=2, HI=1, CV=1)
    s = enter(s, "carthage", "capua", 6, "venusia")
    s = act(s, "rome", "stand")
    assert top(s) == "commit_elephants" and s.flow[-1]["role"] == "carthage"
    dice(s, 1, 6)
    s = act(s, "carthage", "elephants", 2)
    assert top(s) == "allocate_losses" and s.flow[-1]["role"] == "rome"
    assert s.flow[-1]["need"] == 1
    assert set(a for _, a in choices(s, "rome")) == {
        "rome|kill|LI", "rome|kill|HI", "rome|kill|CV", "rome|weaken|HI"}
    s = act(s, "rome", "loss", "rome|kill|CV")
    assert s.stack("venusia", "rome") == {"LI": 2, "HI": 1}
    assert top(s) == "allocate_losses" and s.flow[-1]["role"] == "carthage"
    dice(s, 1, 1)
    s = act(s, "carthage", "loss", "carthage|weaken|HI")
    assert s.stack("venusia", "carthage") == {"HI": 1, "wHI": 1, "EL": 1}
    rolls = next(e.msg for e in reversed(s.log) if e.msg.key == "log.battle_rolls")
    assert (rolls.args["abp"], rolls.args["dbp"]) == (4, 5)
