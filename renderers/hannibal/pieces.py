"""The Hannibal picture's pieces and colours: space markers (PC space, walled city, tribe), army
counters, the port anchor, siege badges. Markers are small anti-aliased sprites, cached per kind,
owner and size, so that a picture pastes them instead of drawing them."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import (
    INK,
    RGB,
    WHITE,
    darker,
    encode_png,
    fit_text,
    font,
    hex_corners,
    lighter,
    supersampled,
)

ROME: RGB = (184, 34, 34)
CARTHAGE: RGB = (30, 84, 176)
NOBODY: RGB = (250, 248, 240)          # an empty PC space
STONE: RGB = (222, 214, 196)           # a walled city nobody holds
TRIBE: RGB = (150, 128, 66)            # a neutral tribe
MARKER_EDGE: RGB = (58, 50, 42)
ANCHOR: RGB = (24, 52, 96)

SEA: RGB = (124, 170, 210)
SHALLOWS: RGB = (156, 196, 228)
COAST: RGB = (62, 96, 134)
LAND: RGB = (236, 226, 196)            # land in a province
WILD: RGB = (214, 208, 190)            # land outside the game
BORDER: RGB = (150, 92, 64)
ROAD: RGB = (70, 58, 46)
PASS: RGB = (124, 78, 30)
STRAIT: RGB = (28, 60, 110)

SIDE_COLOUR = {"rome": ROME, "carthage": CARTHAGE}
TINT = {"rome": (232, 178, 168), "carthage": (172, 196, 234)}
TINT_ALPHA = 0.55

# Half-sizes of the markers, in pixels at the main scale.
PC_R = 10
CITY_R = 11
TRIBE_R = 12


def side_colour(role: object) -> RGB:
    return SIDE_COLOUR.get(str(role), (110, 110, 110))


def marker_radius(kind: str) -> int:
    return {"walled_city": CITY_R, "tribe": TRIBE_R}.get(kind, PC_R)


def marker_fill(kind: str, pc: str | None, neutral_tribe: bool) -> RGB:
    if pc in SIDE_COLOUR:
        return SIDE_COLOUR[pc]
    if kind == "tribe" and neutral_tribe:
        return TRIBE
    if kind == "walled_city":
        return STONE
    return NOBODY


@lru_cache(maxsize=128)
def marker(kind: str, fill: RGB, k: float) -> Image.Image:
    """A space's marker: a circle (PC space), a square with battlements (walled city) or a
    hexagon (tribe), filled with its owner's colour; the centre of the sprite is the space."""
    r = {"walled_city": CITY_R, "tribe": TRIBE_R}.get(kind, PC_R) * k
    size = math.ceil(2 * r + 6)
    c = size / 2
    edge = darker(fill, 0.55) if fill != NOBODY and fill != STONE else MARKER_EDGE

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        cx, cy, rr = c * s, c * s, r * s
        w = max(1, round(2 * k * s))
        if kind == "walled_city":
            body = (cx - rr, cy - rr * 0.8, cx + rr, cy + rr)
            d.rectangle(body, fill=fill, outline=edge, width=w)
            tooth = rr * 2 / 5
            for i in (0, 2, 4):
                x0 = cx - rr + i * tooth
                d.rectangle((x0, cy - rr * 1.05, x0 + tooth, cy - rr * 0.8 + w), fill=fill,
                            outline=edge, width=w)
            d.rectangle((cx - rr + w, cy - rr * 0.8 + w, cx + rr - w, cy - rr * 0.8 + 2 * w),
                        fill=fill)
        elif kind == "tribe":
            d.polygon(hex_corners(cx, cy, rr, pointy=False), fill=fill, outline=edge, width=w)
        else:
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill, outline=edge, width=w)
            if fill in SIDE_COLOUR.values():
                ri = rr * 0.55
                d.ellipse((cx - ri, cy - ri, cx + ri, cy + ri), outline=lighter(fill, 0.45),
                          width=max(1, round(1.4 * k * s)))

    return supersampled((size, size), paint)


