"""The Ancients board picture, drawn from a View only (``view.board``, see the package docstring).

The static background (terrain, sections, coordinates) is cached per terrain and language; each
call copies it and draws the pieces, the panels and the markers of the last move and battle.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.ancients.hexes import on_board, parse_hex
from games.core import View
from renderers.ancients import layout as L
from renderers.ancients.background import background, terrain_key
from renderers.ancients.labels import card_name, side_name, text
from renderers.ancients.pieces import (
    PAD,
    block_fill,
    die_face,
    leader_flag,
    side_colour,
    swords,
    unit_sprite,
)
from renderers.common import (
    ALERT,
    HIGHLIGHT,
    INK,
    MUTED,
    RGB,
    WHITE,
    arrow,
    darker,
    dashed_line,
    encode_png,
    fit_text,
    font,
    hex_corners,
    lighter,
)

WEIGHT_SYMBOL = {"light": "G", "medium": "B", "heavy": "R"}
WINNER: RGB = (232, 184, 36)          # the winner's badge
WINNER_BG: RGB = (250, 236, 186)      # and the winner's panel
SIDES = ("north", "south")


def canvas_size(view: View | None = None) -> tuple[int, int]:
    """The board picture's size in pixels (the same for every Ancients View)."""
    return L.SIZE


def render_board(view: View, lang: str = "en") -> bytes:
    return encode_png(board_image(view, lang))


def board_image(view: View, lang: str = "en") -> Image.Image:
    board: Mapping[str, Any] = view.board or {}
    img = background(terrain_key(board.get("terrain") or []), lang).copy()
    d = ImageDraw.Draw(img, "RGBA")
    sides: Mapping[str, Any] = board.get("sides") or {}
    result = view.result
    # once the battle is over nobody is to move: the winner (or a draw) is marked instead
    to_move = board.get("to_move") if result is None else None
    played = board.get("card_played") or None
    for side, top in (("north", 0), ("south", L.SOUTH_PANEL_TOP)):
        outcome = None
        if result is not None:
            outcome = "won" if side in result.winners else "draw" if result.draw else "lost"
        _panel(d, top, side, sides.get(side) or {}, side == to_move,
               played if played and played.get("side") == side else None, lang, outcome)
    for h in board.get("highlight") or []:
        _outline_hex(d, h, HIGHLIGHT, 5, inset=0.9, tint=70)
    occupied = {str(u.get("hex")) for u in board.get("units") or []}
    moves = board.get("last_moves") or []
    for move in moves:
        path = [str(h) for h in move.get("path") or []]
        if len(path) >= 2 and path[0] not in occupied:
            _ghost(d, path[0], str(move.get("side", "")))
    for u in board.get("units") or []:
        _unit(img, u, sides)
    for move in moves:
        _move_arrows(d, [str(h) for h in move.get("path") or []], str(move.get("side", "")),
                     backward=bool(move.get("retreat") or move.get("evade")))
    combat = board.get("last_combat") or None
    if combat:
        _combat_marker(d, combat)
    # leaders last, so that their names stay readable over arrows and markers
    for ldr in board.get("leaders") or []:
        _leader(img, d, ldr, attached=str(ldr.get("hex")) in occupied)
    _info(img, d, board, lang)
    return img


# -- board pieces -------------------------------------------------------------------------------

def _centre(h: str) -> tuple[float, float] | None:
    """The pixel centre of a hex named in the board dict; None for a name off the board."""
    try:
        c, r = parse_hex(h)
    except (ValueError, IndexError):
        return None
    return L.pixel(c, r) if on_board(c, r) else None


def _outline_hex(d: ImageDraw.ImageDraw, h: str, colour: RGB, width: int,
                 inset: float = 0.92, tint: int = 0) -> None:
    at = _centre(h)
    if at is None:
        return
    pts = hex_corners(at[0], at[1], L.RADIUS * inset)
    if tint:
        d.polygon(pts, fill=(*colour, tint))
    d.line([*pts, pts[0]], fill=colour, width=width, joint="curve")


