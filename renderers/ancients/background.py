"""The static part of the Ancients board picture: hexes, terrain, section lines, coordinates,
panel frames and the legend. It depends only on the scenario's terrain and the language, so it is
drawn once per process for each (terrain, language) and copied for every picture.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from games.ancients.hexes import ALL_HEXES, COLS, LETTERS, ROWS, name, neighbours, parse_hex
from renderers.ancients import layout as L
from renderers.ancients.labels import text
from renderers.common import (
    FRAME,
    INK,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    WHITE,
    darker,
    font,
    hex_corners,
    lighter,
    symbol_shape,
)

# Terrain colours (fill at the hex centre differs for every type).
GRASS: RGB = (208, 214, 160)
HEX_LINE: RGB = (150, 150, 110)
TERRAIN_FILL: dict[str, RGB] = {
    "hill": (176, 150, 92),
    "forest": (62, 110, 56),
    "river": (58, 120, 205),
    "ford": (140, 196, 236),
    "camp": (228, 206, 150),
    "lake": (44, 96, 178),
    "steep": (88, 84, 80),
    "broken": (214, 186, 136),
    "coast": (236, 220, 160),
    "rampart": (190, 170, 110),
    "marsh": (122, 160, 128),
    "bridge": (132, 88, 48),
    "city_walls": (196, 186, 170),
    "fortified_walls": (140, 130, 116),
}
SECTION_LINE: RGB = (60, 50, 40)
SCALE = 2  # the background is drawn at twice the size and reduced, for smooth edges

# Front hexside direction -> the two corner angles of that side (pointy-top, y down).
SIDE_CORNERS = {"NE": (-90, -30), "E": (-30, 30), "SE": (30, 90), "SW": (90, 150),
                "W": (150, 210), "NW": (210, 270)}

TerrainKey = tuple[tuple[str, str, bool, tuple[str, ...]], ...]


def terrain_key(terrain: Iterable[dict]) -> TerrainKey:
    """A hashable summary of the board's terrain list (the background cache key)."""
    out = []
    for t in terrain:
        out.append((str(t.get("hex", "")), str(t.get("type", "")), bool(t.get("fordable", False)),
                    tuple(t.get("front") or ())))
    return tuple(sorted(out))


def fill_key(kind: str, fordable: bool) -> str:
    return "ford" if kind == "river" and fordable else kind


@lru_cache(maxsize=32)
def background(key: TerrainKey, lang: str) -> Image.Image:
    """The board without pieces (cached; callers copy it)."""
    s = SCALE
    big = Image.new("RGB", (L.WIDTH * s, L.HEIGHT * s), PAPER)
    d = ImageDraw.Draw(big)
    _frame(d, s)
    terrain = {h: (kind, fordable, front) for h, kind, fordable, front in key
               if _valid(h)}
    for c, r in ALL_HEXES:
        cx, cy = L.pixel(c, r)
        d.polygon([(x * s, y * s) for x, y in hex_corners(cx, cy, L.RADIUS)], fill=GRASS)
    watery = {h for h, (kind, _, _) in terrain.items() if kind in ("river", "bridge")}
    for h, (kind, fordable, front) in terrain.items():
        if kind not in ("river", "bridge"):
            _draw_terrain(d, s, h, kind, fordable, front)
    for bank in (True, False):  # all banks first, so the water runs on without seams
        for h in sorted(watery):
            kind, fordable, _ = terrain[h]
            _river_band(d, s, h, watery, TERRAIN_FILL["ford" if fordable else "river"], bank)
    for h in sorted(watery):
        kind, fordable, _ = terrain[h]
        if kind == "bridge":
            _bridge(d, s, h, watery)
        elif fordable:
            _stepping_stones(d, s, h, watery)
    for c, r in ALL_HEXES:
        cx, cy = L.pixel(c, r)
        d.polygon([(x * s, y * s) for x, y in hex_corners(cx, cy, L.RADIUS)], outline=HEX_LINE,
                  width=s)
    for h, (kind, _, front) in terrain.items():
        if kind == "rampart":
            _rampart_front(d, s, h, front)
    for h, (kind, fordable, _) in terrain.items():
        if kind == "river" and fordable:
            cx, cy = L.pixel_of_name(h)
            d.text((cx * s, (cy + L.RADIUS * 0.62) * s), text("picture.ford", lang),
                   font=font(12 * s, True), fill=(20, 60, 120), anchor="mm",
                   stroke_width=2 * s, stroke_fill=WHITE)
    _section_lines(d, s)
    _coordinates(d, s)
    _legend(d, s, sorted({fill_key(k, f) for k, f, _ in terrain.values()}), lang)
    return big.resize((L.WIDTH, L.HEIGHT), Image.Resampling.LANCZOS)


