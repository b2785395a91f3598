"""Words drawn on the Ancients pictures, in the reader's language.

Card names and texts, unit and side names come from the title's catalogue
(``games.ancients.texts.TEXTS``: ``card.<key>.name``, ``card.<key>.text``, ``unit.<code>``,
``side.<side>``). The picture's own labels are looked up there first under ``picture.<label>``
and ``terrain.<type>``; the table below is their fallback, so a picture never shows a bare key.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from typing import Any

from games.core import Msg, has_text, render

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "picture.banners": "Banners",
        "picture.turn": "Turn {turn}",
        "picture.to_move": "to move",
        "picture.winner": "winner",
        "picture.draw": "draw",
        "picture.hand": "Hand {n}",
        "picture.command": "Command {n}",
        "picture.played": "Played",
        "picture.last_combat": "Last battle",
        "picture.close": "close combat",
        "picture.ranged": "ranged",
        "picture.hits": "{n} hit(s)",
        "picture.deck": "Deck {deck} · Discard {discard}",
        "picture.dice": "Dice",
        "picture.reserve": "Off the board",
        "picture.your_hand": "{army}: command cards ({n})",
        "picture.no_cards": "No command cards in hand.",
        "picture.ford": "ford",
        "picture.light": "light",
        "picture.medium": "medium",
        "picture.heavy": "heavy",
        "picture.kind.section": "Section",
        "picture.kind.troop": "Troops",
        "picture.kind.leadership": "Leadership",
        "picture.kind.tactic": "Tactic",
        "side.north": "North",
        "side.south": "South",
        "terrain.hill": "hill",
        "terrain.forest": "forest",
        "terrain.river": "river",
        "terrain.ford": "ford",
        "terrain.camp": "camp",
        "terrain.lake": "lake",
        "terrain.steep": "steep hill",
        "terrain.broken": "broken ground",
        "terrain.coast": "coast",
        "terrain.rampart": "rampart",
        "terrain.marsh": "marsh",
        "terrain.bridge": "bridge",
        "terrain.city_walls": "city walls",
        "terrain.fortified_walls": "fortified walls",
    },
    "ru": {
        "picture.banners": "Знамёна",
        "picture.turn": "Ход {turn}",
        "picture.to_move": "ходит",
        "picture.winner": "победа",
        "picture.draw": "ничья",
        "picture.hand": "Карт {n}",
        "picture.command": "Командование {n}",
        "picture.played": "Сыграна",
        "picture.last_combat": "Последний бой",
        "picture.close": "ближний бой",
        "picture.ranged": "стрельба",
        "picture.hits": "попаданий: {n}",
        "picture.deck": "Колода {deck} · Сброс {discard}",
        "picture.dice": "Кубики",
        "picture.reserve": "Вне поля",
        "picture.your_hand": "{army}: карты приказов ({n})",
        "picture.no_cards": "На руке нет карт приказов.",
        "picture.ford": "брод",
        "picture.light": "лёгкие",
        "picture.medium": "средние",
        "picture.heavy": "тяжёлые",
        "picture.kind.section": "Сектор",
        "picture.kind.troop": "Войска",
        "picture.kind.leadership": "Командир",
        "picture.kind.tactic": "Тактика",
        "side.north": "Север",
        "side.south": "Юг",
        "terrain.hill": "холм",
        "terrain.forest": "лес",
        "terrain.river": "река",
        "terrain.ford": "брод",
        "terrain.camp": "лагерь",
        "terrain.lake": "озеро",
        "terrain.steep": "крутой холм",
        "terrain.broken": "пересечённая местность",
        "terrain.coast": "побережье",
        "terrain.rampart": "вал",
        "terrain.marsh": "болото",
        "terrain.bridge": "мост",
        "terrain.city_walls": "городские стены",
        "terrain.fortified_walls": "укреплённые стены",
    },
}


@cache
def _catalog() -> Mapping[str, Mapping[str, str]] | None:
    try:
        module = import_module("games.ancients.texts")
    except ImportError:
        return None
    texts = getattr(module, "TEXTS", None)
    return texts if isinstance(texts, Mapping) else None



def text(key: str, lang: str, fallback: str | None = None, **args: Any) -> str:
    """The catalogue's text for ``key`` in ``lang``; else our label table; else ``fallback``
    (or the key itself)."""
    catalog = _catalog()
    m = Msg(key=key, args={k: (v if isinstance(v, int) else str(v)) for k, v in args.items()})
    if catalog is not None and has_text(key, catalog, lang):
        return render(m, lang, catalog)
    if key in LABELS.get(lang, {}) or key in LABELS["en"]:
        return render(m, lang, LABELS)
    if fallback is not None:
        return fallback.format(**args) if args else fallback
    return key


def card_name(card: Mapping[str, Any], lang: str) -> str:
    return text(f"card.{card.get('key', '')}.name", lang, str(card.get("name") or card.get("key")))


def card_text(card: Mapping[str, Any], lang: str) -> str:
    return text(f"card.{card.get('key', '')}.text", lang, str(card.get("text") or ""))


def side_name(side: str, lang: str) -> str:
    return text(f"side.{side}", lang, side.capitalize())
