"""Drawing tools every title's renderer uses: fonts, colours, text fitting, hex outlines,
anti-aliased sprites and PNG encoding.

Fonts: DejaVu Sans (regular and bold) ships in ``renderers/fonts`` under its free licence
(``LICENSE-DejaVu.txt``); it covers Latin and Cyrillic, which Pillow's built-in font does not.
"""

from __future__ import annotations

import io
import math
import threading
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib import import_module
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

RGB = tuple[int, int, int]
Point = tuple[float, float]

# A small shared palette: ink, paper and the accents every picture uses.
INK: RGB = (28, 28, 30)
PAPER: RGB = (246, 242, 230)
PANEL: RGB = (233, 226, 206)
FRAME: RGB = (92, 78, 58)
MUTED: RGB = (110, 104, 96)
WHITE: RGB = (255, 255, 255)
HIGHLIGHT: RGB = (255, 212, 0)
ALERT: RGB = (214, 40, 40)

# Unit and dice symbols (green circle = light, blue triangle = medium, red square = heavy).
SYMBOL_GREEN: RGB = (46, 158, 72)
SYMBOL_BLUE: RGB = (36, 96, 200)
SYMBOL_RED: RGB = (206, 40, 40)

PNG_COMPRESS_LEVEL = 3


_fonts = threading.local()


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels. Cached per thread: pictures are drawn in worker threads,
    and a FreeType face should not be used by two threads at once."""
    cache = getattr(_fonts, "cache", None)
    if cache is None:
        cache = _fonts.cache = {}
    key = (size, bold)
    f = cache.get(key)
    if f is None:
        f = cache[key] = ImageFont.truetype(str(FONT_DIR / FONT_FILES[bold]), size)
    return f


def _glyph_image(ch: str, f: ImageFont.FreeTypeFont) -> bytes:
    img = Image.new("L", (f.size * 2, f.size * 2), 0)
    ImageDraw.Draw(img).text((2, 2), ch, font=f, fill=255)
    return img.tobytes()


def has_glyphs(text: str, size: int = 20, bold: bool = False) -> bool:
    """True if the shipped font draws every character of ``text`` (no missing-glyph boxes)."""
    f = font(size, bold)
    missing = _glyph_image("\uffff", f)
    return all(_glyph_image(ch, f) != missing for ch in set(text) - {" "})


def text_width(text: str, f: ImageFont.FreeTypeFont) -> float:
    return f.getlength(text)


def wrap_text(text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (a word longer than the line is
    cut)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if f.getlength(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while f.getlength(word) > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and f.getlength(word[:cut]) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def fit_text(text: str, f: ImageFont.FreeTypeFont, width: float, ellipsis: str = "…") -> str:
    """``text`` shortened with an ellipsis so that it fits in ``width`` pixels."""
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + ellipsis) > width:
        text = text[:-1]
    return text.rstrip() + ellipsis if text else ""


def fit_font(text: str, width: float, size: int, bold: bool = False,
             smallest: int = 10) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``smallest`` in which ``text`` fits ``width``."""
    while size > smallest and font(size, bold).getlength(text) > width:
        size -= 1
    return font(size, bold)


def draw_text(draw: ImageDraw.ImageDraw, xy: Point, text: str, f: ImageFont.FreeTypeFont,
              fill: RGB = INK, anchor: str = "la", outline: RGB | None = None,
              outline_width: int = 2) -> None:
    """Text at ``xy`` (Pillow anchor), optionally with a halo so it reads on any background."""
    if outline is not None:
        draw.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=outline_width,
                  stroke_fill=outline)
    else:
        draw.text(xy, text, font=f, fill=fill, anchor=anchor)


@cache
def engine_texts(module: str) -> Mapping[str, Mapping[str, str]] | None:
    """The title engine's text catalogue (``TEXTS`` of ``module``), or None when the engine
    cannot be loaded: the pictures then fall back on their own tables."""
    try:
        found = import_module(module)
    except Exception:  # noqa: BLE001 - the pictures still work with their own tables
        return None
    texts = getattr(found, "TEXTS", None)
    return texts if isinstance(texts, Mapping) else None