_ON_BOARD = frozenset(ALL_HEXES)


def _valid(h: str) -> bool:
    try:
        return parse_hex(h) in _ON_BOARD
    except ValueError:
        return False


def _frame(d: ImageDraw.ImageDraw, s: int) -> None:
    top, bottom = L.PANEL_H, L.SOUTH_PANEL_TOP
    d.rectangle((0, top * s, L.WIDTH * s, bottom * s), fill=darker(PAPER, 0.06))
    d.rectangle((L.MARGIN_X * s - 3 * s, L.BOARD_TOP * s - 3 * s,
                 (L.MARGIN_X + L.BOARD_W) * s + 3 * s, L.BOARD_BOTTOM * s + 3 * s),
                fill=darker(GRASS, 0.25))
    d.rectangle((0, L.INFO_TOP * s, L.WIDTH * s, L.HEIGHT * s), fill=PANEL)
    d.line((0, L.LEGEND_TOP * s, L.WIDTH * s, L.LEGEND_TOP * s), fill=darker(PANEL, 0.15),
           width=s)


def _hex_poly(s: int, cx: float, cy: float, k: float = 1.0) -> list[tuple[float, float]]:
    return [(x * s, y * s) for x, y in hex_corners(cx, cy, L.RADIUS * k)]


def _draw_terrain(d: ImageDraw.ImageDraw, s: int, h: str, kind: str, fordable: bool,
                  front: tuple[str, ...]) -> None:
    cx, cy = L.pixel_of_name(h)
    R = L.RADIUS
    fill = TERRAIN_FILL.get(fill_key(kind, fordable), GRASS)
    X, Y = cx * s, cy * s  # centre in the big picture
    d.polygon(_hex_poly(s, cx, cy), fill=fill)
    if kind == "hill":
        for k, shade in ((0.72, 0.18), (0.46, 0.12)):
            d.ellipse((X - R * k * s, Y - R * k * 0.78 * s, X + R * k * s, Y + R * k * 0.78 * s),
                      outline=darker(fill, shade + 0.1), width=2 * s)
        d.ellipse((X - R * 0.2 * s, Y - R * 0.16 * s, X + R * 0.2 * s, Y + R * 0.16 * s),
                  fill=lighter(fill, 0.18))
    elif kind == "forest":
        for dx, dy in ((-0.45, -0.3), (0.45, -0.3), (-0.55, 0.3), (0.55, 0.32), (0.0, 0.55),
                       (0.0, -0.62), (-0.2, 0.05), (0.25, 0.05)):
            tx, ty = X + dx * R * s, Y + dy * R * s
            t = R * 0.17 * s
            d.line((tx, ty, tx, ty + t * 1.6), fill=(70, 50, 30), width=2 * s)
            d.ellipse((tx - t, ty - t, tx + t, ty + t), fill=(34, 78, 36),
                      outline=(24, 56, 26), width=s)
            d.ellipse((tx - t * 0.45, ty - t * 0.6, tx + t * 0.1, ty - t * 0.05),
                      fill=(86, 140, 70))
        d.ellipse((X - 3 * s, Y - 3 * s, X + 3 * s, Y + 3 * s), fill=fill)
    elif kind == "lake":
        for dx, dy in ((-0.4, -0.35), (0.25, -0.1), (-0.2, 0.35), (0.45, 0.4)):
            wx, wy = X + dx * R * s, Y + dy * R * s
            w = R * 0.18 * s
            d.arc((wx - w, wy - w * 0.6, wx, wy + w * 0.6), 200, 340, fill=lighter(fill, 0.45),
                  width=2 * s)
            d.arc((wx, wy - w * 0.6, wx + w, wy + w * 0.6), 200, 340, fill=lighter(fill, 0.45),
                  width=2 * s)
    elif kind == "steep":
        for dx, dy, k in ((-0.42, 0.15, 0.5), (0.3, -0.25, 0.6), (0.35, 0.45, 0.4),
                          (-0.15, -0.55, 0.35)):
            px, py, w = X + dx * R * s, Y + dy * R * s, R * k * s * 0.5
            d.polygon([(px - w, py + w * 0.5), (px - w * 0.2, py - w * 0.9),
                       (px + w * 0.3, py - w * 0.2), (px + w, py + w * 0.5)],
                      fill=(128, 122, 116), outline=(40, 38, 36))
            d.line((px - w * 0.2, py - w * 0.9, px, py + w * 0.5), fill=(40, 38, 36), width=s)
    elif kind == "broken":
        for dx, dy, k in ((-0.5, -0.2, 1.0), (0.45, -0.35, 0.8), (-0.25, 0.45, 0.9),
                          (0.4, 0.35, 1.1), (0.05, -0.6, 0.7), (-0.6, 0.25, 0.6),
                          (0.62, 0.0, 0.6), (-0.1, 0.22, 0.5)):
            px, py, w = X + dx * R * s, Y + dy * R * s, 3.2 * k * s
            d.ellipse((px - w, py - w * 0.75, px + w, py + w * 0.75), fill=(128, 104, 76),
                      outline=(90, 70, 50))
    elif kind == "camp":
        ring = R * 0.66 * s
        d.ellipse((X - ring, Y - ring, X + ring, Y + ring), outline=(110, 72, 36), width=3 * s)
        for i in range(16):
            a = math.radians(i * 22.5)
            px, py = X + ring * math.cos(a), Y + ring * math.sin(a)
            d.polygon([(px - 2.2 * s, py + 3 * s), (px + 2.2 * s, py + 3 * s),
                       (px + 2.2 * s, py - 2 * s), (px, py - 5 * s), (px - 2.2 * s, py - 2 * s)],
                      fill=(120, 78, 40))
    elif kind == "coast":
        for dy in (-0.45, 0.0, 0.45):
            for dx in (-0.4, 0.0, 0.4):
                px, py = X + (dx + (0.2 if dy == 0 else 0)) * R * s, Y + dy * R * s
                d.ellipse((px - 1.6 * s, py - 1.6 * s, px + 1.6 * s, py + 1.6 * s),
                          fill=(196, 172, 110))
        d.arc((X - R * 0.9 * s, Y + R * 0.55 * s, X, Y + R * 0.95 * s), 190, 350,
              fill=TERRAIN_FILL["lake"], width=2 * s)
    elif kind == "rampart":
        d.ellipse((X - R * 0.3 * s, Y - R * 0.3 * s, X + R * 0.3 * s, Y + R * 0.3 * s),
                  outline=darker(fill, 0.2), width=s)
    elif kind == "marsh":
        for dx, dy in ((-0.45, -0.25), (0.35, -0.4), (-0.3, 0.4), (0.45, 0.3)):
            px, py = X + dx * R * s, Y + dy * R * s
            for k in (-1, 0, 1):
                d.line((px + k * 3 * s, py, px + k * 5 * s, py - 9 * s), fill=(54, 90, 50),
                       width=s + 1)
            d.line((px - 8 * s, py + 2 * s, px + 8 * s, py + 2 * s), fill=(70, 110, 170),
                   width=s + 1)
    elif kind in ("city_walls", "fortified_walls"):
        ring = R * 0.7 * s
        width = (3 if kind == "city_walls" else 5) * s
        d.regular_polygon((X, Y, ring), 6, rotation=30, outline=(70, 62, 54), width=width)
        for i in range(6):
            a = math.radians(-90 + i * 60)
            px, py = X + ring * math.cos(a), Y + ring * math.sin(a)
            t = (4 if kind == "city_walls" else 6) * s
            d.rectangle((px - t, py - t, px + t, py + t), fill=(70, 62, 54))


