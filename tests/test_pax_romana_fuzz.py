"""The Pax Romana fuzz test: seeded games played to their end through the View's actions only
(games.core.fuzz: no exception, no dead end, act never mutates its input, no role's View depends
on what another hides, the replay reproduces the final state). A few games here; the issue's
counts (100 Basic games with 4 Powers, 50 of Scenario II) run outside the suite with
``python -m games.fuzz pax_romana``.

PAX_ROMANA_FUZZ_GAMES sets the number of games of each kind (default 3 Basic, 2 Scenario II)."""

from __future__ import annotations

import os

from games import registry
from games.core.fuzz import play, weigher_of
from games.core.rng import Rng

GAMES = int(os.environ.get("PAX_ROMANA_FUZZ_GAMES", "0"))
MAX_STEPS = 20000


def _play(scenario: str, seed: int, options: dict) -> None:
    rules = registry.get("pax_romana")
    out = play(rules, scenario, seed, options=options, max_steps=MAX_STEPS,
               check_secrecy_every=20, weigh=weigher_of(rules))
    assert out.result is not None and out.result.winners
    assert 0 < out.steps < MAX_STEPS


def test_fuzz_basic_four_powers() -> None:
    for seed in range(1, 1 + (GAMES or 3)):
        _play("V", seed, {"format": "basic"})


def test_fuzz_scenario_ii() -> None:
    for seed in range(1, 1 + (GAMES or 2)):
        _play("II", seed, {})


def test_fuzz_basic_plus_with_events() -> None:
    _play("V", 11, {"format": "basic_plus"})


def test_menus_stay_small_and_plans_stay_secret() -> None:
    """Every step of a Basic II game: at most 25 choices; every choice of a secret plan is
    marked secret (offered privately); and while plans are being made no other View changes
    when a planner's plan changes (perturbation at every such step)."""
    rules = registry.get("pax_romana")
    state = rules.setup(5, "V", {"format": "basic_ii"})
    chooser = Rng.from_seed(5)
    planning_steps = 0
    for _ in range(400):
        public = rules.view(state, None)
        if public.result is not None:
            break
        role = public.active[chooser.below(len(public.active))]
        view = rules.view(state, role)
        assert 0 < len(view.actions) <= 25
        top = state.flow[-1]
        if top["k"] == "plan":
            planning_steps += 1
            assert all(c.secret for c in view.actions)
            for hider in public.active:
                other = rules.perturb_hidden(state, hider, planning_steps)
                for viewer in [None, *state.roles]:
                    if viewer != hider:
                        assert rules.view(other, viewer).model_dump_json() == \
                            rules.view(state, viewer).model_dump_json()
        c = view.actions[chooser.below(len(view.actions))]
        state = rules.act(state, role, c.action())
    assert planning_steps > 10


def test_fuzz_advanced_game() -> None:
    """The Advanced Game (§17): Scenarios V and VII with the event cards, the secrecy of the
    hands checked by perturbation every few steps."""
    for seed in range(1, 1 + (GAMES or 1)):
        _play("V", seed, {"advanced": True})
    _play("VII", 2, {"advanced": True})


def test_no_card_reaches_another_powers_view() -> None:
    """Every step of an Advanced game: a Power's View holds its own hand and nothing of the
    others' (their hand sizes only), and the card choices offered are private."""
    rules = registry.get("pax_romana")
    state = rules.setup(7, "V", {"advanced": True})
    chooser = Rng.from_seed(7)
    held = 0
    for _ in range(600):
        public = rules.view(state, None)
        if public.result is not None:
            break
        for role in state.roles:
            view = rules.view(state, role)
            assert [c["kind"] for c in view.private["cards"]["hand"]] == sorted(
                state.hands[role])
            assert view.board["cards"]["hands"] == {r: len(state.hands[r]) for r in state.roles}
            held += len(state.hands[role])
        assert "cards" not in public.private
        role = public.active[chooser.below(len(public.active))]
        view = rules.view(state, role)
        assert 0 < len(view.actions) <= 25
        if state.flow[-1]["k"] in ("card_segment", "card_window", "card_menu", "card_keep"):
            assert all(c.secret for c in view.actions)
        c = view.actions[chooser.below(len(view.actions))]
        state = rules.act(state, role, c.action())
    assert held > 0
