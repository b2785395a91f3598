"""A player's Resources behind his Empire Screen: Coins and Goods with their counts, Rare Goods
marked with a gold star, and, while the trade offers are secret, his own offer. Large tiles, so
that a phone shows them well.

Only ``view.private`` is read for the contents (``hand`` {kind: n}, ``rare`` [good], ``resources``,
``offer`` [token]); the board gives the Empire's name and colour. A spectator's View has no hand:
its picture says so and shows nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.core import View
from renderers.common import (
    INK,
    MUTED,
    PAPER,
    RGB,
    WHITE,
    darker,
    encode_png,
    fit_font,
    fit_text,
    font,
    lighter,
)
from renderers.mare_nostrum.labels import empire_name, good_abbr, good_name, text
from renderers.mare_nostrum.pieces import (
    GOLD,
    RARE_MARK,
    UNCONTROLLED,
    empire_colour,
    good_order,
    good_token,
)

WIDTH = 820
MARGIN = 16
HEADER_H = 64
SECTION_H = 44
COLS = 4
TILE_GAP = 12
TILE_W = (WIDTH - 2 * MARGIN - (COLS - 1) * TILE_GAP) // COLS
TILE_H = 96
TOKEN = 58
EMPTY_H = 110

Tile = tuple[str, int]      # (token, count); a Rare Good's token ends with "*"


def _count(value: Any) -> int:
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0


def _tiles(hand: Any, rare: Any) -> list[Tile]:
    counts: dict[str, int] = {}
    if isinstance(hand, Mapping):
        for k, n in hand.items():
            if _count(n):
                counts[str(k)] = counts.get(str(k), 0) + _count(n)
    ordered = [(k, counts[k]) for k in good_order(set(counts))]
    rares: dict[str, int] = {}
    for g in rare or []:
        key = str(g).rstrip("*") + "*"
        rares[key] = rares.get(key, 0) + 1
    ordered += [(k + "*", rares[k + "*"]) for k in good_order({k.rstrip("*") for k in rares})]
    return ordered


def _offer_tiles(offer: Any) -> list[Tile]:
    counts: dict[str, int] = {}
    for tok in offer or []:
        counts[str(tok)] = counts.get(str(tok), 0) + 1
    plain = [(k, counts[k]) for k in good_order({k for k in counts if not k.endswith("*")})]
    rare = [(k + "*", counts[k + "*"])
            for k in good_order({k.rstrip("*") for k in counts if k.endswith("*")})]
    return plain + rare


def _rows(n: int) -> int:
    return (n + COLS - 1) // COLS


def _grid_h(n: int) -> int:
    return _rows(n) * TILE_H + (_rows(n) - 1) * TILE_GAP if n else EMPTY_H


def _has_hand(view: View) -> bool:
    return view.role is not None and bool(view.private)


def _offer(view: View) -> list[str] | None:
    """The player's own secret offer, while the Trade phase lasts."""
    offer = (view.private or {}).get("offer")
    if offer is None or (view.board or {}).get("phase") not in (None, "trade"):
        return None
    return [str(t) for t in offer]


def hand_size(view: View, lang: str = "en") -> tuple[int, int]:
    if not _has_hand(view):
        return WIDTH, HEADER_H + EMPTY_H + 2 * MARGIN
    priv = view.private
    h = HEADER_H + MARGIN + _grid_h(len(_tiles(priv.get("hand"), priv.get("rare"))))
    offer = _offer(view)
    if offer is not None:
        h += MARGIN + SECTION_H + _grid_h(len(_offer_tiles(offer)))
    return WIDTH, h + MARGIN


def render_hand(view: View, lang: str = "en") -> bytes:
    return encode_png(hand_image(view, lang))


