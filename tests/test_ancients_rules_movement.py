"""Ancients movement (spec 6) and the terrain that stops it or forbids battle after it (14):
foot, mounted and leader moves, warriors' charge, auxilia, passing friends with Order Light Troops,
leaders joining and leaving units. Every choice goes through the View."""

from __future__ import annotations

import pytest

from games.ancients.hexes import distance, parse_hex
from games.ancients.state import AncientsState
from tests.test_ancients_rules_combat import (
    at,
    attack,
    blocks,
    choices,
    dice,
    do,
    game,
    leader_hex,
    move,
    order,
    play,
    script,
    scripted_dice_only,  # noqa: F401 - every die rolled must be scripted
    to_battle,
)

FAR = ("M9", "north", "MI")     # an enemy out of everyone's way


def dests(s: AncientsState, frm: str, verb: str = "move") -> list[str]:
    """Where the unit (or with verb "move_leader", the leader) in frm may end its move."""
    s = do(s, s.turn.side, verb, frm)
    out = choices(s, s.turn.side)
    assert not any(v == "toward" for v, _ in out), "the menu was shortened"
    return sorted(a for v, a in out if v == "to")


def reach(s: AncientsState, frm: str, verb: str = "move") -> int:
    return max(distance(parse_hex(frm), parse_hex(h)) for h in dests(s, frm, verb))


def ordered_game(units: list[tuple], leaders: list[tuple] = (), terrain: list[tuple] = (),
                 ordered: tuple[str, ...] = (), card: str = "order_4_left",
                 **kw) -> AncientsState:
    s = game(units, leaders, terrain, **kw)
    s = play(s, card)
    return order(s, *ordered)


def battlers(s: AncientsState) -> list[str]:
    s = to_battle(s)
    return sorted(a for v, a in choices(s, s.turn.side) if v == "battle")


# -- 6.2 / 6.3 movement allowances ------------------------------------------------------------------

@pytest.mark.parametrize("code, hexes_", [
    ("LI", 2), ("LS", 2), ("LB", 2), ("AX", 2), ("MI", 1), ("HI", 1), ("HWM", 1), ("WA", 1),
    ("LC", 4), ("LBC", 4), ("BCH", 3), ("MC", 3), ("CA", 3), ("CCA", 3), ("HC", 2),
    ("CAT", 2), ("EL", 2), ("HCH", 2),
])
def test_6_movement_allowance_per_unit_type(code: str, hexes_: int):
    """Measured from a corner, where the destination list stays short."""
    s = ordered_game([("A1", "south", code), FAR], ordered=("A1",))
    assert reach(s, "A1") == hexes_


def test_6_3_light_cavalry_moves_four_hexes_in_open_ground():
    s = ordered_game([("F2", "south", "LC"), FAR], ordered=("F2",), card="order_4_center")
    s = do(s, "south", "move", "F2")
    if ("to", "F6") not in choices(s, "south"):
        for verb, first in list(choices(s, "south")):
            if verb == "toward":
                s2 = do(s, "south", "toward", first)
                if ("to", "F6") in choices(s2, "south"):
                    s = s2
                    break
    s = do(s, "south", "to", "F6")
    assert at(s, "F6").type == "LC"


def test_6_1_a_unit_moves_once_and_never_through_other_units():
    s = ordered_game([("B2", "south", "LI"), ("B3", "north", "MI"), ("C2", "south", "MI"),
                      ("A2", "south", "MI"), ("E1", "south", "MI"), FAR],
                     [("C4", "north", "Hanno")], ordered=("B2", "E1"))
    # B3 (an enemy unit), C4 (an enemy leader), C2 and A2 (friends) are closed to the LI
    assert dests(s, "B2") == ["A1", "B1", "B4", "C1", "C3", "D1", "D3"]
    s = move(s, "B2", "B1")
    assert choices(s, "south") == [("move", "E1"), ("done", None)]


# -- 6.1 / 6.4 leaders ---------------------------------------------------------------------------

