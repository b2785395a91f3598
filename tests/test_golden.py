"""Golden playthroughs replay byte for byte (STYLE 4). After a deliberate rules change run
``python -m tests.golden`` and review the diff."""

import pytest

from tests.golden import GAMES, path_of, record


@pytest.mark.parametrize(("title", "scenario", "seed"), GAMES)
def test_golden_playthrough_is_unchanged(title, scenario, seed):
    expected = path_of(title, scenario, seed).read_text(encoding="utf-8")
    assert record(title, scenario, seed) == expected
