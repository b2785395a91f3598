"""renderers: the Ancients board and hand pictures, drawn from hand-built Views."""

from __future__ import annotations

import ast
import inspect
import io
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import renderers
from games.ancients.hexes import parse_hex
from games.core import Msg, View
from renderers import RendererMissing, canvas_size, render_board, render_hand
from renderers.ancients import layout as L
from renderers.ancients.board import board_image
from renderers.ancients.pieces import SIDE_COLOUR
from renderers.common import HIGHLIGHT, encode_png, font, has_glyphs, wrap_text

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# One hex of each terrain type, none of them under a piece.
TERRAIN = {
    "B5": ("hill", False), "C5": ("forest", False), "D5": ("camp", False),
    "E5": ("lake", False), "F5": ("steep", False), "G5": ("broken", False),
    "H5": ("coast", False), "I5": ("rampart", False), "J5": ("marsh", False),
    "K5": ("city_walls", False), "L5": ("fortified_walls", False),
    "B3": ("river", False), "C3": ("river", True), "D3": ("bridge", False),
}
OPEN_HEX = "G6"


def where(h: str) -> dict[str, Any]:
    c, r = parse_hex(h)
    return {"hex": h, "c": c, "r": r}


def unit(uid: str, h: str, side: str, code: str, blocks: int, max_blocks: int, weight: str,
         symbol: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, **where(h), "side": side, "type": code, "blocks": blocks,
            "max_blocks": max_blocks, "weight": weight, "symbol": symbol, "special": None,
            "ordered": False, "moved": False, "battled": False, **extra}


def make_board() -> dict[str, Any]:
    terrain = [{**where(h), "type": kind, "fordable": ford,
                "front": ["NW", "NE"] if kind == "rampart" else []}
               for h, (kind, ford) in TERRAIN.items()]
    units = [
        unit("n1", "B8", "north", "MI", 4, 4, "medium", "B"),
        unit("n2", "D8", "north", "HI", 3, 4, "heavy", "R", special="sacred_band"),
        unit("n3", "F8", "north", "LC", 3, 3, "light", "G"),
        unit("n4", "H8", "north", "EL", 1, 2, "heavy", "R"),
        unit("n5", "G7", "north", "WA", 4, 4, "medium", "B"),
        unit("n6", "J8", "north", "HCH", 2, 2, "heavy", "R"),
        unit("s1", "B2", "south", "LI", 4, 4, "light", "G"),
        unit("s2", "E2", "south", "AX", 2, 4, "light", "G", ordered=True),
        unit("s3", "G2", "south", "HC", 3, 3, "heavy", "R"),
        unit("s4", "G4", "south", "MC", 3, 3, "medium", "B", ordered=True, moved=True),
        unit("s5", "J2", "south", "LB", 4, 4, "light", "G"),
        unit("s6", "L2", "south", "LS", 1, 4, "light", "G"),
    ]
    leaders = [
        {"id": "nl1", **where("D8"), "side": "north", "name": "Hasdrubal", "attached": True,
         "ordered": False},
        {"id": "nl2", **where("K7"), "side": "north", "name": "Mago", "attached": False,
         "ordered": False},
        {"id": "sl1", **where("G2"), "side": "south", "name": "Scipio", "attached": True,
         "ordered": True},
        {"id": "sl2", **where("A1"), "side": "south", "name": "", "attached": False,
         "ordered": False},
    ]
    return {
        "scenario": {"id": "T01", "name": "Test Field", "year": "200 BC"},
        "sides": {
            "north": {"army": "Carthaginian", "blocks": "brown", "banners": 2,
                      "banners_to_win": 5, "hand_size": 5, "command": 5},
            "south": {"army": "Roman", "blocks": "grey", "banners": 4, "banners_to_win": 5,
                      "hand_size": 4, "command": 4},
        },
        "turn": 7, "to_move": "south",
        "terrain": terrain, "units": units, "leaders": leaders,
        "card_played": {"side": "south", "key": "order_mounted", "name": "Order Mounted"},
        "deck_size": 31, "discard_size": 17,
        "last_moves": [{"side": "south", "path": ["G3", "G4"]},
                       {"side": "north", "path": ["H7", "H8"], "retreat": True}],
        "last_combat": {"kind": "close", "attacker": "G4", "defender": "G5", "dice": ["R", "F",
                        "X", "H"], "hits": 1},
        "highlight": ["F4", "H4"],
    }


