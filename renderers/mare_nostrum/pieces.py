"""Colours and sprites of the Mare Nostrum pieces: Empire colours, Goods tokens, City, Temple and
Market icons, Legion and Trireme counters, Fortresses, the Leader crown. Each sprite is drawn
once, anti-aliased, per look (cached) and pasted onto the picture."""

from __future__ import annotations

import hashlib
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import (
    ALERT,
    INK,
    RGB,
    WHITE,
    darker,
    fit_font,
    font,
    lighter,
    supersampled,
)

# The colour names the board dict uses for the Empires (``empires[].colour``).
NAMED_COLOURS: dict[str, RGB] = {
    "red": (204, 36, 42),
    "green": (32, 140, 64),
    "purple": (130, 60, 178),
    "yellow": (240, 192, 24),
    "black": (34, 34, 38),
    "blue": (32, 92, 204),
    "orange": (236, 122, 22),
    "white": (240, 240, 236),
    "brown": (132, 82, 40),
    "grey": (128, 128, 128),
    "gray": (128, 128, 128),
    "pink": (226, 104, 160),
    "teal": (20, 140, 140),
}
UNCONTROLLED: RGB = (150, 142, 126)

# Goods: a colour each (the token's face), in the order the legend lists them.
GOOD_COLOUR: dict[str, RGB] = {
    "coin": (222, 178, 40),
    "gold": (250, 212, 60),
    "gems": (40, 170, 190),
    "spices": (226, 104, 30),
    "papyrus": (196, 210, 120),
    "pottery": (190, 96, 62),
    "metal": (120, 134, 150),
    "stone": (176, 170, 160),
    "wood": (128, 84, 44),
    "grain": (232, 196, 110),
    "oil": (124, 150, 48),
    "sheep": (244, 242, 232),
    "wine": (128, 30, 70),
    "gladiator": (180, 40, 40),
}
RARE_MARK: RGB = (250, 200, 30)

# Icons on the cards.
STONE: RGB = (246, 240, 226)
CAPITAL_LINE: RGB = (16, 16, 16)
LEGENDARY_LINE: RGB = (200, 30, 36)
GOLD: RGB = (232, 180, 36)
EMPTY_LINE: RGB = (120, 112, 100)


def empire_colour(name: object) -> RGB:
    """The RGB of a colour name or ``#rrggbb``; an unknown name gets a steady colour of its
    own."""
    text = str(name or "").strip().lower()
    if text in NAMED_COLOURS:
        return NAMED_COLOURS[text]
    if text.startswith("#") and len(text) == 7:
        try:
            return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)
        except ValueError:
            pass
    if not text:
        return UNCONTROLLED
    digest = hashlib.sha1(text.encode()).digest()
    return (60 + digest[0] % 160, 60 + digest[1] % 160, 60 + digest[2] % 160)


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 160 else WHITE


def good_colour(good: str) -> RGB:
    base = good.rstrip("*")
    if base in GOOD_COLOUR:
        return GOOD_COLOUR[base]
    digest = hashlib.sha1(base.encode()).digest()
    return (70 + digest[0] % 150, 70 + digest[1] % 150, 70 + digest[2] % 150)


def good_order(goods: set[str] | list[str]) -> list[str]:
    known = [g for g in GOOD_COLOUR if g in goods]
    return known + sorted(g for g in goods if g not in GOOD_COLOUR)


