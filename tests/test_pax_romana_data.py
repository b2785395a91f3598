"""Pax Romana game data: counts, what the rulebook fixes about the map, every table, the leaders,
the Scenario V / VII / I / II set-ups, and clear located errors for broken files and documents.
"§" cites the rulebook's sections."""

from __future__ import annotations

import copy
import json
import re
import shutil
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.pax_romana import data as pd
from games.pax_romana.data import DataError


@pytest.fixture(scope="module")
def d() -> pd.PaxRomanaData:
    return pd.load()


def _path_types(d: pd.PaxRomanaData, route: list[str]) -> list[frozenset[str]]:
    return [d.link_types(a, b) for a, b in zip(route, route[1:], strict=False)]


# -- counts and loading --------------------------------------------------------------------------
def test_counts(d: pd.PaxRomanaData) -> None:
    spaces = [s for s in d.spaces.values() if not s.is_transit_point]
    assert len(spaces) == 243
    assert len(d.transit_points) == 20
    assert len(d.naval_points) == 42
    assert Counter(x.kind for x in d.naval_points.values()) == {"ntp": 35, "dstp": 7}
    assert len(d.links) == 563
    assert Counter(x.type for x in d.links) == {"land": 353, "sea": 201, "strait": 4,
                                                "alpine_pass": 5}
    assert len(d.powers) == 4 and len(d.territories) == 18 and len(d.provinces) == 54
    assert len(d.sea_areas) == 17
    assert len(d.ports) == 117 and len(d.tribal_spaces) == 27 and len(d.rough_mountains) == 5
    assert set(d.independents) == {"pergamum", "rhodes", "syracuse", "mamertines", "pontus"}
    c = d.counts
    assert (c.spaces, c.land_tps, c.ntps, c.dstps, c.links) == (243, 20, 35, 7, 563)


def test_load_is_cached_and_fast() -> None:
    assert pd.load() is pd.load()
    best = min(_timed(lambda: pd.load_dir(pd.DATA_DIR)) for _ in range(3))
    assert best < 0.3, f"loading took {best:.3f} s"


