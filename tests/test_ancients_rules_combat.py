"""Ancients battle rules, one test or a few per spec section: ranged combat (8), close combat (9),
retreats and flags (10), evasion, momentum and bonus combat (11), leaders (12), victory (1) and the
scenario special rules. Dice are scripted (``s.rng.scripted``); every decision goes through the
View's choices.

The helpers at the top build a position from a small scenario document and drive it; the other
rules test modules import them.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.ancients.rules import RULES
from games.ancients.state import AncientsState, Unit
from games.core import Action

FILLER = "order_2_left"


# -- helpers -------------------------------------------------------------------------------------

def game(units: list[tuple], leaders: list[tuple] = (), terrain: list[tuple] = (), *,
         first: str = "south", rules: dict | None = None, cards: tuple[int, int] = (5, 5),
         banners: tuple[int, int] = (5, 5), options: dict | None = None,
         seed: int = 7) -> AncientsState:
    """A battle from a small scenario document.

    units: (hex, side, type) or (hex, side, type, blocks); leaders: (hex, side, name);
    terrain: (hex, type) or (hex, type, {extra fields}); cards and banners: (north, south).
    Neither hand holds First Strike unless a test puts it there.
    """
    doc: dict[str, Any] = {
        "id": "test", "name": "Test position",
        "north": {"army": "Carthaginian", "blocks": "brown", "cards": cards[0],
                  "banners": banners[0]},
        "south": {"army": "Roman", "blocks": "grey", "cards": cards[1], "banners": banners[1]},
        "first": first,
        "terrain": [{"hex": t[0], "type": t[1], **(t[2] if len(t) > 2 else {})} for t in terrain],
        "units": [{"hex": u[0], "side": u[1], "type": u[2],
                   **({"blocks": u[3]} if len(u) > 3 else {})} for u in units],
        "leaders": [{"hex": ld[0], "side": ld[1], "name": ld[2]} for ld in leaders],
        "rules": rules or {},
    }
    s = RULES.setup(seed, doc, options or {})
    for side in ("south", "north"):
        while "first_strike" in s.hands[side]:
            s.hands[side].remove("first_strike")
            s.hands[side].append(FILLER)
            s.deck.insert(0, "first_strike")
    return s


def choices(s: AncientsState, role: str) -> list[tuple[str, Any]]:
    return [(c.verb, c.arg) for c in RULES.view(s, role).actions]


def do(s: AncientsState, role: str, verb: str, arg: Any = None) -> AncientsState:
    """Act, but only with a choice the role's View offers."""
    offered = choices(s, role)
    assert (verb, arg) in offered, f"{verb} {arg} not offered to {role}: {offered}"
    return RULES.act(s, role, Action(verb=verb, arg=arg))


def active(s: AncientsState) -> list[str]:
    return RULES.view(s, s.turn.side).active if s.result is None else []


def play(s: AncientsState, card: str, hand: tuple[str, ...] = (FILLER,) * 4) -> AncientsState:
    """The side to move plays ``card`` from a hand of it plus ``hand`` (Command = 1 + len)."""
    side = s.turn.side
    s.hands[side] = [card, *hand]
    return do(s, side, "card", card)


def order(s: AncientsState, *hexes: str) -> AncientsState:
    side = s.turn.side
    for h in hexes:
        s = do(s, side, "order", h)
    return do(s, side, "done")


def move(s: AncientsState, frm: str, to: str) -> AncientsState:
    side = s.turn.side
    s = do(s, side, "move", frm)
    return do(s, side, "to", to)


def to_battle(s: AncientsState) -> AncientsState:
    """End the move phase (it ends by itself once no ordered unit can move any more)."""
    return do(s, s.turn.side, "done") if s.turn.phase == "move" else s


def attack(s: AncientsState, frm: str, to: str, verb: str = "close") -> AncientsState:
    side = s.turn.side
    s = do(s, side, "battle", frm)
    return do(s, side, verb, to)


def ready(units: list[tuple], leaders: list[tuple] = (), terrain: list[tuple] = (),
          ordered: tuple[str, ...] = (), card: str = "order_4_center", **kw: Any
          ) -> AncientsState:
    """A position in the battle phase: ``card`` played, ``ordered`` hexes ordered, no moves."""
    s = game(units, leaders, terrain, **kw)
    s = play(s, card)
    s = order(s, *ordered)
    return to_battle(s)


def at(s: AncientsState, h: str) -> Unit | None:
    return next((u for u in s.units.values() if u.hex == h), None)


def blocks(s: AncientsState, h: str) -> int:
    u = at(s, h)
    return u.blocks if u else 0


def leader_hex(s: AncientsState, name: str) -> str | None:
    return next((ld.hex for ld in s.leaders.values() if ld.name == name), None)