# -- Building slots ------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def city_icon(kind: str, built: bool, size: int) -> Image.Image:
    """A house: stone for an ordinary City, a black rim and a gold roof for a Capital, a red rim
    and a gold star for a Legendary City; an empty slot is a faint outline."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        line = {"capital": CAPITAL_LINE, "legendary": LEGENDARY_LINE}.get(kind, INK)
        width = round((2.6 if kind in ("capital", "legendary") else 1.6) * k)
        roof = [(s * 0.06, s * 0.46), (s * 0.5, s * 0.08), (s * 0.94, s * 0.46)]
        body = (s * 0.16, s * 0.44, s * 0.84, s * 0.94)
        if not built:
            c = (*EMPTY_LINE, 200) if kind == "ordinary" else (*line, 150)
            d.rectangle(body, outline=c, width=round(1.4 * k), fill=(255, 255, 255, 110))
            d.polygon(roof, outline=c, width=round(1.4 * k), fill=(255, 255, 255, 110))
            return
        roof_fill = GOLD if kind == "capital" else (196, 84, 56)
        d.rectangle(body, fill=STONE, outline=line, width=width)
        d.polygon(roof, fill=roof_fill, outline=line, width=width)
        d.rectangle((s * 0.42, s * 0.64, s * 0.58, s * 0.94), fill=line)
        if kind == "legendary":
            _star(d, s * 0.5, s * 0.33, s * 0.17, GOLD, LEGENDARY_LINE)

    return supersampled((size, size), paint)


@lru_cache(maxsize=16)
def temple_icon(built: bool, size: int) -> Image.Image:
    """A pediment on three columns."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        fill = (250, 250, 246, 255) if built else (255, 255, 255, 110)
        line = (*INK, 255) if built else (*EMPTY_LINE, 200)
        w = round((1.6 if built else 1.3) * k)
        d.polygon([(s * 0.06, s * 0.34), (s * 0.5, s * 0.06), (s * 0.94, s * 0.34)], fill=fill,
                  outline=line, width=w)
        d.rectangle((s * 0.06, s * 0.34, s * 0.94, s * 0.42), fill=fill, outline=line, width=w)
        for x in (0.2, 0.5, 0.8):
            d.rectangle((s * (x - 0.07), s * 0.42, s * (x + 0.07), s * 0.82), fill=fill,
                        outline=line, width=w)
        d.rectangle((s * 0.02, s * 0.82, s * 0.98, s * 0.94), fill=fill, outline=line, width=w)

    return supersampled((size, size), paint)


@lru_cache(maxsize=16)
def market_icon(built: bool, size: int) -> Image.Image:
    """A stall under a striped awning."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        line = (*INK, 255) if built else (*EMPTY_LINE, 200)
        w = round((1.5 if built else 1.3) * k)
        top, bottom = s * 0.12, s * 0.4
        stripes = 4
        for i in range(stripes):
            x0 = s * 0.04 + i * s * 0.92 / stripes
            x1 = x0 + s * 0.92 / stripes
            if built:
                colour = (206, 50, 44, 255) if i % 2 == 0 else (255, 255, 255, 255)
            else:
                colour = (255, 255, 255, 110)
            d.rectangle((x0, top, x1, bottom), fill=colour)
            d.pieslice((x0, bottom - s * 0.1, x1, bottom + s * 0.12), 0, 180, fill=colour)
        d.rectangle((s * 0.04, top, s * 0.96, bottom), outline=line, width=w)
        for x in (0.12, 0.88):
            d.line((s * x, bottom, s * x, s * 0.94), fill=line, width=w)
        d.rectangle((s * 0.12, s * 0.62, s * 0.88, s * 0.94),
                    fill=(214, 170, 110, 255) if built else (255, 255, 255, 110), outline=line,
                    width=w)

    return supersampled((size, size), paint)


@lru_cache(maxsize=256)
def good_token(good: str, abbr: str, size: int, built: bool = True,
               rare: bool = False) -> Image.Image:
    """A round Goods token with its letters; a hollow ring for an empty Caravan slot; a gold star
    on a Rare Good."""
    colour = good_colour(good)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = k
        if built:
            d.ellipse((m, m, s - m, s - m), fill=colour, outline=darker(colour, 0.45),
                      width=round(max(1.4, size / 18) * k))
            ink = ink_on(colour)
        else:
            ring = darker(colour, 0.4) if sum(colour) > 600 else colour
            d.ellipse((m, m, s - m, s - m), fill=(255, 255, 255, 150), outline=ring,
                      width=round(max(2.0, size / 11) * k))
            ink = ring
        f = fit_font(abbr, s * 0.78, round(size * 0.5 * k), bold=True, smallest=6)
        d.text((s / 2, s / 2 + k * 0.5), abbr, font=f, fill=ink, anchor="mm")
        if rare:
            _star(d, s * 0.82, s * 0.18, s * 0.2, RARE_MARK, INK)

    return supersampled((size, size), paint)


# -- units -------------------------------------------------------------------------------------------

def _counter(kind: str, colour: RGB, n: int, h: int) -> Image.Image:
    label = str(n)
    f = font(round(h * 0.72), True)
    text_w = f.getlength(label)
    icon_w = h * 0.78
    w = round(4 + icon_w + 2 + text_w + 6)
    ink = ink_on(colour)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        rim = WHITE if ink == INK or sum(colour) > 120 else (230, 230, 230)
        d.rounded_rectangle((k, k, (w - 1) * k, (h - 1) * k), radius=h * 0.3 * k, fill=colour,
                            outline=darker(colour, 0.5) if ink == INK else rim,
                            width=round(1.5 * k))
        ix, iy, r = (4 + icon_w / 2) * k, h / 2 * k, icon_w / 2 * k
        if kind == "legion":
            pawn_shape(d, ix, iy, r * 0.92, ink)
        else:
            ship_shape(d, ix, iy, r, ink)
        d.text(((4 + icon_w + 2) * k, h / 2 * k + 0.5 * k), label,
               font=font(round(h * 0.72 * k), True), fill=ink, anchor="lm")

    return supersampled((w, h), paint)


@lru_cache(maxsize=256)
def legion_counter(colour: RGB, n: int, h: int = 20) -> Image.Image:
    """Legions of one Empire in one Province: a pawn and the count on the Empire's colour."""
    return _counter("legion", colour, n, h)