def _timed(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


# -- territories and provinces (§2.1) -------------------------------------------------------------
def test_territories(d: pd.PaxRomanaData) -> None:
    kinds = Counter(t.kind for t in d.territories.values())
    assert kinds == {"home": 4, "minor": 9, "barbarian": 4, "invasion_zone": 1}  # §2.1.1
    assert set(d.provinces_of("rome")) == {"cisalpina", "italia", "bruttium"}
    assert set(d.provinces_of("greece")) == {"attica", "thracia", "macedonia", "peloponnesus",
                                             "aegean_islands"}
    assert set(d.provinces_of("gallia")) == {"britannia", "belgica", "aquitania", "lugdunensis",
                                             "narbonensis"}
    assert {"africa"} <= set(d.provinces_of("carthage"))
    assert {"egypt", "syria"} <= set(d.provinces_of("east"))
    assert d.territories["hispania"].colour == "yellow"  # §2.1.1's example
    for t in ("crete", "chersonesus", "rhodes", "great_germanic_tribes", "sarmatia", "scythia",
              "armenia"):
        assert d.territories[t].undivided and d.provinces[t].pseudo_province
    for p in d.powers.values():
        assert d.home_territory(p.id).home_of == p.id


def test_province_sizes(d: pd.PaxRomanaData) -> None:
    assert len(d.spaces_of("italia")) == 9 and d.provinces["italia"].income == 2  # §5.2.3, §6.1.1
    assert len(d.spaces_of("bruttium")) == 5  # §5.2.2
    assert {"rhegium", "tarentum", "croton"} <= set(d.spaces_of("bruttium"))
    assert len(d.spaces_of("macedonia")) == 5 and {"pella", "dyrrachium"} <= set(
        d.spaces_of("macedonia"))
    assert set(d.spaces_of("aegean_islands")) == {"thasos", "lemnos", "naxos"}
    # §5.3's control example.
    assert len(d.spaces_of("aquitania")) == 6
    assert d.provinces["aquitania"].tribal_spaces == ["gergovia"]
    assert len(d.spaces_of("narbonensis")) == 5 and d.provinces["narbonensis"].income == 2
    assert len(d.provinces["narbonensis"].tribal_spaces) == 2
    assert "nemausus" in d.provinces["narbonensis"].tribal_spaces
    assert len(d.spaces_of("lugdunensis")) == 9
    assert len(d.provinces["lugdunensis"].tribal_spaces) == 2
    assert len(d.spaces_of("britannia")) == 8
    assert len(d.provinces["britannia"].tribal_spaces) == 2
    assert "londinium" in d.provinces["britannia"].tribal_spaces
    assert d.space("bibracte").tribal and d.space("bibracte").province == "belgica"
    # §6.1.1's income exceptions.
    assert d.provinces["egypt"].income == 3 and d.provinces["ionia"].income == 2
    assert all(d.provinces[p].income == 0
               for p in ("balearic_islands", "melita", "ancient_germany"))
    assert {"alexandria", "memphis", "pelusium", "hermopolis"} <= set(d.spaces_of("egypt"))


def test_spaces_partition_the_provinces(d: pd.PaxRomanaData) -> None:
    seen = Counter(s for p in d.provinces for s in d.spaces_of(p, transit_points=True))
    assert set(seen) == set(d.spaces) and set(seen.values()) == {1}
    for sid, s in d.spaces.items():
        assert d.province_of(sid).id == s.province
        assert d.territory_of(sid).id == s.territory == d.provinces[s.province].territory
    assert len(d.spaces_of_territory("rome")) == 9 + 9 + 5
    assert "tp_calpe" in d.spaces_of_territory("hispania", transit_points=True)
    assert "tp_calpe" not in d.spaces_of_territory("hispania")


# -- special spaces (§2.1.3) -----------------------------------------------------------------------
def test_capitals_and_special_spaces(d: pd.PaxRomanaData) -> None:
    assert d.capitals == {"rome", "carthage", "athens", "pella", "alexandria", "antioch"}
    assert d.capitals_of("greece") == ("athens", "pella")
    assert d.capitals_of("east") == ("alexandria", "antioch")
    assert {"mazaca", "sebastia"} <= d.rough_mountains
    assert d.space("mazaca").province == d.space("sebastia").province == "cappadocia"
    assert d.space("mazaca").terrain == "rough_mountain"
    assert d.rough_mountains == {"mazaca", "sebastia", "cirta", "cilician_gates", "iconium"}
    assert [s.id for s in d.spaces.values() if s.mine] == ["bergidum"]
    assert d.space("bergidum").province == "gallaecia"
    # Galatia is the only province of Asia Minor without a port (§15.4.9 A).
    portless = [p for p in d.provinces_of("asia_minor") if not d.provinces[p].has_port]
    assert portless == ["galatia"]
    assert d.space("corinth").province == "peloponnesus"  # §2.1.2
    assert d.space("agrigentum").province == "west_sicily"  # §11.3.1
    assert d.space("dyrrachium").province == "macedonia"
    assert d.space("tarsus").province == "cilicia" and d.space("tarsus").port  # §12.6
    assert d.space("numantia").province == "tarraconensis"  # §13.3
    assert "Armida" in d.space("amida").aliases and d.space("amida").territory == "armenia"
    assert "Lissa" in d.space("lissus").aliases
    assert {"lilybaeum", "melita", "pisae", "aleria", "rhodes", "knossos", "miletus",
            "gesoriacum", "darioritum", "lesbos_chios", "naxos"} <= d.ports


def test_tribal_spaces(d: pd.PaxRomanaData) -> None:
    assert len(d.tribal_spaces) == 27  # the design note's "27"
    attested = {"londinium", "nemausus", "gergovia", "bibracte", "lugdunum", "tolosa", "virunum",
                "brigantium_raetia"}
    assert attested <= d.tribal_spaces
    assert not any(d.space(s).is_transit_point for s in d.tribal_spaces)


def test_hi_forbidden_islands(d: pd.PaxRomanaData) -> None:
    rec = d.tables.recruitment
    assert set(rec.hi_forbidden_spaces) == {"thasos", "lemnos", "naxos", "lesbos_chios",
                                            "samos"}  # §6.2.8
    assert "HI" not in rec.types_in("greece", "aegean_islands")
    assert "HI" in rec.types_in("greece", "attica")
    assert rec.row_for("asia_minor").space_exceptions["no_HI"] == ["lesbos_chios", "samos"]
    assert rec.types_in("east", "syria") == ["HI", "LI", "CV", "EL"]  # §6.2.7
    assert "LG" in rec.types_in("rome", "italia")
    assert {p.id for p in d.provinces.values() if p.elephants} == {"syria", "numidia"}


# -- links (§2.1.4, §9, §11) ---------------------------------------------------------------------
def test_straits_and_alpine_passes(d: pd.PaxRomanaData) -> None:
    assert {frozenset((x.a, x.b)) for x in d.straits} == {
        frozenset(p) for p in (("rhegium", "messana"), ("tingis", "tp_calpe"),
                               ("sestos", "abydos"), ("byzantium", "nicomedia"))}  # §9.5.3
    assert d.space("tp_calpe").province == "baetica"
    assert d.link_types("rhegium", "messana") == {"strait", "sea"}
    assert all(x.mp == 2 for x in d.straits)
    assert d.link_types("valentia", "taurinorum") == {"alpine_pass"}  # §9.5.2
    assert all(x.mp == 3 for x in d.alpine_passes)
    # Every Alpine pass touches Cisalpina.
    for x in d.alpine_passes:
        assert "cisalpina" in (d.space(x.a).province, d.space(x.b).province), x


def test_sea_links(d: pd.PaxRomanaData) -> None:
    assert "sea" in d.link_types("pisae", "aleria")
    assert "sea" in d.link_types("megara", "corinth")  # the canal
    assert "sea" in d.link_types("melita", "thapsus")  # §11.3.3

    def via(a: str, b: str, kind: str) -> set[str]:
        return {x for x in d.sea_neighbours(a) & d.sea_neighbours(b)
                if d.naval_points.get(x) is not None and d.naval_points[x].kind == kind}

    assert via("lissus", "barium", "ntp")  # §2.1.3
    assert via("alexandria", "rhodes", "dstp")
    assert via("lilybaeum", "melita", "ntp")  # §11.3.3
    assert via("gythium", "syracuse", "dstp")  # §11.3.1
    coast = ["dyrrachium", "corcyra", "actium", "patrae", "gythium"]
    assert all("sea" in t for t in _path_types(d, coast))
    spain = ["malaca", "carthago_nova", "saguntum", "tarraco", "emporion"]
    assert all(t == {"land", "sea"} for t in _path_types(d, spain))
    for ln in d.links:
        if ln.type == "sea":
            assert all(e in d.naval_points or d.space(e).port for e in (ln.a, ln.b))


def test_the_movement_example_route(d: pd.PaxRomanaData) -> None:
    # §9.2.1: Emporion - Narbo - Nemausus - Valentia - (pass) - Taurinorum - Mediolanum - Parma -
    # Arretium, link by link.
    route = ["emporion", "narbo", "nemausus", "valentia", "taurinorum", "mediolanum", "parma",
             "arretium"]
    kinds = ["land", "land", "land", "alpine_pass", "land", "land", "land"]
    for (a, b), kind in zip(zip(route, route[1:], strict=False), kinds, strict=True):
        assert kind in d.link_types(a, b), (a, b)
        assert b in d.land_neighbours(a)
    # §9.3.2: Parma - Ravenna - Ariminum - Bovianum - Rome.
    assert all("land" in t for t in _path_types(
        d, ["parma", "ravenna", "ariminum", "bovianum", "rome"]))
    # Other adjacencies the rulebook's examples need.
    for a, b in (("rome", "pisae"), ("memphis", "hermopolis"), ("pella", "dyrrachium"),
                 ("agrigentum", "syracuse")):
        assert "land" in d.link_types(a, b), (a, b)
    assert d.link_types("gergovia", "uxellodunum") == frozenset()  # §5.3
    # Salona - land TP - Lissa (§2.1.3).
    tp = d.land_neighbours("salona") & d.land_neighbours("lissus") & d.transit_points
    assert tp == {"tp_dalmatia"}


def test_regroup_example_nicomedia_to_iconium(d: pd.PaxRomanaData) -> None:
    # §10.7.7: Nicomedia - TP - TP - Iconium and the attack cost the army's last 5 MP, which adds
    # up only with Iconium a rough mountain: 1 + 1 + 2 to enter, + 1 to attack.
    route = ["nicomedia", "tp_dorylaeum", "tp_philomelium", "iconium"]
    assert all(t == {"land"} for t in _path_types(d, route))
    assert route[1] in d.transit_points and route[2] in d.transit_points
    costs = {r.action: r.mp for r in d.tables.movement_point_costs.rows}
    enter = costs["enter an unoccupied or friendly-occupied space, or a land TP"]
    rough = costs["enter a rough mountain space"]
    attack = costs["attack (in addition to entry)"]
    assert enter + enter + (rough if "iconium" in d.rough_mountains else enter) + attack == 5


def test_britannia_cut_off_by_sea(d: pd.PaxRomanaData) -> None:
    # §6.1.5's example: with Gesoriacum and Darioritum held by the enemy, no sea route leaves
    # Britannia.
    start = [s for s in d.spaces_of("britannia") if s in d.ports]
    seen, todo = set(start), list(start)
    while todo:
        x = todo.pop()
        for y in d.sea_neighbours(x) - seen:
            if y in ("gesoriacum", "darioritum"):
                continue
            seen.add(y)
            if y in d.spaces:
                assert d.space(y).province == "britannia", y
            todo.append(y)
    assert any(x in d.naval_points for x in seen)


def test_land_components(d: pd.PaxRomanaData) -> None:
    left, parts = set(d.spaces), []
    while left:
        first = left.pop()
        part, todo = {first}, [first]
        while todo:
            for y in d.land_neighbours(todo.pop()) - part:
                part.add(y)
                todo.append(y)
        left -= part
        parts.append(part)
    islands = sorted(tuple(sorted(p)) for p in parts if len(p) < 100)
    assert len(parts) == 1 + len(islands)
    assert {frozenset(d.space(s).province for s in p) for p in islands} == {
        frozenset({x}) for x in ("britannia", "sardinia", "corsica", "crete", "cyprus", "rhodes",
                                 "melita", "balearic_islands", "aegean_islands", "ionia",
                                 "attica")}
    singles = {p[0] for p in islands if len(p) == 1}
    assert singles == {"baleares", "melita", "rhodes", "thasos", "lemnos", "naxos",
                       "lesbos_chios", "samos", "corcyra"}
    # By land and sea together every point is reachable.
    seen, todo = {"rome"}, ["rome"]
    while todo:
        for y in d.neighbours(todo.pop()) - seen:
            seen.add(y)
            todo.append(y)
    assert seen == set(d.spaces) | set(d.naval_points)


def test_lookups(d: pd.PaxRomanaData) -> None:
    assert d.neighbours("rhegium", "sea") == {"messana", "croton", "ntp_sinus_hipponiates"}
    assert d.neighbours("rhegium", "strait") == {"messana"}
    assert d.neighbours("rhegium", ["land", "strait"]) == d.land_neighbours("rhegium")
    assert d.neighbours("rhegium") == d.land_neighbours("rhegium") | d.sea_neighbours("rhegium")
    assert d.neighbours("atlantis") == frozenset()
    for a in (*d.spaces, *d.naval_points):
        for b in d.neighbours(a):
            assert a in d.neighbours(b) and d.link_types(a, b)
    assert sum(len(d.links_of(p)) for p in (*d.spaces, *d.naval_points)) == 2 * 563
    assert isinstance(d.point("ntp_mare_siculum"), pd.NavalPoint)
    assert d.point("rome").capital and d.is_point("tp_calpe") and not d.is_point("atlantis")
    with pytest.raises(KeyError):
        d.point("atlantis")
    assert d.zones["caledonia"].borders == ["eboracum"] and not d.zones["caledonia"].enterable
    assert d.independents["mamertines"].core_spaces == ["messana"]


def test_provenance_labels(d: pd.PaxRomanaData) -> None:
    assert pd.reconstructed(d.space("dura_europos").provenance)
    assert not pd.reconstructed(d.space("rome").provenance)
    assert d.space("rome").provenance.position.startswith("recalled")
    names = Counter(s.provenance.name_placement == "reconstructed"
                    for s in d.spaces.values() if not s.is_transit_point)
    assert names[True] == 130
    assert sum(x.provenance == "reconstructed" for x in d.links) == 482
    assert sum(x.provenance.startswith("rating: reconstructed")
               for x in d.leaders.values()) == 24
    assert all(x.provenance for x in (*d.links, *d.provinces.values(), *d.territories.values()))


def _places(d: pd.PaxRomanaData) -> dict[str, list[Any]]:
    return {"territory": list(d.territories.values()), "province": list(d.provinces.values()),
            "space": list(d.spaces.values()), "naval point": list(d.naval_points.values()),
            "sea area": list(d.sea_areas.values()), "independent": list(d.independents.values()),
            "zone": list(d.zones.values())}


def test_every_place_has_a_russian_name(d: pd.PaxRomanaData) -> None:
    """Every place a Russian reader meets has a Russian name in Cyrillic, with its source."""
    for kind, items in _places(d).items():
        for x in items:
            assert x.name_ru.strip() == x.name_ru and re.fullmatch(r"[А-Яа-яЁё0-9 ()/–-]+",
                                                                   x.name_ru), (kind, x.name)
        names = [x.name_ru for x in items]
        assert len(set(names)) == len(names), kind
    assert len(set(x.name_ru for x in (*d.spaces.values(), *d.naval_points.values()))) == 305
    sources = {kind: Counter(x.name_ru_source for x in items)
               for kind, items in _places(d).items()}
    assert sources["space"] == {"rulebook": 64, "conventional": 199}
    assert sources["province"] == {"rulebook": 47, "conventional": 7}
    assert sources["territory"] == {"rulebook": 18}


def test_russian_names_the_rulebook_prints(d: pd.PaxRomanaData) -> None:
    """The Russian rulebook's own forms (§2.1, §5.2, §9, §10 examples), not transliterations."""
    spaces = {"rome": "Рим", "carthage": "Карфаген", "athens": "Афины", "pella": "Пелла",
              "alexandria": "Александрия", "antioch": "Антиохия", "corinth": "Коринф",
              "syracuse": "Сиракузы", "tarentum": "Тарент", "rhegium": "Регий",
              "taurinorum": "Турин", "nemausus": "Ним", "lissus": "Лисса", "barium": "Бари",
              "gesoriacum": "Бонония (Гезориак)", "mazaca": "Мазака",
              "sebastia": "Себастия", "thasos": "Тасос", "lemnos": "Лемнос", "naxos": "Наксос"}
    for sid, name in spaces.items():
        assert (d.space(sid).name_ru, d.space(sid).name_ru_source) == (name, "rulebook"), sid
    provinces = {"italia": "Италия", "bruttium": "Бруттия", "narbonensis": "Нарбонская Галлия",
                 "west_sicily": "Западная Сицилия", "peloponnesus": "Пелопоннес",
                 "melita": "Мальта", "aegean_islands": "Эгейские острова"}
    for pid, name in provinces.items():
        assert (d.provinces[pid].name_ru, d.provinces[pid].name_ru_source) == (name, "rulebook")
    assert d.territories["asia_minor"].name_ru == "Малая Азия"
    assert d.territories["great_germanic_tribes"].name_ru == "Великие германские племена"
    assert d.sea_areas["Mare Tyrrhenum"].name_ru == "Тирренское море"
    assert d.independents["mamertines"].name_ru == "Мамертинцы"
    # the rest are the usual Russian forms, marked as chosen here
    for sid, name in (("massilia", "Массилия"), ("gades", "Гадес"), ("utica", "Утика")):
        assert (d.space(sid).name_ru, d.space(sid).name_ru_source) == (name, "conventional")
    assert d.naval_points["dstp_mare_tyrrhenum"].name_ru == "Тирренское море (открытое море)"


# -- tables -------------------------------------------------------------------------------------
TABLE_MODELS: dict[str, type] = {
    "battle_ratio": pd.BattleRatio, "battle_shifts": pd.BattleShifts,
    "battle_losses": pd.BattleLosses, "cavalry": pd.CavalryTable,
    "elephants": pd.ElephantTable, "leader_death": pd.LeaderDeathTable,
    "interception": pd.InterceptionTable, "withdrawal_before_battle": pd.WithdrawalTable,
    "retreat": pd.RetreatRules, "pillage": pd.PillageTable, "attrition": pd.AttritionTable,
    "movement_point_costs": pd.MovementCosts, "naval_disaster": pd.NavalDisasterTable,
    "naval_continuation": pd.ContinuationTable, "naval_battle": pd.NavalBattleTable,
    "naval_transport": pd.NavalTransportTable, "pirates": pd.PiratesTable,
    "rhodes": pd.RhodesTable, "manpower_maximums": pd.ManpowerMaximums,
    "unit_costs": pd.UnitCosts, "garrison_conversion": pd.GarrisonConversion,
    "cities_and_settlements": pd.CitiesAndSettlements, "income": pd.IncomeTable,
    "victory_scales": pd.VictoryScales, "stability_track": pd.StabilityTrack,
    "stability_adjustments": pd.StabilityAdjustments, "militia": pd.MilitiaTable,
    "recruitment": pd.RecruitmentTable, "event_table_standard": pd.EventTable,
    "invasion_table": pd.InvasionTable, "rebellion_table": pd.RebellionTable,
    "harvest_table": pd.HarvestTable, "stability_check": pd.StabilityCheck,
    "slave_revolt": pd.SlaveRevolt, "tribe_counters": pd.TribeCounters,
    "special_forces": pd.SpecialForces, "optional_objectives": pd.OptionalObjectives,
    "standard_formats": pd.StandardFormats, "game_turns": pd.GameTurns,
    "event_cards": pd.EventDeck,
}


def test_every_table_is_present_and_typed(d: pd.PaxRomanaData) -> None:
    assert len(TABLE_MODELS) == 40
    assert set(d.table_names) == set(TABLE_MODELS)
    for name, model in TABLE_MODELS.items():
        t = d.table(name)
        assert isinstance(t, model), name
        assert t.title and t.provenance, name
    with pytest.raises(KeyError):
        d.table("no_such_table")


def test_battle_ratio(d: pd.PaxRomanaData) -> None:
    br = d.tables.battle_ratio
    # §10.3.1's rounding examples: 11:6 = 2:1, 10:6 = 1.5:1, 26:10 = 3:1; an exact tie rounds
    # down.
    assert br.step_for(11, 6).ratio == "2:1" and br.step_for(10, 6).ratio == "1.5:1"
    assert br.step_for(26, 10).ratio == "3:1"
    assert br.shifts(5, 4) == 0 and br.shifts(10, 4) == 2 and br.shifts(7, 2) == 3
    assert br.shifts(40, 1) == 6 and br.shifts(3, 0) == 6
    assert [s.shifts for s in br.steps] == [0, 1, 2, 3, 4, 5, 6]
    assert pd.reconstructed(br.steps[-1].provenance) and not pd.reconstructed(
        br.steps[4].provenance)


def test_battle_and_movement_tables(d: pd.PaxRomanaData) -> None:
    t = d.tables
    shifts = {r.source: r.shifts for r in t.battle_shifts.rows}
    assert shifts["cavalry superiority"] == 1 and shifts["defender in a rough mountain space"] == 2
    assert t.elephants.result(6).startswith("rampage") and len(t.elephants.rows) == 6
    assert [r.dies_on for r in t.leader_death.rows] == [[12], [2, 12], [2, 12]]  # §8.4
    assert t.interception.target == 12  # §9.3.1
    assert [m.drm for m in t.withdrawal_before_battle.modifiers] == [-1, -3]  # §9.4
    assert [t.attrition.percent(r) for r in range(1, 7)] == [10, 10, 20, 20, 30, 30]  # §9.6.3
    costs = {r.action: r.mp for r in t.movement_point_costs.rows}
    assert costs["enter a space across an Alpine pass"] == 3  # §9.5.2 (2nd edition)
    assert costs["enter a space across a strait"] == 2
    assert t.pillage.yields["city"] == "1d6 T"
    assert len(t.retreat.rules) == 6 and t.battle_losses.win_loss_effects["forced_retreat_mp"] == 1
    assert t.cavalry.definitions["dominance"].startswith("at least 3x")


def test_naval_tables(d: pd.PaxRomanaData) -> None:
    t = d.tables
    # §11.2.1: an NTP goes Off Course on a 6; a DSTP on 3-4, Storm on 5-6.
    assert [t.naval_disaster.result("ntp", r) == "no effect" for r in range(1, 7)] == [
        True] * 5 + [False]
    assert t.naval_disaster.result("dstp", 4).startswith("Off Course")
    assert t.naval_disaster.result("dstp", 5).startswith("Storm")
    assert t.naval_continuation.continue_on_or_below == 7  # ambiguity A1
    assert t.naval_transport.costs["embark"] == 1
    assert (t.rhodes.sea_passage_cost_T, t.rhodes.std_galleys_each_turn) == (1, 2)  # §12.5.1
    assert "Tarsus" in t.pirates.placement


def test_economy_tables(d: pd.PaxRomanaData) -> None:
    t = d.tables
    mm = t.manpower_maximums  # Player Aid Card 1
    assert [[mm.maximum(p, r) for r in pd.STABILITY_RANGES]
            for p in ("rome", "carthage", "greece", "east")] == [
        [30, 20, 12], [15, 12, 8], [20, 15, 10], [18, 15, 10]]
    uc = t.unit_costs
    assert (uc.unit("LG").cost_T, uc.unit("LG").bp, uc.unit("LG").weakened_bp) == (2, 4, 2)
    assert (uc.unit("HI").cost_T, uc.unit("HI").bp, uc.unit("HI").weakened_bp) == (2, 3, 1)
    assert (uc.unit("LI").cost_T, uc.unit("CV").cost_T, uc.unit("EL").cost_T) == (1, 2, 1)
    assert (uc.unit("GS").naval_bp, uc.unit("GS").maintenance_T) == (2, 1)
    assert [r.garrisons for r in t.garrison_conversion.rows] == [3, 2, 1]  # §12.1.6
    cs = t.cities_and_settlements
    assert (cs.row("city", "intact").fp, cs.row("city", "intact").income_T) == (5, 3)
    assert (cs.row("settlement", "intact").fp, cs.row("settlement", "intact").cvp) == (2, 1)
    assert cs.row("city", "damaged").fp == "3-4"
    incomes = {r.source: r.T for r in t.income.rows}
    assert incomes["intact city"] == 3 and incomes["Bergidum silver mines (space control)"] == 1


def test_stability_and_victory_tables(d: pd.PaxRomanaData) -> None:
    t = d.tables
    st = t.stability_track
    assert (st.min, st.max) == (-6, 8)
    assert [st.range_of(x) for x in (8, 0, -1, -4, -5, -6, -9)] == [
        "stable", "stable", "unrest", "unrest", "disorder", "disorder", "disorder"]
    assert len(t.stability_adjustments.rows) == 15  # §14.2.1
    assert {r.cause: r.change for r in t.stability_adjustments.rows}[
        "at least 3x as many HI/LG units as CVP"] == -3
    assert [r.range for r in t.militia.rows] == ["stable", "unrest", "disorder"]
    vs = t.victory_scales
    assert vs.gop(4) == [7, 4, 2, 0] and vs.cvp(4) == [5, 3, 1, 0]  # §15.2.3, §15.3.3
    assert vs.gop(3) == [7, 4, 0] and vs.cvp(2) == [5, 0]
    oo = t.optional_objectives
    assert oo.total == 20 and [r.letter for r in oo.rows] == list("ABCDEFGHIJKLMN")  # §15.4.9
    assert next(r for r in oo.rows if r.letter == "F").space_ids == [
        "lesbos_chios", "naxos", "knossos", "miletus"]
    assert oo.buy_cost_T == {"stable": 1, "unrest": 2, "disorder": 3}  # §15.4.4
    formats = {r.format: (r.turns, r.ams_per_player, r.event_markers)
               for r in t.standard_formats.rows}
    assert formats == {"basic": (5, 3, 0), "basic_ii": (5, 3, 1), "basic_plus": (5, 4, 2),
                       "ultra_basic": (10, 4, 2)}  # §3.8.1
    assert t.standard_formats.advanced.ams_per_player == 4
    assert (t.game_turns.turn(1).bc_from, t.game_turns.turn(10).bc_to) == (300, 50)
    assert [r.turn for r in t.game_turns.rows] == list(range(1, 11))
    assert [c.name for c in t.stability_check.std] == ["Discontent", "Riots", "Civil War"]


def test_event_and_barbarian_tables(d: pd.PaxRomanaData) -> None:
    t = d.tables
    events = t.event_table_standard
    assert [r.roll for r in events.rows] == list(range(2, 13))
    assert len({r.event for r in events.rows}) == 11  # §16.2: 11 events for 11 results
    assert events.event(11).event == "soldiers_of_fortune"
    assert {r.group for r in t.invasion_table.rows} == {
        "western_gauls", "eastern_gauls", "germans", "caledonians", "armenians"}  # §13.4
    assert len({r.region for r in t.rebellion_table.rows}) == 11  # §13.3
    assert t.rebellion_table.region(6).std_province == "lusitania"
    assert [r.roll for r in t.harvest_table.rows] == list(range(1, 7))
    assert "rome" in {r.territory for r in t.harvest_table.rows}
    tc = t.tribe_counters
    assert tc.total == 30 and len(tc.mix()) == 30  # §13.1.1
    assert min(tc.mix()) == 2 and max(tc.mix()) == 8 and tc.tribal_spaces_on_map == 27
    sof = next(r for r in t.special_forces.rows if r.force == "Soldiers of Fortune")
    assert sof.units == {"leader": "3-4", "HI": 4, "LI": 2, "CV": 1, "EL": 1}  # §12.4.3
    assert len(t.slave_revolt.procedure) == 4


def test_event_deck(d: pd.PaxRomanaData) -> None:
    deck = d.event_cards
    assert deck.size == 55 and len(deck.full_deck()) == 55  # §17.1.1
    assert len(deck.cards) == 39
    assert next(c for c in deck.cards if c.title == "Alliance").count == 2


# -- leaders (§8) --------------------------------------------------------------------------------
def test_leaders(d: pd.PaxRomanaData) -> None:
    assert len(d.leaders) == 40
    for p in d.powers:
        pool = d.leaders_of(p)
        assert len(pool) == 10 and any(x.exceptional for x in pool)
        assert all(x.rating == f"{x.tactics}-{x.campaign}" for x in pool)
        assert all(1 <= x.tactics <= 4 and 2 <= x.campaign <= 6 for x in pool)
    assert sum(x.exceptional for x in d.leaders_of("rome")) == 2
    # The ratings the rulebook's examples show.
    assert "4-6" in {x.rating for x in d.leaders_of("carthage") if x.exceptional}  # §9.2.1
    assert {"2-3", "2-4"} <= {x.rating for x in d.leaders_of("rome")}  # §11.3.3, §9.3.2
    assert "1-5" in {x.rating for x in d.leaders_of("east")}  # §10.3.1
    assert {"1-3", "2-4"} <= {x.rating for x in d.leaders_of("greece")}
    pyrrhus = d.fixed_leaders["sof_pyrrhus"]
    assert (pyrrhus.tactics, pyrrhus.campaign, pyrrhus.side) == (3, 4, "soldier_of_fortune")
    assert d.fixed_leaders["gallic_invasion"].copies == 2
    assert (d.fixed_leaders["german_invasion"].tactics,
            d.fixed_leaders["german_invasion"].campaign) == (2, 5)  # §13.4
    assert len(d.named_leaders) == 8
    assert {x.scenario for x in d.named_leaders.values()} == {"VIII", "IX"}
    assert d.leader("viii_agathocles").name == "Agathocles of Syracuse"
    assert d.leader("rome_06").rating == "2-4"
    assert d.leader_rules.pool_size == 10 and d.leader_rules.drawn_per_turn == 2
    with pytest.raises(KeyError):
        d.leader("caesar")


# -- scenarios -----------------------------------------------------------------------------------
def test_catalogue(d: pd.PaxRomanaData) -> None:
    cat = d.catalogue
    assert [e.id for e in cat.scenarios] == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII",
                                             "IX", "X"]
    status = {e.id: e.status for e in cat.scenarios}
    assert status == {"I": "completed", "II": "completed", "III": "not_available",
                      "IV": "completed", "V": "full", "VI": "not_available",
                      "VII": "full", "VIII": "not_available", "IX": "not_available",
                      "X": "not_available"}
    assert list(d.scenarios) == ["I", "II", "IV", "V", "VII"]
    # §1.2: four Standard-only scenarios, three either, three Advanced-only.
    levels = Counter(tuple(e.rule_levels) for e in cat.scenarios)
    assert levels == {("standard",): 4, ("standard", "advanced"): 3, ("advanced",): 3}
    iv = d.scenario("IV")
    assert iv.soldier_of_fortune is not None and iv.soldier_of_fortune.power == "carthage"
    assert cat.entry("VIII").known["players"] == {"min": 3, "max": 3}


