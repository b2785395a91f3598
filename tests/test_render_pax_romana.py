"""renderers: the Pax Romana map picture, the region pictures and the private (hand) picture,
from hand-built Views following the board and private dicts that ``renderers/pax_romana/board.py``
and ``hand.py`` define."""

from __future__ import annotations

import ast
import copy
import io
import math
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

import renderers
from games.core import Msg, Result, View
from renderers import canvas_size, pax_romana, render_board, render_hand, render_region
from renderers.common import has_glyphs
from renderers.pax_romana import UnknownRegion, board_image, hand_image, region_image, regions
from renderers.pax_romana import layout as L
from renderers.pax_romana.background import geometry, main_background
from renderers.pax_romana.labels import LABELS
from renderers.pax_romana.pieces import POWER_COLOUR

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
LIMIT = 1_000_000                  # bytes: well under Discord's 8 MB
POWERS = ["rome", "carthage", "greece", "east"]


# -- a hand-built board ---------------------------------------------------------------------------

def space(control: str | None = None, units: list[tuple[str, str, int, int]] = (),
          leaders: list[dict[str, Any]] = (), city: dict[str, Any] | None = None,
          tribe: dict[str, Any] | None = None, siege: str | None = None) -> dict[str, Any]:
    return {"control": control,
            "units": [{"owner": o, "type": t, "count": n, "weakened": w} for o, t, n, w in units],
            "leaders": list(leaders), "city": city, "tribe": tribe, "siege": siege}


def make_board() -> dict[str, Any]:
    return {
        "turn": 3, "phase": "F", "active": "carthage",
        "powers": {
            "rome": {"treasury": 11, "stability": 6, "vp": 9, "gop": 4, "cvp": 3,
                     "ams_left": 2, "manpower": {"LG": 3, "CV": 1}},
            "carthage": {"treasury": 18, "stability": 5, "vp": 8, "gop": 3, "cvp": 2,
                         "ams_left": 1, "manpower": {"HI": 2, "LI": 1, "EL": 1}},
            "greece": {"treasury": 6, "stability": 3, "vp": 10, "gop": 2, "cvp": 7,
                       "ams_left": 3, "manpower": {"HI": 3}},
            "east": {"treasury": 14, "stability": 4, "vp": 7, "gop": 2, "cvp": 5,
                     "ams_left": 2, "manpower": {}},
        },
        "am_track": {"played": ["greece", "east", "carthage", "rome", "event", "carthage"],
                     "pool": 5},
        "territories": {"rome": {"control": "rome"}, "carthage": {"control": "carthage"},
                        "hispania": {"control": None}},
        "provinces": {"italia": {"control": "rome"}, "cisalpina": {"control": "rome"},
                      "africa": {"control": "carthage"}, "baetica": {"control": None},
                      "attica": {"control": "greece"}},
        "spaces": {
            "rome": space("rome", [("rome", "LG", 4, 1), ("rome", "GS", 1, 0)],
                          [{"id": "rome_01", "owner": "rome", "name": None, "tactics": 1,
                            "campaign": 3}],
                          city={"kind": "city", "owner": "rome", "damaged": False}),
            "carthage": space("carthage", [("carthage", "HI", 2, 0), ("carthage", "EL", 1, 0)],
                              city={"kind": "city", "owner": "carthage", "damaged": False}),
            "saguntum": space("carthage", [("carthage", "HI", 2, 0)],
                              [{"id": "carthage_01", "owner": "carthage", "name": "Hanno",
                                "tactics": 2, "campaign": 4}], siege="carthage",
                              city={"kind": "settlement", "owner": None, "damaged": True}),
            "segobriga": space(tribe={"revealed": False, "strength": None}),
            "asturica": space(tribe={"revealed": True, "strength": 4}),
            "ntp_mare_balearicum": space(units=[("carthage", "GS", 3, 0),
                                                ("carthage", "LI", 1, 0)]),
            "semnones": space(units=[("barbarian", "BR", 4, 0)]),
        },
        "last_move": {"power": "carthage", "path": ["carthago_nova", "saguntum"],
                      "kind": "land", "battle": "saguntum"},
    }


