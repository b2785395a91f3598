"""The 15 base-game scenarios (spec 19.1) and the scenario document checks of
games.ancients.data."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest

from games.ancients.data import ScenarioError, load_scenario, scenario_ids, units
from games.ancients.hexes import ALL_HEXES, name, parse_hex, sections_of


class Expected(NamedTuple):
    north: dict[str, int]
    south: dict[str, int]
    leaders_north: list[str]
    leaders_south: list[str]
    cards: tuple[int, int]  # (north, south)
    banners: int
    first: str


# Transcribed from the scenario rosters (unit counts on the board at the start, per side).
ROSTERS: dict[str, Expected] = {
    "001": Expected(
        north={"AX": 4, "HCH": 2, "HI": 1, "LB": 1, "LC": 1, "LI": 1, "MI": 2},
        south={"AX": 3, "HI": 4, "LB": 2, "LC": 1, "LI": 1, "MC": 1},
        leaders_north=["Himilco", "Mago"], leaders_south=["Daphaeus", "Dionysius"],
        cards=(5, 6), banners=5, first="south"),
    "002": Expected(
        north={"AX": 2, "HCH": 1, "HI": 2, "LI": 2, "LS": 1, "MC": 1, "MI": 2, "WA": 2},
        south={"AX": 2, "HI": 4, "LI": 1, "LS": 1, "MC": 1},
        leaders_north=["Hasdrubal"], leaders_south=["Mamaercus", "Timoleon"],
        cards=(5, 5), banners=5, first="south"),
    "003": Expected(
        north={"EL": 3, "HI": 4, "LC": 4, "LI": 4, "MC": 2, "WA": 2},
        south={"AX": 4, "HI": 2, "LC": 2, "LI": 4, "MC": 2, "MI": 4},
        leaders_north=["Hamilcar", "Hasdrubal", "Xanthippus"], leaders_south=["", "Regulus"],
        cards=(6, 4), banners=7, first="north"),
    "004": Expected(
        north={"HC": 4, "LC": 8},
        south={"LI": 6, "MC": 6},
        leaders_north=["Hasdrubal", "Mago", "Maharbal"], leaders_south=["Scipio"],
        cards=(5, 4), banners=6, first="north"),
    "005": Expected(
        north={"AX": 2, "EL": 2, "HI": 2, "LC": 2, "LS": 3, "MC": 2, "MI": 2},
        south={"AX": 4, "HI": 1, "LI": 3, "MC": 2, "MI": 3, "WA": 2},
        leaders_north=["Hannibal", "Hanno"], leaders_south=["Sempronius"],
        cards=(5, 5), banners=7, first="south"),
    "006": Expected(
        north={"AX": 4, "HI": 2, "LC": 4, "LS": 2, "MC": 2, "MI": 2, "WA": 3},
        south={"AX": 6, "HI": 2, "LI": 3, "MC": 1, "MI": 4},
        leaders_north=["", "", "Hannibal"], leaders_south=["Flaminius"],
        cards=(6, 2), banners=6, first="north"),
    "007": Expected(
        north={"AX": 2, "HC": 1, "HI": 4, "LC": 3, "LS": 3, "MC": 1, "WA": 2},
        south={"AX": 6, "HI": 2, "LI": 2, "MC": 2, "MI": 4},
        leaders_north=["Hannibal", "Hasdrubal", "Maharbal"], leaders_south=["Attilius", "Paullus", "Varro"],
        cards=(6, 4), banners=7, first="south"),
    "008": Expected(
        north={"AX": 5, "EL": 1, "HI": 2, "LC": 3, "LS": 2, "MC": 1},
        south={"AX": 2, "HI": 2, "LI": 2, "MC": 2, "MI": 7},
        leaders_north=["Hasdrubal"], leaders_south=["Gnaeus", "Publius Scipio"],
        cards=(4, 6), banners=6, first="south"),
    "009": Expected(
        north={"EL": 1, "HI": 2, "LB": 1, "LC": 2, "LI": 3, "MI": 3, "WA": 2},
        south={"AX": 2, "HI": 2, "LI": 3, "MC": 1, "MI": 5, "WA": 2},
        leaders_north=["Hanno", "Mago"], leaders_south=["", "Gracchus"],
        cards=(4, 4), banners=7, first="south"),
    "010": Expected(
        north={"AX": 4, "HI": 2, "LC": 4, "LI": 1, "LS": 1, "MC": 2, "MI": 2, "WA": 2},
        south={"AX": 3, "HI": 2, "LI": 3, "MC": 3, "MI": 4, "WA": 1},
        leaders_north=["Hasdrubal", "Mago", "Masinissa"], leaders_south=["Scipio"],
        cards=(5, 5), banners=8, first="south"),
    "011": Expected(
        north={"AX": 3, "HI": 3, "LC": 2, "LI": 4, "LS": 2},
        south={"AX": 3, "LI": 6, "MI": 8},
        leaders_north=["Hasdrubal"], leaders_south=["Cassius", "Laelius", "Scipio"],
        cards=(4, 6), banners=6, first="south"),
    "012": Expected(
        north={"EL": 1, "HI": 2, "LC": 2, "LS": 3, "MC": 1, "MI": 3, "WA": 2},
        south={"AX": 3, "HI": 3, "LI": 3, "MC": 3, "MI": 6},
        leaders_north=["Hasdrubal"], leaders_south=["Livius", "Nero", "Porcius"],
        cards=(4, 6), banners=7, first="south"),
    "013": Expected(
        north={"AX": 4, "EL": 2, "HI": 3, "LC": 2, "LI": 4, "MC": 2, "WA": 2},
        south={"AX": 4, "HI": 2, "LC": 2, "LI": 4, "MC": 2, "MI": 4},
        leaders_north=["Hasdrubal"], leaders_south=["Marcius", "Scipio"],
        cards=(4, 6), banners=7, first="south"),
    "014": Expected(
        north={"AX": 3, "HC": 1, "HI": 1, "LI": 1, "LS": 3, "MI": 3},
        south={"HI": 2, "LC": 3, "LI": 4, "MC": 2, "MI": 5},
        leaders_north=["Bostar", "Hanno", "Hasdrubal"], leaders_south=["Laelius", "Masinissa", "Scipio"],
        cards=(4, 6), banners=6, first="south"),
    "015": Expected(
        north={"AX": 5, "EL": 3, "HI": 2, "LC": 2, "LI": 1, "LS": 1, "MC": 1, "MI": 2, "WA": 2},
        south={"AX": 3, "HI": 3, "LC": 3, "LI": 4, "MC": 2, "MI": 6},
        leaders_north=["Hannibal", "Hasdrubal"], leaders_south=["Laelius", "Masinissa", "Scipio"],
        cards=(5, 5), banners=8, first="south"),
}

NAMES = {
    "001": "Akragas", "002": "Crimissos River", "003": "Bagradas", "004": "Ticinus River",
    "005": "Trebbia", "006": "Lake Trasimenus", "007": "Cannae", "008": "Dertosa (Ebro)",
    "009": "2nd Beneventum", "010": "Castulo", "011": "Baecula", "012": "Metaurus",
    "013": "Ilipa", "014": "Great Plains", "015": "Zama",
}


def test_fifteen_scenarios_listed():
    assert scenario_ids() == [f"{i:03d}" for i in range(1, 16)]


@pytest.mark.parametrize("sid", sorted(ROSTERS))
def test_scenario_loads_with_its_roster(sid: str):
    s = load_scenario(sid)
    e = ROSTERS[sid]
    assert s.id == sid and s.name == NAMES[sid]
    for side, want in (("north", e.north), ("south", e.south)):
        got = Counter(u.type for u in s.units if u.side == side)
        assert dict(got) == want, side
    assert sorted(ldr.name for ldr in s.leaders if ldr.side == "north") == e.leaders_north
    assert sorted(ldr.name for ldr in s.leaders if ldr.side == "south") == e.leaders_south
    assert (s.north.cards, s.south.cards) == e.cards
    assert s.north.banners == s.south.banners == e.banners
    assert s.first == e.first
    assert s.notes.startswith("Source:")


@pytest.mark.parametrize("sid", sorted(ROSTERS))
def test_blocks_colour_follows_the_army(sid: str):
    s = load_scenario(sid)
    assert s.north.army == "Carthaginian" and s.north.blocks == "brown"
    assert s.south.army in ("Roman", "Syracusan") and s.south.blocks == "grey"


@pytest.mark.parametrize("sid", sorted(ROSTERS))
def test_scenario_file_round_trips_as_a_document(sid: str):
    s = load_scenario(sid)
    again = load_scenario(s.model_dump(mode="json"))
    assert again == s


def test_coordinate_conversion_samples():
    # The transcription's row 0 is the north baseline; (row 1, column 1) is B8 here.
    akragas = load_scenario("001")
    at = {(u.hex, u.side): u.type for u in akragas.units}
    assert at[("B8", "north")] == "MI"       # data r=1 c=1
    assert at[("K8", "north")] == "LC"       # data r=1 c=10
    assert at[("C7", "north")] == "HCH"      # data r=2 c=2
    assert at[("B2", "south")] == "LC"       # data r=7 c=1
    assert at[("H2", "south")] == "HI"       # data r=7 c=7, Daphaeus' unit
    leaders = {ldr.name: ldr.hex for ldr in akragas.leaders}
    assert leaders == {"Mago": "D8", "Himilco": "H8", "Daphaeus": "H2", "Dionysius": "K2"}


def test_transcription_section_rule_matches_the_board():
    """The transcription's half-column rule (left x2<=8, centre 8..16, right x2>=16 from the
    bottom seat) gives the same sections as hexes.sections_of (spec 2.2)."""
    for c, r in ALL_HEXES:
        dr, dc = 9 - r, c - 1
        x2 = 2 * dc + (1 if dr % 2 else 0)
        want = {s for s, ok in (("left", x2 <= 8), ("center", 8 <= x2 <= 16),
                                ("right", x2 >= 16)) if ok}
        assert set(sections_of((c, r), "south")) == want, name((c, r))


def test_sacred_band_at_crimissos():
    s = load_scenario("002")
    band = [u for u in s.units if u.special == "sacred_band"]
    assert [(u.hex, u.side, u.type) for u in band] == [("C6", "north", "HI")]
    assert {ldr.name: ldr.hex for ldr in s.leaders}["Hasdrubal"] == "D7"


def test_structured_special_rules():
    assert load_scenario("005").rules.ambush.model_dump() == {
        "side": "north", "units": ["MC", "WA", "WA"], "leader": "Mago"}
    trasimenus = load_scenario("006")
    assert trasimenus.rules.hand_growth == {"south": [2, 2]} and trasimenus.south.cards == 2
    assert load_scenario("009").rules.banner_reinforcement == {
        "south": {"banners": 3, "draw": 2, "hand": 6}}
    castulo = load_scenario("010")
    assert castulo.rules.vital_leader == {"south": "Scipio"}
    assert "Scipio" in [ldr.name for ldr in castulo.leaders if ldr.side == "south"]
    assert castulo.rules.exit_banners == {"south": ["center", "right"]}
    baecula = load_scenario("011")
    camps = sorted(t.hex for t in baecula.terrain if t.type == "camp")
    assert camps == ["E8", "G8", "I8"]
    assert sorted(baecula.rules.hex_banners["south"]) == camps
    for sid in ROSTERS:
        if sid not in ("005", "006", "009", "010", "011"):
            assert load_scenario(sid).rules.model_dump(exclude_defaults=True) == {}, sid


def test_terrain_as_transcribed():
    def kinds(sid: str) -> Counter:
        return Counter((t.type, t.fordable) for t in load_scenario(sid).terrain)

    assert kinds("002") == Counter({("river", False): 5, ("river", True): 5, ("hill", False): 5})
    assert kinds("005") == Counter({("river", True): 7})
    assert kinds("006") == Counter({("hill", False): 8, ("steep", False): 4, ("lake", False): 5})
    assert kinds("010") == Counter({("forest", False): 8})
    assert kinds("012") == Counter({("river", True): 11, ("hill", False): 10, ("broken", False): 4})
    for sid in ("001", "003", "007", "008", "013", "014", "015"):
        assert load_scenario(sid).terrain == []


def test_engine_sets_up_each_roster():
    """Through the rules engine, when it is present: the board shows exactly the roster."""
    from games import registry

    try:
        rules = registry.get("ancients")
    except ImportError:
        pytest.skip("the Ancients rules engine is not in this checkout yet")
    for sid, e in ROSTERS.items():
        board = rules.view(rules.setup(1, sid, {}), None).board
        for side, want in (("north", e.north), ("south", e.south)):
            got = Counter(u["type"] for u in board["units"] if u["side"] == side)
            assert dict(got) == want, (sid, side)
            names = sorted(ldr["name"] for ldr in board["leaders"] if ldr["side"] == side)
            assert names == (e.leaders_north if side == "north" else e.leaders_south), (sid, side)
            assert board["sides"][side]["banners_to_win"] == e.banners


# -- scenario documents: clear errors ---------------------------------------------------------

BASE = {
    "id": "x1",
    "name": "Test",
    "north": {"army": "Carthaginian", "blocks": "brown", "cards": 5, "banners": 5},
    "south": {"army": "Roman", "blocks": "grey", "cards": 5, "banners": 5},
    "first": "south",
    "terrain": [{"hex": "F5", "type": "lake"}, {"hex": "G5", "type": "river"},
                {"hex": "H5", "type": "river", "fordable": True}],
    "units": [{"hex": "B8", "side": "north", "type": "MI"},
              {"hex": "C2", "side": "south", "type": "HI"}],
    "leaders": [{"hex": "B8", "side": "north", "name": "Mago"}],
}


def doc(**changes) -> dict:
    d = copy.deepcopy(BASE)
    d.update(changes)
    return d


def problems(d: dict | str) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario(d)
    return str(info.value)


def test_base_document_is_valid():
    s = load_scenario(doc())
    assert len(s.units) == 2 and s.leaders[0].name == "Mago"


def test_fordable_river_holds_a_unit():
    load_scenario(doc(units=BASE["units"] + [{"hex": "H5", "side": "south", "type": "LI"}]))


@pytest.mark.parametrize(("change", "fragment"), [
    ({"units": [{"hex": "B8", "side": "north", "type": "ZZ"}]}, "unknown unit type 'ZZ'"),
    ({"units": [{"hex": "M8", "side": "north", "type": "MI"}]}, "hex M8 is off the 13x9 board"),
    ({"units": [{"hex": "A10", "side": "north", "type": "MI"}]}, "hex A10 is off the 13x9 board"),
    ({"units": [{"hex": "B8", "side": "north", "type": "MI"},
                {"hex": "B8", "side": "south", "type": "HI"}]}, "two units in hex B8"),
    ({"units": [{"hex": "Z3", "side": "north", "type": "MI"}]}, "'Z3' is not a hex name"),
    ({"units": [{"hex": "B", "side": "north", "type": "MI"}]}, "'B' is not a hex name"),
    ({"leaders": [{"hex": "B8", "side": "north", "name": "Mago"},
                  {"hex": "B8", "side": "north", "name": "Hanno"}]}, "two leaders in hex B8"),
    ({"leaders": [{"hex": "C2", "side": "north", "name": "Mago"}]}, "the hex holds an enemy unit"),
    ({"units": [{"hex": "F5", "side": "north", "type": "MI"}]}, "the hex is impassable terrain"),
    ({"units": [{"hex": "G5", "side": "south", "type": "LI"}]}, "the hex is impassable terrain"),
    ({"units": [{"hex": "B8", "side": "north", "type": "MI", "blocks": 5}]},
     "5 blocks, but a MI has 1 to 4"),
    ({"terrain": [{"hex": "F5", "type": "lake"}, {"hex": "F5", "type": "hill"}]},
     "hex F5 is given two terrain tiles"),
    ({"first": "east"}, "first"),
    ({"terrain": [{"hex": "F5", "type": "volcano"}]}, "terrain[0].type"),
])
def test_document_errors_name_the_problem(change: dict, fragment: str):
    assert fragment in problems(doc(**change))


def test_every_problem_is_reported_with_the_item():
    text = problems(doc(units=[{"hex": "Z3", "side": "north", "type": "MI"},
                               {"hex": "C2", "side": "south", "type": "QQ"}]))
    assert "north MI at Z3" in text and "south QQ at C2" in text


def test_unknown_scenario_id():
    assert "unknown scenario '099'" in problems("099")


def test_readme_example_is_a_valid_document():
    text = (Path(__file__).resolve().parents[1] / "data" / "ancients" / "README.md").read_text(
        encoding="utf-8")
    block = text.split("```json", 1)[1].split("```", 1)[0]
    s = load_scenario(json.loads(block))
    assert s.units[0].special == "sacred_band" and s.terrain[-1].front == ["NW", "NE"]


def test_unit_types_in_scenarios_are_known():
    for sid in ROSTERS:
        for u in load_scenario(sid).units:
            assert u.type in units()
            parse_hex(u.hex)