def test_scenario_v(d: pd.PaxRomanaData) -> None:
    s = d.scenario("V")
    assert s.powers == ["rome", "carthage", "greece", "east"]
    assert (s.players.min, s.players.max) == (2, 4)
    assert (s.start.turn, s.start.phase, s.start.segment) == (1, "F", None)  # §3.6
    assert s.last_turn == 10 and s.length_by_format
    assert s.first_round_order == ["greece", "east", "carthage", "rome"]
    assert s.activations.per_power is None and s.activations.event_markers is None
    assert s.activations.advanced_per_power == 4
    assert s.standard_game is not None and s.standard_game.formats == [
        "basic", "basic_ii", "basic_plus", "ultra_basic"]
    assert s.standard_game.event_table == "event_table_standard"
    assert s.optional_objectives.in_use  # §15.4
    assert {p: (x.treasury, x.stability, x.vp) for p, x in s.powers_setup.items()} == {
        "rome": (10, 6, 0), "carthage": (15, 5, 0), "greece": (12, 4, 0), "east": (14, 4, 0)}
    assert (s.leaders.mode, s.leaders.per_power) == ("draw", 2)
    assert len(s.placements) == 35
    stacks = {(p.at, p.owner): p.units for p in s.placements}
    assert stacks[("rome", "rome")] == {"LG": 4, "GS": 1}
    assert stacks[("placentia", "rome")] == {"LG": 2}
    assert stacks[("carthage", "carthage")] == {"HI": 2, "LI": 1, "CV": 1, "EL": 1, "GS": 2}
    assert stacks[("tyre", "greece")] == {"GR": 1}
    assert stacks[("edessa", "east")] == {"HI": 2, "CV": 1}
    assert stacks[("syracuse", "syracuse")] == {"HI": 2, "LI": 1, "GS": 2}
    assert stacks[("messana", "mamertines")] == {"HI": 2, "LI": 1}  # §12.5.2
    assert stacks[("rhodes", "rhodes")] == {"HI": 2, "GS": 2}
    assert s.units_of("rome") == {"LG": 6, "GS": 1}
    assert s.units_of("pergamum") == {"HI": 3, "CV": 1, "LI": 3}
    assert sum(p.units.get("GS", 0) for p in s.placements) == 16
    assert not any(p.weakened or p.leaders for p in s.placements)
    sof = s.soldier_of_fortune
    assert sof is not None and (sof.power, sof.leader, sof.at) == ("greece", "sof_pyrrhus",
                                                                   "corcyra")
    assert sof.units == {"HI": 4, "LI": 2, "CV": 1, "EL": 1} and sof.removal_turn == 2
    # §15.3.3's end-of-Turn-I CVP example as the starting pattern.
    kinds = Counter((c.owner, c.kind) for c in s.cities_and_settlements)
    assert kinds == {("greece", "city"): 3, ("greece", "settlement"): 3, ("east", "city"): 1,
                     ("east", "settlement"): 4, ("rome", "city"): 2, ("rome", "settlement"): 1,
                     ("carthage", "city"): 1, ("carthage", "settlement"): 2,
                     ("pergamum", "city"): 1, ("rhodes", "city"): 1, ("syracuse", "city"): 1}
    assert s.city_at("pisae") is not None and s.city_at("pisae").kind == "settlement"  # §9.3.2
    assert all(c.fp == (5 if c.kind == "city" else 2) for c in s.cities_and_settlements)
    assert s.independents == ["pergamum", "rhodes", "syracuse", "mamertines"]
    assert set(s.tribes.spaces) == d.tribal_spaces
    assert s.pirates.markers == []
    assert [r.key for r in s.special_rules] == [
        "first_turn_skips_phases_a_to_e", "mamertines_hold_messana",
        "pergamum_and_pontus_advanced_only"]
    assert s.victory.automatic is None
    assert pd.reconstructed(s.powers_setup["carthage"].provenance)


