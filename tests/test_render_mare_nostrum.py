"""renderers: the Mare Nostrum board and hand pictures, from hand-built Views and, when the rules
engine is importable, from Views of real games (3, 4 and 5 players, every role and a spectator)."""

from __future__ import annotations

import ast
import copy
import inspect
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import renderers
from games.core import Msg, Result, View
from renderers import canvas_size, render_board, render_hand
from renderers.common import ALERT, HIGHLIGHT, has_glyphs
from renderers.mare_nostrum import board_image, hand_image, hand_size
from renderers.mare_nostrum import layout as L
from renderers.mare_nostrum.background import background
from renderers.mare_nostrum.hand import _tiles
from renderers.mare_nostrum.labels import LABELS, good_abbr, text
from renderers.mare_nostrum.pieces import GOOD_COLOUR, empire_colour, good_colour

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
LIMIT = 1_000_000
COLOURS = {"rome": "red", "greece": "green", "carthage": "black", "egypt": "yellow"}


# -- a hand-built board -----------------------------------------------------------------------------

def province(pid: str, x: int, y: int, *, kind: str = "land", controller: str | None = None,
             cities: list[tuple[str, bool]] = (), caravans: list[tuple[str, bool]] = (),
             market: bool | None = None, temple: bool | None = None,
             legions: dict[str, int] | None = None, fortress: str | None = None,
             land: list[str] = (), seas: list[str] = (), **extra: Any) -> dict[str, Any]:
    return {
        "id": pid, "name": pid.capitalize(), "name_ru": pid.capitalize(), "kind": kind,
        "region": "centre", "pos": {"x": x, "y": y}, "controller": controller,
        "marker": "printed" if controller else None, "marker_held_by": None,
        "marker_since": None, "capital_of": None, "legendary": None,
        "cities": [{"slot": i, "type": t, "label": f"{pid}{i}", "built": b, "held_by": None}
                   for i, (t, b) in enumerate(cities)],
        "caravans": [{"slot": i, "good": g, "built": b, "held_by": None, "circe": None}
                     for i, (g, b) in enumerate(caravans)],
        "market": None if market is None else {"built": market, "held_by": None},
        "temple": None if temple is None else {"built": temple, "held_by": None},
        "legions": legions or {}, "fortress": fortress, "at_war": False,
        "land": list(land), "seas": list(seas), **extra,
    }


def sea(sid: str, x: int, y: int, triremes: dict[str, int] | None = None,
        seas: list[str] = (), coasts: list[str] = ()) -> dict[str, Any]:
    return {"id": sid, "name": f"{sid.capitalize()} Sea", "name_ru": f"Море {sid}",
            "pos": {"x": x, "y": y}, "triremes": triremes or {}, "seas": list(seas),
            "coasts": list(coasts)}


def empire(role: str, cards: list[str], resources: int) -> dict[str, Any]:
    return {"name": role.capitalize(), "colour": COLOURS[role], "capital": role,
            "titles": [], "cards": cards, "castor_copies": None, "resources": resources,
            "shown": [], "pieces_left": {"legions": 5, "triremes": 4, "fortresses": 3,
                                         "control_markers": 4},
            "great_cities": 1, "card_count": len(cards)}


