"""The Pax Romana picture's colours and pieces: space markers (space, port, capital, rough
mountain, mine, tribal space, Transit Point, naval points), unit counters, cities, settlements,
tribe tokens and siege rings. Markers are small anti-aliased sprites cached per kind, fill and
size, so a picture pastes them instead of drawing them."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import INK, RGB, WHITE, darker, fit_text, font, lighter, mix, supersampled

POWER_COLOUR: dict[str, RGB] = {
    "rome": (186, 36, 36),
    "carthage": (44, 62, 170),
    "greece": (36, 138, 70),
    "east": (122, 58, 160),
}
# Owners that are not Powers: the Independents, barbarians, slaves, pirates.
OTHER_COLOUR: dict[str, RGB] = {
    "barbarian": (112, 86, 58),
    "slaves": (88, 88, 88),
    "pirates": (36, 36, 36),
    "pergamum": (176, 132, 30),
    "rhodes": (176, 132, 30),
    "syracuse": (176, 132, 30),
    "mamertines": (176, 132, 30),
    "pontus": (176, 132, 30),
    "successor": (18, 84, 44),      # card 36's Greek army, darker than Greece's own
}
NEUTRAL: RGB = (130, 120, 104)

SEA: RGB = (118, 176, 200)
SEA_DEEP: RGB = (116, 162, 204)
COAST: RGB = (70, 104, 140)
LAND: RGB = (238, 229, 202)
WILD: RGB = (216, 210, 192)
TERRITORY_BORDER: RGB = (112, 70, 48)
PROVINCE_BORDER: RGB = (160, 124, 96)
ROAD: RGB = (64, 54, 44)
SEA_LANE: RGB = (40, 86, 150)
STRAIT: RGB = (22, 70, 160)
PASS: RGB = (128, 74, 30)
MARKER_EDGE: RGB = (44, 38, 32)
PORT_BLUE: RGB = (64, 126, 200)
NAVAL: RGB = (50, 100, 170)
DSTP_FILL: RGB = (28, 66, 128)
TP_FILL: RGB = (200, 192, 176)
MOUNTAIN: RGB = (122, 84, 48)
TRIBE_GREEN: RGB = (56, 128, 52)
TINT_ALPHA = 0.5

# Pale colours of the territories (the map data names them in words).
TERRITORY_COLOUR: dict[str, RGB] = {
    "red": (240, 206, 196), "green": (206, 228, 196), "purple": (226, 210, 232),
    "blue": (226, 224, 236), "yellow": (244, 234, 186), "olive": (222, 224, 188),
    "ochre": (238, 220, 180), "brown": (226, 208, 186), "grey-green": (210, 222, 206),
    "orange": (246, 218, 186), "pink": (244, 214, 222), "grey": (218, 214, 206),
}


def owner_colour(owner: object) -> RGB:
    key = str(owner)
    return POWER_COLOUR.get(key) or OTHER_COLOUR.get(key) or NEUTRAL


def territory_colour(word: str) -> RGB:
    return TERRITORY_COLOUR.get(word.split("(")[0].strip(), LAND)


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads on ``colour``."""
    lum = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return INK if lum > 150 else WHITE


# -- markers -------------------------------------------------------------------------------------

def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        ang = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    d.polygon(pts, fill=fill)


def _mountain(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
              snow: RGB | None = None) -> None:
    d.polygon([(cx - r, cy + r * 0.7), (cx, cy - r * 0.8), (cx + r, cy + r * 0.7)], fill=fill)
    if snow is not None:
        d.polygon([(cx - r * 0.34, cy - r * 0.18), (cx, cy - r * 0.8), (cx + r * 0.34,
                                                                        cy - r * 0.18)],
                  fill=snow)


def _pick(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, s: float) -> None:
    w = max(1, round(1.6 * s))
    d.line((cx - r * 0.7, cy + r * 0.7, cx + r * 0.5, cy - r * 0.5), fill=fill, width=w)
    d.arc((cx - r * 0.2, cy - r * 1.1, cx + r * 1.1, cy + r * 0.2), 180, 300, fill=fill,
          width=w)
    d.line((cx + r * 0.7, cy + r * 0.7, cx - r * 0.5, cy - r * 0.5), fill=fill, width=w)


