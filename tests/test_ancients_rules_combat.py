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
from games.core import Action, Rng

FILLER = "order_2_left"


# -- helpers -------------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def scripted_dice_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every die rolled must be one the test scripted (shuffles are not dice)."""
    real = Rng.roll

    def roll(self: Rng, faces: Any) -> Any:
        assert self.scripted, "a die was rolled that the test did not script"
        return real(self, faces)

    monkeypatch.setattr(Rng, "roll", roll)


def _placement(u: tuple) -> dict[str, Any]:
    out: dict[str, Any] = {"hex": u[0], "side": u[1], "type": u[2]}
    for extra in u[3:]:
        out.update(extra if isinstance(extra, dict) else {"blocks": extra})
    return out


def game(units: list[tuple], leaders: list[tuple] = (), terrain: list[tuple] = (), *,
         first: str = "south", rules: dict | None = None, cards: tuple[int, int] = (5, 5),
         banners: tuple[int, int] = (5, 5), options: dict | None = None,
         seed: int = 7) -> AncientsState:
    """A battle from a small scenario document.

    units: (hex, side, type), optionally followed by the blocks and/or {extra fields};
    leaders: (hex, side, name); terrain: (hex, type) or (hex, type, {extra fields});
    cards and banners: (north, south). Neither hand holds First Strike unless a test puts it
    there.
    """
    doc: dict[str, Any] = {
        "id": "test", "name": "Test position",
        "north": {"army": "Carthaginian", "blocks": "brown", "cards": cards[0],
                  "banners": banners[0]},
        "south": {"army": "Roman", "blocks": "grey", "cards": cards[1], "banners": banners[1]},
        "first": first,
        "terrain": [{"hex": t[0], "type": t[1], **(t[2] if len(t) > 2 else {})} for t in terrain],
        "units": [_placement(u) for u in units],
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


def rampage(s: AncientsState, *hexes: str) -> AncientsState:
    """The player who caused a rampage picks the hexes of its rolls in this order (spec 10.6);
    the last hex needs no pick."""
    for h in hexes:
        causer = RULES.view(s, None).active[0]
        s = do(s, causer, "rampage", h)
    return s


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
    s = script(s, "G", "B", "B", "B", "B")
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


def sight(units: list[tuple], shooter: str, leaders: list[tuple] = (),
          terrain: list[tuple] = (), card: str = "order_4_center",
          anchor: tuple[str, str] = ("I1", "I2")) -> list[str]:
    """The hexes the unit in ``shooter`` may fire at. A fight far off (a south HI next to a
    north MI) keeps the battle phase open, so "no target" is told from "turn over"."""
    a, b = anchor
    s = ready(units + [(a, "south", "HI"), (b, "north", "MI")], leaders, terrain,
              ordered=(shooter, a), card=card)
    offered = [h for v, h in choices(s, "south") if v == "battle"]
    assert a in offered
    return fire_targets(s, shooter) if shooter in offered else []


def test_8_5_units_and_leaders_between_block_line_of_sight():
    base = [("F3", "south", "LS"), ("I3", "north", "MI")]
    assert sight(base, "F3") == ["I3"]
    assert sight(base + [("G3", "south", "HI")], "F3") == []
    assert sight(base + [("G3", "north", "HI")], "F3") == []
    assert sight(base, "F3", [("H3", "south", "Scipio")]) == []


def test_8_5_line_along_a_hexside_is_blocked_only_by_both_sides():
    """F3 to F5 runs along the edge between E4 and F4."""
    base = [("F3", "south", "LI"), ("F5", "north", "MI")]
    assert sight(base + [("E4", "south", "HI")], "F3") == ["F5"]
    assert sight(base + [("F4", "south", "HI")], "F3") == ["F5"]
    assert sight(base + [("E4", "south", "HI"), ("F4", "south", "HI")], "F3") == []


def test_8_5_battlefield_edge_counts_as_an_obstruction_on_its_side():
    """Spec 18.26: A1 to A3 runs along A2's western edge, the edge of the board."""
    base = [("A1", "south", "LI"), ("A3", "north", "MI")]
    assert sight(base, "A1", card="order_4_left", anchor=("D1", "D2")) == ["A3"]
    assert sight(base + [("A2", "south", "HI")], "A1", card="order_4_left",
                 anchor=("D1", "D2")) == []


def test_8_5_forest_blocks_but_not_in_the_target_hex():
    base = [("F3", "south", "LS"), ("I3", "north", "MI")]
    assert sight(base, "F3", terrain=[("H3", "forest")]) == []
    assert sight(base, "F3", terrain=[("I3", "forest")]) == ["I3"]


def test_14_3_hills_and_line_of_sight():
    shooter = ("F3", "south", "LS")
    # a hill between two units on lower ground blocks
    assert sight([shooter, ("I3", "north", "MI")], "F3", terrain=[("G3", "hill")]) == []
    # a unit below sees a unit on the first hill hex
    assert sight([shooter, ("H3", "north", "MI")], "F3", terrain=[("H3", "hill")]) == ["H3"]
    # ... but not one on a second hill hex behind the first
    assert sight([shooter, ("H3", "north", "MI")], "F3",
                 terrain=[("G3", "hill"), ("H3", "hill")]) == []
    # units on the same hill see each other across it (a plateau)
    assert sight([shooter, ("H3", "north", "MI")], "F3",
                 terrain=[("F3", "hill"), ("G3", "hill"), ("H3", "hill")]) == ["H3"]


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


# -- 9 close combat ------------------------------------------------------------------------------

ATTACK_DICE = {"LI": 2, "LS": 2, "LB": 2, "AX": 3, "WA": 4, "MI": 4, "HI": 5, "HWM": 2, "LC": 2,
               "LBC": 2, "BCH": 3, "MC": 3, "CA": 3, "CCA": 3, "HC": 4, "CAT": 4, "HCH": 4,
               "EL": 4}


@pytest.mark.parametrize("code", sorted(ATTACK_DICE))
def test_9_2_close_combat_dice_per_unit_type(code: str):
    """Spec 2.5 / 9.2 (WA and BCH at full strength +1; an elephant rolls what the defending MI
    would roll against it, 4). The defender is an MI: green faces never hurt it."""
    s = ready([("F3", "south", code), ("F4", "north", "MI")], ordered=("F3",))
    s = script(s, *["G"] * 8)
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert len(dice(s)) == ATTACK_DICE[code]
    assert blocks(s, "F4") == 4
    assert choices(s, "north") == [("battle_back", None), ("no_battle_back", None)]


def test_9_2_reduced_units_roll_the_same_dice():
    s = ready([("F3", "south", "HI", 1), ("F4", "north", "MI")], ordered=("F3",))
    s = script(s, *["G"] * 8)
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert len(dice(s)) == 5


BACK_DICE = {"HI": 5, "MI": 4, "HCH": 3, "CA": 2, "CCA": 2, "WA": 4, "BCH": 3, "EL": 4, "LI": 2}


@pytest.mark.parametrize("code", sorted(BACK_DICE))
def test_9_8_battle_back_dice_per_unit_type(code: str):
    """HCH 3, camels 2; an elephant battles back with the attacker's normal dice (MI: 4)."""
    s = game([("F3", "south", code), ("F4", "north", "MI")], first="north")
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    miss = "R" if code in ("LI", "BCH") else "G"
    s = script(s, *[miss] * 4)
    s = attack(s, "F4", "F3")
    s = do(s, "south", "stand")
    assert blocks(s, "F3") == at(s, "F3").max_blocks
    s = script(s, *["G"] * 8)
    s = do(s, "south", "battle_back")
    assert len(dice(s)) == BACK_DICE[code]
    assert blocks(s, "F4") == 4 and s.turn.side == "south"   # north's turn is over


def test_9_7_light_units_do_not_score_swords_but_auxilia_do():
    s = ready([("F3", "south", "LI"), ("F4", "north", "MI")], ordered=("F3",))
    s = script(s, "X", "X")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 4
    s = ready([("F3", "south", "AX"), ("F4", "north", "MI")], ordered=("F3",))
    s = script(s, "X", "X", "B")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1


def test_9_7_excess_hits_are_lost_and_elimination_scores_a_banner():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 2)], ordered=("F3",))
    s = script(s, "B", "B", "X", "X", "F")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert at(s, "F4") is None
    assert s.banners == {"north": 0, "south": 1}
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


