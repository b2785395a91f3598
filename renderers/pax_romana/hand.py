"""The picture of a Power's private state in Pax Romana, drawn from ``view.private`` only.

The private dict
----------------
What only the viewing player may see; every key may be missing::

    {
      "power": "rome",                 # the Power this is for (default: the View's role)
      "leaders": [                     # leaders drawn this turn (§8.1), secret until revealed
        {"id": "rome_03", "name": null, "tactics": 2, "campaign": 4,
         "exceptional": false,
         "placed_at": "rome"}          # where the player has written him, or null
      ],
      "plan": {                        # the secret plan being built, or null
        "kind": "manpower",            # maintenance | manpower | leader_placement |
                                       # siege_preparation
        "confirmed": false,            # true once the player has confirmed it
        "cost": 7,                     # Talents the plan spends so far
        "items": [                     # its steps so far, in order
          {"action": "form",           # maintain | disband | form | rebuild | garrison |
                                       # galleys | place | bid (or any word)
           "unit": "LG", "count": 2, "where": "rome", "cost": 4}
        ]
      },
      "objectives": ["Conquer Hispania"],  # Optional Objectives held, as their names
      "cards": {                       # the Advanced Game's event cards (§17), or missing
        "hand": [{"kind": 37, "name": "Tactical Surprise", "name_ru": "..."}],
        "seen": [{"of": "carthage", "cards": [{"kind", "name", "name_ru"}]}   # Spies
                 | {"of": "carthage", "took": {"kind", "name", "name_ru"}}]  # Traitor
      }
    }

A player holding two Powers gets one picture per Power (one View each).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.core import View
from renderers.common import FRAME, INK, MUTED, PANEL, PAPER, RGB, encode_png, fit_text, font
from renderers.pax_romana import layout as L
from renderers.pax_romana.board import leader_label, unit_code
from renderers.pax_romana.labels import power_name, text
from renderers.pax_romana.pieces import ink_on, owner_colour

WIDTH = 1000
HEAD_H = 64
ROW_H = 40
ACTION_WORDS = {
    "en": {"maintain": "maintain", "disband": "disband", "form": "form", "rebuild": "rebuild",
           "garrison": "to garrison", "galleys": "build galleys", "place": "place",
           "bid": "bid"},
    "ru": {"maintain": "содержать", "disband": "распустить", "form": "сформировать",
           "rebuild": "восстановить", "garrison": "в гарнизон", "galleys": "построить галеры",
           "place": "разместить", "bid": "ставка"},
}


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _point_name(sid: Any, lang: str) -> str:
    if not sid:
        return ""
    p = L.map_layout(lang).points.get(str(sid))
    return p.label if p else str(sid)


def render_hand(view: View, lang: str = "en") -> bytes:
    return encode_png(hand_image(view, lang))


def _lines(private: Mapping[str, Any], lang: str) -> list[tuple[str, str, RGB | None]]:
    """(style, words, colour) rows: style is "head", "row" or "note"."""
    rows: list[tuple[str, str, RGB | None]] = []
    leaders = [x for x in private.get("leaders") or [] if isinstance(x, Mapping)]
    rows.append(("head", text("leaders_drawn", lang), None))
    if not leaders:
        rows.append(("note", text("no_leaders", lang), None))
    for leader in leaders:
        where = leader.get("placed_at")
        place = text("placed_at", lang, where=_point_name(where, lang)) if where \
            else text("not_placed", lang)
        star = " ★" if leader.get("exceptional") else ""
        rows.append(("row", f"{leader_label(leader)}{star}  —  {place}", None))
    plan = private.get("plan")
    if isinstance(plan, Mapping):
        kind = str(plan.get("kind") or "")
        state = text("plan_confirmed" if plan.get("confirmed") else "plan_open", lang)
        rows.append(("head", f"{text('plan', lang, kind=text('plan.' + kind, lang))} ({state})",
                     None))
        for item in plan.get("items") or []:
            if not isinstance(item, Mapping):
                continue
            action = str(item.get("action") or "")
            words = ACTION_WORDS.get(lang, ACTION_WORDS["en"]).get(action, action)
            unit = item.get("unit")
            count = item.get("count")
            parts = [words]
            if unit:
                parts.append(f"{_int(count, 1)} {unit_code(str(unit), lang)}")
            elif count is not None:
                parts.append(str(_int(count)))
            if item.get("where"):
                parts.append(f"@ {_point_name(item.get('where'), lang)}")
            if item.get("cost") is not None:
                parts.append(f"({_int(item.get('cost'))} T)")
            rows.append(("row", " ".join(parts), None))
        if plan.get("cost") is not None:
            rows.append(("note", text("plan_cost", lang, n=_int(plan.get("cost"))), None))
    else:
        rows.append(("head", text("plan", lang, kind="—"), None))
        rows.append(("note", text("no_plan", lang), None))
    objectives = [str(o) for o in private.get("objectives") or [] if o]
    if objectives:
        rows.append(("head", text("objectives", lang), None))
        rows += [("row", o, None) for o in objectives]
    cards = private.get("cards")
    if isinstance(cards, Mapping):
        rows += _card_rows(cards, lang)
    return rows


CARD_WORDS = {
    "en": {"hand": "Event cards in hand ({n} of 3)", "none": "No cards",
           "seen": "Seen in the hand of {who}", "took": "Taken from {who}"},
    "ru": {"hand": "Карты событий на руке ({n} из 3)", "none": "Карт нет",
           "seen": "Карты на руке: {who}", "took": "Взята у: {who}"},
}


def _card_name(card: Any, lang: str) -> str:
    if not isinstance(card, Mapping):
        return str(card)
    name = card.get("name_ru") if lang == "ru" else None
    return str(name or card.get("name") or card.get("kind") or "")


def _card_rows(cards: Mapping[str, Any], lang: str) -> list[tuple[str, str, RGB | None]]:
    """The hand of event cards, and what Spies and Traitor showed (§17.2)."""
    words = CARD_WORDS.get(lang, CARD_WORDS["en"])
    hand = [c for c in cards.get("hand") or []]
    rows: list[tuple[str, str, RGB | None]] = [("head", words["hand"].format(n=len(hand)),
                                                None)]
    if not hand:
        rows.append(("note", words["none"], None))
    rows += [("row", _card_name(c, lang), None) for c in hand]
    for item in cards.get("seen") or []:
        if not isinstance(item, Mapping):
            continue
        who = power_name(item.get("of"), lang)
        if "took" in item:
            rows.append(("note", f"{words['took'].format(who=who)}: "
                                 f"{_card_name(item['took'], lang)}", None))
        else:
            shown = ", ".join(_card_name(c, lang) for c in item.get("cards") or [])
            rows.append(("note", f"{words['seen'].format(who=who)}: {shown or words['none']}",
                         None))
    return rows


def hand_size(view: View) -> tuple[int, int]:
    private = view.private if isinstance(view.private, Mapping) else {}
    if not private:
        return WIDTH, HEAD_H + 80
    return WIDTH, HEAD_H + 24 + len(_lines(private, "en")) * ROW_H + 16


def hand_image(view: View, lang: str = "en") -> Image.Image:
    private = view.private if isinstance(view.private, Mapping) else {}
    img = Image.new("RGB", hand_size(view), PAPER)
    d = ImageDraw.Draw(img)
    power = str(private.get("power") or view.role or "")
    colour = owner_colour(power) if power else FRAME
    d.rectangle((0, 0, WIDTH, HEAD_H), fill=colour)
    who = power_name(power, lang) if power else "—"
    d.text((20, HEAD_H / 2), text("hand_title", lang, who=who), font=font(28, True),
           fill=ink_on(colour), anchor="lm")
    if not private:
        d.text((20, HEAD_H + 40), text("no_hand", lang), font=font(22), fill=MUTED, anchor="lm")
        return img
    y = HEAD_H + 24
    for style, words, _ in _lines(private, lang):
        if style == "head":
            d.rectangle((12, y + 4, WIDTH - 12, y + ROW_H - 4), fill=PANEL)
            d.text((22, y + ROW_H / 2), fit_text(words, font(22, True), WIDTH - 50),
                   font=font(22, True), fill=INK, anchor="lm")
        elif style == "note":
            d.text((36, y + ROW_H / 2), fit_text(words, font(21), WIDTH - 60), font=font(21),
                   fill=MUTED, anchor="lm")
        else:
            d.ellipse((30, y + ROW_H / 2 - 5, 40, y + ROW_H / 2 + 5), fill=colour)
            d.text((52, y + ROW_H / 2), fit_text(words, font(22), WIDTH - 70), font=font(22),
                   fill=INK, anchor="lm")
        y += ROW_H
    return img
