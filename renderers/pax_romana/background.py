"""The static part of the Pax Romana map: sea and land, territories and provinces, borders, links,
every point's marker and name, and the key.

Sea and land come from the points themselves: the picture is cut into Voronoi cells around the
land spaces and Transit Points, the naval points, and a few extra points of open sea and wild land
(``geography``); land is the union of the land cells, its coast smoothed. Each space's cell
belongs to its province, so a province is the zone around its spaces, shaded in its territory's
pale colour; province and territory borders follow the cells' edges.

``geometry()`` (language-free) and ``main_background(lang)`` are drawn once per process (the
names in the reader's language, placed for their length by ``layout.map_layout(lang)``):
every board picture copies ``main.static`` (land, borders, links, markers, names, key) and pastes
the provinces its controllers hold from ``tinted_province`` (cached per province and colour).
The inset is a crop of ``zoom_map(lang)``, the whole map drawn once at the inset's scale (links,
markers and names drawn again at that size, not scaled up), tinted by multiplying. A region
picture at a scale of its own (``zoom_layers``) crops the land and the province map, scales them
up and draws links, markers and names for its window; a few are cached.
"""

from __future__ import annotations

import ctypes
import math
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common import INK, RGB, WHITE, clip_half_plane, dashed_line, font
from renderers.pax_romana import geography as G
from renderers.pax_romana import layout as L
from renderers.pax_romana.labels import text
from renderers.pax_romana.pieces import (
    COAST,
    LAND,
    MARKER_EDGE,
    PASS,
    PROVINCE_BORDER,
    ROAD,
    SEA,
    SEA_LANE,
    STRAIT,
    TERRITORY_BORDER,
    TINT_ALPHA,
    WILD,
    city_frame,
    marker_flags,
    siege_ring,
    space_marker,
    territory_colour,
    tribe_token,
)

Point = L.Point
Box = L.Box

# How far (map pixels) a point's cell may reach: a port's only a little way out to sea.
CELL_REACH = 260.0
INLAND_REACH = 150.0
TP_REACH = 110.0
PORT_REACH = 46.0
WILD_REACH = 400.0
SHALLOWS: RGB = (150, 198, 214)
NAME_INK: RGB = (30, 26, 22)
NAME_HALO = (255, 251, 240, 230)
TERRITORY_INK = (96, 58, 40, 150)
NAVAL_INK: RGB = (16, 48, 104)
NAVAL_HALO = (214, 232, 248, 210)
KEY_FILL: RGB = (250, 246, 234)
MOVE: RGB = (236, 120, 16)
ALERT_RING: RGB = (214, 40, 40)


# -- Voronoi cells -------------------------------------------------------------------------------

