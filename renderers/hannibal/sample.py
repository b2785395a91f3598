"""Write the sample Hannibal board picture shown in the docs, from a real game:

    python -m renderers.hannibal.sample [--out docs/hannibal-board.png] [--lang en]
                                        [--seed 2] [--steps 1500]

It sets up the 218 BC game with the seed, plays seeded choices from each View's actions (random,
but eager to move armies and to fight, see ``pick``), and keeps the public View of the longest
battle met (else the last position), so the picture shows armies on the move and the battle
panel. This is a tool that drives the rules engine; the picture itself is drawn from the public
View only, like every other.
"""

from __future__ import annotations

import argparse
import time
from importlib import import_module
from pathlib import Path
from typing import Any

from games.core import Rng, View
from renderers.hannibal.board import render_board

ROOT = Path(__file__).resolve().parents[2]


def pick(view: View, public: View, rng: Rng) -> Any:
    """A seeded choice that, four times in five, fights when it may, marches onto an enemy army,
    or moves an army with a card; otherwise any legal choice."""
    enemy = {a.get("space") for a in public.board.get("armies") or []
             if a.get("side") != view.role}
    wishes = (lambda c: c.verb == "fight" and c.arg == "battle",
              lambda c: c.verb == "to" and c.arg in enemy,
              lambda c: c.verb == "use" and c.arg == "move")
    for wish in wishes:
        good = [c for c in view.actions if wish(c)]
        if good and rng.below(10) < 8:
            return good[rng.below(len(good))]
    return view.actions[rng.below(len(view.actions))]


def sample_view(seed: int = 2, steps: int = 1500) -> View:
    """The public View of the longest battle met in a seeded random game (or its last
    position)."""
    rules: Any = import_module("games.hannibal.rules").RULES
    state = rules.setup(seed, "218bc", {})
    rng = Rng.from_seed(seed)
    best: View | None = None
    public = rules.view(state, None)
    for _ in range(steps):
        public = rules.view(state, None)
        if public.result is not None or not public.active:
            break
        battle = public.board.get("battle")
        if battle and (best is None or len(battle.get("played") or []) >=
                       len(best.board["battle"].get("played") or [])):
            best = public
        elif best is not None and len(best.board["battle"].get("played") or []) >= 3:
            break
        role = public.active[0]
        view = rules.view(state, role)
        state = rules.act(state, role, pick(view, public, rng).action())
    return best or public


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "hannibal-board.png"))
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--steps", type=int, default=1500)
    args = parser.parse_args()
    view = sample_view(args.seed, args.steps)
    render_board(view, args.lang)                  # draws and caches the background
    start = time.perf_counter()
    png = render_board(view, args.lang)
    took = time.perf_counter() - start
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png)
    print(f"{out.name}: turn {view.board.get('turn')}, {len(png) // 1024} KiB, "
          f"drawn in {took * 1000:.0f} ms")


if __name__ == "__main__":
    main()
