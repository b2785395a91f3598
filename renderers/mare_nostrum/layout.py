"""Where things go on the Mare Nostrum board picture.

The board dict gives every Province and Sea a schematic anchor (``pos``) on a 960 x 540 canvas.
Each Province becomes a card (its name, one icon per Building slot, a row for Legions and the
Fortress) and each Sea a label (its name, a row for Triremes). The anchors are scaled to the
picture with crowded stretches given more room (``axis_warp``), the cards are spread from there
until none overlaps, keeping the map's geography (``spread``); then the map is cut into regions around
them (a power diagram: Voronoi cells weighted by each card's size, trimmed to a disc so that seas
and provinces stay blob-shaped). Islands are land blobs under their card inside a water region.

Everything here depends only on the static part of the board (areas, slots, adjacency), so it is
computed once per process for each map (``map_layout`` is cached).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

Point = tuple[float, float]
Box = tuple[float, float, float, float]

WIDTH = 1200
HEADER_H = 64
MAP_TOP = HEADER_H
MAP_H = 880
MAP_BOTTOM = MAP_TOP + MAP_H

SOURCE_W, SOURCE_H = 960, 540          # the board dict's schematic canvas
SOURCE_MARGIN = 22                     # room between the scaled anchors and the map's edges

# A Province card.
ICON = 22                              # a Building slot icon
GAP = 3
PAD = 5
COLS = 4                               # slot icons per row
CARD_W = COLS * ICON + (COLS - 1) * GAP + 2 * PAD + 2
NAME_H = 22
UNIT_H = 22                            # Legions and Fortress row

# A Sea label.
SEA_W = 122
SEA_NAME_H = 36
FLEET_H = 24

SPACING = 8                            # the least room between two cards after spreading
LAND_REACH = 200                       # how far a Province's region reaches from its card centre
SEA_REACH = 135
ISLAND_MARGIN = 9                      # land showing around an island's card

# Panels below the map: the three Leadership tracks, the Empires table, trade and battle, the
# Heroes and Wonders on offer, the legend.
TRACKS_TOP = MAP_BOTTOM
TRACK_ROW_H = 56
TRACKS_H = 3 * TRACK_ROW_H + 18
TRACK_LABEL_W = 226
TRACK_MIN, TRACK_MAX = 0, 15           # track positions I-XV, and 0 below them
EMPIRES_HEAD_H = 34
EMPIRE_ROW_H = 62
COL_NAME, COL_RES, COL_CITIES, COL_CARDS = 14, 330, 490, 640
INFO_H = 184
INFO_SPLIT = 650
OFFER_ROW_H = 56
LEGEND_H = 104


def track_cell(v: int) -> tuple[float, float]:
    """The left and right x of position ``v`` on a Leadership track."""
    n = TRACK_MAX - TRACK_MIN + 1
    w = (WIDTH - 10 - TRACK_LABEL_W) / n
    x0 = TRACK_LABEL_W + (min(max(v, TRACK_MIN), TRACK_MAX) - TRACK_MIN) * w
    return x0, x0 + w


def empires_top() -> int:
    return TRACKS_TOP + TRACKS_H


def info_top(n_empires: int) -> int:
    return empires_top() + EMPIRES_HEAD_H + max(n_empires, 1) * EMPIRE_ROW_H + 8


def offer_top(n_empires: int) -> int:
    return info_top(n_empires) + INFO_H


def legend_top(n_empires: int) -> int:
    return offer_top(n_empires) + OFFER_ROW_H


def height(n_empires: int) -> int:
    return legend_top(n_empires) + LEGEND_H


# -- the static map ---------------------------------------------------------------------------

# One Province as the static map sees it: id, kind, anchor x, y, city slot types, caravan goods,
# market slot, temple slot, land neighbours, seas.
ProvinceKey = tuple[str, str, float, float, tuple[str, ...], tuple[str, ...], bool, bool,
                    tuple[str, ...], tuple[str, ...]]
# One Sea: id, anchor x, y, neighbouring seas, coasts.
SeaKey = tuple[str, float, float, tuple[str, ...], tuple[str, ...]]
MapKey = tuple[tuple[ProvinceKey, ...], tuple[SeaKey, ...]]


def _num(value: Any, default: float) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def _pos(item: Mapping[str, Any]) -> tuple[float, float]:
    pos = item.get("pos") or {}
    if isinstance(pos, Mapping):
        return _num(pos.get("x"), SOURCE_W / 2), _num(pos.get("y"), SOURCE_H / 2)
    if isinstance(pos, Sequence) and len(pos) >= 2:
        return _num(pos[0], SOURCE_W / 2), _num(pos[1], SOURCE_H / 2)
    return SOURCE_W / 2, SOURCE_H / 2


def _ids(items: Any) -> tuple[str, ...]:
    return tuple(sorted(str(x) for x in items or ()))


def map_key(board: Mapping[str, Any]) -> MapKey:
    """The static part of the board dict, hashable: the key of every cache of this title."""
    provinces = []
    for p in board.get("provinces") or []:
        if not isinstance(p, Mapping) or not p.get("id"):
            continue
        x, y = _pos(p)
        cities = tuple(str(c.get("type", "ordinary")) for c in p.get("cities") or []
                       if isinstance(c, Mapping))
        caravans = tuple(str(c.get("good", "")) for c in p.get("caravans") or []
                         if isinstance(c, Mapping))
        provinces.append((str(p["id"]), str(p.get("kind") or "land"), x, y, cities, caravans,
                          p.get("market") is not None, p.get("temple") is not None,
                          _ids(p.get("land")), _ids(p.get("seas"))))
    seas = []
    for s in board.get("seas") or []:
        if not isinstance(s, Mapping) or not s.get("id"):
            continue
        x, y = _pos(s)
        seas.append((str(s["id"]), x, y, _ids(s.get("seas")), _ids(s.get("coasts"))))
    return tuple(sorted(provinces)), tuple(sorted(seas))


EVEN_OUT = 0.45   # how far each axis is evened out toward equal spacing of the anchors


def axis_warp(values: Iterable[float], source: float, size: float) -> Callable[[float], float]:
    """A monotonic map of one axis of the schematic canvas (``source`` long) onto ``[0, size]``:
    part linear, part by rank, so that crowded stretches of the map get more room and empty ones
    less."""
    vals = sorted(set(values))
    if len(vals) < 2:
        return lambda v: v / source * size
    lo, hi = vals[0], vals[-1]
    n = len(vals)
    knots = [((v - lo) / (hi - lo), i / (n - 1)) for i, v in enumerate(vals)]
    targets = [(1 - EVEN_OUT) * lin + EVEN_OUT * rank for lin, rank in knots]

    def warp(v: float) -> float:
        t = (v - lo) / (hi - lo)
        if t <= 0:
            return t * size
        if t >= 1:
            return size + (t - 1) * size
        for (t0, _), (t1, _), u0, u1 in zip(knots, knots[1:], targets, targets[1:],
                                           strict=False):
            if t0 <= t <= t1:
                return (u0 + (u1 - u0) * ((t - t0) / (t1 - t0) if t1 > t0 else 0)) * size
        return t * size

    return warp


SlotId = tuple[str, int]   # ("city", i) | ("temple", 0) | ("market", 0) | ("caravan", i)


@dataclass(frozen=True)
class Area:
    id: str
    kind: str                         # "land" | "island" | "sea"
    anchor: Point                     # the scaled schematic anchor
    centre: Point                     # the card (or label) centre after spreading
    box: Box                          # the card (or label)
    cell: tuple[Point, ...] = ()      # the region of the map around it (a convex polygon)
    slots: tuple[tuple[SlotId, Point], ...] = ()
    units: Box = (0, 0, 0, 0)         # the Legions / Triremes row
    name_box: Box = (0, 0, 0, 0)

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    def slot(self, sid: SlotId) -> Point | None:
        for k, p in self.slots:
            if k == sid:
                return p
        return None


@dataclass(frozen=True)
class MapLayout:
    areas: dict[str, Area] = field(default_factory=dict)
    land_links: tuple[tuple[str, str], ...] = ()
    sea_lanes: tuple[tuple[str, str], ...] = ()
    coasts: tuple[tuple[str, str], ...] = ()      # (sea, province)


def slot_ids(cities: Sequence[str], caravans: Sequence[str], market: bool,
             temple: bool) -> list[SlotId]:
    """The order of a card's slot icons: Cities, Temple, Market, then Caravans."""
    out: list[SlotId] = [("city", i) for i in range(len(cities))]
    if temple:
        out.append(("temple", 0))
    if market:
        out.append(("market", 0))
    out += [("caravan", i) for i in range(len(caravans))]
    return out


def card_size(n_slots: int) -> tuple[float, float]:
    rows = max(1, math.ceil(n_slots / COLS))
    return CARD_W, NAME_H + PAD + rows * ICON + (rows - 1) * GAP + GAP + UNIT_H + PAD


SEA_SIZE = (SEA_W, SEA_NAME_H + FLEET_H)


@dataclass
class _Node:
    id: str
    kind: str
    ax: float
    ay: float
    w: float
    h: float
    x: float = 0.0
    y: float = 0.0


def spread(nodes: list[_Node], iterations: int = 500) -> None:
    """Move the cards apart until none overlaps (with ``SPACING`` between them), each pulled back
    toward its anchor less and less as the passes go on. Deterministic."""
    for n in nodes:
        n.x, n.y = n.ax, n.ay
        _clamp(n)
    for it in range(iterations):
        pull = 0.04 * max(0.0, 1 - it / (iterations * 0.7))
        for n in nodes:
            n.x += (n.ax - n.x) * pull
            n.y += (n.ay - n.y) * pull
        moved = False
        for i, a in enumerate(nodes):
            for b in nodes[i + 1:]:
                dx, dy = b.x - a.x, b.y - a.y
                ox = (a.w + b.w) / 2 + SPACING - abs(dx)
                oy = (a.h + b.h) / 2 + SPACING - abs(dy)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                # push along the axis that needs the smaller move (a little wider in x: the map
                # has more room across than down)
                if ox * 1.0 < oy * 1.25:
                    s = (1 if dx > 0 or (dx == 0 and a.ax <= b.ax) else -1) * ox / 2
                    a.x -= s
                    b.x += s
                else:
                    s = (1 if dy > 0 or (dy == 0 and a.ay <= b.ay) else -1) * oy / 2
                    a.y -= s
                    b.y += s
        for n in nodes:
            _clamp(n)
        if not moved and pull == 0:
            break


def _clamp(n: _Node) -> None:
    m = 6
    n.x = min(max(n.x, n.w / 2 + m), WIDTH - n.w / 2 - m)
    n.y = min(max(n.y, MAP_TOP + n.h / 2 + m), MAP_BOTTOM - n.h / 2 - m)


def clip(poly: list[Point], a: float, b: float, c: float) -> list[Point]:
    """The part of a convex polygon where ``a*x + b*y <= c`` (Sutherland-Hodgman)."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def power_cells(nodes: Sequence[_Node], bounds: Box) -> dict[str, list[Point]]:
    """Each node's power-diagram cell (weight = its card's half diagonal squared) inside
    ``bounds``, trimmed to a disc of the node kind's reach."""
    x0, y0, x1, y1 = bounds
    out: dict[str, list[Point]] = {}
    weights = {n.id: ((n.w / 2) ** 2 + (n.h / 2) ** 2) * 0.8 for n in nodes}
    for n in nodes:
        poly: list[Point] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for m in nodes:
            if m is n or not poly:
                continue
            # |p-n|^2 - wn <= |p-m|^2 - wm  <=>  2p.(m-n) <= |m|^2-|n|^2 - wm + wn
            a, b = 2 * (m.x - n.x), 2 * (m.y - n.y)
            c = (m.x ** 2 + m.y ** 2) - (n.x ** 2 + n.y ** 2) - weights[m.id] + weights[n.id]
            poly = clip(poly, a, b, c)
        reach = SEA_REACH if n.kind == "sea" else LAND_REACH
        reach = max(reach, math.hypot(n.w, n.h) / 2 + 30)
        for k in range(32):
            t = 2 * math.pi * (k + 0.5) / 32
            a, b = math.cos(t), math.sin(t)
            if not poly:
                break
            poly = clip(poly, a, b, a * n.x + b * n.y + reach)
        out[n.id] = poly
    return out


def _slot_points(box: Box, sids: Sequence[SlotId]) -> tuple[tuple[SlotId, Point], ...]:
    x0, y0, x1, _ = box
    out = []
    rows = [sids[i:i + COLS] for i in range(0, len(sids), COLS)]
    for r, row in enumerate(rows):
        width = len(row) * ICON + (len(row) - 1) * GAP
        left = (x0 + x1) / 2 - width / 2
        cy = y0 + NAME_H + PAD + r * (ICON + GAP) + ICON / 2
        for i, sid in enumerate(row):
            out.append((sid, (left + i * (ICON + GAP) + ICON / 2, cy)))
    return tuple(out)


def _pairs(pairs: Iterable[tuple[str, str]], known: set[str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted({tuple(sorted((a, b))) for a, b in pairs  # type: ignore[misc]
                         if a in known and b in known and a != b}))


@lru_cache(maxsize=16)
def map_layout(key: MapKey) -> MapLayout:
    provinces, seas = key
    nodes: list[_Node] = []
    sids: dict[str, list[SlotId]] = {}
    xs = [p[2] for p in provinces] + [s[1] for s in seas]
    ys = [p[3] for p in provinces] + [s[2] for s in seas]
    wx = axis_warp(xs, SOURCE_W, WIDTH - 2 * SOURCE_MARGIN - CARD_W)
    wy = axis_warp(ys, SOURCE_H, MAP_H - 2 * SOURCE_MARGIN - 90)

    def to_map(x: float, y: float) -> Point:
        return SOURCE_MARGIN + CARD_W / 2 + wx(x), MAP_TOP + SOURCE_MARGIN + 45 + wy(y)

    for pid, kind, x, y, cities, caravans, market, temple, _, _ in provinces:
        sids[pid] = slot_ids(cities, caravans, market, temple)
        w, h = card_size(len(sids[pid]))
        ax, ay = to_map(x, y)
        if kind == "island":
            w, h = w + 2 * ISLAND_MARGIN, h + 2 * ISLAND_MARGIN
        nodes.append(_Node(pid, "island" if kind == "island" else "land", ax, ay, w, h))
    for sid, x, y, _, _ in seas:
        ax, ay = to_map(x, y)
        nodes.append(_Node(sid, "sea", ax, ay, *SEA_SIZE))
    spread(nodes)
    cells = power_cells(nodes, (0, MAP_TOP, WIDTH, MAP_BOTTOM))
    areas: dict[str, Area] = {}
    for n in nodes:
        if n.kind == "island":
            w, h = n.w - 2 * ISLAND_MARGIN, n.h - 2 * ISLAND_MARGIN
        else:
            w, h = n.w, n.h
        box = (n.x - w / 2, n.y - h / 2, n.x + w / 2, n.y + h / 2)
        if n.kind == "sea":
            units = (box[0], box[3] - FLEET_H, box[2], box[3])
            name_box = (box[0], box[1], box[2], box[1] + SEA_NAME_H)
            slots: tuple[tuple[SlotId, Point], ...] = ()
        else:
            units = (box[0] + PAD, box[3] - PAD - UNIT_H, box[2] - PAD, box[3] - PAD)
            name_box = (box[0], box[1], box[2], box[1] + NAME_H)
            slots = _slot_points(box, sids[n.id])
        areas[n.id] = Area(id=n.id, kind=n.kind, anchor=(n.ax, n.ay), centre=(n.x, n.y),
                           box=box, cell=tuple(cells.get(n.id, ())), slots=slots, units=units,
                           name_box=name_box)
    pids = {p[0] for p in provinces}
    seaids = {s[0] for s in seas}
    land = _pairs(((p[0], q) for p in provinces for q in p[8]), pids)
    lanes = _pairs(((s[0], q) for s in seas for q in s[3]), seaids)
    coast_pairs = {(s[0], q) for s in seas for q in s[4] if q in pids}
    coast_pairs |= {(q, p[0]) for p in provinces for q in p[9] if q in seaids}
    return MapLayout(areas=areas, land_links=land, sea_lanes=lanes,
                     coasts=tuple(sorted(coast_pairs)))


def layout_of(board: Mapping[str, Any]) -> MapLayout:
    return map_layout(map_key(board))