def _neighbour_names(h: str) -> list[str]:
    return [name(n) for n in neighbours(parse_hex(h))]


def _flow_ends(h: str, watery: set[str]) -> list[tuple[float, float]]:
    """Where the water leaves the hex: the middle of every hexside shared with another river
    hex; an end of the river runs on straight to the opposite hexside (usually the edge)."""
    cx, cy = L.pixel_of_name(h)
    links = [n for n in _neighbour_names(h) if n in watery]
    ends = [((cx + nx) / 2, (cy + ny) / 2) for nx, ny in map(L.pixel_of_name, links)]
    if len(links) == 1:
        nx, ny = L.pixel_of_name(links[0])
        ends.append((cx - (nx - cx) / 2, cy - (ny - cy) / 2))
    elif not links:
        ends = [(cx - L.HEX_W / 2, cy), (cx + L.HEX_W / 2, cy)]
    return ends


def _river_band(d: ImageDraw.ImageDraw, s: int, h: str, watery: set[str], colour: RGB,
                bank: bool) -> None:
    cx, cy = L.pixel_of_name(h)
    width = L.HEX_W * 0.46 + (5 if bank else 0)
    fill = darker(colour, 0.3) if bank else colour
    for ex, ey in _flow_ends(h, watery):
        d.line((cx * s, cy * s, ex * s, ey * s), fill=fill, width=round(width * s))
    r = width / 2 * s
    d.ellipse((cx * s - r, cy * s - r, cx * s + r, cy * s + r), fill=fill)