def test_scenario_vii_is_v_for_one_turn(d: pd.PaxRomanaData) -> None:
    v, vii = d.scenario("V"), d.scenario("VII")
    assert vii.based_on == "V" and vii.id == "VII"
    assert vii.placements == v.placements and vii.powers_setup == v.powers_setup
    assert vii.cities_and_settlements == v.cities_and_settlements
    assert vii.soldier_of_fortune == v.soldier_of_fortune
    assert (vii.start.turn, vii.last_turn, vii.length_by_format) == (1, 1, False)
    assert not vii.optional_objectives.in_use  # §15.4: only V, VI, IX and X
    assert vii.victory.end_of_game.startswith("most VP after the Turn I Victory Phase")


def test_scenario_i(d: pd.PaxRomanaData) -> None:
    s = d.scenario("I")
    assert s.powers == ["greece", "rome"] and (s.players.min, s.players.max) == (2, 2)
    assert (s.start.turn, s.start.phase, s.start.segment, s.last_turn) == (1, "F", 3, 1)
    assert s.activations.per_power == {"greece": 3, "rome": 3}
    assert s.activations.event_markers == 0 and not s.treasury_used
    assert s.first_round_order == ["greece", "rome"]
    assert s.leaders.mode == "placed"
    stacks = {(p.at, p.owner): (p.units, p.leaders) for p in s.placements}
    assert stacks[("corcyra", "greece")] == ({"HI": 4, "LI": 2, "CV": 1, "EL": 1},
                                             ["sof_pyrrhus"])
    assert stacks[("tarentum", "greece")] == ({"CV": 1}, [])
    assert stacks[("rome", "rome")] == ({}, ["rome_06"])
    assert stacks[("placentia", "rome")] == ({"LG": 2, "GR": 1}, [])
    assert stacks[("capua", "rome")] == ({"GR": 1}, [])
    assert s.city_at("capua") is not None and s.city_at("capua").kind == "settlement"
    assert s.soldier_of_fortune is None and s.tribes.spaces == []
    free = next(r for r in s.special_rules if r.key == "rome_free_legions")
    assert free.params == {"power": "rome", "units": {"LG": 2}, "cost_T": 0}


