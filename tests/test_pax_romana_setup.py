"""Pax Romana set-up (§3.1): the scenarios exactly as the data gives them, the Standard formats
(§3.8.1), the blind leader draw and secret placement of Scenario V's first turn (§8.1), custom
scenario documents, options, and the scenario list."""

from __future__ import annotations

from collections import Counter

import pytest

from games import registry
from games.pax_romana.data import DataError, load
from games.pax_romana.rules import RULES
from tests.pax_romana_support import act, choices


def _units_by_owner_space(s) -> dict[tuple[str, str], dict[str, int]]:
    return {(sp, o): dict(st) for sp, owners in s.units.items() for o, st in owners.items()}


@pytest.mark.parametrize("sid", ["V", "VII", "I", "II"])
def test_set_up_exactly_as_the_data_gives_it(sid: str) -> None:
    """§3.1: every placement, city and settlement, Treasury, Stability, VP and the first-round
    order of the scenario document."""
    d = load()
    doc = d.scenario(sid)
    s = RULES.setup(7, sid, {})
    want: dict[tuple[str, str], Counter[str]] = {}
    for pl in doc.placements:
        c = want.setdefault((pl.at, pl.owner), Counter())
        c.update(pl.units)
        c.update({f"w{k}": n for k, n in pl.weakened.items()})
    if doc.soldier_of_fortune is not None:
        want.setdefault((doc.soldier_of_fortune.at, "sof"), Counter()).update(
            doc.soldier_of_fortune.units)
    assert _units_by_owner_space(s) == {k: dict(v) for k, v in want.items() if v}
    assert {sp: (c.owner, c.kind, c.fp) for sp, c in s.cities.items()} == {
        c.at: (c.owner, c.kind, c.fp) for c in doc.cities_and_settlements}
    for power, start in doc.powers_setup.items():
        assert s.powers[power].treasury == (start.treasury or 0)
        assert s.powers[power].stability == (start.stability or 0)
        assert s.powers[power].vp == start.vp
    assert s.roles == [p for p in ("rome", "carthage", "greece", "east") if p in doc.powers]
    if s.phase == "F":
        assert [s.active_power, *s.first_round] == list(doc.first_round_order)
    else:
        assert s.phase == "D" and s.first_round == list(doc.first_round_order)
    # §13.1.1: one hidden counter per tribal space of the scenario, the rest aside
    assert sorted(s.tribes) == sorted(doc.tribes.spaces)
    assert len(s.tribes) + len(s.tribe_pool) == d.tables.tribe_counters.total


def test_scenario_v_turn_one_draws_two_leaders_each_and_places_them_in_secret() -> None:
    """§3.6 skips Phases A-E on Turn 1; Scenario V's set-up draws two leaders for each Power
    (data README, 3), placed in secret (§8.1.5): the first in a capital, revealed together."""
    s = RULES.setup(3, "V", {})
    assert s.turn == 1 and s.phase == "D"
    view = RULES.view(s, "rome")
    assert view.active == ["rome", "carthage", "greece", "east"]
    for power in s.roles:
        assert len(s.powers[power].drawn) == 2
        assert RULES.view(s, power).private["leaders"][0]["id"] == s.powers[power].drawn[0]
    # the first leader of Rome goes to its capital, the only choice
    assert choices(s, "rome") == [("place", "rome")]
    # Greece and the East have two capitals
    assert {a for _, a in choices(s, "greece")} == {"athens", "pella"}
    # nobody sees another's drawn leaders
    assert "leaders" not in RULES.view(s, "carthage").board
    assert RULES.view(s, "carthage").private["leaders"][0]["id"] not in str(
        RULES.view(s, "rome").model_dump())
    for power in s.roles:
        for _ in range(2):
            verb, arg = choices(s, power)[0]
            s = act(s, power, verb, arg)
        assert not s.leaders or all(ls.owner != power for ls in s.leaders.values()
                                    if ls.owner in s.roles)
        s = act(s, power, "confirm")
    # revealed together; the Activation Phase starts with the first round
    assert s.phase == "F"
    assert sum(1 for ls in s.leaders.values() if ls.owner in s.roles) == 8
    assert RULES.view(s, None).active == ["greece"]