def _flow_angle(h: str, watery: set[str]) -> float:
    cx, cy = L.pixel_of_name(h)
    ends = _flow_ends(h, watery)
    (ax, ay), (bx, by) = ends[0], ends[-1] if len(ends) > 1 else (cx, cy)
    return math.atan2(by - ay, bx - ax)


def _bridge(d: ImageDraw.ImageDraw, s: int, h: str, watery: set[str]) -> None:
    """A plank deck laid across the water."""
    cx, cy = L.pixel_of_name(h)
    ang = _flow_angle(h, watery)
    fx, fy = math.cos(ang), math.sin(ang)       # along the water
    ax, ay = -fy, fx                            # across it
    half_len, half_w = L.RADIUS * 0.62, L.RADIUS * 0.3
    fill = TERRAIN_FILL["bridge"]

    def pt(u: float, v: float) -> tuple[float, float]:
        return ((cx + ax * u + fx * v) * s, (cy + ay * u + fy * v) * s)

    d.polygon([pt(-half_len, -half_w), pt(half_len, -half_w), pt(half_len, half_w),
               pt(-half_len, half_w)], fill=fill, outline=darker(fill, 0.45), width=s)
    for k in range(-3, 4):
        u = k * half_len / 3.5
        d.line((*pt(u, -half_w), *pt(u, half_w)), fill=darker(fill, 0.3), width=s)
    for v in (-half_w, half_w):
        d.line((*pt(-half_len, v), *pt(half_len, v)), fill=(60, 36, 16), width=2 * s)


def _stepping_stones(d: ImageDraw.ImageDraw, s: int, h: str, watery: set[str]) -> None:
    """A row of stones across the water (clear of the very centre)."""
    cx, cy = L.pixel_of_name(h)
    ang = _flow_angle(h, watery)
    px, py = -math.sin(ang), math.cos(ang)
    for k in (-0.62, -0.3, 0.3, 0.62):
        sx, sy = cx + px * k * L.RADIUS * 0.75, cy + py * k * L.RADIUS * 0.75
        w = 5.2
        d.ellipse(((sx - w) * s, (sy - w * 0.8) * s, (sx + w) * s, (sy + w * 0.8) * s),
                  fill=(150, 146, 136), outline=(96, 92, 86), width=s)


