"""The Pax Romana board picture, drawn from a View only (``view.board``), and a zoomed picture of
one territory or province (``render_board(view, lang, region=...)``).

The board dict
--------------
The engine's public board is a JSON-able dict; every key may be missing (the picture then leaves
that part out) and unknown keys are ignored. Ids are the map data's (``games.pax_romana.data``):
Powers ``rome`` ``carthage`` ``greece`` ``east``; territory, province and point ids (a point is a
space, a land Transit Point or a naval point); unit types are the counter codes (``LG`` ``HI``
``LI`` ``CV`` ``EL`` ``ML`` ``MHI`` ``MLI`` ``MCV`` ``BR`` ``BC`` ``TW`` ``GR`` ``GS``). An
"owner" is a Power, an Independent's id (``pergamum`` ...), ``barbarian``, ``slaves`` or
``pirates``. The static map (names, positions, links) is not in it: it comes from the map data.

::

    {
      "turn": 3,                       # Game Turn, 1..10
      "phase": "F",                    # Sequence of Play letter A..I (§3.2)
      "active": "rome",                # the Power acting now, or null
      "powers": {                      # one entry per Power in the game
        "rome": {"treasury": 12,       # Talents
                 "stability": 4,
                 "vp": 7, "gop": 3, "cvp": 2,
                 "ams_left": 2,        # this Power's AMs not yet played this turn
                 "manpower": {"LG": 3, "CV": 1}},   # units it may still form, by type
        ...
      },
      "am_track": {"played": ["greece", "rome", "event"],   # AMs drawn this turn, in order
                   "pool": 5},                              # AMs left in the pool
      "territories": {"hispania": {"control": "carthage"}, ...},   # control: owner or null
      "provinces": {"baetica": {"control": "carthage"}, ...},
      "control": {"rome": "rome", "capua": "rome", ...},   # every space's controller (or
                                       # null); a space in neither this nor "spaces" keeps
                                       # the colour of its province's holder
      "spaces": {                      # only points with something on them need an entry
        "carthago_nova": {
          "control": "carthage",       # who controls the space (§5.1), or null
          "units": [{"owner": "carthage", "type": "HI", "count": 3,
                     "weakened": 1}],  # how many of count are weakened (LG, HI; §10.6)
          "leaders": [{"id": "carthage_02", "owner": "carthage",
                       "name": null,   # pool leaders have no name: shown by their rating
                       "tactics": 2, "campaign": 4}],
          "city": {"kind": "city",     # "city" or "settlement"
                   "owner": "carthage", "damaged": false},   # or null
          "tribe": {"revealed": false, # a tribe counter, or null
                    "strength": null}, # HIDDEN: drawn only when revealed is true; the
                                       # engine sends null while hidden
          "siege": "rome"              # the besieger, or null
        },
        "ntp_mare_balearicum": {"units": [{"owner": "rome", "type": "GS", "count": 2}]}
      },
      "last_move": {"power": "rome",   # the last move or attack, or null
                    "path": ["rome", "capua", "beneventum"],   # the points it passed
                    "kind": "land",    # "land" or "naval"
                    "battle": "beneventum"},                   # where it fought, or null
      "focus": "beneventum",           # where the last action happened (the zoom's centre);
                                       # default: the battle, else the end of last_move,
                                       # else the acting Power's capital
      "alliances": [["rome", "greece"]],   # Powers allied until the end of the turn (§4.3.1)
      "rebels": [{"space": "utica", "region": "africa"}],   # rebel Barbarians (§13.3)
      "cyprus_closed": ["salamis"]     # spaces closed to fleets this turn (§13.3 Cyprus)
    }

The picture
-----------
A header (turn, years, phase, who acts); the map, with each province tinted in its controller's
colour, a controlled territory's name underlined in its colour, controlled spaces filled, cities
and settlements, tribes ("?" while hidden), sieges, the last move as an arrow, and armies and
fleets as counters (leader on the first line, units by type on the second; a ``w`` counts
weakened units); the Powers' table (Treasury, Stability, VP, GOP, CVP, AMs left, manpower) and
the AM track over the empty steppe, with the turn's alliances (a bracket joining the allies'
rows and a line naming them); rebels named on their counters, spaces closed to fleets ringed;
the key over the Sahara; a band below with the last action in
words and a zoomed view of where it happened.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import View
from renderers.common import (
    FRAME,
    INK,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    WHITE,
    arrow,
    darker,
    encode_png,
    fit_font,
    fit_text,
    font,
    lighter,
    wrap_text,
)
from renderers.pax_romana import layout as L
from renderers.pax_romana.background import (
    ALERT_RING,
    MOVE,
    give_back_memory,
    main_background,
    paste_marker,
    territory_window,
    tinted_province,
    tinted_zoom,
    zoom_crop,
    zoom_layers,
    zoom_map,
    zoom_names,
)
from renderers.pax_romana.labels import power_name, text, turn_years
from renderers.pax_romana.pieces import (
    POWER_COLOUR,
    TINT_ALPHA,
    city_frame,
    counter,
    ink_on,
    owner_colour,
    siege_ring,
    tribe_token,
)

POWERS = ("rome", "carthage", "greece", "east")
HEAD_BG: RGB = (58, 40, 30)
HEAD_RULE: RGB = (196, 156, 72)
UNIT_ORDER = ("LG", "HI", "LI", "CV", "EL", "ML", "MHI", "MLI", "MCV", "BR", "BC", "TW", "GR",
              "GS")
UNIT_RU = {"LG": "ЛГ", "HI": "ТП", "LI": "ЛП", "CV": "К", "EL": "СЛ", "ML": "ОП", "GR": "ГР",
           "GS": "ГЭ", "MHI": "ТПН", "MLI": "ЛПН", "MCV": "КН", "BR": "ВР", "BC": "КВ",
           "TW": "ВП"}
REGION_WIDTH = 1400


class UnknownRegion(ValueError):
    """``region`` names no territory or province of the map."""


def canvas_size(view: View) -> tuple[int, int]:
    """The board picture's size in pixels: the same for every View."""
    return L.WIDTH, L.HEIGHT