def _helmet(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    d.pieslice((cx - r * 0.75, cy - r * 0.55, cx + r * 0.75, cy + r * 0.95), 180, 360, fill=fill)
    d.rectangle((cx - r * 0.8, cy + r * 0.1, cx + r * 0.8, cy + r * 0.35), fill=fill)
    d.polygon([(cx - r * 0.65, cy - r * 0.1), (cx - r * 1.05, cy - r * 0.95),
               (cx - r * 0.35, cy - r * 0.4)], fill=fill)
    d.polygon([(cx + r * 0.65, cy - r * 0.1), (cx + r * 1.05, cy - r * 0.95),
               (cx + r * 0.35, cy - r * 0.4)], fill=fill)


def draw_symbols(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, flags: str,
                 on: RGB, s: float = 1.0) -> None:
    """The symbols of a space's flags inside its marker (``flags``: any of C M N T = capital,
    rough mountain, mine, tribal), in a colour that reads on ``on``."""
    dark = ink_on(on) == INK
    if "C" in flags:
        _star(d, cx, cy, r * 0.62, INK if dark else WHITE)
    elif "M" in flags:
        _mountain(d, cx, cy + r * 0.05, r * 0.6, MOUNTAIN if dark else WHITE)
    elif "N" in flags:
        _pick(d, cx, cy, r * 0.55, INK if dark else WHITE, s)
    elif "T" in flags:
        _helmet(d, cx, cy + r * 0.05, r * 0.55, TRIBE_GREEN if dark else WHITE)


@lru_cache(maxsize=512)
def space_marker(kind: str, flags: str, fill: RGB, k: float) -> Image.Image:
    """A point's marker. ``kind``: space | tp | ntp | dstp; ``flags`` for a space: P (port) and
    the symbols of ``draw_symbols``; ``fill``: the inside colour (white, or the controller's)."""
    radius = {"space": 11.0, "tp": 6.0, "ntp": 7.5, "dstp": 9.5}.get(kind, 11.0) * k
    ring = 3.2 * k if "C" in flags else 0.0
    half = radius + ring + 2 * k
    size = (math.ceil(half * 2) + 2, math.ceil(half * 2) + 2)
    c = size[0] / 2

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        x, y, r = c * s, c * s, radius * s
        w = max(1, round(1.8 * k * s))
        if kind == "ntp":
            d.ellipse((x - r, y - r, x + r, y + r), fill=NAVAL, outline=WHITE, width=w)
            return
        if kind == "dstp":
            d.ellipse((x - r, y - r, x + r, y + r), fill=DSTP_FILL, outline=WHITE, width=w)
            for dy in (-0.22, 0.28):
                pts = [(x + (i / 8 - 0.5) * 1.2 * r,
                        y + dy * r + math.sin(i / 8 * 2 * math.pi) * r * 0.14) for i in range(9)]
                d.line(pts, fill=WHITE, width=max(1, round(1.3 * k * s)))
            return
        if kind == "tp":
            d.ellipse((x - r, y - r, x + r, y + r), fill=fill if fill != WHITE else TP_FILL,
                      outline=MARKER_EDGE, width=w)
            return
        if ring:
            R = r + ring * s
            d.ellipse((x - R, y - R, x + R, y + R), fill=MARKER_EDGE)
            R -= 1.4 * k * s
            d.ellipse((x - R, y - R, x + R, y + R), fill=fill)
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=MARKER_EDGE, width=w)
        if "P" in flags:
            inner = r - w
            d.chord((x - inner, y - inner, x + inner, y + inner), 30, 150,
                    fill=PORT_BLUE if fill == WHITE else lighter(PORT_BLUE, 0.15))
        draw_symbols(d, x, y, r, flags, fill, s)

    return supersampled(size, paint, scale=3)


def marker_flags(port: bool, capital: bool, rough_mountain: bool, mine: bool,
                 tribal: bool) -> str:
    return "".join(f for f, on in (("P", port), ("C", capital), ("M", rough_mountain),
                                   ("N", mine), ("T", tribal)) if on)


# -- things on the spaces ------------------------------------------------------------------------