def test_9_7_symbols_score_by_colour_whatever_the_border():
    """A blue die hits a warrior (blue with a white border); a green die hits auxilia."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "WA", 3), ("G3", "south", "HI"),
               ("G4", "north", "AX")], ordered=("F3", "G3"))
    s = script(s, "B", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 2
    s = do(s, "north", "no_battle_back")
    s = script(s, "G", "B", "B", "B", "B")
    s = attack(s, "G3", "G4")
    s = do(s, "north", "stand")
    assert blocks(s, "G4") == 3


def test_9_3_warriors_lose_the_bonus_only_after_the_battle_of_the_first_loss():
    """A full-strength WA loses its first block to a First Strike: it still attacks with 4 dice
    in that battle, but its bonus close combat is a new battle with 3 dice and no flag ignore."""
    s = game([("F3", "south", "WA"), ("F4", "north", "LI"), ("F5", "north", "MI")])
    s.hands["north"] = ["first_strike", FILLER]
    s = play(s, "order_4_center")
    s = order(s, "F3")
    s = to_battle(s)
    s = attack(s, "F3", "F4")
    assert choices(s, "north") == [("stand", None), ("evade", None), ("first_strike", None)]
    # First Strike: the LI rolls its 2 battle-back dice (1 hit); then the WA's 4 dice
    s = script(s, "B", "G", "G", "G", "G", "G")
    s = do(s, "north", "first_strike")
    assert s.rng.scripted == []
    assert blocks(s, "F3") == 3 and at(s, "F4") is None and s.banners["south"] == 1
    assert dice(s) == ["G", "G", "G", "G"]
    s = do(s, "south", "advance", "F4")
    assert choices(s, "south") == [("bonus", "F5"), ("stay", None)]
    s = do(s, "south", "bonus", "F5")
    s = script(s, "G", "G", "F", "G")
    s = do(s, "north", "stand")
    assert dice(s) == ["G", "G", "F"]
    # the MI had no ignore; it retreats 1 hex
    assert choices(s, "north") == [("retreat", "E6"), ("retreat", "F6")]
    s = do(s, "north", "retreat", "E6")
    assert choices(s, "south") == [("advance", "F5"), ("stay", None)]
    s = do(s, "south", "advance", "F5")
    # no further battle: the turn is over
    assert at(s, "F5").type == "WA" and s.turn.side == "north"


def test_9_3_warriors_keep_the_flag_ignore_and_die_within_the_battle_of_the_first_loss():
    s = game([("F3", "south", "WA"), ("F4", "north", "MC")], first="north")
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = script(s, "B", "F", "G")
    s = attack(s, "F4", "F3")
    s = do(s, "south", "stand")
    assert blocks(s, "F3") == 3
    assert choices(s, "south") == [("ignore", 1), ("ignore", 0)]
    s = do(s, "south", "ignore", 1)
    assert choices(s, "south") == [("battle_back", None), ("no_battle_back", None)]
    s = script(s, "X", "G", "G", "G", "G")
    s = do(s, "south", "battle_back")
    assert dice(s) == ["X", "G", "G", "G"] and blocks(s, "F4") == 2


@pytest.mark.parametrize("blocks_, n", [(3, 3), (2, 2)])
def test_9_3_barbarian_chariots_full_strength_bonus(blocks_: int, n: int):
    s = ready([("F3", "south", "BCH", blocks_), ("F4", "north", "MI")], ordered=("F3",))
    s = script(s, *["G"] * 4)
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert len(dice(s)) == n


def test_10_4_full_strength_chariots_may_ignore_a_flag():
    s = game([("F3", "south", "BCH"), ("F4", "north", "HI")], first="north")
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = attack(s, "F4", "F3")
    s = script(s, "F", "B", "B", "B", "B")
    s = do(s, "south", "stand")
    assert choices(s, "south") == [("ignore", 1), ("ignore", 0)]


# -- 9.4 elephants

EL_ATTACK = {"HI": 5, "LB": 2, "WA": 3, "HCH": 3, "CA": 3, "CCA": 3, "EL": 3, "HC": 4, "LC": 2,
             "MC": 3, "AX": 3}


@pytest.mark.parametrize("code", sorted(EL_ATTACK))
def test_9_4_attacking_elephant_rolls_what_the_defender_would_roll_against_it(code: str):
    s = ready([("F3", "south", "EL"), ("F4", "north", code)], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, *["H"] * 6)
    s = do(s, "north", "stand")
    assert len(dice(s)) == EL_ATTACK[code]
    assert blocks(s, "F4") == at(s, "F4").max_blocks


@pytest.mark.parametrize("blocks_, n", [(3, 3), (2, 2)])
def test_9_4_elephant_against_barbarian_chariots_counts_their_bonus(blocks_: int, n: int):
    """Spec 18.8: what a full-strength BCH would roll, bonus included."""
    s = ready([("F3", "south", "EL"), ("F4", "north", "BCH", blocks_)], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, *["H"] * 4)
    s = do(s, "north", "stand")
    assert len(dice(s)) == n


def test_9_4_elephant_against_a_lone_leader_rolls_one_die():
    s = ready([("F3", "south", "EL"), ("A9", "north", "LI")], [("F4", "north", "Hanno")],
              ordered=("F3",))
    s = script(s, "H", "H")
    s = attack(s, "F3", "F4")
    assert dice(s) == ["H"]
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 1
    assert s.rng.scripted == ["H"]
    # no momentum advance after attacking a lone leader: the turn is over
    assert s.turn.side == "north"


def test_9_4_elephant_battles_back_with_the_attackers_normal_dice_not_its_card_bonus():
    """A medium cavalry attacking under Mounted Charge rolls 3 + 1; the elephant battles back
    with 3."""
    s = game([("F3", "south", "EL"), ("F4", "north", "MC")], first="north")
    s = play(s, "mounted_charge")
    s = order(s, "F4")
    s = to_battle(s)
    s = attack(s, "F4", "F3")
    s = script(s, "G", "G", "G", "G")
    s = do(s, "south", "stand")
    assert len(dice(s)) == 4
    s = script(s, "G", "G", "G", "G")
    s = do(s, "south", "battle_back")
    assert len(dice(s)) == 3


def test_9_4_elephant_swords_are_rerolled_while_they_hit():
    """Each X that scores is rolled again, as long as it shows X (the LI example, L2075)."""
    s = ready([("F3", "south", "EL"), ("F4", "north", "LI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "G", "X", "X", "F")
    s = do(s, "north", "stand")
    assert dice(s) == ["G", "X", "X", "F"]
    assert blocks(s, "F4") == 1
    assert s.rng.scripted == []


def test_9_4_elephant_swords_ignored_by_the_defender_are_not_rerolled():
    """Foot in a fortified camp ignores the first X: it scores nothing and is not re-rolled;
    the second X hits and is re-rolled (L2061-2064)."""
    s = ready([("F3", "south", "EL"), ("F4", "north", "MI")], terrain=[("F4", "camp")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "X", "X", "G", "G", "R", "G")
    s = do(s, "north", "stand")
    assert dice(s) == ["X", "X", "G", "G", "R"]
    assert blocks(s, "F4") == 3
    assert s.rng.scripted == ["G"]


def test_9_4_elephants_ignore_every_sword_and_never_score_helmets():
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "X", "X", "X", "R", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1
    # an elephant with an attached leader: its helmets score nothing
    s = ready([("F3", "south", "EL"), ("F4", "north", "HI")], [("F3", "south", "Scipio")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "H", "H", "H", "G", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 4


def test_9_4_elephant_ignores_one_red_hit_and_one_flag_against_cavalry():
    s = ready([("F3", "south", "HC"), ("F4", "north", "EL")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "R", "R", "F", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]
    s = do(s, "north", "ignore", 1)
    assert choices(s, "north") == [("battle_back", None), ("no_battle_back", None)]


def test_9_4_cavalry_retreats_one_extra_hex_per_elephant_flag():
    """The rulebook's elephant example A: 1 flag against HC is a 3-hex retreat."""
    s = ready([("F3", "south", "EL"), ("F4", "north", "HC")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "G", "G", "G")
    s = do(s, "north", "stand")
    for step_ in ("F5", "F6", "F7"):
        assert ("retreat", step_) in choices(s, "north")
        s = do(s, "north", "retreat", step_)
    assert blocks(s, "F7") == 3 and s.flow[-1]["k"] == "advance"
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


@pytest.mark.parametrize("mode, hexes_", [("accepted", 3), ("rolled", 4)])
def test_10_1_extra_retreat_counts_flags_that_take_effect(mode: str, hexes_: int):
    """Spec 10.1 / 18.36: HC with an attached leader takes 2 flags from an elephant and ignores
    one: it retreats 2 + 1 = 3 hexes (option "rolled": 2 + 2 = 4)."""
    s = ready([("F3", "south", "EL"), ("F4", "north", "HC")], [("F4", "north", "Hanno")],
              ordered=("F3",), options={"frighten_extra": mode})
    s = attack(s, "F3", "F4")
    s = script(s, "F", "F", "G", "G")
    s = do(s, "north", "stand")
    s = do(s, "north", "ignore", 1)
    path = ["F5", "F6", "F7", "F8"][:hexes_]
    for h in path:
        s = do(s, "north", "retreat", h)
    assert blocks(s, path[-1]) == 3 and leader_hex(s, "Hanno") == path[-1]
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


def test_10_4_elephant_with_a_leader_may_not_ignore_a_flag_in_close_combat():
    """Spec 10.4 / 18.9 default "ranged": no flag ignore for the leader in close combat."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL")], [("F4", "north", "Hanno")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    # 1 flag; the rampage rolls nothing useful; the elephant retreats 1 hex
    s = script(s, "F", "G", "G", "G", "G", "G", "G")
    s = do(s, "north", "stand")
    assert choices(s, "north") == [("retreat", "F5"), ("retreat", "G5")]


def test_10_4_elephant_with_a_leader_may_ignore_a_flag_against_fire():
    s = ready([("F2", "south", "LB"), ("F5", "north", "EL")], [("F5", "north", "Hanno")],
              ordered=("F2",))
    s = script(s, "F", "G")
    s = attack(s, "F2", "F5", "fire")
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]
    # option "never"
    s = ready([("F2", "south", "LB"), ("F5", "north", "EL")], [("F5", "north", "Hanno")],
              ordered=("F2",), options={"elephant_leader_flag": "never"})
    s = script(s, "F", "G")
    s = attack(s, "F2", "F5", "fire")
    assert choices(s, "north") == [("retreat", "E6"), ("retreat", "F6")]


# -- 9.5 camels, chariots, cataphracts

def test_9_5_camels_ignore_one_blue_hit_from_cavalry_only():
    s = ready([("F3", "south", "MC"), ("F4", "north", "CA")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "B", "B", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 2
    s = ready([("F3", "south", "MI"), ("F4", "north", "CA")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "B", "B", "G", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1


def test_9_5_camel_cataphracts_ignore_one_sword_always_and_one_blue_from_cavalry():
    s = ready([("F3", "south", "HI"), ("F4", "north", "CCA")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "X", "X", "B", "G", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1
    s = ready([("F3", "south", "HC"), ("F4", "north", "CCA")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "X", "X", "B", "B")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1


def test_9_5_cavalry_retreats_one_extra_hex_per_camel_flag():
    s = ready([("F3", "south", "CA"), ("F4", "north", "MC")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "G", "G")
    s = do(s, "north", "stand")
    for h in ("F5", "F6", "F7", "F8"):      # 3 + 1 hexes
        s = do(s, "north", "retreat", h)
    assert blocks(s, "F8") == 3
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


def test_9_5_camels_do_not_frighten_elephants():
    """Spec 18.7: the camel rules concern cavalry and chariots only."""
    s = ready([("F3", "south", "EL"), ("F4", "north", "CA")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "B", "B", "G")      # 3 dice against camels
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1


@pytest.mark.parametrize("code", ["HCH", "CAT", "BCH"])
def test_9_5_chariots_and_cataphracts_ignore_one_sword(code: str):
    s = ready([("F3", "south", "HI"), ("F4", "north", code)], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "X", "X", "B", "B", "B")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == at(s, "F4").max_blocks - 1


def test_9_5_option_only_heavy_chariots_ignore_a_sword():
    s = ready([("F3", "south", "HI"), ("F4", "north", "BCH")], ordered=("F3",),
              options={"chariot_x_ignore": "heavy"})
    s = attack(s, "F3", "F4")
    s = script(s, "X", "X", "B", "B", "B")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1


# -- 9.6 leaders in close combat

@pytest.mark.parametrize("leader_at, hits", [
    ("F3", 2),    # attached to the attacker
    ("E2", 2),    # lone, adjacent to the attacker
    ("G3", 2),    # attached to an adjacent friendly unit
    ("D2", 0),    # two hexes away
    (None, 0),
])
def test_9_6_helmets_score_with_a_leader_attached_or_adjacent(leader_at: str | None, hits: int):
    units = [("F3", "south", "HI"), ("F4", "north", "MI"), ("G3", "south", "LI")]
    leaders = [(leader_at, "south", "Scipio")] if leader_at else []
    s = ready(units, leaders, ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "H", "H", "G", "G", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 4 - hits


def test_9_6_helmets_score_in_battle_back_too():
    s = game([("F3", "south", "HI"), ("F4", "north", "MI")], [("F5", "north", "Hanno")],
             first="south")
    s = play(s, "order_4_center")
    s = order(s, "F3")
    s = to_battle(s)
    s = attack(s, "F3", "F4")
    s = script(s, "G", "G", "G", "G", "G")
    s = do(s, "north", "stand")
    s = script(s, "H", "H", "G", "G")
    s = do(s, "north", "battle_back")
    assert blocks(s, "F3") == 2


# -- 9.8 battle back

def test_9_8_no_battle_back_after_retreating():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "G", "G", "G", "G")
    s = do(s, "north", "stand")
    s = do(s, "north", "retreat", "G5")
    # the attack succeeded: the attacker may advance; the defender gets no battle back
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]
    s = do(s, "south", "stay")
    assert s.turn.side == "north" and s.flow == []


def test_9_8_battle_back_after_a_blocked_retreat():
    """The defender could not retreat, lost blocks instead and stayed: it may battle back."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI"), ("F5", "north", "HI"),
               ("G5", "north", "HI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "B", "G", "G", "G")
    s = do(s, "north", "stand")
    # support (F5, G5) lets it ignore the flag; it accepts it, cannot move and loses a block
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]
    s = do(s, "north", "ignore", 0)
    assert at(s, "F4").blocks == 2
    assert choices(s, "north") == [("battle_back", None), ("no_battle_back", None)]


