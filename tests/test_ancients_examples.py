"""The rulebook's worked examples (spec 9.9), set up as positions and played through the View with
the dice the rulebook reports. The figures are not in the text, so each position is built to fit
the words; the line numbers point at the Russian rulebook."""

from __future__ import annotations

from tests.test_ancients_rules_combat import (
    FILLER,
    at,
    attack,
    blocks,
    choices,
    dice,
    do,
    game,
    leader_hex,
    order,
    play,
    rampage,
    ready,
    script,
    scripted_dice_only,  # noqa: F401 - every die rolled must be scripted
    to_battle,
)


def test_ranged_combat_example_L1243():
    """All Roman units are ordered. The archers fire 3 hexes, the light cavalry and the light
    infantry 2; the slingers' line of sight is blocked by their own units; the auxilia, next to
    an enemy, may not fire but may attack it; once that enemy has gone, they may fire."""
    units = [("B2", "south", "LB"), ("K2", "south", "LI"), ("J2", "south", "LC"),
             ("D3", "south", "LS"), ("E3", "south", "MI"), ("I3", "south", "AX"),
             ("B5", "north", "MI"), ("K4", "north", "MI"), ("I4", "north", "MC"),
             ("G3", "north", "MI")]
    s = game(units)
    s = play(s, "order_light", (FILLER,) * 4)
    s = order(s, "B2", "K2", "J2", "D3", "I3")
    s = to_battle(s)
    targets = {}
    for h in ("B2", "K2", "J2", "I3"):
        s2 = do(s, "south", "battle", h)
        targets[h] = sorted((v, a) for v, a in choices(s2, "south") if v != "cancel")
    assert targets["B2"] == [("fire", "B5")]
    assert targets["K2"] == [("fire", "K4")]
    assert ("fire", "I4") in targets["J2"]
    assert targets["I3"] == [("close", "I4")]
    s2 = do(s, "south", "battle", "D3")
    assert choices(s2, "south") == [("fire", "B5"), ("cancel", None)]   # not G3, behind E3
    # the light cavalry (unmoved: 2 dice) drives the medium cavalry off
    s = script(s, "B", "F")
    s = attack(s, "J2", "I4", "fire")
    assert blocks(s, "I4") == 2
    for _ in range(3):
        opts = choices(s, "north")
        s = do(s, "north", *opts[0])
    assert at(s, "I4") is None
    s = do(s, "south", "battle", "I3")
    assert choices(s, "south") == [("fire", "G3"), ("cancel", None)]


def test_warriors_example_L1675():
    """A full-strength WA, no leader, is attacked by a MC and then a HI."""
    s = game([("F5", "north", "WA"), ("F4", "south", "MC"), ("E4", "south", "HI")])
    s = play(s, "order_2_center")
    s = order(s, "F4", "E4")
    s = to_battle(s)
    # the MC rolls 3 dice: a blue triangle and a flag; the WA loses a block and ignores the flag
    s = script(s, "B", "F", "G")
    s = attack(s, "F4", "F5")
    s = do(s, "north", "stand")
    assert blocks(s, "F5") == 3
    assert choices(s, "north") == [("ignore", 1), ("ignore", 0)]
    s = do(s, "north", "ignore", 1)
    # it battles back with 4 dice, the block having been lost in this battle: swords and a flag
    s = script(s, "X", "F", "G", "G")
    s = do(s, "north", "battle_back")
    assert len(dice(s)) == 4 and blocks(s, "F4") == 2
    for h in ("F3", "F2", "F1"):                 # the MC retreats 3 hexes
        s = do(s, "south", "retreat", h)
    assert blocks(s, "F1") == 2
    # the HI rolls 5: swords, a blue triangle, a flag; the WA, no longer at full strength, loses
    # 2 blocks and must retreat 2 hexes
    s = script(s, "X", "B", "F", "G", "G")
    s = attack(s, "E4", "F5")
    s = do(s, "north", "stand")
    assert blocks(s, "F5") == 1
    s = do(s, "north", "retreat", "E6")
    s = do(s, "north", "retreat", "E7")
    assert blocks(s, "E7") == 1
    # the HI may advance into the vacated hex
    assert choices(s, "south") == [("advance", "F5"), ("stay", None)]


