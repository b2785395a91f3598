"""python -m games.fuzz TITLE --games N: play seeded random games of a title and check them
(``games.core.fuzz.play``: no exception, no dead end, bounded length, ``act`` never changes its
input, no role's View depends on what another hides, the replay reproduces the final State),
in as many processes as the machine has CPUs (``FUZZ_WORKERS`` sets it). ``--option KEY=VALUE``
sets a setup option (VALUE read as JSON where it is JSON: ``--option advanced=true`` plays Pax
Romana's Advanced Game). ``--require-coverage`` fails the run unless everything the title lists
as its coverage (``GameRules.coverage_expected``: Pax Romana's Advanced Game, every card kind
played) happened in at least one of its games."""

from __future__ import annotations

import argparse
import functools
import sys
import time
from typing import Any

from games import registry
from games.core.fuzz import FuzzFailure, map_games, parse_option, play, weigher_of


def one_game(title: str, scenarios: list[str], first_seed: int, max_steps: int,
             secrecy_every: int, i: int, options: dict[str, Any] | None = None,
             ) -> tuple[str, int, str, set[str]]:
    """Play game ``i``: (failure or "", steps, outcome, what it covered)."""
    rules = registry.get(title)
    seed = first_seed + i
    scenario = scenarios[i % len(scenarios)]
    try:
        out = play(rules, scenario, seed, options=options, max_steps=max_steps,
                   check_secrecy_every=secrecy_every, weigh=weigher_of(rules))
    except FuzzFailure as exc:
        return f"{scenario} seed {seed}: {exc}", 0, "", set()
    res = out.result
    key = "draw" if getattr(res, "draw", False) else ",".join(getattr(res, "winners", []))
    return "", out.steps, key, out.coverage


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.fuzz", description=__doc__)
    parser.add_argument("title", choices=registry.ids())
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--scenario", action="append", help="scenario id (default: all, in turn)")
    parser.add_argument("--max-steps", type=int, default=20000)
    parser.add_argument("--secrecy-every", type=int, default=1,
                        help="check hidden items every N steps (0: never)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a setup option (VALUE as JSON where it parses)")
    parser.add_argument("--require-coverage", action="store_true",
                        help="fail unless every item of the title's coverage happened")
    args = parser.parse_args(argv)
    options = dict(parse_option(x) for x in args.option)
    rules = registry.get(args.title)
    scenarios = args.scenario or [s.id for s in rules.scenarios()]
    started = time.perf_counter()
    game = functools.partial(one_game, args.title, scenarios, args.seed, args.max_steps,
                             args.secrecy_every, options=options or None)
    results = map_games(game, range(args.games), chunksize=1)
    failures = [failure for failure, _, _, _ in results if failure]
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    if failures:
        return 1
    steps = sum(n for _, n, _, _ in results)
    outcomes: dict[str, int] = {}
    for _, _, key, _ in results:
        outcomes[key] = outcomes.get(key, 0) + 1
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.title}, {steps} steps, {elapsed:.1f} s; outcomes {outcomes}")
    expected: set[str] = set()
    for scenario in scenarios:
        expected |= rules.coverage_expected(scenario, options)
    if expected:
        seen = set().union(*(c for _, _, _, c in results))
        missing = sorted(expected - seen)
        print(f"coverage: {len(expected) - len(missing)} of {len(expected)}"
              + (f"; never: {', '.join(missing)}" if missing else ""))
        if missing and args.require_coverage:
            print("FAIL coverage: " + ", ".join(missing), file=sys.stderr)
            return 1
    return 0




if __name__ == "__main__":
    sys.exit(main())
