"""A game taken away: its record (which replays to the same final position), its log as text in
one language, and an animated picture of the board over the game.

The record is JSON: the title, scenario, options, seed, players and every move in order. A game
still in play gives away no secret: its record has no seed and no moves (they could show what a
player hides, or the order of the deck), and its log holds the public lines and the asker's own.
Once the game is over everything may be shown.

``python -m bot replay FILE [--lang ru] [--pictures DIR]`` replays a record and prints its log.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from games import registry
from games.core import Action, Rules, View

RECORD_FORMAT = "ancient-tables/game-record"
RECORD_VERSION = 1
# Discord's upload limit without a boosted server (8 MB), with room to spare.
UPLOAD_LIMIT = 7_500_000
FRAME_WIDTH = 640
MAX_FRAMES = 160
FRAME_MS = 900


class RecordError(ValueError):
    """A record that cannot be replayed (with the reason)."""


def record_moves(rows: list[Any]) -> list[dict[str, Any]]:
    """The moves of a game from its live log rows (``bot.store.live_actions``)."""
    moves: list[dict[str, Any]] = []
    for row in rows:
        if row.kind == "action":
            moves.append({"role": row.role, "verb": row.verb, "arg": row.payload()})
        elif row.kind == "resign":
            data = row.payload()
            moves.append({"resign": data["roles"], "names": data.get("names", {})})
    return moves


def load_record(data: str | bytes | dict) -> dict[str, Any]:
    record = data if isinstance(data, dict) else json.loads(data)
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError("not a game record of this bot")
    if record.get("seed") is None or record.get("moves") is None:
        raise RecordError("the record of a game in play cannot be replayed (no seed, no moves)")
    try:
        registry.get(str(record["title"]))
    except KeyError:
        raise RecordError(f"unknown title {record.get('title')!r}") from None
    return record


def replay_states(record: dict[str, Any]) -> Iterator[Any]:
    """The State after the set-up and after each move of a record."""
    from bot.store import resign_result

    rules = registry.get(record["title"])
    state = rules.setup(int(record["seed"]), record["scenario"], dict(record.get("options")
                                                                       or {}))
    yield state
    for number, move in enumerate(record["moves"], start=1):
        if "resign" in move:
            state = rules.load_state(state.model_dump_json())
            state.result = resign_result(list(move["resign"]), list(state.roles),
                                         dict(move.get("names") or {}))
        else:
            try:
                state = rules.act(state, str(move["role"]),
                                  Action(verb=str(move["verb"]), arg=move.get("arg")))
            except Exception as exc:
                raise RecordError(f"move {number} ({move}) cannot be made: {exc}") from exc
        yield state


def final_state(record: dict[str, Any]) -> Any:
    """The State a record ends in."""
    *_, last = replay_states(record)
    return last


def log_text(rules: Rules, state: Any, lang: str, roles: set[str] | None = None,
             everything: bool = False, role_names: dict[str, str] | None = None) -> str:
    """The game's log as text: public lines, the lines of ``roles``, or all (``everything``,
    a private line marked with the side it was for)."""
    names = role_names or {}
    out: list[str] = []
    for entry in state.log:
        if entry.to is not None and not everything and entry.to not in (roles or set()):
            continue
        line = rules.tr(entry.msg, lang)
        if entry.to is not None:
            line = f"[{names.get(entry.to, entry.to)}] {line}"
        out.append(line)
    return "\n".join(out) + ("\n" if out else "")


def turn_frames(record: dict[str, Any]) -> list[View]:
    """The spectators' View at the start of each turn and at the end: one frame per turn."""
    rules = registry.get(record["title"])
    frames: list[View] = []
    key: str | None = None
    last: View | None = None
    for state in replay_states(record):
        view = rules.view(state, None)
        last = view
        turn = view.turn.key if view.turn is not None else None
        if turn != key or not frames:
            frames.append(view)
            key = turn
    if last is not None and (not frames or frames[-1] is not last):
        frames.append(last)
    if len(frames) > MAX_FRAMES:
        step = len(frames) / MAX_FRAMES
        frames = [frames[int(i * step)] for i in range(MAX_FRAMES - 1)] + [frames[-1]]
    return frames


def animation(record: dict[str, Any], lang: str = "en") -> bytes | None:
    """An animated GIF of the board over the game (one frame per turn), under Discord's upload
    limit; None when the title draws no pictures."""
    from PIL import Image

    try:
        from renderers import render_board
    except ImportError:
        return None
    frames = turn_frames(record)
    width = FRAME_WIDTH
    while width >= 240:
        images = []
        for view in frames:
            try:
                png = render_board(view, lang)
            except LookupError:
                return None
            image = Image.open(io.BytesIO(png)).convert("RGB")
            height = int(image.height * width / image.width)
            images.append(image.resize((width, height), Image.LANCZOS).quantize(
                colors=128, method=Image.Quantize.MEDIANCUT))
        out = io.BytesIO()
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:],
                       duration=[FRAME_MS] * (len(images) - 1) + [FRAME_MS * 4], loop=0,
                       optimize=True)
        data = out.getvalue()
        if len(data) <= UPLOAD_LIMIT:
            return data
        width = int(width * 0.75)
    return None


# -- python -m bot replay ---------------------------------------------------------------------

def replay_main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot replay",
                                     description="Replay a game record and print its log.")
    parser.add_argument("file", help="a game record (JSON) from /game export")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    parser.add_argument("--pictures", default=None,
                        help="write the board picture after every move into this folder")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    try:
        record = load_record(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"! {exc}", file=out)
        return 2
    rules = registry.get(record["title"])
    folder = Path(args.pictures) if args.pictures else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    state = None
    try:
        for number, state in enumerate(replay_states(record)):
            if folder is not None:
                _write_picture(rules, state, folder / f"board-{number:05d}.png", args.lang)
    except RecordError as exc:
        print(f"! {exc}", file=out)
        return 2
    names = {role: str((player or {}).get("name") or role)
             for role, player in (record.get("players") or {}).items()}
    out.write(log_text(rules, state, args.lang, everything=True, role_names=names))
    if state is not None and state.result is not None:
        from bot.i18n import tr_msg

        result = state.result
        text = tr_msg(result.msg, args.lang, rules.id) if result.msg else result.reason
        print(f"= {text}", file=out)
    return 0


def _write_picture(rules: Rules, state: Any, path: Path, lang: str) -> None:
    try:
        from renderers import render_board
        path.write_bytes(render_board(rules.view(state, None), lang))
    except (ImportError, LookupError):
        pass