def voronoi_cells(sites: Sequence[Point], reaches: Sequence[float]) -> list[list[Point]]:
    """Each site's Voronoi cell, cut to a disc of its radius in ``reaches`` around it."""
    cell = max(reaches, default=CELL_REACH)
    grid: dict[tuple[int, int], list[int]] = {}
    for i, (x, y) in enumerate(sites):
        grid.setdefault((int(x // cell), int(y // cell)), []).append(i)
    cells: list[list[Point]] = []
    for i, (x, y) in enumerate(sites):
        reach = reaches[i]
        poly = [(x + reach * math.cos(2 * math.pi * n / 28),
                 y + reach * math.sin(2 * math.pi * n / 28)) for n in range(28)]
        gx, gy = int(x // cell), int(y // cell)
        near = [j for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)
                for j in grid.get((gx + dx, gy + dy), ()) if j != i]
        near.sort(key=lambda j: (sites[j][0] - x) ** 2 + (sites[j][1] - y) ** 2)
        for j in near:
            ox, oy = sites[j]
            dist = math.hypot(ox - x, oy - y)
            far = max(math.hypot(px - x, py - y) for px, py in poly)
            if dist > 2 * far:
                break
            if dist == 0:
                continue
            a, b = 2 * (ox - x), 2 * (oy - y)
            c = (ox ** 2 + oy ** 2) - (x ** 2 + y ** 2)
            poly = clip_half_plane(poly, a, b, c)
            if len(poly) < 3:
                break
        cells.append(poly)
    return cells


# -- the language-free layers --------------------------------------------------------------------

@dataclass
class Geometry:
    base: Image.Image                       # P (its few colours): sea, land in its
                                            # territories' colours
    land: Image.Image                       # L: 255 on land
    province_index: Image.Image             # L: 1 + the province's number, 0 elsewhere
    provinces: tuple[str, ...]              # province ids in index order
    territories: tuple[str, ...]
    province_boxes: Mapping[str, tuple[int, int, int, int]]
    borders: Image.Image                    # P, RGBA palette: province and territory borders

    def base_rgb(self, box: tuple[int, int, int, int] | None = None) -> Image.Image:
        """Sea and land (of ``box``, black beyond the map as an RGB crop is) in RGB, as
        drawn."""
        if box is None:
            return self.base.convert("RGB")
        out = Image.new("RGB", (box[2] - box[0], box[3] - box[1]), (0, 0, 0))
        inner = (max(0, box[0]), max(0, box[1]), min(self.base.width, box[2]),
                 min(self.base.height, box[3]))
        if inner[0] < inner[2] and inner[1] < inner[3]:
            out.paste(self.base.crop(inner).convert("RGB"), (inner[0] - box[0], inner[1] - box[1]))
        return out

    def borders_rgba(self, box: tuple[int, int, int, int] | None = None) -> Image.Image:
        """The borders (of ``box``) as the RGBA layer they were drawn as."""
        return (self.borders if box is None else self.borders.crop(box)).convert("RGBA")


def _threshold(img: Image.Image, level: int) -> Image.Image:
    return img.point(lambda v: 255 if v >= level else 0)


def _edges(index: Image.Image) -> Image.Image:
    right = ImageChops.offset(index, 1, 0)
    down = ImageChops.offset(index, 0, 1)
    return ImageChops.lighter(_threshold(ImageChops.difference(index, right), 1),
                              _threshold(ImageChops.difference(index, down), 1))


def _drain_lakes(land: Image.Image, seas: Sequence[Point], step: int = 4) -> Image.Image:
    """``land`` with every stretch of water that no naval point lies in and that does not reach
    the map's edge made land: the cells leave a few lakes where no sea is."""
    w, h = land.width // step, land.height // step
    small = land.resize((w, h), Image.Resampling.NEAREST).load()
    reached = bytearray(w * h)
    todo = [(x, y) for x in range(w) for y in (0, h - 1)] + \
        [(x, y) for y in range(h) for x in (0, w - 1)] + \
        [(min(w - 1, int(x / step)), min(h - 1, int(y / step))) for x, y in seas]
    while todo:
        x, y = todo.pop()
        if not (0 <= x < w and 0 <= y < h) or reached[y * w + x] or small[x, y]:
            continue
        reached[y * w + x] = 1
        todo += ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
    lakes = Image.frombytes("L", (w, h), bytes(0 if r else 255 for r in reached))
    lakes = lakes.resize(land.size, Image.Resampling.NEAREST)
    return ImageChops.lighter(land, lakes)


def _fill_notches(index: Image.Image, unclaimed: Image.Image, rounds: int = 5) -> Image.Image:
    """``index`` grown, ten pixels a round, into the ``unclaimed`` land next to it: the
    rounded coasts and drained lakes must belong to a province."""
    for _ in range(rounds):
        half = index.resize((index.width // 2, index.height // 2), Image.Resampling.NEAREST)
        grown = half.filter(ImageFilter.MaxFilter(5)).resize(index.size,
                                                              Image.Resampling.NEAREST)
        open_land = ImageChops.multiply(index.point(lambda v: 255 if v == 0 else 0), unclaimed)
        index = Image.composite(grown, index, open_land)
    return index


def _far_from(p: Point, points: Iterable[Point], distance: float) -> bool:
    return all(math.dist(p, q) >= distance for q in points)


@cache
def geometry() -> Geometry:
    lay = L.map_layout()
    W, H = L.MAP_W, L.MAP_H
    land_points = [p for p in lay.points.values() if not p.naval]
    land_xy = [(p.x, p.y) for p in land_points]
    sea_xy = [(p.x, p.y) for p in lay.points.values() if p.naval]
    for lon, lat in G.OPEN_SEA:
        q = L.project(lon, lat)
        if _far_from(q, land_xy, 34):
            sea_xy.append(q)
    for link in lay.links:
        a, b = lay.points[link.a], lay.points[link.b]
        if link.type == "strait" or (link.type == "sea" and a.naval != b.naval):
            t = 0.5
            if a.naval:
                a, b = b, a
            q = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            if _far_from(q, land_xy, 16 if link.type == "strait" else 22):
                sea_xy.append(q)
    wild_xy = [q for q in (L.project(lon, lat) for lon, lat in G.WILD_LAND)
               if _far_from(q, land_xy, 70)]
    sites = land_xy + sea_xy + wild_xy
    reaches = [PORT_REACH if p.port else (TP_REACH if p.kind == "tp" else INLAND_REACH)
               for p in land_points] + [CELL_REACH] * len(sea_xy) + [WILD_REACH] * len(wild_xy)
    cells = voronoi_cells(sites, reaches)
    provinces = tuple(sorted(lay.provinces))
    territories = tuple(sorted(lay.territories))
    p_number = {pid: n + 1 for n, pid in enumerate(provinces)}
    t_number = {tid: n + 1 for n, tid in enumerate(territories)}
    land = Image.new("L", (W, H), 0)
    province_index = Image.new("L", (W, H), 0)
    territory_index = Image.new("L", (W, H), 0)
    dl, dp, dt = ImageDraw.Draw(land), ImageDraw.Draw(province_index), \
        ImageDraw.Draw(territory_index)
    for n, poly in enumerate(cells):
        if len(poly) < 3 or len(land_xy) <= n < len(land_xy) + len(sea_xy):
            continue
        dl.polygon(poly, fill=255)
        if n < len(land_xy):
            p = land_points[n]
            dp.polygon(poly, fill=p_number.get(p.province, 0))
            dt.polygon(poly, fill=t_number.get(p.territory, 0))
    # round the coasts and drop specks of land or sea too small to be a coast
    cells_land = land
    land = _threshold(land.filter(ImageFilter.GaussianBlur(6)), 128)

    def grown(mask: Image.Image, level: int) -> Image.Image:
        return _threshold(mask.filter(ImageFilter.GaussianBlur(3)), level)

    land = grown(grown(land, 235), 20)          # opening: specks of land go
    land = grown(grown(land, 20), 235)          # closing: specks of sea go
    land = _drain_lakes(land, [(p.x, p.y) for p in lay.points.values() if p.naval])
    # the land the rounding and draining added belongs to the province next to it
    unclaimed = ImageChops.subtract(land, cells_land)
    province_index = ImageChops.multiply(_fill_notches(province_index, unclaimed), land)
    territory_index = ImageChops.multiply(_fill_notches(territory_index, unclaimed), land)
    base = Image.new("RGB", (W, H), SEA)
    near = _threshold(land.filter(ImageFilter.GaussianBlur(10)), 20)
    base.paste(SHALLOWS, (0, 0), near.filter(ImageFilter.GaussianBlur(5)))
    base.paste(WILD, (0, 0), land)
    for tid, n in t_number.items():
        mask = territory_index.point(lambda v, n=n: 255 if v == n else 0)
        base.paste(territory_colour(lay.territories[tid][2]), (0, 0), mask)
    coast = ImageChops.subtract(_threshold(land.filter(ImageFilter.GaussianBlur(1.2)), 24), land)
    base.paste(COAST, (0, 0), coast)
    boxes: dict[str, tuple[int, int, int, int]] = {}
    for pid, n in p_number.items():
        box = province_index.point(lambda v, n=n: 255 if v == n else 0).getbbox()
        if box is not None:
            boxes[pid] = box
    borders = by_alpha(border_layer(province_index, territory_index, land, 1.0))
    del territory_index, near, coast, cells_land, unclaimed, dl, dp, dt
    give_back_memory()
    return Geometry(base=exact_palette(base), land=land, province_index=province_index, provinces=provinces,
                    territories=territories, province_boxes=boxes, borders=borders)


def exact_palette(img: Image.Image) -> Image.Image:
    """An RGB picture of at most 256 colours (sea and land: under a hundred) as a "P" image
    of exactly those colours: a quarter of the memory, the same pixels once converted back."""
    kept = img.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    if ImageChops.difference(kept.convert("RGB"), img).getbbox() is not None:
        raise ValueError("a picture kept in a palette must have 256 colours at most")
    return kept


def by_alpha(layer: Image.Image) -> Image.Image:
    """An RGBA ``layer`` in which each alpha value has one colour (the borders: four colours)
    as a "P" image with an RGBA palette: a quarter of the memory, the same pixels once
    converted back."""
    colours = layer.getcolors(256)
    if colours is None or len({c[3] for _, c in colours}) != len(colours):
        raise ValueError("a layer kept by alpha needs one colour per alpha value")
    palette = [0, 0, 0, 0] * 256
    for _, colour in colours:
        palette[colour[3] * 4:colour[3] * 4 + 4] = list(colour)
    out = layer.getchannel("A").convert("P")
    out.putpalette(palette, "RGBA")
    return out


def give_back_memory() -> None:
    """Hand the heap's free pages back to the system after drawing a large static layer (the
    many full-map temporaries otherwise keep the process's resident size up for good); does
    nothing where the C library has no ``malloc_trim``."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL(None).malloc_trim  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


def border_layer(province_index: Image.Image, territory_index: Image.Image, land: Image.Image,
                 k: float) -> Image.Image:
    """Province borders (thin) and territory borders (thick), inland only, as an RGBA layer."""
    inland = _threshold(land.filter(ImageFilter.GaussianBlur(1.5 * k)), 250)
    province_edges = ImageChops.multiply(_edges(province_index), inland)
    territory_edges = ImageChops.multiply(_edges(territory_index), inland)
    territory_edges = _threshold(territory_edges.filter(ImageFilter.GaussianBlur(1.1 * k)), 28)
    layer = Image.new("RGBA", province_index.size, (0, 0, 0, 0))
    layer.paste((*PROVINCE_BORDER, 255), (0, 0), province_edges.point(lambda v: 170 if v else 0))
    layer.paste((*TERRITORY_BORDER, 255), (0, 0), territory_edges.point(lambda v: 220 if v
                                                                         else 0))
    return layer


# -- links, markers and names at any frame -------------------------------------------------------

def _trimmed(pa: Point, pb: Point, ra: float, rb: float) -> tuple[Point, Point] | None:
    length = math.dist(pa, pb)
    if length <= ra + rb + 1:
        return None
    ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
    return (pa[0] + ux * ra, pa[1] + uy * ra), (pb[0] - ux * rb, pb[1] - uy * rb)


def _peak(d: ImageDraw.ImageDraw, c: Point, r: float, fill: RGB, edge: RGB) -> None:
    d.polygon([(c[0] - r, c[1] + r * 0.75), (c[0], c[1] - r * 0.85), (c[0] + r, c[1] + r * 0.75)],
              fill=fill, outline=edge)


def _arrow_head(d: ImageDraw.ImageDraw, tip: Point, back: Point, size: float, fill: RGB) -> None:
    length = math.dist(tip, back) or 1.0
    ux, uy = (tip[0] - back[0]) / length, (tip[1] - back[1]) / length
    base = (tip[0] - ux * size, tip[1] - uy * size)
    wing = size * 0.6
    d.polygon([tip, (base[0] - uy * wing, base[1] + ux * wing),
               (base[0] + uy * wing, base[1] - ux * wing)], fill=fill)


def draw_link(d: ImageDraw.ImageDraw, kind: str, pa: Point, pb: Point, k: float) -> None:
    """One link in its style: land solid, sea dashed, strait a blue double arrow, Alpine pass
    brown with a peak."""
    mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    if kind == "sea":
        dashed_line(d, pa, pb, (*SEA_LANE, 200), max(1, round(1.6 * k)), 7 * k, 5 * k)
    elif kind == "strait":
        d.line((pa, pb), fill=(*STRAIT, 255), width=max(2, round(3 * k)))
        _arrow_head(d, pa, pb, 8 * k, (*STRAIT, 255))
        _arrow_head(d, pb, pa, 8 * k, (*STRAIT, 255))
    elif kind == "alpine_pass":
        d.line((pa, pb), fill=(*PASS, 255), width=max(2, round(3 * k)))
        _peak(d, mid, 7 * k, (*WHITE, 255), (*PASS, 255))
    else:
        d.line((pa, pb), fill=(*ROAD, 235), width=max(1, round(2 * k)))


def draw_links(d: ImageDraw.ImageDraw, frame: L.Frame, window: Box | None = None) -> None:
    lay = L.map_layout()
    pts = lay.points
    order = {"sea": 0, "land": 1, "alpine_pass": 2, "strait": 3}
    for link in sorted(lay.links, key=lambda lk: order.get(lk.type, 1)):
        a, b = pts[link.a], pts[link.b]
        if window is not None and not _segment_near(window, (a.x, a.y), (b.x, b.y), 30):
            continue
        ends = _trimmed(frame.pt(a.x, a.y), frame.pt(b.x, b.y), a.radius * frame.k,
                        b.radius * frame.k)
        if ends is not None:
            draw_link(d, link.type, ends[0], ends[1], frame.k)


def _segment_near(box: Box, a: Point, b: Point, margin: float) -> bool:
    return not (max(a[0], b[0]) < box[0] - margin or min(a[0], b[0]) > box[2] + margin
                or max(a[1], b[1]) < box[1] - margin or min(a[1], b[1]) > box[3] + margin)


def point_flags(p: L.MapPoint) -> str:
    return marker_flags(p.port, p.capital, p.rough_mountain, p.mine, p.tribal)


def paste_marker(layer: Image.Image, p: L.MapPoint, frame: L.Frame, fill: RGB = WHITE) -> None:
    sprite = space_marker(p.kind, point_flags(p) if p.kind == "space" else "", fill,
                          round(frame.k, 3))
    x, y = frame.pt(p.x, p.y)
    at = (round(x - sprite.width / 2), round(y - sprite.height / 2))
    inside = at[0] >= 0 and at[1] >= 0 and at[0] + sprite.width <= layer.width \
        and at[1] + sprite.height <= layer.height
    if layer.mode == "RGBA" and inside:
        layer.alpha_composite(sprite, at)
    else:
        layer.paste(sprite, at, sprite)


def draw_names(layer: Image.Image, labels: Mapping[str, L.Label], naval: bool, k: float,
               lang: str = "en") -> None:
    """The names in ``lang`` at their places, pasted from cached stamps (the zoomed views share
    sizes)."""
    lay = L.map_layout(lang)
    halo = max(1, round(2 * k))
    for sid, label in labels.items():
        dx, dy, stamp = name_stamp(lay.points[sid].label, label.size, label.anchor, naval, halo)
        at = (round(label.xy[0]) + dx, round(label.xy[1]) + dy)
        x0, y0 = max(0, at[0]), max(0, at[1])
        x1 = min(layer.width, at[0] + stamp.width)
        y1 = min(layer.height, at[1] + stamp.height)
        if x1 <= x0 or y1 <= y0:
            continue
        if (x0, y0, x1, y1) != (at[0], at[1], at[0] + stamp.width, at[1] + stamp.height):
            stamp = stamp.crop((x0 - at[0], y0 - at[1], x1 - at[0], y1 - at[1]))
        layer.alpha_composite(stamp, (x0, y0))


@lru_cache(maxsize=4096)
def name_stamp(words: str, size: int, anchor: str, naval: bool, halo: int
               ) -> tuple[int, int, Image.Image]:
    """A name drawn once: its offset from the anchor point and its RGBA picture."""
    f = font(size, True)
    x0, y0, x1, y1 = L.text_box(words, size, anchor, halo)
    ox, oy = math.floor(x0) - 1, math.floor(y0) - 1
    img = Image.new("RGBA", (math.ceil(x1) - ox + 2, math.ceil(y1) - oy + 2), (0, 0, 0, 0))
    ink, glow = ((*NAVAL_INK, 255), NAVAL_HALO) if naval else ((*NAME_INK, 255), NAME_HALO)
    ImageDraw.Draw(img).text((-ox, -oy), words, font=f, fill=ink, anchor=anchor,
                             stroke_width=halo, stroke_fill=glow)
    return ox, oy, img


# -- the main map --------------------------------------------------------------------------------

@dataclass
class MainBackground:
    static: Image.Image                      # RGB, the whole map with everything static
    overlay: Image.Image                     # RGBA: what lies over the provinces' tint
    territory_names: Mapping[str, Box]       # where each territory's name is written


def _spaced(s: str) -> str:
    return "\u2009".join(s)


def _territory_names(d: ImageDraw.ImageDraw, taken: list[Box], lang: str = "en"
                     ) -> dict[str, Box]:
    """Each territory's name in ``lang`` near the middle of its spaces, where it covers the
    fewest names and markers."""
    lay = L.map_layout(lang)
    f = font(17, True)
    grid = L.BoxGrid()
    for box in taken:
        grid.add(box)
    for p in lay.points.values():
        grid.add((p.x - p.radius, p.y - p.radius, p.x + p.radius, p.y + p.radius))
    placed: dict[str, Box] = {}
    for tid, (name, _kind, _colour) in sorted(lay.territories.items()):
        members = [p for p in lay.points.values() if p.territory == tid]
        if not members:
            continue
        cx = sum(p.x for p in members) / len(members)
        cy = sum(p.y for p in members) / len(members)
        label = _spaced(L.short_name(name).upper())
        best: tuple[float, Point, Box] | None = None
        for dy in range(-90, 91, 15):
            for dx in range(-150, 151, 25):
                x, y = cx + dx, cy + dy
                box = d.textbbox((x, y), label, font=f, anchor="mm")
                if box[0] < 4 or box[1] < 4 or box[2] > L.MAP_W - 4 or box[3] > L.MAP_H - 4:
                    continue
                if L.overlap(box, L.POWERS_BOX) or L.overlap(box, L.LEGEND_BOX):
                    continue        # the panels are drawn over the map
                cost = math.hypot(dx, dy) * 0.05
                cost += sum(L.overlap(box, o) for o in grid.near(box)) / 30
                cost += sum(L.overlap(box, o) for o in placed.values()) / 5
                if best is None or cost < best[0]:
                    best = (cost, (x, y), box)
        if best is None:
            continue
        d.text(best[1], label, font=f, fill=TERRITORY_INK, anchor="mm",
               stroke_width=2, stroke_fill=(250, 244, 228, 150))
        placed[tid] = best[2]
    return placed


@lru_cache(maxsize=4)
def main_background(lang: str) -> MainBackground:
    geo = geometry()
    lay = L.map_layout(lang)
    overlay = geo.borders_rgba()
    d = ImageDraw.Draw(overlay)
    draw_links(d, L.MAIN)
    taken = [lb.box for lb in lay.labels.values()] + [lb.box for lb in lay.naval_labels.values()]
    territory_names = _territory_names(d, taken, lang)
    for p in lay.points.values():
        paste_marker(overlay, p, L.MAIN)
    draw_names(overlay, lay.naval_labels, True, 1.0, lang)
    draw_names(overlay, lay.labels, False, 1.0, lang)
    draw_legend(overlay, lang)
    static = geo.base_rgb()
    static.paste(overlay, (0, 0), overlay)
    name_stamp.cache_clear()    # the names are in the layers now; a region draws its own
    give_back_memory()
    return MainBackground(static=static, overlay=overlay, territory_names=territory_names)


@lru_cache(maxsize=192)
def tinted_province(lang: str, province: str, owner_fill: RGB, tint: RGB
                    ) -> tuple[tuple[int, int], Image.Image, Image.Image] | None:
    """A province's box of the main map as it looks when a Power holds it: tinted ``tint``, its
    spaces' markers filled ``owner_fill``. Returns the box's position, the picture, and the mask
    of the province's own pixels."""
    geo = geometry()
    box = geo.province_boxes.get(province)
    if box is None:
        return None
    n = geo.provinces.index(province) + 1
    mask = geo.province_index.crop(box).point(lambda v: 255 if v == n else 0)
    part = geo.base_rgb(box)
    part = Image.composite(Image.new("RGB", part.size, tint), part,
                           mask.point(lambda v: round(v * TINT_ALPHA)))
    over = main_background(lang).overlay.crop(box)
    part.paste(over, (0, 0), over)
    frame = L.Frame(1.0, float(box[0]), float(box[1]), 1.0, part.width, part.height)
    for p in L.map_layout().points.values():
        if p.province == province:
            paste_marker(part, p, frame, owner_fill)
    return (box[0], box[1]), part, mask


# -- the key -------------------------------------------------------------------------------------

def draw_legend(layer: Image.Image, lang: str) -> None:
    """The key in ``LEGEND_BOX``: every marker and link style."""
    x0, y0, x1, y1 = L.LEGEND_BOX
    d = ImageDraw.Draw(layer)
    d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=(*KEY_FILL, 238),
                        outline=(*MARKER_EDGE, 255), width=2)
    f = font(15)
    d.text((x0 + 12, y0 + 8), text("legend", lang), font=font(16, True), fill=(*INK, 255))
    rows: list[tuple[str, str]] = [
        ("space", "space"), ("port", "port"), ("capital", "capital"),
        ("rough_mountain", "rough_mountain"), ("mine", "mine"), ("tribal", "tribal"),
        ("tp", "tp"), ("ntp", "ntp"), ("dstp", "dstp"),
        ("land_link", "land"), ("sea_link", "sea"), ("strait", "strait"),
        ("alpine_pass", "alpine_pass"), ("city", "city"), ("settlement", "settlement"),
        ("tribe", "tribe"), ("siege", "siege"), ("last_move", "move"),
    ]
    per_column = 9
    col_w = (x1 - x0 - 16) / 2
    row_h = (y1 - y0 - 40) / per_column
    for n, (key, what) in enumerate(rows):
        cx = x0 + 12 + (n // per_column) * col_w
        cy = y0 + 36 + (n % per_column) * row_h + row_h / 2
        icon_c = (cx + 22, cy)
        if what in ("space", "port", "capital", "rough_mountain", "mine", "tribal"):
            p = L.MapPoint(id="", name="", label="", kind="space", x=0, y=0, radius=L.SPACE_R,
                           province="", territory="", port=what == "port",
                           capital=what == "capital", rough_mountain=what == "rough_mountain",
                           mine=what == "mine", tribal=what == "tribal")
            sprite = space_marker("space", point_flags(p), WHITE, 1.0)
            layer.alpha_composite(sprite, (round(icon_c[0] - sprite.width / 2),
                                           round(icon_c[1] - sprite.height / 2)))
        elif what in ("tp", "ntp", "dstp"):
            sprite = space_marker(what, "", WHITE, 1.0)
            layer.alpha_composite(sprite, (round(icon_c[0] - sprite.width / 2),
                                           round(icon_c[1] - sprite.height / 2)))
        elif what in ("land", "sea", "strait", "alpine_pass"):
            draw_link(d, what, (cx + 2, cy), (cx + 44, cy), 1.0)
        elif what in ("city", "settlement"):
            for sprite in (city_frame(what, (250, 250, 250), False, 0.8),
                           space_marker("space", "", WHITE, 0.8)):
                layer.alpha_composite(sprite, (round(icon_c[0] - sprite.width / 2),
                                               round(icon_c[1] - sprite.height / 2)))
        elif what == "tribe":
            token = tribe_token("?", 0.9)
            layer.alpha_composite(token, (round(icon_c[0] - token.width / 2),
                                          round(icon_c[1] - token.height / 2)))
        elif what == "siege":
            sprite = space_marker("space", "", WHITE, 0.8)
            layer.alpha_composite(sprite, (round(icon_c[0] - sprite.width / 2),
                                           round(icon_c[1] - sprite.height / 2)))
            siege_ring(d, icon_c[0], icon_c[1], 8.8, (*ALERT_RING, 255), 0.8)
        elif what == "move":
            d.line((cx + 2, cy, cx + 34, cy), fill=(*MOVE, 255), width=5)
            d.polygon([(cx + 46, cy), (cx + 32, cy - 8), (cx + 32, cy + 8)], fill=(*MOVE, 255))
        d.text((cx + 54, cy), text(key, lang), font=f, fill=(*INK, 255), anchor="lm")


# -- zoomed views --------------------------------------------------------------------------------

@dataclass
class ZoomLayers:
    frame: L.Frame
    base: Image.Image              # RGB: land and sea scaled up
    province_index: Image.Image    # L, scaled up (nearest), for tinting
    overlay: Image.Image           # RGBA: borders, links, markers, names at this scale
    labels: Mapping[str, L.Label]


@lru_cache(maxsize=4)
def zoom_layers(window: Box, size: tuple[int, int], lang: str) -> ZoomLayers:
    """A zoomed view of ``window`` (map pixels) in a picture of ``size`` (cached)."""
    return draw_zoom_layers(window, size, lang)


def draw_zoom_layers(window: Box, size: tuple[int, int], lang: str) -> ZoomLayers:
    """A zoomed view of ``window`` (map pixels) in a picture of ``size``."""
    frame = L.zoom_frame(window, size)
    geo = geometry()
    shown = frame.window
    crop = (math.floor(shown[0]), math.floor(shown[1]), math.ceil(shown[2]) + 1,
            math.ceil(shown[3]) + 1)
    scaled = (round((crop[2] - crop[0]) * frame.scale), round((crop[3] - crop[1]) * frame.scale))
    shift = (round((crop[0] - frame.x0) * frame.scale), round((crop[1] - frame.y0) * frame.scale))

    def scale_up(img: Image.Image, resample: Image.Resampling, fill: int | RGB) -> Image.Image:
        out = Image.new(img.mode, size, fill)
        out.paste(img.crop(crop).resize(scaled, resample), shift)
        return out

    base = Image.new("RGB", size, SEA)
    base.paste(geo.base_rgb(crop).resize(scaled, Image.Resampling.BILINEAR), shift)
    province_index = scale_up(geo.province_index, Image.Resampling.NEAREST, 0)
    overlay = Image.new("RGBA", size, (0, 0, 0, 0))
    overlay.paste(geo.borders_rgba(crop).resize(scaled, Image.Resampling.BILINEAR), shift)
    d = ImageDraw.Draw(overlay)
    draw_links(d, frame, shown)
    lay = L.map_layout(lang)
    points = lay.spaces_in(shown, 40)
    for p in points:
        paste_marker(overlay, p, frame)
    if frame.scale == L.ZOOM_SCALE:
        every, every_naval = zoom_names(lang)
        dx, dy = -frame.x0 * frame.scale, -frame.y0 * frame.scale
        labels = {p.id: L.shifted(every[p.id], dx, dy) for p in points if p.id in every}
        naval_labels = {p.id: L.shifted(every_naval[p.id], dx, dy) for p in points
                        if p.id in every_naval}
    else:
        labels, naval_labels = _window_labels(frame, shown, points, size, lang)
    draw_names(overlay, naval_labels, True, frame.k, lang)
    draw_names(overlay, labels, False, frame.k, lang)
    return ZoomLayers(frame=frame, base=base, province_index=province_index, overlay=overlay,
                      labels=labels)


@lru_cache(maxsize=4)
def tinted_zoom(window: Box, size: tuple[int, int], lang: str,
                colours: tuple[tuple[str, RGB], ...]) -> Image.Image:
    """``tint_zoom`` of a window, cached (control changes less often than the pieces)."""
    return tint_zoom(zoom_layers(window, size, lang), dict(colours))


ZOOM_BAND = 200


_zoom_maps: dict[str, Image.Image] = {}
_zoom_maps_lock = threading.Lock()


def zoom_map(lang: str, palette: Image.Image) -> Image.Image:
    """The whole map, untinted, at the inset's scale (``ZOOM_SCALE``) in the 256 colours of
    ``palette`` (a third of the memory), drawn once per process and language a band at a time:
    an inset is a crop of it, tinted by ``tint_by_multiplying``."""
    with _zoom_maps_lock:
        if lang not in _zoom_maps:
            _zoom_maps[lang] = _draw_zoom_map(lang, palette)
        return _zoom_maps[lang]


def _draw_zoom_map(lang: str, palette: Image.Image) -> Image.Image:
    width, height = round(L.MAP_W * L.ZOOM_SCALE), round(L.MAP_H * L.ZOOM_SCALE)
    img = Image.new("P", (width, height), 0)
    img.putpalette(palette.getpalette() or [])
    for top in range(0, height, ZOOM_BAND):
        rows = min(ZOOM_BAND, height - top)
        window = (0.0, top / L.ZOOM_SCALE, float(L.MAP_W), (top + rows) / L.ZOOM_SCALE)
        band = draw_zoom_layers(window, (width, rows), lang)
        part = band.base
        part.paste(band.overlay, (0, 0), band.overlay)
        img.paste(part.quantize(palette=palette, dither=Image.Dither.NONE), (0, top))
    name_stamp.cache_clear()    # the names are in the map now; a region draws its own
    give_back_memory()
    return img


def zoom_crop(lang: str, palette: Image.Image, frame: L.Frame,
              colours: Mapping[str, RGB]) -> Image.Image:
    """The inset at ``frame`` (at ``ZOOM_SCALE``): a crop of ``zoom_map`` with each province in
    ``colours`` tinted."""
    whole = zoom_map(lang, palette)
    x0 = min(max(0, round(frame.x0 * frame.scale)), whole.width - frame.width)
    y0 = min(max(0, round(frame.y0 * frame.scale)), whole.height - frame.height)
    pic = whole.crop((x0, y0, x0 + frame.width, y0 + frame.height)).convert("RGB")
    if not colours:
        return pic
    geo = geometry()
    shown = frame.window
    crop = (math.floor(shown[0]), math.floor(shown[1]), math.ceil(shown[2]) + 1,
            math.ceil(shown[3]) + 1)
    scaled = (round((crop[2] - crop[0]) * frame.scale), round((crop[3] - crop[1]) * frame.scale))
    shift = (round((crop[0] - frame.x0) * frame.scale), round((crop[1] - frame.y0) * frame.scale))
    index = Image.new("L", frame.size, 0)
    index.paste(geo.province_index.crop(crop).resize(scaled, Image.Resampling.NEAREST), shift)
    return tint_by_multiplying(pic, index, colours)


def tint_by_multiplying(pic: Image.Image, index: Image.Image,
                        colours: Mapping[str, RGB]) -> Image.Image:
    """``pic`` with each province of ``index`` in ``colours`` tinted by multiplying, so that
    dark lines and names stay dark: the factor is chosen to give land the colour an ordinary
    blend at ``TINT_ALPHA`` gives it."""
    geo = geometry()
    palette = [255, 255, 255] * 256
    for pid, colour in colours.items():
        if pid in geo.provinces:
            n = geo.provinces.index(pid) + 1
            palette[n * 3:n * 3 + 3] = [
                min(255, round(255 * ((1 - TINT_ALPHA) + TINT_ALPHA * c / max(1, land))))
                for c, land in zip(colour, LAND, strict=True)]
    tint = index.copy()
    tint.putpalette(palette)
    return ImageChops.multiply(pic, tint.convert("RGB"))


def zoom_names(lang: str = "en") -> tuple[dict[str, L.Label], dict[str, L.Label]]:
    """``layout.zoom_labels(lang)``: where every name stands at the inset's scale (the names
    themselves are drawn into ``zoom_map``)."""
    return L.zoom_labels(lang)


def _window_labels(frame: L.Frame, shown: Box, points: Sequence[L.MapPoint],
                   size: tuple[int, int], lang: str = "en"
                   ) -> tuple[dict[str, L.Label], dict[str, L.Label]]:
    """Names placed for one window at a scale of its own (a region picture)."""
    shrinks = L.SHRINKS[L.map_lang(lang)]
    lay = L.map_layout()
    circles = [(frame.pt(p.x, p.y), p.radius * frame.k + 1) for p in points]
    segments = []
    for link in lay.links:
        a, b = lay.points[link.a], lay.points[link.b]
        if link.type != "sea" and _segment_near(shown, (a.x, a.y), (b.x, b.y), 30):
            segments.append((frame.pt(a.x, a.y), frame.pt(b.x, b.y)))
    bounds = (-400.0, -400.0, size[0] + 400.0, size[1] + 400.0)
    labels = L.place_labels(L.label_items(points, frame), circles, segments, bounds,
                            shrinks=shrinks)
    naval = [(p.id, p.label, frame.pt(p.x, p.y), p.radius * frame.k,
              frame.px(L.NAVAL_NAME_SIZE)) for p in points if p.naval]
    naval_labels = L.place_labels(naval, circles, segments, bounds,
                                  blocked=[lb.box for lb in labels.values()], shrinks=shrinks)
    return labels, naval_labels


def tint_zoom(layers: ZoomLayers, colours: Mapping[str, RGB]) -> Image.Image:
    """The zoomed land with each province in ``colours`` tinted, and the overlay on top."""
    geo = geometry()
    img = layers.base.copy()
    if colours:
        palette = [0, 0, 0] * 256
        alpha = [0] * 256
        for pid, colour in colours.items():
            if pid in geo.provinces:
                n = geo.provinces.index(pid) + 1
                palette[n * 3:n * 3 + 3] = list(colour)
                alpha[n] = round(255 * TINT_ALPHA)
        tint = layers.province_index.copy()
        tint.putpalette(palette)
        tint = tint.convert("RGB")
        img = Image.composite(tint, img, layers.province_index.point(alpha))
    img.paste(layers.overlay, (0, 0), layers.overlay)
    return img


def territory_window(territory: str) -> Box | None:
    """The part of the map (map pixels) that holds a territory's or a province's points."""
    lay = L.map_layout()
    members = [p for p in lay.points.values()
               if p.territory == territory or p.province == territory]
    if not members:
        return None
    return (min(p.x for p in members) - 40, min(p.y for p in members) - 40,
            max(p.x for p in members) + 40, max(p.y for p in members) + 40)