def test_melee_example_A_L1880_auxilia():
    """Auxilia that move 2 hexes lose the close combat; moving 1 they may fire 1 die."""
    s = game([("F2", "south", "AX"), ("F5", "north", "MI")])
    s = play(s, "order_2_center")
    s = order(s, "F2")
    s = do(s, "south", "move", "F2")
    s = do(s, "south", "to", "F4")
    assert s.turn.side == "north"
    s = game([("F2", "south", "AX"), ("F5", "north", "MI")])
    s = play(s, "order_2_center")
    s = order(s, "F2")
    s = do(s, "south", "move", "F2")
    s = do(s, "south", "to", "F3")
    s = script(s, "G", "G")
    s = attack(s, "F3", "F5", "fire")
    assert len(dice(s)) == 1


def test_melee_example_B_L1886_warriors_charge():
    """The WA with a leader charges 2 hexes and must fight the cavalry or the infantry; 4 dice,
    squares, swords and helmets hit. 2 hits, no flag: the HC battles back with 4 dice; the WA
    can ignore 3 flags (full strength, leader, support)."""
    s = game([("F3", "south", "WA"), ("E5", "south", "MI"), ("G5", "south", "MI"),
              ("F6", "north", "HC"), ("E6", "north", "MI")], [("F3", "south", "Scipio")])
    s = play(s, "order_4_center")
    s = order(s, "F3")
    s = do(s, "south", "move", "F3")
    s = do(s, "south", "to", "F5")
    s = do(s, "south", "battle", "F5")
    assert sorted(choices(s, "south")) == [("close", "E6"), ("close", "F6")]
    s = do(s, "south", "close", "F6")
    # heavy cavalry may evade foot; in the example it stands
    assert choices(s, "north") == [("stand", None), ("evade", None)]
    s = script(s, "R", "H", "G", "B")
    s = do(s, "north", "stand")
    assert len(dice(s)) == 4 and blocks(s, "F6") == 1
    s = script(s, "B", "F", "F", "F", "G", "G")
    s = do(s, "north", "battle_back")
    assert blocks(s, "F5") == 3 and leader_hex(s, "Scipio") == "F5"
    assert choices(s, "south") == [("ignore", 3), ("ignore", 2), ("ignore", 1), ("ignore", 0)]
    s = do(s, "south", "ignore", 3)
    assert at(s, "F5").type == "WA" and s.turn.side == "north"


def test_melee_example_C_L1915_elephants_against_heavy_infantry():
    """The elephant may fight the HI with 5 dice or the archers with 2. A square, 2 swords and a
    flag; the 2 swords are re-rolled, for nothing. The HI loses 3 blocks, ignores the flag thanks
    to its support and battles back with 5 dice, where only squares hurt."""
    s = game([("F4", "south", "EL"), ("F5", "north", "HI"), ("G5", "north", "LB"),
              ("E6", "north", "MI")], [("F4", "south", "Scipio")])
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s2 = do(s, "south", "battle", "F4")
    assert sorted(choices(s2, "south")) == [("cancel", None), ("close", "F5"), ("close", "G5")]
    s = attack(s, "F4", "F5")
    s = script(s, "R", "X", "X", "F", "H", "G", "B")
    s = do(s, "north", "stand")
    assert dice(s) == ["R", "X", "X", "F", "H", "G", "B"]
    assert blocks(s, "F5") == 1                   # the helmet does not count for elephants
    s = do(s, "north", "ignore", 1)
    s = script(s, "X", "X", "R", "G", "B", "G", "G")
    s = do(s, "north", "battle_back")
    assert len(dice(s)) == 5 and blocks(s, "F4") == 1
    assert leader_hex(s, "Scipio") == "F4" and s.rng.scripted == []


def test_melee_example_D_L1934_light_cavalry_against_archers():
    s = game([("F4", "south", "LC"), ("F5", "north", "LB"), ("G5", "north", "MI"),
              ("E6", "north", "MI")])
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = attack(s, "F4", "F5")
    s = script(s, "X", "F")
    s = do(s, "north", "stand")
    assert blocks(s, "F5") == 4                   # swords do not count for light cavalry
    s = do(s, "north", "ignore", 1)               # supported archers ignore 1 flag
    s = script(s, "G", "X")
    s = do(s, "north", "battle_back")
    assert len(dice(s)) == 2 and blocks(s, "F4") == 2


