"""Sprites of the Ancients pieces: unit blocks, leader flags, dice faces. Each is drawn once,
anti-aliased, per look (cached), then pasted onto the board."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import (
    HIGHLIGHT,
    INK,
    RGB,
    WHITE,
    darker,
    fit_font,
    font,
    supersampled,
    symbol_shape,
)

BLOCK_FILL: dict[str, RGB] = {"grey": (188, 192, 198), "brown": (146, 98, 58)}
BLOCK_INK: dict[str, RGB] = {"grey": (26, 28, 32), "brown": (255, 255, 255)}
# Side colours: the outline of every north or south piece, whatever its army's blocks.
SIDE_COLOUR: dict[str, RGB] = {"north": (184, 28, 36), "south": (22, 72, 170)}

PAD = 7  # room around a block for the "ordered" halo


def side_colour(side: str) -> RGB:
    return SIDE_COLOUR.get(side, INK)


def block_fill(blocks: str) -> RGB:
    return BLOCK_FILL.get(blocks, BLOCK_FILL["grey"])


@lru_cache(maxsize=512)
def unit_sprite(code: str, symbol: str, blocks: int, max_blocks: int, side: str, army: str,
                ordered: bool, special: str | None, w: int, h: int) -> Image.Image:
    """A unit block: army colour, side-coloured rim, type code, symbol, one pip per block."""
    size = (w + 2 * PAD, h + 2 * PAD)
    fill, ink, rim = block_fill(army), BLOCK_INK.get(army, INK), side_colour(side)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        x0, y0, x1, y1 = PAD * k, PAD * k, (PAD + w) * k, (PAD + h) * k
        if ordered:
            d.rounded_rectangle((x0 - 6 * k, y0 - 6 * k, x1 + 6 * k, y1 + 6 * k), radius=12 * k,
                                fill=HIGHLIGHT, outline=darker(HIGHLIGHT, 0.35), width=round(k))
        d.rounded_rectangle((x0 + 2 * k, y0 + 3 * k, x1 + 2 * k, y1 + 3 * k), radius=8 * k,
                            fill=(0, 0, 0, 90))
        d.rounded_rectangle((x0, y0, x1, y1), radius=8 * k, fill=fill, outline=rim,
                            width=round(4 * k))
        cx = (x0 + x1) / 2
        f = fit_font(code, (w - 12) * k, round(21 * k), bold=True)
        d.text((cx, y0 + 24 * k), code, font=f, fill=ink, anchor="mm")
        symbol_shape(d, symbol, x0 + 12 * k, y0 + 11 * k, 5.5 * k, outline=ink, width=round(k))
        if special:
            _star(d, x1 - 9 * k, y0 + 24 * k, 7 * k, (250, 200, 30), ink)
        n = max(max_blocks, blocks, 1)
        pip, gap = 10 * k, 3 * k
        total = n * pip + (n - 1) * gap
        px, py = cx - total / 2, y1 - 16 * k
        for i in range(n):
            box = (px, py, px + pip, py + pip)
            if i < blocks:
                d.rectangle(box, fill=ink)
            else:
                d.rectangle(box, outline=ink, width=round(1.4 * k))
            px += pip + gap

    return supersampled(size, paint)


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + i * 36)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    d.polygon(pts, fill=fill, outline=edge)


@lru_cache(maxsize=256)
def leader_flag(side: str, initial: str, ordered: bool, big: bool) -> Image.Image:
    """A leader: a pole with a side-coloured pennant carrying the name's initial."""
    w, h = (40, 44) if big else (24, 24)
    rim = side_colour(side)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        if ordered:
            d.ellipse((0, 0, w * k, h * k), fill=(*HIGHLIGHT, 230))
        pole_x = w * 0.24 * k
        d.line((pole_x, h * 0.1 * k, pole_x, h * 0.95 * k), fill=(60, 40, 20), width=round(3 * k))
        top, bottom = h * 0.1 * k, h * 0.62 * k
        right = w * 0.95 * k
        d.polygon([(pole_x, top), (right, top), (right - w * 0.16 * k, (top + bottom) / 2),
                   (right, bottom), (pole_x, bottom)], fill=rim, outline=WHITE, width=round(k))
        f = font(round((19 if big else 12) * k), bold=True)
        d.text(((pole_x + right - w * 0.12 * k) / 2, (top + bottom) / 2), initial, font=f,
               fill=WHITE, anchor="mm")
        d.ellipse((pole_x - 3 * k, h * 0.05 * k, pole_x + 3 * k, h * 0.05 * k + 6 * k),
                  fill=(230, 190, 60))

    return supersampled((w, h), paint)


@lru_cache(maxsize=64)
def die_face(face: str, size: int = 30) -> Image.Image:
    """A battle die: G, B, R symbols, H helmet, F flag, X crossed swords."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        d.rounded_rectangle((k, k, s - k, s - k), radius=6 * k, fill=(250, 248, 240),
                            outline=INK, width=round(1.5 * k))
        c = s / 2
        r = s * 0.27
        if face in ("G", "B", "R"):
            symbol_shape(d, face, c, c, r, outline=INK, width=round(k))
        elif face == "H":
            helmet(d, c, c, r * 1.15, INK)
        elif face == "F":
            d.line((c - r * 0.7, c - r, c - r * 0.7, c + r * 1.1), fill=INK, width=round(2 * k))
            d.polygon([(c - r * 0.7, c - r), (c + r, c - r * 0.55), (c - r * 0.7, c)],
                      fill=(214, 40, 40), outline=INK)
        elif face == "X":
            swords(d, c, c, r * 1.1, INK, round(2.4 * k))
        else:
            d.text((c, c), face[:1], font=font(round(size * 0.55 * k), True), fill=INK,
                   anchor="mm")

    return supersampled((size, size), paint)


def helmet(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    d.pieslice((cx - r, cy - r, cx + r, cy + r), 180, 360, fill=(150, 150, 160), outline=ink)
    d.rectangle((cx - r, cy - r * 0.05, cx - r * 0.35, cy + r * 0.8), fill=(150, 150, 160),
                outline=ink)
    d.rectangle((cx + r * 0.35, cy - r * 0.05, cx + r, cy + r * 0.8), fill=(150, 150, 160),
                outline=ink)
    d.polygon([(cx - r * 0.3, cy - r * 1.15), (cx + r * 0.3, cy - r * 1.15), (cx, cy - r * 0.7)],
              fill=(200, 40, 40))


def swords(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB, width: int) -> None:
    """Two crossed swords, hilts at the bottom."""
    for sgn in (-1, 1):
        hx, hy = cx - sgn * r, cy + r          # hilt end
        tx, ty = cx + sgn * r, cy - r          # point
        length = math.dist((hx, hy), (tx, ty))
        ux, uy = (tx - hx) / length, (ty - hy) / length
        d.line((hx, hy, tx, ty), fill=ink, width=width)
        gx, gy = hx + ux * length * 0.22, hy + uy * length * 0.22
        g = r * 0.32
        d.line((gx - uy * g, gy + ux * g, gx + uy * g, gy - ux * g), fill=ink, width=width)