def _rampart_front(d: ImageDraw.ImageDraw, s: int, h: str, front: tuple[str, ...]) -> None:
    cx, cy = L.pixel_of_name(h)
    R = L.RADIUS * 0.94
    for side in front:
        if side not in SIDE_CORNERS:
            continue
        a0, a1 = (math.radians(a) for a in SIDE_CORNERS[side])
        p0 = (cx + R * math.cos(a0), cy + R * math.sin(a0))
        p1 = (cx + R * math.cos(a1), cy + R * math.sin(a1))
        d.line((p0[0] * s, p0[1] * s, p1[0] * s, p1[1] * s), fill=(92, 56, 24), width=7 * s)
        mid = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
        out = ((mid[0] - cx) * 0.18, (mid[1] - cy) * 0.18)
        for t in (0.25, 0.5, 0.75):
            bx, by = p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t
            d.polygon([((bx - (p1[0] - p0[0]) * 0.08) * s, (by - (p1[1] - p0[1]) * 0.08) * s),
                       ((bx + (p1[0] - p0[0]) * 0.08) * s, (by + (p1[1] - p0[1]) * 0.08) * s),
                       ((bx + out[0]) * s, (by + out[1]) * s)], fill=(92, 56, 24))


def _section_lines(d: ImageDraw.ImageDraw, s: int) -> None:
    top, bottom = L.BOARD_TOP - 4, L.BOARD_BOTTOM + 4
    for x in L.section_line_xs():
        y = top
        while y < bottom:
            d.line((x * s, y * s, x * s, min(y + 9, bottom) * s), fill=SECTION_LINE, width=3 * s)
            y += 15


def _coordinates(d: ImageDraw.ImageDraw, s: int) -> None:
    f = font(18 * s, True)
    for c in range(1, COLS + 1):
        x = L.pixel(c, 1)[0]
        for y in (L.BOARD_TOP - L.LETTERS_H / 2 - 1, L.BOARD_BOTTOM + L.LETTERS_H / 2 + 1):
            d.text((x * s, y * s), LETTERS[c - 1], font=f, fill=FRAME, anchor="mm")
    for r in range(1, ROWS + 1):
        y = L.pixel(1, r)[1]
        for x in (L.MARGIN_X / 2, L.WIDTH - L.MARGIN_X / 2):
            d.text((x * s, y * s), str(r), font=f, fill=FRAME, anchor="mm")


def _legend(d: ImageDraw.ImageDraw, s: int, kinds: list[str], lang: str) -> None:
    """Unit symbols, then a swatch for each terrain type on this board (smaller type when many)."""
    entries = [(None, text(k, lang)) for k in ("picture.light", "picture.medium", "picture.heavy")]
    entries += [(kind, text(f"terrain.{kind}", lang, kind)) for kind in kinds]
    size = 15
    while size > 10:
        f = font(size * s, True)
        need = sum(d.textlength(label, font=f) + 36 * s for _, label in entries) + 40 * s
        if need <= (L.WIDTH - 20) * s:
            break
        size -= 1
    f = font(size * s, True)
    y = (L.LEGEND_TOP + L.LEGEND_H / 2) * s
    x = 14 * s
    for i, (kind, label) in enumerate(entries):
        if x + (36 * s + d.textlength(label, font=f)) > (L.WIDTH - 8) * s:
            break
        if kind is None:
            symbol_shape(d, "GBR"[i], x + 8 * s, y, 7 * s, outline=INK, width=s)
        else:
            if i == 3:
                d.line((x, y - 10 * s, x, y + 10 * s), fill=MUTED, width=s)
                x += 14 * s
            d.regular_polygon((x + 9 * s, y, 9 * s), 6, rotation=30,
                              fill=TERRAIN_FILL.get(kind, GRASS), outline=INK, width=s)
        d.text((x + 22 * s, y), label, font=f, fill=INK, anchor="lm")
        x += 22 * s + d.textlength(label, font=f) + 14 * s
