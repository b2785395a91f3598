"""renderers: the Hannibal board and hand pictures, from hand-built Views and, when the rules
engine is importable, from Views of real games (both roles and a spectator)."""

from __future__ import annotations

import ast
import copy
import inspect
import io
import math
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import renderers
from games.core import Msg, Result, View
from renderers import canvas_size, render_board, render_hand
from renderers.common import ALERT, has_glyphs, mix
from renderers.hannibal import board_image, hand_image, hand_size
from renderers.hannibal import geography as G
from renderers.hannibal import layout as L
from renderers.hannibal.background import background, geometry
from renderers.hannibal.board import _Ctx, _focus
from renderers.hannibal.hand import EMPTY_H, HEADER_H, MARGIN
from renderers.hannibal.labels import LABELS, _data, short_name, text
from renderers.hannibal.pieces import (
    CARTHAGE,
    LAND,
    NOBODY,
    ROME,
    STONE,
    TINT,
    TINT_ALPHA,
    TRIBE,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
LIMIT = 2_000_000


# -- a hand-built board ---------------------------------------------------------------------------

def space(sid: str, province: str, kind: str, x: int, y: int, pc: str | None = None,
          native: str | None = None, port: bool = False, siege: dict | None = None,
          name_ru: str | None = None) -> dict[str, Any]:
    return {"id": sid, "name": sid.replace("_", " ").title(), "name_ru": name_ru,
            "province": province, "kind": kind, "x": x, "y": y, "pc": pc, "native": native,
            "siege": siege, "port": port}


def make_board() -> dict[str, Any]:
    """Italy, Sicily, Carthage and a corner of Spain, with every kind of space and link."""
    spaces = [
        space("rome", "latium", "walled_city", 1748, 729, pc="rome", port=True, name_ru="Рим"),
        space("capua", "campania", "walled_city", 1855, 750, pc="rome",
              siege={"by": "carthage", "points": 2}),
        space("neapolis", "campania", "walled_city", 1904, 825, pc="rome", port=True),
        space("tarquini", "etruria", "pc_space", 1688, 629, pc="rome"),
        space("cosa", "etruria", "pc_space", 1594, 589, pc=None, port=True),
        space("praeneste", "samnium", "pc_space", 1825, 659, pc="carthage"),
        space("bruttium", "lucania", "tribe", 2050, 975, pc="carthage", native="carthage"),
        space("rhegium", "lucania", "walled_city", 2046, 1073, pc="rome", port=True),
        space("messana", "sicilia", "walled_city", 1974, 1075, pc="rome", port=True),
        space("enna", "sicilia", "pc_space", 1923, 1161, pc="rome"),
        space("carthage", "carthage", "walled_city", 1595, 1228, pc="carthage", port=True),
        space("utica", "carthaginia", "walled_city", 1530, 1154, pc="carthage", port=True),
        space("zama", "carthaginia", "pc_space", 1500, 1313, pc="carthage"),
        space("saguntum", "orospeda", "walled_city", 722, 858, pc="carthage", port=True),
        space("dertosa", "idubeda", "pc_space", 795, 769, pc=None, port=True),
        space("tarraco", "idubeda", "pc_space", 918, 722, pc=None, port=True),
        space("ilerda", "idubeda", "pc_space", 861, 614),
        space("tolosa", "gallia_transalpina", "pc_space", 895, 465),
        space("averni", "gallia_transalpina", "tribe", 984, 364, native="neutral"),
        space("allobroges", "gallia_transalpina", "tribe", 1260, 301, native="neutral"),
        space("taurini", "gallia_cisalpina", "pc_space", 1434, 336),
        space("aleria", "corsica_sardinia", "pc_space", 1508, 665, pc="rome", port=True),
        space("sassari", "corsica_sardinia", "pc_space", 1468, 782, pc="rome", port=True),
    ]
    links = [["rome", "capua", "line"], ["rome", "tarquini", "line"], ["capua", "neapolis", "line"],
             ["tarquini", "cosa", "line"], ["rome", "praeneste", "line"],
             ["praeneste", "capua", "line"], ["neapolis", "bruttium", "line"],
             ["bruttium", "rhegium", "line"], ["rhegium", "messana", "strait"],
             ["messana", "enna", "line"], ["carthage", "utica", "line"],
             ["carthage", "zama", "line"], ["saguntum", "dertosa", "line"],
             ["dertosa", "tarraco", "line"], ["dertosa", "ilerda", "line"],
             ["ilerda", "tolosa", "pass"], ["tolosa", "averni", "line"],
             ["allobroges", "taurini", "alps"], ["aleria", "sassari", "strait"]]
    provinces = [
        {"id": "latium", "name": "Latium", "controller": "rome"},
        {"id": "campania", "name": "Campania", "controller": "rome"},
        {"id": "etruria", "name": "Etruria", "controller": "rome"},
        {"id": "samnium", "name": "Samnium", "controller": "carthage"},
        {"id": "lucania", "name": "Lucania", "controller": None},
        {"id": "sicilia", "name": "Sicilia", "controller": "rome"},
        {"id": "carthage", "name": "Carthage", "controller": "carthage"},
        {"id": "carthaginia", "name": "Carthaginia", "controller": "carthage"},
        {"id": "orospeda", "name": "Orospeda", "controller": "carthage"},
        {"id": "idubeda", "name": "Idubeda", "controller": None},
        {"id": "gallia_transalpina", "name": "Gallia Transalpina", "controller": None},
        {"id": "gallia_cisalpina", "name": "Gallia Cisalpina", "controller": None},
        {"id": "corsica_sardinia", "name": "Corsica / Sardinia", "controller": "rome"},
    ]
    armies = [
        {"space": "capua", "side": "carthage", "generals": ["hannibal", "mago"],
         "commander": "hannibal", "cu": 10, "elephants": 2, "besieging": True, "inside": False},
        {"space": "rome", "side": "rome", "generals": ["p_scipio"], "commander": "p_scipio",
         "cu": 8, "elephants": 0, "besieging": False, "inside": False},
        {"space": "zama", "side": "carthage", "generals": ["hanno"], "commander": "hanno",
         "cu": 4, "elephants": 0, "besieging": False, "inside": False},
    ]
    return {"turn": 3, "year": "216 BC", "phase": "strategy", "first_player": "carthage",
            "spaces": spaces, "links": links, "provinces": provinces, "armies": armies,
            "hands": {"rome": 5, "carthage": 4}, "battle_hands": None,
            "political": {"rome": 5, "carthage": 4}, "deck": 31, "discard": 12,
            "discard_top": "diplomacy", "battle": None,
            "last_move": ["praeneste", "capua"], "highlight": []}


def make_view(board: dict[str, Any] | None = None, role: str | None = None,
              private: dict[str, Any] | None = None, result: Result | None = None,
              active: list[str] | None = None) -> View:
    return View(title="hannibal", scenario="218bc", role=role, roles=["rome", "carthage"],
                step=7, active=["carthage"] if active is None else active, prompt="",
                prompt_msg=Msg(key="prompt.none"), actions=[], log=[], result=result,
                board=make_board() if board is None else board, private=private or {})


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def at(board: dict[str, Any], sid: str) -> tuple[int, int]:
    """The picture pixel of a space's centre on the main map."""
    s = next(s for s in board["spaces"] if s["id"] == sid)
    x, y = L.MAIN.pt(s["x"], s["y"])
    return round(x), round(y) + L.MAP_TOP


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 24) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