@lru_cache(maxsize=256)
def city_frame(kind: str, owner_fill: RGB, damaged: bool, k: float) -> Image.Image:
    """A city (a square) or a settlement (a diamond) in its owner's colour, drawn behind the
    space's marker so that its corners show round the circle; a damaged one is struck through
    in red."""
    half = (11.0 + 4.5) * k if kind == "city" else (11.0 + 7.5) * k
    size = (math.ceil(half * 2) + 4, math.ceil(half * 2) + 4)
    c = size[0] / 2

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        x, y, h = c * s, c * s, half * s
        lw = max(1, round(1.6 * k * s))
        if kind == "city":
            d.rounded_rectangle((x - h, y - h, x + h, y + h), radius=2.5 * k * s,
                                fill=owner_fill, outline=MARKER_EDGE, width=lw)
        else:
            d.polygon([(x, y - h), (x + h, y), (x, y + h), (x - h, y)], fill=owner_fill,
                      outline=MARKER_EDGE, width=lw)
        if damaged:
            d.line((x - h * 0.95, y + h * 0.95, x + h * 0.95, y - h * 0.95), fill=(214, 40, 40),
                   width=max(1, round(3 * k * s)))

    return supersampled(size, paint)


@lru_cache(maxsize=256)
def tribe_token(text: str, k: float) -> Image.Image:
    """A tribe counter, laid over its space's marker: a green hexagon with its strength, or "?"
    while hidden."""
    r = 13.5 * k
    size = (math.ceil(2 * r) + 2, math.ceil(2 * r) + 2)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        c = size[0] / 2 * s
        pts = [(c + r * s * math.cos(math.radians(60 * i)),
                c + r * s * math.sin(math.radians(60 * i))) for i in range(6)]
        d.polygon(pts, fill=TRIBE_GREEN, outline=darker(TRIBE_GREEN, 0.5),
                  width=max(1, round(1.5 * k * s)))
        d.text((c, c), text, font=font(max(6, round(13 * k * s)), True), fill=WHITE, anchor="mm")

    return supersampled(size, paint)


def siege_ring(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB,
               k: float) -> None:
    """A broken ring in the besieger's colour round a besieged space."""
    R = r + 5 * k
    for start in range(0, 360, 45):
        d.arc((cx - R, cy - R, cx + R, cy + R), start, start + 28, fill=colour,
              width=max(2, round(3.5 * k)))


@lru_cache(maxsize=2048)
def counter(owner_fill: RGB, title: str, line2: str, k: float, naval: bool = False,
            width_limit: int = 150) -> Image.Image:
    """An army or fleet counter: a rounded box in the owner's colour, its leader (or owner) on the
    first line and its units on the second. A fleet carries a small ship."""
    f1 = font(max(8, round(12 * k)), True)
    f2 = font(max(8, round(13 * k)), True)
    ship = round(14 * k) if naval else 0
    inner = min(width_limit * k, max(f1.getlength(title), f2.getlength(line2)) + ship)
    title = fit_text(title, f1, inner - ship)
    line2 = fit_text(line2, f2, inner - ship)
    pad = round(4 * k)
    w = round(inner + 2 * pad + 2)
    h = round((f1.size + f2.size) + 3 * pad) if title else round(f2.size + 2 * pad + 2)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    text_ink = ink_on(owner_fill)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(4 * k), fill=owner_fill,
                        outline=darker(owner_fill, 0.5), width=max(1, round(1.3 * k)))
    x = pad + ship
    if naval:
        cy = h / 2
        sx = pad + 1
        hull = [(sx, cy), (sx + ship - 3 * k, cy), (sx + ship - 5 * k, cy + 4 * k),
                (sx + 2 * k, cy + 4 * k)]
        d.polygon(hull, fill=text_ink)
        d.line((sx + ship / 2 - 1.5 * k, cy - 7 * k, sx + ship / 2 - 1.5 * k, cy),
               fill=text_ink, width=max(1, round(1.3 * k)))
        d.polygon([(sx + ship / 2 - 1 * k, cy - 7 * k), (sx + ship - 4 * k, cy - 2 * k),
                   (sx + ship / 2 - 1 * k, cy - 2 * k)], fill=text_ink)
    if title:
        d.text((x, pad), title, font=f1, fill=mix(text_ink, owner_fill, 0.12), anchor="la")
        d.text((x, pad * 2 + f1.size), line2, font=f2, fill=text_ink, anchor="la")
    else:
        d.text((x, h / 2), line2, font=f2, fill=text_ink, anchor="lm")
    return img