def _ghost(d: ImageDraw.ImageDraw, h: str, side: str) -> None:
    """Where a unit that moved last turn started: a dashed ring in its side's colour."""
    at = _centre(h)
    if at is None:
        return
    x, y = at
    r = L.BLOCK_H * 0.42
    colour = side_colour(side)
    for i in range(12):
        a0 = i * 30
        d.arc((x - r, y - r, x + r, y + r), a0, a0 + 18, fill=colour, width=4)


def _unit(img: Image.Image, u: Mapping[str, Any], sides: Mapping[str, Any]) -> None:
    at = _centre(str(u.get("hex", "")))
    if at is None:
        return
    side = str(u.get("side", ""))
    army = str((sides.get(side) or {}).get("blocks", "grey"))
    code = str(u.get("type", "?"))
    symbol = str(u.get("symbol") or WEIGHT_SYMBOL.get(str(u.get("weight")), ""))
    blocks = int(u.get("blocks") or 0)
    max_blocks = int(u.get("max_blocks") or blocks)
    sprite = unit_sprite(code, symbol, blocks, max_blocks, side, army, bool(u.get("ordered")),
                         u.get("special") or None, L.BLOCK_W, L.BLOCK_H)
    x = round(at[0] - L.BLOCK_W / 2 - PAD)
    y = round(at[1] - L.BLOCK_H / 2 - PAD)
    img.paste(sprite, (x, y), sprite)


def _leader(img: Image.Image, d: ImageDraw.ImageDraw, ldr: Mapping[str, Any],
            attached: bool) -> None:
    at = _centre(str(ldr.get("hex", "")))
    if at is None:
        return
    side = str(ldr.get("side", ""))
    name = str(ldr.get("name") or "")
    flag = leader_flag(side, name[:1].upper(), bool(ldr.get("ordered")), not attached)
    if attached:
        # inside the block's top-right corner, so it never reaches into a neighbouring hex
        fx = round(at[0] + L.BLOCK_W / 2 - flag.width + 1)
        fy = round(at[1] - L.BLOCK_H / 2 - 8)
        label_y = at[1] + L.BLOCK_H / 2 + 6
    else:
        fx, fy = round(at[0] - flag.width / 2 + 4), round(at[1] - flag.height / 2 - 8)
        label_y = at[1] + 20
    img.paste(flag, (fx, fy), flag)
    if name:
        f = font(12, True)
        label = fit_text(name, f, L.HEX_W + 4)
        w = f.getlength(label)
        colour = side_colour(side)
        d.rounded_rectangle((at[0] - w / 2 - 5, label_y - 8, at[0] + w / 2 + 5, label_y + 8),
                            radius=7, fill=colour, outline=WHITE, width=1)
        d.text((at[0], label_y), label, font=f, fill=WHITE, anchor="mm")


def _move_arrows(d: ImageDraw.ImageDraw, path: list[str], side: str, backward: bool) -> None:
    """One short arrow across each hexside crossed, between the pieces: solid in the side's
    colour for a move or an advance, white with the side's rim for a retreat or an evade."""
    colour = side_colour(side)
    for a, b in zip(path, path[1:], strict=False):
        pa, pb = _centre(a), _centre(b)
        if pa is None or pb is None or pa == pb:
            continue
        length = math.dist(pa, pb)
        ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
        start = (pa[0] + ux * (L.BLOCK_W * 0.36), pa[1] + uy * (L.BLOCK_W * 0.36))
        end = (pb[0] - ux * (L.BLOCK_W * 0.42), pb[1] - uy * (L.BLOCK_W * 0.42))
        if backward:
            arrow(d, start, end, WHITE, 5, head=14, outline=colour)
        else:
            arrow(d, start, end, colour, 6, head=15, outline=WHITE)