def make_view(board: dict[str, Any] | None = None, role: str | None = "rome",
              private: dict[str, Any] | None = None, **extra: Any) -> View:
    fields: dict[str, Any] = {
        "title": "pax_romana", "scenario": "V", "role": role, "roles": POWERS, "step": 30,
        "active": ["carthage"], "prompt": "", "prompt_msg": Msg(key="prompt"), "actions": [],
        "log": [], "result": None, "board": make_board() if board is None else board,
        "private": {} if private is None else private}
    return View(**(fields | extra))


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == PNG_SIGNATURE
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def private_state() -> dict[str, Any]:
    return {"power": "rome",
            "leaders": [{"id": "rome_03", "name": None, "tactics": 2, "campaign": 4,
                         "exceptional": False, "placed_at": "rome"},
                        {"id": "rome_05", "name": "Scipio", "tactics": 3, "campaign": 5,
                         "exceptional": True, "placed_at": None}],
            "plan": {"kind": "manpower", "confirmed": False, "cost": 6,
                     "items": [{"action": "form", "unit": "LG", "count": 2, "where": "rome",
                                "cost": 4},
                               {"action": "galleys", "unit": "GS", "count": 1, "where": "rome",
                                "cost": 2}]},
            "objectives": ["Conquer Sicilia"]}


# -- the map's layout ------------------------------------------------------------------------------

def test_every_point_of_the_map_is_placed_once():
    lay = L.map_layout()
    spaces = [p for p in lay.points.values() if p.kind == "space"]
    assert len(spaces) == 243
    assert sum(p.kind == "tp" for p in lay.points.values()) == 20
    assert sum(p.naval for p in lay.points.values()) == 42
    assert L.map_layout() is lay          # computed once per process


def test_no_two_circles_overlap():
    points = list(L.map_layout().points.values())
    for n, a in enumerate(points):
        for b in points[n + 1:]:
            assert math.dist((a.x, a.y), (b.x, b.y)) >= a.radius + b.radius + 2, (a.id, b.id)


def test_every_space_name_is_drawn_inside_the_map():
    lay = L.map_layout()
    named = {sid for sid, p in lay.points.items() if not p.naval}
    assert set(lay.labels) == named
    for sid, label in lay.labels.items():
        x0, y0, x1, y1 = label.box
        assert 0 <= x0 and 0 <= y0 and x1 <= L.MAP_W and y1 <= L.MAP_H, sid
        assert label.size >= 10
    # names hardly ever cover one another
    boxes = list(lay.labels.values())
    clashes = sum(1 for n, a in enumerate(boxes) for b in boxes[n + 1:]
                  if L.overlap(a.box, b.box) > 30)
    assert clashes <= 8


def test_points_stay_out_of_the_panels_and_near_their_geography():
    lay = L.map_layout()
    for p in lay.points.values():
        for box in (L.POWERS_BOX, L.LEGEND_BOX):
            assert not (box[0] < p.x < box[2] and box[1] < p.y < box[3]), p.id
    rome, carthage = lay.points["rome"], lay.points["carthage"]
    alexandria, gades = lay.points["alexandria"], lay.points["gades"]
    assert gades.x < carthage.x < rome.x + 150 < alexandria.x
    assert rome.y < carthage.y and alexandria.y > rome.y


def test_the_land_lies_under_the_spaces_and_the_sea_under_the_naval_points():
    geo = geometry()
    lay = L.map_layout()
    on_land = sum(geo.land.getpixel((round(p.x), round(p.y))) > 0
                  for p in lay.points.values() if not p.naval)
    at_sea = sum(geo.land.getpixel((round(p.x), round(p.y))) == 0
                 for p in lay.points.values() if p.naval)
    assert on_land >= 258 and at_sea >= 38


# -- the board picture -----------------------------------------------------------------------------

def test_board_is_a_small_png_of_the_canvas_size():
    view = make_view()
    data = render_board(view)
    img = open_png(data)
    assert img.size == canvas_size(view) == (L.WIDTH, L.HEIGHT)
    assert 2000 <= img.width <= 2400
    assert len(data) < LIMIT


def test_a_controlled_province_changes_colour():
    before = make_board()
    after = copy.deepcopy(before)
    after["provinces"]["baetica"] = {"control": "rome"}
    a, b = board_image(make_view(before)), board_image(make_view(after))
    box = geometry().province_boxes["baetica"]
    crop = (box[0], box[1] + L.MAP_TOP, box[2], box[3] + L.MAP_TOP)
    diff = ImageChops.difference(a, b)
    assert diff.crop(crop).getbbox() is not None
    # nothing changes outside the province's box but the zoom (which shows it too)
    outside = diff.crop((0, 0, L.WIDTH, L.BAND_TOP))
    outside.paste((0, 0, 0), crop[:2] + crop[2:])
    assert outside.getbbox() is None
    mean_before, mean_after = (ImageStat.Stat(img.crop(crop)).mean for img in (a, b))
    assert mean_after[0] - mean_after[2] > mean_before[0] - mean_before[2] + 5   # redder