def test_6_1_a_unit_stops_on_a_lone_friendly_leader_who_attaches():
    s = ordered_game([("A1", "south", "LC"), FAR], [("A2", "south", "Scipio")],
                     ordered=("A1",))
    s = move(s, "A1", "A2")
    assert leader_hex(s, "Scipio") == "A2"
    # through the leader's hex the LC cannot go: A3 is reached another way only
    s = ordered_game([("A1", "south", "LC"), ("B1", "south", "MI"), FAR],
                     [("A2", "south", "Scipio")], ordered=("A1",))
    assert dests(s, "A1") == ["A2"]


def test_6_1_a_unit_with_a_leader_cannot_enter_a_lone_friendly_leaders_hex():
    s = ordered_game([("A1", "south", "HI"), FAR],
                     [("A1", "south", "Scipio"), ("A2", "south", "Laelius")], ordered=("A1",))
    assert dests(s, "A1") == ["B1"]


def test_6_4_lone_leader_moves_three_through_friends_but_not_enemies():
    units = [("C2", "south", "MI"), ("C3", "south", "MI"), ("B3", "north", "MI"), FAR]
    s = ordered_game(units, [("B2", "south", "Scipio"), ("C4", "south", "Laelius")],
                     ordered=("B2",))
    ds = dests(s, "B2", "move_leader")
    assert "D3" in ds and "D4" in ds               # through C2 / C3
    assert "C3" in ds                              # ends on a friendly unit: attaches
    assert "C4" not in ds                          # another leader's hex
    assert "B3" not in ds                          # the enemy MI
    assert "B4" in ds                              # reached around it, through C3
    assert max(distance(parse_hex("B2"), parse_hex(h)) for h in ds) == 3


def test_5_3_leader_joining_an_ordered_unit_stops_it_moving_but_not_fighting():
    """The rulebook's example (L1025-1087): HC moves next to an enemy, the leader detaches from
    the unmoved HI and joins the HC; the HI moves afterwards; the HC battles with the leader."""
    units = [("F3", "south", "HI"), ("H2", "south", "HC"), ("G4", "north", "MI")]
    s = game(units, [("F3", "south", "Scipio")])
    s = play(s, "order_3_center")
    s = do(s, "south", "order", "F3")
    s = do(s, "south", "detach", "F3")
    s = do(s, "south", "order", "H2")
    s = do(s, "south", "done")
    s = move(s, "H2", "G3")
    s = do(s, "south", "move_leader", "F3")
    s = do(s, "south", "to", "G3")
    assert leader_hex(s, "Scipio") == "G3"
    assert ("move", "G3") not in choices(s, "south")
    s = move(s, "F3", "F4")
    assert leader_hex(s, "Scipio") == "G3"
    assert sorted(a for v, a in choices(s, "south") if v == "battle") == ["F4", "G3"]
    s = script(s, "H", "H", "G", "G")
    s = attack(s, "G3", "G4")
    s = do(s, "north", "stand")
    assert blocks(s, "G4") == 2                    # the leader's helmets count


def test_5_3_leader_that_moved_with_its_unit_stays_with_it():
    s = game([("F3", "south", "HI"), ("H2", "south", "MI"), ("G5", "north", "MI")],
             [("F3", "south", "Scipio")])
    s = play(s, "order_3_center")
    s = do(s, "south", "order", "F3")
    s = do(s, "south", "detach", "F3")
    s = do(s, "south", "order", "H2")
    s = do(s, "south", "done")
    s = move(s, "F3", "F4")
    assert leader_hex(s, "Scipio") == "F4"
    assert choices(s, "south") == [("move", "H2"), ("done", None)]


def test_5_3_joining_an_unordered_unit_gives_it_no_order():
    s = game([("F3", "south", "HI"), ("G3", "south", "HI"), ("G4", "north", "MI")],
             [("F2", "south", "Scipio")])
    s = play(s, "order_3_center")
    s = do(s, "south", "order", "F2")
    s = do(s, "south", "done")
    s = do(s, "south", "move_leader", "F2")
    s = do(s, "south", "to", "G3")
    assert leader_hex(s, "Scipio") == "G3"
    assert s.turn.side == "north"                  # G3 was not ordered: nothing left to do


# -- 6.2 foot: auxilia, warriors, war machines ---------------------------------------------------

