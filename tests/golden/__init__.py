"""Golden playthroughs: a few seeded random games per title recorded as text (actions, the public
log, the final board), so a change to the rules shows up as a readable diff.

Regenerate with ``python -m tests.golden`` after a deliberate rules change, then read the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

from games import registry
from games.core.fuzz import play, weigher_of

HERE = Path(__file__).resolve().parent
GAMES = [("ancients", "001", 1), ("ancients", "002", 2), ("ancients", "006", 3),
         ("mare_nostrum", "3p", 1), ("mare_nostrum", "5p", 2), ("hannibal", "218bc", 1)]


def record(title: str, scenario: str, seed: int) -> str:
    rules = registry.get(title)
    out = play(rules, scenario, seed, check_secrecy_every=0, weigh=weigher_of(rules))
    state = rules.setup(seed, scenario, {})
    lines = [f"# {title} {scenario} seed {seed}: {out.steps} actions"]
    for role, action in out.actions:
        state = rules.act(state, role, action)
        arg = "" if action.arg is None else f" {action.arg}"
        lines.append(f"> {role}: {action.verb}{arg}")
    view = rules.view(state, None)
    lines.append("# public log")
    lines += [rules.tr(e.msg) for e in state.log if e.to is None]
    lines.append("# final board")
    lines.append(rules.describe(view))
    return "\n".join(lines) + "\n"


def path_of(title: str, scenario: str, seed: int) -> Path:
    return HERE / f"{title}-{scenario}-seed{seed}.txt"


def main() -> int:
    for title, scenario, seed in GAMES:
        path_of(title, scenario, seed).write_text(record(title, scenario, seed), encoding="utf-8")
        print("wrote", path_of(title, scenario, seed).name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
