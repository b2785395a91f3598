"""Scenario documents of every title: the example files set up the position they describe, and
every kind of mistake is refused with the item and the reason."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games import registry, scenario

DATA = Path(__file__).resolve().parents[1] / "data"
EXAMPLES = {
    "ancients": DATA / "ancients" / "examples" / "skirmish-at-the-ford.json",
    "hannibal": DATA / "hannibal" / "scenarios" / "216bc.json",
    "mare_nostrum": DATA / "mare_nostrum" / "scenarios" / "3p-turn4.json",
}


def example(title: str) -> dict[str, Any]:
    doc = json.loads(EXAMPLES[title].read_text(encoding="utf-8"))
    assert doc.pop("title") == title
    return doc


def refused(title: str, doc: dict[str, Any]) -> str:
    with pytest.raises(ValueError) as info:
        registry.get(title).check_scenario(doc)
    return str(info.value)


@pytest.mark.parametrize("title", sorted(EXAMPLES))
def test_the_check_command_accepts_each_example(title: str, capsys: pytest.CaptureFixture[str]):
    assert scenario.main(["check", str(EXAMPLES[title])]) == 0
    out = capsys.readouterr().out
    assert f"a good {title} scenario: {example(title)['name']}" in out


def test_the_check_command_names_the_file_and_the_item(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]):
    doc = example("hannibal")
    doc["armies"][2]["space"] = "Capuaa"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"title": "hannibal", **doc}), encoding="utf-8")
    assert scenario.main(["check", str(path)]) == 1
    assert capsys.readouterr().err.strip() == (
        "mine.json: armies[2].space: no space 'Capuaa' on the map")


# -- Ancients --------------------------------------------------------------------------------------
def test_ancients_example_sets_up_its_battle():
    rules = registry.get("ancients")
    doc = example("ancients")
    assert rules.check_scenario(doc) == "Skirmish at the Ford"
    view = rules.view(rules.setup(5, doc, {}), "south")
    units = {u["hex"]: u for u in view.board["units"]}
    assert units["H8"]["type"] == "MC" and units["H8"]["blocks"] == 2
    assert units["C6"]["side"] == "north" and units["G2"]["type"] == "HI"
    assert len(units) == 6


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["units"][0].update(colour="red"), "units[0].colour: unknown field"),
    (lambda d: d["north"].update(flag="x"), "north.flag: unknown field"),
    (lambda d: d["terrain"][0].update(depth=2), "terrain[0].depth: unknown field"),
    (lambda d: d["leaders"][0].update(rank=1), "leaders[0].rank: unknown field"),
    (lambda d: d["rules"].update(weather="rain"), "rules.weather: unknown field"),
    (lambda d: d.update(zzz=1), "zzz: unknown field"),
    (lambda d: d["units"][1].update(type="ZZ"),
     "units[1] (north ZZ at E7).type: unknown unit type 'ZZ' (known: LI, LS, LB, AX, WA, MI, HI, "
     "HWM, LC, LBC, BCH, MC, CA, CCA, HC, CAT, EL, HCH)"),
    (lambda d: d["units"][3].update(hex="G5"),
     "units[3] (south MI at G5).hex: the hex is impassable terrain"),
    (lambda d: d["units"][2].update(blocks=5),
     "units[2] (north MC at H8).blocks: 5 blocks, but a MC has 1 to 3"),
    (lambda d: d["leaders"][1].update(hex="E7"),
     "leaders[1] (south leader Scipio at E7).hex: the hex holds an enemy unit"),
    (lambda d: d.pop("first"), "first: required field missing"),
])
def test_ancients_errors_are_located(change: Any, message: str):
    doc = example("ancients")
    change(doc)
    assert refused("ancients", doc) == message


def test_ancients_ambush_is_closed_too():
    doc = example("ancients")
    doc["rules"] = {"ambush": {"side": "north", "units": ["MC"], "when": 2}}
    assert refused("ancients", doc) == "rules.ambush.when: unknown field"


# -- Hannibal --------------------------------------------------------------------------------------
def test_hannibal_example_sets_up_216_bc():
    rules = registry.get("hannibal")
    doc = example("hannibal")
    assert rules.check_scenario(doc) == "216 BC: before Cannae"
    s = rules.setup(7, doc, {})
    view = rules.view(s, "carthage")
    b = view.board
    assert (b["turn"], b["year"], b["phase"], b["first_player"]) == (3, "216 BC", "strategy",
                                                                     "carthage")
    assert rules.active_roles(s) == ["carthage"]
    armies = {(a["side"], a["space"], a["inside"]): a for a in b["armies"]}
    assert armies[("carthage", "cannae", False)]["generals"] == ["hannibal", "mago"]
    assert armies[("carthage", "cannae", False)]["cu"] == 12
    assert armies[("rome", "beneventum", False)]["cu"] == 10
    assert armies[("rome", "capua", True)]["cu"] == 2 and armies[("rome", "capua", True)]["generals"] == []
    assert len(armies) == 8
    assert b["generals"]["varro"]["title"] == "consul"
    assert b["generals"]["p_scipio"] == b["generals"]["p_scipio"] | {"where": "tarraco",
                                                                     "title": "proconsul"}
    assert b["generals_off_map"]["displaced"] == ["gisgo"]
    assert b["generals_off_map"]["aside"] == ["africanus"]
    spaces = {sp["id"]: sp for sp in b["spaces"]}
    assert spaces["cannae"]["pc"] == "carthage" and spaces["tarraco"]["pc"] == "rome"
    assert spaces["ariminum"]["pc"] is None and spaces["rome"]["pc"] == "rome"
    assert spaces["allobroges"]["native"] is None and spaces["averni"]["native"] == "neutral"
    assert b["hands"] == {"rome": 7, "carthage": 7} and b["discard"] == 3
    assert b["deck"] == 64 - 14 - 3 - 1
    assert view.private["hand_numbers"] == [6, 16, 20, 27, 37, 54, 62]


def test_hannibal_without_hands_starts_the_turn_with_reinforcements_and_deals():
    rules = registry.get("hannibal")
    doc = example("hannibal")
    del doc["hands"], doc["first_player"]
    s = rules.setup(7, doc, {})
    assert (s.turn, s.phase, s.hands) == (3, "reinforcements", {})
    assert rules.active_roles(s) == ["carthage"]
    assert len(s.deck) == 64 - 3 - 1
    assert all(c not in s.deck for c in doc["discard"] + doc["removed"])


def test_hannibal_first_player_needs_the_hands():
    doc = example("hannibal")
    del doc["hands"]
    assert refused("hannibal", doc) == (
        "first_player: who plays first is chosen after the deal (§7.3); give the hands too")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["armies"][2].update(space="Capuaa"),
     "armies[2].space: no space 'Capuaa' on the map"),
    (lambda d: d["armies"][0]["generals"].append("caesar"),
     "armies[0].generals[2]: no general 'caesar'"),
    (lambda d: d["armies"][4]["generals"].append("mago"),
     "armies[4].generals[2]: 'mago' is a carthage general, not rome"),
    (lambda d: d["armies"][1]["generals"].append("mago"),
     "armies[1].generals[1]: 'mago' already stands in armies[0]"),
    (lambda d: d["armies"][7].update(cus=3),
     "armies[7].cus: 3 CUs inside 'capua', which holds 2 (§10.7)"),
    (lambda d: d["armies"][6].update(inside=True),
     "armies[6].inside: 'tarraco' has no walled city"),
    (lambda d: d["armies"][4].update(elephants=1),
     "armies[4].elephants: only Carthage has elephants (§17)"),
    (lambda d: d["armies"][0].update(elephants=5),
     "armies: 5 elephant CUs on the map; there are 4 (§17.1)"),
    (lambda d: d["armies"][4].update(space="cannae"),
     "armies[4]: Roman and Carthaginian armies both outside the walls of 'cannae'; one of them "
     "must be inside"),
    (lambda d: d["armies"][4].update(cus=-1),
     "armies[4].cus: Input should be greater than or equal to 0"),
    (lambda d: d["control"]["rome"].append("cannae"),
     "control.carthage[2]: 'cannae' is already listed under rome"),
    (lambda d: d["tribes_gone"].append("rome"), "tribes_gone[1]: 'rome' has no tribe"),
    (lambda d: d.update(year="217 BC"), "year: turn 3 is 216 BC, not 217 BC"),
    (lambda d: d.update(turn=10), "turn: Input should be less than or equal to 9"),
    (lambda d: d["hands"]["rome"].append(65), "hands.rome[7]: no strategy card #65"),
    (lambda d: d["discard"].append(6), "discard[3]: card #6 is already in hands.carthage"),
    (lambda d: d["consuls"].append("hannibal"),
     "consuls: List should have at most 2 items after validation, not 3"),
    (lambda d: d.update(consuls=["hannibal"]), "consuls[0]: 'hannibal' is not a Roman general"),
    (lambda d: d.update(proconsuls=["nero"]),
     "proconsuls[0]: 'nero' commands no army on the map"),
    (lambda d: d["off_map"].update(hannibal="dead"),
     "off_map.hannibal: 'hannibal' stands in armies[0]"),
    (lambda d: d["off_map"].update(mago="captured"),
     "off_map.mago: Input should be 'pool', 'aside', 'displaced' or 'dead'"),
    (lambda d: d.update(first_player="numidia"),
     "first_player: Input should be 'rome' or 'carthage'"),
    (lambda d: d.pop("name"), "name: required field missing"),
])
def test_hannibal_errors_are_located(change: Any, message: str):
    doc = example("hannibal")
    change(doc)
    assert refused("hannibal", doc) == message


@pytest.mark.parametrize(("where", "message"), [
    (lambda d: d, "zzz: unknown field"),
    (lambda d: d["armies"][0], "armies[0].zzz: unknown field"),
    (lambda d: d["control"], "control.zzz: unknown field"),
    (lambda d: d["hands"], "hands.zzz: unknown field"),
])
def test_hannibal_unknown_fields_are_refused_at_every_level(where: Any, message: str):
    doc = example("hannibal")
    where(doc)["zzz"] = 1
    assert refused("hannibal", doc) == message


def test_hannibal_every_problem_is_reported():
    doc = example("hannibal")
    doc["armies"][2]["space"] = "Capuaa"
    doc["hands"]["rome"][0] = 99
    assert refused("hannibal", doc) == (
        "armies[2].space: no space 'Capuaa' on the map; hands.rome[0]: no strategy card #99")


# -- Mare Nostrum ----------------------------------------------------------------------------------
def test_mare_nostrum_example_sets_up_its_position():
    rules = registry.get("mare_nostrum")
    doc = example("mare_nostrum")
    assert rules.check_scenario(doc) == "Three empires, turn 4: Rome in Gaul, Carthage in Spain"
    s = rules.setup(2, doc, {})
    view = rules.view(s, "rome")
    b = view.board
    assert (b["players"], b["turn"]) == (3, 4)
    assert s.roles == ["rome", "greece", "carthage"]
    assert b["titles"] == {"trade": "carthage", "culture": "greece", "military": "rome"}
    provs = {p["id"]: p for p in b["provinces"]}
    gallia, hispania, sicilia = provs["gallia"], provs["hispania"], provs["sicilia"]
    assert gallia["controller"] == "rome" and gallia["legions"] == {"rome": 2}
    assert gallia["cities"][0]["built"] and gallia["caravans"][0]["built"]
    assert hispania["fortress"] == "carthage" and hispania["temple"]["built"]
    assert not hispania["market"]["built"] and not hispania["cities"][0]["built"]
    assert sicilia["legions"] == {"greece": 1, "carthage": 1}
    assert provs["italia"]["controller"] == "rome" and provs["italia"]["fortress"] == "rome"
    seas = {sea["id"]: sea["triremes"] for sea in b["seas"]}
    assert seas["tyrrhenian"] == {"rome": 2} and seas["ionian"] == {"greece": 2}
    assert b["empires"]["rome"]["cards"] == ["caesar", "colossus"]
    assert b["empires"]["carthage"]["cards"] == ["hannibal"]
    hw = b["heroes_wonders"]
    assert "colossus" not in hw["face_up"] and "perseus" not in hw["face_up"]
    assert len(hw["face_up"]) == 5
    assert view.private["rare"] == ["gladiator"]


def test_mare_nostrum_turn_one_keeps_the_hands_as_written():
    rules = registry.get("mare_nostrum")
    doc = example("mare_nostrum")
    doc["turn"] = 1
    s = rules.setup(2, doc, {})
    assert s.players["greece"].hand == {"coin": 6, "oil": 2}
    assert s.supply["coin"] == 44 - 3 - 6 - 2
    assert s.buildings["temple"] == 14 - 3   # Achaea's, Hispania's and Asia's


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["provinces"].update(gallla={}), "provinces.gallla: no province 'gallla' on "
     "the board"),
    (lambda d: d["provinces"].update(babylonia={}),
     "provinces.babylonia: 'babylonia' is covered with 3 players"),
    (lambda d: d["provinces"]["gallia"].update(controller="egypt"),
     "provinces.gallia.controller: 'egypt' does not play with 3 players (rome, greece, "
     "carthage do)"),
    (lambda d: d["provinces"]["gallia"].update(cities=[1]),
     "provinces.gallia.cities[0]: no slot 1; gallia has 1 City slot (0 to 0)"),
    (lambda d: d["provinces"]["asia"].update(market=True),
     "provinces.asia.market: asia has no Market slot"),
    (lambda d: d["provinces"]["asia"].update(controller=None),
     "provinces.asia.controller: Buildings stand in asia, so someone controls it"),
    (lambda d: d["provinces"]["gallia"].update(legions={"rome": 9}),
     "provinces: 11 rome Legions on the map; an empire has 8"),
    (lambda d: d["seas"]["ionian"].update(rome=-1),
     "seas.ionian.rome: -1 is not a number of Triremes"),
    (lambda d: d["seas"]["ionian"].update(babylon=1),
     "seas.ionian.babylon: 'babylon' does not play with 3 players (rome, greece, carthage do)"),
    (lambda d: d["seas"].update(atlantic={}), "seas.atlantic: no sea 'atlantic' on the board"),
    (lambda d: d["seas"]["tyrrhenian"].update(rome=6),
     "seas: 6 rome Triremes on the map; an empire has 5"),
    (lambda d: d["empires"].update(egypt={}),
     "empires.egypt: 'egypt' does not play with 3 players (rome, greece, carthage do)"),
    (lambda d: d["empires"]["rome"]["resources"].update(salt=1),
     "empires.rome.resources.salt: no Resource 'salt'"),
    (lambda d: d["empires"]["rome"]["resources"].update(coin=45),
     "empires: 53 coin tokens in hand; the game has 44"),
    (lambda d: d["empires"]["greece"].update(rare=["spices"]),
     "empires.carthage.rare[0]: the one spices Rare Good is held by greece"),
    (lambda d: d["empires"]["greece"]["cards"].append("colossus"),
     "empires.greece.cards[2]: 'colossus' is held by rome"),
    (lambda d: d["empires"]["greece"]["cards"].append("hannibal"),
     "empires.greece.cards[2]: 'hannibal' is held by carthage"),
    (lambda d: d["empires"]["greece"]["cards"].append("zeus"),
     "empires.greece.cards[2]: no Hero or Wonder 'zeus'"),
    (lambda d: d["titles"].update(trade="egypt"),
     "titles.trade: 'egypt' does not play with 3 players (rome, greece, carthage do)"),
    (lambda d: d["titles"].update(navy="rome"),
     "titles.navy.[key]: Input should be 'trade', 'culture' or 'military'"),
    (lambda d: d.update(players=6), "players: Input should be 3, 4 or 5"),
])
def test_mare_nostrum_errors_are_located(change: Any, message: str):
    doc = example("mare_nostrum")
    change(doc)
    assert refused("mare_nostrum", doc) == message


@pytest.mark.parametrize(("where", "message"), [
    (lambda d: d, "zzz: unknown field"),
    (lambda d: d["provinces"]["gallia"], "provinces.gallia.zzz: unknown field"),
    (lambda d: d["empires"]["rome"], "empires.rome.zzz: unknown field"),
])
def test_mare_nostrum_unknown_fields_are_refused_at_every_level(where: Any, message: str):
    doc = example("mare_nostrum")
    where(doc)["zzz"] = 1
    assert refused("mare_nostrum", doc) == message


def test_the_old_raw_position_is_refused():
    doc = {"name": "old", "players": 3, "position": {"provinces": {}}}
    assert refused("mare_nostrum", doc) == "position: unknown field"
    assert refused("hannibal", {"name": "old", "armies": [], "position": {}}) == (
        "position: unknown field")


def test_examples_are_not_changed_by_a_check():
    for title in EXAMPLES:
        doc = example(title)
        before = copy.deepcopy(doc)
        registry.get(title).check_scenario(doc)
        assert doc == before
