"""The Hannibal board picture, drawn from a View only (``view.board``; its shape is documented in
``games/hannibal/rules.py``).

The static map (land, provinces, links, ports, names) comes from ``background`` and is cached per
map, scale and language; each call copies it, shades every province in its controller's colour,
and draws what changes: the markers of the spaces (PC, walled city, tribe), sieges, the last move
and the highlighted spaces, the armies, the header, the turn track and both sides' counts, the
battle panel during a battle, and a magnified inset of where the action is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import View
from renderers.common import (
    ALERT,
    FRAME,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    WHITE,
    arrow,
    darker,
    fit_font,
    fit_text,
    font,
    lighter,
)
from renderers.hannibal import layout as L
from renderers.hannibal.background import Background, background, wavy
from renderers.hannibal.labels import (
    battle_card_name,
    card_name,
    general_name,
    side_name,
    space_name,
    text,
    turn_years,
    years_in,
)
from renderers.hannibal.layout import Box, dicts
from renderers.hannibal.pieces import (
    PASS,
    ROAD,
    SIDE_COLOUR,
    STRAIT,
    TINT,
    anchor_icon,
    army_counter,
    marker,
    marker_fill,
    png,
    side_colour,
    siege_badge,
)

SIDES = ("rome", "carthage")
MOVE: RGB = (236, 120, 16)
HEAD_BG: RGB = (58, 40, 30)
HEAD_RULE: RGB = (196, 156, 72)


def canvas_size(view: View) -> tuple[int, int]:
    """The board picture's size in pixels: the same for every View."""
    return L.WIDTH, L.HEIGHT


def render_board(view: View, lang: str = "en") -> bytes:
    return png(board_image(view, lang))


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _role(value: Any) -> str | None:
    return str(value) if value in SIDES else None


@dataclass
class Army:
    space: str
    side: str
    generals: list[str]
    commander: str | None
    cu: int
    elephants: int
    besieging: bool
    inside: bool


class _Ctx:
    """The board dict read once, tolerantly: whatever is missing or odd is left out."""

    def __init__(self, view: View, lang: str) -> None:
        self.view = view
        self.lang = lang
        self.board: Mapping[str, Any] = view.board if isinstance(view.board, Mapping) else {}
        self.key = L.map_key(self.board)
        self.spaces: dict[str, Mapping[str, Any]] = {}
        for s in dicts(self.board.get("spaces")):
            if s.get("id") and str(s["id"]) not in self.spaces:
                self.spaces[str(s["id"])] = s
        self.kinds = {s.id: s.kind for s in self.key.spaces}
        self.provinces = dicts(self.board.get("provinces"))
        self.armies: list[Army] = []
        for a in dicts(self.board.get("armies")):
            side = _role(a.get("side"))
            space = str(a.get("space", ""))
            if ":" in space:
                space = space.split(":", 1)[0]
            if side is None or space not in self.kinds:
                continue
            generals = [str(g) for g in a.get("generals") or [] if g]
            commander = a.get("commander") or (generals[0] if generals else None)
            self.armies.append(Army(space, side, generals, str(commander) if commander else None,
                                    max(0, _int(a.get("cu"))), max(0, _int(a.get("elephants"))),
                                    bool(a.get("besieging")),
                                    bool(a.get("inside")) or ":" in str(a.get("space", ""))))
        battle = self.board.get("battle")
        self.battle: Mapping[str, Any] | None = battle if isinstance(battle, Mapping) else None
        self.last_move = [str(s) for s in self.board.get("last_move") or [] if str(s) in self.kinds]
        self.highlight = [str(s) for s in self.board.get("highlight") or []
                          if str(s) in self.kinds]

    def pc(self, sid: str) -> str | None:
        return _role(self.spaces.get(sid, {}).get("pc"))

    def neutral_tribe(self, sid: str) -> bool:
        """A tribe marker still standing and on nobody's side (``native`` "neutral"; without
        that key, any tribe space nobody holds)."""
        s = self.spaces.get(sid, {})
        if s.get("pc") is not None:
            return False
        return s.get("native") == "neutral" if "native" in s else True

    def siege(self, sid: str) -> tuple[str, int] | None:
        siege = self.spaces.get(sid, {}).get("siege")
        if isinstance(siege, Mapping) and _role(siege.get("by")):
            return str(siege["by"]), max(0, _int(siege.get("points")))
        return None

    def moving(self) -> dict[str, Any] | None:
        """The army moving now: its general, space and movement points left."""
        m = self.board.get("moving")
        if not isinstance(m, Mapping) or str(m.get("space", "")) not in self.kinds:
            return None
        return {"space": str(m["space"]), "general": m.get("general"),
                "mp": max(0, _int(m.get("mp")))}

    def battle_space(self) -> str | None:
        if self.battle is None:
            return None
        sid = str(self.battle.get("space", ""))
        return sid if sid in self.kinds else None


