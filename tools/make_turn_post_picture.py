"""Write docs/turn-post.png: how a turn post of the bot looks in a Discord channel.

    python -m tools.make_turn_post_picture [--lang ru] [--out docs]   (from the repository root)

A seeded Ancients battle is played by the rules engine until a turn has a few log lines and its
player's choices are buttons; the bot's own ``turn_post`` makes the post (text, embed, picture,
components) and this script draws it the way a Discord client shows a message, in our own
drawing (no Discord artwork).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
from PIL import Image, ImageDraw

from bot.cogs import present
from bot.cogs.pictures import board_png
from games import registry
from games.core import Rng
from games.core.fuzz import weigher_of, weighted_index
from renderers.common import font

ROOT = Path(__file__).resolve().parents[1]
WIDTH = 760
BACKGROUND = (49, 51, 56)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
EMBED = (43, 45, 49)
BAR = (88, 101, 242)
BUTTON = (88, 101, 242)
MENU = (30, 31, 34)
MENTION = (201, 205, 251)
MENTION_BACK = (60, 66, 112)
NAMES = {111: "Alice", 222: "Bob"}


def seeded_turn(seed: int = 34, scenario: str = "002", chooser_seed: int = 2,
                wanted_lines: int = 3) -> tuple[Any, Any, str]:
    """A State in the middle of a turn: a few lines logged in it, the mover's choices open."""
    rules = registry.get("ancients")
    weigh = weigher_of(rules)
    state = rules.setup(seed, scenario, {})
    chooser = Rng.from_seed(chooser_seed)
    turn_from = 0
    key = None
    for _ in range(400):
        public = rules.view(state, None)
        if public.turn is not None and public.turn.key != key:
            key, turn_from = public.turn.key, (public.log[-1].seq + 1 if public.log else 0)
        role = public.active[0]
        view = rules.view(state, role)
        lines = [line for line in public.log if line.seq >= turn_from]
        if (len(lines) >= wanted_lines and 2 <= len(view.actions) <= 10
                and not present.choices_reveal_private(view) and role in (public.turn.roles
                                                                           if public.turn
                                                                           else [role])):
            return state, lines, role
        weights = [max(0.0, weigh(c, view)) if weigh else 1.0 for c in view.actions]
        state = rules.act(state, role, view.actions[weighted_index(chooser, weights)].action())
    raise RuntimeError("no suitable turn found")


def wrap(draw: ImageDraw.ImageDraw, text: str, size: int, width: int, bold: bool = False
         ) -> list[str]:
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if draw.textlength(trial, font=font(size, bold)) <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], line: str, size: int,
              colour: tuple[int, int, int], bold: bool = False) -> None:
    """One line, with mentions drawn as Discord shows them (a tinted name)."""
    x, y = xy
    for part in re.split(r"(@\w+)", line.replace("**", "")):
        if not part:
            continue
        face = font(size, bold)
        if part.startswith("@"):
            w = draw.textlength(part, font=face)
            draw.rounded_rectangle((x - 2, y - 1, x + w + 2, y + size + 4), 4, fill=MENTION_BACK)
            draw.text((x, y), part, font=face, fill=MENTION)
        else:
            draw.text((x, y), part, font=face, fill=colour)
        x += int(draw.textlength(part, font=face))


def picture_of_post(post: present.Post) -> Image.Image:
    canvas = Image.new("RGB", (WIDTH, 2000), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    draw.ellipse((16, 16, 56, 56), fill=BAR)
    draw.text((27, 24), "AT", font=font(15, True), fill=(255, 255, 255))
    draw.text((72, 16), "Ancient Tables", font=font(16, True), fill=(255, 255, 255))
    draw.rounded_rectangle((206, 19, 240, 35), 3, fill=BAR)
    draw.text((211, 20), "BOT", font=font(11, True), fill=(255, 255, 255))
    y = 42
    content = re.sub(r"<@(\d+)>", lambda m: "@" + NAMES.get(int(m.group(1)), "player"),
                     post.content)
    for line in wrap(draw, content, 15, WIDTH - 100):
        draw_text(draw, (72, y), line, 15, TEXT)
        y += 22
    y += 6
    if post.embed is not None:
        inner = 72 + 16
        title = wrap(draw, post.embed.title or "", 15, WIDTH - 130, bold=True)
        body = wrap(draw, post.embed.description or "", 14, WIDTH - 130)
        board = None
        if post.picture:
            board = Image.open(io.BytesIO(post.picture)).convert("RGB")
            scale = (WIDTH - 130) / board.width
            board = board.resize((WIDTH - 130, int(board.height * scale)), Image.LANCZOS)
        height = 12 + 21 * len(title) + 4 + 20 * len(body) + 8 + (
            board.height + 12 if board is not None else 0)
        draw.rounded_rectangle((72, y, WIDTH - 24, y + height), 4, fill=EMBED)
        draw.rectangle((72, y, 75, y + height), fill=BAR)
        top = y
        y += 12
        for line in title:
            draw.text((inner, y), line, font=font(15, True), fill=(255, 255, 255))
            y += 21
        y += 4
        for line in body:
            draw_text(draw, (inner, y), line, 14, TEXT)
            y += 20
        y += 8
        if board is not None:
            canvas.paste(board, (inner, y))
        y = top + height + 10
    if post.view is not None:
        rows: dict[int, list[Any]] = {}
        for item in post.view.children:
            rows.setdefault(item.row or 0, []).append(item)
        for row in sorted(rows):
            x = 72
            for item in rows[row]:
                inner_item = getattr(item, "item", item)
                if isinstance(inner_item, discord.ui.Select):
                    label = inner_item.placeholder or "…"
                    w = WIDTH - 24 - 72
                    draw.rounded_rectangle((x, y, x + w, y + 36), 4, fill=MENU)
                    draw.text((x + 12, y + 9), label, font=font(14), fill=MUTED)
                    x += w + 8
                else:
                    label = inner_item.label or "…"
                    w = int(draw.textlength(label, font=font(14, True))) + 28
                    draw.rounded_rectangle((x, y, x + w, y + 34), 4, fill=BUTTON)
                    draw.text((x + 14, y + 8), label, font=font(14, True), fill=(255, 255, 255))
                    x += w + 8
            y += 42
    return canvas.crop((0, 0, WIDTH, y + 12))


async def make(lang: str, out: Path) -> Path:
    rules = registry.get("ancients")
    state, lines, role = seeded_turn()
    public = rules.view(state, None)
    scenario = present.scenario_info("ancients", state.scenario)
    assert scenario is not None
    info = SimpleNamespace(id=3, title="ancients", scenario=state.scenario,
                           scenario_name=scenario.name, version=state.step + 1,
                           status="active", roles=list(state.roles),
                           seats={"south": 111, "north": 222},
                           role_names=scenario.role_names, creator_id=111, result=None)
    view = rules.view(state, role)
    picture = await board_png(public, lang)
    post = present.turn_post(info, public, lines, [], {role: view}, lang, picture,
                             ping=[info.seats[role]])
    out.mkdir(parents=True, exist_ok=True)
    path = out / "turn-post.png"
    picture_of_post(post).save(path, optimize=True)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_turn_post_picture",
                                     description=__doc__)
    parser.add_argument("--lang", default="en", choices=["en", "ru"])
    parser.add_argument("--out", default=str(ROOT / "docs"))
    args = parser.parse_args(argv)
    print(asyncio.run(make(args.lang, Path(args.out))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
