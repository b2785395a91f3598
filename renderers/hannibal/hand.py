"""A Hannibal player's hand: his strategy cards, each with its OPS value, who may play its event
(Rome, Carthage or both), whether it is a response card, and its text; during a battle, his
battle cards too. Large tiles, so that a phone shows them well.

Only ``view.private`` is read for the contents (``hand``: strategy card numbers or keys,
``hand_numbers``: their numbers, ``battle_hand``: battle card keys, ``spied``: the enemy's battle
cards his Spy in Enemy Camp showed him); the static facts of each card come from the game data.
A spectator's View has no hand: its picture says so and shows nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.core import View
from renderers.common import (
    INK,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    WHITE,
    darker,
    fit_font,
    fit_text,
    font,
    lighter,
    wrap_text,
)
from renderers.hannibal.labels import CardInfo, battle_card_name, card_info, side_name, text
from renderers.hannibal.pieces import CARTHAGE, ROME, png, side_colour

WIDTH = 900
MARGIN = 16
HEADER_H = 64
SECTION_H = 40
COLS = 2
GAP = 14
TILE_W = (WIDTH - 2 * MARGIN - (COLS - 1) * GAP) // COLS
TILE_TOP_H = 58
TEXT_SIZE = 15
TEXT_LINE = 19
FLAG_H = 26
BATTLE_COLS = 3
BATTLE_W = (WIDTH - 2 * MARGIN - (BATTLE_COLS - 1) * GAP) // BATTLE_COLS
BATTLE_H = 62
EMPTY_H = 110
CARD_FILL: RGB = (255, 252, 244)
RESPONSE: RGB = (52, 44, 40)
SPIED: RGB = (96, 74, 120)        # an enemy battle card the spy saw


def render_hand(view: View, lang: str = "en") -> bytes:
    return png(hand_image(view, lang))


def _has_hand(view: View) -> bool:
    return view.role is not None and isinstance(view.private, Mapping) and bool(view.private)


def _cards(view: View) -> list[Any]:
    """The strategy cards in hand: by number when the View gives them (copies of one card share
    a key, not a number), else by key."""
    if not _has_hand(view):
        return []
    hand = view.private.get("hand")
    numbers = view.private.get("hand_numbers")
    if not isinstance(hand, list | tuple):
        return []
    if isinstance(numbers, list | tuple) and len(numbers) == len(hand):
        return [n if n is not None else k for n, k in zip(numbers, hand, strict=True)]
    return [c for c in hand if c is not None]


def _battle(view: View, field: str = "battle_hand") -> list[tuple[str, int]] | None:
    """The battle cards in hand (or those the spy saw, ``field="spied"``), grouped by name
    (None outside a battle)."""
    raw = view.private.get(field) if _has_hand(view) else None
    if raw is None:
        return None
    counts: dict[str, int] = {}
    items = raw.items() if isinstance(raw, Mapping) else ((c, 1) for c in raw or [])
    for card, n in items:
        try:
            counts[str(card)] = counts.get(str(card), 0) + max(0, int(n))
        except (TypeError, ValueError):
            continue
    return [(k, v) for k, v in counts.items() if v]


def _body_lines(info: CardInfo) -> list[str]:
    return wrap_text(info.text, font(TEXT_SIZE), TILE_W - 24) if info.text else []


def _tile_h(info: CardInfo) -> int:
    return TILE_TOP_H + FLAG_H + 8 + len(_body_lines(info)) * TEXT_LINE + 12


def _rows(infos: list[CardInfo]) -> list[int]:
    return [max(_tile_h(i) for i in infos[r:r + COLS]) for r in range(0, len(infos), COLS)]


def hand_size(view: View, lang: str = "en") -> tuple[int, int]:
    if not _has_hand(view):
        return WIDTH, HEADER_H + EMPTY_H + 2 * MARGIN
    infos = [card_info(c, lang) for c in _cards(view)]
    rows = _rows(infos)
    h = HEADER_H + MARGIN + (sum(rows) + GAP * (len(rows) - 1) if rows else EMPTY_H)
    for field in ("battle_hand", "spied"):
        battle = _battle(view, field)
        if battle is not None and (battle or field == "battle_hand"):
            n = max(1, (len(battle) + BATTLE_COLS - 1) // BATTLE_COLS)
            h += MARGIN + SECTION_H + n * BATTLE_H + (n - 1) * GAP
    return WIDTH, h + MARGIN


def hand_image(view: View, lang: str = "en") -> Image.Image:
    size = hand_size(view, lang)
    img = Image.new("RGB", size, PAPER)
    d = ImageDraw.Draw(img)
    side = view.role if view.role in ("rome", "carthage") else None
    colour = side_colour(side) if side else (90, 80, 70)
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=colour)
    if not _has_hand(view):
        d.text((MARGIN, HEADER_H / 2), text("picture.title", lang), font=font(24, True),
               fill=WHITE, anchor="lm")
        msg = text("picture.no_hand", lang)
        f = fit_font(msg, WIDTH - 2 * MARGIN, 20, bold=True, smallest=12)
        d.text((WIDTH / 2, HEADER_H + MARGIN + EMPTY_H / 2), msg, font=f, fill=MUTED,
               anchor="mm")
        return img
    cards = _cards(view)
    title = text("picture.your_hand", lang, side=side_name(view.role, lang), n=len(cards))
    f = fit_font(title, WIDTH - 2 * MARGIN, 26, bold=True, smallest=14)
    d.text((MARGIN, HEADER_H / 2), title, font=f, fill=WHITE, anchor="lm")
    y = HEADER_H + MARGIN
    infos = [card_info(c, lang) for c in cards]
    if not infos:
        d.text((WIDTH / 2, y + EMPTY_H / 2), text("picture.no_cards", lang), font=font(20, True),
               fill=MUTED, anchor="mm")
        y += EMPTY_H
    for r, row_h in enumerate(_rows(infos)):
        for col, info in enumerate(infos[r * COLS:(r + 1) * COLS]):
            x = MARGIN + col * (TILE_W + GAP)
            _card_tile(img, d, info, (x, y, x + TILE_W, y + row_h), lang)
        y += row_h + GAP
    y -= GAP if infos else 0
    # the battle cards in hand, then the enemy's that the spy saw (#20): to this player only
    for field, label_key in (("battle_hand", "picture.your_battle_hand"),
                             ("spied", "picture.spied")):
        battle = _battle(view, field)
        if battle is None or (not battle and field == "spied"):
            continue
        y += MARGIN
        label = text(label_key, lang, n=sum(n for _, n in battle))
        d.text((MARGIN, y + SECTION_H / 2), label, font=font(20, True), fill=INK, anchor="lm")
        y += SECTION_H
        for i, (card, n) in enumerate(battle):
            r, col = divmod(i, BATTLE_COLS)
            x = MARGIN + col * (BATTLE_W + GAP)
            top = y + r * (BATTLE_H + GAP)
            _battle_tile(d, card, n, (x, top, x + BATTLE_W, top + BATTLE_H), lang,
                         spied=field == "spied")
        rows = max(1, (len(battle) + BATTLE_COLS - 1) // BATTLE_COLS)
        y += rows * BATTLE_H + (rows - 1) * GAP
    return img


def _ops_disc(img: Image.Image, d: ImageDraw.ImageDraw, info: CardInfo, cx: float, cy: float,
              r: float) -> None:
    box = (cx - r, cy - r, cx + r, cy + r)
    by = info.playable_by
    if by == "rome":
        d.ellipse(box, fill=ROME)
    elif by == "carthage":
        d.ellipse(box, fill=CARTHAGE)
    elif by == "either":
        d.pieslice(box, 90, 270, fill=ROME)
        d.pieslice(box, 270, 90, fill=CARTHAGE)
    else:
        d.ellipse(box, fill=(120, 112, 100))
    d.ellipse(box, outline=darker(INK, 0.0), width=2)
    ops = str(info.ops) if info.ops is not None else "?"
    d.text((cx, cy + 1), ops, font=font(round(r * 1.25), True), fill=WHITE, anchor="mm",
           stroke_width=2, stroke_fill=(0, 0, 0))


def _card_tile(img: Image.Image, d: ImageDraw.ImageDraw, info: CardInfo,
               box: tuple[float, float, float, float], lang: str) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 + 2, y0 + 3, x1 + 2, y1 + 3), radius=10, fill=darker(PAPER, 0.2))
    head = RESPONSE if info.response else lighter(PANEL, 0.1)
    d.rounded_rectangle(box, radius=10, fill=CARD_FILL, outline=darker(PANEL, 0.45), width=2)
    d.rounded_rectangle((x0, y0, x1, y0 + TILE_TOP_H), radius=10, fill=head,
                        outline=darker(PANEL, 0.45), width=2)
    d.rectangle((x0 + 2, y0 + TILE_TOP_H - 10, x1 - 2, y0 + TILE_TOP_H), fill=head)
    r = 21
    _ops_disc(img, d, info, x0 + 12 + r, y0 + TILE_TOP_H / 2, r)
    ink = WHITE if info.response else INK
    nx = x0 + 24 + 2 * r
    no = text("picture.card_no", lang, n=info.no, no=info.no) if info.no is not None else ""
    fno = font(13, True)
    room = x1 - nx - 12 - (fno.getlength(no) + 8 if no else 0)
    if no:
        d.text((x1 - 10, y0 + 12), no, font=fno, fill=lighter(ink, 0.3) if info.response
               else MUTED, anchor="ra")
    name_font = fit_font(info.name, room, 20, bold=True, smallest=14)
    lines = wrap_text(info.name, name_font, room)
    if len(lines) > 2:
        lines = [lines[0], fit_text(" ".join(lines[1:]), name_font, room)]
    ly = y0 + TILE_TOP_H / 2 - (len(lines) - 1) * (name_font.size + 2) / 2
    for i, line in enumerate(lines[:2]):
        d.text((nx, ly + i * (name_font.size + 2)), line, font=name_font, fill=ink, anchor="lm")
    # who may play the event, and the response flag
    fy = y0 + TILE_TOP_H + 6
    who = {"rome": side_name("rome", lang), "carthage": side_name("carthage", lang),
           "either": text("picture.both", lang)}.get(info.playable_by or "", "?")
    label = text("picture.event_by", lang, who=who)
    fl = font(14, True)
    chip = side_colour(info.playable_by) if info.playable_by in ("rome", "carthage") else \
        (110, 70, 150) if info.playable_by == "either" else MUTED
    d.rounded_rectangle((x0 + 10, fy, x0 + 20 + fl.getlength(label), fy + FLAG_H - 4), radius=5,
                        fill=chip)
    d.text((x0 + 15, fy + (FLAG_H - 4) / 2), label, font=fl, fill=WHITE, anchor="lm")
    fx = x0 + 30 + fl.getlength(label)
    if info.response:
        resp = text("picture.response", lang)
        d.rounded_rectangle((fx, fy, fx + 10 + fl.getlength(resp), fy + FLAG_H - 4), radius=5,
                            fill=RESPONSE)
        d.text((fx + 5, fy + (FLAG_H - 4) / 2), resp, font=fl, fill=(255, 220, 120),
               anchor="lm")
        fx += 20 + fl.getlength(resp)
    if info.unique:
        uniq = text("picture.unique", lang)
        fu = fit_font(uniq, max(40.0, x1 - 10 - fx), 12, smallest=9)
        if x1 - 10 - fx > 40:
            d.text((fx, fy + (FLAG_H - 4) / 2), fit_text(uniq, fu, x1 - 10 - fx), font=fu,
                   fill=MUTED, anchor="lm")
    ty = fy + FLAG_H + 4
    for line in _body_lines(info):
        d.text((x0 + 12, ty), line, font=font(TEXT_SIZE), fill=INK, anchor="la")
        ty += TEXT_LINE


def _battle_tile(d: ImageDraw.ImageDraw, card: str, n: int,
                 box: tuple[float, float, float, float], lang: str, spied: bool = False) -> None:
    """A battle card with its count; one the spy saw in the enemy's hand (a card seen, not
    held) is drawn in another colour."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 + 2, y0 + 3, x1 + 2, y1 + 3), radius=8, fill=darker(PAPER, 0.2))
    d.rounded_rectangle(box, radius=8, fill=SPIED if spied else (62, 52, 44),
                        outline=(30, 24, 20), width=2)
    name = battle_card_name(card, lang)
    count = f"×{n}"
    fc = font(22, True)
    room = x1 - x0 - 24 - fc.getlength(count)
    f = fit_font(name, room, 17, bold=True, smallest=11)
    lines = wrap_text(name, f, room)[:2]
    cy = (y0 + y1) / 2
    for i, line in enumerate(lines):
        d.text((x0 + 12, cy + (i - (len(lines) - 1) / 2) * (f.size + 3)), line, font=f,
               fill=(250, 236, 200), anchor="lm")
    d.text((x1 - 10, cy), count, font=fc, fill=WHITE, anchor="rm")