CARD_KINDS = ["section", "troop", "leadership", "tactic"]


def make_hand(n: int) -> list[dict[str, Any]]:
    keys = ["order_2_left", "order_light", "inspired_center", "clash_of_shields",
            "order_4_right", "counter_attack", "i_am_spartacus", "rally"]
    return [{"key": keys[i], "name": f"Card {keys[i]}", "kind": CARD_KINDS[i % 4],
             "text": "Order units and let them battle; " * (1 + i % 3)} for i in range(n)]


def make_view(board: dict[str, Any] | None = None, role: str | None = "south",
              hand: list[dict[str, Any]] | None = None, title: str = "ancients") -> View:
    return View(title=title, scenario="T01", role=role, roles=["north", "south"], step=3,
                active=["south"], prompt="Choose", prompt_msg=Msg(key="prompt"), actions=[],
                log=[], result=None, board=make_board() if board is None else board,
                private={} if hand is None else {"hand": hand})


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == PNG_SIGNATURE
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def centre(h: str) -> tuple[int, int]:
    x, y = L.pixel_of_name(h)
    return round(x), round(y)


# -- board --------------------------------------------------------------------------------------

def test_board_is_a_png_of_the_canvas_size():
    view = make_view()
    data = render_board(view)
    img = open_png(data)
    assert img.size == canvas_size(view) == L.SIZE
    assert 1000 <= img.size[0] <= 1200
    assert len(data) < 1_000_000


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_board_renders_in_each_language(lang: str):
    img = open_png(render_board(make_view(), lang))
    assert img.size == L.SIZE


def test_distinct_terrain_has_distinct_colours_at_hex_centres():
    img = board_image(make_view())
    colours = {kind if not ford else "ford": img.getpixel(centre(h))
               for h, (kind, ford) in TERRAIN.items()}
    colours["open"] = img.getpixel(centre(OPEN_HEX))
    assert len(set(colours.values())) == len(colours), colours


def test_terrain_colours_do_not_depend_on_pieces_or_language():
    a = board_image(make_view())
    bare = make_board()
    bare.update(units=[], leaders=[], last_moves=[], last_combat=None, highlight=[])
    b = board_image(make_view(bare), "ru")
    for h in TERRAIN:
        assert a.getpixel(centre(h)) == b.getpixel(centre(h)), h


def _window_has(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, ...],
                tol: int = 12) -> bool:
    x0, y0, x1, y1 = box
    return any(near(img.getpixel((x, y)), colour, tol)
               for x in range(x0, x1) for y in range(y0, y1))


def _rim_box(h: str) -> tuple[int, int, int, int]:
    """A thin window across the left rim of the block in hex ``h``."""
    x, y = centre(h)
    left = x - L.BLOCK_W // 2
    return left - 2, y - 4, left + 6, y + 4


@pytest.mark.parametrize("uid", ["n1", "n3", "n5", "s1", "s3", "s5"])
def test_units_show_their_side_colour(uid: str):
    board = make_board()
    u = next(u for u in board["units"] if u["id"] == uid)
    img = board_image(make_view(board))
    own = SIDE_COLOUR[u["side"]]
    other = SIDE_COLOUR["north" if u["side"] == "south" else "south"]
    assert _window_has(img, _rim_box(u["hex"]), own)
    assert not _window_has(img, _rim_box(u["hex"]), other)


def test_empty_hex_shows_no_side_colour():
    img = board_image(make_view())
    for colour in SIDE_COLOUR.values():
        assert not _window_has(img, _rim_box(OPEN_HEX), colour)