def test_scenario_ii(d: pd.PaxRomanaData) -> None:
    s = d.scenario("II")
    assert s.powers == ["rome", "carthage"]
    assert (s.start.turn, s.last_turn) == (2, 7)
    assert s.activations.per_power == {"rome": 4, "carthage": 4}  # §3.4.2's example
    assert s.first_round_order == ["rome", "carthage"] and s.activations.event_markers == 1
    stacks = {(p.at, p.owner): p.units for p in s.placements}
    assert stacks[("arretium", "rome")] == {"LG": 2}
    assert stacks[("cirta", "carthage")] == {"LI": 2}
    assert stacks[("carthage", "carthage")] == {"HI": 2, "CV": 2, "LI": 1, "GS": 3}
    assert stacks[("aleria", "carthage")] == {"GR": 1}
    assert s.city_at("lilybaeum") is not None and s.city_at("lilybaeum").kind == "city"
    assert sorted(s.independents) == ["mamertines", "syracuse"]
    assert len(s.tribes.spaces) == 13
    assert {d.space(x).territory for x in s.tribes.spaces} == {"hispania", "gallia", "sicilia"}
    assert s.victory.automatic == "capture (control) the enemy capital: Rome or Carthage"
    assert s.leaders.mode == "draw" and "Rhegium" in (s.leaders.observed or "")