def test_6_2_auxilia_moving_two_may_not_battle():
    s = ordered_game([("F2", "south", "AX"), ("F5", "north", "MI")], ordered=("F2",),
                     card="order_4_center")
    s = move(s, "F2", "F4")
    assert s.turn.side == "north"                  # no battle was possible


def test_6_2_auxilia_moving_one_fires_one_die():
    s = ordered_game([("F2", "south", "AX"), ("F5", "north", "MI")], ordered=("F2",),
                     card="order_4_center")
    s = move(s, "F2", "F3")
    s = script(s, "B", "B")
    s = attack(s, "F3", "F5", "fire")
    assert dice(s) == ["B"] and blocks(s, "F5") == 3


def test_6_2_warriors_move_one_or_charge_exactly_two_next_to_an_enemy():
    s = ordered_game([("F3", "south", "WA"), ("F6", "north", "MI"), ("E6", "north", "MI")],
                     ordered=("F3",), card="order_4_center")
    # 1 hex anywhere, or 2 to a hex next to an enemy (E5, F5, G5)
    assert dests(s, "F3") == ["E2", "E3", "E4", "E5", "F2", "F4", "F5", "G3", "G5"]
    s = move(s, "F3", "F5")
    # the charge must end in a close combat: no "done", no "cancel"; any adjacent enemy
    assert choices(s, "south") == [("battle", "F5")]
    s = do(s, "south", "battle", "F5")
    assert sorted(choices(s, "south")) == [("close", "E6"), ("close", "F6")]


def test_6_2_warriors_that_moved_one_need_not_fight():
    s = ordered_game([("F3", "south", "WA"), ("F5", "north", "MI")], ordered=("F3",),
                     card="order_4_center")
    s = move(s, "F3", "F4")
    assert choices(s, "south") == [("battle", "F4"), ("done", None)]
    s = do(s, "south", "battle", "F4")
    assert choices(s, "south") == [("close", "F5"), ("cancel", None)]


def test_6_2_charge_is_void_when_its_targets_are_gone():
    """Spec 18.28: another battle removed the only adjacent enemy first."""
    s = ordered_game([("F3", "south", "WA"), ("H5", "south", "HI"), ("G6", "north", "MI", 1)],
                     ordered=("F3", "H5"), card="order_4_center")
    s = move(s, "F3", "G5")
    s = to_battle(s)
    assert ("done", None) not in choices(s, "south")
    s = script(s, "B", "G", "G", "G", "G")
    s = attack(s, "H5", "G6")
    s = do(s, "north", "stand")
    s = do(s, "south", "stay")
    # the WA has nothing left to attack: it may end the turn
    assert choices(s, "south") == [("done", None)]


def test_6_2_war_machine_moves_one_and_then_may_not_battle():
    s = ordered_game([("F2", "south", "HWM"), ("F5", "north", "MI")], ordered=("F2",),
                     card="order_4_center")
    s = move(s, "F2", "F3")
    assert s.turn.side == "north"
    s = ordered_game([("F2", "south", "HWM"), ("F5", "north", "MI")], ordered=("F2",),
                     card="order_4_center")
    s = to_battle(s)
    s = script(s, "R", "B")
    s = attack(s, "F2", "F5", "fire")
    assert dice(s) == ["R", "B"] and blocks(s, "F5") == 3


# -- 16.2 Order Light Troops: light foot pass friends ---------------------------------------------

def test_16_2_light_foot_ordered_by_order_light_troops_pass_friendly_units():
    units = [("A1", "south", "LI"), ("B1", "south", "MI"), ("A2", "south", "MI"),
             ("E1", "south", "LI"), FAR]
    s = ordered_game(units, ordered=("A1", "E1"), card="order_light")
    assert dests(s, "A1") == ["A3", "B2", "B3", "C1"]
    s = ordered_game(units, ordered=("A1", "E1"))
    assert choices(s, "south") == [("move", "E1"), ("done", None)]  # A1 is boxed in


def test_16_2_light_cavalry_do_not_pass_friends():
    units = [("A1", "south", "LC"), ("B1", "south", "MI"), ("A2", "south", "MI"),
             ("E1", "south", "LI"), FAR]
    s = ordered_game(units, ordered=("A1", "E1"), card="order_light")
    assert choices(s, "south") == [("move", "E1"), ("done", None)]


