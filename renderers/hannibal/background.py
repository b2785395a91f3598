"""The static part of the Hannibal map at one scale: sea and land (``geography``), the provinces'
regions, their borders, the links between spaces (road, mountain pass, Alps pass, strait), the
ports, and the names of seas, provinces and spaces.

It depends only on the map (``layout.MapKey``) and the frame (scale), and its names on the
language, so it is drawn once per process for each and reused: every picture copies ``base``, tints
the provinces' regions (``regions``) in their controllers' colours, then lays ``overlay``
(borders, links, ports) and the names on top. The names are kept as small stamps, not as a layer
the size of the map, so that a second language costs little.

Each province's region is the part of the land nearer to one of its spaces than to any other space
(a Voronoi cell, cut to a disc around the space and to the space's own island or mainland).
Names are placed where they cover the fewest markers, links and other names.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common import WHITE, clip_half_plane, darker, font, lighter
from renderers.hannibal import geography as G
from renderers.hannibal.labels import province_name, space_name
from renderers.hannibal.layout import Box, Frame, MapKey, Point, SpaceInfo
from renderers.hannibal.pieces import (
    BORDER,
    COAST,
    LAND,
    PASS,
    ROAD,
    SEA,
    SHALLOWS,
    STRAIT,
    TINT_ALPHA,
    WILD,
    anchor_icon,
    marker_radius,
)

CELL_REACH = 150.0             # how far (map units) a space's region reaches
NAME_SIZE = 12
PROVINCE_SIZE = 12
PROVINCE_INK = (122, 58, 40, 200)
SEA_INK = (232, 242, 252)


@dataclass
class Geometry:
    """The language-free layers at one frame."""

    frame: Frame
    base: Image.Image                                       # RGB
    overlay: Image.Image                                    # RGBA
    regions: dict[str, tuple[tuple[int, int], Image.Image]]
    centres: dict[str, Point]
    radius: dict[str, float]
    ports: dict[str, Box]
    link_points: list[Point] = field(default_factory=list)


Stamp = tuple[int, int, Image.Image]        # x, y, a small RGBA picture (a name)


@dataclass
class Background:
    """Everything static at one frame and language: the shared layers of ``geometry`` and the
    names (``names``: stamps, laid over ``overlay``)."""

    frame: Frame
    base: Image.Image
    overlay: Image.Image
    names: tuple[Stamp, ...]
    regions: dict[str, tuple[tuple[int, int], Image.Image]]
    centres: dict[str, Point]
    radius: dict[str, float]
    name_boxes: dict[str, Box]
    obstacles: list[Box]


# -- helpers -------------------------------------------------------------------------------------

def voronoi_cells(spaces: Sequence[SpaceInfo], reach: float = CELL_REACH) -> dict[str, list[Point]]:
    """Each space's Voronoi cell (map units), cut to a disc of radius ``reach``."""
    cells: dict[str, list[Point]] = {}
    for s in spaces:
        poly = [(s.x + reach * math.cos(2 * math.pi * i / 36),
                 s.y + reach * math.sin(2 * math.pi * i / 36)) for i in range(36)]
        for o in spaces:
            if o.id == s.id or math.dist((s.x, s.y), (o.x, o.y)) > 2 * reach:
                continue
            a, b = 2 * (o.x - s.x), 2 * (o.y - s.y)
            if a == 0 and b == 0:
                continue
            c = (o.x ** 2 + o.y ** 2) - (s.x ** 2 + s.y ** 2)
            poly = clip_half_plane(poly, a, b, c)
            if len(poly) < 3:
                break
        cells[s.id] = poly
    return cells


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _near(box: Box, boxes: Iterable[Box], margin: float = 4.0) -> list[Box]:
    """The boxes that come within ``margin`` of ``box``."""
    return [b for b in boxes if b[0] < box[2] + margin and b[2] > box[0] - margin
            and b[1] < box[3] + margin and b[3] > box[1] - margin]