@pytest.mark.parametrize("fmt,turns,ams,markers", [("basic", 5, 3, 0), ("basic_ii", 5, 3, 1),
                                                    ("basic_plus", 5, 4, 2),
                                                    ("ultra_basic", 10, 4, 2)])
def test_standard_formats(fmt: str, turns: int, ams: int, markers: int) -> None:
    """§3.8.1: turns, AMs a Power and Event markers a turn by format; Basic II and Basic Plus
    deal each Power one Optional Objective (§15.4.3), secretly."""
    s = RULES.setup(1, "V", {"format": fmt})
    assert s.last_turn == turns
    assert all(p.ams == ams for p in s.powers.values())
    assert s.options["event_markers"] == markers
    dealt = [len(p.objectives) for p in s.powers.values()]
    assert dealt == ([1, 1, 1, 1] if fmt in ("basic_ii", "basic_plus") else [0, 0, 0, 0])
    if fmt == "basic_ii":
        rome = s.powers["rome"].objectives[0]
        assert RULES.view(s, "rome").private["objectives"] == [rome]
        assert "objectives" not in RULES.view(s, "carthage").private or \
            RULES.view(s, "carthage").private["objectives"] == s.powers["carthage"].objectives


def test_scenario_ii_fixes_its_activations_and_length() -> None:
    """Scenario II: 4 AMs each, Rome then Carthage (§3.4.2 example), one Event marker."""
    s = RULES.setup(1, "II", {"format": "ultra_basic"})
    assert [s.powers[p].ams for p in s.roles] == [4, 4]
    assert s.options["event_markers"] == 1
    assert (s.turn, s.last_turn) == (2, 7)


def test_scenario_i_starts_in_the_action_segment_without_payment() -> None:
    """Scenario I begins at F.3: the first AM is not paid for (and the scenario plays without
    a Treasury)."""
    s = RULES.setup(1, "I", {})
    assert RULES.view(s, None).active == ["greece"]
    assert ("action", "expansion") in choices(s, "greece")
    assert s.options["treasury"] is False


def test_custom_scenario_document_based_on_v() -> None:
    """A server's scenario document (validated like the built-in ones) sets the game up."""
    doc = {"based_on": "V", "id": "V-custom", "name": "Rich Rome",
           "powers_setup": {"rome": {"treasury": 40, "stability": 8, "vp": 3,
                                     "provenance": "test"},
                            "carthage": {"treasury": 1, "stability": 0, "vp": 0,
                                         "provenance": "test"},
                            "greece": {"treasury": 1, "stability": 0, "vp": 0,
                                       "provenance": "test"},
                            "east": {"treasury": 1, "stability": 0, "vp": 0,
                                     "provenance": "test"}}}
    s = RULES.setup(1, doc, {})
    assert s.scenario == "V-custom"
    assert (s.powers["rome"].treasury, s.powers["rome"].vp) == (40, 3)
    with pytest.raises(DataError):
        RULES.setup(1, {"based_on": "V", "id": "bad", "powers": ["atlantis"]}, {})


def test_options_are_checked() -> None:
    with pytest.raises(DataError):
        RULES.setup(1, "V", {"format": "epic"})
    with pytest.raises(DataError):
        RULES.setup(1, "II", {"advanced": True})      # Standard only
    with pytest.raises(DataError):
        RULES.setup(1, "V", {"no_such_option": 1})


def test_scenario_list_names_players_and_languages() -> None:
    infos = {i.id: i for i in registry.get("pax_romana").scenarios()}
    assert list(infos) == ["V", "VII", "II", "I", "IV"]
    v = infos["V"]
    assert v.roles == ["rome", "carthage", "greece", "east"]
    assert (v.min_players, v.max_players) == (2, 4)
    assert v.role_names_by_lang["ru"]["rome"] == "Рим"
    assert "ru" in v.names
    assert (infos["II"].min_players, infos["II"].max_players) == (2, 2)
    assert {o.id for o in v.options} >= {"format", "advanced", "am_order", "reroll",
                                          "simplified_ratio", "legion_cavalry", "event_markers"}
    assert next(o for o in v.options if o.id == "advanced").choices == [False, True]
    assert next(o for o in infos["II"].options if o.id == "advanced").choices == [False]


