"""Seeded random games through the View's actions only, step by step, for tests that look at
every position of a game (whose turn it is, what each reader is told). (No tests here.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games import registry
from games.core import Rules, View
from games.core.fuzz import weigher_of, weighted_index
from games.core.rng import Rng


def positions(title: str, scenario: str, seed: int, max_steps: int = 3000,
              ) -> Iterator[tuple[Any, View]]:
    """Every State of a seeded game with its spectators' View, from the setup to the end (or
    ``max_steps`` actions): the random player of the fuzzer picks one active role's choice."""
    rules: Rules = registry.get(title)
    weigh = weigher_of(rules)
    state = rules.setup(seed, scenario, {})
    chooser = Rng.from_seed(seed * 7919 + 17)
    for _ in range(max_steps + 1):
        public = rules.view(state, None)
        yield state, public
        if public.result is not None:
            return
        role = public.active[chooser.below(len(public.active))]
        view = rules.view(state, role)
        weights = [weigh(c, view) if weigh else 1.0 for c in view.actions]
        choice = view.actions[weighted_index(chooser, weights)]
        state = rules.act(state, role, choice.action())