# -- the picture ---------------------------------------------------------------------------------

def board_image(view: View, lang: str = "en") -> Image.Image:
    c = _Ctx(view, lang)
    bg = background(c.key, L.MAIN, lang)
    img = Image.new("RGB", (L.WIDTH, L.HEIGHT), PAPER)
    focus, why = _focus(c)
    window = _inset_window(c, focus) if focus else None
    avoid = [L.LEGEND_BOX] + ([L.BATTLE_BOX] if c.battle is not None else [])
    avoid = [(x0, y0 - L.MAP_TOP, x1, y1 - L.MAP_TOP) for x0, y0, x1, y1 in avoid]
    avoid += _path_boxes(c, bg)
    img.paste(_map_layer(c, bg, None, avoid), (0, L.MAP_TOP))
    d = ImageDraw.Draw(img, "RGBA")
    if window is not None:
        _inset_outline(d, window)
    img.paste(legend_image(lang), (round(L.LEGEND_BOX[0]), round(L.LEGEND_BOX[1])),
              legend_image(lang))
    if c.battle is not None:
        _battle_panel(img, d, c)
    _header(d, c)
    _band(img, d, c)
    _inset(img, d, c, window, focus, why)
    d.rectangle((0, L.MAP_TOP, L.WIDTH - 1, L.MAP_BOTTOM), outline=FRAME, width=2)
    return img


def _map_layer(c: _Ctx, bg: Background, window: Box | None,
               avoid: list[Box] | None = None) -> Image.Image:
    """The map at ``bg``'s frame (the whole of it, or the part in ``window``), with the
    provinces shaded and every piece drawn; army counters keep out of the ``avoid`` boxes (the
    panels laid over the map)."""
    if window is None:
        img = bg.base.copy()
        ox, oy = 0, 0
        overlay = bg.overlay
    else:
        box = tuple(round(v) for v in window)
        img = bg.base.crop(box)
        ox, oy = box[0], box[1]
        overlay = bg.overlay.crop(box)
    W, H = img.size
    for p in c.provinces:
        ctrl = _role(p.get("controller"))
        region = bg.regions.get(str(p.get("id")))
        if ctrl is None or region is None:
            continue
        (rx, ry), mask = region
        x0, y0 = rx - ox, ry - oy
        if x0 >= W or y0 >= H or x0 + mask.width <= 0 or y0 + mask.height <= 0:
            continue
        cx0, cy0 = max(0, -x0), max(0, -y0)
        cx1, cy1 = min(mask.width, W - x0), min(mask.height, H - y0)
        part = mask.crop((cx0, cy0, cx1, cy1))
        img.paste(TINT[ctrl], (x0 + cx0, y0 + cy0, x0 + cx1, y0 + cy1), part)
    img.paste(overlay, (0, 0), overlay)
    for x, y, stamp in bg.names:
        if x < ox + W and y < oy + H and x + stamp.width > ox and y + stamp.height > oy:
            img.paste(stamp, (x - ox, y - oy), stamp)
    d = ImageDraw.Draw(img, "RGBA")
    f = bg.frame

    def at(sid: str) -> tuple[float, float]:
        x, y = bg.centres[sid]
        return x - ox, y - oy

    def visible(sid: str, margin: float = 40) -> bool:
        x, y = at(sid)
        return -margin <= x <= W + margin and -margin <= y <= H + margin

    # last move: arrows along the path, under the markers
    path = c.last_move
    for a, b in zip(path, path[1:], strict=False):
        if a == b or not (visible(a, 400) or visible(b, 400)):
            continue
        pa, pb = at(a), at(b)
        dist = math.dist(pa, pb)
        if dist <= bg.radius[a] + bg.radius[b]:
            continue
        ux, uy = (pb[0] - pa[0]) / dist, (pb[1] - pa[1]) / dist
        ra, rb = bg.radius[a] + f.px(2), bg.radius[b] + f.px(4)
        arrow(d, (pa[0] + ux * ra, pa[1] + uy * ra), (pb[0] - ux * rb, pb[1] - uy * rb), MOVE,
              f.px(4), head=f.px(13), outline=(60, 30, 0))
    # markers
    for s in c.key.spaces:
        if not visible(s.id):
            continue
        x, y = at(s.id)
        sprite = marker(s.kind, marker_fill(s.kind, c.pc(s.id), c.neutral_tribe(s.id)), f.k)
        img.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)
    # rings: the end of the last move, highlighted spaces, the battle
    rings: list[tuple[str, RGB, int]] = []
    if path:
        rings.append((path[-1], MOVE, 3))
    rings += [(sid, HIGHLIGHT, 4) for sid in c.highlight]
    bs = c.battle_space()
    if bs:
        rings.append((bs, ALERT, 4))
    for sid, colour, width in rings:
        if visible(sid):
            x, y = at(sid)
            r = bg.radius[sid] + f.px(5)
            d.ellipse((x - r - 1, y - r - 1, x + r + 1, y + r + 1), outline=(30, 20, 10, 200),
                      width=f.px(width) + 2)
            d.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=f.px(width))
    # sieges
    for sid in c.kinds:
        siege = c.siege(sid)
        if siege is None or not visible(sid):
            continue
        by, points = siege
        x, y = at(sid)
        r = bg.radius[sid] + f.px(3)
        d.rectangle((x - r, y - r * 1.1, x + r, y + r), outline=side_colour(by), width=f.px(3))
        badge = siege_badge(by, points, f.k)
        img.paste(badge, (round(x + r - badge.width / 2), round(y - r - badge.height / 1.4)),
                  badge)
    _armies(img, d, c, bg, ox, oy, avoid or [])
    return img