def test_a_controlled_space_is_filled_in_its_controller_colour():
    board = make_board()
    board["spaces"]["emerita"] = space("greece")
    img = board_image(make_view(board))
    p = L.map_layout().points["emerita"]
    r, g, b = img.getpixel((round(p.x - 5), round(p.y - 5 + L.MAP_TOP)))
    gr, gg, gb = POWER_COLOUR["greece"]
    assert abs(r - gr) + abs(g - gg) + abs(b - gb) < 40


def test_hidden_tribe_strength_never_shows():
    hidden_a, hidden_b = make_board(), make_board()
    hidden_b["spaces"]["segobriga"]["tribe"]["strength"] = 6   # the schema marks it hidden
    assert render_board(make_view(hidden_a)) == render_board(make_view(hidden_b))
    shown = make_board()
    shown["spaces"]["segobriga"]["tribe"] = {"revealed": True, "strength": 6}
    assert render_board(make_view(shown)) != render_board(make_view(hidden_b))


def test_pieces_last_move_and_panels_are_drawn():
    empty = copy.deepcopy(make_board())
    empty["spaces"] = {}
    full, bare = board_image(make_view()), board_image(make_view(empty))
    diff = ImageChops.difference(full, bare)
    for sid in ("rome", "carthage", "saguntum", "ntp_mare_balearicum", "semnones"):
        p = L.map_layout().points[sid]
        near = (round(p.x - 120), round(p.y - 60 + L.MAP_TOP), round(p.x + 120),
                round(p.y + 60 + L.MAP_TOP))
        assert diff.crop(near).getbbox() is not None, sid
    no_panel = copy.deepcopy(make_board())
    del no_panel["powers"], no_panel["am_track"]
    panel = L.POWERS_BOX
    box = (round(panel[0]), round(panel[1] + L.MAP_TOP), round(panel[2]),
           round(panel[3] + L.MAP_TOP))
    assert ImageChops.difference(full, board_image(make_view(no_panel))).crop(box).getbbox()


def test_the_zoom_follows_the_last_action():
    board = make_board()
    moved = copy.deepcopy(board)
    moved["last_move"] = {"power": "greece", "path": ["athens", "corinth"], "kind": "land",
                          "battle": None}
    a, b = board_image(make_view(board)), board_image(make_view(moved))
    zoom = tuple(round(v) for v in L.ZOOM_BOX)
    assert ImageChops.difference(a.crop(zoom), b.crop(zoom)).getbbox() is not None
    none = copy.deepcopy(board)
    none["last_move"] = None
    assert board_image(make_view(none)).size == a.size


def test_region_pictures_zoom_on_any_territory_or_province():
    view = make_view()
    ids = [rid for rid, _ in regions()]
    assert {"hispania", "greece", "rome", "baetica", "attica"} <= set(ids)
    assert renderers.regions_for("pax_romana") == regions()
    data = render_region(view, "hispania")
    img = open_png(data)
    assert img.width == 1400 and 500 < img.height < 1400 and len(data) < LIMIT
    assert pax_romana.render_board(view, "en", region="attica")[:8] == PNG_SIGNATURE
    with pytest.raises(UnknownRegion):
        region_image(view, "atlantis")
    # a held province shows in its holder's colour in the region picture too
    held = make_board()
    held["provinces"]["lusitania"] = {"control": "carthage"}
    assert ImageChops.difference(region_image(make_view(held), "hispania"),
                                 region_image(view, "hispania")).getbbox() is not None


def test_odd_and_minimal_boards_still_render():
    for board in ({}, {"spaces": {"nowhere": {"units": "x"}, "rome": None}},
                  {"powers": {"rome": {"treasury": "lots"}}, "am_track": {"played": None}},
                  {"last_move": {"path": ["rome", "atlantis"]}, "focus": "atlantis",
                   "provinces": {"italia": "rome", "nowhere": {"control": "rome"}}},
                  {"spaces": {"rome": {"units": [{"owner": "rome", "type": "LG",
                                                  "count": -2}],
                                       "leaders": [{"id": "unknown"}],
                                       "tribe": {"revealed": True}}}}):
        assert open_png(render_board(make_view(board))).size == (L.WIDTH, L.HEIGHT)
    over = make_view(result=Result(winners=["rome"], reason="vp"))
    assert open_png(render_board(over)).size == (L.WIDTH, L.HEIGHT)


