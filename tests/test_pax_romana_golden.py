"""Pax Romana golden playthroughs replay byte for byte (STYLE 4): a seeded random game of
Scenario VII (four Powers, one turn) and of Scenario II (two Powers) recorded as text, as the
other titles' are (``tests/golden``). After a deliberate rules change run
``python -m tests.test_pax_romana_golden`` and review the diff."""

from __future__ import annotations

import sys

import pytest

from tests.golden import path_of, record

GAMES = [("pax_romana", "VII", 1), ("pax_romana", "II", 2)]


@pytest.mark.parametrize(("title", "scenario", "seed"), GAMES)
def test_golden_playthrough_is_unchanged(title: str, scenario: str, seed: int) -> None:
    expected = path_of(title, scenario, seed).read_text(encoding="utf-8")
    assert record(title, scenario, seed) == expected


def main() -> int:
    for title, scenario, seed in GAMES:
        path_of(title, scenario, seed).write_text(record(title, scenario, seed), encoding="utf-8")
        print("wrote", path_of(title, scenario, seed).name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
