"""python -m games.arena TITLE [--scenario S] --seats ai,random [--games N] [--seed K] [--level L]
[--option KEY=VALUE]

Plays seeded games between computer players and prints how each kind of player did.

Seats: one player kind per seat, in the order of the scenario's roles (``ai``, ``greedy`` or
``random``, see ``games.ai``); when fewer kinds than roles are given the last one fills the
rest (``--seats ai,random`` in a five-player game: one ``ai`` and four ``random``). Games go
through the scenarios in turn, and each round of the scenarios rotates the kinds one role on,
so each kind plays every side (``--games 30`` over Ancients' 15 battles plays each battle from
both sides).

Printed: per scenario the wins of each kind; per kind its seats, wins, draws, the average game
length (actions) and the decision times (p50 / p95 / max, decisions with a real choice only);
for games where every seat is the same kind, the side win rate per scenario (the balance of the
title's scenarios); and last a line such as ``ai won 97 of 100 (97%)`` for the first kind
named. ``--option KEY=VALUE`` sets a setup option for every game (VALUE read as JSON where it
is JSON: ``--option advanced=true`` plays Pax Romana's Advanced Game). Games run in parallel
processes (``FUZZ_WORKERS``, else every CPU up to 8). A game not over after ``--max-steps``
actions counts as a draw.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from games import registry
from games.ai import LEVELS, PLAYER_KINDS, decide
from games.core.fuzz import map_games, parse_option, workers


@dataclass(frozen=True)
class Match:
    title: str
    scenarios: tuple[str, ...]
    kinds: tuple[str, ...]
    level: str
    seed: int
    max_steps: int
    options: tuple[tuple[str, Any], ...] = ()


@dataclass
class GameRecord:
    index: int
    scenario: str
    seats: dict[str, str]              # role -> player kind
    winners: list[str] = field(default_factory=list)
    draw: bool = False
    finished: bool = True
    steps: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)   # kind -> decision seconds


def seating(match: Match, index: int, roles: list[str]) -> dict[str, str]:
    """The player kind in each role for game ``index``: the kinds given, the last repeated,
    rotated one role further each round of the scenarios."""
    kinds = list(match.kinds[: len(roles)])
    kinds += [match.kinds[-1]] * (len(roles) - len(kinds))
    shift = (index // len(match.scenarios)) % len(roles)
    return {role: kinds[(i - shift) % len(roles)] for i, role in enumerate(roles)}


def scenario_of(match: Match, index: int) -> str:
    return match.scenarios[index % len(match.scenarios)]


def play_game(match: Match, index: int) -> GameRecord:
    rules = registry.get(match.title)
    scen = scenario_of(match, index)
    seed = match.seed + index
    state = rules.setup(seed, scen, dict(match.options))
    seats = seating(match, index, list(state.roles))
    record = GameRecord(index=index, scenario=scen, seats=seats)
    steps = 0
    while steps < match.max_steps:
        public = rules.view(state, None)
        if public.result is not None:
            break
        for role in public.active:
            view = rules.view(state, role)
            if not view.actions:
                continue
            started = time.perf_counter()
            choice = decide(view, seed * 100_003 + steps, seats[role], match.level)
            spent = time.perf_counter() - started
            if len(view.actions) > 1:
                record.times.setdefault(seats[role], []).append(spent)
            state = rules.act(state, role, choice.action())
            steps += 1
            break
    record.steps = steps
    result = state.result
    if result is None:
        record.finished = False
        record.draw = True
    else:
        record.winners = list(result.winners)
        record.draw = result.draw or not result.winners
    return record


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def won_by(record: GameRecord, kind: str) -> bool:
    return any(record.seats[r] == kind for r in record.winners)


def report(match: Match, records: list[GameRecord], elapsed: float) -> list[str]:
    kinds = list(dict.fromkeys(match.kinds))
    lines = [f"arena: {match.title}, {len(records)} games, seats {','.join(match.kinds)}, "
             f"level {match.level}, seed {match.seed}, {workers()} workers, {elapsed:.0f} s"
             + "".join(f", {k}={v}" for k, v in match.options)]
    scenarios = list(dict.fromkeys(r.scenario for r in records))
    if len(scenarios) > 1 or len(kinds) > 1:
        lines.append(f"{'scenario':<10} {'games':>5} " + " ".join(f"{k:>7}" for k in kinds)
                     + f" {'draws':>6}")
        for sc in scenarios:
            games = [r for r in records if r.scenario == sc]
            lines.append(f"{sc:<10} {len(games):>5} "
                         + " ".join(f"{sum(won_by(r, k) for r in games):>7}" for k in kinds)
                         + f" {sum(r.draw for r in games):>6}")
    lines.append(f"{'player':<8} {'seats':>5} {'wins':>5} {'draws':>5} {'avg length':>10} "
                 f"{'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for k in kinds:
        seats = sum(list(r.seats.values()).count(k) for r in records)
        games = [r for r in records if k in r.seats.values()]
        times = [t for r in records for t in r.times.get(k, [])]
        avg = sum(r.steps for r in games) / len(games) if games else 0.0
        lines.append(
            f"{k:<8} {seats:>5} {sum(won_by(r, k) for r in records):>5} "
            f"{sum(r.draw for r in games):>5} {avg:>10.0f} {len(times):>9} "
            f"{pct(times, 50) * 1e3:>8.1f} {pct(times, 95) * 1e3:>8.1f} "
            f"{(max(times) if times else float('nan')) * 1e3:>8.1f}")
    unfinished = sum(not r.finished for r in records)
    if unfinished:
        lines.append(f"{unfinished} games not over after {match.max_steps} actions (draws)")
    if len(kinds) == 1:
        lines.append(f"balance ({kinds[0]} in every seat): side win rate per scenario")
        for sc in scenarios:
            games = [r for r in records if r.scenario == sc]
            roles = list(games[0].seats)
            rates = ", ".join(f"{role} {sum(role in r.winners for r in games) / len(games):.0%}"
                              for role in roles)
            lines.append(f"{sc:<10} {len(games):>5} games: {rates}, "
                         f"draws {sum(r.draw for r in games)}")
    focus = match.kinds[0]
    wins = sum(won_by(r, focus) for r in records)
    share = wins / len(records) if records else 0.0
    lines.append(f"{focus} won {wins} of {len(records)} ({share:.0%})")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("title", choices=registry.ids())
    parser.add_argument("--scenario", action="append",
                        help="scenario id, may be repeated (default: every scenario in turn)")
    parser.add_argument("--seats", default="ai,random",
                        help=f"player kinds by seat, comma separated: {', '.join(PLAYER_KINDS)}")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--max-steps", type=int, default=6000,
                        help="actions after which an unfinished game counts as a draw")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a setup option (VALUE as JSON where it parses)")
    args = parser.parse_args(argv)
    kinds = tuple(k.strip() for k in args.seats.split(",") if k.strip())
    unknown = [k for k in kinds if k not in PLAYER_KINDS]
    if not kinds or unknown:
        parser.error(f"--seats takes kinds among {', '.join(PLAYER_KINDS)}")
    rules = registry.get(args.title)
    known = [s.id for s in rules.scenarios()]
    scenarios = tuple(args.scenario or known)
    missing = [s for s in scenarios if s not in known]
    if missing:
        parser.error(f"unknown scenario {', '.join(missing)}; known: {', '.join(known)}")
    options = tuple(sorted(parse_option(x) for x in args.option))
    match = Match(args.title, scenarios, kinds, args.level, args.seed, args.max_steps, options)
    started = time.perf_counter()
    records = map_games(partial(play_game, match), range(args.games), chunksize=1)
    for line in report(match, records, time.perf_counter() - started):
        print(line, flush=True)
    return 0




if __name__ == "__main__":
    sys.exit(main())