def test_russian_board_uses_cyrillic_text():
    ru = render_board(make_view(), "ru")
    assert ru != render_board(make_view(), "en")
    for words in LABELS["ru"].values():
        assert has_glyphs(words), words
    assert set(LABELS["ru"]) == set(LABELS["en"])


def test_background_is_drawn_once_per_language():
    pax_romana.prepare("en")
    assert main_background("en") is main_background("en")
    view = make_view()
    render_board(view)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        render_board(view)
        times.append(time.perf_counter() - start)
    assert min(times) < 0.6          # about 80-120 ms on a quiet machine; generous for CI


def test_a_russian_picture_names_the_map_in_russian():
    """The map's places in the reader's language (map.json ``name_ru``), at the same points:
    only the names (and the key's words) differ from the English map."""
    en, ru = L.map_layout("en"), L.map_layout("ru")
    assert L.map_layout("ru") is ru and L.map_layout("de") is en      # built once per language
    assert {sid: (p.x, p.y) for sid, p in ru.points.items()} == \
        {sid: (p.x, p.y) for sid, p in en.points.items()}
    assert (en.points["athens"].label, ru.points["athens"].label) == ("Athens", "Афины")
    assert ru.points["tp_calpe"].label == "Кальпе"                    # the bracket dropped
    assert ru.points["dstp_mare_tyrrhenum"].label == "Тирренское море"
    assert ru.points["ntp_pontus_thracius"].label == "Понт Эвксинский (фракийский берег)"
    assert ru.territories["asia_minor"][0] == "Малая Азия"
    assert all(has_glyphs(p.label) and not any("a" <= c.lower() <= "z" for c in p.label)
               for p in ru.points.values())
    assert set(ru.labels) == set(en.labels) and set(ru.naval_labels) == set(en.naval_labels)
    assert ru.labels["athens"].box != en.labels["athens"].box        # placed for its length
    assert dict(regions("ru"))["asia_minor"] == "Малая Азия"
    assert dict(regions())["asia_minor"] == "Asia Minor"
    # the two maps differ, and only where a name or the key is written
    a, b = main_background("en"), main_background("ru")
    diff = ImageChops.difference(a.static, b.static).convert("L").point(lambda v: 255 if v
                                                                        else 0)
    assert diff.getbbox() is not None
    mask = Image.new("L", diff.size, 0)
    for lay in (en, ru):
        for label in (*lay.labels.values(), *lay.naval_labels.values()):
            x0, y0, x1, y1 = label.box
            mask.paste(255, (math.floor(x0) - 2, math.floor(y0) - 2, math.ceil(x1) + 3,
                             math.ceil(y1) + 3))
    for names in (a.territory_names, b.territory_names):
        for x0, y0, x1, y1 in names.values():
            mask.paste(255, (math.floor(x0) - 3, math.floor(y0) - 3, math.ceil(x1) + 4,
                             math.ceil(y1) + 4))
    mask.paste(255, tuple(round(v) for v in L.LEGEND_BOX))
    assert ImageChops.multiply(diff, ImageChops.invert(mask)).getbbox() is None
    board = region_image(make_view(), "asia_minor", "ru")
    assert board.size[0] == 1400


def test_a_russian_picture_is_as_quick_as_an_english_one():
    pax_romana.prepare("ru")
    view = make_view()
    render_board(view, "ru")
    times = []
    for _ in range(3):
        start = time.perf_counter()
        render_board(view, "ru")
        times.append(time.perf_counter() - start)
    assert min(times) < 0.6          # the target of test_background_is_drawn_once_per_language


def test_the_picture_costs_at_most_three_png_encodes():
    """As ``bench/run.py`` measures it (the PNG encode of the decoded picture), in processor
    time so that a busy machine does not decide it."""
    views = []
    for path in (["rome", "capua"], ["athens", "corinth"], ["antioch", "apamea"]):
        board = make_board()
        board["last_move"] = {"power": "rome", "path": path, "kind": "land", "battle": None}
        views.append(make_view(board))
    render_board(views[0])
    drawing, encoding = 0.0, 0.0
    for view in views * 2:
        start = time.process_time()
        data = render_board(view)
        drawing += time.process_time() - start
        img = Image.open(io.BytesIO(data))
        img.load()
        start = time.process_time()
        img.save(io.BytesIO(), format="PNG")
        encoding += time.process_time() - start
    assert drawing <= 3 * encoding