def test_9_8_no_battle_back_when_eliminated_by_a_blocked_retreat():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 1), ("F5", "north", "HI"),
               ("G5", "north", "HI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "F", "G", "G", "G")
    s = do(s, "north", "stand")
    s = do(s, "north", "ignore", 0)
    assert at(s, "F4") is None and s.banners["south"] == 1
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


def test_9_8_battle_back_is_optional_and_the_attacker_cannot_evade_it():
    s = ready([("F3", "south", "LI"), ("F4", "north", "HI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "G", "G")
    s = do(s, "north", "stand")
    s = script(s, "G", "G", "G", "G", "F")
    s = do(s, "north", "battle_back")
    # the LI lost 4 blocks: eliminated, no evade was offered
    assert at(s, "F3") is None and s.banners["north"] == 1
    s = ready([("F3", "south", "LI"), ("F4", "north", "HI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "G", "G")
    s = do(s, "north", "stand")
    s = do(s, "north", "no_battle_back")
    assert blocks(s, "F3") == 4 and s.turn.side == "north"


def test_9_8_card_bonus_does_not_help_the_defenders_battle_back():
    """Clash of Shields adds 2 dice to the ordered attacker's first close combat, not to the
    defender's battle back."""
    s = game([("F3", "south", "MI"), ("F4", "north", "MI")])
    s = play(s, "clash_of_shields")
    s = attack(s, "F3", "F4")
    s = script(s, *["G"] * 6)
    s = do(s, "north", "stand")
    assert len(dice(s)) == 6
    s = script(s, *["G"] * 6)
    s = do(s, "north", "battle_back")
    assert len(dice(s)) == 4


# -- 10 retreats -----------------------------------------------------------------------------------

@pytest.mark.parametrize("code, per_flag", [("LI", 2), ("AX", 1), ("WA", 2), ("MI", 1),
                                            ("LC", 4), ("MC", 3), ("HC", 2), ("HCH", 2)])
def test_10_1_retreat_per_flag_is_the_units_move(code: str, per_flag: int):
    s = ready([("F2", "south", "HI"), ("F3", "north", code, 1)], ordered=("F2",))
    s = attack(s, "F2", "F3")
    # a flag and misses for any defender (the 1-block WA has no full-strength ignore)
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    path = []
    while (opts := choices(s, "north")) and all(v == "retreat" for v, _ in opts):
        path.append(opts[0][1])
        s = do(s, "north", "retreat", opts[0][1])
    assert len(path) == per_flag
    assert at(s, path[-1]).type == code


def test_10_1_two_flags_double_the_retreat():
    s = ready([("F2", "south", "HI"), ("F3", "north", "LI")], ordered=("F2",))
    s = attack(s, "F2", "F3")
    s = script(s, "F", "F", "H", "H", "H")
    s = do(s, "north", "stand")
    for h in ("E4", "E5", "E6", "E7"):
        s = do(s, "north", "retreat", h)
    assert blocks(s, "E7") == 4 and at(s, "F3") is None


def test_10_2_retreat_goes_toward_the_owners_baseline_only():
    s = ready([("F2", "south", "HI"), ("F3", "north", "LI")], ordered=("F2",))
    s = attack(s, "F2", "F3")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    assert choices(s, "north") == [("retreat", "E4"), ("retreat", "F4")]
    # south's units retreat toward row 1
    s = game([("F2", "south", "LI"), ("F3", "north", "HI")], first="north")
    s = play(s, "order_4_center")
    s = order(s, "F3")
    s = to_battle(s)
    s = attack(s, "F3", "F2")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "south", "stand")
    assert choices(s, "south") == [("retreat", "F1"), ("retreat", "G1")]


def test_10_2_retreat_passes_terrain_without_stopping():
    s = ready([("F2", "south", "HI"), ("F3", "north", "LI")], terrain=[("E4", "forest")],
              ordered=("F2",))
    s = attack(s, "F2", "F3")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    s = do(s, "north", "retreat", "E4")
    assert choices(s, "north") == [("retreat", "E5"), ("retreat", "F5")]


def test_10_2_retreat_stops_on_a_lone_friendly_leader():
    """The rulebook's retreat example, hex A (L2826): the first hex holds a lone leader, who
    takes command and stops the retreat."""
    s = ready([("F2", "south", "HI"), ("F3", "north", "MC")], [("F4", "north", "Hanno")],
              ordered=("F2",))
    s = attack(s, "F2", "F3")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    s = do(s, "north", "retreat", "F4")
    assert blocks(s, "F4") == 3 and leader_hex(s, "Hanno") == "F4"
    assert choices(s, "south") == [("advance", "F3"), ("stay", None)]


def test_10_2_unit_with_a_leader_is_blocked_by_a_lone_friendly_leader():
    s = ready([("F2", "south", "HI"), ("F3", "north", "MC")],
              [("F4", "north", "Hanno"), ("F3", "north", "Mago")], ordered=("F2",))
    s = attack(s, "F2", "F3")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    s = do(s, "north", "ignore", 0)
    # F4 is closed to it: its only hex, E4, was taken at once; it goes on from there
    assert at(s, "E4").type == "MC" and leader_hex(s, "Mago") == "E4"
    assert leader_hex(s, "Hanno") == "F4"
    assert choices(s, "north") == [("retreat", "E5"), ("retreat", "F5")]


def test_10_3_blocked_retreat_costs_a_block_per_missing_hex():
    """Spec 10.3: LI on its own baseline, 1 flag: it cannot move and loses 2 blocks."""
    s = ready([("F8", "south", "HI"), ("F9", "north", "LI")], ordered=("F8",))
    s = attack(s, "F8", "F9")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    assert blocks(s, "F9") == 2
    assert choices(s, "north") == [("battle_back", None), ("no_battle_back", None)]


def test_10_3_partly_blocked_retreat_and_units_of_both_sides_block():
    s = ready([("F2", "south", "HI"), ("F3", "north", "LI"), ("E5", "south", "MI"),
               ("F5", "north", "MI")], ordered=("F2",))
    s = attack(s, "F2", "F3")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    s = do(s, "north", "retreat", "E4")
    # both hexes behind E4 are occupied: 1 hex missing, 1 block lost, and it stays in E4
    assert blocks(s, "E4") == 3
    assert choices(s, "south") == [("advance", "F3"), ("stay", None)]


def test_10_3_the_side_edge_leaves_one_rear_hex():
    """A5 has one hex toward the north edge (A6); with A6 occupied, the LI cannot retreat and
    loses 2 blocks."""
    s = ready([("A4", "south", "HI"), ("A5", "north", "LI"), ("A6", "north", "MI")],
              ordered=("A4",), card="order_4_left")
    s = attack(s, "A4", "A5")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    assert blocks(s, "A5") == 2
    assert choices(s, "north") == [("battle_back", None), ("no_battle_back", None)]


# -- 10.4 ignoring flags

@pytest.mark.parametrize("friends, leaders, n", [
    ([], [], 0),
    (["E4"], [], 0),
    (["E4", "G4"], [], 1),
    (["E4", "G4", "E5", "F5"], [], 1),        # more supporters still give 1
    (["E4"], [("G4", "north", "Mago")], 1),   # a lone leader counts as a supporter
    (["E4", "G4"], [("F4", "north", "Hanno")], 2),
])
def test_10_4_flag_ignores_from_support_and_an_attached_leader(friends, leaders, n):
    units = [("F3", "south", "HI"), ("F4", "north", "MI")] + [(h, "north", "LI") for h in friends]
    s = ready(units, leaders, ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "F", "F", "H", "H")
    s = do(s, "north", "stand")
    if n:
        assert choices(s, "north") == [("ignore", k) for k in range(n, -1, -1)]
    else:      # nothing to ignore: the 3-hex retreat starts at once
        assert choices(s, "north") == [("retreat", "F5"), ("retreat", "G5")]


def test_10_4_elephants_are_never_supported_but_support_others():
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL"), ("E4", "north", "LI"),
               ("G4", "north", "LI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "H", "H", "H", "H",
               "B", "B", "B", "B", "G", "G")      # the rampage on G4, E4 and F3: no hit
    s = do(s, "north", "stand")
    s = rampage(s, "G4", "E4")
    # no ignore offered: the rampage has been rolled and the elephant's retreat is asked
    assert s.rng.scripted == []
    assert choices(s, "north") == [("retreat", "F5"), ("retreat", "G5")]
    # an elephant supports an MI
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI"), ("E4", "north", "EL"),
               ("G4", "north", "LI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "H", "H", "H", "H")
    s = do(s, "north", "stand")
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]


def test_14_7_fortified_camp_protects_foot_only():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI")], terrain=[("F4", "camp")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "X", "X", "H", "H")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 3          # 1 X ignored
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]
    s = ready([("F3", "south", "HI"), ("F4", "north", "MC")], terrain=[("F4", "camp")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "X", "X", "H", "H")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1
    assert choices(s, "north") == [("retreat", "F5"), ("retreat", "G5")]


def test_14_7_unit_in_a_camp_rolls_one_die_fewer():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI")], terrain=[("F3", "camp")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, *["G"] * 5)
    s = do(s, "north", "stand")
    assert len(dice(s)) == 4


def test_14_caps_on_close_combat_dice():
    """Forest / ford / broken ground: 2; uphill: 2; downhill foot 3, mounted 2."""
    cases = [
        ([("F4", "forest")], "HI", 2),
        ([("F3", "forest")], "HI", 2),
        ([("F4", "river", {"fordable": True})], "HI", 2),
        ([("F4", "broken")], "HI", 2),
        ([("F4", "hill")], "HI", 2),
        ([("F3", "hill")], "HI", 3),
        ([("F3", "hill"), ("F4", "hill")], "HI", 3),
        ([("F3", "hill")], "HC", 2),
        ([("F3", "hill")], "LI", 2),
    ]
    for terrain, code, n in cases:
        s = ready([("F3", "south", code), ("F4", "north", "MI")], terrain=terrain,
                  ordered=("F3",))
        s = attack(s, "F3", "F4")
        s = script(s, *["G"] * 6)
        s = do(s, "north", "stand")
        assert len(dice(s)) == n, (terrain, code)


def test_14_card_dice_raise_the_terrain_cap():
    s = game([("F3", "south", "HI"), ("F4", "north", "MI")], terrain=[("F4", "forest")])
    s = play(s, "clash_of_shields")
    s = attack(s, "F3", "F4")
    s = script(s, *["G"] * 6)
    s = do(s, "north", "stand")
    assert len(dice(s)) == 4


# -- 10.6 elephant rampage and blocked elephant retreat

def test_10_6_rampage_hits_every_adjacent_unit_and_lone_leader_before_the_retreat():
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL"), ("G4", "north", "LI"),
               ("E4", "south", "MI")], [("G3", "south", "Scipio")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "G", "G", "G", "G",      # the attack: 1 flag
               "G", "X",                        # G4: the elephant's own LI loses 1
               "B", "B",                        # E4: MI loses 2
               "H", "G",                        # G3: a helmet kills the lone leader
               "R", "F")                        # F3: the attacker loses 1
    s = do(s, "north", "stand")
    assert sorted(a for _, a in choices(s, "south")) == ["E4", "F3", "G3", "G4"]
    s = rampage(s, "G4", "E4", "G3")
    assert blocks(s, "G4") == 3 and blocks(s, "E4") == 2 and blocks(s, "F3") == 3
    assert leader_hex(s, "Scipio") is None and s.banners == {"north": 1, "south": 0}
    assert s.rng.scripted == []
    # then the elephant retreats 1 hex; the owner picks it
    assert choices(s, "north") == [("retreat", "F5"), ("retreat", "G5")]
    s = do(s, "north", "retreat", "G5")
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


def test_10_6_lone_leader_surviving_a_rampage_must_evade():
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL")], [("G3", "south", "Scipio")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "G", "G", "G", "G", "G", "G", "G", "G")
    s = do(s, "north", "stand")
    s = rampage(s, "G3")   # the lone leader first: it survives and must evade at once
    assert RULES.view(s, "south").active == ["south"]
    assert choices(s, "south") == [("leader_to", "F2"), ("leader_to", "G2")]


def test_10_6_elephant_blocked_by_the_edge_loses_blocks_itself_and_may_battle_back():
    s = ready([("F8", "south", "HI"), ("F9", "north", "EL")], ordered=("F8",))
    s = attack(s, "F8", "F9")
    s = script(s, "F", "G", "G", "G", "G", "G", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "F9") == 1 and blocks(s, "F8") == 4
    assert choices(s, "north") == [("battle_back", None), ("no_battle_back", None)]


def test_10_6_elephant_partly_blocked_moves_then_blockers_lose_blocks():
    """Spec 18.10: it moves as far as it can; the occupants of the hexes that stop it lose 1
    block per hex it could not make."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL"), ("F6", "north", "MI"),
               ("G6", "south", "MI"), ("F5", "north", "LI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "F", "G", "G", "G",      # 2 flags: a 2-hex retreat
               "X", "X", "X", "X")              # rampage on F5 and F3: nothing
    s = do(s, "north", "stand")
    s = rampage(s, "F5")
    # F5 is taken: G5 is its only hex; from G5 both F6 and G6 are occupied
    assert at(s, "G5").type == "EL" and blocks(s, "G5") == 2
    assert blocks(s, "F6") == 3 and blocks(s, "G6") == 3
    assert s.banners == {"north": 0, "south": 0}


def test_1_draw_when_a_blocked_elephant_retreat_gives_both_sides_their_last_banner():
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL"), ("F5", "north", "LI", 1),
               ("G5", "south", "LI", 1)], ordered=("F3",), banners=(1, 1))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "H", "H", "H", "H",
               "X", "X", "X", "X", "X", "X")     # rampage on G5, F5, F3: no hit
    s = do(s, "north", "stand")
    # south, who caused the rampage, orders its rolls
    assert choices(s, "south") == [("rampage", "G5"), ("rampage", "F5"), ("rampage", "F3")]
    for h in ("G5", "F5"):
        s = do(s, "south", "rampage", h)   # the last one needs no choice
    assert at(s, "F5") is None and at(s, "G5") is None
    assert s.banners == {"north": 1, "south": 1}
    assert s.result is not None and s.result.draw and s.result.winners == []
    assert RULES.view(s, "south").actions == [] and RULES.view(s, "north").actions == []


def test_1_rampage_banners_come_one_at_a_time_so_the_first_wins():
    s = ready([("F3", "south", "HI", 1), ("F4", "north", "EL"), ("G4", "north", "LI", 1)],
              ordered=("F3",), banners=(1, 1))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "H", "H", "H", "H", "G", "G", "R", "R")
    s = do(s, "north", "stand")
    # 10.6: the player who caused the rampage (south) chooses the order when it matters
    assert sorted(choices(s, "south")) == [("rampage", "F3"), ("rampage", "G4")]
    s = do(s, "south", "rampage", "G4")
    assert s.result is not None and not s.result.draw
    assert s.result.winners == ["south"]      # G4 was rolled first: south's banner came first


# -- 11 evasion, momentum advance, bonus close combat ---------------------------------------------

def test_11_1_evading_unit_takes_only_its_symbol_and_moves_two_hexes_back():
    s = ready([("F3", "south", "HI"), ("F4", "north", "LI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    assert choices(s, "north") == [("stand", None), ("evade", None)]
    s = script(s, "G", "X", "H", "F", "B")
    s = do(s, "north", "evade")
    assert at(s, "F4").blocks == 3
    assert choices(s, "north") == [("evade", "F5"), ("evade", "G5")]
    s = do(s, "north", "evade", "F5")
    assert choices(s, "north") == [("evade", "E6"), ("evade", "F6")]
    s = do(s, "north", "evade", "F6")
    # no battle back, no momentum advance: south's battle is over and so is its turn
    assert blocks(s, "F6") == 3 and s.turn.side == "north" and s.flow == []


def test_11_1_one_hex_evade_only_when_no_two_hex_evade_exists():
    units = [("F3", "south", "HI"), ("F4", "north", "LI"), ("E6", "north", "MI"),
             ("F6", "north", "MI")]
    s = ready(units, ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "B", "B", "B", "B", "B")
    s = do(s, "north", "evade")
    # F5 leads nowhere, so G5 and on to G6 are forced
    assert at(s, "G6").type == "LI" and s.turn.side == "north"
    s = ready(units + [("G6", "north", "MI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "B", "B", "B", "B", "B")
    s = do(s, "north", "evade")
    assert choices(s, "north") == [("evade", "F5"), ("evade", "G5")]
    s = do(s, "north", "evade", "G5")
    assert at(s, "G5").type == "LI" and s.turn.side == "north"


def test_11_1_no_evade_from_the_own_baseline_or_with_both_rear_hexes_blocked():
    s = ready([("F8", "south", "HI"), ("F9", "north", "LI")], ordered=("F8",))
    s = attack(s, "F8", "F9")
    assert choices(s, "north") == [("stand", None)]
    s = ready([("F3", "south", "HI"), ("F4", "north", "LI"), ("F5", "south", "MI")],
              terrain=[("G5", "lake")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    assert choices(s, "north") == [("stand", None)]


@pytest.mark.parametrize("defender, attacker, may", [
    ("LC", "LC", True), ("LI", "HC", True), ("BCH", "MC", True),
    ("MC", "HI", True), ("MC", "HC", True), ("MC", "EL", True), ("MC", "MC", False),
    ("MC", "LC", False), ("CA", "HCH", True), ("CA", "MC", False),
    ("HC", "MI", True), ("HC", "EL", True), ("HC", "HC", False), ("HCH", "LI", True),
    ("HCH", "MC", False),
    ("AX", "LI", False), ("MI", "LI", False), ("WA", "LI", False), ("HI", "LI", False),
    ("EL", "LI", False),
])
def test_11_1_who_may_evade_from_whom(defender: str, attacker: str, may: bool):
    s = ready([("F3", "south", attacker), ("F4", "north", defender)], ordered=("F3",))
    s = attack(s, "F3", "F4")
    assert (("evade", None) in choices(s, "north")) is may


def test_11_1_evade_stops_on_a_lone_friendly_leader():
    s = ready([("F3", "south", "HI"), ("F4", "north", "LC")], [("F5", "north", "Hanno")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "B", "B", "B", "B", "B")
    s = do(s, "north", "evade")
    s = do(s, "north", "evade", "F5")
    assert at(s, "F5").type == "LC" and leader_hex(s, "Hanno") == "F5"
    assert s.turn.side == "north"


def test_11_1_evader_leader_takes_a_casualty_check():
    s = ready([("F3", "south", "HI"), ("F4", "north", "LC")], [("F4", "north", "Hanno")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "G", "H", "H", "H", "H",   # 1 hit, helmets do not count against an evader
               "H", "H")                     # the leader's check
    s = do(s, "north", "evade")
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 1
    assert blocks(s, "F4") == 2


def test_11_2_war_machine_evades_off_the_board_without_a_banner():
    s = ready([("F3", "south", "HI"), ("F4", "north", "HWM")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    assert choices(s, "north") == [("stand", None), ("evade", None)]
    s = script(s, "R", "X", "X", "F", "H")
    s = do(s, "north", "evade")
    assert at(s, "F4") is None and "HWM" not in [u.type for u in s.units.values()]
    assert s.banners == {"north": 0, "south": 0}
    s = ready([("F3", "south", "HI"), ("F4", "north", "HWM")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "R", "R", "X", "F", "H")
    s = do(s, "north", "evade")
    assert s.banners == {"north": 0, "south": 1}


def test_11_3_lone_leader_attacked_in_close_combat():
    """The attacker rolls its normal dice; no helmet: the leader must evade 1-3 hexes; it may
    pass friendly units and end on one; no momentum advance."""
    s = ready([("F3", "south", "HI"), ("F5", "north", "MI")], [("F4", "north", "Hanno")],
              ordered=("F3",))
    s = script(s, "G", "G", "X", "F", "B")
    s = attack(s, "F3", "F4")
    assert dice(s) == ["G", "G", "X", "F", "B"]
    assert choices(s, "north") == [("leader_to", "F5"), ("leader_to", "G5")]
    s = do(s, "north", "leader_to", "F5")
    assert choices(s, "north") == [("leader_to", "E6"), ("leader_to", "F6"),
                                   ("leader_stay", None)]
    s = do(s, "north", "leader_stay")
    assert leader_hex(s, "Hanno") == "F5" and s.turn.side == "north"


def test_11_3_leader_evading_off_its_own_baseline_gives_no_banner():
    s = ready([("F8", "south", "HI")], [("F9", "north", "Hanno")], ordered=("F8",))
    s = script(s, "G", "G", "G", "G", "G")
    s = attack(s, "F8", "F9")
    assert choices(s, "north") == [("leader_off", None)]
    s = do(s, "north", "leader_off")
    assert leader_hex(s, "Hanno") is None and s.banners == {"north": 0, "south": 0}


def test_11_3_leader_that_cannot_evade_is_lost():
    s = ready([("F3", "south", "HI")], [("F4", "north", "Hanno")],
              terrain=[("F5", "lake"), ("G5", "lake")], ordered=("F3",))
    s = script(s, "G", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    assert choices(s, "north") == [("leader_lost", None)]
    s = do(s, "north", "leader_lost")
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 1


def test_11_3_leader_evade_passes_a_friendly_leader_but_never_a_lone_enemy_leader():
    s = ready([("F4", "south", "HI")],
              [("F5", "north", "Hanno"), ("E6", "north", "Mago"), ("F6", "south", "Scipio")],
              ordered=("F4",))
    s = script(s, "G", "G", "G", "G", "G")
    s = attack(s, "F4", "F5")
    assert choices(s, "north") == [("leader_to", "E6")]
    s = do(s, "north", "leader_to", "E6")
    # it may not stop where another leader stands
    assert choices(s, "north") == [("leader_to", "E7"), ("leader_to", "F7")]


def test_11_4_leader_may_not_end_its_evade_in_an_enemy_unit():
    s = ready([("F3", "south", "HI"), ("F5", "south", "LI"), ("G5", "south", "LI"),
               ("E6", "south", "LI"), ("F6", "south", "LI"), ("G6", "south", "LI")],
              [("F4", "north", "Hanno")], ordered=("F3",))
    s = script(s, "G", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = script(s, "G", "G")                   # the LI in F5 rolls 2 dice: no helmet
    s = do(s, "north", "leader_to", "F5")
    assert s.rng.scripted == []
    # it may not stop among enemies; it goes on, escaping again
    assert ("leader_stay", None) not in choices(s, "north")
    s = script(s, "H", "G")
    s = do(s, "north", "leader_to", "F6")
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 1


# -- 11.5 momentum advance and 11.6 bonus close combat

def test_11_5_foot_advances_but_gets_no_bonus_without_a_leader():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 1), ("F5", "north", "MI")],
              ordered=("F3",))
    s = script(s, "B", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]
    s = do(s, "south", "advance", "F4")
    assert at(s, "F4").type == "HI" and s.turn.side == "north"


def test_11_6_foot_with_a_leader_advances_and_battles_again_any_adjacent_enemy():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 1), ("G4", "north", "MI"),
               ("F5", "north", "LI")], [("F3", "south", "Scipio")], ordered=("F3",))
    s = script(s, "B", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    s = do(s, "south", "advance", "F4")
    assert choices(s, "south") == [("bonus", "G4"), ("bonus", "F5"), ("stay", None)]
    s = do(s, "south", "bonus", "G4")
    s = script(s, "B", "B", "F", "G", "G")
    s = do(s, "north", "stand")
    s = do(s, "north", "retreat", "H5")
    # after a successful bonus combat it may advance, but not battle again
    assert choices(s, "south") == [("advance", "G4"), ("stay", None)]
    s = do(s, "south", "advance", "G4")
    assert at(s, "G4").type == "HI" and leader_hex(s, "Scipio") == "G4"
    assert s.turn.side == "north"


def test_11_5_cavalry_may_move_one_more_hex_then_battle_again():
    s = ready([("F3", "south", "MC"), ("F4", "north", "MI", 1), ("H5", "north", "LI")],
              terrain=[("F5", "forest")], ordered=("F3",))
    s = script(s, "B", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    s = do(s, "south", "advance", "F4")
    assert choices(s, "south") == [("extra", "G4"), ("extra", "E4"), ("extra", "G5"),
                                   ("extra", "F5"), ("extra", "G3"), ("extra", "F3"),
                                   ("stay", None)]
    s = do(s, "south", "extra", "G5")
    assert choices(s, "south") == [("bonus", "H5"), ("stay", None)]
    s = do(s, "south", "bonus", "H5")
    s = script(s, "G", "G", "G")
    s = do(s, "north", "stand")
    assert blocks(s, "H5") == 1
    s = do(s, "north", "no_battle_back")
    assert s.turn.side == "north"


def test_11_5_cavalry_extra_hex_into_forest_forbids_the_bonus_combat():
    s = ready([("F3", "south", "MC"), ("F4", "north", "MI", 1), ("F6", "north", "LI")],
              terrain=[("F5", "forest")], ordered=("F3",))
    s = script(s, "B", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    s = do(s, "south", "advance", "F4")
    s = do(s, "south", "extra", "F5")
    assert s.turn.side == "north"


def test_11_5_no_extra_hex_for_elephants_camels_and_chariots():
    for code in ("EL", "CA", "HCH"):
        s = ready([("F3", "south", code), ("F4", "north", "LI", 1), ("F6", "north", "MI")],
                  ordered=("F3",))
        s = script(s, "G", "G", "G", "G", "G")
        s = attack(s, "F3", "F4")
        s = do(s, "north", "stand")
        s = do(s, "south", "advance", "F4")
        assert s.turn.side == "north", code      # nothing adjacent, no extra hex


def test_11_5_no_advance_for_a_war_machine():
    s = ready([("F3", "south", "HWM"), ("F4", "north", "MI", 1)], ordered=("F3",))
    s = script(s, "B", "R")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert at(s, "F4") is None and s.turn.side == "north"


def test_11_5_leader_of_a_destroyed_unit_evades_before_the_advance():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 1)], [("F4", "north", "Hanno")],
              ordered=("F3",))
    s = script(s, "B", "G", "G", "G", "G", "G")   # the 1-die check: no helmet
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert at(s, "F4") is None and leader_hex(s, "Hanno") == "F4"
    assert RULES.view(s, "north").active == ["north"]
    s = do(s, "north", "leader_to", "G5")
    s = do(s, "north", "leader_stay")
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


def test_11_5_first_strike_unit_gets_no_advance_when_the_attacker_retreats():
    s = game([("F3", "south", "HI"), ("F4", "north", "MI")])
    s.hands["north"] = ["first_strike", FILLER]
    s = play(s, "order_4_center")
    s = order(s, "F3")
    s = to_battle(s)
    s = attack(s, "F3", "F4")
    s = script(s, "F", "G", "G", "G")
    s = do(s, "north", "first_strike")
    s = do(s, "south", "retreat", "E2")
    assert blocks(s, "E2") == 4 and blocks(s, "F4") == 4
    # the attack is over: no attack by the HI, no advance for the MI
    assert s.flow == [] and s.turn.side == "north"
    assert "first_strike" in s.discard and len(s.hands["north"]) == 2


# -- 12 leaders ----------------------------------------------------------------------------------

def test_12_1_two_helmets_kill_the_leader_of_a_unit_that_lost_blocks():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI"), ("E4", "north", "LI")],
              [("F4", "north", "Hanno")], ordered=("F3",))
    s = script(s, "B", "F", "G", "G", "G", "H", "H")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 1
    # hits, then the check, then flags: a dead leader gives no ignore
    assert choices(s, "north") == [("retreat", "F5"), ("retreat", "G5")]


def test_12_1_one_helmet_is_not_enough():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI")], [("F4", "north", "Hanno")],
              ordered=("F3",))
    s = script(s, "B", "F", "G", "G", "G", "H", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert leader_hex(s, "Hanno") == "F4" and s.banners["south"] == 0
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]


def test_12_1_no_check_when_the_unit_only_retreats():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI")], [("F4", "north", "Hanno")],
              ordered=("F3",))
    s = script(s, "F", "G", "G", "G", "G", "H", "H")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert s.rng.scripted == ["H", "H"]


def test_12_1_one_helmet_on_one_die_kills_the_leader_of_a_destroyed_unit():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 1)], [("F4", "north", "Hanno")],
              ordered=("F3",))
    s = script(s, "B", "G", "G", "G", "G", "H")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 2
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


def test_12_1_only_one_check_per_combat_sequence():
    """Hits, the 2-dice check, then a blocked retreat from the same roll: no second check."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI"), ("F5", "north", "LI"),
               ("G5", "north", "LI")], [("F4", "north", "Hanno")], ordered=("F3",))
    s = script(s, "B", "F", "G", "G", "G", "H", "G", "H", "H")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert s.rng.scripted == ["H", "H"]
    s = do(s, "north", "ignore", 0)          # accept the flag: blocked, 1 more block lost
    assert blocks(s, "F4") == 2 and leader_hex(s, "Hanno") == "F4"
    assert s.rng.scripted == ["H", "H"]


@pytest.mark.parametrize("second_check", [False, True])
def test_12_1_blocked_retreat_destroys_a_unit_whose_leader_was_already_checked(second_check):
    """Spec 12.1 / 18.14: no second roll, the leader just evades (option: the 1-die check)."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 2), ("F5", "north", "LI"),
               ("G5", "north", "LI")], [("F4", "north", "Hanno")], ordered=("F3",),
              options={"second_leader_check": second_check})
    s = script(s, "B", "F", "G", "G", "G", "H", "G", "H")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    s = do(s, "north", "ignore", 0)
    assert at(s, "F4") is None and s.banners["south"] == 1 + second_check
    if second_check:
        assert leader_hex(s, "Hanno") is None
    else:
        assert leader_hex(s, "Hanno") == "F4" and s.rng.scripted == ["H"]
        assert RULES.view(s, "north").active == ["north"]


def test_12_1_one_check_per_sequence_through_a_rampage_and_the_battle_back():
    """The attacker's leader is checked once in a combat sequence: its unit loses a block in the
    rampage, then more to the battle back of the blocked elephant (spec 12.1, 10.6)."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL"), ("F5", "north", "LI"),
               ("G5", "north", "LI")], [("F3", "south", "Scipio")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "G", "G", "G", "G",
               "X", "X", "X", "X",             # rampage on G5 and F5: nothing
               "R", "G",                       # rampage on F3: 1 hit
               "G", "B")                       # Scipio's check: survives
    s = do(s, "north", "stand")
    s = rampage(s, "G5", "F5")
    assert blocks(s, "F3") == 3 and blocks(s, "F4") == 2
    assert blocks(s, "F5") == 3 and blocks(s, "G5") == 3
    s = script(s, "R", "G", "G", "G", "G", "H", "H")
    s = do(s, "north", "battle_back")
    assert blocks(s, "F3") == 2
    assert leader_hex(s, "Scipio") == "F3" and s.rng.scripted == ["H", "H"]


