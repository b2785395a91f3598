"""The generic playout fuzzer: seeded random games through the View's actions only.

For every step it checks that the engine does not raise, that an unfinished game always offers an
active role a legal action, that ``act`` leaves its input untouched, and that no role's View
depends on what another role hides (by perturbing that role's hidden items and comparing the
Views). At the end it checks the game finished within the bound and that replaying the recorded
actions from the seed reproduces the final state exactly.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from games.core.interface import Action, Choice, GameRules, Rules, View
from games.core.rng import Rng


class FuzzFailure(AssertionError):
    pass


@dataclass
class Playout:
    title: str
    scenario: str
    seed: int
    options: dict
    actions: list[tuple[str, Action]] = field(default_factory=list)
    steps: int = 0
    result: object = None
    final_json: str = ""
    coverage: set[str] = field(default_factory=set)     # GameRules.coverage of the final State


Weigher = Callable[[Choice, View], float]
# One step in this many plays a side action, when some role has one.
SIDE_ODDS = 8


def weighted_index(rng: Rng, weights: list[float]) -> int:
    """A seeded pick of an index in proportion to its weight (uniform when all weigh nothing)."""
    total = sum(weights)
    if total <= 0:
        return rng.below(len(weights))
    x = rng.below(1 << 30) / float(1 << 30) * total
    for index, weight in enumerate(weights):
        if x < weight:
            return index
        x -= weight
    return len(weights) - 1


def _pick(rng: Rng, view: View, weigh: Weigher | None) -> Choice:
    choices = view.actions
    if weigh is None:
        return choices[rng.below(len(choices))]
    return choices[weighted_index(rng, [max(0.0, weigh(c, view)) for c in choices])]


def play(
    rules: Rules,
    scenario: str | dict,
    seed: int,
    options: dict | None = None,
    max_steps: int = 5000,
    check_secrecy_every: int = 1,
    weigh: Weigher | None = None,
) -> Playout:
    """Play one seeded random game to its end, checking the invariants; raise FuzzFailure."""
    options = dict(options or {})
    state = rules.setup(seed, scenario, options)
    scen_id = scenario if isinstance(scenario, str) else str(scenario.get("id", "custom"))
    out = Playout(rules.id, scen_id, seed, options)
    chooser = Rng.from_seed(seed * 7919 + 17)
    perturb = getattr(rules, "perturb_hidden", None)
    where = f"{rules.id}/{scen_id} seed {seed}"
    for step in range(max_steps):
        secrecy = bool(check_secrecy_every) and step % check_secrecy_every == 0
        if secrecy:
            views = {r: rules.view(state, r) for r in [None, *state.roles]}
            public = views[None]
        elif state.result is None and isinstance(rules, GameRules):
            # only the acting role's View is needed; it must agree on who is active
            active = rules.active_roles(state)
            views = {r: rules.view(state, r) for r in active}
            public = views[active[0]] if active else rules.view(state, None)
            for v in views.values():
                if v.active != active:
                    raise FuzzFailure(f"{where} step {step}: the Views disagree on who is active")
        else:
            public = rules.view(state, state.roles[0])
            views = {state.roles[0]: public}
            views.update({r: rules.view(state, r) for r in public.active if r not in views})
        if public.result is not None:
            break
        if not public.active:
            raise FuzzFailure(f"{where} step {step}: no active role while the game is not over")
        if secrecy and perturb is not None:
            for hider in state.roles:
                other = perturb(state, hider, seed + step)
                for viewer in [None, *state.roles]:
                    if viewer == hider:
                        continue
                    if rules.view(other, viewer).model_dump_json() != views[viewer].model_dump_json():
                        raise FuzzFailure(
                            f"{where} step {step}: the View of {viewer or 'a spectator'} "
                            f"depends on what {hider} hides")
        side = _side_roles(rules, state)
        if side and chooser.below(SIDE_ODDS) == 0:
            # now and then a side action (a bribe), by any role that has one: drawn only when
            # some role has one, so the games of titles without side actions stay as they were
            role = side[chooser.below(len(side))]
            side_view = rules.view(state, role)
            if not side_view.side:
                raise FuzzFailure(f"{where} step {step}: {role}'s View lists no side action")
            action = side_view.side[chooser.below(len(side_view.side))].action()
        else:
            role = public.active[chooser.below(len(public.active))]
            choices = views[role].actions
            if not choices:
                raise FuzzFailure(f"{where} step {step}: {role} is active with no legal action")
            choice = _pick(chooser, views[role], weigh)
            action = choice.action()
        before = _fingerprint(state)
        try:
            new = rules.act(state, role, action)
        except Exception as exc:  # noqa: BLE001 - any exception is a finding
            raise FuzzFailure(f"{where} step {step}: {role} {action} raised {exc!r}") from exc
        if _fingerprint(state) != before:
            raise FuzzFailure(f"{where} step {step}: act mutated its input")
        out.actions.append((role, action))
        state = new
    else:
        raise FuzzFailure(f"{where}: not finished after {max_steps} steps")
    out.steps = len(out.actions)
    out.result = state.result
    out.final_json = state.model_dump_json()
    if isinstance(rules, GameRules):
        out.coverage = rules.coverage(state)
    replayed = replay(rules, scenario, seed, options, out.actions)
    if replayed.model_dump_json() != out.final_json:
        raise FuzzFailure(f"{where}: replay does not reproduce the final state")
    return out


def _side_roles(rules: Rules, state: Any) -> list[str]:
    """The roles that have a side action now (GameRules.side_choices), in the game's order."""
    if not isinstance(rules, GameRules) or state.result is not None:
        return []
    return [r for r in state.roles if rules.side_choices(state, r)]


def _fingerprint(state) -> tuple[str, int]:
    """The state without its log, and the log's length: log entries are written once and shared
    between copies, so this catches any change ``act`` could make to its input."""
    return state.model_dump_json(exclude={"log"}), len(state.log)


def replay(rules: Rules, scenario: str | dict, seed: int, options: dict,
           actions: list[tuple[str, Action]]):
    state = rules.setup(seed, scenario, dict(options))
    for role, action in actions:
        state = rules.act(state, role, action)
    return state


def weigher_of(rules: Rules) -> Weigher | None:
    if isinstance(rules, GameRules):
        return getattr(rules, "fuzz_weight", None)
    return None


def workers() -> int:
    """How many processes a many-games fuzz run uses: ``FUZZ_WORKERS``, else every CPU (up to
    8)."""
    wanted = os.environ.get("FUZZ_WORKERS")
    return max(1, int(wanted)) if wanted else max(1, min(8, os.cpu_count() or 1))


def map_games(fn: Callable[[int], Any], seeds: Iterable[int], chunksize: int = 5) -> list[Any]:
    """``fn`` over ``seeds`` in ``workers()`` forked processes (in this one when a single
    worker), results in the order of the seeds."""
    seeds = list(seeds)
    n = workers()
    if n == 1:
        return [fn(seed) for seed in seeds]
    with multiprocessing.get_context("fork").Pool(n) as pool:
        return pool.map(fn, seeds, chunksize=chunksize)


def parse_option(text: str) -> tuple[str, Any]:
    """A ``KEY=VALUE`` of the command line: the value read as JSON (true, 3, "x"), else as
    the text itself."""
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value
