"""The Mare Nostrum board picture, drawn from a View only (``view.board``, see the package
docstring).

The static background (land and water, borders, links, names, panel frames, legend) is cached per
map, number of Empires and language; each call copies it, tints each Province's region in its
controller's colour and draws the cards' contents, the fleets, the Leadership tracks, the Empires,
the trade table and the last battle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    RGB,
    WHITE,
    darker,
    encode_png,
    fit_font,
    fit_text,
    font,
    lighter,
)
from renderers.mare_nostrum import layout as L
from renderers.mare_nostrum.background import background
from renderers.mare_nostrum.labels import (
    card_name,
    empire_name,
    good_abbr,
    phase_name,
    province_name,
    sea_name,
    text,
    track_name,
)
from renderers.mare_nostrum.pieces import (
    UNCONTROLLED,
    battle_badge,
    city_icon,
    crown_icon,
    die_face,
    empire_colour,
    fortress_icon,
    good_order,
    good_token,
    ink_on,
    legion_counter,
    market_icon,
    occupied_dot,
    pawn_shape,
    ship_shape,
    temple_icon,
    tint,
    trireme_counter,
    war_badge,
)

TRACKS = ("trade", "culture", "military")
CARD_FILL: RGB = (255, 253, 246)
FALLBACK_COLOURS = ("red", "green", "purple", "yellow", "black", "blue", "orange")


def canvas_size(view: View) -> tuple[int, int]:
    """The board picture's size in pixels: the same for every View of one game (the panels grow
    with the number of Empires)."""
    return L.WIDTH, L.height(len(_roles(view.board or {}, view)))


def render_board(view: View, lang: str = "en") -> bytes:
    return encode_png(board_image(view, lang))


def _roles(board: Mapping[str, Any], view: View | None = None) -> list[str]:
    empires = board.get("empires")
    if isinstance(empires, Mapping) and empires:
        return [str(r) for r in empires]
    return list(view.roles) if view is not None else []


def _dicts(items: Any) -> list[Mapping[str, Any]]:
    return [x for x in items or [] if isinstance(x, Mapping)]


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


class _Ctx:
    """What every drawing step needs: the picture, its layout, the Empires' colours, the
    language."""

    def __init__(self, view: View, lang: str) -> None:
        self.view = view
        self.lang = lang
        self.board: Mapping[str, Any] = view.board or {}
        self.roles = _roles(self.board, view)
        raw = self.board.get("empires")
        self.empires: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
        self.colours: dict[str, RGB] = {}
        for i, r in enumerate(self.roles):
            e = self.empires.get(r) or {}
            c = e.get("colour") if isinstance(e, Mapping) else None
            self.colours[r] = empire_colour(c or FALLBACK_COLOURS[i % len(FALLBACK_COLOURS)])
        self.key = L.map_key(self.board)
        self.layout = L.map_layout(self.key)
        self.provinces = [p for p in _dicts(self.board.get("provinces"))
                          if str(p.get("id")) in self.layout.areas]
        self.seas = [s for s in _dicts(self.board.get("seas"))
                     if str(s.get("id")) in self.layout.areas]

    def colour(self, role: Any) -> RGB:
        if role is None:
            return UNCONTROLLED
        return self.colours.get(str(role)) or empire_colour(str(role))

    def name(self, role: Any) -> str:
        return empire_name(str(role) if role else None, self.lang, self.empires)


def board_image(view: View, lang: str = "en") -> Image.Image:
    c = _Ctx(view, lang)
    names = tuple(sorted([(str(p["id"]), province_name(p, lang)) for p in c.provinces]
                         + [(str(s["id"]), sea_name(s, lang)) for s in c.seas]))
    goods = tuple(good_order({str(v.get("good")) for p in c.provinces
                              for v in _dicts(p.get("caravans")) if v.get("good")}))
    bg = background(c.key, len(c.roles), names, goods, lang)
    img = bg.base.copy()
    d = ImageDraw.Draw(img, "RGBA")
    for p in c.provinces:
        ctrl = p.get("controller")
        region = bg.regions.get(str(p["id"]))
        if ctrl and region:
            (x, y), mask = region
            img.paste(lighter(c.colour(ctrl), 0.18), (x, y, x + mask.width, y + mask.height),
                      mask)
    highlight = {str(h) for h in c.board.get("highlight") or []}
    for area_id in sorted(highlight):
        area = c.layout.areas.get(area_id)
        if area is not None:
            x0, y0, x1, y1 = area.box
            d.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=12,
                                fill=(*HIGHLIGHT, 90), outline=HIGHLIGHT, width=5)
    for p in c.provinces:
        _card(d, c, p)
    _last_battle_ring(d, c)
    img.paste(bg.names, (0, L.MAP_TOP), bg.names)
    for p in c.provinces:
        _card_contents(img, d, c, p)
    for s in c.seas:
        _fleet(img, c, s)
    _last_battle_badge(img, c)
    _header(img, d, c)
    _tracks(img, d, c)
    _empires(img, d, c)
    _trade(img, d, c)
    _battle_panel(img, d, c)
    _offer_row(d, c)
    return img


# -- the map ---------------------------------------------------------------------------------------

def _card(d: ImageDraw.ImageDraw, c: _Ctx, p: Mapping[str, Any]) -> None:
    a = c.layout.areas[str(p["id"])]
    x0, y0, x1, y1 = a.box
    ctrl = p.get("controller")
    colour = c.colour(ctrl)
    head = tint(colour) if ctrl else (246, 242, 232)
    d.rounded_rectangle((x0 + 2, y0 + 3, x1 + 2, y1 + 3), radius=9, fill=(0, 0, 0, 60))
    d.rounded_rectangle(a.box, radius=9, fill=head)
    d.rectangle((x0 + 2, y0 + L.NAME_H, x1 - 2, y1 - 8), fill=CARD_FILL)
    d.rounded_rectangle((x0 + 2, y1 - 14, x1 - 2, y1 - 2), radius=7, fill=CARD_FILL)
    d.line((x0 + 3, y0 + L.NAME_H, x1 - 3, y0 + L.NAME_H), fill=colour if ctrl else MUTED,
           width=2)
    d.rounded_rectangle(a.box, radius=9, outline=colour if ctrl else (150, 140, 124),
                        width=4 if ctrl else 2)


def _card_contents(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx,
                   p: Mapping[str, Any]) -> None:
    a = c.layout.areas[str(p["id"])]
    half = L.ICON // 2
    cities = _dicts(p.get("cities"))
    caravans = _dicts(p.get("caravans"))
    for sid, (cx, cy) in a.slots:
        kind, i = sid
        held = None
        if kind == "city" and i < len(cities):
            item = cities[i]
            icon = city_icon(str(item.get("type") or "ordinary"), bool(item.get("built")), L.ICON)
            held = item.get("held_by")
        elif kind == "caravan" and i < len(caravans):
            item = caravans[i]
            good = str(item.get("good") or "")
            icon = good_token(good, good_abbr(good, c.lang), L.ICON, bool(item.get("built")))
            held = item.get("held_by") or item.get("circe")
        elif kind in ("market", "temple") and isinstance(p.get(kind), Mapping):
            item = p[kind]
            icon = (market_icon if kind == "market" else temple_icon)(bool(item.get("built")),
                                                                      L.ICON)
            held = item.get("held_by")
        else:
            continue
        img.paste(icon, (round(cx - half), round(cy - half)), icon)
        if held:
            occupied_dot(d, cx + half - 3, cy + half - 3, c.colour(held), 4.5)
    _units(img, c, a, p)
    x0, y0, x1, _ = a.box
    if p.get("at_war"):
        badge = war_badge(18)
        img.paste(badge, (round(x1 - 14), round(y0 - 7)), badge)
    marker_held = p.get("marker_held_by")
    if marker_held:
        occupied_dot(d, x0 + 5, y0 + 5, c.colour(marker_held), 5)


def _units(img: Image.Image, c: _Ctx, a: L.Area, p: Mapping[str, Any]) -> None:
    legions = p.get("legions") if isinstance(p.get("legions"), Mapping) else {}
    ctrl = p.get("controller")
    order = sorted(((r, _int(n)) for r, n in legions.items() if _int(n) > 0),
                   key=lambda rn: (rn[0] != ctrl, c.roles.index(rn[0]) if rn[0] in c.roles
                                   else 99, rn[0]))
    sprites = [legion_counter(c.colour(r), n, 20) for r, n in order]
    if p.get("fortress"):
        sprites.append(fortress_icon(c.colour(p["fortress"]), 20))
    if not sprites:
        return
    x0, y0, x1, y1 = a.units
    gap = 3
    total = sum(s.width for s in sprites) + gap * (len(sprites) - 1)
    x = (x0 + x1) / 2 - total / 2
    y = (y0 + y1) / 2
    for s in sprites:
        img.paste(s, (round(x), round(y - s.height / 2)), s)
        x += s.width + gap


def _fleet(img: Image.Image, c: _Ctx, s: Mapping[str, Any]) -> None:
    a = c.layout.areas[str(s["id"])]
    fleet = s.get("triremes") if isinstance(s.get("triremes"), Mapping) else {}
    order = sorted(((r, _int(n)) for r, n in fleet.items() if _int(n) > 0),
                   key=lambda rn: (c.roles.index(rn[0]) if rn[0] in c.roles else 99, rn[0]))
    sprites = [trireme_counter(c.colour(r), n, 22) for r, n in order]
    if not sprites:
        return
    x0, y0, x1, y1 = a.units
    gap = 4
    total = sum(sp.width for sp in sprites) + gap * (len(sprites) - 1)
    x = (x0 + x1) / 2 - total / 2
    for sp in sprites:
        img.paste(sp, (round(x), round((y0 + y1) / 2 - sp.height / 2)), sp)
        x += sp.width + gap


def _battle_area(c: _Ctx) -> L.Area | None:
    lb = c.board.get("last_battle")
    if not isinstance(lb, Mapping):
        return None
    return c.layout.areas.get(str(lb.get("area")))


def _last_battle_ring(d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    """A red ring round the Province or Sea of the last battle."""
    a = _battle_area(c)
    if a is None:
        return
    x0, y0, x1, y1 = a.box
    d.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=12, outline=WHITE, width=8)
    d.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=11, outline=ALERT, width=4)


def _last_battle_badge(img: Image.Image, c: _Ctx) -> None:
    a = _battle_area(c)
    if a is None:
        return
    badge = battle_badge(30)
    img.paste(badge, (round(a.box[0] - 15), round(a.box[1] - 15)), badge)


# -- the header ------------------------------------------------------------------------------------

def _chip(d: ImageDraw.ImageDraw, x: float, cy: float, label: str, colour: RGB, size: int = 18,
          anchor: str = "l", pad: int = 9) -> float:
    """A rounded label in an Empire's colour; returns its width."""
    f = font(size, True)
    w = f.getlength(label) + 2 * pad
    h = size + 10
    left = x if anchor == "l" else x - w
    d.rounded_rectangle((left, cy - h / 2, left + w, cy + h / 2), radius=h / 2, fill=colour,
                        outline=WHITE if ink_on(colour) == WHITE else darker(colour, 0.4),
                        width=2)
    d.text((left + w / 2, cy + 1), label, font=f, fill=ink_on(colour), anchor="mm")
    return w