def _mask(size: tuple[int, int], polys: Iterable[Sequence[Point]]) -> Image.Image:
    m = Image.new("L", size, 0)
    d = ImageDraw.Draw(m)
    for p in polys:
        if len(p) >= 3:
            d.polygon(list(p), fill=255)
    return m


def _crop_of(part: tuple[tuple[int, int], Image.Image] | None, whole: Image.Image,
             box: tuple[int, int, int, int]) -> Image.Image:
    """The ``box`` of a mask kept in its own box (``part``: offset, mask), else of ``whole``."""
    if part is None:
        return whole.crop(box)
    (ox, oy), mask = part
    return mask.crop((box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy))


def _threshold(img: Image.Image, level: int = 128) -> Image.Image:
    return img.point(lambda v: 255 if v >= level else 0)


def wavy(a: Point, b: Point, amp: float, wave: float) -> list[Point]:
    """The points of a wavy line from ``a`` to ``b`` (a mountain pass)."""
    length = math.dist(a, b)
    if length == 0:
        return [a, b]
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    n = max(2, int(length / 2))
    pts = []
    for i in range(n + 1):
        t = length * i / n
        w = amp * math.sin(2 * math.pi * t / wave) * min(1.0, t / wave, (length - t) / wave)
        pts.append((a[0] + ux * t - uy * w, a[1] + uy * t + ux * w))
    return pts


def _dashed(d: ImageDraw.ImageDraw, a: Point, b: Point, fill: tuple[int, ...], width: int,
            dash: float, gap: float) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        d.line((a[0] + ux * pos, a[1] + uy * pos, a[0] + ux * end, a[1] + uy * end), fill=fill,
               width=width)
        pos = end + gap


def _peak(d: ImageDraw.ImageDraw, c: Point, size: float, fill: tuple[int, ...],
          outline: tuple[int, ...]) -> None:
    x, y = c
    d.polygon([(x - size, y + size * 0.6), (x, y - size * 0.8), (x + size, y + size * 0.6)],
              fill=fill, outline=outline)