def test_ordered_units_and_highlighted_hexes_are_marked():
    board = make_board()
    img = board_image(make_view(board))
    x, y = centre("E2")  # an ordered unit: a halo just outside its block
    assert _window_has(img, (x - L.BLOCK_W // 2 - 6, y - 3, x - L.BLOCK_W // 2 - 1, y + 3),
                       HIGHLIGHT, tol=30)
    x, y = centre("B2")  # not ordered
    assert not _window_has(img, (x - L.BLOCK_W // 2 - 6, y - 3, x - L.BLOCK_W // 2 - 1, y + 3),
                           HIGHLIGHT, tol=30)
    for h in board["highlight"]:
        x, y = centre(h)
        left = round(x - L.HEX_W / 2 * 0.9)
        assert _window_has(img, (left - 2, y - 2, left + 4, y + 2), HIGHLIGHT, tol=30), h


def test_pieces_change_the_picture_only_where_they_are():
    board = make_board()
    full = board_image(make_view(board))
    board["units"] = [u for u in board["units"] if u["id"] != "n1"]
    without = board_image(make_view(board))
    x, y = centre("B8")
    assert full.getpixel((x, y)) != without.getpixel((x, y))
    far = centre("M1")
    assert full.getpixel(far) == without.getpixel(far)


def test_last_combat_is_marked_on_the_defender():
    board = make_board()
    img = board_image(make_view(board))
    board["last_combat"] = None
    plain = board_image(make_view(board))
    x, y = centre("G5")
    box = (x - L.HEX_W // 2, y - L.BLOCK_H // 2 - 16, x, y - L.BLOCK_H // 2 + 12)
    changed = [(px, py) for px in range(box[0], box[2]) for py in range(box[1], box[3])
               if img.getpixel((px, py)) != plain.getpixel((px, py))]
    assert len(changed) > 50


def test_minimal_and_odd_boards_still_render():
    assert open_png(render_board(make_view({}))).size == L.SIZE
    board = make_board()
    board["units"].append({"id": "x", "hex": "Z9", "side": "north", "type": "MI"})
    board["units"].append({"id": "y", "hex": "M8", "side": "south", "type": "QQ", "blocks": 9})
    board["last_moves"].append({"side": "south", "path": ["A1"]})
    board["last_combat"] = {"kind": "ranged", "attacker": "B2", "defender": "B5", "dice": [],
                            "hits": 0}
    board["card_played"] = {"side": "north", "key": "counter_attack", "name": "Counter Attack",
                            "copies": "order_3_center"}
    board["dice_pool"] = ["H", "G", "R"]
    board["reserve"] = ["MC", "WA"]
    board["to_move"] = None
    assert open_png(render_board(make_view(board), "ru")).size == L.SIZE


def test_render_time_is_close_to_a_png_encode():
    """Drawing the pieces on the cached background costs little next to the PNG encoding."""
    view = make_view()
    img = board_image(view)  # the background is cached after the first picture

    def median_time(fn) -> float:
        times = []
        for _ in range(7):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    render = median_time(lambda: render_board(view))
    encode = median_time(lambda: encode_png(img))
    assert render <= 3 * encode, (render, encode)
    assert render < 0.5  # 150 ms is the target on a quiet machine; leave room for busy CI


# -- hand ---------------------------------------------------------------------------------------

def test_empty_hand_renders():
    view = make_view(hand=[])
    img = open_png(render_hand(view))
    assert img.size[0] > 500 and img.size[1] > 100


def test_hand_of_seven_cards_renders_taller_than_one():
    one = open_png(render_hand(make_view(hand=make_hand(1))))
    seven_png = render_hand(make_view(hand=make_hand(7)))
    seven = open_png(seven_png)
    assert seven.size[0] == one.size[0]
    assert seven.size[1] > 5 * one.size[1] // 2
    assert len(seven_png) < 1_000_000


def test_hand_card_kinds_have_distinct_colours():
    from renderers.ancients.hand import BAND_W, HEADER_H, MARGIN, _card_height, _card_lines

    img = open_png(render_hand(make_view(hand=make_hand(4))))
    colours = []
    y = HEADER_H + MARGIN + 30  # the band of each card, just below its top edge
    for card in make_hand(4):
        colours.append(img.getpixel((MARGIN + BAND_W // 4, y)))
        y += _card_height(_card_lines(card, "en")) + 12
    assert len(set(colours)) == 4


def test_hand_in_russian_uses_a_font_with_cyrillic():
    assert has_glyphs("Приказ трём отрядам: щит, ёж, Ы", 20, bold=True)
    assert has_glyphs("Приказ трём отрядам: щит, ёж, Ы", 20, bold=False)
    hand = [{"key": "nonexistent", "name": "Приказ трём отрядам", "kind": "section",
             "text": "Приказ 3 отрядам и/или командирам в центре."}]
    img = open_png(render_hand(make_view(hand=hand), "ru"))
    assert img.size[1] > 100


def test_spectator_view_without_hand():
    img = open_png(render_hand(make_view(role=None)))
    assert img.size[0] > 500


# -- dispatch and boundaries ----------------------------------------------------------------------

def test_unknown_title_raises_a_clear_error():
    with pytest.raises(RendererMissing, match="no renderer for title 'chess'"):
        render_board(make_view(title="chess"))
    with pytest.raises(RendererMissing):
        render_hand(make_view(title="../etc"))


def test_renderers_take_only_a_view():
    from renderers import ancients

    for fn in (renderers.render_board, renderers.render_hand, ancients.render_board,
               ancients.render_hand):
        params = list(inspect.signature(fn).parameters)
        assert params == ["view", "lang"], fn
    assert list(inspect.signature(renderers.canvas_size).parameters) == ["view"]


def test_renderer_imports_nothing_of_the_rules_engine():
    """A picture can only show what the View holds: the renderer imports the View, the text
    catalogue functions and the board geometry, never the engine's state or rules."""
    allowed = {"games.core", "games.ancients.hexes"}
    root = Path(renderers.__file__).resolve().parent
    for path in [root / "__init__.py", root / "common.py", *sorted((root / "ancients").glob(
            "*.py"))]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.startswith("games"):
                assert node.module in allowed, (path.name, node.module)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("games") or alias.name in allowed


def test_wrap_text_fits_width():
    f = font(20)
    lines = wrap_text("Order a leader in your right section, its unit and 4 more units in a "
                      "chain; or 1 unit of your choice. Supercalifragilisticexpialidocious", f, 200)
    assert len(lines) > 2
    assert all(f.getlength(line) <= 200 for line in lines)


def test_engine_view_renders_when_the_engine_is_present():
    from games import registry

    try:
        rules = registry.get("ancients")
    except ImportError:
        pytest.skip("the Ancients rules engine is not in this checkout yet")
    state = rules.setup(7, "002", {})
    for role in ("north", "south", None):
        view = rules.view(state, role)
        assert open_png(render_board(view)).size == L.SIZE
        open_png(render_hand(view, "ru"))


def _panel_colours(img: Image.Image, top: int) -> dict[tuple[int, int, int], int]:
    """The colours of an army panel where its badge stands (left of the banners, right of the
    army chip), counted."""
    counts: dict[tuple[int, int, int], int] = {}
    for y in range(top, top + L.PANEL_H, 2):
        for x in range(72, 460, 2):
            px = img.getpixel((x, y))
            counts[px] = counts.get(px, 0) + 1
    return counts


def test_final_picture_marks_the_winner_and_nobody_to_move():
    """§4: the battle is over once an army has its banners; the last picture shows who won
    (a winner's badge in its panel) and no "to move" badge any more."""
    from games.core import Result
    from renderers.ancients.board import WINNER

    view = make_view()
    view.result = Result(winners=["north"], reason="north wins",
                         msg=Msg(key="result.banners", args={"side": "Carthaginian"}))
    img = board_image(view, "en")
    north, south = _panel_colours(img, 0), _panel_colours(img, L.SOUTH_PANEL_TOP)
    assert north.get(WINNER, 0) > 20 and south.get(WINNER, 0) == 0
    # the side that was to move ("south") no longer carries its badge of the side's colour
    assert south.get(SIDE_COLOUR["south"], 0) == 0
    # a game still going: the "to move" badge, no winner
    going = board_image(make_view(), "en")
    assert _panel_colours(going, L.SOUTH_PANEL_TOP).get(SIDE_COLOUR["south"], 0) > 20
    assert _panel_colours(going, 0).get(WINNER, 0) == 0
    draw = make_view()
    draw.result = Result(winners=[], draw=True, reason="draw")
    drawn = board_image(draw, "ru")
    assert _panel_colours(drawn, L.SOUTH_PANEL_TOP).get(SIDE_COLOUR["south"], 0) == 0