# -- broken files --------------------------------------------------------------------------------
@pytest.fixture()
def copy_dir(tmp_path: Path) -> Path:
    dst = tmp_path / "pax_romana"
    shutil.copytree(pd.DATA_DIR, dst, ignore=shutil.ignore_patterns("*.md"))
    return dst


def _edit(path: Path, change: Callable[[Any], None]) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")


def _problems(directory: Path) -> list[str]:
    with pytest.raises(DataError) as exc:
        pd.load_dir(directory)
    return exc.value.problems


def test_copy_loads(copy_dir: Path) -> None:
    data = pd.load_dir(copy_dir)
    assert len(data.spaces) == 263 and list(data.scenarios) == ["I", "II", "IV", "V", "VII"]


def test_link_to_unknown_space(copy_dir: Path) -> None:
    _edit(copy_dir / "map.json", lambda r: r["links"].append(
        {"a": "rome", "b": "atlantis", "type": "land", "provenance": "test"}))
    problems = _problems(copy_dir)
    assert "map.json: link rome-atlantis: unknown point 'atlantis'" in problems
    # The declared counts disagree too.
    assert "map.json: counts.links: declares 563 links, the map has 564" in problems
    assert "map.json: counts.links_by_type.land: declares 353 land links, the map has 354" \
        in problems


