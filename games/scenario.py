"""python -m games.scenario check FILE [--title TITLE]: validate a scenario document outside
Discord, as ``/scenario upload`` does: the file, the item and the reason of the first problem,
or the scenario's name when it is good."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from games import registry


def check(path: Path, title: str | None = None) -> tuple[bool, str]:
    """(good, message) for the scenario document at ``path``."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError) as exc:
        return False, f"{path.name}: {exc}"
    if not isinstance(doc, dict):
        return False, f"{path.name}: a scenario document is one JSON object"
    title = title or doc.get("title")
    if not title:
        return False, f"{path.name}: say which game it is for (--title, or a \"title\" field)"
    try:
        rules = registry.get(str(title))
    except KeyError as exc:
        return False, f"{path.name}: {exc.args[0]}"
    body = {k: v for k, v in doc.items() if k != "title"} if "title" in doc else doc
    try:
        name = rules.check_scenario(body)
    except ValueError as exc:
        return False, f"{path.name}: {exc}"
    return True, f"{path.name}: a good {rules.id} scenario: {name}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.scenario", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    checking = sub.add_parser("check", help="validate a scenario document")
    checking.add_argument("file")
    checking.add_argument("--title", choices=registry.ids(), default=None)
    args = parser.parse_args(argv)
    good, message = check(Path(args.file), args.title)
    print(message, file=sys.stdout if good else sys.stderr)
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
