"""games.core.datafiles: reading, validating and checking a title's data files, shared by the
titles' loaders."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core.datafiles import DataError, FrozenModel, read_json, read_model, repeated, validate


class _Item(FrozenModel):
    id: str
    n: int


class _File(FrozenModel):
    items: list[_Item]


def test_repeated_names_each_value_met_twice_once_in_order_of_the_repeat() -> None:
    assert repeated(["a", "b", "a", "c", "b", "a"]) == ["a", "b"]
    assert repeated(n for n in (3, 1, 3)) == ["3"]
    assert repeated([]) == []


def test_read_json_names_the_file_as_asked(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text('{"items": []}', encoding="utf-8")
    assert read_json(tmp_path / "x.json") == {"items": []}
    with pytest.raises(DataError) as missing:
        read_json(tmp_path / "y.json", "scenarios/y.json")
    assert missing.value.problems == ["scenarios/y.json: the file is missing"]
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match=r"^bad\.json: not valid JSON"):
        read_json(tmp_path / "bad.json")


def test_validate_and_read_model_locate_each_problem_by_the_items_id(tmp_path: Path) -> None:
    raw = {"items": [{"id": "a", "n": 1}, {"id": "b", "n": "many"}]}
    with pytest.raises(DataError) as bad:
        validate(raw, _File, "f.json")
    assert bad.value.problems == [
        "f.json: items[b].n: Input should be a valid integer, unable to parse string as an "
        "integer"]
    with pytest.raises(DataError) as by_index:
        validate(raw, _File, "f.json", lambda node: None)
    assert by_index.value.problems[0].startswith("f.json: items[1].n: ")
    (tmp_path / "f.json").write_text('{"items": [{"id": "a", "n": 2}]}', encoding="utf-8")
    assert read_model(tmp_path / "f.json", _File).items[0].n == 2
