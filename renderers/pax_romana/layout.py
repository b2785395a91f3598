"""Where things go on the Pax Romana map picture.

The map data gives every space, land Transit Point and naval point an approximate real-world
position (``pos``: lon/lat). ``project`` turns it into map pixels (an equirectangular projection
squeezed by the cosine of 40°N, from Britannia and Hispania to Mesopotamia); then ``spread``
pushes apart points that would overlap or crowd their names (Greece, the Propontis, the
toe of Italy), each point held near its place by a spring so the map keeps its geography.

``map_layout(lang)`` computes it once per process and language: every point's pixel position,
size and flags, the links, and the names in the reader's language ("en": the map data's
``name``, "ru": its ``name_ru``) with where each goes on the main map (``place_labels``, also
used for the zoomed views; a name's place depends on its length, so each language has its own).
The positions are the same in every language (``positions()``). A ``Frame`` turns map pixels into the pixels of a picture layer: the whole map at scale 1,
or a zoomed window of it.

Picture: a header bar, the map (with the powers' table and the AM track laid over the empty
steppe in its upper right corner and the key over the Sahara in its lower left), and a band below
it with the last action in words and the zoomed view of where it happened.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import font

Point = tuple[float, float]
Box = tuple[float, float, float, float]

WIDTH = 2000
HEADER_H = 56
MAP_W = WIDTH
LON_WEST, LON_EAST = -10.4, 45.6
LAT_NORTH, LAT_SOUTH = 56.9, 27.1
COS_LAT = math.cos(math.radians(40.0))
SCALE = MAP_W / ((LON_EAST - LON_WEST) * COS_LAT)        # pixels per degree of latitude
MAP_H = round((LAT_NORTH - LAT_SOUTH) * SCALE)
MAP_TOP = HEADER_H
MAP_BOTTOM = MAP_TOP + MAP_H
BAND_TOP = MAP_BOTTOM
BAND_H = 560
HEIGHT = BAND_TOP + BAND_H

# Boxes on the map (map pixels): the powers' table and the AM track over the northern steppe,
# the key over the Sahara. ``spread`` keeps every point out of them.
POWERS_BOX: Box = (1010.0, 8.0, MAP_W - 8.0, 300.0)
LEGEND_BOX: Box = (8.0, MAP_H - 236.0, 700.0, MAP_H - 8.0)
# The band: the last action in words on the left, the zoomed view on the right.
ZOOM_BOX: Box = (760.0, BAND_TOP + 12.0, WIDTH - 12.0, HEIGHT - 12.0)
ZOOM_HEAD_H = 34
ZOOM_SCALE = 2.1

# Sizes in pixels at the main scale.
SPACE_R = 11.0
TP_R = 6.0
NAVAL_R = 7.5
DSTP_R = 9.5
NAME_SIZE = 15
TP_NAME_SIZE = 12
NAVAL_NAME_SIZE = 12

# The least distance between two points' centres after spreading, by kind.
_SPACING = {("space", "space"): 50.0, ("space", "tp"): 36.0, ("tp", "tp"): 28.0,
            ("naval", "space"): 40.0, ("naval", "tp"): 32.0, ("naval", "naval"): 40.0}


def project(lon: float, lat: float) -> Point:
    """Map pixels of a longitude and latitude."""
    return (lon - LON_WEST) * COS_LAT * SCALE, (LAT_NORTH - lat) * SCALE


@dataclass(frozen=True)
class Frame:
    """Map pixels to the pixels of a picture layer: ``scale`` pixels per map pixel from the map
    point (``x0``, ``y0``); ``k`` multiplies the size of markers, counters and type, which grow
    less than distances so that a crowded corner opens up."""

    scale: float
    x0: float
    y0: float
    k: float
    width: int
    height: int

    def pt(self, x: float, y: float) -> Point:
        return (x - self.x0) * self.scale, (y - self.y0) * self.scale

    def px(self, n: float) -> int:
        """A size of ``n`` pixels at the main scale, at this frame's size."""
        return max(1, round(n * self.k))

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def window(self) -> Box:
        """The part of the map (map pixels) this frame shows."""
        return (self.x0, self.y0, self.x0 + self.width / self.scale,
                self.y0 + self.height / self.scale)