def _path_boxes(c: _Ctx, bg: Background, ox: float = 0, oy: float = 0) -> list[Box]:
    """Small boxes along the last move's arrows, for the army counters to keep clear of."""
    boxes: list[Box] = []
    for a, b in zip(c.last_move, c.last_move[1:], strict=False):
        (ax, ay), (bx, by) = bg.centres[a], bg.centres[b]
        ax, ay, bx, by = ax - ox, ay - oy, bx - ox, by - oy
        steps = max(1, int(math.dist((ax, ay), (bx, by)) // 8))
        for i in range(1, steps):
            x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
            boxes.append((x - 4, y - 4, x + 4, y + 4))
    return boxes


def _army_lines(a: Army, lang: str) -> tuple[str, str, int]:
    title = general_name(a.commander, lang) if a.commander else side_name(a.side, lang)
    line2 = text("picture.cu", lang, n=a.cu)
    if a.elephants:
        line2 += " · " + text("picture.elephants", lang, n=a.elephants)
    extra = max(0, len(a.generals) - (1 if a.commander else 0))
    return title, line2, extra


def _armies(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx, bg: Background, ox: float,
            oy: float, avoid: list[Box]) -> None:
    """Each army's counter beside its space, where it covers the fewest other spaces and
    counters, joined to the space by a short line."""
    f = bg.frame
    W, H = img.size
    placed: list[Box] = []
    marker_boxes = [(x - ox - bg.radius[s] - 2, y - oy - bg.radius[s] - 2,
                     x - ox + bg.radius[s] + 2, y - oy + bg.radius[s] + 2)
                    for s, (x, y) in bg.centres.items()]
    names = [(b[0] - ox, b[1] - oy, b[2] - ox, b[3] - oy) for b in bg.name_boxes.values()]
    for a in sorted(c.armies, key=lambda a: (a.space, a.side)):
        x, y = bg.centres[a.space]
        x, y = x - ox, y - oy
        if not (-200 <= x <= W + 200 and -200 <= y <= H + 200):
            continue
        title, line2, extra = _army_lines(a, c.lang)
        counter = army_counter(a.side, title, line2, f.k, extra, a.inside)
        w, h = counter.size
        r = bg.radius[a.space]
        gap = f.px(7)
        options = [(x - w / 2, y - r - gap - h), (x - w / 2, y + r + gap),
                   (x + r + gap, y - h / 2), (x - r - gap - w, y - h / 2),
                   (x + r * 0.7 + gap * 0.5, y - r * 0.7 - gap * 0.5 - h),
                   (x - r * 0.7 - gap * 0.5 - w, y - r * 0.7 - gap * 0.5 - h),
                   (x + r * 0.7 + gap * 0.5, y + r * 0.7 + gap * 0.5),
                   (x - r * 0.7 - gap * 0.5 - w, y + r * 0.7 + gap * 0.5),
                   (x - w / 2, y - r - 3 * gap - h), (x - w / 2, y + r + 3 * gap),
                   (x + r + 3 * gap, y - h / 2), (x - r - 3 * gap - w, y - h / 2)]
        best, best_cost = options[0], math.inf
        m = r + 3 * gap + 2
        reach = (x - m - w, y - m - h, x + m + w, y + m + h)      # every option lies inside
        near_markers = _touching(reach, marker_boxes)
        near_names = _touching(reach, names)
        near_avoid = _touching(reach, avoid) + _touching(reach, placed)
        for i, (bx, by) in enumerate(options):
            box = (bx, by, bx + w, by + h)
            cost = i * 2.0
            cost += _covered(box, near_markers) * 2
            cost += _covered(box, near_avoid) * 8
            cost += _covered(box, near_names) * 0.15
            if box[0] < 2 or box[1] < 2 or box[2] > W - 2 or box[3] > H - 2:
                cost += 20000
            if cost < best_cost:
                best, best_cost = (bx, by), cost
        bx, by = best
        box = (bx, by, bx + w, by + h)
        near = (min(max(x, box[0] + 4), box[2] - 4), min(max(y, box[1] + 4), box[3] - 4))
        colour = darker(side_colour(a.side), 0.35)
        dist = math.dist((x, y), near)
        if dist > r + 1:
            # the leader line starts at the marker's rim, so that the marker keeps its colour
            sx = x + (near[0] - x) * (r + 1) / dist
            sy = y + (near[1] - y) * (r + 1) / dist
            d.line((sx, sy, near[0], near[1]), fill=(255, 255, 255, 220), width=f.px(4))
            d.line((sx, sy, near[0], near[1]), fill=colour, width=f.px(2))
        img.paste(counter, (round(bx), round(by)), counter)
        placed.append(box)


def _touching(box: Box, boxes: list[Box]) -> list[Box]:
    """The boxes that overlap ``box``."""
    x0, y0, x1, y1 = box
    return [b for b in boxes if b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0]


def _covered(box: Box, boxes: list[Box]) -> float:
    """How much of the ``boxes``' area lies inside ``box`` (overlaps summed)."""
    x0, y0, x1, y1 = box
    total = 0.0
    for b in boxes:
        w = (x1 if x1 < b[2] else b[2]) - (x0 if x0 > b[0] else b[0])
        if w > 0:
            h = (y1 if y1 < b[3] else b[3]) - (y0 if y0 > b[1] else b[1])
            if h > 0:
                total += w * h
    return total


# -- the inset -----------------------------------------------------------------------------------

def _focus(c: _Ctx) -> tuple[list[str], str]:
    """The spaces the inset shows, and why: the battle, the highlighted spaces, the last move,
    or else the largest army."""
    bs = c.battle_space()
    if bs:
        return [bs], "picture.zoom_battle"
    moving = c.moving()
    if moving is not None:
        path = c.last_move if c.last_move and c.last_move[-1] == moving["space"] else []
        return path or [moving["space"]], "picture.moving"
    if c.highlight:
        return c.highlight, "picture.highlight"
    if c.last_move:
        return c.last_move, "picture.last_move"
    if c.armies:
        biggest = max(c.armies, key=lambda a: (a.cu, a.side == "carthage", a.space))
        return [biggest.space], "picture.largest_army"
    return [], ""


def _inset_size() -> tuple[int, int]:
    x0, y0, x1, y1 = L.INSET_BOX
    return round(x1 - x0) - 4, round(y1 - y0 - L.INSET_HEAD_H) - 4


def _inset_window(c: _Ctx, focus: list[str]) -> Box:
    """The part of the magnified map the inset shows (in the zoom frame's pixels)."""
    f = L.ZOOM
    w, h = _inset_size()
    pts = [f.pt(s.x, s.y) for s in c.key.spaces if s.id in set(focus)]
    # keep the end of a long path in view, with as much of the rest as fits
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    if max(xs) - min(xs) > w * 0.85 or max(ys) - min(ys) > h * 0.8:
        end = f.pt(*next((s.x, s.y) for s in c.key.spaces if s.id == focus[-1]))
        cx, cy = end
    else:
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    W, H = f.size
    x0 = min(max(0.0, cx - w / 2), W - w)
    y0 = min(max(0.0, cy - h / 2), H - h)
    return (x0, y0, x0 + w, y0 + h)


def _inset_outline(d: ImageDraw.ImageDraw, window: Box) -> None:
    """Where the inset is, on the main map."""
    t = L.MAIN.scale / L.ZOOM.scale
    x0, y0, x1, y1 = (v * t for v in window)
    box = (x0, y0 + L.MAP_TOP, x1, y1 + L.MAP_TOP)
    d.rectangle(box, outline=(30, 20, 10, 160), width=3)
    d.rectangle(box, outline=(255, 255, 255, 200), width=1)


def _inset(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx, window: Box | None,
           focus: list[str], why: str) -> None:
    x0, y0, x1, y1 = L.INSET_BOX
    d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=lighter(PANEL, 0.3), outline=FRAME,
                        width=2)
    if window is None:
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "—", font=font(28, True), fill=MUTED,
               anchor="mm")
        return
    label = text(why, c.lang)
    names = [space_name(c.spaces.get(sid, {"id": sid}), c.lang) for sid in focus]
    moving = c.moving()
    if why == "picture.moving" and moving is not None:
        who = general_name(moving["general"], c.lang) if moving["general"] else ""
        label = text(why, c.lang, who=who, mp=moving["mp"]).strip()
        names = names[-1:]
    if why == "picture.last_move" and len(names) > 1:
        label += f": {names[0]} → {names[-1]}"
    elif names:
        label += ": " + ", ".join(names)
    room = x1 - x0 - 20
    fl = fit_font(label, room, 15, bold=True, smallest=11)
    d.text((x0 + 10, y0 + L.INSET_HEAD_H / 2 + 2), fit_text(label, fl, room), font=fl, fill=INK,
           anchor="lm")
    bg = background(c.key, L.ZOOM, c.lang)
    part = _map_layer(c, bg, window, _path_boxes(c, bg, round(window[0]), round(window[1])))
    px, py = round(x0) + 2, round(y0 + L.INSET_HEAD_H) + 2
    img.paste(part, (px, py))
    d.rectangle((px - 1, py - 1, px + part.width, py + part.height), outline=FRAME, width=1)