def dice(s: AncientsState) -> list[str]:
    assert s.last_combat is not None
    return list(s.last_combat["dice"])


def script(s: AncientsState, *faces: str) -> AncientsState:
    s.rng.scripted = list(faces)
    return s


# -- 8 ranged combat -----------------------------------------------------------------------------

def test_8_4_range_counts_the_target_hex():
    """LB range 3, LI range 2 (spec 8.4): targets further away are not offered."""
    s = ready([("F2", "south", "LB"), ("H2", "south", "LI"),
               ("F5", "north", "MI"), ("F6", "north", "MI"), ("H5", "north", "MI")],
              ordered=("F2", "H2"))
    s = do(s, "south", "battle", "F2")
    assert ("fire", "F5") in choices(s, "south")      # distance 3
    assert ("fire", "F6") not in choices(s, "south")  # distance 4
    s = do(s, "south", "cancel")
    # the LI has nothing in range (H5 and F5 are 3 hexes away): it is not offered at all
    assert choices(s, "south") == [("battle", "F2"), ("done", None)]


def test_8_6_unmoved_unit_rolls_two_dice_and_scores_symbols_and_flags():
    s = ready([("F2", "south", "LB"), ("F5", "north", "HI")], ordered=("F2",))
    s = script(s, "R", "F")
    s = attack(s, "F2", "F5", "fire")
    assert dice(s) == ["R", "F"]
    # 1 hit; 1 flag: HI retreats 1 hex toward the north baseline, the owner picks the hex
    assert blocks(s, "F5") == 3
    assert choices(s, "north") == [("retreat", "E6"), ("retreat", "F6")]
    s = do(s, "north", "retreat", "F6")
    assert at(s, "F5") is None and blocks(s, "F6") == 3
    assert s.rng.scripted == []


def test_8_6_moved_unit_rolls_one_die():
    s = game([("F1", "south", "LI"), ("F4", "north", "MI")])
    s = play(s, "order_2_center")
    s = order(s, "F1")
    s = move(s, "F1", "F2")
    s = to_battle(s)
    s = script(s, "B", "B")
    s = attack(s, "F2", "F4", "fire")
    assert dice(s) == ["B"]
    assert blocks(s, "F4") == 3
    assert s.rng.scripted == ["B"]


def test_8_7_ranged_helmets_and_swords_never_hit():
    """H and X are misses in ranged combat, even with a leader next to the firer (spec 8.7)."""
    s = ready([("F2", "south", "LB"), ("F5", "north", "MI")], [("F2", "south", "Scipio")],
              ordered=("F2",))
    s = script(s, "H", "X")
    s = attack(s, "F2", "F5", "fire")
    assert blocks(s, "F5") == 4
    assert s.turn.side == "north"   # nothing left to decide: the turn passed


def test_8_2_adjacent_enemy_unit_forbids_fire_but_a_lone_leader_does_not():
    s = ready([("F2", "south", "LS"), ("F3", "north", "MI"), ("H4", "north", "MI")],
              ordered=("F2",))
    s = do(s, "south", "battle", "F2")
    assert choices(s, "south") == [("close", "F3"), ("cancel", None)]
    # spec 18.24: a lone enemy leader next to it does not stop it firing, and may be attacked
    s = ready([("F2", "south", "LS"), ("H4", "north", "MI")], [("F3", "north", "Hanno")],
              ordered=("F2",))
    s = do(s, "south", "battle", "F2")
    assert ("close", "F3") in choices(s, "south")
    assert ("fire", "H4") in choices(s, "south")


def test_8_2_unit_may_fire_once_the_adjacent_enemy_is_gone():
    """The rulebook's ranged example (L1261-1267): once the enemy next to the auxilia is gone,
    the auxilia may fire instead."""
    s = ready([("F2", "south", "AX"), ("G2", "south", "HI"), ("G3", "north", "LI", 1),
               ("F4", "north", "MI")], ordered=("F2", "G2"))
    s = do(s, "south", "battle", "F2")
    assert choices(s, "south") == [("close", "G3"), ("cancel", None)]
    s = do(s, "south", "cancel")
    s = script(s, "G")
    s = attack(s, "G2", "G3")
    s = do(s, "north", "stand")
    assert at(s, "G3") is None and s.banners["south"] == 1
    s = do(s, "south", "stay")   # no momentum advance
    s = do(s, "south", "battle", "F2")
    assert choices(s, "south") == [("fire", "F4"), ("cancel", None)]


def fire_targets(s: AncientsState, frm: str) -> list[str]:
    """The hexes an ordered unit may fire at now."""
    s = do(s, s.turn.side, "battle", frm)
    return sorted(a for v, a in choices(s, s.turn.side) if v == "fire")