# -- the hand picture ------------------------------------------------------------------------------

def test_hand_shows_leaders_and_the_plan_being_built():
    view = make_view(private=private_state())
    img = open_png(render_hand(view))
    assert img.width == 1000 and img.height > 300
    other = private_state()
    other["plan"]["items"].append({"action": "rebuild", "unit": "LG", "count": 1,
                                   "where": "capua", "cost": 1})
    assert hand_image(make_view(private=other)).height > hand_image(view).height
    assert render_hand(view, "ru") != render_hand(view, "en")


def test_a_view_without_private_state_has_an_empty_hand():
    img = open_png(render_hand(make_view(role=None)))
    assert img.size[0] == 1000 and img.size[1] < 200
    for odd in ({"leaders": "x", "plan": "y"}, {"plan": {"items": [None, {"count": "2"}]}}):
        assert open_png(render_hand(make_view(private=odd))).width == 1000


# -- boundaries ------------------------------------------------------------------------------------

def test_renderer_reads_only_the_view_and_the_map_data():
    """The pictures show only what the View holds; static facts come from the map data. The
    sample tool (``sample.py``) reads the scenario data too; nothing in the renderer imports it."""
    root = Path(renderers.__file__).resolve().parent / "pax_romana"
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.endswith("sample"), path.name
                if node.module.startswith("games"):
                    assert node.module in ("games.core", "games.pax_romana.data"), \
                        (path.name, node.module)
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("games") for a in node.names), path.name


def test_the_title_dispatches_to_its_renderer():
    assert renderers.renderer_for("pax_romana") is pax_romana
    assert renderers.regions_for("hannibal") == []
    with pytest.raises(renderers.RendererMissing):
        render_region(make_view(title="hannibal"), "italia")


# -- Views of the engine, when it is there -----------------------------------------------------------

def engine_rules() -> Any:
    try:
        from games.pax_romana.rules import RULES
    except ImportError:
        pytest.skip("the Pax Romana rules engine is not importable")
    return RULES


def test_engine_views_render_for_a_power_and_a_spectator():
    rules = engine_rules()
    state = rules.setup(1, "V", {})
    for role in ("rome", None):
        view = rules.view(state, role)
        assert open_png(render_board(view)).size == canvas_size(view)
        assert open_png(render_hand(view)).width == 1000
    # an empty home space is drawn in its controller's colour
    view = rules.view(state, None)
    control = view.board.get("control") or {}
    home = next((sid for sid, owner in sorted(control.items()) if owner == "rome"
                 and sid not in view.board.get("spaces", {})
                 and L.map_layout().points[sid].kind == "space"), None)
    if home is None:
        return                       # the board gives no control map to check against
    p = L.map_layout().points[home]
    img = board_image(view)
    r, g, b = img.getpixel((round(p.x - 5), round(p.y - 5 + L.MAP_TOP)))
    rr, rg, rb = POWER_COLOUR["rome"]
    assert abs(r - rr) + abs(g - rg) + abs(b - rb) < 40, home


def test_alliances_rebels_and_cyprus_closed_are_drawn_from_the_engine_board():
    """§4.3.1, §13.3: the engine's public board names the turn's alliances, where rebels stand
    (with their rebellion's region) and the Cyprus spaces closed to fleets; the picture shows
    them: a bracket and a line in the Powers' panel, the rebels named on their counter, a ring
    round each closed space."""
    from games.pax_romana.rebellions import CYPRUS, REBELS
    rules = engine_rules()
    state = rules.setup(1, "V", {})
    plain = rules.view(state, None)
    assert plain.board["rebels"] == [] and plain.board["cyprus_closed"] == []
    state = rules.copy(state)
    state.alliances = [["rome", "greece"]]
    state.add("utica", "barbarian", "BR", 4)
    state.card_effects[REBELS] = {"utica": "africa", "zama": "africa"}   # Zama's are gone
    state.card_effects[CYPRUS] = state.turn
    view = rules.view(state, None)
    assert view.board["alliances"] == [["rome", "greece"]]
    assert view.board["rebels"] == [{"space": "utica", "region": "africa"}]
    assert view.board["cyprus_closed"] == ["arsinoe", "paphos", "salamis"]
    words = rules.describe(view)
    assert "Rebels (Africa): Utica" in words and "Cyprus is closed to fleets" in words
    assert "Мятежники (Африка): Утика" in rules.describe(view, "ru")
    board = make_board()
    shown = copy.deepcopy(board)
    shown.update(alliances=[["rome", "greece"]], rebels=[{"space": "semnones", "region": "gaul"}],
                 cyprus_closed=["salamis"])
    a, b = board_image(make_view(board)), board_image(make_view(shown))
    diff = ImageChops.difference(a, b)
    panel = L.POWERS_BOX
    assert diff.crop((round(panel[0]), round(panel[1] + L.MAP_TOP), round(panel[2]),
                      round(panel[3] + L.MAP_TOP))).getbbox() is not None
    for sid in ("semnones", "salamis"):
        p = L.map_layout().points[sid]
        near = (round(p.x - 120), round(p.y - 60 + L.MAP_TOP), round(p.x + 120),
                round(p.y + 60 + L.MAP_TOP))
        assert diff.crop(near).getbbox() is not None, sid
    assert LABELS["ru"]["rebels"] != LABELS["en"]["rebels"]


