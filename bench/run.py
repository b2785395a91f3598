"""python -m bench [--title TITLE]: how fast the engine, the renderer and the table service are.

Every figure is measured in this run and printed beside its target:

* engine: View + act per step over a seeded random playout, against a JSON round trip of the
  same state (``State.model_validate_json(state.model_dump_json())``): ratio <= 3;
* board picture: ``renderers.render_board`` per call, against a PNG encode of the same pixels:
  ratio <= 3 and < 150 ms (skipped with a note when the title has no renderer);
* service: ``TableService.act`` p50 / p95, one game at a time, on SQLite in a temporary file;
* load: many games at once (500 by default) driven by an asyncio load generator in which each
  game's next player acts after a random pause: p95 act latency < 100 ms, peak memory < 300 MB
  (the process's peak resident set).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.ai import bench_ai
from bench.discord import bench_discord
from bot.console import load_rules
from bot.service import ServiceError, TableService
from bot.store import Store
from games.core import Rng, Rules, View

STEP_RATIO = 3.0
RENDER_RATIO = 3.0
RENDER_MS = 150.0
LOAD_P95_MS = 100.0
MEMORY_MB = 300.0


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)

    def figure(self, name: str, value: str, target: str = "", ok: bool | None = None) -> None:
        mark = "" if ok is None else ("  ok" if ok else "  MISSED")
        text = f"{name:<44} {value:>22}   {('target ' + target) if target else ''}{mark}"
        self.lines.append(text.rstrip())
        print(text.rstrip(), flush=True)
        if ok is False:
            self.missed.append(name)

    def note(self, text: str) -> None:
        self.lines.append(text)
        print(text, flush=True)


# -- the engine --------------------------------------------------------------------------------

def playout(rules: Rules, scenario: str, seed: int, max_steps: int, budget: float,
            samples: int) -> tuple[list[float], list[float], list[View]]:
    """Seeded random play (new games as games end) until ``max_steps`` or ``budget`` seconds.
    Returns per-step View+act times, per-step JSON round-trip times of the same states, and
    a few public Views spread over the play (for the pictures)."""
    step_times: list[float] = []
    trip_times: list[float] = []
    views: list[View] = []
    chooser = Rng.from_seed(seed * 7919 + 17)
    state = rules.setup(seed, scenario, {})
    started = time.perf_counter()
    every = max(1, max_steps // max(1, samples))
    while len(step_times) < max_steps and time.perf_counter() - started < budget:
        public = rules.view(state, None)
        if public.result is not None or not public.active:
            seed += 1
            state = rules.setup(seed, scenario, {})
            continue
        if len(step_times) % every == 0 and len(views) < samples:
            views.append(public)
        role = public.active[chooser.below(len(public.active))]
        t0 = time.perf_counter()
        view = rules.view(state, role)
        choice = view.actions[chooser.below(len(view.actions))]
        new = rules.act(state, role, choice.action())
        t1 = time.perf_counter()
        type(state).model_validate_json(state.model_dump_json())
        t2 = time.perf_counter()
        step_times.append(t1 - t0)
        trip_times.append(t2 - t1)
        state = new
    return step_times, trip_times, views


def bench_engine(report: Report, rules: Rules, scenario: str, seed: int, steps: int,
                 budget: float) -> list[View]:
    step, trip, views = playout(rules, scenario, seed, steps, budget, samples=12)
    mean_step, mean_trip = statistics.fmean(step), statistics.fmean(trip)
    ratio = mean_step / mean_trip
    report.figure(f"engine View+act per step ({len(step)} steps)", f"{mean_step * 1e3:.3f} ms")
    report.figure("JSON round trip of the same state", f"{mean_trip * 1e3:.3f} ms")
    report.figure("step / round trip", f"{ratio:.2f}", f"<= {STEP_RATIO:g}", ratio <= STEP_RATIO)
    return views


# -- the pictures ------------------------------------------------------------------------------

def bench_render(report: Report, views: list[View], lang: str) -> None:
    try:
        import renderers
    except ImportError:
        report.note("board picture: skipped (no renderers package)")
        return
    render = getattr(renderers, "render_board", None)
    if render is None or not views:
        report.note("board picture: skipped (renderers has no render_board)")
        return
    try:
        t0 = time.perf_counter()
        render(views[0], lang=lang)
        first = time.perf_counter() - t0
    except Exception as exc:  # noqa: BLE001 - a title without a renderer yet
        report.note(f"board picture: skipped ({type(exc).__name__}: {exc})")
        return
    from PIL import Image

    times: list[float] = []
    encodes: list[float] = []
    sizes: set[tuple[int, int]] = set()
    for view in views:
        t0 = time.perf_counter()
        png = render(view, lang=lang)
        times.append(time.perf_counter() - t0)
        image = Image.open(io.BytesIO(png))
        image.load()
        sizes.add(image.size)
        t0 = time.perf_counter()
        image.save(io.BytesIO(), format="PNG")
        encodes.append(time.perf_counter() - t0)
    canvas = getattr(renderers, "canvas_size", None)
    size = canvas(views[0]) if canvas is not None else next(iter(sizes))
    mean, enc = statistics.fmean(times), statistics.fmean(encodes)
    report.figure("board picture, first call (cold caches)", f"{first * 1e3:.1f} ms")
    report.figure(f"board picture {size[0]}x{size[1]} ({len(times)} Views)",
                  f"{mean * 1e3:.1f} ms", f"< {RENDER_MS:g} ms", mean * 1e3 < RENDER_MS)
    report.figure("PNG encode of the same pixels", f"{enc * 1e3:.1f} ms")
    report.figure("picture / encode", f"{mean / enc:.2f}", f"<= {RENDER_RATIO:g}",
                  mean / enc <= RENDER_RATIO)


# -- the service -------------------------------------------------------------------------------

class Table:
    """One game driven through the service: who sits where, and a seeded chooser."""

    def __init__(self, service: TableService, game_id: int, seats: dict[str, int],
                 seed: int) -> None:
        self.service = service
        self.game_id = game_id
        self.seats = seats
        self.rng = random.Random(seed)

    @classmethod
    async def open(cls, service: TableService, rules: Rules, scenario: str, seed: int,
                   first_user: int) -> Table:
        info = await service.create_game(1, 1, first_user, rules.id, scenario, seed=seed)
        seats = {}
        for i, role in enumerate(info.roles):
            await service.join(info.id, first_user + i, role)
            seats[role] = first_user + i
        await service.start(info.id, first_user)
        return cls(service, info.id, seats, seed)

    async def move(self) -> float | None:
        """One act by an active player; its latency in seconds, None when the game is over."""
        info = await self.service.status(self.game_id)
        if info.status != "active" or not info.active_roles:
            return None
        role = self.rng.choice(info.active_roles)
        user = self.seats[role]
        view = (await self.service.views_for(self.game_id, user))[role]
        choice = self.rng.choice(view.actions)
        t0 = time.perf_counter()
        try:
            await self.service.act(self.game_id, user, choice.verb, choice.arg,
                                   expected_version=info.version, role=role)
        except ServiceError as exc:
            if exc.key != "error.stale":
                raise
        return time.perf_counter() - t0


async def bench_service(report: Report, rules: Rules, scenario: str, seed: int, acts: int,
                        folder: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{folder / 'sequential.db'}")
    await store.init()
    try:
        service = TableService(store)
        table = await Table.open(service, rules, scenario, seed, 1000)
        times: list[float] = []
        while len(times) < acts:
            latency = await table.move()
            if latency is None:
                seed += 1
                table = await Table.open(service, rules, scenario, seed, 1000)
                continue
            times.append(latency)
    finally:
        await store.close()
    report.figure(f"service act, one game, SQLite file ({len(times)} acts)",
                  f"p50 {pct(times, 50) * 1e3:.1f} / p95 {pct(times, 95) * 1e3:.1f} ms")


async def bench_load(report: Report, rules: Rules, scenario: str, seed: int, games: int,
                     duration: float, think: float, folder: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{folder / 'load.db'}")
    await store.init()
    try:
        service = TableService(store)
        t0 = time.perf_counter()
        tables: list[Table] = []
        batch = 50
        for first in range(0, games, batch):
            tables += await asyncio.gather(*[
                Table.open(service, rules, scenario, seed + i, 10_000 + 10 * i)
                for i in range(first, min(games, first + batch))])
        opened = time.perf_counter() - t0
        latencies: list[float] = []
        deadline = time.perf_counter() + duration

        async def drive(table: Table) -> None:
            pause = random.Random(table.game_id)
            # Start spread out, then a move every `think` seconds on average.
            await asyncio.sleep(pause.uniform(0, think))
            while time.perf_counter() < deadline:
                latency = await table.move()
                if latency is None:
                    return
                latencies.append(latency)
                await asyncio.sleep(pause.uniform(0.5 * think, 1.5 * think))

        await asyncio.gather(*[drive(t) for t in tables])
    finally:
        await store.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if sys.platform == "darwin":
        peak_mb /= 1024  # bytes there, kilobytes on Linux
    report.figure(f"{games} games opened (create, join, start)", f"{opened:.1f} s")
    report.figure(f"{games} games at once: {len(latencies)} acts in {duration:g} s",
                  f"{len(latencies) / duration:.0f} acts/s offered")
    p95 = pct(latencies, 95) * 1e3
    report.figure(f"act latency under load (p50 {pct(latencies, 50) * 1e3:.1f} ms)",
                  f"p95 {p95:.1f} ms", f"< {LOAD_P95_MS:g} ms", p95 < LOAD_P95_MS)
    report.figure("peak memory (process peak RSS)", f"{peak_mb:.0f} MB", f"< {MEMORY_MB:g} MB",
                  peak_mb < MEMORY_MB)


# -- the whole run -----------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--title", default="ancients")
    parser.add_argument("--scenario", default=None, help="default: the title's first")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=2000, help="engine steps at most")
    parser.add_argument("--acts", type=int, default=200, help="sequential service acts")
    parser.add_argument("--games", type=int, default=500, help="games at once")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of load")
    parser.add_argument("--think", type=float, default=10.0,
                        help="mean seconds between two moves of one game under load")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    try:
        rules = load_rules(args.title)
    except (KeyError, ImportError) as exc:
        print(f"cannot load title {args.title!r}: {exc}", file=sys.stderr)
        return 2
    scenario = args.scenario or rules.scenarios()[0].id
    report = Report()
    started = time.perf_counter()
    report.note(f"bench: {rules.id} / {scenario}, seed {args.seed}, Python "
                f"{sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
                f"{os.getloadavg()[0]:.1f} (the latency figures assume a quiet machine)")
    views = bench_engine(report, rules, scenario, args.seed, args.steps, budget=15.0)
    bench_render(report, views, args.lang)
    bench_ai(report, rules.id, scenario, args.seed)
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        asyncio.run(bench_service(report, rules, scenario, args.seed, args.acts, Path(tmp)))
        asyncio.run(bench_load(report, rules, scenario, args.seed, args.games, args.duration,
                               args.think, Path(tmp)))
    bench_discord(report, rules, scenario, args.seed)
    report.note(f"done in {time.perf_counter() - started:.0f} s"
                + (f"; missed: {', '.join(report.missed)}" if report.missed else
                   "; every target met"))
    return 1 if args.strict and report.missed else 0