def test_melee_example_E_L1942_chariots_against_chariots():
    s = game([("F4", "south", "HCH"), ("F5", "north", "HCH")])
    s = play(s, "order_4_center")
    s = order(s, "F4")
    s = to_battle(s)
    s = attack(s, "F4", "F5")
    s = script(s, "X", "X", "G", "G")
    s = do(s, "north", "stand")
    assert len(dice(s)) == 4 and blocks(s, "F5") == 1     # one sword ignored
    s = script(s, "R", "X", "G")
    s = do(s, "north", "battle_back")
    assert len(dice(s)) == 3 and blocks(s, "F4") == 1


def test_elephant_example_LI_L2075():
    """2 dice against unsupported LI: a circle and swords; the swords die is re-rolled: swords
    again, then a flag. 3 blocks lost, a 2-hex retreat; the elephant may advance."""
    s = ready([("F3", "south", "EL"), ("F4", "north", "LI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "G", "X", "X", "F")
    s = do(s, "north", "stand")
    assert blocks(s, "F4") == 1
    s = do(s, "north", "retreat", "F5")
    s = do(s, "north", "retreat", "F6")
    assert choices(s, "south") == [("advance", "F4"), ("stay", None)]


def test_elephant_example_A_L2136_heavy_cavalry_short_of_room():
    """1 flag against HC: a 3-hex retreat; it cannot make the last hex and loses a block. The
    elephant advances and declines the bonus combat."""
    s = ready([("F6", "south", "EL"), ("F7", "north", "HC"), ("G7", "north", "MI")],
              ordered=("F6",))
    s = attack(s, "F6", "F7")
    s = script(s, "F", "G", "G", "G")
    s = do(s, "north", "stand")
    s = do(s, "north", "retreat", "E8")
    s = do(s, "north", "retreat", "F9")
    assert blocks(s, "F9") == 2
    s = do(s, "south", "advance", "F7")
    assert choices(s, "south") == [("bonus", "G7"), ("stay", None)]
    s = do(s, "south", "stay")
    assert s.turn.side == "north"


def test_rampage_example_L2867():
    """2 flags; both retreat hexes hold friendly units, one with 1 block, one full: each loses 2
    blocks, the first is destroyed. The elephant stays and may battle back."""
    s = ready([("F3", "south", "HI"), ("F4", "north", "EL"), ("F5", "north", "MI", 1),
               ("G5", "north", "HI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "F", "F", "G", "G", "G", *["G"] * 6)
    s = do(s, "north", "stand")
    s = rampage(s, "G5", "F5")
    assert at(s, "F5") is None and blocks(s, "G5") == 2
    assert blocks(s, "F4") == 2 and s.banners == {"north": 0, "south": 1}
    assert choices(s, "north") == [("battle_back", None), ("no_battle_back", None)]


def test_combined_rampage_example_L2145_L2252():
    """Roman warriors with a leader roll 2 flags against the Carthaginian elephant. It rampages
    against all 5 adjacent units, its own 2 behind it included (they give it no support); the
    warriors lose a block and their leader is checked. Its retreat is blocked by the 2 units
    behind: they lose 2 blocks each. Then it battles back against the warriors with 3 dice."""
    s = ready([("F4", "south", "WA"), ("E4", "south", "MI"), ("G5", "south", "MI"),
               ("F5", "north", "EL"), ("E6", "north", "MI"), ("F6", "north", "MI")],
              [("F4", "south", "Scipio")], ordered=("F4",))
    s = attack(s, "F4", "F5")
    s = script(s, "F", "F", "G", "G",          # the WA's 4 dice: 2 flags
               "G", "G",                       # G5
               "G", "G",                       # F6
               "G", "G",                       # E6
               "B", "G",                       # F4: the WA loses a block
               "G", "H",                       # Scipio's check
               "G", "G")                       # E4
    s = do(s, "north", "stand")
    s = rampage(s, "G5", "F6", "E6", "F4")
    assert s.rng.scripted == []
    assert blocks(s, "F4") == 3 and leader_hex(s, "Scipio") == "F4"
    assert blocks(s, "E6") == 2 and blocks(s, "F6") == 2 and blocks(s, "F5") == 2
    s = script(s, "B", "X", "F", "G", "H", "H")
    s = do(s, "north", "battle_back")
    assert dice(s) == ["B", "X", "F", "G"]        # 3 dice, the scoring X rolled again
    assert blocks(s, "F4") == 1
    # the leader was checked in this combat already: no second check
    assert s.rng.scripted == ["H", "H"] and leader_hex(s, "Scipio") == "F4"
    # leader, support and the bonus kept within this battle
    assert choices(s, "south") == [("ignore", 1), ("ignore", 0)]


def test_combat_and_evade_example_A_L2571():
    """MI against reduced archers who evade: 4 dice, only circles hit; only 1 hex is free."""
    s = ready([("F4", "south", "MI", 2), ("F5", "north", "LB", 2), ("F6", "north", "MI"),
               ("E7", "north", "MI"), ("F7", "north", "MI")], ordered=("F4",))
    s = attack(s, "F4", "F5")
    s = script(s, "G", "B", "X", "H")
    s = do(s, "north", "evade")
    assert blocks(s, "E6") == 1 and at(s, "F5") is None
    assert s.turn.side == "north"


def test_combat_and_evade_example_D_E_L2580():
    """A 1-block HI with a leader rolls 5 dice: a hit and a helmet destroy D. It advances and
    attacks E, a cavalry unit that evades after the 5-dice roll where only triangles count."""
    s = ready([("F3", "south", "HI", 1), ("F4", "north", "MI", 2), ("G5", "north", "MC")],
              [("F3", "south", "Scipio")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    s = script(s, "B", "H", "G", "G", "G")
    s = do(s, "north", "stand")
    assert at(s, "F4") is None
    s = do(s, "south", "advance", "F4")
    s = do(s, "south", "bonus", "G5")
    assert choices(s, "north") == [("stand", None), ("evade", None)]
    s = script(s, "B", "R", "G", "X", "H")
    s = do(s, "north", "evade")
    assert len(dice(s)) == 5 and blocks(s, "G5") == 2
    s = do(s, "north", "evade", "G6")
    s = do(s, "north", "evade", "H7")
    assert blocks(s, "H7") == 2 and at(s, "F4").type == "HI" and s.turn.side == "north"


def test_combat_and_evade_example_B_C_L2600():
    """HC forces chariots (which may not evade cavalry) back, advances, takes the extra hex to X
    and attacks slingers who cannot evade: a hit and a flag with the retreat closed destroy them.
    The HC may advance, but has no extra hex and no further combat."""
    s = ready([("F3", "south", "HC"), ("F4", "north", "HCH"), ("E6", "north", "LS", 3),
               ("E7", "south", "MI"), ("F7", "south", "MI")], ordered=("F3",))
    s = attack(s, "F3", "F4")
    assert choices(s, "north") == [("stand", None)]
    s = script(s, "F", "G", "G", "G")
    s = do(s, "north", "stand")
    s = do(s, "north", "retreat", "G5")
    s = do(s, "north", "retreat", "G6")
    s = do(s, "south", "advance", "F4")
    s = do(s, "south", "extra", "F5")
    assert choices(s, "south") == [("bonus", "E6"), ("stay", None)]
    s = do(s, "south", "bonus", "E6")
    assert choices(s, "north") == [("stand", None)]
    s = script(s, "G", "F", "B", "B")
    s = do(s, "north", "stand")
    assert at(s, "E6") is None and s.banners["south"] == 1
    assert choices(s, "south") == [("advance", "E6"), ("stay", None)]
    s = do(s, "south", "advance", "E6")
    assert at(s, "E6").type == "HC" and s.turn.side == "north"


def test_morale_example_L2647_medium_cavalry_accepts_one_flag():
    """MC with a leader and support on both sides takes 2 flags from ranged fire, ignores one and
    accepts the other: a 3-hex retreat."""
    s = ready([("F2", "south", "LB"), ("F5", "north", "MC"), ("E5", "north", "MI"),
               ("G5", "north", "MI")], [("F5", "north", "Hanno")], ordered=("F2",))
    s = script(s, "F", "F")
    s = attack(s, "F2", "F5", "fire")
    assert choices(s, "north") == [("ignore", 2), ("ignore", 1), ("ignore", 0)]
    s = do(s, "north", "ignore", 1)
    for h in ("F6", "F7", "F8"):
        s = do(s, "north", "retreat", h)
    assert blocks(s, "F8") == 3 and leader_hex(s, "Hanno") == "F8"


def test_retreat_example_B_L2836_light_cavalry_hemmed_in():
    """LC with support, 2 flags: it ignores 1 but must still retreat 4; its own units close the
    way, so it loses all 3 blocks."""
    s = ready([("F4", "south", "HI"), ("F5", "north", "LC"), ("E5", "north", "MI"),
               ("G5", "north", "MI"), ("E6", "north", "MI"), ("F6", "north", "MI")],
              ordered=("F4",))
    s = attack(s, "F4", "F5")
    s = script(s, "F", "F", "B", "B", "B")
    s = do(s, "north", "stand")
    s = do(s, "north", "ignore", 1)
    assert at(s, "F5") is None and s.banners["south"] == 1


def _leader_attacked():
    return [("F4", "south", "HI")], [("F5", "north", "Hanno")]


def test_leader_escape_example_1_L3190():
    """The leader picks the LI's hex (2 dice) rather than the MC's (3 dice); swords and a square
    do not kill it; it goes on to a free hex."""
    units, leaders = _leader_attacked()
    s = ready(units + [("E6", "south", "LI"), ("F6", "south", "MC")], leaders, ordered=("F4",))
    s = script(s, "G", "G", "G", "G", "G")
    s = attack(s, "F4", "F5")
    assert choices(s, "north") == [("leader_to", "E6"), ("leader_to", "F6")]
    s = script(s, "X", "R")
    s = do(s, "north", "leader_to", "E6")
    assert s.rng.scripted == []
    assert ("leader_stay", None) not in choices(s, "north")
    s = do(s, "north", "leader_to", "E7")
    s = do(s, "north", "leader_stay")
    assert leader_hex(s, "Hanno") == "E7" and s.banners["south"] == 0


def test_leader_escape_example_2_L3206():
    """A free hex, then an enemy MC (3 dice: 2 flags and a circle), then a friendly unit: the
    leader ends 3 hexes back, attached to it."""
    units, leaders = _leader_attacked()
    s = ready(units + [("F7", "south", "MC"), ("F8", "north", "MI")], leaders, ordered=("F4",))
    s = script(s, "G", "G", "G", "G", "G")
    s = attack(s, "F4", "F5")
    s = do(s, "north", "leader_to", "F6")
    s = script(s, "F", "F", "G")
    s = do(s, "north", "leader_to", "F7")
    assert s.rng.scripted == []
    s = do(s, "north", "leader_to", "F8")
    assert choices(s, "north") == [("leader_stay", None)]
    s = do(s, "north", "leader_stay")
    assert leader_hex(s, "Hanno") == "F8"


def test_leader_escape_example_3_L3226():
    """Through an LI (a flag and swords) and then a MC, whose 3 dice show a triangle and 2
    helmets: one helmet was enough; the leader dies."""
    units, leaders = _leader_attacked()
    s = ready(units + [("E6", "south", "LI"), ("E7", "south", "MC")], leaders, ordered=("F4",))
    s = script(s, "G", "G", "G", "G", "G")
    s = attack(s, "F4", "F5")
    s = script(s, "F", "X")
    s = do(s, "north", "leader_to", "E6")
    s = script(s, "B", "H", "H")
    s = do(s, "north", "leader_to", "E7")
    assert leader_hex(s, "Hanno") is None and s.banners["south"] == 1


def test_rally_example_L4825():
    """2 helmets and 2 squares: two blocks back to the leader's 2-block heavy infantry rather
    than its light neighbour (the elephant cannot be rallied); the other leader's two heavy
    neighbours get one block each. The three rallied units are the ordered ones."""
    units = [("F3", "south", "HI", 2), ("G3", "south", "LI", 2), ("E3", "south", "EL", 1),
             ("J3", "south", "HI", 2), ("L3", "south", "HI", 2), ("F8", "north", "MI")]
    s = game(units, [("F3", "south", "Scipio"), ("K3", "south", "Laelius")])
    s.hands["south"] = ["rally", FILLER, FILLER, FILLER]
    s = script(s, "H", "H", "R", "R")
    s = do(s, "south", "card", "rally")
    assert sorted(a for v, a in choices(s, "south") if v == "rally") == ["F3", "G3", "J3", "L3"]
    for h in ("F3", "F3", "J3", "L3"):
        s = do(s, "south", "rally", h)
    assert s.turn.dice_pool == []
    assert (blocks(s, "F3"), blocks(s, "J3"), blocks(s, "L3"), blocks(s, "G3")) == (4, 3, 3, 2)
    s = do(s, "south", "done")
    assert sorted(s.units[u].hex for u in s.turn.ordered) == ["F3", "J3", "L3"]