# -- header, band, panels ------------------------------------------------------------------------

def _header(d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    W = L.WIDTH
    d.rectangle((0, 0, W, L.HEADER_H - 1), fill=HEAD_BG)
    d.rectangle((0, L.HEADER_H - 4, W, L.HEADER_H - 1), fill=HEAD_RULE)
    mid = (L.HEADER_H - 4) / 2
    title = text("picture.title", c.lang)
    d.text((14, mid), title, font=font(20, True), fill=(250, 236, 200), anchor="lm")
    x = 14 + font(20, True).getlength(title) + 24
    turn = _int(c.board.get("turn"), 0)
    parts = []
    if 1 <= turn <= 9:
        parts.append(text("picture.turn_year", c.lang, n=turn, year=_years(turn, c)))
    phase = c.board.get("phase")
    if phase:
        name = text(f"phase.{phase}", c.lang, str(phase).replace("_", " "))
        parts.append(name[:1].upper() + name[1:])
    info = "  ·  ".join(parts)
    right = W - 14
    view = c.view
    if view.result is not None:
        winners = [side_name(w, c.lang) for w in getattr(view.result, "winners", []) or []]
        status = text("picture.winner", c.lang, who=", ".join(winners)) if winners else \
            text("picture.game_over", c.lang)
        chip = None
    else:
        active = [r for r in view.active if r in SIDES]
        status = text("picture.to_act", c.lang, who=", ".join(side_name(r, c.lang)
                                                               for r in active)) if active else ""
        chip = side_colour(active[0]) if len(active) == 1 else None
    fs = font(17, True)
    sw = fs.getlength(status)
    if status:
        if chip is not None:
            d.rounded_rectangle((right - sw - 16, mid - 14, right + 6, mid + 14), radius=7,
                                fill=chip)
            right -= 6
        d.text((right, mid), status, font=fs, fill=WHITE, anchor="rm")
    room = right - sw - 30 - x
    if info and room > 40:
        fi = fit_font(info, room, 17, bold=False, smallest=12)
        d.text((x, mid), fit_text(info, fi, room), font=fi, fill=(236, 226, 204), anchor="lm")


def _years(turn: int, c: _Ctx) -> str:
    year = c.board.get("year") if turn == _int(c.board.get("turn")) else None
    printed = str(year) if year else turn_years(turn)
    if printed:
        return years_in(printed, c.lang)
    bc = "до н. э." if c.lang == "ru" else "BC"
    return f"{L.TURN_YEARS[turn - 1]} {bc}"


def _band(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    top = L.BAND_TOP
    d.rectangle((0, top, L.WIDTH, L.HEIGHT), fill=PANEL)
    # turn track
    turn = _int(c.board.get("turn"), 0)
    d.text((L.TRACK_X, top + 16), text("picture.turn_track", c.lang), font=font(14, True),
           fill=MUTED, anchor="lm")
    for t in range(1, 10):
        x0 = L.TRACK_X + (t - 1) * L.TRACK_CELL_W
        box = (x0, L.TRACK_Y, x0 + L.TRACK_CELL_W - 4, L.TRACK_Y + L.TRACK_CELL_H)
        now = t == turn
        d.rounded_rectangle(box, radius=6, fill=HIGHLIGHT if now else WHITE,
                            outline=darker(HIGHLIGHT, 0.4) if now else darker(PANEL, 0.3),
                            width=3 if now else 1)
        cx = (box[0] + box[2]) / 2
        d.text((cx, box[1] + 18), str(t), font=font(22, True), fill=INK, anchor="mm")
        years = _years(t, c).replace(" BC", "").replace(" до н. э.", "").replace("-", "–")
        fy = fit_font(years, L.TRACK_CELL_W - 10, 13, bold=now, smallest=9)
        d.text((cx, box[3] - 12), years, font=fy, fill=INK if now else MUTED, anchor="mm")
    bc = "до н. э." if c.lang == "ru" else "BC"
    d.text((L.TRACK_X + 9 * L.TRACK_CELL_W - 4, top + 16), bc, font=font(13), fill=MUTED,
           anchor="rm")
    # both sides
    y = L.SIDES_Y
    heads = [(190, "picture.political"), (350, "picture.provinces"), (470, "picture.pc"),
             (560, "picture.cards"), (660, "picture.battle_cards")]
    for i, (x, key) in enumerate(heads):
        right = heads[i + 1][0] - 8 if i + 1 < len(heads) else 790
        label = text(key, c.lang)
        f = fit_font(label, right - x, 13, bold=True, smallest=9)
        d.text((x, y), label, font=f, fill=MUTED, anchor="la")
    political = c.board.get("political") if isinstance(c.board.get("political"), Mapping) else {}
    hands = c.board.get("hands") if isinstance(c.board.get("hands"), Mapping) else {}
    bhands = c.board.get("battle_hands") if isinstance(c.board.get("battle_hands"),
                                                       Mapping) else None
    first = c.board.get("first_player")
    for i, side in enumerate(SIDES):
        ry = y + 18 + i * L.SIDE_ROW_H
        colour = SIDE_COLOUR[side]
        d.rounded_rectangle((L.TRACK_X, ry, L.TRACK_X + 166, ry + L.SIDE_ROW_H - 8), radius=6,
                            fill=colour)
        d.text((L.TRACK_X + 10, ry + (L.SIDE_ROW_H - 8) / 2), side_name(side, c.lang),
               font=font(18, True), fill=WHITE, anchor="lm")
        if first == side:
            d.text((L.TRACK_X + 158, ry + (L.SIDE_ROW_H - 8) / 2), "1",
                   font=font(15, True), fill=(255, 230, 140), anchor="rm")
        provinces = sum(1 for p in c.provinces if p.get("controller") == side)
        pcs = sum(1 for sid in c.kinds if c.pc(sid) == side)
        values = [political.get(side, provinces) if political else provinces, provinces, pcs,
                  hands.get(side, "—") if hands else "—",
                  bhands.get(side, "—") if bhands else "—"]
        for (x, _), value in zip(heads, values, strict=True):
            d.text((x, ry + (L.SIDE_ROW_H - 8) / 2), str(value), font=font(22, True), fill=INK,
                   anchor="lm")
    # deck and discard
    y = L.SIDES_Y + 18 + 2 * L.SIDE_ROW_H + 4
    deck = c.board.get("deck")
    parts = [text("picture.deck", c.lang, n=_int(deck))] if deck is not None else []
    top_card = c.board.get("discard_top")
    discard = c.board.get("discard")
    if isinstance(discard, int) and not isinstance(discard, bool):
        parts.append(text("picture.discard_n", c.lang, n=discard))
    parts.append(text("picture.discard", c.lang, card=card_name(top_card, c.lang))
                 if top_card is not None else text("picture.no_discard", c.lang))
    note = f"1 = {text('picture.first', c.lang)}" if first in SIDES else ""
    room = 776 - (font(12).getlength(note) + 16 if note else 0)
    line = "   ·   ".join(parts)
    f = fit_font(line, room, 15, bold=True, smallest=11)
    d.text((L.TRACK_X, y + 8), fit_text(line, f, room), font=f, fill=INK, anchor="lm")
    if note:
        d.text((790, y + 8), note, font=font(12), fill=MUTED, anchor="rm")
    # cards and events in effect (truce, naval boxes...)
    markers = [str(m).removesuffix(":ending") for m in c.board.get("markers") or [] if m]
    if c.board.get("truce") and "truce" not in markers:
        markers.insert(0, "truce")
    if markers:
        line = " · ".join(dict.fromkeys(
            text(f"marker.{m}", c.lang, m.replace("_", " ").replace(":", ": ").capitalize())
            for m in markers))
        f = fit_font(line, 776, 14, bold=True, smallest=10)
        d.text((L.TRACK_X, y + 32), fit_text(line, f, 776), font=f, fill=(140, 40, 30),
               anchor="lm")


def _battle_panel(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    assert c.battle is not None
    b = c.battle
    x0, y0, x1, y1 = L.BATTLE_BOX
    d.rounded_rectangle((x0 + 3, y0 + 3, x1 + 3, y1 + 3), radius=10, fill=(0, 0, 0, 70))
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=(*lighter(PANEL, 0.5), 245),
                        outline=ALERT, width=3)
    sid = c.battle_space()
    where = space_name(c.spaces.get(sid, {"id": sid}), c.lang) if sid else "?"
    title = text("picture.battle_at", c.lang, space=where)
    rnd = _int(b.get("round"), 0)
    if rnd:
        title += " · " + text("picture.round", c.lang, n=rnd)
    f = fit_font(title, x1 - x0 - 20, 17, bold=True, smallest=12)
    d.text((x0 + 10, y0 + 16), title, font=f, fill=ALERT, anchor="lm")
    y = y0 + 30
    bhands = c.board.get("battle_hands") if isinstance(c.board.get("battle_hands"),
                                                       Mapping) else {}
    for key in ("attacker", "defender"):
        side = _role(b.get(key))
        if side is None:
            continue
        army = next((a for a in c.armies if a.side == side and a.space == sid), None)
        head = f"{text(f'picture.{key}', c.lang)}: {side_name(side, c.lang)}"
        parts = []
        if army is not None:
            title2, line2, _ = _army_lines(army, c.lang)
            parts += [title2, line2]
        n = (bhands or {}).get(side)
        if n is not None:
            parts.append(f"{text('picture.battle_cards', c.lang)}: {n}")
        d.rounded_rectangle((x0 + 10, y + 1, x0 + 17, y + 33), radius=2, fill=SIDE_COLOUR[side])
        d.text((x0 + 24, y + 9), head, font=font(14, True), fill=SIDE_COLOUR[side], anchor="lm")
        detail = ", ".join(parts)
        room = x1 - x0 - 34
        fd = fit_font(detail, room, 14, bold=True, smallest=11)
        d.text((x0 + 24, y + 26), fit_text(detail, fd, room), font=fd, fill=INK, anchor="lm")
        y += 37
    d.line((x0 + 10, y + 2, x1 - 10, y + 2), fill=darker(PANEL, 0.25), width=1)
    y += 8
    played = [p for p in b.get("played") or [] if isinstance(p, list | tuple) and len(p) >= 2]
    rows = max(1, int((y1 - 8 - y) // 18))
    winner = _role(b.get("winner"))
    if winner is not None:
        rows -= 1
        won = text("picture.battle_won", c.lang, who=side_name(winner, c.lang))
        d.rounded_rectangle((x0 + 10, y1 - 27, x1 - 10, y1 - 8), radius=5,
                            fill=SIDE_COLOUR[winner])
        d.text(((x0 + x1) / 2, y1 - 17), won, font=fit_font(won, x1 - x0 - 30, 14, True, 10),
               fill=WHITE, anchor="mm")
    if not played:
        d.text((x0 + 12, y + 9), text("picture.no_cards_played", c.lang), font=font(13),
               fill=MUTED, anchor="lm")
    shown = played[-rows:]
    start = len(played) - len(shown)
    for i, p in enumerate(shown):
        role, card = p[0], p[1]
        colour = side_colour(role)
        name = battle_card_name(card, c.lang)
        if len(p) > 2 and p[2] and str(p[2]) != str(card):
            name = text("picture.played_as", c.lang, card=name,
                        kind=battle_card_name(p[2], c.lang))
        line = f"{start + i + 1}. {side_name(role, c.lang)}: {name}"
        d.rounded_rectangle((x0 + 10, y + 2, x0 + 16, y + 16), radius=2, fill=colour)
        fl = fit_font(line, x1 - x0 - 32, 14, bold=i == len(shown) - 1, smallest=10)
        d.text((x0 + 22, y + 9), fit_text(line, fl, x1 - x0 - 32), font=fl, fill=INK,
               anchor="lm")
        y += 18


@lru_cache(maxsize=4)
def legend_image(lang: str) -> Image.Image:
    """The key to the map's symbols (spaces, ports, links), in two columns."""
    x0, y0, x1, y1 = L.LEGEND_BOX
    w, h = round(x1 - x0), round(y1 - y0)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=(*lighter(PANEL, 0.45), 232),
                        outline=FRAME, width=2)
    d.text((10, 14), text("picture.legend", lang), font=font(14, True), fill=INK, anchor="lm")
    rows: list[tuple[Any, str]] = [
        (("marker", "walled_city", SIDE_COLOUR["rome"]), "picture.walled_city"),
        (("marker", "tribe", marker_fill("tribe", None, True)), "picture.tribe"),
        (("marker", "pc_space", SIDE_COLOUR["carthage"]), "picture.pc_space"),
        (("port",), "picture.port"),
        (("siege",), "picture.siege_points"),
        (("line", "line"), "picture.line"),
        (("line", "pass"), "picture.pass"),
        (("line", "alps"), "picture.alps"),
        (("line", "strait"), "picture.strait"),
        (("move",), "picture.legend_move"),
    ]
    col_w = (w - 16) / 2
    for i, (sym, key) in enumerate(rows):
        cx = 26 + (i // 5) * col_w
        y = 38 + (i % 5) * 22
        if sym[0] == "marker":
            m = marker(sym[1], sym[2], 1.0)
            img.alpha_composite(m, (round(cx - m.width / 2), round(y - m.height / 2)))
        elif sym[0] == "port":
            a = anchor_icon(1.0)
            img.alpha_composite(a, (round(cx - a.width / 2), round(y - a.height / 2)))
        elif sym[0] == "siege":
            b = siege_badge("carthage", 2, 1.0)
            img.alpha_composite(b, (round(cx - b.width / 2), round(y - b.height / 2)))
        elif sym[0] == "move":
            arrow(d, (cx - 16, y), (cx + 16, y), MOVE, 4, head=11, outline=(60, 30, 0))
        else:
            _legend_link(d, sym[1], (cx - 16, y), (cx + 16, y))
        label = text(key, lang)
        fl = fit_font(label, col_w - 50, 13, bold=True, smallest=10)
        d.text((cx + 26, y), label, font=fl, fill=INK, anchor="lm")
    return img


def _legend_link(d: ImageDraw.ImageDraw, kind: str, a: tuple[float, float],
                 b: tuple[float, float]) -> None:
    if kind == "alps":
        pts = wavy(a, b, 2.6, 9)
        d.line(pts, fill=ROAD, width=5, joint="curve")
        d.line(pts, fill=WHITE, width=2, joint="curve")
    elif kind == "pass":
        d.line(wavy(a, b, 2.6, 9), fill=PASS, width=2, joint="curve")
    elif kind == "strait":
        x = a[0]
        while x < b[0]:
            d.line((x, a[1], min(x + 5, b[0]), a[1]), fill=STRAIT, width=3)
            x += 9
    else:
        d.line((a, b), fill=ROAD, width=2)
