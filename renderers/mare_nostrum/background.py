"""The static part of the Mare Nostrum board picture: land and water, coasts, Province borders,
land links and sea lanes, the names of Seas and Provinces, the panel frames and the legend.

It depends only on the map (``layout.map_key``), the number of Empires (the panels' height) and
the language, so it is drawn once per process for each and copied for every picture. The names are
kept on a separate transparent layer, laid over the cards after they are drawn; the Province
regions are kept as masks, to be tinted in the controller's colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common import (
    FRAME,
    INK,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    WHITE,
    darker,
    dashed_line,
    fit_font,
    font,
    lighter,
    wrap_text,
)
from renderers.mare_nostrum import layout as L
from renderers.mare_nostrum.labels import good_abbr, good_name, text, track_name
from renderers.mare_nostrum.pieces import (
    city_icon,
    crown_icon,
    fortress_icon,
    good_token,
    legion_counter,
    market_icon,
    temple_icon,
    trireme_counter,
    war_badge,
)

LAND: RGB = (230, 220, 190)
WILD: RGB = (212, 206, 190)            # land that is not in play
WATER: RGB = (112, 166, 214)
SHALLOWS: RGB = (150, 192, 228)
COAST: RGB = (70, 104, 140)
BORDER: RGB = (150, 124, 88)
LAND_LINK: RGB = (128, 96, 60)
SEA_LANE: RGB = (206, 226, 244)
SEA_TEXT: RGB = (255, 255, 255)
SEA_HALO: RGB = (36, 84, 140)
TINT_ALPHA = 0.42                      # how strongly a region takes its controller's colour

NameTable = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Background:
    base: Image.Image                  # RGB: everything under the cards
    names: Image.Image                 # RGBA: names, laid over the cards (the map's size)
    regions: dict[str, tuple[tuple[int, int], Image.Image]]   # province -> (offset, alpha mask)


def _cell_mask(size: tuple[int, int], polys: Sequence[Sequence[tuple[float, float]]]) -> Image.Image:
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    for poly in polys:
        if len(poly) >= 3:
            d.polygon([(x, y - L.MAP_TOP) for x, y in poly], fill=255)
    return mask


def _threshold(img: Image.Image, level: int = 128) -> Image.Image:
    return img.point(lambda v: 255 if v >= level else 0)


def _island_shape(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    m = L.ISLAND_MARGIN
    return box[0] - m, box[1] - m - L.MAP_TOP, box[2] + m, box[3] + m - L.MAP_TOP


@lru_cache(maxsize=8)
def background(key: L.MapKey, n_empires: int, names: NameTable, goods: tuple[str, ...],
               lang: str) -> Background:
    """The board without pieces (cached; callers copy ``base``)."""
    lay = L.map_layout(key)
    W, H = L.WIDTH, L.height(n_empires)
    size = (W, L.MAP_H)
    areas = lay.areas
    # -- water: the Seas' regions and the islands' surroundings, with soft coasts
    water_raw = _cell_mask(size, [a.cell for a in areas.values() if a.kind in ("sea", "island")])
    water = _threshold(water_raw.filter(ImageFilter.GaussianBlur(12)))
    land_cells = _cell_mask(size, [a.cell for a in areas.values() if a.kind == "land"])
    islands = Image.new("L", size, 0)
    di = ImageDraw.Draw(islands)
    for a in areas.values():
        if a.kind == "island":
            di.rounded_rectangle(_island_shape(a.box), radius=18, fill=255)
    water = ImageChops.subtract(water, islands)
    land = ImageChops.invert(water)
    in_play = ImageChops.lighter(ImageChops.multiply(land_cells, land), islands)
    # -- colours
    map_img = Image.new("RGB", size, WILD)
    map_img.paste(LAND, (0, 0), _soft(in_play, 1.2))
    near_land = _threshold(land.filter(ImageFilter.GaussianBlur(7)), 40)
    shallows = ImageChops.multiply(near_land, water)
    map_img.paste(WATER, (0, 0), _soft(water, 0.8))
    map_img.paste(SHALLOWS, (0, 0), _soft(shallows, 2.5))
    coast_line = ImageChops.subtract(_threshold(land.filter(ImageFilter.GaussianBlur(1.5)), 20),
                                     land)
    map_img.paste(COAST, (0, 0), _soft(coast_line, 0.6))
    # -- Province borders (on land only) and links
    borders = Image.new("L", size, 0)
    db = ImageDraw.Draw(borders)
    for a in areas.values():
        if a.kind == "land" and len(a.cell) >= 3:
            pts = [(x, y - L.MAP_TOP) for x, y in a.cell]
            db.line([*pts, pts[0]], fill=255, width=2)
    borders = ImageChops.multiply(borders, _threshold(land.filter(ImageFilter.GaussianBlur(2)),
                                                      250))
    map_img.paste(BORDER, (0, 0), borders)
    d = ImageDraw.Draw(map_img)
    _links(d, lay)
    big = Image.new("RGB", (W, H), PAPER)
    big.paste(map_img, (0, L.MAP_TOP))
    bd = ImageDraw.Draw(big)
    bd.rectangle((0, L.MAP_TOP, W - 1, L.MAP_BOTTOM), outline=FRAME, width=3)
    # -- the regions to tint: each Province's land, or its island
    regions: dict[str, tuple[tuple[int, int], Image.Image]] = {}
    for a in areas.values():
        if a.kind == "sea" or len(a.cell) < 3:
            continue
        if a.kind == "island":
            mask = Image.new("L", size, 0)
            ImageDraw.Draw(mask).rounded_rectangle(_island_shape(a.box), radius=18, fill=255)
        else:
            mask = ImageChops.multiply(_cell_mask(size, [a.cell]), in_play)
        bbox = mask.getbbox()
        if bbox is None:
            continue
        crop = mask.crop(bbox).point(lambda v: round(v * TINT_ALPHA))
        regions[a.id] = ((bbox[0], bbox[1] + L.MAP_TOP), crop)
    # -- names and panels
    names_img = Image.new("RGBA", (W, L.MAP_H), (0, 0, 0, 0))
    dn = ImageDraw.Draw(names_img)
    name_of = dict(names)
    for a in areas.values():
        name = name_of.get(a.id, a.id)
        if a.is_sea:
            _sea_name(dn, a, name)
        else:
            _province_name(dn, a, name)
    _header(bd)
    _panels(bd, n_empires, lang)
    _legend(big, bd, n_empires, goods, lang)
    return Background(base=big, names=names_img, regions=regions)


def _soft(mask: Image.Image, radius: float) -> Image.Image:
    return mask.filter(ImageFilter.GaussianBlur(radius))


def _links(d: ImageDraw.ImageDraw, lay: L.MapLayout) -> None:
    """Faint links: coasts first (thin), then sea lanes (dotted), then land links (dashed)."""
    areas = lay.areas
    top = L.MAP_TOP

    def at(a: str) -> tuple[float, float]:
        x, y = areas[a].centre
        return x, y - top

    for sea, prov in lay.coasts:
        if sea in areas and prov in areas:
            d.line((at(sea), at(prov)), fill=lighter(WATER, 0.3), width=2)
    for a, b in lay.sea_lanes:
        pa, pb = at(a), at(b)
        length = math.dist(pa, pb)
        steps = max(1, int(length // 12))
        for i in range(steps + 1):
            x = pa[0] + (pb[0] - pa[0]) * i / steps
            y = pa[1] + (pb[1] - pa[1]) * i / steps
            d.ellipse((x - 1.8, y - 1.8, x + 1.8, y + 1.8), fill=SEA_LANE)
    for a, b in lay.land_links:
        dashed_line(d, at(a), at(b), LAND_LINK, 3, dash=9, gap=6)


def _province_name(d: ImageDraw.ImageDraw, a: L.Area, name: str) -> None:
    x0, y0, x1, y1 = a.name_box
    y0, y1 = y0 - L.MAP_TOP, y1 - L.MAP_TOP
    width = x1 - x0 - 8
    f = fit_font(name, width, 16, bold=True, smallest=12)
    lines = [name]
    if f.getlength(name) > width:
        short = name.split(" (")[0]
        f = fit_font(short, width, 16, bold=True, smallest=12)
        if f.getlength(short) > width:
            size, lines = _word_lines(short, width, 11, 9)
            f = font(size, True)
        else:
            lines = [short]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 1
    step = f.size + 1
    for i, line in enumerate(lines):
        y = cy + (i - (len(lines) - 1) / 2) * step
        d.text((cx, y), line, font=f, fill=INK, anchor="mm")


def _sea_name(d: ImageDraw.ImageDraw, a: L.Area, name: str) -> None:
    x0, y0, x1, y1 = a.name_box
    y0, y1 = y0 - L.MAP_TOP, y1 - L.MAP_TOP
    width = x1 - x0 - 6
    size, lines = _word_lines(name, width, 16, 11)
    f = font(size, True)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 2
    step = size + 2
    for i, line in enumerate(lines[:2]):
        y = cy + (i - (min(len(lines), 2) - 1) / 2) * step
        d.text((cx, y), line, font=f, fill=SEA_TEXT, anchor="mm", stroke_width=3,
               stroke_fill=SEA_HALO)


def _word_lines(name: str, width: float, size: int, smallest: int) -> tuple[int, list[str]]:
    """The largest type (``size`` down to ``smallest``) in which ``name`` fits ``width`` on one
    line or two, broken between words only; at the smallest, words are cut as a last resort."""
    words = name.split()
    for s in range(size, smallest - 1, -1):
        f = font(s, True)
        if f.getlength(name) <= width:
            return s, [name]
        if len(words) < 2 or any(f.getlength(w) > width for w in words):
            continue
        best = min(range(1, len(words)), key=lambda k: max(
            f.getlength(" ".join(words[:k])), f.getlength(" ".join(words[k:]))))
        lines = [" ".join(words[:best]), " ".join(words[best:])]
        if max(f.getlength(x) for x in lines) <= width:
            return s, lines
    return smallest, wrap_text(name, font(smallest, True), width)[:2]


def _header(d: ImageDraw.ImageDraw) -> None:
    d.rectangle((0, 0, L.WIDTH, L.HEADER_H - 1), fill=(52, 72, 104))
    d.rectangle((0, L.HEADER_H - 5, L.WIDTH, L.HEADER_H - 1), fill=(200, 164, 80))


def _panels(d: ImageDraw.ImageDraw, n_empires: int, lang: str) -> None:
    W = L.WIDTH
    # leadership tracks
    top = L.TRACKS_TOP
    d.rectangle((0, top + 3, W, top + L.TRACKS_H), fill=PANEL)
    for i, track in enumerate(("trade", "culture", "military")):
        y = top + 10 + i * L.TRACK_ROW_H
        f = fit_font(track_name(track, lang), L.TRACK_LABEL_W - 20, 20, bold=True, smallest=14)
        d.text((14, y + 2), track_name(track, lang), font=f, fill=INK, anchor="la")
        for v in range(L.TRACK_MIN, L.TRACK_MAX + 1):
            x0, x1 = L.track_cell(v)
            box = (x0, y + 4, x1 - 2, y + L.TRACK_ROW_H - 6)
            d.rectangle(box, fill=WHITE if v % 5 else lighter(PANEL, 0.5), outline=darker(
                PANEL, 0.25))
            d.text((x0 + 3, y + 6), _roman(v), font=font(10, True), fill=MUTED, anchor="la")
    # the Empires table
    top = L.empires_top()
    d.rectangle((0, top, W, L.info_top(n_empires)), fill=PAPER)
    heads = [(L.COL_NAME, text("picture.empire", lang)),
             (L.COL_RES, text("picture.resources", lang)),
             (L.COL_CITIES, text("picture.great_cities", lang)),
             (L.COL_CARDS, text("picture.cards", lang))]
    for i, (x, label) in enumerate(heads):
        right = heads[i + 1][0] - 8 if i + 1 < len(heads) else W - 10
        f = fit_font(label, right - x, 17, bold=True, smallest=11)
        d.text((x, top + L.EMPIRES_HEAD_H / 2 + 2), label, font=f, fill=MUTED, anchor="lm")
    d.line((10, top + L.EMPIRES_HEAD_H, W - 10, top + L.EMPIRES_HEAD_H), fill=darker(PANEL, 0.2),
           width=2)
    # info and offer rows
    top = L.info_top(n_empires)
    d.rectangle((0, top, W, L.legend_top(n_empires)), fill=PANEL)
    d.line((L.INFO_SPLIT, top + 10, L.INFO_SPLIT, top + L.INFO_H - 10),
           fill=darker(PANEL, 0.2), width=2)
    d.line((10, L.offer_top(n_empires), W - 10, L.offer_top(n_empires)),
           fill=darker(PANEL, 0.2), width=2)


def _roman(v: int) -> str:
    numerals = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    if v <= 0:
        return "0"
    out = ""
    for n, s in numerals:
        while v >= n:
            out += s
            v -= n
    return out


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, n_empires: int, goods: tuple[str, ...],
            lang: str) -> None:
    top = L.legend_top(n_empires)
    d.rectangle((0, top, L.WIDTH, top + L.LEGEND_H), fill=lighter(PANEL, 0.35))
    sample = (150, 150, 150)
    entries: list[tuple[Image.Image, str]] = [
        (city_icon("ordinary", True, 22), text("city.ordinary", lang)),
        (city_icon("capital", True, 22), text("city.capital", lang)),
        (city_icon("legendary", True, 22), text("city.legendary", lang)),
        (temple_icon(True, 22), text("item.temple", lang)),
        (market_icon(True, 22), text("item.market", lang)),
        (city_icon("ordinary", False, 22), text("picture.empty_slot", lang)),
        (legion_counter(sample, 2), text("item.legion", lang)),
        (fortress_icon(sample), text("item.fortress", lang)),
        (trireme_counter(sample, 3), text("item.trireme", lang)),
        (war_badge(18), text("picture.at_war", lang)),
        (crown_icon(22), text("picture.title_mark", lang)),
    ]
    y = top + 18
    _legend_row(img, d, entries, y, 15)
    tokens = [(good_token(g, good_abbr(g, lang), 22), good_name(g, lang))
              for g in ("coin", *goods)]
    caravan = (good_token("wine", good_abbr("wine", lang), 22, built=False),
               f"{text('item.caravan', lang)}: {text('picture.empty_slot', lang)}")
    rows = _split(d, [caravan, *tokens], 15)
    for i, row in enumerate(rows[:2]):
        _legend_row(img, d, row, y + 28 * (i + 1), 15)


def _entry_w(d: ImageDraw.ImageDraw, entry: tuple[Image.Image, str], size: int) -> float:
    icon, label = entry
    return icon.width + 5 + d.textlength(label, font=font(size, True)) + 16


def _split(d: ImageDraw.ImageDraw, entries: list[tuple[Image.Image, str]],
           size: int) -> list[list[tuple[Image.Image, str]]]:
    total = sum(_entry_w(d, e, size) for e in entries)
    if total <= L.WIDTH - 24:
        return [entries]
    # two rows of about equal width
    acc, cut = 0.0, len(entries)
    for i, e in enumerate(entries):
        acc += _entry_w(d, e, size)
        if acc > total / 2:
            cut = i + 1
            break
    return [entries[:cut], entries[cut:]]


def _legend_row(img: Image.Image, d: ImageDraw.ImageDraw, entries: list[tuple[Image.Image, str]],
                y: float, size: int) -> None:
    while size > 10 and sum(_entry_w(d, e, size) for e in entries) > L.WIDTH - 24:
        size -= 1
    f = font(size, True)
    x = 12.0
    for icon, label in entries:
        img.paste(icon, (round(x), round(y - icon.height / 2)), icon)
        x += icon.width + 5
        d.text((x, y), label, font=f, fill=INK, anchor="lm")
        x += d.textlength(label, font=f) + 16
