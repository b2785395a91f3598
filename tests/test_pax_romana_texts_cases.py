"""Pax Romana's Russian texts put a place or a Power after a preposition in its case: «в Афинах»,
«из Рима», direction «в Афины» (the forms: data/pax_romana/names_ru.json; the mechanism:
games.core.text ``CASES``)."""

from __future__ import annotations

import importlib
import pkgutil
import re

import games.pax_romana as pax_romana
from games.core.text import CASES, msg, render
from games.pax_romana.data import load
from games.pax_romana.texts import POWER_NAMES, TEXTS
from tests.russian_cases import bare_places

# every module that extends the catalogue, so that its texts are checked too
for _m in pkgutil.walk_packages(pax_romana.__path__, "games.pax_romana."):
    importlib.import_module(_m.name)

# the arguments that carry a place (``@space.…``, ``@province.…``, ``@territory.…``) or a Power
PLACE_FIELDS = ("space", "start", "target", "at", "province", "territory", "power", "who", "att",
                "dfd", "old", "owner", "giver", "receiver", "proposer", "ind", "side", "partner",
                "actor")


def ru(key: str, **args: object) -> str:
    return render(msg(key, **args), "ru", TEXTS)


def test_no_place_after_a_preposition_is_left_in_the_nominative() -> None:
    bare = bare_places(TEXTS["ru"], PLACE_FIELDS)
    assert bare == [], "\n".join(bare)


def test_a_case_spec_is_only_one_of_the_cases() -> None:
    specs = {spec for text in TEXTS["ru"].values()
             for spec in re.findall(r"\{(?:" + "|".join(PLACE_FIELDS) + r"):(\w*)\}", text)}
    assert specs <= set(CASES)


def test_real_messages_read_as_russian() -> None:
    assert ru("log.slaves_move", n=3, space="@space.athens") == "Армия рабов (3) идёт в Афины."
    assert ru("choice.disband", unit="@unit.LG", space="@space.rome") == "Распустить: легион в Риме"
    assert ru("log.march", power="@power.rome", start="@space.rome",
              space="@space.dstp_mare_tyrrhenum") == (
        "Рим идёт из Рима в Тирренское море (открытое море).")
    assert ru("log.embark", power="@power.carthage", space="@space.ntp_mare_siculum", n=2) == (
        "Карфаген: погрузка в Сицилийском море (Лилибей – Мелита), галер 2.")
    assert ru("choice.fleet_at", power="@power.rome", space="@space.syracuse") == (
        "Флот Рима в Сиракузах")
    assert ru("log.battle_rolls", space="@space.athens", att="@power.greece", abp=12,
              dfd="@power.east", dbp=10, ar=4, dr=3, n=1, who="@power.greece") == (
        "Бой в Афинах: Греция 12 ОБ против Востока 10 ОБ; броски 4 и 3; чистых сдвигов 1 у "
        "Греции.")
    assert ru("log.captured", power="@power.rome", space="@space.messana",
              old="@power.mamertines") == "Рим захватывает Мессану у мамертинцев."
    assert ru("log.pillage_failed", power="@power.carthage", space="@space.athens") == (
        "Карфагену не удалось разграбить Афины.")
    # an indeclinable name keeps its nominative
    assert ru("log.slaves_move", n=2, space="@space.barium") == "Армия рабов (2) идёт в Бари."
    assert ru("log.move_step", power="@power.rome", start="@space.barium",
              space="@space.tarentum", cost=1, n=3) == "Рим: из Бари в Тарент (1 ОД, осталось 3)."


def test_english_is_unchanged() -> None:
    m = msg("log.march", power="@power.rome", start="@space.rome", space="@space.athens")
    assert render(m, "en", TEXTS) == "Rome marches from Rome to Athens."


def test_every_place_has_its_forms_in_the_catalogue() -> None:
    d = load()
    for place in (*d.spaces.values(), *d.naval_points.values()):
        assert all(f"space.{place.id}:{case}" in TEXTS["ru"] for case in CASES), place.id
        assert f"space.{place.id}:loc" not in TEXTS["en"]
    for pr in d.provinces.values():
        assert TEXTS["ru"][f"province.{pr.id}:gen"]
    assert TEXTS["ru"]["province.egypt:loc"] == "Египте"
    assert TEXTS["ru"]["territory.asia_minor:loc"] == "Малой Азии"


def test_the_powers_forms_decline_the_names_the_texts_give() -> None:
    forms = load().names_ru
    assert forms is not None
    for pid, f in forms.powers.items():
        assert f.nom == POWER_NAMES["ru"][pid], pid
    assert {"rome", "carthage", "greece", "east"} <= set(forms.powers)


def test_an_army_is_named_in_the_case_its_sentence_needs() -> None:
    """An army is the subject of «… входит в Афины» and the object of «перехватить …»; a fleet
    is a Power's («флот Карфагена»)."""
    def ru(key: str, **args: str) -> str:
        return render(msg(key, **args), "ru", TEXTS)

    assert ru("prompt.intercept", who="@power.rome", army="@army.carthage",
              space="@space.athens") == "Рим: перехватить карфагенскую армию, входящую в Афины?"
    assert ru("prompt.intercept", who="@power.rome", army="@army.sof",
              space="@space.athens") == "Рим: перехватить армию Солдат Удачи, входящую в Афины?"
    assert ru("prompt.intercept_escaping", who="@power.rome", army="@army.east",
              space="@space.athens").startswith("Рим: восточная армия, отходящая")
    assert ru("log.ally_lost", army="@army.greece", start="@space.athens").startswith(
        "Союзники расходятся: греческой армии в Афинах негде встать")
    assert ru("prompt.naval_contact", who="@power.rome", army="@power.carthage",
              space="@space.athens").startswith("Рим: флот Карфагена входит в Афины")
