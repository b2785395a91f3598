"""Hannibal's Russian texts put a space after a preposition in its case: «Битва в Каннах», «из
Нового Карфагена», direction «входит в Канны» (the forms: data/hannibal/names_ru.json; the
mechanism: games.core.text ``CASES``)."""

from __future__ import annotations

import importlib
import pkgutil

import games.hannibal as hannibal
from games.core.text import CASES, msg, render
from games.hannibal import data as D
from games.hannibal.texts import TEXTS
from tests.russian_cases import bare_places

# every module that adds texts to the catalogue, so that its texts are checked too
for _m in pkgutil.walk_packages(hannibal.__path__, "games.hannibal."):
    importlib.import_module(_m.name)

# the arguments that carry a space (``@space.…``, ``@inside.…``), a province or a side
PLACE_FIELDS = ("where", "side", "p", "a")


def ru(key: str, **args: object) -> str:
    return render(msg(key, **args), "ru", TEXTS)


def test_no_space_after_a_preposition_is_left_in_the_nominative() -> None:
    bare = bare_places(TEXTS["ru"], PLACE_FIELDS)
    assert bare == [], "\n".join(bare)


def test_real_messages_read_as_russian() -> None:
    assert ru("log.move", g="@gen.hannibal", where="@space.cannae") == "Ганнибал входит в Канны."
    assert ru("log.battle", where="@space.cannae", a="@side.carthage") == (
        "Битва в Каннах: атакует Карфаген.")
    assert ru("log.activate", g="@gen.hannibal", where="@space.new_carthage", n=5) == (
        "Ганнибал выступает из Нового Карфагена с 5 ВЧ.")
    assert ru("log.enter_walls", g="@gen.hannibal", where="@space.saguntum") == (
        "Ганнибал входит в крепость Сагунта.")
    assert ru("log.drop", g="@gen.hannibal", n=2, where="@inside.saguntum") == (
        "Ганнибал оставляет 2 ВЧ в Сагунте (в крепости).")
    # an indeclinable name keeps its nominative
    assert ru("log.move", g="@gen.hannibal", where="@space.sassari") == (
        "Ганнибал входит в Сассари.")


def test_english_is_unchanged() -> None:
    m = msg("log.move", g="@gen.hannibal", where="@space.cannae")
    assert render(m, "en", TEXTS) == "Hannibal Barca enters Cannae."


def test_every_space_and_province_has_its_forms() -> None:
    board = D.hmap()
    for sid in board.spaces:
        assert all(f"space.{sid}:{case}" in TEXTS["ru"] for case in CASES), sid
        assert f"space.{sid}:loc" not in TEXTS["en"]
    for pid in board.provinces:
        assert all(f"prov.{pid}:{case}" in TEXTS["ru"] for case in CASES), pid
    for side, f in D.names_ru().sides.items():
        assert f.nom == TEXTS["ru"][f"side.{side}"]
