"""The fuzz's coverage: what a run of many games must see happen at least once (for Pax Romana's
Advanced Game, every card kind played, §17.2)."""

from __future__ import annotations

import pytest

from games.fuzz import main
from games.pax_romana.cards.windows import play_card
from games.pax_romana.rules import RULES
from tests.pax_romana_support import blank, hold


def test_a_card_played_is_covered_and_the_advanced_game_expects_every_kind() -> None:
    s = blank("V", advanced=True)
    hold(s)
    assert RULES.coverage(s) == set()
    s.hands["rome"] = [30]
    play_card(s, "rome", 30)
    assert RULES.coverage(s) == {"card 30"}
    assert RULES.coverage_expected("V", {"advanced": True}) == {f"card {k}" for k in range(1, 40)}
    assert RULES.coverage_expected("V", {}) == set()
    assert len(RULES.coverage_expected("IV", {})) == 39        # Scenario IV is Advanced only


def test_require_coverage_fails_a_run_that_never_played_some_kind(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("FUZZ_WORKERS", "1")
    argv = ["pax_romana", "--scenario", "VII", "--games", "1", "--secrecy-every", "0",
            "--option", "advanced=true"]
    assert main(argv) == 0
    assert "coverage: " in capsys.readouterr().out
    assert main([*argv, "--require-coverage"]) == 1
    assert "FAIL coverage: " in capsys.readouterr().err