def render_board(view: View, lang: str = "en", region: str | None = None) -> bytes:
    """The board picture as PNG bytes; with ``region`` (a territory or province id), a zoomed
    picture of that region instead."""
    if region:
        png = encode_png(to_palette(region_image(view, region, lang), lang), 1)
    else:
        png = encode_png(to_palette(board_image(view, lang), lang), 1)
    # a picture's full-size temporaries (~25 MB) go back to the system rather than stay
    # resident between pictures (a few milliseconds: the next picture maps them afresh)
    give_back_memory()
    return png


def to_palette(img: Image.Image, lang: str) -> Image.Image:
    """The picture in 256 colours (``board_palette``): a third of the bytes, and a PNG that is
    encoded several times faster than the same pixels in RGB."""
    return img.quantize(palette=board_palette(lang), dither=Image.Dither.NONE)


@lru_cache(maxsize=2)
def board_palette(lang: str) -> Image.Image:
    """256 colours for every board picture: the static map as it is and tinted by each Power,
    the counters, markers and panels in every owner's colour (made once per process)."""
    canvas = _canvas(lang)
    w, h = canvas.width // 3, canvas.height // 3
    strip_h = 90
    sample = Image.new("RGB", (w, h + strip_h * 3), PAPER)
    sample.paste(canvas.resize((w, h), Image.Resampling.BILINEAR), (0, 0))
    small = main_background(lang).static.resize((w // 2, h // 2), Image.Resampling.BILINEAR)
    for n, owner in enumerate(POWERS):
        tinted = Image.blend(small, Image.new("RGB", small.size, _tint_colour(owner)),
                             TINT_ALPHA)
        sample.paste(tinted.crop((0, 0, w // 2, strip_h)), ((n % 2) * (w // 2),
                                                            h + (n // 2) * strip_h))
    d = ImageDraw.Draw(sample)
    x, y = 4, h + 2 * strip_h + 4
    for owner in (*POWERS, "barbarian", "pergamum", "slaves"):
        colour = owner_colour(owner)
        for title, line in (("★ 2-4", "3LG 2HI"), ("", "1GS 2HI")):
            sprite = counter(colour, title, line, 1.0)
            sample.paste(sprite, (x, y), sprite)
            x += sprite.width + 4
            if x > w - 200:
                x, y = 4, y + 50
        d.rectangle((x, y, x + 30, y + 30), fill=colour)
        d.ellipse((x + 40, y, x + 70, y + 30), fill=colour, outline=WHITE)
        x += 80
    # the colours that must come out exactly: owners, the move, ink and paper
    exact: list[RGB] = list(dict.fromkeys(
        [owner_colour(o) for o in (*POWERS, "barbarian", "slaves", "pirates", "pergamum")]
        + [lighter(owner_colour(o), 0.35) for o in POWERS]
        + [darker(owner_colour(o), 0.5) for o in POWERS]
        + [MOVE, ALERT_RING, INK, WHITE, PAPER, PANEL, FRAME, MUTED, HEAD_BG, HEAD_RULE,
           (250, 246, 234), (232, 220, 196), (250, 236, 200)]))
    cut = sample.quantize(256 - len(exact), method=Image.Quantize.MEDIANCUT)
    colours = (cut.getpalette() or [])[:(256 - len(exact)) * 3]
    colours += [0, 0, 0] * (256 - len(exact) - len(colours) // 3)
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours + [v for c in exact for v in c])
    return palette


def prepare(lang: str = "en") -> None:
    """Draw everything static once (a few seconds of work): a bot may call it in a worker
    thread at start so that the first picture of a game comes as fast as the others."""
    palette = board_palette(lang)
    zoom_map(lang, palette)
    zoom_names(lang)


def regions(lang: str = "en") -> list[tuple[str, str]]:
    """Every territory and province a region picture can show: (id, name in ``lang``),
    territories first."""
    from games.pax_romana.data import load

    data = load()
    ru = L.map_lang(lang) == "ru"
    return ([(t.id, t.name_ru if ru else t.name)
             for t in sorted(data.territories.values(), key=lambda t: t.id)]
            + [(p.id, p.name_ru if ru else p.name)
               for p in sorted(data.provinces.values(), key=lambda p: p.id)
               if p.id not in data.territories])


# -- reading the board ---------------------------------------------------------------------------

def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _owner(value: Any) -> str | None:
    return str(value) if isinstance(value, str) and value else None


@dataclass
class Stack:
    """What one owner has on one point."""

    owner: str
    units: dict[str, int] = field(default_factory=dict)
    weakened: dict[str, int] = field(default_factory=dict)
    leaders: list[str] = field(default_factory=list)


def _control(section: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, entry in _mapping(section).items():
        owner = _owner(_mapping(entry).get("control")) if isinstance(entry, Mapping) \
            else _owner(entry)
        if owner:
            out[str(key)] = owner
    return out


def leader_label(leader: Mapping[str, Any]) -> str:
    """A leader as a counter shows it: the name if he has one, and his rating (Tactics-Campaign)."""
    name = leader.get("name")
    if not name:
        known = _known_leader(str(leader.get("id") or ""))
        name = known[0] if known else None
    tactics, campaign = leader.get("tactics"), leader.get("campaign")
    if tactics is None or campaign is None:
        known = _known_leader(str(leader.get("id") or ""))
        if known:
            tactics, campaign = known[1], known[2]
    rating = f"{_int(tactics)}-{_int(campaign)}" if tactics is not None else ""
    return f"{name} {rating}".strip() if name else (f"★ {rating}" if rating else "★")


@lru_cache(maxsize=16)
def _capital_of(power: str) -> str | None:
    """A Power's (first) capital, the inset's place before anything has moved."""
    try:
        from games.pax_romana.data import load

        capitals = load().capitals_of(power)
    except Exception:  # noqa: BLE001 - not a Power of the map
        return None
    return capitals[0] if capitals else None


@lru_cache(maxsize=256)
def _known_leader(leader_id: str) -> tuple[str | None, int, int] | None:
    if not leader_id:
        return None
    try:
        from games.pax_romana.data import load

        found = load().leader(leader_id)
    except Exception:  # noqa: BLE001 - an unknown id is drawn from the board dict alone
        return None
    return (getattr(found, "name", None), _int(getattr(found, "tactics", 0)),
            _int(getattr(found, "campaign", 0)))


class _Board:
    """The board dict read once, tolerantly: whatever is missing or odd is left out."""

    def __init__(self, view: View, lang: str) -> None:
        self.lang = lang
        self.view = view
        board = _mapping(view.board)
        self.board = board
        self.layout = L.map_layout(lang)
        points = self.layout.points
        self.turn = _int(board.get("turn"), 0)
        self.phase = str(board.get("phase") or "")
        self.active = _owner(board.get("active"))
        powers = _mapping(board.get("powers"))
        self.powers: dict[str, Mapping[str, Any]] = {
            str(p): _mapping(v) for p, v in powers.items()}
        self.power_order = [p for p in POWERS if p in self.powers] + \
            [p for p in self.powers if p not in POWERS]
        self.province_control = {p: o for p, o in _control(board.get("provinces")).items()
                                 if p in self.layout.provinces}
        self.territory_control = {t: o for t, o in _control(board.get("territories")).items()
                                  if t in self.layout.territories}
        # control of every space, where the board gives it (``control``, or an entry's own)
        self.space_control: dict[str, str] = {}
        self.known_control: set[str] = set()
        if isinstance(board.get("control"), Mapping):
            # the board's ``control`` leaves out the spaces that nobody controls
            self.known_control.update(sid for sid, p in points.items()
                                      if p.kind == "space" and not p.naval)
        for sid, owner in _mapping(board.get("control")).items():
            if str(sid) in points:
                self.known_control.add(str(sid))
                if _owner(owner):
                    self.space_control[str(sid)] = str(owner)
        self.stacks: dict[str, list[Stack]] = {}
        self.cities: dict[str, Mapping[str, Any]] = {}
        self.tribes: dict[str, str] = {}
        self.sieges: dict[str, str] = {}
        for sid, entry in _mapping(board.get("spaces")).items():
            sid = str(sid)
            if sid not in points or not isinstance(entry, Mapping):
                continue
            if "control" in entry:
                self.known_control.add(sid)
                owner = _owner(entry.get("control"))
                if owner:
                    self.space_control[sid] = owner
            stacks: dict[str, Stack] = {}
            for unit in entry.get("units") or []:
                if not isinstance(unit, Mapping) or not _owner(unit.get("owner")):
                    continue
                count = _int(unit.get("count"), 1)
                if count <= 0:
                    continue
                stack = stacks.setdefault(str(unit["owner"]), Stack(str(unit["owner"])))
                kind = str(unit.get("type") or "?")
                stack.units[kind] = stack.units.get(kind, 0) + count
                weak = unit.get("weakened")
                weak_n = (count if weak is True else _int(weak, 0)) if weak else 0
                if weak_n:
                    stack.weakened[kind] = stack.weakened.get(kind, 0) + min(count, weak_n)
            for leader in entry.get("leaders") or []:
                if not isinstance(leader, Mapping):
                    continue
                owner = _owner(leader.get("owner")) or next(iter(stacks), None)
                if owner is None:
                    continue
                stacks.setdefault(owner, Stack(owner)).leaders.append(leader_label(leader))
            if stacks:
                self.stacks[sid] = sorted(stacks.values(), key=_stack_order)
            city = entry.get("city")
            if isinstance(city, Mapping) and not points[sid].naval:
                self.cities[sid] = city
            tribe = entry.get("tribe")
            if isinstance(tribe, Mapping) and not points[sid].naval:
                strength = tribe.get("strength")
                shown = tribe.get("revealed") is True and strength is not None
                self.tribes[sid] = str(_int(strength)) if shown else "?"
            siege = _owner(entry.get("siege"))
            if siege:
                self.sieges[sid] = siege
        move = _mapping(board.get("last_move"))
        self.move_power = _owner(move.get("power"))
        self.move_path = [str(s) for s in move.get("path") or [] if str(s) in points]
        self.move_kind = str(move.get("kind") or "land")
        battle = move.get("battle")
        self.battle = str(battle) if battle is not None and str(battle) in points else None
        focus = board.get("focus")
        if focus is not None and str(focus) in points:
            self.focus: str | None = str(focus)
        elif self.battle:
            self.focus = self.battle
        elif self.move_path:
            self.focus = self.move_path[-1]
        else:
            # nothing moved yet: the capital of the Power to act
            self.focus = _capital_of(self.active or (self.power_order or ["rome"])[0])
        track = _mapping(board.get("am_track"))
        self.am_played = [str(a) for a in track.get("played") or [] if a]
        self.am_pool = track.get("pool")
        groups = board.get("alliances") or []
        self.alliances = [[str(p) for p in g if _owner(p)] for g in groups
                          if isinstance(g, list | tuple)]
        self.alliances = [g for g in self.alliances if len(g) > 1]
        self.rebels: dict[str, str] = {}
        for r in board.get("rebels") or []:
            if isinstance(r, Mapping) and str(r.get("space")) in points:
                self.rebels[str(r["space"])] = str(r.get("region") or "")
        self.closed = [str(sp) for sp in board.get("cyprus_closed") or [] if str(sp) in points]
        # §17.2 the Advanced Game's public lasting marks: the Inventor of The Archimedes Effect
        # at its City, the Helepolis of The Poliorcetes Effect with its Power's army
        effects = _mapping(_mapping(board.get("cards")).get("effects"))
        self.inventors = [str(sp) for sp in effects.get("archimedes") or [] if str(sp) in points]
        for power, sid in _mapping(effects.get("helepolis")).items():
            for stack in self.stacks.get(str(sid), []):
                if stack.owner == str(power):
                    stack.leaders.append(text("helepolis", lang))


def _stack_order(stack: Stack) -> tuple[int, str]:
    return (POWERS.index(stack.owner) if stack.owner in POWERS else len(POWERS), stack.owner)


def unit_code(kind: str, lang: str) -> str:
    return UNIT_RU.get(kind, kind) if lang == "ru" else kind


def units_line(stack: Stack, lang: str) -> str:
    """"3LG 2HI(1w) 1CV": the units by type, weakened ones counted in brackets."""
    parts = []
    for kind in sorted(stack.units, key=lambda k: (UNIT_ORDER.index(k) if k in UNIT_ORDER
                                                   else len(UNIT_ORDER), k)):
        part = f"{stack.units[kind]}{unit_code(kind, lang)}"
        if stack.weakened.get(kind):
            part += f"({stack.weakened[kind]}{text('weak', lang)})"
        parts.append(part)
    return " ".join(parts)


# -- the picture ---------------------------------------------------------------------------------

def _canvas(lang: str) -> Image.Image:
    """The picture with everything static: header and band backgrounds and the map."""
    img = Image.new("RGB", (L.WIDTH, L.HEIGHT), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, L.WIDTH, L.HEADER_H), fill=HEAD_BG)
    d.line((0, L.HEADER_H - 2, L.WIDTH, L.HEADER_H - 2), fill=HEAD_RULE, width=2)
    img.paste(main_background(lang).static, (0, L.MAP_TOP))
    d.line((0, L.BAND_TOP, L.WIDTH, L.BAND_TOP), fill=FRAME, width=2)
    return img


def board_image(view: View, lang: str = "en") -> Image.Image:
    c = _Board(view, lang)
    img = _tinted_canvas(lang, c.province_control)
    d = ImageDraw.Draw(img)
    origin = (0.0, float(L.MAP_TOP))
    names = main_background(lang).territory_names
    for tid, owner in c.territory_control.items():
        box = names.get(tid)
        if box is not None:
            d.rounded_rectangle((box[0], box[3] + L.MAP_TOP + 1, box[2],
                                 box[3] + L.MAP_TOP + 6), radius=2, fill=owner_colour(owner))
    taken = [_shift(lb.box, origin) for lb in c.layout.labels.values()]
    draw_pieces(img, d, c, L.MAIN, origin, (0, L.MAP_TOP, L.MAP_W, L.MAP_BOTTOM), taken, True)
    _powers_panel(img, d, c)
    _header(d, c, None)
    _band(img, d, c)
    return img


def _tinted_canvas(lang: str, province_control: Mapping[str, str]) -> Image.Image:
    """The static picture with each held province tinted and its spaces filled in its holder's
    colour. Drawn for each picture (a few milliseconds from the cached provinces): a table
    service shows many games in turn, so a cached canvas would seldom be the next one's, and
    would keep another full-size picture in memory."""
    img = _canvas(lang)
    for pid, owner in sorted(province_control.items()):
        tinted = tinted_province(lang, pid, owner_colour(owner), _tint_colour(owner))
        if tinted is not None:
            (x, y), part, mask = tinted
            img.paste(part, (x, y + L.MAP_TOP), mask)
    return img


def _tint_colour(owner: str) -> RGB:
    return lighter(owner_colour(owner), 0.35)


def _shift(box: L.Box, origin: tuple[float, float]) -> L.Box:
    return (box[0] + origin[0], box[1] + origin[1], box[2] + origin[0], box[3] + origin[1])


def draw_pieces(img: Image.Image, d: ImageDraw.ImageDraw, c: _Board, frame: L.Frame,
                origin: tuple[float, float], clip: L.Box, taken: list[L.Box],
                prefilled: bool, grids: tuple[L.BoxGrid, L.BoxGrid] | None = None) -> None:
    """Everything on the points, at ``frame``, with the map's (0, 0) at ``origin`` of ``img``:
    controlled spaces, sieges, cities, tribes, the last move and the counters. ``prefilled``:
    the spaces of held provinces are already filled in the holder's colour."""
    pts = c.layout.points
    k = frame.k
    where = {sid: (frame.pt(p.x, p.y)[0] + origin[0], frame.pt(p.x, p.y)[1] + origin[1])
             for sid, p in pts.items()}

    def at(sid: str) -> tuple[float, float]:
        return where[sid]

    def shown(sid: str, margin: float = 30) -> bool:
        x, y = where[sid]
        return clip[0] - margin <= x <= clip[2] + margin and clip[1] - margin <= y <= clip[3] + margin

    layer_frame = L.Frame(frame.scale, frame.x0 - origin[0] / frame.scale,
                          frame.y0 - origin[1] / frame.scale, frame.k, img.width, img.height)
    for sid, p in pts.items():
        # the tinted provinces come with their spaces filled in the holder's colour
        default = c.province_control.get(p.province) if prefilled else None
        # a space whose control the board does not give keeps its province's colour
        owner = c.space_control.get(sid) if sid in c.known_control else default
        if p.naval or (owner == default and sid not in c.cities) or not shown(sid, 0):
            continue
        if sid in c.cities:
            city = c.cities[sid]
            frame_sprite = city_frame(
                "settlement" if city.get("kind") == "settlement" else "city",
                owner_colour(city.get("owner")) if city.get("owner") else (250, 250, 250),
                bool(city.get("damaged")), round(k, 3))
            x, y = at(sid)
            img.paste(frame_sprite, (round(x - frame_sprite.width / 2),
                                     round(y - frame_sprite.height / 2)), frame_sprite)
        paste_marker(img, p, layer_frame, owner_colour(owner) if owner else WHITE)
    for sid, strength in c.tribes.items():
        if shown(sid):
            x, y = at(sid)
            token = tribe_token(strength, round(k, 3))
            img.paste(token, (round(x - token.width / 2), round(y - token.height / 2)), token)
    closed = [sid for sid in c.closed if shown(sid)]
    for sid in closed:                   # §13.3 Cyprus: closed to fleets this turn
        x, y = at(sid)
        r = pts[sid].radius * k + 5 * k
        d.ellipse((x - r, y - r, x + r, y + r), outline=ALERT_RING, width=max(2, round(2.5 * k)))
        d.line((x - r * 0.7, y - r * 0.7, x + r * 0.7, y + r * 0.7), fill=ALERT_RING,
               width=max(2, round(2.5 * k)))
    if closed:                           # one word for them all, under the lowest
        low = max(closed, key=lambda sid: at(sid)[1])
        x, y = at(low)
        d.text((x, y + pts[low].radius * k + 8 * k), text("closed_to_fleets", c.lang),
               font=font(max(10, round(13 * k)), True), fill=ALERT_RING, anchor="ma",
               stroke_width=2, stroke_fill=WHITE)
    for sid in c.inventors:              # §17.2 The Archimedes Effect: the Inventor's word
        if shown(sid):
            x, y = at(sid)
            d.text((x, y - pts[sid].radius * k - 6 * k), text("inventor", c.lang),
                   font=font(max(10, round(13 * k)), True), fill=ALERT_RING, anchor="md",
                   stroke_width=2, stroke_fill=WHITE)
    for sid, besieger in c.sieges.items():
        if shown(sid):
            x, y = at(sid)
            siege_ring(d, x, y, pts[sid].radius * k, owner_colour(besieger) if besieger
                       in POWER_COLOUR else ALERT_RING, k)
    if len(c.move_path) >= 2:
        path = [at(s) for s in c.move_path]
        colour = owner_colour(c.move_power) if c.move_power else MOVE
        for n, (a, b) in enumerate(zip(path, path[1:], strict=False)):
            ra = pts[c.move_path[n]].radius * k + 2
            rb = pts[c.move_path[n + 1]].radius * k + 3
            length = math.dist(a, b)
            if length <= ra + rb + 4:
                continue
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            start = (a[0] + ux * ra, a[1] + uy * ra)
            end = (b[0] - ux * rb, b[1] - uy * rb)
            arrow(d, start, end, MOVE, max(3, round(4 * k)), head=13 * k, outline=colour)
    if c.battle and shown(c.battle):
        x, y = at(c.battle)
        r = pts[c.battle].radius * k + 7 * k
        d.ellipse((x - r, y - r, x + r, y + r), outline=ALERT_RING, width=max(2, round(3 * k)))
    if grids is None:
        grids = _grids(frame, origin, clip, tuple(taken))
    _counters(img, d, c, frame, at, shown, grids)


@lru_cache(maxsize=4)
def _grids(frame: L.Frame, origin: tuple[float, float], clip: L.Box,
           names: tuple[L.Box, ...]) -> tuple[L.BoxGrid, L.BoxGrid]:
    """What a counter should not cover, bucketed: the markers shown and the names (cached: the
    main map's are the same for every picture)."""
    markers = L.BoxGrid(60)
    for p in L.map_layout().points.values():
        x, y = frame.pt(p.x, p.y)
        x, y = x + origin[0], y + origin[1]
        r = p.radius * frame.k
        if clip[0] - 30 <= x <= clip[2] + 30 and clip[1] - 30 <= y <= clip[3] + 30:
            markers.add((x - r, y - r, x + r, y + r))
    name_grid = L.BoxGrid(80)
    for box in names:
        name_grid.add(box)
    return markers, name_grid


def _counters(img: Image.Image, d: ImageDraw.ImageDraw, c: _Board, frame: L.Frame,
              at: Any, shown: Any, grids: tuple[L.BoxGrid, L.BoxGrid]) -> None:
    """The armies and fleets, each beside its point where it covers the least, with a line to
    its point."""
    pts = c.layout.points
    k = frame.k
    placed = L.BoxGrid(60)
    obstacles, names = grids
    for sid in sorted(c.stacks, key=lambda s: (pts[s].y, pts[s].x)):
        if not shown(sid):
            continue
        x, y = at(sid)
        r = pts[sid].radius * k
        for stack in c.stacks[sid]:
            naval = pts[sid].naval or set(stack.units) <= {"GS"}
            title = " · ".join(stack.leaders)
            if stack.owner == "barbarian" and sid in c.rebels and not title:
                title = text("rebels", c.lang, region=text(f"rebellion.{c.rebels[sid]}",
                                                           c.lang))
            line2 = units_line(stack, c.lang) or power_name(stack.owner, c.lang)
            sprite = counter(owner_colour(stack.owner), title, line2, round(k, 3), naval)
            w, h = sprite.size
            gap = 6 * k
            spots = [(x + r + gap, y - h / 2), (x - r - gap - w, y - h / 2),
                     (x - w / 2, y + r + gap), (x - w / 2, y - r - gap - h),
                     (x + r + gap, y + r * 0.3), (x - r - gap - w, y + r * 0.3),
                     (x + r + gap, y - r * 0.3 - h), (x - r - gap - w, y - r * 0.3 - h),
                     (x + r * 2 + gap, y - h / 2), (x - r * 2 - gap - w, y - h / 2)]
            best: tuple[float, L.Box] | None = None
            for n, (bx, by) in enumerate(spots):
                box = (bx, by, bx + w, by + h)
                cost = n * 2.0
                if box[0] < 2 or box[1] < 2 or box[2] > img.width - 2 or \
                        box[3] > img.height - 2:
                    cost += 100000
                cost += sum(L.overlap(box, o) for o in placed.near(box)) * 0.5
                cost += sum(L.overlap(box, o) for o in obstacles.near(box)) * 0.25
                cost += sum(L.overlap(box, o) for o in names.near(box)) * 0.12
                if best is None or cost < best[0]:
                    best = (cost, box)
            assert best is not None
            box = best[1]
            cx = min(max(x, box[0]), box[2])
            cy = min(max(y, box[1]), box[3])
            if math.dist((cx, cy), (x, y)) > r + 2:
                d.line(((x, y), (cx, cy)), fill=darker(owner_colour(stack.owner), 0.3),
                       width=max(1, round(2 * k)))
            img.paste(sprite, (round(box[0]), round(box[1])), sprite)
            placed.add(box)


# -- the header, the Powers' table, the band -----------------------------------------------------

def _header(d: ImageDraw.ImageDraw, c: _Board, region_name: str | None) -> None:
    lang = c.lang
    d.text((16, L.HEADER_H / 2 - 1), text("title", lang), font=font(28, True),
           fill=(250, 236, 200), anchor="lm")
    parts = []
    if c.turn:
        parts.append(text("turn_years", lang, n=c.turn, years=turn_years(c.turn))
                     if 1 <= c.turn <= 10 else text("turn", lang, n=c.turn))
    if c.phase:
        name = text(f"phase.{c.phase}", lang) if f"phase.{c.phase}" in _phase_keys() \
            else c.phase.replace("_", " ")
        parts.append(text("phase", lang, p=c.phase, name=name)
                     if f"phase.{c.phase}" in _phase_keys() else name)
    if region_name:
        parts.append(text("region", lang, where=region_name))
    d.text((250, L.HEADER_H / 2), "  ·  ".join(parts), font=font(21), fill=(232, 220, 196),
           anchor="lm")
    if c.view.result is not None:
        words, colour = text("game_over", lang), (90, 90, 90)
    elif c.active:
        words, colour = text("to_act", lang, who=power_name(c.active, lang)), \
            owner_colour(c.active)
    else:
        return
    f = font(21, True)
    w = f.getlength(words) + 28
    right = d.im.size[0] - 12
    d.rounded_rectangle((right - w, 9, right, L.HEADER_H - 11), radius=8, fill=colour)
    d.text((right - w / 2, L.HEADER_H / 2 - 1), words, font=f, fill=ink_on(colour), anchor="mm")


@lru_cache(maxsize=1)
def _phase_keys() -> frozenset[str]:
    from renderers.pax_romana.labels import LABELS

    return frozenset(k for k in LABELS["en"] if k.startswith("phase."))


COLUMNS = (("treasury", 150), ("stability", 84), ("vp", 70), ("gop", 70), ("cvp", 70),
           ("ams_left", 70))


def _powers_panel(img: Image.Image, d: ImageDraw.ImageDraw, c: _Board) -> None:
    """The Powers' table and the AM track, over the steppe."""
    if not c.powers and not c.am_played and c.am_pool is None:
        return
    lang = c.lang
    x0, y0, x1, y1 = L.POWERS_BOX
    y0 += L.MAP_TOP
    y1 += L.MAP_TOP
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=(250, 246, 234), outline=FRAME,
                        width=2)
    head = font(16, True)
    name_w = 170
    x = x0 + 14 + name_w
    ty = y0 + 12
    for key, w in COLUMNS:
        d.text((x + w / 2, ty), text(key, lang), font=head, fill=MUTED, anchor="ma")
        x += w
    d.text((x + 10, ty), text("manpower", lang), font=head, fill=MUTED, anchor="la")
    row_h = 42
    value_font = font(22, True)
    for n, power in enumerate(c.power_order[:4]):
        info = c.powers[power]
        top = y0 + 38 + n * row_h
        colour = owner_colour(power)
        acting = power == c.active
        d.rounded_rectangle((x0 + 10, top, x0 + 10 + name_w - 8, top + row_h - 6), radius=6,
                            fill=colour, outline=INK if acting else colour,
                            width=3 if acting else 1)
        name = power_name(power, lang)
        d.text((x0 + 10 + (name_w - 8) / 2, top + (row_h - 6) / 2), name,
               font=fit_font(name, name_w - 20, 20, True), fill=ink_on(colour), anchor="mm")
        x = x0 + 14 + name_w
        for key, w in COLUMNS:
            value = info.get(key)
            shown = "—" if value is None else (f"{_int(value)} T" if key == "treasury"
                                               else str(_int(value)))
            d.text((x + w / 2, top + (row_h - 6) / 2), shown, font=value_font, fill=INK,
                   anchor="mm")
            x += w
        manpower = _mapping(info.get("manpower"))
        words = "  ".join(f"{_int(v)} {unit_code(str(t), lang)}" for t, v in
                          sorted(manpower.items(), key=lambda kv: (
                              UNIT_ORDER.index(kv[0]) if kv[0] in UNIT_ORDER else 99, kv[0]))
                          if _int(v) > 0) or "—"
        f = font(18, True)
        d.text((x + 10, top + (row_h - 6) / 2), fit_text(words, f, x1 - x - 20), font=f,
               fill=INK, anchor="lm")
    _alliances(d, c, x0, y0 + 38, row_h)
    # the AM track
    top = y0 + 38 + 4 * row_h + 6
    d.line((x0 + 10, top - 4, x1 - 10, top - 4), fill=lighter(FRAME, 0.5), width=1)
    d.text((x0 + 14, top + 4), text("am_track", lang), font=head, fill=MUTED, anchor="la")
    if c.alliances:                      # §4.3.1: the turn's alliances, in words
        words = text("alliances", lang, groups="; ".join(
            " + ".join(power_name(p, lang) for p in g) for g in c.alliances))
        f = font(17, True)
        left = x0 + 24 + f.getlength(text("am_track", lang))
        d.text((left + 16, top + 4), fit_text(words, f, x1 - 200 - left), font=f, fill=INK,
               anchor="la")
    bx = x0 + 14
    by = top + 26
    cell_w, cell_h = 112, 36
    pool = text("am_pool", lang, n=_int(c.am_pool)) if c.am_pool is not None else ""
    if pool:
        d.text((x1 - 14, top + 4), pool, font=font(18, True), fill=INK, anchor="ra")
    room = int((x1 - 14 - bx + 6) // (cell_w + 6))
    played = c.am_played[-room:] if room > 0 else []
    first = len(c.am_played) - len(played)
    if not played:
        d.text((bx, by + cell_h / 2), text("am_none", lang), font=font(18), fill=MUTED,
               anchor="lm")
    for n, who in enumerate(played):
        colour = owner_colour(who) if who in POWER_COLOUR else (120, 110, 96)
        box = (bx + n * (cell_w + 6), by, bx + n * (cell_w + 6) + cell_w, by + cell_h)
        d.rounded_rectangle(box, radius=6, fill=colour)
        label = text("event", lang) if who == "event" else power_name(who, lang)
        d.text((box[0] + 6, box[1] + cell_h / 2), str(first + n + 1), font=font(14, True),
               fill=ink_on(colour), anchor="lm")
        d.text(((box[0] + box[2]) / 2 + 8, box[1] + cell_h / 2), label,
               font=fit_font(label, cell_w - 26, 16, True), fill=ink_on(colour), anchor="mm")


def _alliances(d: ImageDraw.ImageDraw, c: _Board, x0: float, rows_top: float,
               row_h: float) -> None:
    """A bracket left of the Powers' rows joining the rows of each alliance (§4.3.1)."""
    rows = c.power_order[:4]
    for n, group in enumerate(c.alliances):
        at = sorted(rows.index(p) for p in group if p in rows)
        if len(at) < 2:
            continue
        x = x0 + 5 - 3 * (n % 2)
        top = rows_top + at[0] * row_h + (row_h - 6) / 2
        bottom = rows_top + at[-1] * row_h + (row_h - 6) / 2
        d.line((x, top, x, bottom), fill=INK, width=3)
        for i in at:
            y = rows_top + i * row_h + (row_h - 6) / 2
            d.line((x, y, x0 + 10, y), fill=INK, width=3)


def _point_name(c: _Board, sid: str) -> str:
    p = c.layout.points.get(sid)
    return p.label if p else sid


def _region_of(c: _Board, sid: str) -> str:
    p = c.layout.points.get(sid)
    if p is None:
        return ""
    if p.naval:
        return p.label
    return L.short_name(c.layout.territories.get(p.territory, (p.territory,))[0])


def _band(img: Image.Image, d: ImageDraw.ImageDraw, c: _Board) -> None:
    """The last action in words, and the zoomed view of where it happened."""
    lang = c.lang
    x0, y0 = 16, L.BAND_TOP + 14
    d.text((x0, y0), text("last_action", lang), font=font(24, True), fill=INK, anchor="la")
    y = y0 + 40
    width = L.ZOOM_BOX[0] - 40
    if c.move_path or c.battle:
        who = power_name(c.move_power, lang) if c.move_power else ""
        if c.move_path:
            route = " → ".join(_point_name(c, s) for s in c.move_path)
            if c.move_kind == "naval":
                route += f" ({text('by_sea', lang)})"
            lines = wrap_text(f"{who}: {route}" if who else route, font(21), width)
            for line in lines[:6]:
                d.text((x0, y), line, font=font(21), fill=INK, anchor="la")
                y += 30
        if c.battle:
            d.text((x0, y + 4), text("battle_at", lang, where=_point_name(c, c.battle)),
                   font=font(21, True), fill=ALERT_RING, anchor="la")
            y += 36
    else:
        d.text((x0, y), text("no_last_action", lang), font=font(21), fill=MUTED, anchor="la")
        y += 34
    _forces_table(d, c, x0, L.BAND_TOP + 318, L.ZOOM_BOX[0] - 30)
    if c.focus is not None:
        _zoom_inset(img, d, c)


FORCE_COLUMNS = ("units", "galleys", "leaders", "cities", "settlements", "provinces",
                 "territories")


def _forces_table(d: ImageDraw.ImageDraw, c: _Board, x0: float, y0: float, x1: float) -> None:
    """What each Power has on the map: land units, galleys, leaders, cities, settlements, and
    the provinces and territories it holds."""
    if not c.power_order:
        return
    lang = c.lang
    d.text((x0, y0), text("on_map", lang), font=font(22, True), fill=INK, anchor="la")
    name_w = 150
    col_w = (x1 - x0 - name_w) / len(FORCE_COLUMNS)
    head_y = y0 + 40
    for n, key in enumerate(FORCE_COLUMNS):
        words = text(key, lang)
        d.text((x0 + name_w + (n + 0.5) * col_w, head_y), words,
               font=fit_font(words, col_w - 6, 16, True), fill=MUTED, anchor="mm")
    for row, power in enumerate(c.power_order[:4]):
        y = head_y + 20 + row * 40
        stacks = [s for stacks in c.stacks.values() for s in stacks if s.owner == power]
        counts = (
            sum(n for s in stacks for t, n in s.units.items() if t != "GS"),
            sum(s.units.get("GS", 0) for s in stacks),
            sum(len(s.leaders) for s in stacks),
            sum(1 for city in c.cities.values()
                if city.get("owner") == power and city.get("kind") != "settlement"),
            sum(1 for city in c.cities.values()
                if city.get("owner") == power and city.get("kind") == "settlement"),
            sum(1 for owner in c.province_control.values() if owner == power),
            sum(1 for owner in c.territory_control.values() if owner == power),
        )
        colour = owner_colour(power)
        d.rounded_rectangle((x0, y + 2, x0 + name_w - 10, y + 34), radius=6, fill=colour)
        name = power_name(power, lang)
        d.text((x0 + (name_w - 10) / 2, y + 18), name,
               font=fit_font(name, name_w - 24, 19, True), fill=ink_on(colour), anchor="mm")
        for n, value in enumerate(counts):
            d.text((x0 + name_w + (n + 0.5) * col_w, y + 18), str(value), font=font(21, True),
                   fill=INK, anchor="mm")


def _zoom_window(c: _Board) -> L.Box:
    """The map window round the focus (and the whole last move when it fits), snapped to a grid
    so that nearby actions share a cached zoom."""
    bx0, by0, bx1, by1 = L.ZOOM_BOX
    w = (bx1 - bx0) / L.ZOOM_SCALE
    h = (by1 - by0 - L.ZOOM_HEAD_H) / L.ZOOM_SCALE
    pts = c.layout.points
    focus = pts[c.focus] if c.focus else None
    assert focus is not None
    xs = [focus.x]
    ys = [focus.y]
    for sid in c.move_path:
        p = pts[sid]
        if abs(p.x - focus.x) < w * 0.45 and abs(p.y - focus.y) < h * 0.45:
            xs.append(p.x)
            ys.append(p.y)
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    cx, cy = round(cx / 60) * 60, round(cy / 40) * 40
    cx = min(max(cx, w / 2), L.MAP_W - w / 2)
    cy = min(max(cy, h / 2), L.MAP_H - h / 2)
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _zoom_picture(c: _Board, window: L.Box, size: tuple[int, int]) -> Image.Image:
    """The map of ``window`` in a picture of ``size``, tinted, with the pieces on it. At the
    inset's scale it is a crop of the whole map drawn once; other scales (regions) are drawn
    for the window."""
    frame = L.zoom_frame(window, size)
    if frame.scale == L.ZOOM_SCALE:
        colours = {pid: _tint_colour(owner) for pid, owner in c.province_control.items()}
        pic = zoom_crop(c.lang, board_palette(c.lang), frame, colours)
        every, _naval = zoom_names(c.lang)
        dx, dy = -frame.x0 * frame.scale, -frame.y0 * frame.scale
        shown = frame.window
        taken = [L.shifted(every[p.id], dx, dy).box for p in c.layout.spaces_in(shown, 40)
                 if p.id in every]
    else:
        layers = zoom_layers(window, size, c.lang)
        colours_key = tuple(sorted((pid, _tint_colour(owner)) for pid, owner in
                                   c.province_control.items()))
        pic = tinted_zoom(window, size, c.lang, colours_key).copy()
        taken = [label.box for label in layers.labels.values()]
    d = ImageDraw.Draw(pic)
    draw_pieces(pic, d, c, frame, (0.0, 0.0), (0, 0, size[0], size[1]), taken, False)
    return pic


def _zoom_inset(img: Image.Image, d: ImageDraw.ImageDraw, c: _Board) -> None:
    bx0, by0, bx1, by1 = (round(v) for v in L.ZOOM_BOX)
    window = _zoom_window(c)
    size = (bx1 - bx0, by1 - by0 - L.ZOOM_HEAD_H)
    pic = _zoom_picture(c, window, size)
    d.rectangle((bx0 - 2, by0 - 2, bx1 + 1, by1 + 1), fill=FRAME)
    d.rectangle((bx0, by0, bx1 - 1, by0 + L.ZOOM_HEAD_H - 1), fill=PANEL)
    where = ""
    if c.focus:
        region = _region_of(c, c.focus)
        point = _point_name(c, c.focus)
        where = point if region == point else f"{point} ({region})"
    d.text((bx0 + 10, by0 + L.ZOOM_HEAD_H / 2), text("zoom", c.lang, where=where),
           font=font(19, True), fill=INK, anchor="lm")
    img.paste(pic, (bx0, by0 + L.ZOOM_HEAD_H))
    # where the zoom is, on the main map
    d.rectangle((window[0], window[1] + L.MAP_TOP, window[2], window[3] + L.MAP_TOP),
                outline=INK, width=2)


# -- a region --------------------------------------------------------------------------------------

def region_image(view: View, region: str, lang: str = "en") -> Image.Image:
    """A zoomed picture of a territory or province (its id), with the header."""
    c = _Board(view, lang)
    window = territory_window(region)
    if window is None:
        raise UnknownRegion(text("unknown_region", lang, where=region))
    ww, wh = window[2] - window[0], window[3] - window[1]
    scale = min(REGION_WIDTH / ww, 2.6)
    height = round(min(max(wh * scale, 520), 1300))
    size = (REGION_WIDTH, height)
    pic = _zoom_picture(c, _pad_window(window, size), size)
    img = Image.new("RGB", (REGION_WIDTH, L.HEADER_H + height), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, REGION_WIDTH, L.HEADER_H), fill=HEAD_BG)
    d.line((0, L.HEADER_H - 2, REGION_WIDTH, L.HEADER_H - 2), fill=HEAD_RULE, width=2)
    img.paste(pic, (0, L.HEADER_H))
    name = dict(regions(lang)).get(region, region)
    _header(d, c, L.short_name(name))
    return img


def _pad_window(window: L.Box, size: tuple[int, int]) -> L.Box:
    """``window`` grown to the picture's proportions, and at least a few spaces wide."""
    x0, y0, x1, y1 = window
    w, h = max(x1 - x0, 260.0), max(y1 - y0, 180.0)
    aspect = size[0] / size[1]
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


__all__ = ["UnknownRegion", "board_image", "canvas_size", "prepare", "region_image", "regions",
           "render_board"]

