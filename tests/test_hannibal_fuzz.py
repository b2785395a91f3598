"""The Hannibal fuzz test: seeded games played to the end of turn 9 or an early victory through
the View's actions only. games.core.fuzz checks: no exception, no dead end, bounded length, act
never mutates its input, no View depends on what the other side hides (strategy hand, battle
hand, deck order: perturb_hidden), and the replay reproduces the final state.

The random player follows the rules' playout taste (``fuzz_weight``, read from the View): it
marches on the enemy, besieges, intercepts, avoids and fights battles out, so most games see
battles, siege rolls and interceptions; the test checks that they do.

HANNIBAL_FUZZ_GAMES sets the number of games: 60 by default (about 0.75 s of CPU a game); .ci/run
plays the issue's 200 with ``HANNIBAL_FUZZ_GAMES=200``."""

from __future__ import annotations

import os

from games import registry
from games.core import Action
from games.core.fuzz import _pick, map_games, play, weigher_of
from games.core.rng import Rng
from tests.test_hannibal_kit import clear, game, move, put

GAMES = int(os.environ.get("HANNIBAL_FUZZ_GAMES", "60"))
MAX_STEPS = 20000


def _one(seed: int) -> tuple[int, int, list[str], str, dict[str, int]]:
    rules = registry.get("hannibal")
    out = play(rules, "218bc", seed, max_steps=MAX_STEPS, check_secrecy_every=50,
               weigh=weigher_of(rules))
    res = out.result
    seen = {"battle rounds": 0, "siege rolls": 0, "interceptions": 0, "avoid attempts": 0}
    for _, a in out.actions:
        if a.verb == "lead":
            seen["battle rounds"] += 1
        elif a.verb == "siege" and a.arg != "no":
            seen["siege rolls"] += 1
        elif a.verb == "intercept" and a.arg:
            seen["interceptions"] += 1
        elif a.verb == "here" and str(a.arg).startswith("avoid"):
            seen["avoid attempts"] += 1
    return seed, out.steps, list(res.winners), res.reason, seen


def test_fuzz_games_to_the_end():
    results = map_games(_one, range(GAMES), chunksize=2)
    assert len(results) == GAMES
    winners = set()
    games_with = dict.fromkeys(results[0][4], 0)
    for seed, steps, won, reason, seen in results:
        assert 0 < steps < MAX_STEPS, seed
        assert len(won) == 1 and " by " in reason, (seed, reason)
        winners.add(won[0])
        for what, n in seen.items():
            games_with[what] += n > 0
    if GAMES >= 20:
        assert winners == {"rome", "carthage"}
        # combat is exercised in most games, not by chance in a few
        assert games_with["battle rounds"] >= 0.9 * GAMES, games_with
        assert games_with["siege rolls"] >= 0.9 * GAMES, games_with
        assert games_with["interceptions"] >= 0.7 * GAMES, games_with
        assert games_with["avoid attempts"] >= 0.5 * GAMES, games_with


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


def test_the_playout_taste_marches_on_the_enemy_and_besieges():
    """fuzz_weight reads the View only: a marching army weighs a step into the enemy army
    highest, a step toward it above a step away; on a siege target it prefers to stop, and
    then to roll."""
    rules = registry.get("hannibal")
    s = clear(game())
    put(s, "rome", "praeneste", 5, ("varro",))
    put(s, "carthage", "terventum", 8, ("hannibal",))
    s = move(s, "carthage", 6, "hannibal", 8)
    view = rules.view(s, "carthage")
    weight = {c.arg: rules.fuzz_weight(c, view) for c in view.actions if c.verb == "to"}
    assert weight["praeneste"] == max(weight.values()) > 10
    s = clear(game())
    s.spaces["capua"].pc = "carthage"
    put(s, "rome", "capua", 5, ("varro",))
    s = move(s, "rome", 6, "varro", 5)
    view = rules.view(s, "rome")
    stop = next(c for c in view.actions if c.verb == "stop")
    assert rules.fuzz_weight(stop, view) > max(
        rules.fuzz_weight(c, view) for c in view.actions if c.verb == "to")
    s = rules.act(s, "rome", Action(verb="stop", arg=None))
    view = rules.view(s, "rome")
    weights = {c.arg: rules.fuzz_weight(c, view) for c in view.actions}
    assert weights["roll"] > 10 * weights["no"]