def _combat_marker(d: ImageDraw.ImageDraw, combat: Mapping[str, Any]) -> None:
    """A red line from attacker to defender, a ring on the defender's hex and a badge (crossed
    swords for close combat, a target for ranged fire) between them."""
    pa, pb = _centre(str(combat.get("attacker", ""))), _centre(str(combat.get("defender", "")))
    if pb is not None:
        _outline_hex(d, str(combat.get("defender")), ALERT, 4, inset=0.86)
    if pa is None or pb is None or pa == pb:
        return
    length = math.dist(pa, pb)
    ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
    start = (pa[0] + ux * L.BLOCK_W * 0.4, pa[1] + uy * L.BLOCK_W * 0.4)
    end = (pb[0] - ux * L.BLOCK_W * 0.4, pb[1] - uy * L.BLOCK_W * 0.4)
    if combat.get("kind") == "ranged":
        dashed_line(d, start, end, WHITE, 7, dash=12, gap=6)
        dashed_line(d, start, end, ALERT, 4, dash=12, gap=6)
    else:
        d.line((start, end), fill=WHITE, width=8)
        d.line((start, end), fill=ALERT, width=4)
    # the badge sits on the defender's upper-left corner, clear of leader flags and names
    mx, my = pb[0] - L.BLOCK_W / 2 - 2, pb[1] - L.BLOCK_H / 2 - 2
    r = 14
    d.ellipse((mx - r, my - r, mx + r, my + r), fill=WHITE, outline=ALERT, width=3)
    if combat.get("kind") == "ranged":
        for k in (0.75, 0.4):
            d.ellipse((mx - r * k, my - r * k, mx + r * k, my + r * k), outline=ALERT, width=2)
    else:
        swords(d, mx, my, r * 0.55, INK, 3)


# -- panels ------------------------------------------------------------------------------------

def _panel(d: ImageDraw.ImageDraw, top: int, side: str, info: Mapping[str, Any], moving: bool,
           played: Mapping[str, Any] | None, lang: str, outcome: str | None = None) -> None:
    """One army's panel. ``outcome`` ("won", "lost", "draw") once the battle is over: the
    winner's panel is gilded and carries the winner's badge where the "to move" badge was."""
    colour = side_colour(side)
    h = L.PANEL_H
    bg = lighter(colour, 0.82) if moving else WINNER_BG if outcome == "won" else (238, 233, 218)
    d.rectangle((0, top, L.WIDTH, top + h), fill=bg)
    d.rectangle((0, top, 10, top + h), fill=colour)
    cy = top + h / 2
    # army chip: the army's block colour with the side's rim
    chip = (22, cy - 22, 66, cy + 22)
    d.rounded_rectangle(chip, radius=8, fill=block_fill(str(info.get("blocks", "grey"))),
                        outline=colour, width=4)
    army = str(info.get("army") or side_name(side, lang))
    f_army = font(26, True)
    army_text = fit_text(army, f_army, 300)
    d.text((80, cy - 11), army_text, font=f_army, fill=INK, anchor="lm")
    x_after = 80 + f_army.getlength(army_text) + 12
    badge = None
    if moving:
        badge = (text("picture.to_move", lang), colour, WHITE)
    elif outcome == "won":
        badge = ("★ " + text("picture.winner", lang), WINNER, INK)
    elif outcome == "draw":
        badge = (text("picture.draw", lang), MUTED, WHITE)
    if badge is not None:
        tag, fill, ink = badge
        f_tag = font(17, True)
        tw = f_tag.getlength(tag)
        d.rounded_rectangle((x_after, cy - 24, x_after + tw + 18, cy + 2), radius=12, fill=fill,
                            outline=darker(fill, 0.3) if outcome else None, width=2)
        d.text((x_after + 9 + tw / 2, cy - 11), tag, font=f_tag, fill=ink, anchor="mm")
    sub = [side_name(side, lang)]
    if info.get("hand_size") is not None:
        sub.append(text("picture.hand", lang, n=info["hand_size"]))
    if info.get("command") is not None:
        sub.append(text("picture.command", lang, n=info["command"]))
    d.text((80, cy + 17), " · ".join(sub), font=font(17), fill=darker(colour, 0.2), anchor="lm")
    # banners: black squares won, empty squares still needed
    won = int(info.get("banners") or 0)
    need = int(info.get("banners_to_win") or 0)
    bx = 470
    f_b = font(20, True)
    label = f"{text('picture.banners', lang)} {won}/{need}" if need else \
        f"{text('picture.banners', lang)} {won}"
    d.text((bx, cy - 13), label, font=f_b, fill=INK, anchor="lm")
    sq, gap = 20, 5
    for i in range(min(max(need, won), 12)):
        x = bx + i * (sq + gap)
        box = (x, cy + 4, x + sq, cy + 4 + sq)
        if i < won:
            d.rectangle(box, fill=(16, 16, 16), outline=(16, 16, 16))
        else:
            d.rectangle(box, fill=WHITE, outline=(16, 16, 16), width=2)
    if played:
        _played_card(d, top, played, colour, lang)