def window_has(img: Image.Image, box: tuple[float, float, float, float], colour: tuple[int, ...],
               tol: int = 20) -> bool:
    crop = img.crop(tuple(round(v) for v in box)).convert("RGB")
    return any(near(crop.getpixel((x, y)), colour, tol)
               for y in range(crop.height) for x in range(crop.width))


def changed(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> int:
    box = tuple(round(v) for v in box)
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L").point(
        lambda v: 255 if v > 12 else 0)
    return diff.width * diff.height - diff.histogram()[0]


def around(board: dict[str, Any], sid: str, w: float = 120, h: float = 80) -> tuple[float, ...]:
    x, y = at(board, sid)
    return (max(0, x - w), max(L.MAP_TOP, y - h), min(L.WIDTH, x + w), min(L.MAP_BOTTOM, y + h))


# -- the board -------------------------------------------------------------------------------------

def test_board_is_a_png_of_the_canvas_size():
    view = make_view()
    data = render_board(view)
    img = open_png(data)
    assert img.size == canvas_size(view) == (L.WIDTH, L.HEIGHT)
    assert 1000 <= img.width <= 1300
    assert len(data) < LIMIT


@pytest.mark.parametrize("sid,colour", [("tarquini", ROME), ("praeneste", CARTHAGE),
                                        ("cosa", NOBODY), ("ilerda", NOBODY),
                                        ("messana", ROME), ("utica", CARTHAGE),
                                        ("averni", TRIBE), ("bruttium", CARTHAGE)])