def make_board() -> dict[str, Any]:
    provinces = [
        province("gallia", 158, 64, cities=[("ordinary", False)], caravans=[("wine", False)],
                 market=False, temple=False, land=["italia"], seas=["tyrrhenian"]),
        province("italia", 338, 136, controller="rome", cities=[("capital", True)],
                 caravans=[("wine", True), ("gladiator", True)], market=True, temple=False,
                 legions={"rome": 2}, fortress="rome", land=["gallia"],
                 seas=["tyrrhenian", "ionian"]),
        province("sicilia", 330, 212, kind="island", controller="rome",
                 cities=[("legendary", True)], caravans=[("grain", True)], market=False,
                 temple=True, legions={"rome": 1, "carthage": 2}, seas=["tyrrhenian", "ionian"],
                 at_war=True),
        province("achaea", 458, 192, controller="greece",
                 cities=[("capital", True), ("ordinary", True)],
                 caravans=[("oil", True), ("pottery", False)], market=True, temple=True,
                 seas=["ionian", "aegean"]),
        province("africa", 270, 300, controller="carthage", cities=[("capital", True)],
                 caravans=[("oil", True)], market=True, temple=False, legions={"carthage": 1},
                 fortress="carthage", land=["aegyptus"], seas=["tyrrhenian"]),
        province("aegyptus", 585, 336, controller="egypt",
                 cities=[("capital", True), ("ordinary", True)],
                 caravans=[("grain", False), ("papyrus", True)], market=False, temple=True,
                 legions={"egypt": 3}, land=["africa"], seas=["aegean"]),
    ]
    provinces[2]["cities"][0]["held_by"] = "carthage"
    seas = [
        sea("tyrrhenian", 260, 160, {"rome": 2, "carthage": 1}, ["ionian"],
            ["gallia", "italia", "sicilia", "africa"]),
        sea("ionian", 400, 230, {"greece": 1}, ["tyrrhenian", "aegean"],
            ["italia", "sicilia", "achaea"]),
        sea("aegean", 520, 250, {}, ["ionian"], ["achaea", "aegyptus"]),
    ]
    return {
        "turn": 3, "phase": "movement", "players": 4, "segment": "rome", "done": [],
        "titles": {"trade": "carthage", "culture": "egypt", "military": "rome"},
        "previous_titles": {"trade": "carthage", "culture": "egypt", "military": "rome"},
        "tracks": {"trade": {"rome": 5, "greece": 4, "carthage": 7, "egypt": 4},
                   "culture": {"rome": 2, "greece": 5, "carthage": 1, "egypt": 6},
                   "military": {"rome": 8, "greece": 3, "carthage": 6, "egypt": 17}},
        "empires": {
            "rome": empire("rome", ["caesar"], 6),
            "greece": empire("greece", ["pericles", "castor_pollux", "hanging_gardens"], 11),
            "carthage": empire("carthage", ["hannibal"], 4),
            "egypt": empire("egypt", ["cleopatra", "pyramids"], 9),
        },
        "provinces": provinces, "seas": seas,
        "trade_tokens": {"available": ["5/0", "2/1"], "played": ["4/3"]},
        "trade": None,
        "heroes_wonders": {"face_up": ["hercules", "circe", "colossus"], "face_down": 9,
                           "pyramids": "egypt"},
        "supply": {"coin": 20, "buildings": {}},
        "peace": [],
        "last_battle": {"kind": "land", "area": "sicilia", "attacker": "carthage",
                        "defender": "rome",
                        "rolls": {"carthage": {"dice": [3, 5], "per_die": 0, "fortress": False,
                                               "total": 8, "hits": 1},
                                  "rome": {"dice": [6], "per_die": 1, "fortress": False,
                                           "total": 7, "hits": 1}},
                        "losses": {"carthage": 1, "rome": 1}},
        "highlight": ["gallia", "aegean"],
    }


ROLES = ["rome", "greece", "carthage", "egypt"]


def make_view(board: dict[str, Any] | None = None, role: str | None = "rome",
              private: dict[str, Any] | None = None, **extra: Any) -> View:
    fields: dict[str, Any] = {
        "title": "mare_nostrum", "scenario": "4p", "role": role, "roles": ROLES, "step": 5,
        "active": ["rome"], "prompt": "Move", "prompt_msg": Msg(key="prompt"), "actions": [],
        "log": [], "result": None, "board": make_board() if board is None else board,
        "private": {} if private is None else private}
    return View(**(fields | extra))


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == PNG_SIGNATURE
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 14) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def frame_point(board: dict[str, Any], pid: str) -> tuple[int, int]:
    """A point on the left rim of a Province card, half-way down (the controller's colour)."""
    a = L.layout_of(board).areas[pid]
    return round(a.box[0] + 1.5), round(a.centre[1])