def test_borders_kept_by_alpha_give_back_the_same_layer() -> None:
    """The borders are kept as a palette image (one colour per alpha value) and come back as
    the very RGBA pixels drawn; a layer with two colours at one alpha cannot be kept so."""
    from renderers.pax_romana.background import by_alpha

    layer = Image.new("RGBA", (40, 30), (0, 0, 0, 0))
    layer.paste((119, 77, 55, 243), (3, 4, 20, 9))
    layer.paste((160, 124, 96, 170), (10, 12, 38, 20))
    kept = by_alpha(layer)
    assert kept.mode == "P"
    assert ImageChops.difference(kept.convert("RGBA"), layer).getbbox() is None
    geo = geometry()
    assert geo.borders.mode == "P" and geo.borders_rgba().getcolors(16) is not None
    assert geo.borders_rgba((0, 0, 300, 200)).size == (300, 200)
    layer.paste((1, 2, 3, 170), (0, 0, 2, 2))
    with pytest.raises(ValueError):
        by_alpha(layer)


def test_sea_and_land_kept_in_a_palette_give_back_the_same_pixels() -> None:
    """Sea and land (under a hundred colours) are kept as a palette image and come back as the
    RGB drawn, black beyond the map as an RGB crop is; a picture of more colours is refused."""
    from renderers.pax_romana.background import exact_palette

    geo = geometry()
    assert geo.base.mode == "P"
    rgb = geo.base_rgb()
    assert ImageChops.difference(exact_palette(rgb).convert("RGB"), rgb).getbbox() is None
    box = (-20, -10, 60, 50)
    assert ImageChops.difference(geo.base_rgb(box), rgb.crop(box)).getbbox() is None
    assert geo.base_rgb((-50, -50, -10, -10)).getcolors() == [(1600, (0, 0, 0))]
    many = Image.frombytes("RGB", (300, 1),
                           bytes(v for n in range(300) for v in (n % 256, n // 256, 7)))
    with pytest.raises(ValueError):
        exact_palette(many)


def test_advanced_marks_and_bribes_are_drawn_and_described() -> None:
    """§17.2, §4.4: the Inventor of The Archimedes Effect (card 5) is written over its City, the
    Helepolis of The Poliorcetes Effect (card 26) on its army's counter; the text description
    lists the bribes on the table."""
    rules = engine_rules()
    state = rules.setup(1, "V", {"advanced": True})
    state.add("messana", "rome", "LG", 2)
    before = board_image(rules.view(state, None))
    for sid, effect in (("syracuse", {"archimedes": ["syracuse"]}),
                        ("messana", {"helepolis": {"rome": "messana"}})):
        marked = rules.copy(state)
        marked.card_effects.update(effect)
        diff = ImageChops.difference(before, board_image(rules.view(marked, None)))
        p = L.map_layout().points[sid]
        near = (round(p.x - 60), round(p.y - 40 + L.MAP_TOP), round(p.x + 60),
                round(p.y + 40 + L.MAP_TOP))
        assert diff.crop(near).getbbox() is not None, sid
    state = rules.copy(state)
    state.card_effects["helepolis"] = {"rome": "messana"}
    state.bribes = [{"by": "carthage", "to": "greece", "n": 3, "at": "x"}]
    view = rules.view(state, None)
    assert view.board["cards"]["effects"]["helepolis"] == {"rome": "messana"}
    assert "Bribe of 3T offered by Carthage to Greece, not yet answered" in rules.describe(view)
    assert "Взятка 3Т: предлагает Карфаген, получатель Греция" in rules.describe(view, "ru")
    assert LABELS["ru"]["helepolis"] != LABELS["en"]["helepolis"]