def test_8_5_units_and_leaders_between_block_line_of_sight():
    base = [("F3", "south", "LS"), ("I3", "north", "MI")]
    s = ready(base, ordered=("F3",))
    assert fire_targets(s, "F3") == ["I3"]
    s = ready(base + [("G3", "south", "HI")], ordered=("F3",))
    assert ("battle", "F3") not in choices(s, "south")
    s = ready(base, [("H3", "south", "Scipio")], ordered=("F3",))
    assert ("battle", "F3") not in choices(s, "south")


def test_8_5_line_along_a_hexside_is_blocked_only_by_both_sides():
    """F3 to F5 runs along the edge between E4 and F4."""
    base = [("F3", "south", "LI"), ("F5", "north", "MI")]
    s = ready(base + [("E4", "south", "HI")], ordered=("F3",))
    assert fire_targets(s, "F3") == ["F5"]
    s = ready(base + [("F4", "south", "HI")], ordered=("F3",))
    assert fire_targets(s, "F3") == ["F5"]
    s = ready(base + [("E4", "south", "HI"), ("F4", "south", "HI")], ordered=("F3",))
    assert ("battle", "F3") not in choices(s, "south")


def test_8_5_battlefield_edge_counts_as_an_obstruction_on_its_side():
    """Spec 18.26: A1 to A3 runs along A2's western edge, the edge of the board."""
    base = [("A1", "south", "LI"), ("A3", "north", "MI")]
    s = ready(base, ordered=("A1",), card="order_4_left")
    assert fire_targets(s, "A1") == ["A3"]
    s = ready(base + [("A2", "south", "HI")], ordered=("A1",), card="order_4_left")
    assert ("battle", "A1") not in choices(s, "south")


def test_8_5_forest_blocks_but_not_in_the_target_hex():
    base = [("F3", "south", "LS"), ("I3", "north", "MI")]
    s = ready(base, terrain=[("H3", "forest")], ordered=("F3",))
    assert ("battle", "F3") not in choices(s, "south")
    s = ready(base, terrain=[("I3", "forest")], ordered=("F3",))
    assert fire_targets(s, "F3") == ["I3"]


def test_14_3_hills_and_line_of_sight():
    shooter = ("F3", "south", "LS")
    # a hill between two units on lower ground blocks
    s = ready([shooter, ("I3", "north", "MI")], terrain=[("G3", "hill")], ordered=("F3",))
    assert ("battle", "F3") not in choices(s, "south")
    # a unit below sees a unit on the first hill hex
    s = ready([shooter, ("H3", "north", "MI")], terrain=[("H3", "hill")], ordered=("F3",))
    assert fire_targets(s, "F3") == ["H3"]
    # ... but not one on a second hill hex behind the first
    s = ready([shooter, ("H3", "north", "MI")], terrain=[("G3", "hill"), ("H3", "hill")],
              ordered=("F3",))
    assert ("battle", "F3") not in choices(s, "south")
    # units on the same hill see each other across it (a plateau)
    s = ready([shooter, ("H3", "north", "MI")],
              terrain=[("F3", "hill"), ("G3", "hill"), ("H3", "hill")], ordered=("F3",))
    assert fire_targets(s, "F3") == ["H3"]


def test_8_6_target_in_forest_caps_ranged_dice_at_one():
    s = ready([("F2", "south", "LB"), ("F5", "north", "MI")], terrain=[("F5", "forest")],
              ordered=("F2",))
    s = script(s, "B", "B")
    s = attack(s, "F2", "F5", "fire")
    assert dice(s) == ["B"] and blocks(s, "F5") == 3


def test_8_7_lone_leader_under_fire_dies_to_a_helmet():
    s = ready([("F2", "south", "LB"), ("A9", "north", "LI")], [("F5", "north", "Hanno")],
              ordered=("F2",))
    s = script(s, "G", "H")
    s = attack(s, "F2", "F5", "fire")
    assert leader_hex(s, "Hanno") is None
    assert s.banners["south"] == 1


def test_8_7_lone_leader_missed_by_fire_must_evade():
    s = ready([("F2", "south", "LB"), ("A9", "north", "LI")], [("F5", "north", "Hanno")],
              ordered=("F2",))
    s = script(s, "F", "X")
    s = attack(s, "F2", "F5", "fire")
    assert RULES.view(s, "north").active == ["north"]
    # 1-3 hexes toward its own (north) baseline; it has not moved yet, so it may not stay
    assert choices(s, "north") == [("leader_to", "E6"), ("leader_to", "F6")]
    s = do(s, "north", "leader_to", "F6")
    assert choices(s, "north") == [("leader_to", "F7"), ("leader_to", "G7"),
                                   ("leader_stay", None)]
    s = do(s, "north", "leader_stay")
    assert leader_hex(s, "Hanno") == "F6" and s.banners["south"] == 0
