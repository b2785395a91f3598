"""The Ancients fuzz test: seeded games across the 15 scenarios (250 here; .ci/run plays the
issue's 1,000 with ``ANCIENTS_FUZZ_GAMES=1000``), played to the end through
the View's actions only (games.core.fuzz checks: no exception, no dead end, bounded length, act
never mutates its input, no role's View depends on the other side's hand or the deck order,
replay reproduces the final state)."""

from __future__ import annotations

import os

from games import registry
from games.core.fuzz import map_games, play, weigher_of

GAMES = int(os.environ.get("ANCIENTS_FUZZ_GAMES", "250"))
MAX_STEPS = 20000


def _one(seed: int) -> tuple[str, int, int, list[str], bool, str]:
    rules = registry.get("ancients")
    ids = [s.id for s in rules.scenarios()]
    scenario = ids[seed % len(ids)]
    out = play(rules, scenario, seed, max_steps=MAX_STEPS, check_secrecy_every=20,
               weigh=weigher_of(rules))
    res = out.result
    return scenario, seed, out.steps, list(res.winners), bool(res.draw), res.reason


def test_fuzz_games_to_a_victory():
    results = map_games(_one, range(GAMES))
    assert len(results) == GAMES
    assert {r[0] for r in results} == {f"{i:03d}" for i in range(1, 16)}
    for scenario, seed, steps, winners, draw, reason in results:
        assert 0 < steps < MAX_STEPS
        assert draw or len(winners) == 1, (scenario, seed)
        assert "win" in reason or draw, (scenario, seed, reason)