def test_each_space_shows_its_owner_at_its_position(sid: str, colour: tuple[int, int, int]):
    img = board_image(make_view())
    assert near(img.getpixel(at(make_board(), sid)), colour), sid


def test_a_walled_city_nobody_holds_is_plain_stone():
    board = make_board()
    board["spaces"][0]["pc"] = None
    img = board_image(make_view(board))
    assert near(img.getpixel(at(board, "rome")), STONE)


def test_flipping_a_pc_changes_that_marker_only():
    board = make_board()
    before = board_image(make_view(board))
    board["spaces"][3]["pc"] = "carthage"          # Tarquini
    after = board_image(make_view(board))
    assert near(after.getpixel(at(board, "tarquini")), CARTHAGE)
    assert changed(before, after, around(board, "tarquini", 14, 14)) > 50
    assert changed(before, after, around(board, "zama")) == 0
    assert changed(before, after, around(board, "saguntum")) == 0


def _open_land(board: dict[str, Any], pid: str) -> tuple[int, int]:
    """A pixel of a province's region with nothing drawn over it (no name, link or marker)."""
    key = L.map_key(board)
    bg = background(key, L.MAIN, "en")
    (ox, oy), mask = bg.regions[pid]
    alpha = bg.overlay.getchannel("A")
    centres = list(bg.centres.values())
    names = [(x, y, x + s.width, y + s.height) for x, y, s in bg.names]
    for y in range(0, mask.height, 3):
        for x in range(0, mask.width, 3):
            px, py = ox + x, oy + y
            if mask.getpixel((x, y)) > 100 and alpha.getpixel((px, py)) == 0 and \
                    min(math.dist((px, py), c) for c in centres) > 40 and \
                    not any(b[0] <= px <= b[2] and b[1] <= py <= b[3] for b in names):
                return px, py + L.MAP_TOP
    raise AssertionError(f"no open land in {pid}")


@pytest.mark.parametrize("pid", ["etruria", "samnium", "carthaginia", "idubeda"])
def test_provinces_are_shaded_by_their_controller(pid: str):
    board = make_board()
    spot = _open_land(board, pid)
    shades = {}
    for ctrl in ("rome", "carthage", None):
        for p in board["provinces"]:
            if p["id"] == pid:
                p["controller"] = ctrl
        shades[ctrl] = board_image(make_view(board)).getpixel(spot)
    red, blue, plain = shades["rome"], shades["carthage"], shades[None]
    assert red[0] > red[2] + 20 and blue[2] > blue[0] + 10
    assert near(red, mix(LAND, TINT["rome"], TINT_ALPHA), 10)
    assert near(blue, mix(LAND, TINT["carthage"], TINT_ALPHA), 10)
    assert near(plain, LAND, 10)


def test_armies_show_beside_their_space_in_their_colour():
    board = make_board()
    full = board_image(make_view(board))
    bare_board = copy.deepcopy(board)
    bare_board["armies"] = [a for a in board["armies"] if a["space"] != "zama"]
    bare = board_image(make_view(bare_board))
    box = around(board, "zama")
    assert changed(full, bare, box) > 400
    assert window_has(full, box, CARTHAGE, 10)
    # nothing changes far away
    assert changed(full, bare, around(board, "saguntum")) == 0
    assert changed(full, bare, around(board, "rome", 60, 40)) == 0


def test_a_siege_is_marked_at_its_walled_city():
    board = make_board()
    besieged = board_image(make_view(board))
    board["spaces"][1]["siege"] = None
    free = board_image(make_view(board))
    box = around(board, "capua", 20, 20)
    assert changed(besieged, free, box) > 60
    assert window_has(besieged, box, CARTHAGE, 10)


def test_battle_panel_appears_only_during_a_battle():
    board = make_board()
    quiet = board_image(make_view(board))
    board["battle"] = {"attacker": "carthage", "defender": "rome", "space": "capua", "round": 2,
                       "played": [["carthage", "frontal_assault", "frontal_assault"],
                                  ["rome", "reserve", "frontal_assault"],
                                  ["carthage", "probe", "probe"]]}
    board["battle_hands"] = {"rome": 3, "carthage": 5}
    fighting = board_image(make_view(board))
    assert changed(quiet, fighting, L.BATTLE_BOX) > 3000
    assert window_has(fighting, L.BATTLE_BOX, ALERT, 12)
    assert not window_has(quiet, L.BATTLE_BOX, ALERT, 12)