def test_12_1_lone_leader_attack_uses_the_attackers_dice_and_terrain():
    s = ready([("F3", "south", "HI"), ("A9", "north", "LI")], [("F4", "north", "Hanno")],
              terrain=[("F4", "forest")], ordered=("F3",))
    s = script(s, "G", "H", "H")
    s = attack(s, "F3", "F4")
    assert dice(s) == ["G", "H"]
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 1 and s.turn.side == "north"


# -- 1 victory -----------------------------------------------------------------------------------

def test_1_the_last_banner_wins_at_once():
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 1), ("F5", "north", "MI")],
              [("F3", "south", "Scipio")], ordered=("F3",), banners=(5, 1))
    s = script(s, "B", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert s.result is not None and s.result.winners == ["south"] and not s.result.draw
    assert RULES.view(s, "south").actions == []
    assert RULES.view(s, "south").active == []


def test_1_the_defender_can_win_with_its_battle_back():
    s = ready([("F3", "south", "HI", 1), ("F4", "north", "MI")], ordered=("F3",),
              banners=(1, 5))
    s = script(s, "G", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    s = script(s, "X", "G", "G", "G")
    s = do(s, "north", "battle_back")
    assert s.result is not None and s.result.winners == ["north"]


def test_1_a_killed_leader_scores_a_banner():
    s = ready([("F3", "south", "HI"), ("A9", "north", "LI")], [("F4", "north", "Hanno")],
              ordered=("F3",), banners=(5, 1))
    s = script(s, "H", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    assert s.result is not None and s.result.winners == ["south"]


# -- 9.1 / spec 20: the defender is asked at every declaration -----------------------------------

def _declared(north_hand: list[str], bonus: bool = False) -> AncientsState:
    s = game([("F3", "south", "HI"), ("F4", "north", "MI", 1), ("G4", "north", "HI")],
             [("F3", "south", "Scipio")])
    s.hands["north"] = list(north_hand)
    s = play(s, "order_4_center")
    s = order(s, "F3")
    s = to_battle(s)
    s = attack(s, "F3", "F4")
    if bonus:
        s = script(s, "B", "G", "G", "G", "G")
        s = do(s, "north", "stand")
        s = do(s, "south", "advance", "F4")
        s = do(s, "south", "bonus", "G4")
    return s


@pytest.mark.parametrize("bonus", [False, True])
def test_9_1_defender_prompt_does_not_reveal_first_strike(bonus: bool):
    """The same decision, with the same prompt, whether or not the defender holds First Strike;
    the attacker's View is identical in both cases (spec 20)."""
    holding = _declared(["first_strike", "order_3_center", FILLER], bonus)
    without = _declared(["line_command", "order_3_center", FILLER], bonus)
    assert RULES.view(holding, "north").active == ["north"]
    assert RULES.view(without, "north").active == ["north"]
    assert RULES.view(holding, "north").prompt == RULES.view(without, "north").prompt
    assert choices(without, "north") == [("stand", None)]
    assert choices(holding, "north") == [("stand", None), ("first_strike", None)]
    for role in ("south", None):
        a = RULES.view(holding, role).model_dump()
        b = RULES.view(without, role).model_dump()
        assert a == b


# -- scenario special rules (spec 19.1; data/ancients/README.md) ----------------------------------

def test_scenario_castulo_losing_the_vital_leader_loses_the_battle():
    rules = {"vital_leader": {"south": "Scipio"}}
    s = game([("F3", "south", "MI"), ("F4", "north", "HI")], [("F3", "south", "Scipio"),
                                                              ("A1", "south", "Laelius")],
             first="north", rules=rules, banners=(8, 8))
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = script(s, "B", "G", "G", "G", "G", "H", "H")
    s = attack(s, "F4", "F3")
    s = do(s, "south", "stand")
    assert s.banners["north"] == 1
    assert s.result is not None and s.result.winners == ["north"]


def test_scenario_castulo_another_leader_is_only_a_banner():
    rules = {"vital_leader": {"south": "Scipio"}}
    s = game([("F3", "south", "MI"), ("F4", "north", "HI")], [("F3", "south", "Laelius"),
                                                              ("A1", "south", "Scipio")],
             first="north", rules=rules, banners=(8, 8))
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = script(s, "B", "G", "G", "G", "G", "H", "H")
    s = attack(s, "F4", "F3")
    s = do(s, "south", "stand")
    assert s.banners["north"] == 1 and s.result is None


def test_scenario_castulo_units_leave_through_the_enemy_baseline_for_a_banner():
    rules = {"exit_banners": {"south": ["center", "right"]}}
    s = game([("G9", "south", "MC"), ("B9", "south", "LC"), ("A1", "north", "LI")],
             [("G9", "south", "Scipio")], rules=rules)
    s = play(s, "order_mounted", (FILLER,))
    s = do(s, "south", "order", "G9")
    s = do(s, "south", "order", "B9")
    s = do(s, "south", "done")
    s = do(s, "south", "move", "G9")
    assert ("exit", "G9") in choices(s, "south")
    s = do(s, "south", "exit", "G9")
    assert "MC" not in [u.type for u in s.units.values()] and leader_hex(s, "Scipio") is None
    assert s.banners["south"] == 1
    # the south player's left section gives nothing: no exit there
    s = do(s, "south", "move", "B9")
    exits = [arg for verb, arg in choices(s, "south") if verb == "exit"]
    assert "B9" not in exits     # its own left section gives nothing
    assert exits == ["E9"]       # but it may ride 3 hexes to E9 (left and centre) and leave


def test_scenario_castulo_a_unit_may_reach_the_baseline_and_leave_in_one_move():
    """Leaving the board costs a hex of movement: MC (3) from G7 reaches G9 in 2, then leaves."""
    rules = {"exit_banners": {"south": ["center", "right"]}}
    s = game([("G7", "south", "MC"), ("A1", "north", "LI")], rules=rules)
    s = play(s, "order_mounted", (FILLER,))
    s = do(s, "south", "order", "G7")
    s = do(s, "south", "done")
    s = do(s, "south", "move", "G7")
    exits = sorted(arg for verb, arg in choices(s, "south") if verb == "exit")
    assert exits == ["F9", "G9", "H9"]
    s = do(s, "south", "exit", "H9")
    assert not s.units.get("s1") and s.banners["south"] == 1


def test_scenario_baecula_camp_hexes_score_once():
    rules = {"hex_banners": {"south": ["F5"]}}
    s = game([("F3", "south", "LI"), ("G3", "south", "LI"), ("A9", "north", "LI")], rules=rules)
    s = play(s, "order_2_center")
    s = order(s, "F3", "G3")
    s = move(s, "F3", "F5")
    assert s.banners["south"] == 1
    s = move(s, "G3", "G4")
    assert s.banners["south"] == 1 and s.hex_banners_taken == ["F5"]


def test_scenario_baecula_camp_taken_by_a_momentum_advance():
    rules = {"hex_banners": {"south": ["F4"]}}
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 1)], ordered=("F3",), rules=rules)
    s = script(s, "B", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert s.banners["south"] == 1
    s = do(s, "south", "advance", "F4")
    assert s.banners["south"] == 2


def test_scenario_trasimenus_hand_grows_by_two_after_each_of_the_first_two_turns():
    rules = {"hand_growth": {"south": [2, 2]}}
    s = game([("F3", "south", "LI"), ("F7", "north", "LI")], first="south", rules=rules,
             cards=(5, 2))
    assert len(s.hands["south"]) == 2
    sizes = []
    for _ in range(3):
        s.hands["south"] = ["order_2_left"] * len(s.hands["south"])
        s = do(s, "south", "card", "order_2_left")
        s = do(s, "south", "done")          # order nothing: the turn ends
        sizes.append(len(s.hands["south"]))
        s.hands["north"] = ["order_2_left"] * len(s.hands["north"])
        s = do(s, "north", "card", "order_2_left")
        s = do(s, "north", "done")
    assert sizes == [3, 4, 4]
    assert len(s.hands["north"]) == 5


def test_scenario_beneventum_third_banner_brings_two_cards():
    rules = {"banner_reinforcement": {"south": {"banners": 3, "draw": 2, "hand": 6}}}
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI", 1), ("G3", "south", "HI"),
               ("G4", "north", "MI", 1)], ordered=("F3", "G3"), rules=rules, banners=(7, 7))
    s.banners["south"] = 1
    hand = len(s.hands["south"])
    s = script(s, "B", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert s.banners["south"] == 2 and len(s.hands["south"]) == hand
    s = do(s, "south", "stay")
    s = script(s, "B", "G", "G", "G", "G")
    s = attack(s, "G3", "G4")
    s = do(s, "north", "stand")
    assert s.banners["south"] == 3 and len(s.hands["south"]) == hand + 2
    assert s.hand_limit["south"] == 6
    s = do(s, "south", "stay")
    assert len(s.hands["south"]) == hand + 3      # and the normal draw


def test_scenario_trebbia_ambush_enters_on_the_enemy_baseline_with_a_leadership_card():
    rules = {"ambush": {"side": "north", "units": ["MC", "WA", "WA"], "leader": "Mago"}}
    s = game([("A3", "south", "LI"), ("F7", "north", "HI")], [("F7", "north", "Hannibal")],
             first="north", rules=rules)
    assert s.reserve and all(u.hex == "" for u in s.reserve)
    # not on the first turn
    s = play(s, "inspired_center")
    assert ("ambush", None) not in choices(s, "north")
    s = do(s, "north", "one_unit")
    s = do(s, "north", "done")
    s = play(s, "order_2_left")
    s = do(s, "south", "done")
    # later, with a Leadership card: the ambush enters in that card's section
    s = play(s, "inspired_center")
    assert ("ambush", None) in choices(s, "north")
    s = do(s, "north", "ambush")
    entered = sorted((u.hex, u.type) for u in s.units.values() if u.id.startswith("nA"))
    assert entered == [("E1", "MC"), ("F1", "WA"), ("G1", "WA")]
    assert leader_hex(s, "Mago") == "E1" and s.reserve == []
    # they are ordered; entering was their first hex of movement
    assert all(s.turn.moved[u.id] == 1 for u in s.units.values() if u.id.startswith("nA"))


def _ambush_sprung() -> AncientsState:
    rules = {"ambush": {"side": "north", "units": ["MC", "WA", "WA"], "leader": "Mago"}}
    s = game([("A3", "south", "LI"), ("F7", "north", "HI")], [("F7", "north", "Hannibal")],
             first="north", rules=rules)
    s = play(s, "inspired_center")
    s = do(s, "north", "one_unit")
    s = do(s, "north", "done")
    s = play(s, "order_2_left")
    s = do(s, "south", "done")
    s = play(s, "inspired_center")
    return do(s, "north", "ambush")


def test_scenario_trebbia_ambush_units_may_use_the_rest_of_their_move():
    s = _ambush_sprung()
    s = do(s, "north", "done")
    assert ("move", "E1") in choices(s, "north")        # the MC: 3 hexes, 1 used


# -- more close-combat details ---------------------------------------------------------------------

def test_11_6_bonus_close_combat_may_target_a_lone_leader():
    """Spec 18.30: yes, and no advance follows it."""
    s = ready([("F3", "south", "MC"), ("F4", "north", "MI", 1)], [("G4", "north", "Hanno")],
              ordered=("F3",))
    s = script(s, "B", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    s = do(s, "south", "advance", "F4")
    s = do(s, "south", "stay")
    assert choices(s, "south") == [("bonus", "G4"), ("stay", None)]
    s = script(s, "H", "G", "G")
    s = do(s, "south", "bonus", "G4")
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 2
    assert s.turn.side == "north"


def test_11_5_the_unit_battling_back_never_advances():
    s = ready([("F3", "south", "MI", 1), ("F4", "north", "HI")], ordered=("F3",))
    s = script(s, "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    s = script(s, "B", "G", "G", "G", "G")
    s = do(s, "north", "battle_back")
    assert at(s, "F3") is None and s.banners["north"] == 1
    assert s.flow == [] and s.turn.side == "north" and blocks(s, "F4") == 4


def test_12_1_ranged_losses_also_bring_a_casualty_check():
    s = ready([("F2", "south", "LB"), ("F5", "north", "MI")], [("F5", "north", "Hanno")],
              ordered=("F2",))
    s = script(s, "B", "G", "H", "H")
    s = attack(s, "F2", "F5", "fire")
    assert leader_hex(s, "Hanno") is None and blocks(s, "F5") == 3
    assert s.banners["south"] == 1


def test_16_4_first_strike_against_an_elephant_uses_the_elephants_dice_rule():
    """An MI striking first at an attacking elephant rolls its battle-back dice (4); the
    elephant, struck, ignores the swords."""
    s = game([("F3", "south", "EL"), ("F4", "north", "MI")])
    s.hands["north"] = ["first_strike", FILLER]
    s = play(s, "order_4_center")
    s = order(s, "F3")
    s = to_battle(s)
    s = attack(s, "F3", "F4")
    s = script(s, "X", "X", "R", "G", "H", "H", "H", "H")
    s = do(s, "north", "first_strike")
    assert blocks(s, "F3") == 1
    assert s.rng.scripted == [] and blocks(s, "F4") == 4


def test_15_sacred_band_helmets_hit_without_a_leader_and_it_ignores_a_flag():
    sb = ("F4", "north", "HI", {"special": "sacred_band"})
    s = game([("F3", "south", "MI"), sb], first="north")
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = script(s, "H", "H", "G", "G", "G")
    s = attack(s, "F4", "F3")
    s = do(s, "south", "stand")
    assert blocks(s, "F3") == 2
    # attacked, it may ignore a flag
    s = ready([("F3", "south", "HI"), sb], ordered=("F3",))
    s = script(s, "F", "G", "G", "G", "G")
    s = attack(s, "F3", "F4")
    s = do(s, "north", "stand")
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]


def test_15_sacred_band_option_two_hits_per_helmet_with_a_leader():
    sb = ("F4", "north", "HI", {"special": "sacred_band"})
    s = game([("F3", "south", "MI"), sb], [("F4", "north", "Hasdrubal")], first="north",
             options={"sacred_band_helmets": "two_with_leader"})
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = script(s, "H", "G", "G", "G", "G")
    s = attack(s, "F4", "F3")
    s = do(s, "south", "stand")
    assert blocks(s, "F3") == 2


@pytest.mark.parametrize("frm, code, protected", [
    ("F3", "MI", True),      # across the SW front
    ("G3", "MI", True),      # across the SE front
    ("E4", "MI", False),     # from the west: no rampart there
    ("F3", "MC", False),     # mounted units get no rampart benefit
])
def test_14_6_rampart_front_hexsides_in_close_combat(frm: str, code: str, protected: bool):
    s = ready([(frm, "south", "HI"), ("F4", "north", code)],
              terrain=[("F4", "rampart", {"front": ["SW", "SE"]})], ordered=(frm,))
    s = script(s, "X", "F", "G", "G", "G")
    s = attack(s, frm, "F4")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == at(s, "F4").max_blocks - (0 if protected else 1)
    if protected:
        assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]
    else:
        assert choices(s, "north") == [("retreat", "F5"), ("retreat", "G5")]


@pytest.mark.parametrize("front, protected", [(["SE"], True), (["SW"], False),
                                              (["NE", "NW"], False)])
def test_14_6_rampart_front_against_ranged_fire(front: list[str], protected: bool):
    """Spec 14.6 / 18.29: the hexside the line of sight enters by. From F2, the line to F5
    enters F5 through its south-east side."""
    s = ready([("F2", "south", "LB"), ("F5", "north", "MI")],
              terrain=[("F5", "rampart", {"front": front})], ordered=("F2",))
    s = script(s, "F", "G")
    s = attack(s, "F2", "F5", "fire")
    if protected:
        assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]
    else:
        assert choices(s, "north") == [("retreat", "E6"), ("retreat", "F6")]