class _Grid:
    """Points bucketed by position, to count quickly those inside a box."""

    def __init__(self, points: Iterable[Point], cell: float = 32.0) -> None:
        self.cell = cell
        self.buckets: dict[tuple[int, int], list[Point]] = {}
        for p in points:
            self.buckets.setdefault((int(p[0] // cell), int(p[1] // cell)), []).append(p)

    def count(self, box: Box) -> int:
        n = 0
        c = self.cell
        for gx in range(int(box[0] // c), int(box[2] // c) + 1):
            for gy in range(int(box[1] // c), int(box[3] // c) + 1):
                for x, y in self.buckets.get((gx, gy), ()):
                    if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                        n += 1
        return n

    def nearest(self, p: Point, limit: float) -> float:
        c = self.cell
        best = limit
        r = int(limit // c) + 1
        gx0, gy0 = int(p[0] // c), int(p[1] // c)
        for gx in range(gx0 - r, gx0 + r + 1):
            for gy in range(gy0 - r, gy0 + r + 1):
                for q in self.buckets.get((gx, gy), ()):
                    best = min(best, math.dist(p, q))
        return best


# -- the language-free layers --------------------------------------------------------------------

@lru_cache(maxsize=4)
def geometry(key: MapKey, frame: Frame) -> Geometry:
    """Sea, land, the provinces' regions and borders, links and ports at ``frame`` (cached)."""
    W, H = frame.size
    k = frame.k

    def to_px(poly: Iterable[Point]) -> list[Point]:
        return [frame.pt(x, y) for x, y in poly]

    # -- land and sea
    land = Image.new("L", (W, H), 0)
    masses: dict[str, tuple[tuple[int, int], Image.Image]] = {}   # each in its own box
    for name, poly in G.LANDMASSES.items():
        pts = to_px(G.wobbly(poly))
        x0 = max(0, math.floor(min(p[0] for p in pts)))
        y0 = max(0, math.floor(min(p[1] for p in pts)))
        x1 = min(W, math.ceil(max(p[0] for p in pts)) + 1)
        y1 = min(H, math.ceil(max(p[1] for p in pts)) + 1)
        if x1 <= x0 or y1 <= y0:
            continue
        m = _mask((x1 - x0, y1 - y0), [[(x - x0, y - y0) for x, y in pts]])
        masses[name] = ((x0, y0), m)
        land.paste(255, (x0, y0, x1, y1), m)
    base = Image.new("RGB", (W, H), SEA)
    near = _threshold(land.filter(ImageFilter.GaussianBlur(9 * k)), 24)
    base.paste(SHALLOWS, (0, 0), near.filter(ImageFilter.GaussianBlur(4 * k)))
    base.paste(WILD, (0, 0), land.filter(ImageFilter.GaussianBlur(0.6)))
    # -- the provinces' regions: each drawn within its own box, not over the whole map
    cells = voronoi_cells(key.spaces)
    by_province: dict[str, list[SpaceInfo]] = {}
    for s in key.spaces:
        by_province.setdefault(s.province, []).append(s)
    regions: dict[str, tuple[tuple[int, int], Image.Image]] = {}
    labels = Image.new("L", (W, H), 0)
    in_play = Image.new("L", (W, H), 0)
    for index, (pid, members) in enumerate(sorted(by_province.items())):
        polys = {s.id: to_px(cells[s.id]) for s in members if len(cells[s.id]) >= 3}
        pts = [p for poly in polys.values() for p in poly]
        if not pts:
            continue
        x0 = max(0, math.floor(min(p[0] for p in pts)))
        y0 = max(0, math.floor(min(p[1] for p in pts)))
        x1 = min(W, math.ceil(max(p[0] for p in pts)) + 1)
        y1 = min(H, math.ceil(max(p[1] for p in pts)) + 1)
        if x1 <= x0 or y1 <= y0:
            continue
        mask = Image.new("L", (x1 - x0, y1 - y0), 0)
        for s in members:
            if s.id not in polys:
                continue
            cell = _mask(mask.size, [[(x - x0, y - y0) for x, y in polys[s.id]]])
            mass = _crop_of(masses.get(G.landmass_of(s.x, s.y) or ""), land, (x0, y0, x1, y1))
            mask = ImageChops.lighter(mask, ImageChops.multiply(cell, mass))
        box = mask.getbbox()
        if box is None:
            continue
        mask = mask.crop(box)
        at = (x0 + box[0], y0 + box[1])
        labels.paste(index + 1, (*at, at[0] + mask.width, at[1] + mask.height), mask)
        in_play.paste(255, (*at, at[0] + mask.width, at[1] + mask.height), mask)
        regions[pid] = (at, mask.point(lambda v: round(v * TINT_ALPHA)))
    base.paste(LAND, (0, 0), in_play.filter(ImageFilter.GaussianBlur(1.5 * k)))
    coast = ImageChops.subtract(_threshold(land.filter(ImageFilter.GaussianBlur(1)), 30), land)
    base.paste(COAST, (0, 0), coast)
    # -- borders between provinces (and round the land in play), inland only
    right = ImageChops.offset(labels, 1, 0)
    down = ImageChops.offset(labels, 0, 1)
    edges = ImageChops.lighter(_threshold(ImageChops.difference(labels, right), 1),
                               _threshold(ImageChops.difference(labels, down), 1))
    inland = _threshold(land.filter(ImageFilter.GaussianBlur(2)), 250)
    edges = ImageChops.multiply(edges, inland)
    if k > 1.2:
        edges = _threshold(edges.filter(ImageFilter.GaussianBlur(0.8)), 40)
    overlay = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    overlay.paste((*BORDER, 255), (0, 0), edges.point(lambda v: 200 if v else 0))
    # -- links, drawn from marker edge to marker edge
    centres = {s.id: frame.pt(s.x, s.y) for s in key.spaces}
    radius = {s.id: marker_radius(s.kind) * k for s in key.spaces}
    d = ImageDraw.Draw(overlay)
    link_points: list[Point] = []
    for a, b, kind in key.links:
        pa, pb = centres[a], centres[b]
        length = math.dist(pa, pb)
        if length <= radius[a] + radius[b]:
            continue
        ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
        p0 = (pa[0] + ux * radius[a], pa[1] + uy * radius[a])
        p1 = (pb[0] - ux * radius[b], pb[1] - uy * radius[b])
        mid = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
        if kind == "alps":
            pts = wavy(p0, p1, 2.6 * k, 9 * k)
            d.line(pts, fill=(*ROAD, 255), width=round(5 * k), joint="curve")
            d.line(pts, fill=(*WHITE, 255), width=max(1, round(2.4 * k)), joint="curve")
            _peak(d, mid, 6 * k, (*WHITE, 255), (*ROAD, 255))
        elif kind == "pass":
            pts = wavy(p0, p1, 2.6 * k, 9 * k)
            d.line(pts, fill=(*PASS, 255), width=max(1, round(2.4 * k)), joint="curve")
            _peak(d, mid, 6 * k, (*PASS, 255), (*darker(PASS, 0.4), 255))
        elif kind == "strait":
            _dashed(d, p0, p1, (*STRAIT, 255), max(1, round(2.5 * k)), 5 * k, 4 * k)
        else:
            d.line((p0, p1), fill=(*ROAD, 230), width=max(1, round(1.8 * k)))
        steps = max(1, int(math.dist(p0, p1) / (5 * k)))
        link_points += [(p0[0] + (p1[0] - p0[0]) * i / steps, p0[1] + (p1[1] - p0[1]) * i / steps)
                        for i in range(steps + 1)]
    # -- ports: an anchor on the sea side of the space
    ports: dict[str, Box] = {}
    icon = anchor_icon(k)
    link_dirs: dict[str, list[float]] = {}
    for a, b, _ in key.links:
        (ax, ay), (bx, by) = centres[a], centres[b]
        link_dirs.setdefault(a, []).append(math.atan2(by - ay, bx - ax))
        link_dirs.setdefault(b, []).append(math.atan2(ay - by, ax - bx))
    for s in key.spaces:
        if not s.port:
            continue
        cx, cy = centres[s.id]
        dist = radius[s.id] + icon.width / 2 + 1
        best, best_cost = None, math.inf
        for step in range(16):
            ang = 2 * math.pi * step / 16
            px, py = cx + math.cos(ang) * dist, cy + math.sin(ang) * dist
            wet = 0 <= px < W and 0 <= py < H and land.getpixel((int(px), int(py))) < 128
            clash = min((abs(math.remainder(ang - la, 2 * math.pi))
                         for la in link_dirs.get(s.id, [])), default=math.pi)
            cost = (0 if wet else 10) + max(0.0, 0.8 - clash) * 4 + step * 0.001
            if cost < best_cost:
                best, best_cost = (px, py), cost
        assert best is not None
        x0, y0 = round(best[0] - icon.width / 2), round(best[1] - icon.height / 2)
        overlay.alpha_composite(icon, (max(0, x0), max(0, y0)))
        ports[s.id] = (x0, y0, x0 + icon.width, y0 + icon.height)
    return Geometry(frame=frame, base=base, overlay=overlay, regions=regions,
                    centres=centres, radius=radius, ports=ports, link_points=link_points)


# -- names ---------------------------------------------------------------------------------------

@lru_cache(maxsize=8)
def background(key: MapKey, frame: Frame, lang: str) -> Background:
    """The board's static layers at ``frame`` in ``lang`` (cached; callers copy ``base``)."""
    geo = geometry(key, frame)
    d = _Labels()
    _sea_names(d, frame, lang)
    markers = {sid: (x - geo.radius[sid], y - geo.radius[sid] * 1.1, x + geo.radius[sid],
                     y + geo.radius[sid]) for sid, (x, y) in geo.centres.items()}
    obstacles = list(markers.values()) + list(geo.ports.values())
    links = _Grid(geo.link_points)
    centres = _Grid(geo.centres.values(), 48)
    taken = _province_names(d, key, geo, lang, obstacles, links, centres)
    name_boxes = _space_names(d, key, geo, lang, markers, list(geo.ports.values()) + taken, links)
    return Background(frame=frame, base=geo.base, overlay=geo.overlay, names=tuple(d.stamps),
                      regions=geo.regions,
                      centres=geo.centres, radius=geo.radius, name_boxes=name_boxes,
                      obstacles=obstacles + list(name_boxes.values()))


class _Labels:
    """Collects text as small stamps (position, RGBA picture) instead of drawing it over the
    whole map, so that a language costs only its words; measures like ``ImageDraw``."""

    def __init__(self) -> None:
        self.stamps: list[Stamp] = []
        self._measure = ImageDraw.Draw(Image.new("L", (1, 1)))

    def textbbox(self, xy: Point, text: str, **kw: Any) -> tuple[float, float, float, float]:
        return self._measure.textbbox(xy, text, **kw)

    def text(self, xy: Point, text: str, **kw: Any) -> None:
        x0, y0, x1, y1 = self._measure.textbbox(xy, text, font=kw.get("font"),
                                                anchor=kw.get("anchor"),
                                                stroke_width=kw.get("stroke_width", 0))
        ox, oy = math.floor(x0) - 1, math.floor(y0) - 1
        img = Image.new("RGBA", (math.ceil(x1) - ox + 2, math.ceil(y1) - oy + 2), (0, 0, 0, 0))
        ImageDraw.Draw(img).text((xy[0] - ox, xy[1] - oy), text, **kw)
        self.stamps.append((ox, oy, img))


def _sea_names(d: _Labels, frame: Frame, lang: str) -> None:
    f = font(frame.px(15), True)
    W, H = frame.size
    for en, ru, (x, y) in G.SEAS:
        px, py = frame.pt(x, y)
        if 0 <= px < W and 0 <= py < H:
            lines = (ru if lang == "ru" else en).split("\n")
            step = f.size + frame.px(3)
            for i, line in enumerate(lines):
                d.text((px, py + (i - (len(lines) - 1) / 2) * step), _spaced(line.upper()),
                       font=f, fill=SEA_INK, anchor="mm")


def _spaced(s: str) -> str:
    return "\u2009".join(s)


def _province_names(d: _Labels, key: MapKey, geo: Geometry, lang: str,
                    obstacles: list[Box], links: _Grid, centres: _Grid) -> list[Box]:
    """Each province's name where it stays clearest of spaces and links, inside its region."""
    f = font(geo.frame.px(PROVINCE_SIZE), True)
    k = geo.frame.k
    placed: list[Box] = []
    names = {pid: (name, name_ru) for pid, name, name_ru in key.provinces}
    spaces_of: dict[str, list[SpaceInfo]] = {}
    for s in key.spaces:
        spaces_of.setdefault(s.province, []).append(s)
    for pid, region in sorted(geo.regions.items()):
        (ox, oy), mask = region
        members = spaces_of.get(pid, [])
        name, name_ru = names.get(pid, ("", ""))
        label = province_name({"id": pid, "name": name, "name_ru": name_ru}, lang)
        if len(members) == 1 and space_name({"id": members[0].id, "name": members[0].name,
                                             "name_ru": members[0].name_ru}, lang) == label:
            continue                 # a one-space province named after its space
        text = _spaced(label.upper())
        left, t, r, b = d.textbbox((0, 0), text, font=f, anchor="mm")
        near = _near((ox + left, oy + t, ox + mask.width + r, oy + mask.height + b), obstacles)
        best, best_score = None, -math.inf
        step = max(5, round(8 * k))
        cx = sum(geo.centres[s.id][0] for s in members) / max(1, len(members))
        cy = sum(geo.centres[s.id][1] for s in members) / max(1, len(members))
        pixels = mask.load()
        mw, mh = mask.size

        def inside(px: float, py: float, pixels: Any = pixels, ox: int = ox, oy: int = oy,
                   mw: int = mw, mh: int = mh) -> bool:
            ix, iy = int(px - ox), int(py - oy)
            return 0 <= ix < mw and 0 <= iy < mh and pixels[ix, iy] > 0

        # a one-space province is named only where its name fits inside its region
        for strict in (True,) if len(members) == 1 else (True, False):
            for gy in range(0, mh, step):
                for gx in range(0, mw, step):
                    if pixels[gx, gy] == 0:
                        continue
                    x, y = ox + gx, oy + gy
                    box = (x + left - 2, y + t - 2, x + r + 2, y + b + 2)
                    if strict and not all(inside(px, py) for px, py in (
                            (box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))):
                        continue
                    if any(_overlap(box, o) for o in placed):
                        continue
                    hits = sum(_overlap(box, o) for o in near)
                    crossing = links.count(box)
                    clear = min(centres.nearest((x, y), 60 * k), 60 * k)
                    score = clear - hits * 0.5 - crossing * 6 - math.dist((x, y), (cx, cy)) * 0.05
                    if score > best_score:
                        best, best_score = (x, y, box), score
            if best is not None:
                break
        if best is None:
            continue
        x, y, box = best
        d.text((x, y), text, font=f, fill=PROVINCE_INK, anchor="mm",
               stroke_width=max(1, round(1.5 * k)), stroke_fill=(*lighter(PROVINCE_INK[:3], 0.85),
                                                                 150))
        placed.append(box)
    return placed


def _space_names(d: _Labels, key: MapKey, geo: Geometry, lang: str,
                 markers: dict[str, Box], taken: list[Box], links: _Grid) -> dict[str, Box]:
    """Each space's name beside its marker, where it covers the least."""
    k = geo.frame.k
    f = font(geo.frame.px(NAME_SIZE), True)
    W, H = geo.frame.size
    halo = max(1, round(2 * k))

    def crowd(s: SpaceInfo) -> int:
        x, y = geo.centres[s.id]
        return sum(1 for (ox, oy) in geo.centres.values() if math.dist((x, y), (ox, oy)) < 70 * k)

    placed: dict[str, Box] = {}
    for s in sorted(key.spaces, key=lambda s: (-crowd(s), s.id)):
        name = space_name({"id": s.id, "name": s.name, "name_ru": s.name_ru}, lang)
        x, y = geo.centres[s.id]
        r = geo.radius[s.id]
        g = 2 * k
        d_ = r * 0.72
        options = [((x, y + r + g), "mt"), ((x, y - r * 1.1 - g), "mb"), ((x + r + g + 1, y), "lm"),
                   ((x - r - g - 1, y), "rm"), ((x + d_, y + d_), "la"), ((x + d_, y - d_), "ld"),
                   ((x - d_, y + d_), "ra"), ((x - d_, y - d_), "rd")]
        best, best_cost = None, math.inf
        reach = (x - 300 * k, y - 60 * k, x + 300 * k, y + 60 * k)
        others = _near(reach, [m for sid, m in markers.items() if sid != s.id])
        names = _near(reach, placed.values())
        near_taken = _near(reach, taken)
        for order, (xy, anchor) in enumerate(options):
            box = d.textbbox(xy, name, font=f, anchor=anchor, stroke_width=halo)
            cost = order * 0.8
            cost += sum(_overlap(box, m) for m in others) * 3
            cost += sum(_overlap(box, o) for o in names) * 3
            cost += sum(_overlap(box, o) for o in near_taken) * 1.5
            cost += links.count(box) * 4
            if box[0] < 2 or box[1] < 2 or box[2] > W - 2 or box[3] > H - 2:
                cost += 5000
            if cost < best_cost:
                best, best_cost = (xy, anchor, box), cost
        assert best is not None
        xy, anchor, box = best
        d.text(xy, name, font=f, fill=(30, 26, 22, 255), anchor=anchor, stroke_width=halo,
               stroke_fill=(255, 252, 242, 235))
        placed[s.id] = box
    return placed