def _played_card(d: ImageDraw.ImageDraw, top: int, played: Mapping[str, Any], colour: RGB,
                 lang: str) -> None:
    right = L.WIDTH - 14
    w = 330
    box = (right - w, top + 8, right, top + L.PANEL_H - 8)
    d.rounded_rectangle(box, radius=8, fill=WHITE, outline=colour, width=3)
    d.text((box[0] + 12, top + 22), text("picture.played", lang), font=font(15, True),
           fill=MUTED, anchor="lm")
    name = card_name(played, lang)
    copies = played.get("copies")
    if copies:
        name = f"{name} → {card_name({'key': copies, 'name': str(copies)}, lang)}"
    f = font(19, True)
    d.text((box[0] + 12, top + 47), fit_text(name, f, w - 24), font=f, fill=INK, anchor="lm")


def _info(img: Image.Image, d: ImageDraw.ImageDraw, board: Mapping[str, Any], lang: str) -> None:
    top, h = L.INFO_TOP, L.INFO_H
    cy = top + h / 2
    scen = board.get("scenario") or {}
    title = " ".join(str(x) for x in (scen.get("id"), scen.get("name")) if x)
    year = str(scen.get("year") or "")
    f_title = font(20, True)
    d.text((14, cy - 11), fit_text(title, f_title, 330), font=f_title, fill=INK, anchor="lm")
    sub = []
    if year:
        sub.append(year)
    if board.get("turn") is not None:
        sub.append(text("picture.turn", lang, turn=board["turn"]))
    d.text((14, cy + 14), " · ".join(sub), font=font(17), fill=MUTED, anchor="lm")
    if board.get("deck_size") is not None:
        deck = text("picture.deck", lang, deck=board.get("deck_size", 0),
                    discard=board.get("discard_size", 0))
        d.text((L.WIDTH - 14, cy + 14), deck, font=font(17, True), fill=MUTED, anchor="rm")
    pool = [str(f) for f in board.get("dice_pool") or []][:8]
    reserve = [str(u) for u in board.get("reserve") or []]
    if pool:
        x = L.WIDTH - 14 - 26 * len(pool)
        label = text("picture.dice", lang)
        d.text((x - 6, cy - 12), label, font=font(15, True), fill=INK, anchor="rm")
        for face in pool:
            die = die_face(face, 24)
            img.paste(die, (round(x), round(cy - 24)), die)
            x += 26
    elif reserve:
        label = f"{text('picture.reserve', lang)}: {' '.join(reserve)}"
        d.text((L.WIDTH - 14, cy - 12), label, font=font(16, True), fill=INK, anchor="rm")
    combat = board.get("last_combat") or None
    if not combat:
        return
    x = 370
    kind = text("picture.ranged" if combat.get("kind") == "ranged" else "picture.close", lang)
    head = f"{text('picture.last_combat', lang)}: {kind}"
    d.text((x, cy - 14), head, font=font(16, True), fill=INK, anchor="lm")
    where = f"{combat.get('attacker', '?')} → {combat.get('defender', '?')}"
    f_where = font(19, True)
    d.text((x, cy + 12), where, font=f_where, fill=ALERT, anchor="lm")
    dx = x + f_where.getlength(where) + 12
    for face in list(combat.get("dice") or [])[:10]:
        die = die_face(str(face), 28)
        img.paste(die, (round(dx), round(cy - 2)), die)
        dx += 31
    if combat.get("hits") is not None:
        d.text((dx + 6, cy + 12), text("picture.hits", lang, n=combat["hits"]),
               font=font(17, True), fill=INK, anchor="lm")