def hand_image(view: View, lang: str = "en") -> Image.Image:
    size = hand_size(view, lang)
    img = Image.new("RGB", size, PAPER)
    d = ImageDraw.Draw(img)
    board = view.board or {}
    empires = board.get("empires") if isinstance(board.get("empires"), Mapping) else {}
    role = view.role
    e = empires.get(role) if role and isinstance(empires.get(role), Mapping) else {}
    colour = empire_colour(e.get("colour")) if e else UNCONTROLLED
    d.rectangle((0, 0, WIDTH, HEADER_H), fill=lighter(colour, 0.78))
    d.rectangle((0, 0, 12, HEADER_H), fill=colour)
    if not _has_hand(view):
        _header_text(d, text("picture.resources", lang))
        _empty(d, HEADER_H + MARGIN, text("picture.no_hand", lang))
        return img
    priv = view.private
    tiles = _tiles(priv.get("hand"), priv.get("rare"))
    total = priv.get("resources")
    n = _count(total) if total is not None else sum(c for _, c in tiles)
    title = text("picture.your_resources", lang, empire=empire_name(role, lang, empires), n=n)
    _header_text(d, title)
    y = HEADER_H + MARGIN
    if tiles:
        _grid(img, d, y, tiles, lang)
    else:
        _empty(d, y, text("picture.no_resources", lang))
    y += _grid_h(len(tiles))
    offer = _offer(view)
    if offer is not None:
        y += MARGIN
        offer_tiles = _offer_tiles(offer)
        label = text("picture.your_offer", lang, n=len(offer))
        d.rounded_rectangle((MARGIN, y + 4, WIDTH - MARGIN, y + SECTION_H - 4), radius=10,
                            fill=darker(PAPER, 0.08))
        d.text((MARGIN + 14, y + SECTION_H / 2), label, font=font(22, True), fill=INK,
               anchor="lm")
        y += SECTION_H
        if offer_tiles:
            _grid(img, d, y, offer_tiles, lang)
        else:
            _empty(d, y, text("picture.empty_offer", lang))
    return img


def _header_text(d: ImageDraw.ImageDraw, title: str) -> None:
    d.text((28, HEADER_H / 2), title, font=fit_font(title, WIDTH - 44, 28, bold=True),
           fill=INK, anchor="lm")


def _empty(d: ImageDraw.ImageDraw, y: float, message: str) -> None:
    box = (MARGIN, y, WIDTH - MARGIN, y + EMPTY_H)
    d.rounded_rectangle(box, radius=14, outline=MUTED, width=3, fill=WHITE)
    d.text((WIDTH / 2, y + EMPTY_H / 2), message,
           font=fit_font(message, WIDTH - 4 * MARGIN, 26, bold=True), fill=MUTED, anchor="mm")


def _grid(img: Image.Image, d: ImageDraw.ImageDraw, top: float, tiles: list[Tile],
          lang: str) -> None:
    for i, (tok, n) in enumerate(tiles):
        row, col = divmod(i, COLS)
        x = MARGIN + col * (TILE_W + TILE_GAP)
        y = top + row * (TILE_H + TILE_GAP)
        _tile(img, d, x, y, tok, n, lang)


def _tile(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, tok: str, n: int,
          lang: str) -> None:
    rare = tok.endswith("*")
    base = tok.rstrip("*")
    edge: RGB = darker(GOLD, 0.2) if rare else (170, 160, 140)
    d.rounded_rectangle((x + 2, y + 3, x + TILE_W + 2, y + TILE_H + 3), radius=12,
                        fill=(200, 192, 176))
    d.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), radius=12,
                        fill=(255, 248, 222) if rare else WHITE, outline=edge,
                        width=4 if rare else 2)
    token = good_token(base, good_abbr(base, lang), TOKEN, True, rare)
    img.paste(token, (round(x + 10), round(y + (TILE_H - TOKEN) / 2)), token)
    tx = x + 10 + TOKEN + 10
    width = TILE_W - (tx - x) - 8
    name = good_name(base, lang)
    f = fit_font(name, width, 19, bold=True, smallest=12)
    d.text((tx, y + 24), fit_text(name, f, width), font=f, fill=INK, anchor="lm")
    d.text((tx, y + (54 if rare else 60)), f"×{n}", font=font(32, True), fill=INK, anchor="lm")
    if rare:
        label = text("picture.rare", lang)
        fr = fit_font(label, width, 14, bold=True, smallest=10)
        d.text((tx, y + TILE_H - 10), label, font=fr, fill=darker(RARE_MARK, 0.45),
               anchor="ls")