def test_14_6_rampart_fire_along_a_vertex_gives_the_defender_the_benefit():
    """F2 to F4 runs straight up into F4's southern vertex, between its SW and SE sides."""
    for front in (["SW"], ["SE"]):
        s = ready([("F2", "south", "LB"), ("F4", "north", "MI")],
                  terrain=[("F4", "rampart", {"front": front})], ordered=("F2",))
        s = script(s, "F", "G")
        s = attack(s, "F2", "F4", "fire")
        assert choices(s, "north") == [("ignore", 1), ("ignore", 0)], front


def test_10_6_the_player_causing_a_rampage_orders_its_rolls():
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL"), ("G4", "north", "LI")],
              ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "H", "H", "H", "H", "X", "X", "X", "X")
    s = do(s, "north", "stand")
    assert RULES.view(s, "south").active == ["south"]
    assert sorted(a for _, a in choices(s, "south")) == ["F3", "G4"]


# -- terrain and ranged dice -----------------------------------------------------------------------

def test_14_5_firing_from_a_ford_rolls_one_die():
    s = ready([("F2", "south", "LB"), ("F5", "north", "MI")],
              terrain=[("F2", "river", {"fordable": True})], ordered=("F2",))
    s = script(s, "B", "B")
    s = attack(s, "F2", "F5", "fire")
    assert dice(s) == ["B"]