MAIN = Frame(1.0, 0.0, 0.0, 1.0, MAP_W, MAP_H)


def zoom_frame(window: Box, size: tuple[int, int]) -> Frame:
    """The frame that shows ``window`` (map pixels) in a layer of ``size``, centred."""
    w, h = size
    scale = min(w / max(1.0, window[2] - window[0]), h / max(1.0, window[3] - window[1]))
    cx, cy = (window[0] + window[2]) / 2, (window[1] + window[3]) / 2
    if abs(scale - ZOOM_SCALE) < 1e-6:
        scale = ZOOM_SCALE               # the inset's scale, whose names are placed once
    x0, y0 = cx - w / scale / 2, cy - h / scale / 2
    return Frame(scale, x0, y0, zoom_k(scale), w, h)


def zoom_k(scale: float) -> float:
    """How much markers and type grow in a view zoomed by ``scale``."""
    return max(1.0, 1.0 + (scale - 1.0) * 0.55)


# -- the static map ------------------------------------------------------------------------------

@dataclass(frozen=True)
class MapPoint:
    """A space, land Transit Point or naval point as the picture draws it."""

    id: str
    name: str
    label: str               # the name as written on the map
    kind: str                # space | tp | ntp | dstp
    x: float                 # map pixels, after spreading
    y: float
    radius: float
    province: str            # "" for naval points
    territory: str
    capital: bool = False
    port: bool = False
    rough_mountain: bool = False
    mine: bool = False
    tribal: bool = False

    @property
    def naval(self) -> bool:
        return self.kind in ("ntp", "dstp")


@dataclass(frozen=True)
class MapLink:
    a: str
    b: str
    type: str                # land | sea | strait | alpine_pass


@dataclass(frozen=True)
class Label:
    """A name's place: the Pillow anchor point and anchor, and the box it covers."""

    xy: Point
    anchor: str
    box: Box
    size: int


@dataclass(frozen=True)
class MapLayout:
    points: Mapping[str, MapPoint]
    links: tuple[MapLink, ...]
    territories: Mapping[str, tuple[str, str, str]]    # id -> name, kind, colour word
    provinces: Mapping[str, tuple[str, str]]           # id -> name, territory
    power_colours: Mapping[str, str]
    labels: Mapping[str, Label]                        # main-map names of spaces and TPs
    naval_labels: Mapping[str, Label]                  # main-map names of naval points

    def spaces_in(self, window: Box, margin: float = 0.0) -> list[MapPoint]:
        return [p for p in self.points.values()
                if window[0] - margin <= p.x <= window[2] + margin
                and window[1] - margin <= p.y <= window[3] + margin]


def short_name(name: str) -> str:
    """A space's name without the alternative in brackets: "Semnones (Suebi)" -> "Semnones"."""
    return re.sub(r"\s*\(.*?\)\s*", " ", name).strip() or name


def naval_label(name: str, taken: Mapping[str, int]) -> str:
    """A naval point's name, its bracket kept only where the short name is shared."""
    short = short_name(name)
    if "(open sea)" in name or taken.get(short, 0) <= 1:
        return short
    return name


def translated_label(name: str, label: str, translation: str) -> str:
    """The label of a point named ``translation`` in another language, cut as the English
    ``label`` cuts the English ``name``: its bracket dropped where the English drops it."""
    return translation if label == name else short_name(translation)


def _point_class(kind: str) -> str:
    return "naval" if kind in ("ntp", "dstp") else ("tp" if kind == "tp" else "space")


def _spacing(a: str, b: str) -> float:
    ca, cb = _point_class(a), _point_class(b)
    return _SPACING.get((ca, cb)) or _SPACING[(cb, ca)]


