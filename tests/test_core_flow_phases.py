"""games.core.flow.phase_table: how a title's phase modules file the way each phase begins."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.flow import phase_table


def test_phase_files_the_function_under_its_name_and_leaves_it_as_it_was() -> None:
    table: dict[str, Callable[[Any], None]] = {}
    phase = phase_table(table)

    def begin(s: Any) -> None:
        s.append("A")

    assert phase("A")(begin) is begin
    seen: list[str] = []
    table["A"](seen)
    assert list(table) == ["A"] and seen == ["A"]