def test_scenario_i_rome_raises_its_two_legions_free() -> None:
    """Scenario I plays without a Treasury; its special rule lets Rome raise its 2 available
    Legions free with a Call-Up, and nothing else can be bought."""
    s = RULES.setup(1, "I", {})
    s = act(s, "greece", "action", "pass")
    assert RULES.view(s, None).active == ["rome"]
    s = act(s, "rome", "action", "callup")
    s = act(s, "rome", "menu", "form")
    s = act(s, "rome", "province", "italia")
    assert choices(s, "rome") == [("type", "LG"), ("back", None)]
    s = act(s, "rome", "type", "LG")
    s = act(s, "rome", "place", "capua")
    s = act(s, "rome", "menu", "form")
    s = act(s, "rome", "province", "italia")
    s = act(s, "rome", "type", "LG")
    s = act(s, "rome", "place", "capua")
    assert s.stack("capua", "rome") == {"GR": 1, "LG": 2}
    assert ("menu", "form") not in choices(s, "rome")
    assert s.free_units == {"rome": {}} or s.free_units == {}


def test_a_scenario_without_a_set_up_played_from_its_document() -> None:
    """A server uploads a set-up the data lacks (here a small two-Power position based on
    Scenario II): its placements, cities, leaders placed by name, AMs and length are used."""
    doc = {"based_on": "II", "id": "custom-sicily", "name": "Sicily, 264 BC",
           "start": {"turn": 3, "phase": "F", "text": "mid-game", "provenance": "test"},
           "last_turn": 4,
           "activations": {"per_power": {"rome": 2, "carthage": 3},
                           "per_power_provenance": "test", "event_markers": 0,
                           "event_markers_provenance": "test"},
           "leaders": {"mode": "placed", "per_power": 0, "rule": "named",
                       "provenance": "test"},
           "placements": [
               {"at": "messana", "owner": "rome", "units": {"LG": 2}, "leaders": ["rome_06"],
                "provenance": "test"},
               {"at": "lilybaeum", "owner": "carthage", "units": {"HI": 3, "GS": 2},
                "provenance": "test"}],
           "cities_and_settlements": [{"at": "lilybaeum", "owner": "carthage",
                                       "kind": "settlement", "fp": 1, "provenance": "test"}],
           "independents": [], "tribes": {"rule": "none", "spaces": [], "provenance": "test"}}
    s = RULES.setup(1, doc, {})
    assert (s.turn, s.last_turn, s.phase) == (3, 4, "F")
    assert s.units == {"messana": {"rome": {"LG": 2}},
                       "lilybaeum": {"carthage": {"HI": 3, "GS": 2}}}
    assert s.leaders["rome_06"].at == "messana" and "rome_06" not in s.powers["rome"].pool
    assert s.cities["lilybaeum"].fp == 1
    assert [s.powers[p].ams for p in s.roles] == [2, 3]
    assert RULES.view(s, None).active == ["rome"]          # the first round begins at once


def test_the_first_log_line_names_the_scenario_in_the_readers_language() -> None:
    """A built-in scenario is named by its title in the reader's language; a server's own
    document by the name it gives."""
    s = RULES.setup(1, "V", {})
    assert RULES.tr(s.log[0].msg, "ru") == (
        "Pax Romana: возвышение Рима: ход 1, игра кончается после хода 5.")
    assert RULES.tr(s.log[0].msg, "en").startswith("Pax Romana - The Rise of Rome: ")
    own = RULES.setup(1, {"based_on": "V", "id": "V-own", "name": "Rich Rome"}, {})
    assert RULES.tr(own.log[0].msg, "ru").startswith("Rich Rome: ход 1")


def test_a_transfer_of_units_reads_as_a_count_in_both_languages() -> None:
    """§4.3: the log of galleys handed over names the unit and the count, and in Russian the
    receiver without a case ending to get wrong."""
    from games.core import msg

    m = msg("log.deal_units", giver="@power.greece", receiver="@power.carthage", n=2,
            unit="@unit.GS", space="@space.athens")
    assert RULES.tr(m, "en") == "Greece gives Carthage Galley Squadron ×2 at Athens."
    assert RULES.tr(m, "ru") == "Передача: Греция → Карфаген, эскадра галер ×2 в Афинах."
