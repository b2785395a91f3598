"""The computer player's decision time for one title (games.ai.choose at level ``normal``).

The Views come from a seeded random playout of the title (new games as games end); every
decision with a real choice is timed, up to ``decisions`` of them or ``budget`` seconds. The
figures go beside the targets of issue 13: p95 at most 1 s on one core, and never more than 3 s.
"""

from __future__ import annotations

import time
from typing import Protocol

from games import registry
from games.ai import choose
from games.core import Rng, View
from games.core.fuzz import weigher_of, weighted_index

P95_MS = 1000.0
MAX_MS = 3000.0


class Figures(Protocol):
    lines: list[str]

    def figure(self, name: str, value: str, target: str = "", ok: bool | None = None) -> None: ...


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def decision_views(title: str, scenario: str, seed: int, count: int,
                   prompts: frozenset[str] | None = None) -> list[View]:
    """Up to ``count`` Views with a real choice, spread over seeded random playouts (only those
    asking one of ``prompts`` when given)."""
    rules = registry.get(title)
    weigh = weigher_of(rules)
    chooser = Rng.from_seed(seed * 7919 + 29)
    state = rules.setup(seed, scenario, {})
    views: list[View] = []
    steps = 0
    while len(views) < count and steps < 40 * count:
        public = rules.view(state, None)
        if public.result is not None or not public.active:
            seed += 1
            state = rules.setup(seed, scenario, {})
            continue
        role = public.active[chooser.below(len(public.active))]
        view = rules.view(state, role)
        if len(view.actions) > 1 and chooser.below(3) == 0 and (
                prompts is None or view.prompt_msg.key in prompts):
            views.append(view)
        choices = view.actions
        if weigh is None:
            pick = choices[chooser.below(len(choices))]
        else:
            pick = choices[weighted_index(chooser, [max(0.0, weigh(c, view)) for c in choices])]
        state = rules.act(state, role, pick.action())
        steps += 1
    return views


def bench_ai(report: Figures, title: str, scenario: str, seed: int, decisions: int = 60,
             budget: float = 30.0) -> list[str]:
    """Time ``choose`` on Views of a seeded playout; put p50 / p95 and the slowest beside their
    targets in ``report`` and return the lines added."""
    first = len(report.lines)
    times: list[float] = []
    started = time.perf_counter()
    for i, view in enumerate(decision_views(title, scenario, seed, decisions)):
        if time.perf_counter() - started > budget:
            break
        t0 = time.perf_counter()
        choose(view, seed + i, "normal")
        times.append(time.perf_counter() - t0)
    p95 = pct(times, 95) * 1e3
    slowest = max(times, default=float("nan")) * 1e3
    report.figure(f"computer player decision, normal ({len(times)} Views)",
                  f"p50 {pct(times, 50) * 1e3:.0f} / p95 {p95:.0f} ms", f"p95 <= {P95_MS:g} ms",
                  p95 <= P95_MS)
    report.figure("computer player, slowest decision", f"{slowest:.0f} ms", f"<= {MAX_MS:g} ms",
                  slowest <= MAX_MS)
    searched = search_prompts(title)
    if searched:
        # the decisions the title's player searches (the others answer from the View at once):
        # the ones the p95 target is really about (Mare Nostrum's build, Pax Romana's Activation)
        times = []
        started = time.perf_counter()
        for i, view in enumerate(decision_views(title, scenario, seed, decisions // 2, searched)):
            if time.perf_counter() - started > budget:
                break
            t0 = time.perf_counter()
            choose(view, seed + i, "normal")
            times.append(time.perf_counter() - t0)
        p95 = pct(times, 95) * 1e3
        report.figure(f"computer player, searched decisions ({len(times)} Views)",
                      f"p50 {pct(times, 50) * 1e3:.0f} / p95 {p95:.0f} ms",
                      f"p95 <= {P95_MS:g} ms", p95 <= P95_MS)
    return report.lines[first:]


def search_prompts(title: str) -> frozenset[str]:
    """The questions a title's computer player searches (its ``SEARCH_PROMPTS``), if any."""
    from games.ai import _title_module
    module = _title_module(title)
    return frozenset(getattr(module, "SEARCH_PROMPTS", ()) or ())
