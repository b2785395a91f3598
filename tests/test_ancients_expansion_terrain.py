"""Ancients expansion terrain (spec 14.8-14.9): marsh loss checks and movement, city walls (entry,
mounted attacks, defenders striking first, line of sight), rampart fire across a front hexside,
and the rampage order (10.6). Dice are scripted; every decision goes through the View."""

from __future__ import annotations

from games.ancients.board import line_of_sight
from tests.test_ancients_rules_combat import (
    at,
    attack,
    blocks,
    choices,
    do,
    game,
    move,
    order,
    play,
    ready,
    script,
    scripted_dice_only,  # noqa: F401 - the autouse fixture: every die must be scripted
)


def test_14_9_entering_marsh_stops_and_takes_a_loss_check_on_own_symbol():
    s = game([("F2", "south", "MI")], terrain=[("F3", "marsh")])
    s = play(s, "order_2_center")
    s = order(s, "F2")
    s = script(s, "B")
    s = move(s, "F2", "F3")
    assert blocks(s, "F3") == 3   # the die showed its own symbol: 1 block lost


def test_14_9_marsh_check_with_another_symbol_costs_nothing():
    s = game([("F2", "south", "MI")], terrain=[("F3", "marsh")])
    s = play(s, "order_2_center")
    s = order(s, "F2")
    s = script(s, "R")
    s = move(s, "F2", "F3")
    assert blocks(s, "F3") == 4


def test_14_9_leaving_marsh_one_hex_and_stop():
    s = game([("F3", "south", "LC")], terrain=[("F3", "marsh")])
    s = play(s, "order_2_center")
    s = order(s, "F3")
    s = do(s, "south", "move", "F3")
    dests = {arg for verb, arg in choices(s, "south") if verb == "to"}
    assert dests == {"E3", "G3", "E4", "F4", "E2", "F2"}   # light cavalry, yet only one hex


def test_14_8_city_walls_entered_only_from_an_adjacent_start_and_never_by_mounted():
    s = game([("F2", "south", "MI"), ("G1", "south", "HC")], terrain=[("F3", "city_walls"),
                                                                      ("G3", "city_walls")])
    s = play(s, "order_2_center")
    s = order(s, "F2", "G1")
    s = do(s, "south", "move", "F2")
    assert ("to", "F3") in choices(s, "south") and ("to", "G3") in choices(s, "south")
    s = do(s, "south", "cancel")
    s = do(s, "south", "move", "G1")
    assert not any(arg in ("F3", "G3") for verb, arg in choices(s, "south") if verb == "to")


def test_14_8_defender_on_city_walls_strikes_first():
    s = ready([("F2", "south", "HI"), ("F3", "north", "MI")], terrain=[("F3", "city_walls")],
              ordered=("F2",))
    s = attack(s, "F2", "F3")
    # MI battles back with 4 dice, capped at 2 out of city walls: strikes first
    s = script(s, "R", "R", "B", "B")
    s = do(s, "north", "stand")
    assert blocks(s, "F2") == 2          # struck first: 2 hits on the heavy infantry
    assert blocks(s, "F3") == 2          # then the attack (5 dice capped at 2): 2 hits
    assert s.turn.phase != "battle" or choices(s, "north") == []   # no battle back after it


def test_14_8_line_of_sight_along_city_walls():
    s = game([("D3", "south", "LB"), ("G3", "north", "LI")],
             terrain=[("D3", "city_walls"), ("E3", "city_walls"), ("F3", "city_walls"),
                      ("G3", "city_walls")])
    assert line_of_sight(s, "D3", "G3")
    s2 = game([("D3", "south", "LB"), ("G3", "north", "LI")],
              terrain=[("E3", "city_walls"), ("F3", "city_walls")])
    assert not line_of_sight(s2, "D3", "G3")


def test_14_6_rampart_front_is_offered_as_a_flag_ignore_against_fire_across_it():
    s = ready([("F2", "south", "LB"), ("F4", "north", "MI")],
              terrain=[("F4", "rampart", {"front": ["SW", "SE"]})], ordered=("F2",))
    s = script(s, "F", "G")
    s = attack(s, "F2", "F4", verb="fire")
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]
    s = do(s, "north", "ignore", 1)
    assert at(s, "F4") is not None and blocks(s, "F4") == 4


def test_14_6_no_rampart_benefit_against_fire_from_behind():
    s = ready([("F6", "south", "LB"), ("F4", "north", "MI"), ("A1", "south", "LI")],
              terrain=[("F4", "rampart", {"front": ["SW", "SE"]})], ordered=("F6",))
    s = script(s, "F", "G")
    s = attack(s, "F6", "F4", verb="fire")
    # no flag to ignore: the only question is where to retreat, 1 hex toward the north edge
    assert choices(s, "north") == [("retreat", "F5"), ("retreat", "G5")]
    s = do(s, "north", "retreat", "G5")
    assert at(s, "F4") is None and blocks(s, "G5") == 4