def _header(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    """Turn and phase on the left; on the right who acts now (or the result), and a peace."""
    b = c.board
    cy = (L.HEADER_H - 5) / 2
    left = _header_right(d, c, L.WIDTH - 14, cy)
    peace = [str(r) for r in b.get("peace") or []]
    if len(peace) == 2:
        label = text("picture.peace", c.lang, a=c.name(peace[0]), b=c.name(peace[1]))
        f = font(15, True)
        if left - f.getlength(label) - 16 > 420:
            d.text((left - 14, cy), label, font=f, fill=(220, 236, 210), anchor="rm")
            left -= f.getlength(label) + 16
    parts = [text("picture.title", c.lang)]
    if b.get("turn") is not None:
        parts.append(text("picture.turn", c.lang, n=b.get("turn")))
    if b.get("phase"):
        parts.append(phase_name(str(b["phase"]), c.lang))
    title = " · ".join(parts)
    room = max(left - 40, 300)
    f = fit_font(title, room, 28, bold=True, smallest=15)
    d.text((16, cy), fit_text(title, f, room), font=f, fill=WHITE, anchor="lm")


def _header_right(d: ImageDraw.ImageDraw, c: _Ctx, right: float, cy: float) -> float:
    """The result, or the Empire whose segment it is, or the roles awaited; returns the left
    edge of what was drawn."""
    b = c.board
    result = c.view.result
    if result is not None:
        winners = [c.name(w) for w in result.winners]
        label = text("picture.winners", c.lang, who=", ".join(winners)) if winners else \
            text("picture.game_over", c.lang)
        m = result.msg
        if m is not None:
            said = text(m.key, c.lang, "", **m.args)
            if said:
                label = said
        colour = c.colour(result.winners[0]) if len(result.winners) == 1 else (200, 164, 80)
        f = fit_font(label, 560, 20, bold=True, smallest=14)
        return right - _chip(d, right, cy, fit_text(label, f, 560), colour, f.size, anchor="r")
    segment = b.get("segment")
    phase = str(b.get("phase") or "")
    if segment and phase in ("build", "movement"):
        key = "picture.builds" if phase == "build" else "picture.moves"
        return right - _chip(d, right, cy, text(key, c.lang, who=c.name(segment)),
                             c.colour(segment), 20, anchor="r")
    active = [r for r in c.view.active if r]
    if not active:
        return right
    label = text("picture.waiting", c.lang, who="").strip(" :")
    for size in (17, 15, 13):
        f = font(size, True)
        need = sum(f.getlength(c.name(r)) + 2 * 7 + 5 for r in active) + \
            f.getlength(label) + 8
        if need <= 620:
            break
    x = right
    for r in reversed(active):
        x -= _chip(d, x, cy, c.name(r), c.colour(r), size, anchor="r", pad=7) + 5
    d.text((x - 4, cy), label, font=font(size, True), fill=(220, 226, 236), anchor="rm")
    return x - 8 - font(size, True).getlength(label)


# -- the Leadership tracks -------------------------------------------------------------------------

def _tracks(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    tracks = c.board.get("tracks") if isinstance(c.board.get("tracks"), Mapping) else {}
    titles = c.board.get("titles") if isinstance(c.board.get("titles"), Mapping) else {}
    for i, track in enumerate(TRACKS):
        y = L.TRACKS_TOP + 10 + i * L.TRACK_ROW_H
        holder = titles.get(track)
        # the track's name is in the background; the Leader under it
        ly = y + L.TRACK_ROW_H - 17
        if holder:
            crown = crown_icon(20)
            img.paste(crown, (14, round(ly - 11)), crown)
            label = fit_text(c.name(holder), font(15, True), L.TRACK_LABEL_W - 64)
            _chip(d, 40, ly, label, c.colour(holder), 15, pad=7)
        else:
            d.text((14, ly), text("picture.no_leader", c.lang), font=font(15, True), fill=MUTED,
                   anchor="lm")
        values = tracks.get(track) if isinstance(tracks.get(track), Mapping) else {}
        by_cell: dict[int, list[tuple[str, int]]] = {}
        for r in c.roles:
            if r in values:
                v = _int(values[r])
                cell = min(max(v, L.TRACK_MIN), L.TRACK_MAX)
                by_cell.setdefault(cell, []).append((r, v))
        for cell, group in by_cell.items():
            x0, x1 = L.track_cell(cell)
            _track_markers(img, d, c, group, x0, x1, y + 4, y + L.TRACK_ROW_H - 6, holder)


def _track_markers(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx,
                   group: list[tuple[str, int]], x0: float, x1: float, y0: float, y1: float,
                   holder: Any) -> None:
    r = 10
    per_row = 3 if len(group) > 2 else len(group)
    rows = [group[i:i + per_row] for i in range(0, len(group), per_row)]
    top = y0 + 14 if len(rows) == 1 else y0 + 12
    step_y = (y1 - top - 2 * r) / max(len(rows) - 1, 1) if len(rows) > 1 else 0
    for j, row in enumerate(rows):
        cy = top + r + j * step_y if len(rows) > 1 else (y0 + y1) / 2 + 5
        width = len(row) * 2 * r + (len(row) - 1) * 1
        cx = (x0 + x1) / 2 - 1 - width / 2 + r
        for role, v in row:
            colour = c.colour(role)
            d.ellipse((cx - r - 1.5, cy - r - 1.5, cx + r + 1.5, cy + r + 1.5),
                      fill=WHITE if ink_on(colour) == WHITE else INK)
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
            label = str(v)
            d.text((cx, cy + 1), label, font=font(12 if len(label) < 2 else 10, True),
                   fill=ink_on(colour), anchor="mm")
            if role == holder:
                crown = crown_icon(14)
                img.paste(crown, (round(cx - 7), round(cy - r - 11)), crown)
            cx += 2 * r + 1


# -- the Empires -------------------------------------------------------------------------------

def _empires(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    top = L.empires_top() + L.EMPIRES_HEAD_H
    titles = c.board.get("titles") if isinstance(c.board.get("titles"), Mapping) else {}
    for i, role in enumerate(c.roles):
        e = c.empires.get(role) if isinstance(c.empires.get(role), Mapping) else {}
        y0 = top + i * L.EMPIRE_ROW_H
        y1 = y0 + L.EMPIRE_ROW_H
        cy = (y0 + y1) / 2
        colour = c.colour(role)
        if i % 2:
            d.rectangle((0, y0, L.WIDTH, y1), fill=lighter(PANEL, 0.55))
        d.rectangle((0, y0 + 4, 10, y1 - 4), fill=colour)
        # name, titles, pieces in reserve
        x = L.COL_NAME + 6
        d.ellipse((x, cy - 23, x + 22, cy - 1), fill=colour,
                  outline=WHITE if ink_on(colour) == WHITE else INK, width=2)
        name = fit_text(c.name(role), font(23, True), 180)
        d.text((x + 30, cy - 12), name, font=font(23, True), fill=INK, anchor="lm")
        cx = x + 36 + font(23, True).getlength(name)
        held = [track_name(t, c.lang) for t in TRACKS if titles.get(t) == role]
        f_t = font(13, True)
        with_names = sum(22 + f_t.getlength(h) + 6 for h in held) <= L.COL_RES - 12 - cx
        for track in held:
            crown = crown_icon(20)
            img.paste(crown, (round(cx), round(cy - 23)), crown)
            cx += 22
            if with_names:
                d.text((cx, cy - 12), track, font=f_t, fill=FRAME, anchor="lm")
                cx += f_t.getlength(track) + 6
        _pieces_left(d, x, cy + 15, e.get("pieces_left"))
        # resources behind the screen (how many, never which)
        x = L.COL_RES
        d.text((x, cy - 2), str(_int(e.get("resources"))), font=font(30, True), fill=INK,
               anchor="lm")
        shown = [str(t) for t in e.get("shown") or []]
        sx = x + 48
        for tok in shown[:4]:
            spr = good_token(tok, good_abbr(tok, c.lang), 22, True, tok.endswith("*"))
            img.paste(spr, (round(sx), round(cy - 11)), spr)
            sx += 24
        if shown:
            d.text((x + 48, cy + 21), text("picture.shown", c.lang), font=font(11, True),
                   fill=MUTED, anchor="lm")
        # great cities (4 win)
        x = L.COL_CITIES
        icon = city_icon("capital", True, 26)
        img.paste(icon, (x, round(cy - 14)), icon)
        d.text((x + 32, cy - 1), f"{_int(e.get('great_cities'))}/4", font=font(24, True),
               fill=INK, anchor="lm")
        # Heroes and Wonders (5 win)
        x = L.COL_CARDS
        cards = [str(k) for k in e.get("cards") or []]
        count = _int(e.get("card_count"), len(cards))
        d.text((x, cy - 1), f"{count}/5", font=font(24, True), fill=INK, anchor="lm")
        copies = e.get("castor_copies")
        labels = []
        for k in cards:
            label = card_name(k, c.lang)
            if k == "castor_pollux" and copies:
                label += f" → {card_name(str(copies), c.lang)}"
            labels.append(label)
        _card_chips(d, x + 64, y0 + 6, L.WIDTH - 12, y1 - 6, labels, colour)


def _pieces_left(d: ImageDraw.ImageDraw, x: float, cy: float, left: Any) -> None:
    if not isinstance(left, Mapping):
        return
    f = font(14, True)
    colour = (120, 112, 100)
    for kind in ("legions", "triremes", "fortresses", "control_markers"):
        if kind not in left:
            continue
        if kind == "legions":
            pawn_shape(d, x + 7, cy, 7, colour)
        elif kind == "triremes":
            ship_shape(d, x + 7, cy, 7, colour)
        elif kind == "fortresses":
            d.rectangle((x + 1, cy - 6, x + 13, cy + 7), fill=colour)
            for k in (1, 6, 11):
                d.rectangle((x + k, cy - 9, x + k + 2, cy - 6), fill=colour)
        else:
            d.ellipse((x + 1, cy - 7, x + 14, cy + 6), outline=colour, width=3)
        d.text((x + 17, cy), str(_int(left[kind])), font=f, fill=colour, anchor="lm")
        x += 17 + f.getlength(str(_int(left[kind]))) + 12


def _card_chips(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float,
                labels: Sequence[str], colour: RGB) -> None:
    """Card names as chips, on one or two lines (smaller type when they would not fit)."""
    if not labels:
        return
    for size in (17, 16, 15, 14, 13, 12):
        f = font(size, True)
        rows: list[list[tuple[str, float]]] = [[]]
        x = x0
        ok = True
        for label in labels:
            w = f.getlength(label) + 14
            if x + w > x1 and rows[-1]:
                rows.append([])
                x = x0
            if w > x1 - x0:
                ok = False
            rows[-1].append((label, w))
            x += w + 6
        if len(rows) <= 2 and ok:
            break
    line_h = size + 10
    total = len(rows) * line_h + (len(rows) - 1) * 3
    y = (y0 + y1) / 2 - total / 2
    edge = colour if ink_on(colour) == WHITE else darker(colour, 0.35)
    for row in rows[:2]:
        x = x0
        for label, w in row:
            label = fit_text(label, f, x1 - x0 - 14)
            d.rounded_rectangle((x, y, x + w, y + line_h), radius=7, fill=WHITE, outline=edge,
                                width=2)
            d.text((x + w / 2, y + line_h / 2 + 1), label, font=f, fill=INK, anchor="mm")
            x += w + 6
        y += line_h + 3


# -- trade, battle, cards on offer -------------------------------------------------------------

def _trade(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    top = L.info_top(len(c.roles))
    x0, x1 = 16, L.INFO_SPLIT - 16
    t = c.board.get("trade")
    d.text((x0, top + 20), text("picture.trade", c.lang), font=font(21, True), fill=INK,
           anchor="lm")
    hx = x0 + font(21, True).getlength(text("picture.trade", c.lang)) + 14
    tokens = c.board.get("trade_tokens") if isinstance(c.board.get("trade_tokens"),
                                                       Mapping) else {}
    if not isinstance(t, Mapping) or c.board.get("phase") not in (None, "trade"):
        # the trade table is shown while the Trade phase lasts; otherwise the tokens
        _token_row(d, c, hx, top + 20, tokens)
        return
    value = _int(t.get("value"))
    if t.get("token"):
        head = text("picture.token", c.lang, token=t.get("token"), n=value)
    else:
        head = text("picture.no_token", c.lang)
    f = font(17, True)
    d.text((hx, top + 21), fit_text(head, f, 300), font=f, fill=INK, anchor="lm")
    if t.get("first"):
        hx2 = hx + min(f.getlength(head), 300) + 12
        label = text("picture.first", c.lang, who=c.name(t["first"]))
        d.text((hx2, top + 21), fit_text(label, font(15, True), x1 - hx2), font=font(15, True),
               fill=MUTED, anchor="lm")
    participants = [str(r) for r in t.get("participants") or []]
    revealed = bool(t.get("revealed"))
    counts = t.get("counts") if isinstance(t.get("counts"), Mapping) else {}
    confirmed = {str(r) for r in t.get("confirmed") or []}
    pool = t.get("pool") if isinstance(t.get("pool"), Mapping) else {}
    offers = t.get("offers") if isinstance(t.get("offers"), Mapping) else {}
    received = t.get("received") if isinstance(t.get("received"), Mapping) else {}
    taker = t.get("taker")
    rows = participants or [r for r in c.roles if r in counts]
    row_h = min(28, (L.INFO_H - 46) / max(len(rows), 1))
    y = top + 44 + row_h / 2
    for role in rows[:6]:
        w = _chip(d, x0, y, fit_text(c.name(role), font(15, True), 110), c.colour(role), 15,
                  pad=7)
        x = x0 + max(w, 96) + 10
        if revealed:
            tokens_left = [str(k) for k in (pool.get(role) if role in pool
                                            else offers.get(role)) or []]
            for tok in tokens_left[:12]:
                spr = good_token(tok, good_abbr(tok, c.lang), 22, True, tok.endswith("*"))
                img.paste(spr, (round(x), round(y - 11)), spr)
                x += 24
            got = len(received.get(role) or [])
            note = text("picture.took", c.lang, n=got) if got else ""
            if role == taker:
                note = (note + " · " if note else "") + text("picture.taker", c.lang)
            if note:
                d.text((x + 8, y), note, font=font(15, True),
                       fill=ALERT if role == taker else MUTED, anchor="lm")
        else:
            n = _int(counts.get(role), value)
            for _ in range(min(n, 12)):
                d.ellipse((x, y - 10, x + 20, y + 10), fill=(150, 144, 132), outline=WHITE,
                          width=2)
                d.text((x + 10, y + 1), "?", font=font(13, True), fill=WHITE, anchor="mm")
                x += 22
            key = "picture.ready" if role in confirmed else "picture.choosing"
            d.text((x + 8, y), text(key, c.lang), font=font(15, True),
                   fill=(40, 120, 60) if role in confirmed else MUTED, anchor="lm")
        y += row_h
    gift = t.get("gift")
    if isinstance(gift, Mapping) and gift.get("from"):
        label = text("picture.gift", c.lang, who=c.name(gift.get("from")),
                     to=c.name(gift.get("to")))
        d.text((x1, top + 21), fit_text(label, font(14, True), 260), font=font(14, True),
               fill=MUTED, anchor="rm")


def _token_row(d: ImageDraw.ImageDraw, c: _Ctx, x: float, cy: float,
               tokens: Mapping[str, Any]) -> None:
    f = font(17, True)
    label = text("picture.tokens", c.lang) + ":"
    d.text((x, cy + 1), label, font=f, fill=MUTED, anchor="lm")
    x += f.getlength(label) + 10
    for tok in tokens.get("available") or []:
        w = f.getlength(str(tok)) + 18
        d.rounded_rectangle((x, cy - 14, x + w, cy + 14), radius=6, fill=WHITE, outline=FRAME,
                            width=2)
        d.text((x + w / 2, cy + 1), str(tok), font=f, fill=INK, anchor="mm")
        x += w + 8
    played = [str(t) for t in tokens.get("played") or []]
    if played:
        label = f"{text('picture.tokens_played', c.lang)}: {', '.join(played)}"
        d.text((x + 6, cy + 1), label, font=font(15, True), fill=MUTED, anchor="lm")


def _battle_panel(img: Image.Image, d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    top = L.info_top(len(c.roles))
    x0, x1 = L.INFO_SPLIT + 16, L.WIDTH - 16
    lb = c.board.get("last_battle")
    title = text("picture.last_battle", c.lang)
    d.text((x0, top + 20), title, font=font(21, True), fill=INK, anchor="lm")
    if not isinstance(lb, Mapping):
        d.text((x0, top + 56), text("picture.no_battle", c.lang), font=font(17, True),
               fill=MUTED, anchor="lm")
        return
    sea = lb.get("kind") == "sea"
    area_id = str(lb.get("area") or "")
    area = next((x for x in (c.seas if sea else c.provinces) if str(x.get("id")) == area_id),
                {"id": area_id})
    where = sea_name(area, c.lang) if sea else province_name(area, c.lang)
    kind = text("picture.sea_battle" if sea else "picture.land_battle", c.lang)
    hx = x0 + font(21, True).getlength(title) + 12
    d.text((hx, top + 21), fit_text(f"{kind}: {where}", font(17, True), x1 - hx),
           font=font(17, True), fill=ALERT, anchor="lm")
    rolls = lb.get("rolls") if isinstance(lb.get("rolls"), Mapping) else {}
    losses = lb.get("losses") if isinstance(lb.get("losses"), Mapping) else {}
    y = top + 66
    for side_key in ("attacker", "defender"):
        role = lb.get(side_key)
        if not role:
            continue
        roll = rolls.get(role) if isinstance(rolls.get(role), Mapping) else {}
        w = _chip(d, x0, y, fit_text(c.name(role), font(16, True), 120), c.colour(role), 16,
                  pad=7)
        d.text((x0 + 2, y + 24), text(f"picture.{side_key}", c.lang), font=font(12, True),
               fill=MUTED, anchor="lm")
        x = x0 + max(w, 100) + 10
        for v in list(roll.get("dice") or [])[:8]:
            die = die_face(_int(v), 26)
            img.paste(die, (round(x), round(y - 13)), die)
            x += 29
        if roll.get("fortress"):
            fort = fortress_icon(c.colour(role), 24)
            img.paste(fort, (round(x), round(y - 12)), fort)
            x += 28
        parts = []
        if roll.get("total") is not None:
            parts.append(text("picture.total", c.lang, n=_int(roll.get("total"))))
        parts.append(text("picture.hits", c.lang, n=_int(roll.get("hits"))))
        d.text((x + 4, y - 8), "  ".join(parts), font=font(16, True), fill=INK, anchor="lm")
        lost = _int(losses.get(role))
        d.text((x + 4, y + 12), text("picture.lost", c.lang, n=lost), font=font(15, True),
               fill=ALERT if lost else MUTED, anchor="lm")
        y += 56


def _offer_row(d: ImageDraw.ImageDraw, c: _Ctx) -> None:
    top = L.offer_top(len(c.roles))
    cy = top + L.OFFER_ROW_H / 2
    hw = c.board.get("heroes_wonders") if isinstance(c.board.get("heroes_wonders"),
                                                     Mapping) else {}
    label = text("picture.on_offer", c.lang) + ":"
    f = font(17, True)
    d.text((16, cy), label, font=f, fill=INK, anchor="lm")
    x = 16 + f.getlength(label) + 12
    tail = []
    if _int(hw.get("face_down")):
        tail.append(text("picture.face_down", c.lang, n=_int(hw.get("face_down"))))
    if hw.get("pyramids"):
        tail.append(text("picture.pyramids_by", c.lang, who=c.name(hw.get("pyramids"))))
    tail_text = " · ".join(tail)
    right = L.WIDTH - 16 - (font(15, True).getlength(tail_text) + 12 if tail_text else 0)
    names = [card_name(str(k), c.lang) for k in hw.get("face_up") or []]
    size = 16
    while size > 11 and sum(font(size, True).getlength(n) + 22 for n in names) > right - x:
        size -= 1
    fc = font(size, True)
    for n in names:
        w = fc.getlength(n) + 16
        if x + w > right:
            break
        d.rounded_rectangle((x, cy - 14, x + w, cy + 14), radius=7, fill=WHITE, outline=FRAME,
                            width=2)
        d.text((x + w / 2, cy + 1), n, font=fc, fill=INK, anchor="mm")
        x += w + 6
    if tail_text:
        d.text((L.WIDTH - 16, cy), tail_text, font=font(15, True), fill=MUTED, anchor="rm")