@lru_cache(maxsize=256)
def trireme_counter(colour: RGB, n: int, h: int = 22) -> Image.Image:
    """Triremes of one Empire in one Sea: a ship and the count on the Empire's colour."""
    return _counter("trireme", colour, n, h)


@lru_cache(maxsize=64)
def fortress_icon(colour: RGB, size: int = 20) -> Image.Image:
    """A crenellated tower in the owner's colour."""
    ink = ink_on(colour)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        edge = darker(colour, 0.5) if ink == INK else WHITE
        w = round(1.4 * k)
        d.polygon([(s * 0.12, s * 0.96), (s * 0.12, s * 0.22), (s * 0.26, s * 0.22),
                   (s * 0.26, s * 0.06), (s * 0.4, s * 0.06), (s * 0.4, s * 0.22),
                   (s * 0.6, s * 0.22), (s * 0.6, s * 0.06), (s * 0.74, s * 0.06),
                   (s * 0.74, s * 0.22), (s * 0.88, s * 0.22), (s * 0.88, s * 0.96)],
                  fill=colour, outline=edge, width=w)
        d.pieslice((s * 0.36, s * 0.56, s * 0.64, s * 0.84), 180, 360, fill=ink)
        d.rectangle((s * 0.36, s * 0.7, s * 0.64, s * 0.96), fill=ink)

    return supersampled((size, size), paint)


@lru_cache(maxsize=16)
def crown_icon(size: int = 22, colour: RGB = GOLD) -> Image.Image:
    """The Leader's crown (laurel-gold)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        pts = [(s * 0.08, s * 0.8), (s * 0.08, s * 0.28), (s * 0.3, s * 0.52), (s * 0.5, s * 0.14),
               (s * 0.7, s * 0.52), (s * 0.92, s * 0.28), (s * 0.92, s * 0.8)]
        d.polygon(pts, fill=colour, outline=darker(colour, 0.5), width=round(1.4 * k))
        d.rectangle((s * 0.08, s * 0.8, s * 0.92, s * 0.92), fill=darker(colour, 0.15),
                    outline=darker(colour, 0.5), width=round(1.2 * k))
        for x, y in ((0.08, 0.26), (0.5, 0.12), (0.92, 0.26)):
            r = s * 0.07
            d.ellipse((s * x - r, s * y - r, s * x + r, s * y + r), fill=WHITE,
                      outline=darker(colour, 0.5))

    return supersampled((size, size), paint)


@lru_cache(maxsize=8)
def battle_badge(size: int = 30) -> Image.Image:
    """Crossed swords on a white disc with a red rim: the last battle."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        d.ellipse((k, k, s - k, s - k), fill=WHITE, outline=ALERT, width=round(3 * k))
        swords_icon(d, s / 2, s / 2, s * 0.24, INK, round(2.4 * k))

    return supersampled((size, size), paint)