def window_has(img: Image.Image, box: tuple[float, float, float, float],
               colour: tuple[int, ...], tol: int = 14) -> bool:
    x0, y0, x1, y1 = (round(v) for v in box)
    crop = img.crop((max(x0, 0), max(y0, 0), min(x1, img.width), min(y1, img.height)))
    colours = crop.getcolors(crop.width * crop.height) or []
    return any(near(c, colour, tol) for _, c in colours)


def changed_pixels(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> int:
    box_i = tuple(round(v) for v in box)
    diff = ImageChops.difference(a.crop(box_i), b.crop(box_i)).convert("L")
    return diff.width * diff.height - diff.histogram()[0]


# -- the board from a hand-built View ------------------------------------------------------------

def test_board_is_a_small_png_of_the_canvas_size():
    view = make_view()
    data = render_board(view)
    img = open_png(data)
    assert img.size == canvas_size(view) == (L.WIDTH, L.height(4))
    assert 1100 <= img.width <= 1300
    assert len(data) < LIMIT


def test_canvas_grows_with_the_number_of_empires():
    board = make_board()
    three = copy.deepcopy(board)
    del three["empires"]["egypt"]
    assert canvas_size(make_view(three))[1] < canvas_size(make_view(board))[1]
    assert open_png(render_board(make_view(three))).size == canvas_size(make_view(three))


@pytest.mark.parametrize("pid", ["italia", "sicilia", "achaea", "africa", "aegyptus"])
def test_controllers_colour_appears_at_their_provinces(pid: str):
    board = make_board()
    board["last_battle"] = None   # its ring would cover Sicilia's rim
    img = board_image(make_view(board))
    ctrl = next(p["controller"] for p in board["provinces"] if p["id"] == pid)
    own = empire_colour(COLOURS[ctrl])
    assert near(img.getpixel(frame_point(board, pid)), own), (pid, ctrl)
    for other, name in COLOURS.items():
        if other != ctrl:
            assert not near(img.getpixel(frame_point(board, pid)), empire_colour(name), 30)


def test_uncontrolled_province_shows_no_empire_colour():
    board = make_board()
    img = board_image(make_view(board))
    px = img.getpixel(frame_point(board, "gallia"))
    for name in COLOURS.values():
        assert not near(px, empire_colour(name), 30)


def test_region_is_tinted_in_the_controllers_colour():
    """Around a controlled card its land takes a shade of the controller's colour; a change of
    controller changes that shade."""
    board = make_board()
    a = L.layout_of(board).areas["aegyptus"]
    spot = (round(a.centre[0]), round(a.box[3] + 8))
    first = board_image(make_view(board)).getpixel(spot)
    board["provinces"][5]["controller"] = "greece"
    second = board_image(make_view(board)).getpixel(spot)
    assert first != second
    assert first[0] > first[2] and second[1] > second[0]   # yellowish, then greenish


def test_legions_and_triremes_show_where_they_stand():
    board = make_board()
    full = board_image(make_view(board))
    lay = L.layout_of(board)
    board["provinces"][5]["legions"] = {}
    board["seas"][0]["triremes"] = {}
    bare = board_image(make_view(board))
    assert changed_pixels(full, bare, lay.areas["aegyptus"].units) > 80
    assert changed_pixels(full, bare, lay.areas["tyrrhenian"].units) > 80
    assert window_has(full, lay.areas["aegyptus"].units, empire_colour("yellow"))
    assert window_has(full, lay.areas["tyrrhenian"].units, empire_colour("red"))
    assert window_has(full, lay.areas["tyrrhenian"].units, empire_colour("black"))
    # nothing changes far from them
    far = lay.areas["gallia"].box
    assert changed_pixels(full, bare, far) == 0


def test_buildings_and_goods_are_drawn_in_their_slots():
    board = make_board()
    lay = L.layout_of(board)
    img = board_image(make_view(board))
    a = lay.areas["italia"]
    wine = a.slot(("caravan", 0))
    assert wine is not None
    token = (wine[0] - 9, wine[1] - 9, wine[0] + 9, wine[1] + 9)
    assert window_has(img, token, GOOD_COLOUR["wine"], 8)
    assert not window_has(img, token, GOOD_COLOUR["gladiator"], 8)
    built = img.copy()
    board["provinces"][1]["caravans"][0]["built"] = False
    empty = board_image(make_view(board))
    assert changed_pixels(built, empty, (wine[0] - 11, wine[1] - 11, wine[0] + 11,
                                         wine[1] + 11)) > 40


def test_last_battle_and_highlights_are_marked():
    board = make_board()
    lay = L.layout_of(board)
    img = board_image(make_view(board))
    x0, y0, x1, y1 = lay.areas["sicilia"].box
    assert window_has(img, (x0 + 10, y1, x1 - 10, y1 + 4), ALERT, 30)
    for area in board["highlight"]:
        x0, y0, x1, y1 = lay.areas[area].box
        assert window_has(img, (x0 + 10, y1 + 1, x1 - 10, y1 + 7), HIGHLIGHT, 40), area
    x0, y0, x1, y1 = lay.areas["achaea"].box
    assert not window_has(img, (x0 + 10, y1 + 1, x1 - 10, y1 + 7), HIGHLIGHT, 40)


def test_every_role_sees_the_same_board():
    """Nothing private is drawn on the board: every role's View and a spectator's give one
    picture."""
    pictures = {render_board(make_view(role=r, private={"hand": {"wine": 2}, "rare": ["gold"],
                                                          "resources": 3}))
                for r in ROLES}
    pictures.add(render_board(make_view(role=None)))
    assert len(pictures) == 1


def _trade_board(revealed: bool, offers: dict[str, list[str]]) -> dict[str, Any]:
    board = make_board()
    board["phase"] = "trade"
    board["segment"] = None
    board["trade"] = {"token": "4/3", "value": 3, "counts": {r: 3 for r in ROLES},
                      "participants": ROLES, "first": "carthage", "confirmed": ["rome"],
                      "revealed": revealed, "offers": offers,
                      "pool": offers if revealed else {}, "received": {}, "takes": [],
                      "taker": "greece" if revealed else None, "gift": None}
    return board


def _trade_box() -> tuple[int, int, int, int]:
    top = L.info_top(len(ROLES))
    return 0, top + 36, L.INFO_SPLIT - 4, top + L.INFO_H - 4


def test_trade_table_shows_revealed_offers_only():
    offers = {"rome": ["wine", "wine", "coin"], "greece": ["oil", "gold*", "oil"]}
    secret = board_image(make_view(_trade_board(False, offers)))
    nothing = board_image(make_view(_trade_board(False, {})))
    box = _trade_box()
    assert changed_pixels(secret, nothing, box) == 0
    shown = board_image(make_view(_trade_board(True, offers)))
    assert changed_pixels(shown, nothing, box) > 500
    assert window_has(shown, box, GOOD_COLOUR["wine"], 10)


def test_russian_board_uses_cyrillic_text():
    board = make_board()
    en = board_image(make_view(board), "en")
    ru = board_image(make_view(board), "ru")
    top = L.TRACKS_TOP
    assert changed_pixels(en, ru, (0, top, 220, top + L.TRACKS_H)) > 200
    words = [v for v in LABELS["ru"].values()] + [text("track.military", "ru"),
                                                  text("city.legendary", "ru")]
    assert all(has_glyphs(w, 16, bold=True) for w in words)
    assert any("\u0400" <= ch <= "\u04ff" for ch in text("picture.resources", "ru"))
    assert open_png(render_board(make_view(board), "ru")).size == canvas_size(make_view(board))


def test_background_is_drawn_once_per_map_and_language():
    board = make_board()
    board_image(make_view(board), "en")
    before = background.cache_info()
    board_image(make_view(board), "en")
    after = background.cache_info()
    assert after.hits == before.hits + 1 and after.misses == before.misses


def test_cards_do_not_overlap_and_stay_on_the_map():
    lay = L.layout_of(make_board())
    _assert_tidy(lay)


def _assert_tidy(lay: L.MapLayout) -> None:
    boxes = list(lay.areas.values())
    for i, a in enumerate(boxes):
        x0, y0, x1, y1 = a.box
        assert 0 <= x0 and x1 <= L.WIDTH and L.MAP_TOP <= y0 and y1 <= L.MAP_BOTTOM, a.id
        for b in boxes[i + 1:]:
            bx0, by0, bx1, by1 = b.box
            overlap = min(x1, bx1) - max(x0, bx0), min(y1, by1) - max(y0, by0)
            assert overlap[0] <= 0.5 or overlap[1] <= 0.5, (a.id, b.id)


def test_odd_and_minimal_boards_still_render():
    assert open_png(render_board(make_view({}))).width == L.WIDTH
    board = make_board()
    board["empires"]["rome"]["colour"] = "#123456"
    board["empires"]["greece"]["colour"] = "chartreuse"
    board["provinces"][0]["pos"] = [10, 10]
    board["provinces"].append({"id": "nowhere"})
    board["provinces"].append("not a province")
    board["seas"][0]["triremes"] = {"rome": 99, "nobody": 1}
    board["last_battle"] = {"kind": "sea", "area": "atlantis", "attacker": "rome",
                            "defender": "nobody", "rolls": {}, "losses": {}}
    board["highlight"] = ["atlantis", "italia"]
    board["tracks"] = {"trade": {"rome": -3, "greece": 40}}
    board["trade"] = {"token": None, "revealed": True, "participants": ["rome"], "pool": None}
    board["phase"] = "trade"
    board["peace"] = ["rome", "greece"]
    view = make_view(board, result=Result(winners=["rome"], reason="test"))
    assert open_png(render_board(view, "ru")).size == canvas_size(view)


# -- the hand ------------------------------------------------------------------------------------

PRIVATE = {"hand": {"coin": 3, "wine": 2, "gold": 1, "gladiator": 4}, "rare": ["gems", "gems"],
           "resources": 12}


def test_hand_shows_goods_coins_and_rare_goods():
    view = make_view(private=PRIVATE)
    data = render_hand(view)
    img = open_png(data)
    assert img.size == hand_size(view)
    assert len(data) < LIMIT
    tiles = _tiles(PRIVATE["hand"], PRIVATE["rare"])
    assert tiles == [("coin", 3), ("gold", 1), ("wine", 2), ("gladiator", 4), ("gems*", 2)]
    two_rows = hand_size(make_view(private={"hand": {"coin": 1}, "resources": 1}))
    assert img.height > two_rows[1]


def test_hand_shows_the_players_own_secret_offer_during_trade():
    board = _trade_board(False, {})
    plain = make_view(board, private=PRIVATE)
    offering = make_view(board, private={**PRIVATE, "offer": ["wine", "coin", "gems*"]})
    assert hand_size(offering)[1] > hand_size(plain)[1]
    assert open_png(render_hand(offering, "ru")).size == hand_size(offering)
    # a stale offer outside the Trade phase is not shown
    later = make_view(make_board(), private={**PRIVATE, "offer": []})
    assert hand_size(later) == hand_size(make_view(make_board(), private=PRIVATE))


def test_spectator_view_renders_no_hand():
    spectator = make_view(role=None)
    img = open_png(render_hand(spectator))
    nothing = hand_image(make_view(role=None, private={}))
    assert img.size == hand_size(spectator) == nothing.size
    from renderers.mare_nostrum.hand import EMPTY_H, HEADER_H, MARGIN
    assert img.height == HEADER_H + EMPTY_H + 2 * MARGIN
    # no Goods token anywhere in it
    for colour in (GOOD_COLOUR["wine"], GOOD_COLOUR["gems"], GOOD_COLOUR["coin"]):
        assert not window_has(img, (0, HEADER_H, img.width, img.height), colour, 6)


def test_hand_in_russian_draws_cyrillic():
    view = make_view(private=PRIVATE)
    en = hand_image(view, "en")
    ru = hand_image(view, "ru")
    assert en.size == ru.size
    assert changed_pixels(en, ru, (0, 0, en.width, 64)) > 200
    assert good_abbr("wine", "ru") == "Ви"
    assert has_glyphs("Ваши Ресурсы Редкий Вино Гладиатор", 28, bold=True)


# -- boundaries --------------------------------------------------------------------------------------

def test_renderers_take_only_a_view():
    from renderers import mare_nostrum

    for fn in (mare_nostrum.render_board, mare_nostrum.render_hand):
        assert list(inspect.signature(fn).parameters) == ["view", "lang"]
    assert list(inspect.signature(mare_nostrum.canvas_size).parameters) == ["view"]


def test_renderer_imports_nothing_of_the_rules_engine():
    """The picture shows only what the View holds: the package imports ``games.core`` and
    nothing else of the games (the text catalogue is looked up by name, and optional)."""
    root = Path(renderers.__file__).resolve().parent / "mare_nostrum"
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.startswith("games"):
                assert node.module == "games.core", (path.name, node.module)
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("games") for a in node.names), path.name