def test_link_to_itself_and_twice(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        r["links"][0] = {"a": "rome", "b": "rome", "type": "land", "provenance": "test"}
        r["links"][1] = dict(r["links"][2])
    _edit(copy_dir / "map.json", change)
    problems = _problems(copy_dir)
    assert "map.json: link rome-rome: joins rome to itself" in problems
    link = json.loads((copy_dir / "map.json").read_text(encoding="utf-8"))["links"][2]
    assert f"map.json: link {link['a']}-{link['b']}: the land link is listed twice" in problems


def test_duplicate_ids(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        r["spaces"][1]["id"] = r["spaces"][0]["id"]
        r["naval_points"][0]["id"] = "rome"
    _edit(copy_dir / "map.json", change)
    problems = _problems(copy_dir)
    assert "map.json: point id 'taurinorum' is used twice" in problems
    assert "map.json: point id 'rome' is used twice" in problems


def test_russian_names_missing_blank_or_repeated(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        del r["spaces"][0]["name_ru"]
        r["spaces"][1]["name_ru"] = "Рим"                 # Mediolanum
        r["provinces"][0]["name_ru"] = " "
        r["sea_areas"][0]["name_ru_source"] = "guessed"
    _edit(copy_dir / "map.json", change)
    problems = _problems(copy_dir)
    assert "map.json: spaces[taurinorum].name_ru: Field required" in problems
    assert "map.json: sea_areas[Mare Adriaticum].name_ru_source: Input should be 'rulebook' " \
        "or 'conventional'" in problems
    _edit(copy_dir / "map.json", lambda r: r["spaces"][0].update(name_ru="Турин"))
    _edit(copy_dir / "map.json", lambda r: r["sea_areas"][0].update(name_ru_source="rulebook"))
    problems = _problems(copy_dir)
    assert "map.json: point name_ru 'Рим' is used twice" in problems
    assert "map.json: province cisalpina: name_ru is blank" in problems


def test_unknown_province_and_wrong_declared_counts(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        next(s for s in r["spaces"] if s["id"] == "capua")["province"] = "latium"
        r["counts"]["spaces"] = 244
        next(p for p in r["provinces"] if p["id"] == "bruttium")["space_count"] = 6
    _edit(copy_dir / "map.json", change)
    problems = _problems(copy_dir)
    assert "map.json: space capua: unknown province 'latium'" in problems
    assert "map.json: counts.spaces: declares 244 spaces, the map has 243" in problems
    assert "map.json: province bruttium: space_count says 6, the map has 5 spaces" in problems
    assert "map.json: province italia: space_count says 9, the map has 8 spaces" in problems


def test_sea_link_to_an_inland_space(copy_dir: Path) -> None:
    _edit(copy_dir / "map.json", lambda r: r["links"].append(
        {"a": "capua", "b": "ntp_mare_inferum", "type": "sea", "provenance": "test"}))
    problems = _problems(copy_dir)
    assert ("map.json: link capua-ntp_mare_inferum: a sea link reaches capua, which is not a "
            "port") in problems


def test_wrong_link_type_names_the_item(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        r["links"][0]["type"] = "tunnel"
    _edit(copy_dir / "map.json", change)
    with pytest.raises(DataError, match=r"map.json: links\[taurinorum-mediolanum\]\.type: "
                                        r"Input should be 'land', 'sea', 'strait' or "
                                        r"'alpine_pass'"):
        pd.load_dir(copy_dir)


def test_broken_tables(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        r["tables"]["event_table_standard"]["rows"].pop()
        r["tables"]["tribe_counters"]["rows"][0]["count"] = 5
        r["tables"]["harvest_table"]["rows"][0]["territory"] = "atlantis"
        r["tables"]["recruitment"]["rows"][0]["types"].append("TANK")
    _edit(copy_dir / "tables.json", change)
    problems = _problems(copy_dir)
    assert ("tables.json: event_table_standard: the rows must cover the rolls 2..12 once each"
            in problems)
    assert "tables.json: tribe_counters: 31 counters, the game has 30 (§13.1.1)" in problems
    assert "tables.json: harvest_table row 1: unknown territory 'atlantis'" in problems
    assert "tables.json: recruitment row rome: unknown unit type 'TANK'" in problems


def test_missing_table_and_bad_json(copy_dir: Path) -> None:
    _edit(copy_dir / "tables.json", lambda r: r["tables"].pop("game_turns"))
    with pytest.raises(DataError, match=r"tables.json: tables\.game_turns: Field required"):
        pd.load_dir(copy_dir)
    (copy_dir / "tables.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="tables.json: not valid JSON"):
        pd.load_dir(copy_dir)


def test_broken_leaders_and_deck(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        r["leaders"].pop(0)
        r["leaders"][0]["rating"] = "9-9"
    _edit(copy_dir / "leaders.json", change)
    _edit(copy_dir / "event_cards.json", lambda r: r["cards"][0].update(count=1))
    problems = _problems(copy_dir)
    assert "leaders.json: power rome: 9 leaders, a pool holds 10 (§8.1)" in problems
    assert "leaders.json: leader rome_02: rating 9-9 is not 1-3" in problems
    assert "event_cards.json: the deck holds 54 cards, the game has 55 (§17.1.1)" in problems


def test_broken_scenario_file(copy_dir: Path) -> None:
    def change(r: dict[str, Any]) -> None:
        r["placements"][0]["at"] = "atlantis"
        r["placements"][1]["units"] = {"TANK": 1}
    _edit(copy_dir / "scenarios" / "v.json", change)
    problems = _problems(copy_dir)
    assert "scenarios/v.json: placement rome at atlantis: unknown space 'atlantis'" in problems
    assert "scenarios/v.json: placement rome at placentia: unknown unit type 'TANK'" in problems


def test_catalogue_names_a_missing_document(copy_dir: Path) -> None:
    (copy_dir / "scenarios" / "ii.json").unlink()
    assert _problems(copy_dir) == [
        "scenarios.json: scenario II: document scenarios/ii.json is missing"]


# -- scenario documents given as dicts (a server's upload) ---------------------------------------
@pytest.fixture(scope="module")
def v_doc() -> dict[str, Any]:
    return json.loads((pd.DATA_DIR / "scenarios" / "v.json").read_text(encoding="utf-8"))


def _upload_problems(doc: dict[str, Any]) -> list[str]:
    with pytest.raises(DataError) as exc:
        pd.validate_scenario(doc, name="upload")
    return exc.value.problems


def _stack(doc: dict[str, Any], at: str, owner: str) -> dict[str, Any]:
    return next(p for p in doc["placements"] if p["at"] == at and p["owner"] == owner)


def test_a_valid_document_is_accepted(v_doc: dict[str, Any]) -> None:
    s = pd.validate_scenario(copy.deepcopy(v_doc), name="upload")
    assert s == pd.load().scenario("V")
    # A mid-game position: weakened units, a revealed tribe, pirates, objectives held.
    doc = copy.deepcopy(v_doc)
    _stack(doc, "pella", "greece")["weakened"] = {"HI": 1}
    doc["tribes"]["spaces"].remove("tolosa")
    doc["tribes"]["revealed"] = [{"at": "tolosa", "warriors": 2}]
    doc["pirates"] = {"markers": [{"at": "tarsus", "cilician": True},
                                  {"at": "ntp_mare_siculum"}]}
    doc["optional_objectives"]["held"] = {"rome": ["C", "L"]}
    doc["placements"].append({"at": "lugdunum", "owner": "barbarian", "units": {"BR": 5},
                              "leaders": ["gallic_invasion"], "provenance": "test"})
    doc["independents_provenance"] = "test"
    s = pd.validate_scenario(doc, name="upload")
    assert s.placements_at("pella")[0].weakened == {"HI": 1}
    assert s.tribes.revealed[0].warriors == 2 and s.optional_objectives.held["rome"] == ["C", "L"]


def test_a_document_based_on_a_built_in_scenario() -> None:
    s = pd.validate_scenario({"based_on": "V", "id": "V-short", "name": "Three turns",
                              "last_turn": 3, "length_by_format": False}, name="upload")
    assert (s.id, s.last_turn, s.based_on) == ("V-short", 3, "V")
    assert s.placements == pd.load().scenario("V").placements
    assert _upload_problems({"based_on": "XI", "id": "x"}) == [
        "upload: based_on: unknown scenario 'XI'"]


def test_placements_in_unknown_spaces_and_units(v_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(v_doc)
    _stack(doc, "rome", "rome")["at"] = "atlantis"
    _stack(doc, "placentia", "rome")["units"] = {"LG": 2, "TANK": 1}
    _stack(doc, "carthage", "carthage")["units"]["LG"] = 1
    _stack(doc, "utica", "carthage")["weakened"] = {"LI": 1}
    _stack(doc, "pella", "greece")["units"]["GS"] = 1
    _stack(doc, "athens", "greece")["at"] = "tp_calpe"
    _stack(doc, "tarsus", "east")["leaders"] = ["caesar", "rome_01"]
    _stack(doc, "cirta", "carthage")["owner"] = "atlantians"
    problems = _upload_problems(doc)
    assert problems == [
        "upload: placement rome at atlantis: unknown space 'atlantis'",
        "upload: placement rome at placentia: unknown unit type 'TANK'",
        "upload: placement carthage at carthage: only Rome has legions (LG)",
        "upload: placement carthage at utica: only LG and HI can be weakened, not LI",
        "upload: placement atlantians at cirta: unknown owner 'atlantians' (not a power in "
        "play, an independent in play, barbarian or slaves)",
        "upload: placement greece at tp_calpe: units cannot stop on a Transit Point",
        "upload: placement greece at pella: galleys stand in a port, and pella is not one",
        "upload: placement east at tarsus: unknown leader 'caesar'",
        "upload: placement east at tarsus: leader rome_01 belongs to rome",
    ]


def test_scenario_level_errors(v_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(v_doc)
    del doc["powers_setup"]["east"]
    doc["first_round_order"] = ["greece", "rome"]
    doc["cities_and_settlements"].append(
        {"at": "cirta", "owner": "carthage", "kind": "city", "fp": 5, "provenance": "test"})
    doc["cities_and_settlements"].append(
        {"at": "utica", "owner": "carthage", "kind": "settlement", "fp": 5, "provenance": "t"})
    doc["tribes"]["spaces"].append("rome")
    doc["independents"].append("atlantis")
    doc["soldier_of_fortune"]["leader"] = "gallic_invasion"
    doc["powers_setup"]["rome"]["stability"] = 12
    problems = _upload_problems(doc)
    assert "upload: powers_setup must give exactly the powers in play " \
           "['rome', 'carthage', 'greece', 'east']" in problems
    assert "upload: powers_setup.rome: Stability 12 is off the track (-6..8)" in problems
    assert "upload: first_round_order must list each power in play once" in problems
    assert ("upload: city at cirta: no city or settlement in a rough mountain space (§7.1.3)"
            in problems)
    assert "upload: settlement at utica: a space holds one city or settlement" in problems
    assert "upload: settlement at utica: 5 FP, a settlement has 1 to 2" in problems
    assert "upload: tribes.spaces: 'rome' is not a tribal space" in problems
    assert "upload: independents: unknown independent 'atlantis'" in problems
    assert ("upload: soldier_of_fortune: gallic_invasion is not a Soldiers of Fortune leader"
            in problems)


def test_schema_errors_are_located(v_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(v_doc)
    doc["start"]["phase"] = "Z"
    _stack(doc, "rome", "rome")["units"]["LG"] = "four"
    del doc["victory"]
    problems = _upload_problems(doc)
    assert problems[0].startswith("upload: start.phase: Input should be 'A', 'B'")
    assert problems[1].startswith("upload: placements[rome].units.LG: Input should be a valid "
                                  "integer")
    assert problems[2] == "upload: victory: Field required"
    assert len(problems) == 3


def test_the_fixed_and_named_leaders_have_russian_names() -> None:
    """A Russian reader sees Pyrrhus, the Pergamene and barbarian leaders in Russian (§12.4.3,
    §17.2), never their English names."""
    from games.pax_romana.texts import TEXTS

    d = pd.load()
    for ld in [*d.fixed_leaders.values(), *d.named_leaders.values()]:
        ru = TEXTS["ru"][f"leader.{ld.id}"]
        assert ru == ld.name_ru and ru != ld.name
        assert any("а" <= ch.lower() <= "я" for ch in ru)
    assert TEXTS["ru"]["leader.sof_pyrrhus"] == "Пирр Эпирский (полководец Солдат Удачи)"
    assert TEXTS["en"]["leader.sof_pyrrhus"] == "Pyrrhus of Epirus (Soldier of Fortune leader)"