def test_the_inset_follows_the_battle_then_the_highlight_then_the_last_move():
    board = make_board()
    assert _focus(_Ctx(make_view(board), "en")) == (["praeneste", "capua"], "picture.last_move")
    board["highlight"] = ["cosa"]
    assert _focus(_Ctx(make_view(board), "en")) == (["cosa"], "picture.highlight")
    board["moving"] = {"general": "hannibal", "space": "capua", "mp": 2, "cu": 10}
    assert _focus(_Ctx(make_view(board), "en")) == (["praeneste", "capua"], "picture.moving")
    board["battle"] = {"attacker": "rome", "defender": "carthage", "space": "zama"}
    assert _focus(_Ctx(make_view(board), "en")) == (["zama"], "picture.zoom_battle")
    board["battle"], board["highlight"], board["last_move"], board["moving"] = None, [], [], None
    assert _focus(_Ctx(make_view(board), "en"))[0] == ["capua"]       # the largest army


def test_the_inset_changes_with_the_last_move():
    board = make_board()
    first = board_image(make_view(board))
    board["last_move"] = ["saguntum", "dertosa", "tarraco"]
    second = board_image(make_view(board))
    assert changed(first, second, L.INSET_BOX) > 5000


def test_every_role_sees_the_same_board():
    """Nothing private is drawn on the board: both roles' Views and a spectator's give one
    picture, whatever their private parts hold."""
    secret = {"hand": ["diplomacy", "truce"], "battle_hand": ["probe"]}
    pictures = {render_board(make_view(role=r, private=secret)) for r in ("rome", "carthage")}
    pictures.add(render_board(make_view(role=None)))
    assert len(pictures) == 1


def test_russian_board_uses_cyrillic_text():
    board = make_board()
    en = board_image(make_view(board), "en")
    ru = board_image(make_view(board), "ru")
    assert changed(en, ru, (0, 0, L.WIDTH, L.HEADER_H)) > 300
    assert changed(en, ru, (0, L.BAND_TOP, 790, L.HEIGHT)) > 300
    assert set(LABELS["ru"]) == set(LABELS["en"])
    assert all(has_glyphs(w, 16, bold=True) for w in LABELS["ru"].values())
    assert text("picture.title", "ru") == "Ганнибал: Рим против Карфагена"
    assert short_name("Публий Корнелий Сципион") == "П. К. Сципион"
    assert open_png(render_board(make_view(board), "ru")).size == canvas_size(make_view(board))


def test_background_is_drawn_once_per_map_and_language():
    board = make_board()
    board_image(make_view(board), "en")
    key = L.map_key(board)
    before = background.cache_info()
    assert background(key, L.MAIN, "en") is background(key, L.MAIN, "en")
    board_image(make_view(board), "en")
    after = background.cache_info()
    assert after.misses == before.misses and after.hits >= before.hits + 3
    assert geometry(key, L.MAIN) is geometry(key, L.MAIN)


def test_board_renders_fast_once_the_background_is_cached():
    view = make_view()
    render_board(view)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        render_board(view)
        times.append(time.perf_counter() - start)
    assert min(times) < 0.3          # about 60-90 ms on a quiet machine; generous for CI


def test_odd_and_minimal_boards_still_render():
    size = (L.WIDTH, L.HEIGHT)
    assert open_png(render_board(make_view({}))).size == size
    assert open_png(render_board(make_view({"spaces": [{"id": "x"}], "armies": None}))).size \
        == size
    board = make_board()
    board["spaces"].append({"id": "atlantis", "x": "far", "y": None})
    board["spaces"].append("not a space")
    board["spaces"][2].pop("kind")
    board["spaces"][3]["siege"] = {"by": "gauls"}
    board["links"] += [["rome", "atlantis", "line"], ["rome"], "junk", ["cosa", "capua", "bridge"]]
    board["provinces"].append({"controller": "rome"})
    board["armies"] += [{"space": "atlantis", "side": "rome"}, {"space": "capua:in",
                                                                "side": "rome", "cu": "x"},
                        {"side": "gauls", "space": "rome"}, "junk"]
    board["battle"] = {"space": "nowhere", "played": [["rome"], "x", ["carthage", None]]}
    board["hands"] = None
    board["political"] = "many"
    board["turn"] = 42
    board["last_move"] = ["atlantis", "rome", "rome"]
    board["highlight"] = ["atlantis"]
    for key in ("year", "phase", "deck", "discard_top", "first_player"):
        board.pop(key)
    view = make_view(board, result=Result(winners=["rome"], reason="test"), active=[])
    assert open_png(render_board(view, "ru")).size == size


