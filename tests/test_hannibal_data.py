"""Hannibal game data: counts, map shape, the 218 BC setup, tables against the rulebook, and
clear errors for broken files. "§" cites the rulebook's sections."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.hannibal import data as hd
from games.hannibal.data import DataError


@pytest.fixture(scope="module")
def m() -> hd.HannibalMap:
    return hd.hmap()


# -- counts --------------------------------------------------------------------------------------
def test_counts(m: hd.HannibalMap) -> None:
    assert len(m.spaces) == 96
    assert len(m.provinces) == 22  # §3 glossary
    assert len(m.links) == 175
    assert len(m.ports) == 34
    assert len(hd.strategy_cards()) == 64  # §2.1
    assert hd.battle_deck().size == 48  # §2.1
    assert len(hd.battle_deck().full_deck()) == 48
    assert len(hd.generals()) == 14  # §2.1


def test_load_all_and_cache() -> None:
    hd.load_all()
    assert hd.hmap() is hd.hmap()
    assert hd.tables() is hd.tables()


def test_walled_cities_and_tribes(m: hd.HannibalMap) -> None:
    # §2.1: 13 walled cities, 8 tribes (3 Carthaginian, 5 neutral); §20.9 names the friendly ones.
    assert len(m.walled_cities) == 13
    assert len(m.tribe_spaces) == 8
    friendly = {s for s in m.tribe_spaces if m.spaces[s].tribe.friendly_to == "carthage"}
    assert friendly == {"boii", "insubrians", "bruttium"}
    # §10.7: Rome and Carthage hold 5 CUs, every other walled city 2.
    for s in m.walled_cities:
        cap = m.spaces[s].walled_city.capacity
        assert cap == (5 if s in ("rome", "carthage") else 2), s
    # Map and counters: -1 to siege Rome, Carthage and Syracuse.
    assert {s for s in m.walled_cities if m.spaces[s].walled_city.siege_modifier == -1} == {
        "rome", "carthage", "syracuse"}


# -- provinces and regions -----------------------------------------------------------------------
def test_political_provinces_and_thresholds(m: hd.HannibalMap) -> None:
    # §19.1 table and §22.1: 18 provinces score; the 4 others do not.
    assert len(m.political_provinces) == 18
    assert {p for p in m.provinces if not m.provinces[p].political} == {
        "gallia_transalpina", "massilia", "liguria", "balearic_islands"}
    table = {"carthage": 1, "carthaginia": 4, "eastern_numidia": 3, "western_numidia": 3,
             "sicilia": 3, "corsica_sardinia": 3, "syracuse": 1, "lucania": 3,
             "gallia_cisalpina": 3, "etruria": 3, "latium": 1, "samnium": 3, "campania": 2,
             "apulia": 3, "baetica": 3, "celtiberia": 3, "orospeda": 3, "idubeda": 4}
    assert {p: m.provinces[p].control_threshold for p in m.political_provinces} == table


def test_regions_follow_the_glossary(m: hd.HannibalMap) -> None:
    # §3: Africa, Iberia and Italy as the glossary lists them.
    assert set(m.provinces_in_region("africa")) == {
        "western_numidia", "eastern_numidia", "carthaginia", "carthage"}
    assert set(m.provinces_in_region("spain")) == {"baetica", "celtiberia", "orospeda", "idubeda"}
    assert set(m.provinces_in_region("italy")) == {
        "gallia_cisalpina", "etruria", "apulia", "latium", "campania", "lucania", "samnium"}
    assert set(m.provinces_in_region("islands")) == {
        "balearic_islands", "sicilia", "syracuse", "corsica_sardinia"}
    assert sum(len(m.spaces_in_region(r)) for r in hd.REGIONS) == 96
    assert m.region_of("cannae") == "italy"
    assert "rome" in m.spaces_in_region("italy")


def test_allies(m: hd.HannibalMap) -> None:
    # §14.2: 1 card a province, 2 for each Numidia; Sicily and Syracuse share an island,
    # Corsica/Sardinia is one; mainland allies help anywhere in their region.
    assert m.provinces["western_numidia"].allies == m.provinces["eastern_numidia"].allies == 2
    assert m.provinces["baetica"].allies == 1
    assert m.ally_group("sicilia") == m.ally_group("syracuse") == "sicily"
    assert m.ally_group("corsica_sardinia") == "corsica_sardinia"
    assert m.ally_group("baetica") == "spain"
    assert m.ally_group("massilia") == "massilia"
    # §14.3: Latium gives Rome no allies and is not among Carthage's six Italian allies.
    assert m.provinces["latium"].allies == 0
    assert hd.tables().battle_cards.italy_ally_cap == {"rome": 2, "carthage": 6}


def test_provinces_partition_the_spaces(m: hd.HannibalMap) -> None:
    seen = Counter(s for p in m.provinces for s in m.spaces_of(p))
    assert set(seen) == set(m.spaces) and set(seen.values()) == {1}
    for sid, sp in m.spaces.items():
        assert sid in m.spaces_of(sp.province)
        assert m.province_of(sid).id == sp.province


# -- links ---------------------------------------------------------------------------------------
def test_adjacency_is_symmetric(m: hd.HannibalMap) -> None:
    for a in m.spaces:
        for b, kind in m.neighbours(a).items():
            assert m.neighbours(b)[a] == kind, (a, b)
            assert m.adjacent(a, b) and m.link_kind(b, a) == kind
    assert sum(len(m.neighbours(s)) for s in m.spaces) == 2 * 175


def test_passes_and_straits(m: hd.HannibalMap) -> None:
    by_kind: dict[str, set[frozenset[str]]] = {}
    for ln in m.links:
        by_kind.setdefault(ln.kind, set()).add(frozenset((ln.a, ln.b)))
    # §10.6: the Strait of Messana and the Sardinian strait.
    assert by_kind["strait"] == {frozenset(("messana", "rhegium")),
                                 frozenset(("aleria", "sassari"))}
    assert by_kind["alps"] == {frozenset(p) for p in (
        ("allobroges", "taurini"), ("isere", "insubrians"), ("druentia", "taurini"),
        ("western_ligurians", "eastern_ligurians"))}
    assert by_kind["pass"] == {frozenset(p) for p in (
        ("ilerda", "tolosa"), ("taurini", "eastern_ligurians"), ("boii", "pisae"),
        ("mutina", "faesulae"))}
    assert m.link_kind("rome", "capua") == "line"
    assert m.link_kind("rome", "carthage") is None


def test_every_space_is_reachable(m: hd.HannibalMap) -> None:
    def component(start: str, by_sea: bool) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            x = todo.pop()
            nxt = set(m.neighbours(x))
            if by_sea and x in m.port_spaces:
                nxt |= m.port_spaces
            for y in nxt - seen:
                seen.add(y)
                todo.append(y)
        return seen

    assert component("rome", by_sea=True) == set(m.spaces)
    # By land alone: Europe with Sicily (over the strait), Africa, Corsica/Sardinia, the Baleares.
    land = component("rome", by_sea=False)
    assert "syracuse" in land and "gades" in land and "carthage" not in land
    assert component("carthage", by_sea=False) == m.spaces_in_region("africa")
    assert component("aleria", by_sea=False) == m.spaces_of("corsica_sardinia")
    assert component("baleares", by_sea=False) == {"baleares"}


def test_ports(m: hd.HannibalMap) -> None:
    # §11.6 examples: Carthage -2, New Carthage -2 (together -4), Rhegium +1.
    assert m.port_modifier("carthage") + m.port_modifier("new_carthage") == -4
    assert m.port_modifier("rhegium") == 1
    # Card #50 names Brundisium, Croton and Tarentum as ports.
    assert {"brundisium", "croton", "tarentum"} <= m.port_spaces
    assert "capua" not in m.port_spaces
    assert all(p in m.spaces for p in m.port_spaces)


# -- the 218 BC setup (§4) ------------------------------------------------------------------------
def test_setup_218bc(m: hd.HannibalMap) -> None:
    s = hd.setup()
    assert s.turn == 1 and s.year == "218 BC"
    armies = {(a.side, a.space): (a.generals, a.cus, a.elephants) for a in s.armies}
    assert armies == {
        ("rome", "rome"): (["p_scipio"], 8, 0),
        ("rome", "agrigentum"): (["longus"], 8, 0),
        ("carthage", "saguntum"): (["hannibal"], 10, 2),
        ("carthage", "new_carthage"): (["hasdrubal"], 2, 0),
        ("carthage", "carthage"): (["hanno"], 4, 0),
    }
    assert s.holding_boxes == {"hannibal": ["mago", "gisgo"]}
    assert s.consuls == ["p_scipio", "longus"]
    assert [(x.general, x.turn, x.cus) for x in s.later] == [("africanus", 6, 5)]
    # §4.1: seven Roman generals off the map: six in the consul pool and Scipio Africanus.
    assert len(s.set_aside) + len(s.later) == 7
    assert len(s.consul_tokens) == 8 and "africanus" not in s.consul_tokens
    assert s.army_at("saguntum") is not None and s.army_at("cannae") is None


def test_setup_control_matches_the_printed_colours(m: hd.HannibalMap) -> None:
    s = hd.setup()
    assert len(s.control["rome"]) == 34
    assert len(s.control["carthage"]) == 37  # 34 PCs and walled cities + 3 friendly tribes
    assert len(s.neutral_tribes) == 5
    for side in hd.SIDES:
        assert set(s.control[side]) == {x for x, sp in m.spaces.items() if sp.printed == side}
    walled = {side: {x for x in s.control[side] if x in m.walled_cities} for side in hd.SIDES}
    assert walled == {
        "rome": {"rome", "capua", "neapolis", "tarentum", "rhegium", "messana", "syracuse",
                 "massilia"},
        "carthage": {"saguntum", "new_carthage", "gades", "utica", "carthage"}}
    empty = set(m.spaces) - set(s.control["rome"]) - set(s.control["carthage"]) \
        - set(s.neutral_tribes)
    assert len(empty) == 20
    assert {"iberus", "narbo", "taurini", "verona"} <= empty


# -- generals ------------------------------------------------------------------------------------
def test_generals() -> None:
    g = hd.generals()
    assert Counter(x.side for x in g.values()) == {"rome": 9, "carthage": 5}
    # §8.2: an OPS-3 card moves anyone, so no strategy rating is above 3.
    assert all(1 <= x.strategy <= 3 for x in g.values())
    assert (g["hannibal"].strategy, g["hannibal"].battle) == (1, 4)
    assert (g["africanus"].strategy, g["africanus"].battle) == (1, 4)
    assert g["fabius"].confined_to == "italy" and g["hanno"].confined_to == "africa"
    assert g["nero"].ability.key == "campaign_move" and g["nero"].ability.value == 6  # §10.12
    assert g["varro"].ability.value == 4 and g["gisgo"].ability.value == 3
    assert all(x.ability.text and x.ability.text_ru for x in g.values())


# -- strategy cards ------------------------------------------------------------------------------
def test_strategy_card_flags() -> None:
    cards = hd.strategy_cards()
    assert list(cards) == list(range(1, 65))
    # §8.1: the ship icon is on the OPS-3 cards, campaign cards among them.
    assert all(c.ship == (c.ops == 3) for c in cards.values())
    assert [c.no for c in cards.values() if c.campaign] == [33, 34, 37, 38, 39, 40]
    assert all(c.ops == 3 for c in cards.values() if c.campaign)
    assert hd.strategy_card(33).campaign_generals == 3 and hd.strategy_card(37).campaign_generals == 2
    # §25 #5 and #61-#63: the OPS matches the strategy ratings the card may move.
    assert hd.strategy_card("native_guide").ops == 2
    assert [cards[n].ops for n in (61, 62, 63)] == [1, 2, 3]
    assert hd.card_numbers("force_march") == (61, 62, 63)
    assert [cards[n].params["max_strategy"] for n in (61, 62, 63)] == [1, 2, 3]
    # §25 #9: either side plays Philip V (Rome's play ends the alliance).
    assert cards[9].playable_by == "either"
    assert {c.no for c in cards.values() if c.response} == {6, 7, 8, 20, 31, 32, 41, 42, 59, 60}
    assert {c.no for c in cards.values() if c.unique} == {9, 25, 26}
    assert cards[57].playable_by == "rome" and cards[58].playable_by == "carthage"
    assert hd.card_numbers("allied_auxiliaries") == (44, 45, 46, 47, 48)
    assert {cards[n].params["province"] for n in range(44, 49)} == {
        "apulia", "etruria", "samnium", "lucania", "campania"}
    assert all(c.name_ru and c.summary for c in cards.values())
    with pytest.raises(KeyError):
        hd.strategy_card("no_such_card")


def test_every_card_has_a_russian_summary() -> None:
    cyrillic = re.compile(r"[\u0400-\u04ff]")
    latin = re.compile(r"\b(?![IVX]+\b)[A-Za-z]+")  # Roman numerals (Philip V) are fine
    for c in hd.strategy_cards().values():
        assert c.summary_ru.strip(), f"card {c.no}: no Russian summary"
        assert cyrillic.search(c.summary_ru), f"card {c.no}: summary_ru is not in Cyrillic"
        assert not latin.search(c.summary_ru), f"card {c.no}: Latin words in summary_ru"
        assert c.summary_ru != c.summary
    # The rulebook's terms: CUs are ВЧ, PCs are ПК, battle cards КТ (§2.2, §3, §14).
    ru = {c.no: c.summary_ru for c in hd.strategy_cards().values()}
    assert "ВЧ" in ru[13] and "ПК" in ru[35] and "КТ" in ru[59]


def test_truce_classes_follow_section_25() -> None:
    classes = Counter(c.truce_class for c in hd.strategy_cards().values())
    # §25 truce note: 5 auxiliaries + 4 recruits + 6 named = 15 reinforcements; 9 revolts;
    # 5 attrition; 7 political; 3 sorties; 2 special.
    assert classes["reinforcement"] == 15
    assert classes["revolt"] == 9
    assert classes["attrition"] == 5
    assert classes["politics"] == 7
    assert classes["sortie"] == 3
    assert classes["special"] == 2
    assert hd.strategy_card("truce").truce_class == "none"
    assert all(c.truce_class == "none" for c in hd.strategy_cards().values() if c.campaign)


def test_battle_deck() -> None:
    # §26: 12 / 9 / 9 / 8 / 6 / 4.
    assert hd.battle_deck().composition() == {
        "frontal_assault": 12, "flank_left": 9, "flank_right": 9, "probe": 8,
        "double_envelopment": 6, "reserve": 4}
    assert [c.key for c in hd.battle_deck().cards if c.wild] == ["reserve"]


# -- tables --------------------------------------------------------------------------------------
def test_attrition_table() -> None:
    a = hd.tables().attrition
    # §14.11 example: four rounds, roll 5 -> one CU each.
    assert a.result(5, cus=4) == hd.AttritionResult(cus=1)
    assert a.column_for(1) == 0 and a.column_for(6) == 4 and a.column_for(10) == 6
    assert a.column_for(25) == 6
    assert a.result(6, cus=1) == hd.AttritionResult(cus=1, elephant=True)
    assert a.result(7, cus=12) == hd.AttritionResult(cus=4, elephant=True)
    # Modified rolls past the printed rows are clamped (-2 for a non-Alps pass, §10.6).
    assert a.result(-1, cus=10) == a.result(1, cus=10) == hd.AttritionResult(cus=1)
    assert a.result(9, cus=1) == a.result(7, cus=1)
    # §21.3: Hostile Tribes ignore the size: the printed arrow points at the 5/6 column.
    assert a.result(5, cus=1, hostile_tribe=True) == hd.AttritionResult(cus=2)
    assert {x.key: x.mod for x in a.modifiers}["non_alps_pass"] == -2


def test_retreat_table() -> None:
    r = hd.tables().retreat
    # §14.12: left column for a loser of at most 4 CUs, right from 5.
    assert r.column_for(4) == 0 and r.column_for(5) == 1
    assert r.result(6, 4) == 3 and r.result(6, 5) == 5
    assert r.result(0, 3) == 0 and r.result(-2, 8) == 1
    assert r.result(7, 1) == "all" and r.result(8, 20) == "all"
    mods = {x.key: x.mod for x in r.modifiers}
    assert mods == {"won_by_double_envelopment": 2, "won_by_probe": -2}


def test_siege_and_naval_tables() -> None:
    t = hd.tables()
    assert t.siege.points_needed == 3  # §20.2
    assert t.siege.result(6) == hd.SiegeResult(points=2, losses=0)
    assert t.siege.result(0) == hd.SiegeResult(points=0, losses=1)
    assert t.siege.result(8) == t.siege.result(6)
    assert {x.key: x.mod for x in t.siege.modifiers}["carthaginian_siege"] == -1
    # §11.5: Carthage -> New Carthage (-4) never sinks and returns on a 6 only.
    assert [t.naval.result(r - 4) for r in range(1, 7)] == ["safe"] * 5 + ["return"]
    assert t.naval.result(3) == "sunk" and t.naval.result(2) == "return"
    assert {x.key for x in t.naval.carthaginian_track} == {"macedonia", "syracuse", "naval_victory"}


def test_turn_track_and_reinforcements() -> None:
    t = hd.tables()
    # §7.1: 7 cards on turns 1-3, 8 on turns 4-6, 9 on turns 7-9.
    assert [t.cards_for_turn(n) for n in range(1, 10)] == [7, 7, 7, 8, 8, 8, 9, 9, 9]
    assert t.turn(1).years == "218 BC" and t.turn(6).years == "211-210 BC"  # §4, §6.7
    r = t.reinforcements
    assert r.first_turn == 2  # §5.1
    assert len(r.carthage) == 4 and r.rome_cus == 5 and r.rome_min_in_italy == 3  # §6.1, §6.2
    assert (r.scipio_africanus_turn, r.scipio_africanus_cus) == (6, 5)  # §6.7
    assert t.battle_cards.max_hand == 20
    assert t.rules["move_spaces"] == 4 and t.rules["army_max_cus"] == 10  # §10.2
    assert t.rules["naval_cost"] == 3  # §11.1


# -- broken files --------------------------------------------------------------------------------
@pytest.fixture()
def copy_dir(tmp_path: Path) -> Path:
    dst = tmp_path / "hannibal"
    shutil.copytree(hd.DATA_DIR, dst, ignore=shutil.ignore_patterns("*.md"))
    return dst


def _edit(path: Path, change: Any) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")


def test_copy_loads(copy_dir: Path) -> None:
    hd.load_dir(copy_dir)


def test_link_to_unknown_space(copy_dir: Path) -> None:
    _edit(copy_dir / "map.json",
          lambda r: r["links"].append({"a": "rome", "b": "atlantis", "kind": "line"}))
    with pytest.raises(DataError) as exc:
        hd.load_map(copy_dir)
    assert "map.json: link rome-atlantis: unknown space 'atlantis'" in exc.value.problems


def test_duplicate_space_and_bad_port(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        r["spaces"].append(dict(r["spaces"][0]))
        r["ports"].append({"space": "alexandria", "modifier": 0})
    _edit(copy_dir / "map.json", change)
    with pytest.raises(DataError) as exc:
        hd.load_map(copy_dir)
    text = str(exc.value)
    assert "space id 'western_ligurians' is used twice" in text
    assert "port 'alexandria' is not a space" in text


def test_province_lists_unknown_space(copy_dir: Path) -> None:
    _edit(copy_dir / "map.json", lambda r: r["provinces"][0]["spaces"].append("genua"))
    with pytest.raises(DataError, match="province liguria: lists unknown space 'genua'"):
        hd.load_map(copy_dir)


def test_wrong_kind_names_the_item(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        next(x for x in r["links"] if x["a"] == "isere")["kind"] = "tunnel"
    _edit(copy_dir / "map.json", change)
    with pytest.raises(DataError, match=r"map.json: links\[isere-insubrians\].kind"):
        hd.load_map(copy_dir)


def test_missing_card_and_short_battle_deck(copy_dir: Path) -> None:
    _edit(copy_dir / "strategy_cards.json", lambda r: r["cards"].pop())
    with pytest.raises(DataError, match="63 cards, the strategy deck has 64"):
        hd.load_strategy_cards(copy_dir)
    _edit(copy_dir / "battle_cards.json", lambda r: r["cards"][0].update(count=11))
    with pytest.raises(DataError, match="battle deck holds 47 cards"):
        hd.load_battle_deck(copy_dir)


def test_card_without_russian_summary(copy_dir: Path) -> None:
    _edit(copy_dir / "strategy_cards.json", lambda r: r["cards"][0].pop("summary_ru"))
    missing = r"strategy_cards.json: cards\[corsica_sardinia_revolt\].summary_ru: Field required"
    with pytest.raises(DataError, match=missing):
        hd.load_strategy_cards(copy_dir)
    _edit(copy_dir / "strategy_cards.json", lambda r: r["cards"][0].update(summary_ru=" "))
    with pytest.raises(DataError, match="card 1 corsica_sardinia_revolt: summary_ru is empty"):
        hd.load_strategy_cards(copy_dir)
    _edit(copy_dir / "strategy_cards.json", lambda r: r["cards"][1].update(summary_ru="Revolt"))
    with pytest.raises(DataError, match="card 2 sicilia_revolts: summary_ru has no Cyrillic"):
        hd.load_strategy_cards(copy_dir)


def test_setup_with_unknown_general(copy_dir: Path) -> None:
    _edit(copy_dir / "setup.json", lambda r: r["armies"][0]["generals"].append("caesar"))
    with pytest.raises(DataError, match="setup.json: army at rome: unknown general 'caesar'"):
        hd.load_setup(copy_dir)


def test_missing_general_and_bad_json(copy_dir: Path) -> None:
    _edit(copy_dir / "generals.json", lambda r: r["generals"].pop())
    with pytest.raises(DataError, match="13 generals, the game has 14"):
        hd.load_generals(copy_dir)
    (copy_dir / "tables.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="tables.json: not valid JSON"):
        hd.load_tables(copy_dir)


def test_raw_documents_match_the_typed_data(m: hd.HannibalMap) -> None:
    spaces_doc, links_doc, generals_doc, cards_doc, tables_doc = hd.raw_documents()
    assert len(spaces_doc["spaces"]) == 96 and len(spaces_doc["provinces"]) == 22
    assert len(links_doc["edges"]) == 175 and len(links_doc["ports"]) == 34
    assert len(generals_doc["generals"]) == 14 and len(cards_doc["cards"]) == 64
    assert sum(cards_doc["battle_deck"].values()) == 48
    assert len(tables_doc["from_counters"]["walled_city_markers"]["cities"]) == 13
    starts = Counter(s["start"] for s in spaces_doc["spaces"])
    assert starts == {"Rome": 34, "Carthage": 34, "empty": 20, "neutral tribe": 5,
                      "Carthage (allied tribe)": 3}