# -- Views of real games ------------------------------------------------------------------------

def _engine() -> Any:
    from games import registry

    try:
        return registry.get("mare_nostrum")
    except ImportError:
        pytest.skip("the Mare Nostrum rules engine is not importable")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_engine_views_render_for_every_role_and_a_spectator(players: int):
    rules = _engine()
    state = rules.setup(11, f"{players}p", {})
    boards = set()
    for role in [*state.roles, None]:
        view = rules.view(state, role)
        data = render_board(view)
        img = open_png(data)
        assert img.size == canvas_size(view) == (L.WIDTH, L.height(players))
        assert len(data) < LIMIT
        boards.add(data)
        hand = render_hand(view, "ru")
        assert len(hand) < LIMIT
        if role is None:
            assert open_png(hand).size == hand_size(view)
            assert not view.private
        else:
            img = open_png(hand)
            assert img.size == hand_size(view)
            first = _tiles(view.private.get("hand"), view.private.get("rare"))[0][0]
            assert window_has(img, (16, 64, 16 + 80, 64 + 120), good_colour(first), 6)
    assert len(boards) == 1
    _assert_tidy(L.layout_of(rules.view(state, None).board))


@pytest.mark.parametrize("players", [3, 5])
def test_engine_controllers_colours_at_their_provinces(players: int):
    rules = _engine()
    view = rules.view(rules.setup(3, f"{players}p", {}), None)
    board = view.board
    img = board_image(view)
    seen = set()
    for p in board["provinces"]:
        ctrl = p["controller"]
        if not ctrl:
            continue
        colour = empire_colour(board["empires"][ctrl]["colour"])
        assert near(img.getpixel(frame_point(board, p["id"])), colour), p["id"]
        seen.add(colour)
    assert len(seen) == players


def test_engine_game_in_progress_renders_in_every_phase():
    """A seeded playout through the View's actions: every phase met is drawn, in both
    languages, for the active role and a spectator."""
    from games.core import Rng

    rules = _engine()
    state = rules.setup(5, "4p", {})
    rng = Rng.from_seed(5)
    phases: set[str] = set()
    for step in range(700):
        public = rules.view(state, None)
        if public.result is not None or not public.active:
            break
        phase = str(public.board.get("phase"))
        if phase not in phases or step % 97 == 0:
            phases.add(phase)
            role = public.active[0]
            for who in (role, None):
                view = rules.view(state, who)
                assert open_png(render_board(view, "ru" if step % 2 else "en")).size == \
                    canvas_size(view)
                open_png(render_hand(view, "en"))
        role = public.active[0]
        view = rules.view(state, role)
        choice = view.actions[rng.below(len(view.actions))]
        state = rules.act(state, role, choice.action())
    assert {"trade", "build", "movement"} <= phases