# -- the hand --------------------------------------------------------------------------------------

def _needs_data() -> None:
    if _data() is None:
        pytest.skip("the Hannibal game data does not load")


def test_spectator_view_has_no_hand():
    spectator = make_view(role=None, private={"hand": ["truce"]})
    img = open_png(render_hand(spectator))
    assert img.size == hand_size(spectator) == (900, HEADER_H + EMPTY_H + 2 * MARGIN)
    assert not window_has(img, (0, HEADER_H, img.width, img.height), ROME, 8)
    assert not window_has(img, (0, HEADER_H, img.width, img.height), CARTHAGE, 8)
    # a player whose View holds nothing private gets the same answer
    assert hand_size(make_view(role="rome")) == hand_size(spectator)


def test_hand_shows_each_card_with_its_event_side():
    _needs_data()
    from renderers.hannibal.hand import TILE_TOP_H

    one = make_view(role="rome", private={"hand": [42]})            # Elephant Fright: Rome
    img = hand_image(one)
    disc = (MARGIN + 12 + 21, HEADER_H + MARGIN + TILE_TOP_H / 2 - 10)
    assert near(img.getpixel((round(disc[0] - 12), round(disc[1]))), ROME, 30)
    both = hand_image(make_view(role="rome", private={"hand": [5]}))   # Native Guide: either
    left = both.getpixel((round(disc[0] - 14), round(disc[1] + 10)))
    right = both.getpixel((round(disc[0] + 14), round(disc[1] + 10)))
    assert near(left, ROME, 30) and near(right, CARTHAGE, 30)
    many = make_view(role="rome", private={"hand": [5, 42, 35, 64, 12, 20, 26]})
    assert hand_size(many)[1] > hand_size(one)[1]
    assert open_png(render_hand(many, "ru")).size == hand_size(many, "ru")


def test_battle_cards_show_only_during_a_battle():
    plain = make_view(role="carthage", private={"hand": ["truce"]})
    fighting = make_view(role="carthage", private={
        "hand": ["truce"], "battle_hand": ["probe", "probe", "reserve", "frontal_assault"]})
    assert hand_size(fighting)[1] > hand_size(plain)[1]
    assert open_png(render_hand(fighting, "ru")).size == hand_size(fighting, "ru")


def test_odd_hands_still_render():
    for private in ({"hand": None}, {"hand": ["no_such_card", 999, None]},
                    {"battle_hand": {"probe": 2, "reserve": "x"}}, {"hand": "junk"}):
        view = make_view(role="rome", private=private)
        assert open_png(render_hand(view)).size == hand_size(view)


# -- boundaries ------------------------------------------------------------------------------------

def test_renderers_take_only_a_view():
    from renderers import hannibal

    for fn in (hannibal.render_board, hannibal.render_hand):
        assert list(inspect.signature(fn).parameters) == ["view", "lang"]
    assert list(inspect.signature(hannibal.canvas_size).parameters) == ["view"]
    assert renderers.renderer_for("hannibal") is hannibal


def test_renderer_reads_no_state_of_the_engine():
    """The picture shows only what the View holds: the package imports ``games.core`` and, for
    static facts (names, card texts), only the game data and text catalogue, by name. The one
    exception is ``sample.py``, the tool that plays a game to make the docs picture; nothing in
    the renderer imports it."""
    root = Path(renderers.__file__).resolve().parent / "hannibal"
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed = {"games.hannibal.data", "games.hannibal.texts"}
        if path.name == "sample.py":
            allowed.add("games.hannibal.rules")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").endswith("sample"), path.name
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.startswith("games"):
                assert node.module == "games.core", (path.name, node.module)
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("games") for a in node.names), path.name
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value.startswith("games."):
                assert node.value in allowed, (path.name, node.value)