# -- 14 terrain and movement -----------------------------------------------------------------------

def test_14_forest_stops_every_unit_and_only_light_foot_and_warriors_fight_after_entering():
    s = ordered_game([("B1", "south", "LC"), FAR], terrain=[("B2", "forest")], ordered=("B1",))
    s = move(s, "B1", "B2")
    assert at(s, "B2").type == "LC"
    for code, may in (("MI", False), ("LI", True), ("WA", True), ("HC", False)):
        s = ordered_game([("B1", "south", code), ("B3", "north", "MI")],
                         terrain=[("B2", "forest")], ordered=("B1",))
        s = move(s, "B1", "B2")
        assert (battlers(s) == ["B2"]) is may, code


def test_14_forest_blocks_the_way_through():
    s = ordered_game([("A1", "south", "LC"), FAR],
                     terrain=[("A2", "forest"), ("B1", "forest")], ordered=("A1",))
    assert dests(s, "A1") == ["A2", "B1"]


def test_14_broken_ground_stops_mounted_units_and_they_may_not_fight_there():
    s = ordered_game([("A1", "south", "LC"), FAR], terrain=[("A2", "broken"), ("B1", "broken")],
                     ordered=("A1",))
    assert dests(s, "A1") == ["A2", "B1"]
    s = ordered_game([("A1", "south", "LI"), FAR], terrain=[("A2", "broken"), ("B1", "broken")],
                     ordered=("A1",))
    assert dests(s, "A1") == ["A2", "A3", "B1", "B2", "B3", "C1"]
    s = ordered_game([("B1", "south", "MC"), ("B3", "north", "MI")], terrain=[("B2", "broken")],
                     ordered=("B1",))
    s = move(s, "B1", "B2")
    assert s.turn.side == "north"
    s = ordered_game([("B1", "south", "MI"), ("B3", "north", "MI")], terrain=[("B2", "broken")],
                     ordered=("B1",))
    s = move(s, "B1", "B2")
    assert battlers(s) == ["B2"]


def test_14_war_machines_may_not_enter_broken_ground():
    s = ordered_game([("A1", "south", "HWM"), FAR], terrain=[("A2", "broken")], ordered=("A1",))
    assert dests(s, "A1") == ["B1"]


def test_14_rivers_lakes_and_coast_are_impassable_fords_stop():
    s = ordered_game([("A1", "south", "LC"), FAR],
                     terrain=[("A2", "river"), ("B1", "river", {"fordable": True})],
                     ordered=("A1",))
    assert dests(s, "A1") == ["B1"]
    s = ordered_game([("A1", "south", "LC"), ("E1", "south", "MI"), FAR],
                     terrain=[("A2", "lake"), ("B1", "coast")], ordered=("A1", "E1"))
    assert choices(s, "south") == [("move", "E1"), ("done", None)]


def test_14_a_unit_in_a_ford_may_battle_with_two_dice_at_most():
    s = ordered_game([("B1", "south", "HI"), ("B3", "north", "MI")],
                     terrain=[("B2", "river", {"fordable": True})], ordered=("B1",))
    s = move(s, "B1", "B2")
    s = script(s, *["G"] * 5)
    s = attack(s, "B2", "B3")
    s = do(s, "north", "stand")
    assert len(dice(s)) == 2


def test_14_hills_do_not_stop_movement():
    s = ordered_game([("A1", "south", "LI"), FAR], terrain=[("A2", "hill")], ordered=("A1",))
    assert "A3" in dests(s, "A1")


def test_14_lone_leader_stops_in_forest():
    s = ordered_game([FAR], [("A1", "south", "Scipio")], terrain=[("A2", "forest")],
                     ordered=("A1",))
    ds = dests(s, "A1", "move_leader")
    assert "A2" in ds and "A3" not in ds


def test_18_32_war_machine_cannot_retreat_into_broken_ground():
    s = game([("F3", "south", "HWM"), ("F4", "north", "HI")], first="north",
             terrain=[("E2", "broken")])
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = attack(s, "F4", "F3")
    s = script(s, "F", "G", "G", "G", "G")
    s = do(s, "south", "stand")
    assert at(s, "F2").type == "HWM"               # E2 was closed to it: F2 was its only hex