def clip_half_plane(poly: list[Point], a: float, b: float, c: float) -> list[Point]:
    """The part of the convex polygon ``poly`` where a*x + b*y <= c (Sutherland-Hodgman)."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0) != (fq < 0) and fp != fq:
            t = fp / (fp - fq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def hex_corners(cx: float, cy: float, radius: float, pointy: bool = True) -> list[Point]:
    """The six corners of a regular hexagon (pointy-top by default) around (cx, cy)."""
    start = -90 if pointy else 0
    return [(cx + radius * math.cos(math.radians(start + 60 * i)),
             cy + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def darker(c: RGB, t: float = 0.3) -> RGB:
    return mix(c, (0, 0, 0), t)


def lighter(c: RGB, t: float = 0.3) -> RGB:
    return mix(c, (255, 255, 255), t)


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None],
                 scale: int = 3, mode: str = "RGBA",
                 background: tuple[int, ...] = (0, 0, 0, 0)) -> Image.Image:
    """An anti-aliased picture: ``paint(draw, scale)`` draws at ``scale`` times ``size``
    (coordinates multiplied by the scale it receives), then the result is reduced."""
    big = Image.new(mode, (size[0] * scale, size[1] * scale), background)
    paint(ImageDraw.Draw(big), scale)
    return big.resize(size, Image.Resampling.LANCZOS)


def symbol_shape(draw: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, r: float,
                 outline: RGB = WHITE, width: int = 1) -> None:
    """The unit symbol: G green circle, B blue triangle, R red square, centred, half-size r."""
    if symbol == "G":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SYMBOL_GREEN, outline=outline,
                     width=width)
    elif symbol == "B":
        pts = [(cx, cy - r * 1.1), (cx + r * 1.1, cy + r * 0.85), (cx - r * 1.1, cy + r * 0.85)]
        draw.polygon(pts, fill=SYMBOL_BLUE, outline=outline, width=width)
    elif symbol == "R":
        s = r * 0.9
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=SYMBOL_RED, outline=outline,
                       width=width)


def encode_png(img: Image.Image, compress_level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """PNG bytes, with a cheap compression level: pictures are made on every move."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=compress_level)
    return buf.getvalue()


def polyline(draw: ImageDraw.ImageDraw, points: Iterable[Point], fill: RGB, width: int) -> None:
    pts = list(points)
    if len(pts) >= 2:
        draw.line(pts, fill=fill, width=width, joint="curve")


def dashed_line(draw: ImageDraw.ImageDraw, a: Point, b: Point, fill: RGB, width: int,
                dash: float = 10, gap: float = 7) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        draw.line((a[0] + ux * pos, a[1] + uy * pos, a[0] + ux * end, a[1] + uy * end),
                  fill=fill, width=width)
        pos = end + gap


def arrow(draw: ImageDraw.ImageDraw, a: Point, b: Point, fill: RGB, width: int,
          head: float | None = None, outline: RGB | None = None) -> None:
    """A straight arrow from ``a`` to ``b`` with a filled head (and an optional halo)."""
    head = head or width * 2.6
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    base = (b[0] - ux * head, b[1] - uy * head)
    wing = head * 0.62
    tri = [b, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    if outline is not None:
        draw.line((a, base), fill=outline, width=width + 4)
        grow = 2.5
        big = [(b[0] + ux * grow, b[1] + uy * grow),
               (tri[1][0] - ux * grow - uy * grow, tri[1][1] - uy * grow + ux * grow),
               (tri[2][0] - ux * grow + uy * grow, tri[2][1] - uy * grow - ux * grow)]
        draw.polygon(big, fill=outline)
    draw.line((a, base), fill=fill, width=width)
    draw.polygon(tri, fill=fill)