def test_our_map_keeps_every_space_on_land_and_the_straits_open():
    _needs_data()
    spaces = _data().hmap().spaces
    for s in spaces.values():
        assert G.landmass_of(s.x, s.y) is not None, s.id
    mx = (spaces["messana"].x + spaces["rhegium"].x) / 2
    assert G.landmass_of(mx, spaces["messana"].y) is None        # the Strait of Messana
    assert G.landmass_of((spaces["aleria"].x + spaces["sassari"].x) / 2,
                         (spaces["aleria"].y + spaces["sassari"].y) / 2) is None   # Bonifacio
    assert G.landmass_of(spaces["messana"].x, spaces["messana"].y) == "sicily"
    assert G.landmass_of(spaces["rhegium"].x, spaces["rhegium"].y) == "europe"


# -- Views of real games ---------------------------------------------------------------------------

def _engine() -> Any:
    try:
        from games.hannibal.rules import RULES
    except ImportError:
        pytest.skip("the Hannibal rules engine is not importable")
    return RULES


def test_engine_views_render_for_both_roles_and_a_spectator():
    rules = _engine()
    state = rules.setup(11, "218bc", {})
    boards = set()
    for role in ("rome", "carthage", None):
        view = rules.view(state, role)
        data = render_board(view)
        assert open_png(data).size == canvas_size(view)
        boards.add(data)
        hand = open_png(render_hand(view, "ru"))
        assert hand.size == hand_size(view, "ru")
        if role is None:
            assert hand.size == (900, HEADER_H + EMPTY_H + 2 * MARGIN)
        else:
            assert hand.height > HEADER_H + EMPTY_H + 2 * MARGIN
    assert len(boards) == 1
    # every army of the setup is drawn beside its space
    view = rules.view(state, None)
    img = board_image(view)
    for army in view.board["armies"]:
        box = around(view.board, army["space"], 110, 70)
        colour = ROME if army["side"] == "rome" else CARTHAGE
        assert window_has(img, box, colour, 10), army["space"]


def test_engine_spaces_show_their_owners():
    rules = _engine()
    view = rules.view(rules.setup(5, "218bc", {}), None)
    img = board_image(view)
    for s in view.board["spaces"]:
        if s["pc"] in ("rome", "carthage") and not s.get("siege"):
            colour = ROME if s["pc"] == "rome" else CARTHAGE
            assert near(img.getpixel(at(view.board, s["id"])), colour), s["id"]


def test_engine_game_in_progress_renders_in_both_languages():
    """A seeded playout through the View's actions: the pictures of the active role and of a
    spectator are drawn along the way, battles included when they happen."""
    from games.core import Rng

    rules = _engine()
    state = rules.setup(3, "218bc", {})
    rng = Rng.from_seed(3)
    drawn = 0
    for step in range(240):
        public = rules.view(state, None)
        if public.result is not None or not public.active:
            break
        role = public.active[0]
        view = rules.view(state, role)
        if step % 40 == 0 or (public.board.get("battle") and step % 5 == 0):
            lang = "ru" if step % 2 else "en"
            assert open_png(render_board(public, lang)).size == canvas_size(public)
            assert open_png(render_hand(view, lang)).size == hand_size(view, lang)
            drawn += 1
        choice = view.actions[rng.below(len(view.actions))]
        state = rules.act(state, role, choice.action())
    assert drawn >= 3


def test_the_docs_sample_is_drawn_from_a_real_game():
    _engine()
    from renderers.hannibal.sample import sample_view

    view = sample_view(seed=3, steps=40)
    assert view.role is None and not view.private
    assert open_png(render_board(view)).size == canvas_size(view)


def test_the_other_sides_hand_never_shows():
    """Two games that differ only in the cards Carthage holds give Rome the same pictures."""
    rules = _engine()
    state = rules.setup(21, "218bc", {})
    other = rules.load_state(state.model_dump_json())
    held = list(other.hands["carthage"])
    spare = [c for c in other.deck if c not in held][:len(held)]
    other.deck = [c for c in other.deck if c not in spare] + held
    other.hands["carthage"] = spare
    assert other.hands["carthage"] != state.hands["carthage"]
    for role in ("rome", None):
        a, b = rules.view(state, role), rules.view(other, role)
        assert render_board(a) == render_board(b)
        assert render_hand(a, "ru") == render_hand(b, "ru")
    assert render_hand(rules.view(state, "carthage")) != render_hand(rules.view(other, "carthage"))
