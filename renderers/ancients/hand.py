"""A player's command cards, one card under the other so that a phone screen shows them large.

The colour of each card's band tells its kind (section, troops, leadership, tactic); the number
on the band is the card's place in the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.core import View
from renderers.ancients.labels import card_name, card_text, side_name, text
from renderers.ancients.pieces import side_colour
from renderers.common import (
    INK,
    MUTED,
    PAPER,
    RGB,
    WHITE,
    darker,
    encode_png,
    fit_font,
    font,
    lighter,
    wrap_text,
)

KIND_COLOUR: dict[str, RGB] = {
    "section": (40, 104, 176),
    "troop": (44, 132, 72),
    "leadership": (190, 130, 20),
    "tactic": (168, 44, 56),
}
WIDTH = 820
MARGIN = 16
HEADER_H = 64
CARD_GAP = 12
BAND_W = 78
NAME_SIZE = 30
TEXT_SIZE = 23
LINE_H = 29
CARD_MIN_H = 112
TEXT_W = WIDTH - 2 * MARGIN - BAND_W - 36


def _hand(view: View) -> list[Mapping[str, Any]]:
    hand = (view.private or {}).get("hand") or []
    return [c for c in hand if isinstance(c, Mapping)]


def _card_lines(card: Mapping[str, Any], lang: str) -> list[str]:
    body = card_text(card, lang)
    return wrap_text(body, font(TEXT_SIZE), TEXT_W) if body else []


def _card_height(lines: Sequence[str]) -> int:
    return max(CARD_MIN_H, 14 + 38 + len(lines) * LINE_H + 16)


def hand_size(view: View, lang: str = "en") -> tuple[int, int]:
    cards = _hand(view)
    if not cards:
        return WIDTH, HEADER_H + 120
    body = sum(_card_height(_card_lines(c, lang)) for c in cards) + CARD_GAP * (len(cards) - 1)
    return WIDTH, HEADER_H + body + 2 * MARGIN


def render_hand(view: View, lang: str = "en") -> bytes:
    return encode_png(hand_image(view, lang))


def hand_image(view: View, lang: str = "en") -> Image.Image:
    cards = _hand(view)
    size = hand_size(view, lang)
    img = Image.new("RGB", size, PAPER)
    d = ImageDraw.Draw(img)
    side = view.role or ""
    colour = side_colour(side)
    sides = (view.board or {}).get("sides") or {}
    army = str((sides.get(side) or {}).get("army") or (side_name(side, lang) if side else ""))
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=lighter(colour, 0.8))
    d.rectangle((0, 0, 10, HEADER_H), fill=colour)
    title = text("picture.your_hand", lang, army=army, n=len(cards)).lstrip(": ")
    d.text((26, HEADER_H / 2), title, font=fit_font(title, WIDTH - 40, 28, bold=True), fill=INK,
           anchor="lm")
    if not cards:
        box = (MARGIN, HEADER_H + MARGIN, WIDTH - MARGIN, size[1] - MARGIN)
        d.rounded_rectangle(box, radius=14, outline=MUTED, width=3, fill=WHITE)
        d.text((WIDTH / 2, (box[1] + box[3]) / 2), text("picture.no_cards", lang),
               font=font(26, True), fill=MUTED, anchor="mm")
        return img
    y = HEADER_H + MARGIN
    for i, card in enumerate(cards, start=1):
        lines = _card_lines(card, lang)
        h = _card_height(lines)
        _card(d, y, h, i, card, lines, lang)
        y += h + CARD_GAP
    return img


def _card(d: ImageDraw.ImageDraw, y: int, h: int, number: int, card: Mapping[str, Any],
          lines: Sequence[str], lang: str) -> None:
    kind = str(card.get("kind") or "")
    colour = KIND_COLOUR.get(kind, MUTED)
    x0, x1 = MARGIN, WIDTH - MARGIN
    d.rounded_rectangle((x0 + 3, y + 4, x1 + 3, y + h + 4), radius=14, fill=(0, 0, 0))
    d.rounded_rectangle((x0, y, x1, y + h), radius=14, fill=(252, 250, 243), outline=colour,
                        width=4)
    d.rounded_rectangle((x0, y, x0 + BAND_W, y + h), radius=14, fill=colour)
    d.rectangle((x0 + BAND_W - 14, y, x0 + BAND_W, y + h), fill=colour)
    d.text((x0 + BAND_W / 2, y + h / 2), str(number), font=font(42, True), fill=WHITE,
           anchor="mm")
    tx = x0 + BAND_W + 18
    kind_label = text(f"picture.kind.{kind}", lang, kind.capitalize()).upper()
    f_kind = font(16, True)
    kind_w = f_kind.getlength(kind_label)
    d.text((x1 - 16, y + 22), kind_label, font=f_kind, fill=darker(colour, 0.1), anchor="rm")
    name = card_name(card, lang)
    f_name = fit_font(name, x1 - tx - kind_w - 34, NAME_SIZE, bold=True, smallest=20)
    d.text((tx, y + 14), name, font=f_name, fill=INK, anchor="la")
    f_text = font(TEXT_SIZE)
    ty = y + 14 + 40
    for line in lines:
        d.text((tx, ty), line, font=f_text, fill=(50, 48, 44), anchor="la")
        ty += LINE_H
    sections = card.get("sections")
    if isinstance(sections, list) and sections:
        _sections_mark(d, x1 - 16, y + h - 14, [str(s) for s in sections], colour)


def _sections_mark(d: ImageDraw.ImageDraw, right: float, bottom: float, sections: list[str],
                   colour: RGB) -> None:
    """Three small boxes (left, center, right) with the card's sections filled."""
    w, h, gap = 22, 12, 4
    x = right - 3 * w - 2 * gap
    for s in ("left", "center", "right"):
        box = (x, bottom - h, x + w, bottom)
        if s in sections:
            d.rectangle(box, fill=colour)
        else:
            d.rectangle(box, outline=colour, width=2)
        x += w + gap