def _inside(p: Point, box: Box, margin: float) -> bool:
    return box[0] - margin < p[0] < box[2] + margin and box[1] - margin < p[1] < box[3] + margin


def spread(anchors: Mapping[str, Point], kinds: Mapping[str, str], keep_out: Sequence[Box] = (),
           rounds: int = 400) -> dict[str, Point]:
    """Positions near ``anchors`` with no two points closer than their kinds' spacing: pairs too
    close push each other apart, a spring pulls each point back toward its anchor, and nothing
    stays inside ``keep_out`` or off the map. Deterministic (sorted ids)."""
    ids = sorted(anchors)
    pos = {i: list(anchors[i]) for i in ids}
    cell = max(_SPACING.values())
    for round_no in range(rounds):
        grid: dict[tuple[int, int], list[str]] = {}
        for i in ids:
            grid.setdefault((int(pos[i][0] // cell), int(pos[i][1] // cell)), []).append(i)
        moves = {i: [0.0, 0.0] for i in ids}
        crowded = False
        for i in ids:
            gx, gy = int(pos[i][0] // cell), int(pos[i][1] // cell)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for j in grid.get((gx + dx, gy + dy), ()):
                        if j <= i:
                            continue
                        need = _spacing(kinds[i], kinds[j])
                        vx, vy = pos[j][0] - pos[i][0], pos[j][1] - pos[i][1]
                        dist = math.hypot(vx, vy)
                        if dist >= need:
                            continue
                        crowded = True
                        if dist < 1e-6:
                            angle = (hash_angle(i) + hash_angle(j)) / 2
                            vx, vy, dist = math.cos(angle), math.sin(angle), 1.0
                        push = (need - dist) / 2 * 0.6
                        moves[i][0] -= vx / dist * push
                        moves[i][1] -= vy / dist * push
                        moves[j][0] += vx / dist * push
                        moves[j][1] += vy / dist * push
        pull = 0.012 if round_no < rounds // 2 else 0.0
        for i in ids:
            x = pos[i][0] + moves[i][0] + (anchors[i][0] - pos[i][0]) * pull
            y = pos[i][1] + moves[i][1] + (anchors[i][1] - pos[i][1]) * pull
            for box in keep_out:
                if _inside((x, y), box, 26):
                    # out by the nearest side
                    sides = [(x - box[0] + 26, -1, 0), (box[2] + 26 - x, 1, 0),
                             (y - box[1] + 26, 0, -1), (box[3] + 26 - y, 0, 1)]
                    depth, sx, sy = min(sides)
                    x, y = x + sx * depth, y + sy * depth
            pos[i][0] = min(max(x, 24.0), MAP_W - 24.0)
            pos[i][1] = min(max(y, 24.0), MAP_H - 24.0)
        if not crowded and round_no > 20:
            break
    return {i: (pos[i][0], pos[i][1]) for i in ids}


def hash_angle(text: str) -> float:
    """A fixed angle from a string (Python's ``hash`` of a str changes between processes)."""
    return sum((n + 1) * ord(c) for n, c in enumerate(text)) % 628 / 100


# -- names ---------------------------------------------------------------------------------------

class BoxGrid:
    """Boxes bucketed on a grid, to find the ones near a place quickly."""

    def __init__(self, cell: float = 80.0) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def _keys(self, box: Box) -> Iterable[tuple[int, int]]:
        c = self.cell
        for gx in range(int(box[0] // c), int(box[2] // c) + 1):
            for gy in range(int(box[1] // c), int(box[3] // c) + 1):
                yield gx, gy

    def near(self, box: Box) -> set[Box]:
        found: set[Box] = set()
        for key in self._keys(box):
            found.update(self.cells.get(key, ()))
        return found


def _box_distance(box: Box, p: Point) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _segment_boxes(a: Point, b: Point, step: float) -> list[Box]:
    n = max(1, int(math.dist(a, b) / step))
    return [(a[0] + (b[0] - a[0]) * i / n - 1, a[1] + (b[1] - a[1]) * i / n - 1,
             a[0] + (b[0] - a[0]) * i / n + 1, a[1] + (b[1] - a[1]) * i / n + 1)
            for i in range(1, n)]


_MEASURE = ImageDraw.Draw(Image.new("L", (1, 1)))
# The sizes a name may take, by language: the Russian names run longer than the Latin ones,
# so they may also shrink a little more where the map is crowded.
SHRINKS: Mapping[str, tuple[tuple[int, float], ...]] = {
    "en": ((0, 0.0), (2, 6.0)),
    "ru": ((0, 0.0), (2, 6.0), (3, 12.0)),
}


@lru_cache(maxsize=8192)
def text_box(text: str, size: int, anchor: str, halo: int) -> Box:
    """The box of ``text`` in bold at ``size`` drawn at (0, 0) with ``anchor`` (cached: the
    same names are measured for every zoomed view)."""
    return _MEASURE.textbbox((0, 0), text, font=font(size, True), anchor=anchor,
                             stroke_width=halo)


def place_labels(items: Sequence[tuple[str, str, Point, float, int]],
                 circles: Iterable[tuple[Point, float]], segments: Iterable[tuple[Point, Point]],
                 bounds: Box, blocked: Iterable[Box] = (), halo: int = 2,
                 shrinks: Sequence[tuple[int, float]] = SHRINKS["en"]) -> dict[str, Label]:
    """Each name beside its point, where it covers the fewest circles, links and other names.

    ``items``: (id, text, centre, radius, font size), placed most crowded first; ``circles``
    and ``segments`` (links) are what a name should not cover; a name must stay in ``bounds``
    and should stay out of ``blocked``; ``shrinks``: the smaller sizes a name may take (pixels
    less, and the cost of it) where it does not fit at its own."""
    obstacles = BoxGrid()
    for (cx, cy), r in circles:
        obstacles.add((cx - r, cy - r, cx + r, cy + r))
    lines = BoxGrid()
    for a, b in segments:
        for box in _segment_boxes(a, b, 10.0):
            lines.add(box)
    blocked = list(blocked)
    centres = [c for _, _, c, _, _ in items]

    def crowd(c: Point) -> int:
        return sum(1 for o in centres if abs(o[0] - c[0]) < 90 and abs(o[1] - c[1]) < 40)

    order = sorted(items, key=lambda it: (-crowd(it[2]), it[0]))
    options_of: dict[str, list[tuple[float, Label]]] = {}
    for sid, text, (x, y), r, size in order:
        options: list[tuple[float, Label]] = []
        for shrink, size_cost in shrinks:
            g = 2.0
            d = r * 0.74
            spots = [((x + r + g, y), "lm"), ((x - r - g, y), "rm"), ((x, y + r + g), "mt"),
                     ((x, y - r - g), "mb"), ((x + d, y + d), "la"), ((x + d, y - d), "ld"),
                     ((x - d, y + d), "ra"), ((x - d, y - d), "rd")]
            for rank, (xy, anchor) in enumerate(spots):
                bx0, by0, bx1, by1 = text_box(text, size - shrink, anchor, halo)
                box = (xy[0] + bx0, xy[1] + by0, xy[0] + bx1, xy[1] + by1)
                cost = rank * 1.5 + size_cost
                if box[0] < bounds[0] or box[1] < bounds[1] or box[2] > bounds[2] \
                        or box[3] > bounds[3]:
                    cost += 10000
                for o in obstacles.near(box):
                    cost += overlap(box, o) / 40
                # a name should sit nearer its own point than any other point
                own = _box_distance(box, (x, y))
                near = (box[0] - 16, box[1] - 16, box[2] + 16, box[3] + 16)
                for o in obstacles.near(near):
                    ox, oy = (o[0] + o[2]) / 2, (o[1] + o[3]) / 2
                    if abs(ox - x) + abs(oy - y) > 1 and _box_distance(box, (ox, oy)) < own + 5:
                        cost += 12
                for o in blocked:
                    cost += overlap(box, o) / 20
                cost += len(lines.near(box)) * 2.0
                options.append((cost, Label(xy, anchor, box, size - shrink)))
        options_of[sid] = options

    def clash(box: Box, grid: BoxGrid, own: Box | None) -> float:
        return sum(overlap(box, o) / 12 + 30 for o in grid.near(box)
                   if o is not own and overlap(box, o) > 0)

    placed: dict[str, Label] = {}
    for _ in range(4):
        names = BoxGrid()
        for label in placed.values():
            names.add(label.box)
        changed = False
        for sid, *_rest in order:
            own = placed[sid].box if sid in placed else None
            best = min(options_of[sid], key=lambda o: o[0] + clash(o[1].box, names, own))
            if sid not in placed or best[1] != placed[sid]:
                changed = True
                if own is not None:
                    for key in names._keys(own):
                        cell = names.cells.get(key, [])
                        if own in cell:
                            cell.remove(own)
                placed[sid] = best[1]
                names.add(best[1].box)
        if not changed:
            break
    return placed


# -- the layout, once per process and language ---------------------------------------------------

LANGS = ("en", "ru")


def _data() -> Any:
    from games.pax_romana.data import load

    return load()


def map_lang(lang: str) -> str:
    """The map's language for a reader's: Russian, or else English (the data's two)."""
    return lang if lang in LANGS else "en"


@cache
def positions() -> dict[str, Point]:
    """Every point's place in map pixels after ``spread`` (computed once: names never move a
    point, so every language shares them)."""
    data = _data()
    anchors: dict[str, Point] = {}
    kinds: dict[str, str] = {}
    for s in data.spaces.values():
        anchors[s.id] = project(s.pos.lon, s.pos.lat)
        kinds[s.id] = "tp" if s.kind == "land_tp" else "space"
    for n in data.naval_points.values():
        anchors[n.id] = project(n.pos.lon, n.pos.lat)
        kinds[n.id] = n.kind
    return spread(anchors, kinds, keep_out=(POWERS_BOX, LEGEND_BOX))


def map_layout(lang: str = "en") -> MapLayout:
    """Every point, link and main-map name of the Pax Romana map, the names in ``lang``
    (computed once per language)."""
    return _map_layout(map_lang(lang))


@cache
def _map_layout(lang: str) -> MapLayout:
    data = _data()
    ru = lang == "ru"
    where = positions()
    points: dict[str, MapPoint] = {}
    for s in data.spaces.values():
        x, y = where[s.id]
        tp = s.kind == "land_tp"
        name = s.name_ru if ru else s.name
        points[s.id] = MapPoint(
            id=s.id, name=name, label=short_name(name), kind="tp" if tp else "space",
            x=x, y=y, radius=TP_R if tp else SPACE_R, province=s.province,
            territory=s.territory, capital=s.capital, port=s.port,
            rough_mountain=s.rough_mountain, mine=s.mine, tribal=s.tribal)
    shorts: dict[str, int] = {}
    for n in data.naval_points.values():
        shorts[short_name(n.name)] = shorts.get(short_name(n.name), 0) + 1
    for n in data.naval_points.values():
        x, y = where[n.id]
        label = naval_label(n.name, shorts)
        points[n.id] = MapPoint(id=n.id, name=n.name_ru if ru else n.name,
                                label=translated_label(n.name, label, n.name_ru) if ru else label,
                                kind=n.kind, x=x, y=y,
                                radius=DSTP_R if n.kind == "dstp" else NAVAL_R,
                                province="", territory="")
    links = tuple(MapLink(link.a, link.b, link.type) for link in data.links
                  if link.a in points and link.b in points)
    territories = {t.id: (t.name_ru if ru else t.name, t.kind, t.colour)
                   for t in data.territories.values()}
    provinces = {p.id: (p.name_ru if ru else p.name, p.territory)
                 for p in data.provinces.values()}
    colours = {p.id: p.colour for p in data.powers.values()}
    labels, naval_labels = main_labels(points, links, lang)
    return MapLayout(points=points, links=links, territories=territories, provinces=provinces,
                     power_colours=colours, labels=labels, naval_labels=naval_labels)


def label_items(points: Iterable[MapPoint], frame: Frame) -> list[tuple[str, str, Point, float,
                                                                        int]]:
    items = []
    for p in points:
        if p.naval:
            continue
        size = frame.px(TP_NAME_SIZE if p.kind == "tp" else NAME_SIZE)
        items.append((p.id, p.label, frame.pt(p.x, p.y), p.radius * frame.k, size))
    return items


def main_labels(points: Mapping[str, MapPoint], links: Sequence[MapLink], lang: str = "en"
                ) -> tuple[dict[str, Label], dict[str, Label]]:
    frame = MAIN
    shrinks = SHRINKS[map_lang(lang)]
    circles = [((p.x, p.y), p.radius + 1) for p in points.values()]
    segments = [((points[lk.a].x, points[lk.a].y), (points[lk.b].x, points[lk.b].y))
                for lk in links if lk.type != "sea"]
    bounds = (2.0, 2.0, MAP_W - 2.0, MAP_H - 2.0)
    labels = place_labels(label_items(points.values(), frame), circles, segments, bounds,
                          blocked=(POWERS_BOX, LEGEND_BOX), shrinks=shrinks)
    taken = [lb.box for lb in labels.values()] + [POWERS_BOX, LEGEND_BOX]
    naval = [(p.id, p.label, (p.x, p.y), p.radius, NAVAL_NAME_SIZE) for p in points.values()
             if p.naval]
    sea_segments = [((points[lk.a].x, points[lk.a].y), (points[lk.b].x, points[lk.b].y))
                    for lk in links]
    naval_labels = place_labels(naval, circles, sea_segments, bounds, blocked=taken,
                                shrinks=shrinks)
    return labels, naval_labels


def zoom_labels(lang: str = "en") -> tuple[dict[str, Label], dict[str, Label]]:
    """The names of the whole map in ``lang`` placed once at the inset's scale (``ZOOM_SCALE``),
    in the pixels of that scale from the map's corner: an inset only shifts the ones it
    shows."""
    return _zoom_labels(map_lang(lang))


@cache
def _zoom_labels(lang: str) -> tuple[dict[str, Label], dict[str, Label]]:
    lay = map_layout(lang)
    frame = Frame(ZOOM_SCALE, 0.0, 0.0, zoom_k(ZOOM_SCALE), round(MAP_W * ZOOM_SCALE),
                  round(MAP_H * ZOOM_SCALE))
    pts = lay.points
    circles = [(frame.pt(p.x, p.y), p.radius * frame.k + 1) for p in pts.values()]
    segments = [(frame.pt(pts[lk.a].x, pts[lk.a].y), frame.pt(pts[lk.b].x, pts[lk.b].y))
                for lk in lay.links if lk.type != "sea"]
    bounds = (2.0, 2.0, frame.width - 2.0, frame.height - 2.0)
    labels = place_labels(label_items(pts.values(), frame), circles, segments, bounds,
                          shrinks=SHRINKS[lang])
    naval = [(p.id, p.label, frame.pt(p.x, p.y), p.radius * frame.k,
              frame.px(NAVAL_NAME_SIZE)) for p in pts.values() if p.naval]
    naval_labels = place_labels(naval, circles, segments, bounds,
                                blocked=[lb.box for lb in labels.values()], shrinks=SHRINKS[lang])
    return labels, naval_labels


def shifted(label: Label, dx: float, dy: float) -> Label:
    b = label.box
    return Label((label.xy[0] + dx, label.xy[1] + dy), label.anchor,
                 (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy), label.size)


def dicts(items: Any) -> list[Mapping[str, Any]]:
    if isinstance(items, Mapping):
        items = list(items.values())
    return [x for x in items or [] if isinstance(x, Mapping)] if isinstance(items, list | tuple) \
        else []