def test_14_3_hills_do_not_change_ranged_dice():
    s = ready([("F2", "south", "LB"), ("F5", "north", "MI")],
              terrain=[("F2", "hill"), ("F5", "hill")], ordered=("F2",))
    s = script(s, "B", "B")
    s = attack(s, "F2", "F5", "fire")
    assert dice(s) == ["B", "B"]


def test_14_7_fortified_camp_under_fire():
    """The firer in a camp rolls 1 die fewer; a foot defender in a camp may ignore a flag."""
    s = ready([("F2", "south", "LB"), ("F5", "north", "MI")], terrain=[("F2", "camp")],
              ordered=("F2",))
    s = script(s, "B", "B")
    s = attack(s, "F2", "F5", "fire")
    assert dice(s) == ["B"]
    s = ready([("F2", "south", "LB"), ("F5", "north", "MI")], terrain=[("F5", "camp")],
              ordered=("F2",))
    s = script(s, "F", "B")
    s = attack(s, "F2", "F5", "fire")
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]


@pytest.mark.parametrize("order_, n", [("minus_then_cap", 2), ("cap_then_minus", 1)])
def test_17_1_camp_minus_one_and_terrain_caps(order_: str, n: int):
    """Spec 17.1 / 18.4: HI in a camp attacking into a forest: min(5 - 1, 2) = 2 by default;
    the option caps first: min(5, 2) - 1 = 1."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "MI")],
              terrain=[("F3", "camp"), ("F4", "forest")], ordered=("F3",),
              options={"camp_order": order_})
    s = attack(s, "F3", "F4")
    s = script(s, "G", "G", "G")
    s = do(s, "north", "stand")
    assert len(dice(s)) == n
