"""Pax Romana control (§5): spaces, provinces (the rulebook's Egypt, Bruttium and Italia
examples), territories, the effect of other sides' armies, and the Line of Communication
(§6.1.5-6.1.8)."""

from __future__ import annotations

from games.pax_romana.control import (
    controllers,
    province_map,
    reachable,
    space_controller,
    territory_map,
)
from games.pax_romana.state import City
from tests.pax_romana_support import blank


def test_5_1_1_home_spaces_are_their_powers_unless_occupied() -> None:
    s = blank()
    assert space_controller(s, "memphis") == "east"
    assert space_controller(s, "gades") is None           # outside any home: nobody
    s.add("memphis", "rome", "LI")
    assert space_controller(s, "memphis") == "rome"
    s.add("gades", "carthage", "GR")
    assert space_controller(s, "gades") == "carthage"     # a garrison controls (§12.1.2)
    s.add("malaca", "carthage", "GS")
    s.add("malaca", "carthage", "EL")
    assert space_controller(s, "malaca") is None          # galleys, elephants do not (§5.4.2)
    s.cities["corduba"] = City(owner="carthage", kind="settlement", fp=2)
    assert space_controller(s, "corduba") == "carthage"   # a settlement does (§7.2.1)
    s.tribes["asturica"] = 4
    assert space_controller(s, "asturica") == "barbarian"  # an unrevealed tribe (§13.1.5)


def test_5_2_2a_egypt_held_by_its_capital() -> None:
    """§5.2.2a example: the East holds Alexandria, others Memphis, Pelusium and El-Fayum; the
    East still controls Egypt."""
    s = blank()
    for sp in ("memphis", "pelusium", "el_fayum"):
        s.add(sp, "rome", "LI")
    assert province_map(s)["egypt"] == "east"
    s.add("alexandria", "rome", "LI")
    # without the capital: §5.2.3a, Rome holds 4 of 5 and the East not its capital
    assert province_map(s)["egypt"] == "rome"


def test_5_2_2b_bruttium_with_two_of_five_enemy_spaces() -> None:
    """§5.2.2b example: Carthage controls Tarentum and Croton, 2 of Bruttium's 5: Rome keeps
    Bruttium."""
    s = blank()
    s.add("tarentum", "carthage", "HI")
    s.add("croton", "carthage", "HI")
    assert province_map(s)["bruttium"] == "rome"
    s.add("paestum", "carthage", "HI")
    assert province_map(s)["bruttium"] == "carthage"      # 3 of 5, §5.2.3b


def test_5_2_3a_italia_needs_five_of_nine_and_not_rome() -> None:
    """§5.2.3a example: a non-Roman Power needs 5 of Italia's 9 spaces while Rome does not hold
    the space of Rome."""
    s = blank()
    for sp in ("pisae", "arretium", "ariminum", "bovianum", "capua"):
        s.add(sp, "greece", "HI")
    assert province_map(s)["italia"] == "rome"            # Rome holds its capital
    s.add("rome", "greece", "HI")
    assert province_map(s)["italia"] == "greece"


def test_5_2_1_minor_province_majority_or_alone() -> None:
    s = blank()
    s.add("gades", "carthage", "LI")
    assert province_map(s)["baetica"] == "carthage"       # one space, no one else (b)
    s.add("malaca", "rome", "LI")
    assert province_map(s)["baetica"] is None
    s.add("corduba", "carthage", "LI")
    s.add("hispalis", "carthage", "LI")
    assert province_map(s)["baetica"] == "carthage"       # 3 of 4, more than half (a)
    # an unrevealed tribe blocks (b): Gergovia in Aquitania (the §5.3 example)
    s.tribes["gergovia"] = 3
    s.add("burdigala", "carthage", "LI")
    assert province_map(s)["aquitania"] is None
    del s.tribes["gergovia"]
    assert province_map(s)["aquitania"] == "carthage"


def test_5_3_1_territory_needs_every_province() -> None:
    s = blank()
    assert territory_map(province_map(s))["rome"] == "rome"
    for p in ("baetica", "lusitania", "gallaecia", "tarraconensis", "balearic_islands"):
        from games.pax_romana.control import data
        s.add(data().spaces_of(p)[0], "carthage", "LI")
    assert territory_map(province_map(s))["hispania"] == "carthage"
    s.add("malaca", "rome", "LI")
    assert territory_map(province_map(s))["hispania"] is None


def test_5_4_1_independents_break_control() -> None:
    s = blank()
    s.add("syracuse", "syracuse", "HI")
    s.add("catana", "rome", "LI")
    assert controllers(s)["syracuse"] == "syracuse"
    assert province_map(s)["east_sicily"] is None          # 1 of 4 and not alone


def test_6_1_6_loc_blocked_by_enemy_spaces() -> None:
    """§6.1.5-6.1.8: a LOC runs through unoccupied or friendly spaces, never through
    enemy-held ones, and never by sea through a Deep Sea Transit Point."""
    s = blank()
    s.add("numantia", "carthage", "LI")
    loc = reachable(s, "carthage")
    assert "numantia" in loc and "gades" in loc
    assert not any(p.startswith("dstp_") for p in loc)
    for nb in ("asturica", "segobriga", "calagurris"):
        s.add(nb, "rome", "LI")
    assert "numantia" not in reachable(s, "carthage")


def test_6_1_7_enemy_galley_in_the_port_closes_the_sea_way() -> None:
    """§6.1.6-6.1.7: the Balearics have only sea links; an enemy galley in the port cuts the
    LOC even with Carthage's own unit there."""
    s = blank()
    s.add("baleares", "carthage", "LI")
    assert "baleares" in reachable(s, "carthage")
    s.add("baleares", "rome", "GS")
    assert "baleares" not in reachable(s, "carthage")
    s.remove("baleares", "rome", "GS")
    s.pirates.append({"at": "ntp_mare_balearicum", "cilician": False})
    assert "baleares" not in reachable(s, "carthage")     # pirates block (§12.6.2)
