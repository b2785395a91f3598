"""The Hannibal fuzz test: seeded games played to the end of turn 9 or an early victory through
the View's actions only. games.core.fuzz checks: no exception, no dead end, bounded length, act
never mutates its input, no View depends on what the other side hides (strategy hand, battle
hand, deck order: perturb_hidden), and the replay reproduces the final state.

HANNIBAL_FUZZ_GAMES sets the number of games (the issue's target is 200; the default keeps the
test under two minutes on two processes)."""

from __future__ import annotations

import multiprocessing
import os

from games import registry
from games.core.fuzz import _pick, play, weigher_of
from games.core.rng import Rng

GAMES = int(os.environ.get("HANNIBAL_FUZZ_GAMES", "80"))
MAX_STEPS = 20000


def _one(seed: int) -> tuple[int, int, list[str], str]:
    rules = registry.get("hannibal")
    out = play(rules, "218bc", seed, max_steps=MAX_STEPS, check_secrecy_every=50,
               weigh=weigher_of(rules))
    res = out.result
    return seed, out.steps, list(res.winners), res.reason


def test_fuzz_games_to_the_end():
    workers = min(2, os.cpu_count() or 1)
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        results = pool.map(_one, range(GAMES), chunksize=2)
    assert len(results) == GAMES
    winners = set()
    for seed, steps, won, reason in results:
        assert 0 < steps < MAX_STEPS, seed
        assert len(won) == 1 and " by " in reason, (seed, reason)
        winners.add(won[0])
    if GAMES >= 20:
        assert winners == {"rome", "carthage"}


def test_menus_stay_small_and_hands_stay_hidden():
    """Every step of two games: at most 25 choices, card and battle-card choices are secret,
    and no View but its owner's depends on a hand (checked at every step)."""
    rules = registry.get("hannibal")
    for seed in (3, 4):
        state = rules.setup(seed, "218bc", {})
        chooser = Rng.from_seed(seed)
        for _ in range(1500):
            public = rules.view(state, None)
            if public.result is not None:
                break
            role = public.active[0]
            view = rules.view(state, role)
            assert 0 < len(view.actions) <= 25
            for c in view.actions:
                if c.verb in ("card", "use", "lead", "match", "respond"):
                    assert c.secret, c
            views = {r: rules.view(state, r).model_dump_json() for r in [None, *state.roles]}
            for hider in state.roles:
                other = rules.perturb_hidden(state, hider, state.step)
                for viewer, seen in views.items():
                    if viewer != hider:
                        assert rules.view(other, viewer).model_dump_json() == seen
            state = rules.act(state, role, _pick(chooser, view, weigher_of(rules)).action())