@lru_cache(maxsize=16)
def anchor_icon(k: float, colour: RGB = ANCHOR) -> Image.Image:
    """A small anchor: the port mark."""
    size = max(8, round(15 * k))

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        z = size * s
        w = max(1, round(z * 0.11))
        cx = z / 2
        d.ellipse((cx - z * 0.13, z * 0.04, cx + z * 0.13, z * 0.3), outline=colour, width=w)
        d.line((cx, z * 0.3, cx, z * 0.9), fill=colour, width=w)
        d.line((cx - z * 0.25, z * 0.42, cx + z * 0.25, z * 0.42), fill=colour, width=w)
        d.arc((z * 0.1, z * 0.35, z * 0.9, z * 0.95), 20, 160, fill=colour, width=w)

    plate = supersampled((size, size), paint)
    out = Image.new("RGBA", (size + 4, size + 4), (0, 0, 0, 0))
    halo = Image.new("RGBA", out.size, (0, 0, 0, 0))
    ImageDraw.Draw(halo).ellipse((0, 0, size + 3, size + 3), fill=(255, 255, 255, 170))
    out.alpha_composite(halo)
    out.alpha_composite(plate, (2, 2))
    return out


@lru_cache(maxsize=256)
def army_counter(side: str, title: str, line2: str, k: float, extra: int = 0,
                 inside: bool = False) -> Image.Image:
    """An army's counter: the commander's name over its strength, in the side's colour, with a
    dot for each further general; an army inside a walled city gets battlements on top."""
    colour = side_colour(side)
    edge = darker(colour, 0.5)
    line_w = max(1, round(1.5 * k))
    f = font(round(12 * k), True)
    pad = round(5 * k)
    dots = round(9 * k) if extra else 0
    title = fit_text(title, f, 180 * k)
    w = round(max(f.getlength(title), f.getlength(line2)) + 2 * pad) + dots
    h = round(34 * k)
    top = round(6 * k) if inside else 0
    radius = round(5 * k)
    img = Image.new("RGBA", (w + 3, h + top + 3), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if inside:
        tooth = w / 7
        for i in (0, 2, 4, 6):
            d.rectangle((i * tooth, 0, (i + 1) * tooth, top + radius), fill=colour, outline=edge,
                        width=line_w)
    d.rounded_rectangle((2, top + 2, w + 2, top + h + 2), radius=radius, fill=(0, 0, 0, 90))
    d.rounded_rectangle((0, top, w, top + h), radius=radius, fill=colour, outline=edge,
                        width=line_w)
    mid = top + h // 2
    d.line((pad, mid, w - pad - dots, mid), fill=lighter(colour, 0.35), width=1)
    d.text((pad, top + round(3 * k)), title, font=f, fill=WHITE, anchor="la")
    d.text((pad, mid + round(2 * k)), line2, font=f, fill=(255, 236, 170), anchor="la")
    r = max(2, round(2.4 * k))
    for i in range(min(extra, 3)):
        x, y = w - round(7 * k), top + round(7 * k) + i * round(8 * k)
        d.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=edge)
    return img


@lru_cache(maxsize=64)
def siege_badge(side: str, points: int, k: float) -> Image.Image:
    """Siege points against a walled city, in the besieger's colour."""
    colour = side_colour(side)
    size = round(19 * k)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        z = size * s
        d.ellipse((s, s, z - s, z - s), fill=colour, outline=WHITE, width=max(1, round(2 * s)))

    img = supersampled((size, size), paint)
    ImageDraw.Draw(img).text((size / 2, size / 2 + 0.5), str(points), font=font(round(12 * k), True),
                             fill=WHITE, anchor="mm")
    return img


def png(img: Image.Image) -> bytes:
    """PNG bytes of a picture, reduced to a 256-colour palette first: the pictures are flat
    colours and text, so this looks the same, encodes about three times faster and makes a
    file about a third the size."""
    return encode_png(img.quantize(256, method=Image.Quantize.FASTOCTREE))


def ink_on(colour: RGB) -> RGB:
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE
