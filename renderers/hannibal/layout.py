"""Where things go on the Hannibal board picture, and the static map read from a board dict.

The spaces' positions (``x``, ``y``) are on a 2300 x 1582 map; the picture shows the part of it
that holds spaces (``CROP``) scaled to ``WIDTH``. A ``Frame`` turns map positions into pixels at
one scale: ``MAIN`` for the whole map, ``ZOOM`` for the magnified inset (its markers and type grow
less than its distances, so that a crowded corner opens up).

Picture: a header bar, the map, and a band below it with the turn track, both sides' counts, the
deck and the inset. During a battle, a battle panel is laid over the empty sea in the map's lower
right corner; the legend sits on the empty land of the lower left corner.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from renderers.hannibal.labels import data_space

Point = tuple[float, float]
Box = tuple[float, float, float, float]

WIDTH = 1280
HEADER_H = 52
CROP: Box = (70.0, 180.0, 2300.0, 1582.0)      # the part of the 2300 x 1582 map shown
SCALE = WIDTH / (CROP[2] - CROP[0])
MAP_TOP = HEADER_H
MAP_H = round((CROP[3] - CROP[1]) * SCALE)
MAP_BOTTOM = MAP_TOP + MAP_H
BAND_TOP = MAP_BOTTOM
BAND_H = 262
HEIGHT = BAND_TOP + BAND_H

# The band below the map.
TRACK_X, TRACK_Y = 14, BAND_TOP + 30
TRACK_CELL_W, TRACK_CELL_H = 84, 56
SIDES_Y = TRACK_Y + TRACK_CELL_H + 12
SIDE_ROW_H = 44
INSET_BOX: Box = (798.0, BAND_TOP + 12.0, WIDTH - 12.0, HEIGHT - 12.0)
INSET_HEAD_H = 24

# Panels on the map (picture coordinates).
LEGEND_BOX: Box = (8.0, MAP_BOTTOM - 152.0, 430.0, MAP_BOTTOM - 8.0)
BATTLE_BOX: Box = (918.0, MAP_BOTTOM - 210.0, WIDTH - 8.0, MAP_BOTTOM - 8.0)

TURN_YEARS = ("218", "217", "216", "215–214", "213–212", "211–210", "209–207", "206–204",
              "204–202")


@dataclass(frozen=True)
class Frame:
    """Map positions to pixels of a map layer: ``scale`` pixels per map unit from the map point
    (``x0``, ``y0``); ``k`` multiplies the size of markers, counters and type."""

    scale: float
    x0: float
    y0: float
    k: float

    def pt(self, x: float, y: float) -> Point:
        return (x - self.x0) * self.scale, (y - self.y0) * self.scale

    def px(self, n: float) -> int:
        """A size of ``n`` pixels at the main scale, at this frame's size."""
        return max(1, round(n * self.k))

    @property
    def size(self) -> tuple[int, int]:
        return (round((CROP[2] - CROP[0]) * self.scale), round((CROP[3] - CROP[1]) * self.scale))


MAIN = Frame(SCALE, CROP[0], CROP[1], 1.0)
ZOOM = Frame(SCALE * 1.7, CROP[0], CROP[1], 1.35)


# -- the static map from the board dict ----------------------------------------------------------

@dataclass(frozen=True)
class SpaceInfo:
    id: str
    name: str
    name_ru: str
    province: str
    kind: str            # walled_city | tribe | pc_space
    x: float
    y: float
    port: bool


@dataclass(frozen=True)
class MapKey:
    """Everything static the background depends on (hashable, so that it can be cached)."""

    spaces: tuple[SpaceInfo, ...]
    links: tuple[tuple[str, str, str], ...]
    provinces: tuple[tuple[str, str, str], ...]       # id, name, name_ru


def _num(value: Any) -> float | None:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return None
    return v if v == v else None


def dicts(items: Any) -> list[Mapping[str, Any]]:
    return [x for x in items or [] if isinstance(x, Mapping)] if isinstance(items, list | tuple) \
        else []


def _space_info(s: Mapping[str, Any]) -> SpaceInfo | None:
    sid = s.get("id")
    if not sid:
        return None
    sid = str(sid)
    x, y = _num(s.get("x")), _num(s.get("y"))
    known = data_space(sid)
    if (x is None or y is None) and known is not None:
        x, y = float(known.x), float(known.y)
    if x is None or y is None:
        return None
    kind = str(s.get("kind") or getattr(known, "kind", None) or "pc_space")
    return SpaceInfo(id=sid, name=str(s.get("name") or ""), name_ru=str(s.get("name_ru") or ""),
                     province=str(s.get("province") or getattr(known, "province", "") or ""),
                     kind=kind if kind in ("walled_city", "tribe", "pc_space") else "pc_space",
                     x=x, y=y, port=bool(s.get("port")))


def map_key(board: Mapping[str, Any]) -> MapKey:
    spaces = []
    seen: set[str] = set()
    for s in dicts(board.get("spaces")):
        info = _space_info(s)
        if info is not None and info.id not in seen:
            seen.add(info.id)
            spaces.append(info)
    links = []
    for link in board.get("links") or []:
        if isinstance(link, list | tuple) and len(link) >= 2:
            a, b = str(link[0]), str(link[1])
            kind = str(link[2]) if len(link) > 2 else "line"
        elif isinstance(link, Mapping):
            a, b, kind = str(link.get("a")), str(link.get("b")), str(link.get("kind", "line"))
        else:
            continue
        if a in seen and b in seen and a != b:
            links.append((a, b, kind if kind in ("line", "pass", "alps", "strait") else "line"))
    provinces = tuple((str(p.get("id")), str(p.get("name") or ""), str(p.get("name_ru") or ""))
                      for p in dicts(board.get("provinces")) if p.get("id"))
    return MapKey(spaces=tuple(spaces), links=tuple(sorted(set(links))), provinces=provinces)
