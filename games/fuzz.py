"""python -m games.fuzz TITLE --games N: play seeded random games of a title and check them."""

from __future__ import annotations

import argparse
import sys
import time

from games import registry
from games.core.fuzz import FuzzFailure, play, weigher_of


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.fuzz", description=__doc__)
    parser.add_argument("title", choices=registry.ids())
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--scenario", action="append", help="scenario id (default: all, in turn)")
    parser.add_argument("--max-steps", type=int, default=20000)
    parser.add_argument("--secrecy-every", type=int, default=1,
                        help="check hidden items every N steps (0: never)")
    args = parser.parse_args(argv)
    rules = registry.get(args.title)
    scenarios = args.scenario or [s.id for s in rules.scenarios()]
    started = time.perf_counter()
    steps = 0
    outcomes: dict[str, int] = {}
    for i in range(args.games):
        seed = args.seed + i
        scen = scenarios[i % len(scenarios)]
        try:
            out = play(rules, scen, seed, max_steps=args.max_steps,
                       check_secrecy_every=args.secrecy_every, weigh=weigher_of(rules))
        except FuzzFailure as exc:
            print(f"FAIL {exc}", file=sys.stderr)
            return 1
        steps += out.steps
        res = out.result
        key = "draw" if getattr(res, "draw", False) else ",".join(getattr(res, "winners", []))
        outcomes[key] = outcomes.get(key, 0) + 1
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.title}, {steps} steps, {elapsed:.1f} s; outcomes {outcomes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