@lru_cache(maxsize=8)
def war_badge(size: int = 18) -> Image.Image:
    """Small crossed swords in red: a Province at war."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        d.ellipse((k, k, s - k, s - k), fill=ALERT, outline=WHITE, width=round(1.4 * k))
        swords_icon(d, s / 2, s / 2, s * 0.24, WHITE, round(1.8 * k))

    return supersampled((size, size), paint)


@lru_cache(maxsize=64)
def die_face(value: int, size: int = 24, colour: RGB = WHITE) -> Image.Image:
    """A battle die showing its number."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        d.rounded_rectangle((k, k, s - k, s - k), radius=5 * k, fill=colour, outline=INK,
                            width=round(1.5 * k))
        d.text((s / 2, s / 2 + k * 0.5), str(value), font=font(round(size * 0.6 * k), True),
               fill=ink_on(colour), anchor="mm")

    return supersampled((size, size), paint)


# -- shapes -----------------------------------------------------------------------------------------

def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + i * 36)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    d.polygon(pts, fill=fill, outline=edge)


def pawn_shape(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    """A playing piece (a pawn), the Legion's mark, in one colour."""
    h = r * 0.42
    d.ellipse((cx - h, cy - r, cx + h, cy - r + 2 * h), fill=ink)
    d.polygon([(cx - r * 0.28, cy - r * 0.2), (cx + r * 0.28, cy - r * 0.2),
               (cx + r * 0.75, cy + r * 0.78), (cx - r * 0.75, cy + r * 0.78)], fill=ink)
    d.rounded_rectangle((cx - r * 0.85, cy + r * 0.62, cx + r * 0.85, cy + r * 1.0),
                        radius=r * 0.15, fill=ink)


def ship_shape(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB) -> None:
    """A trireme: a hull with a ram and a square sail, in one colour."""
    d.polygon([(cx - r, cy + r * 0.25), (cx + r * 1.05, cy + r * 0.25), (cx + r * 0.7, cy + r * 0.8),
               (cx - r * 0.75, cy + r * 0.8)], fill=ink)
    d.line((cx, cy + r * 0.25, cx, cy - r * 0.95), fill=ink, width=max(1, round(r * 0.18)))
    d.polygon([(cx - r * 0.55, cy - r * 0.8), (cx + r * 0.55, cy - r * 0.8),
               (cx + r * 0.45, cy + r * 0.05), (cx - r * 0.45, cy + r * 0.05)], fill=ink)


def swords_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ink: RGB,
                width: int) -> None:
    """Two crossed swords, hilts down."""
    for sgn in (-1, 1):
        hx, hy, tx, ty = cx - sgn * r, cy + r, cx + sgn * r, cy - r
        d.line((hx, hy, tx, ty), fill=ink, width=width)
        gx, gy = hx + (tx - hx) * 0.24, hy + (ty - hy) * 0.24
        g = r * 0.36
        d.line((gx - g, gy - g * sgn, gx + g, gy + g * sgn), fill=ink, width=width)


def occupied_dot(d: ImageDraw.ImageDraw, cx: float, cy: float, colour: RGB, r: float = 5) -> None:
    """A small disc in the occupier's colour (an enemy Legion standing on a Building)."""
    d.ellipse((cx - r - 1.5, cy - r - 1.5, cx + r + 1.5, cy + r + 1.5), fill=WHITE)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)


def tint(colour: RGB, t: float = 0.62) -> RGB:
    """A light shade of an Empire's colour for card headers."""
    return lighter(colour, t)
