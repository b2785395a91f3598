"""Words drawn on the Hannibal pictures, in the reader's language ("en" or "ru").

The picture's own labels come from the title's text catalogue when it has them
(``games.hannibal.texts.TEXTS``, keys ``picture.<label>``), else from the tables below, so a
picture never shows a bare key. Names of spaces, provinces, generals and cards, and the cards'
texts, are static facts of the game: they are read from the game data (``games.hannibal.data``)
when it loads, else from the board dict itself (``name``, ``name_ru``), else made from the id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

from games.core import Msg, has_text, render
from renderers.common import engine_texts

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "picture.title": "Hannibal: Rome vs Carthage",
        "picture.turn_track": "Turn",
        "picture.turn_year": "Turn {n} · {year}",
        "picture.to_act": "to act: {who}",
        "picture.game_over": "Game over",
        "picture.winner": "Winner: {who}",
        "picture.first": "first player",
        "picture.pc": "PCs",
        "picture.political": "Political points",
        "picture.provinces": "Provinces",
        "picture.cards": "Cards",
        "picture.battle_cards": "Battle cards",
        "picture.deck": "Deck: {n} cards",
        "picture.discard_n": "Discard pile: {n}",
        "picture.discard": "Top: {card}",
        "picture.no_discard": "Discard: —",
        "picture.played_as": "{card} (as {kind})",
        "phase.setup": "Setup",
        "phase.reinforcements": "Reinforcements",
        "phase.strategy": "Strategy",
        "phase.winter": "Winter attrition",
        "phase.isolation": "Political isolation",
        "phase.assessment": "Political assessment",
        "marker.truce": "Truce",
        "marker.campaign_first": "Rome opens with a Campaign card",
        "marker.naval_victory": "Carthaginian Naval Victory",
        "marker.syracuse_allied": "Syracuse allied with Carthage",
        "marker.philip_allied": "Philip V allied with Carthage",
        "marker.counsel:hanno": "Hanno Counsels Carthage",
        "marker.counsel:cato": "Cato Counsels Rome",
        "picture.cu": "{n} CU",
        "picture.elephants": "{n} el.",
        "picture.siege_points": "siege points",
        "picture.legend_move": "last move",
        "picture.battle_at": "Battle at {space}",
        "picture.round": "round {n}",
        "picture.attacker": "Attacker",
        "picture.defender": "Defender",
        "picture.no_cards_played": "no battle card played yet",
        "picture.battle_won": "{who} wins the battle",
        "picture.last_move": "Last move",
        "picture.moving": "{who} moving, {mp} MP left",
        "picture.highlight": "Can be chosen",
        "picture.zoom_battle": "Battle",
        "picture.largest_army": "Largest army",
        "picture.legend": "Key",
        "picture.walled_city": "walled city",
        "picture.tribe": "tribe",
        "picture.pc_space": "space (PC)",
        "picture.port": "port",
        "picture.line": "road",
        "picture.pass": "mountain pass",
        "picture.alps": "Alps pass",
        "picture.strait": "strait",
        "picture.your_hand": "{side}: strategy cards ({n})",
        "picture.your_battle_hand": "Battle cards ({n})",
        "picture.no_cards": "No strategy cards in hand.",
        "picture.no_hand": "This view holds no hand: hands are shown only to their owner.",
        "picture.event_by": "Event: {who}",
        "picture.both": "both sides",
        "picture.response": "Response",
        "picture.unique": "removed after the event",
        "picture.card_no": "#{no}",
        "side.rome": "Rome",
        "side.carthage": "Carthage",
        "battle.frontal_assault": "Frontal Assault",
        "battle.flank_left": "Flank Left",
        "battle.flank_right": "Flank Right",
        "battle.probe": "Probe",
        "battle.double_envelopment": "Double Envelopment",
        "battle.reserve": "Reserve",
    },
    "ru": {
        "picture.title": "Ганнибал: Рим против Карфагена",
        "picture.turn_track": "Ход",
        "picture.turn_year": "Ход {n} · {year}",
        "picture.to_act": "ходит: {who}",
        "picture.game_over": "Игра окончена",
        "picture.winner": "Победа: {who}",
        "picture.first": "первый игрок",
        "picture.pc": "ПК",
        "picture.political": "Политические очки",
        "picture.provinces": "Провинции",
        "picture.cards": "Карты",
        "picture.battle_cards": "Карты тактики",
        "picture.deck": "Колода: {n} карт",
        "picture.discard_n": "Сброс: {n}",
        "picture.discard": "сверху: {card}",
        "picture.no_discard": "Сброс: —",
        "picture.played_as": "{card} (как {kind})",
        "phase.setup": "Расстановка",
        "phase.reinforcements": "Подкрепления",
        "phase.strategy": "Стратегия",
        "phase.winter": "Зимнее изнурение",
        "phase.isolation": "Политическая изоляция",
        "phase.assessment": "Политическая оценка",
        "marker.truce": "Перемирие",
        "marker.campaign_first": "Рим начинает с карты кампании",
        "marker.naval_victory": "Морская победа Карфагена",
        "marker.syracuse_allied": "Сиракузы в союзе с Карфагеном",
        "marker.philip_allied": "Филипп V в союзе с Карфагеном",
        "marker.counsel:hanno": "Ганнон даёт советы",
        "marker.counsel:cato": "Катон даёт советы",
        "picture.cu": "{n} ВЧ",
        "picture.elephants": "{n} сл.",
        "picture.siege_points": "очки штурма",
        "picture.legend_move": "последний ход",
        "picture.battle_at": "Битва: {space}",
        "picture.round": "раунд {n}",
        "picture.attacker": "Нападает",
        "picture.defender": "Защищается",
        "picture.no_cards_played": "карт тактики ещё не сыграно",
        "picture.battle_won": "Битву выиграл {who}",
        "picture.last_move": "Последний ход",
        "picture.moving": "{who} в пути, осталось {mp} ОД",
        "picture.highlight": "Можно выбрать",
        "picture.zoom_battle": "Битва",
        "picture.largest_army": "Крупнейшая армия",
        "picture.legend": "Обозначения",
        "picture.walled_city": "крепость",
        "picture.tribe": "племя",
        "picture.pc_space": "область (ПК)",
        "picture.port": "порт",
        "picture.line": "дорога",
        "picture.pass": "горный перевал",
        "picture.alps": "альпийский перевал",
        "picture.strait": "пролив",
        "picture.your_hand": "{side}: карты стратегии ({n})",
        "picture.your_battle_hand": "Карты тактики ({n})",
        "picture.no_cards": "На руке нет карт стратегии.",
        "picture.no_hand": "Здесь нет руки: карты видит только их владелец.",
        "picture.event_by": "Событие: {who}",
        "picture.both": "обе стороны",
        "picture.response": "Переломное",
        "picture.unique": "убирается после события",
        "picture.card_no": "№{no}",
        "side.rome": "Рим",
        "side.carthage": "Карфаген",
        "battle.frontal_assault": "Лобовая атака",
        "battle.flank_left": "Атака левым флангом",
        "battle.flank_right": "Атака правым флангом",
        "battle.probe": "Разведка боем",
        "battle.double_envelopment": "Двойные клещи",
        "battle.reserve": "Резерв",
    },
}


def _lang(lang: str) -> str:
    return "ru" if lang == "ru" else "en"




def text(key: str, lang: str, fallback: str | None = None, **args: Any) -> str:
    """The catalogue's text for ``key`` in ``lang``; else our table; else ``fallback`` (or the
    key itself)."""
    lang = _lang(lang)
    m = Msg(key=key, args={k: (v if isinstance(v, int) else str(v)) for k, v in args.items()})
    catalog = engine_texts("games.hannibal.texts")
    if catalog is not None and has_text(key, catalog, lang):
        return render(m, lang, catalog)
    if has_text(key, LABELS, lang):
        return render(m, lang, LABELS)
    if fallback is not None:
        return fallback.format(**args) if args else fallback
    return key


# -- static facts from the game data -----------------------------------------------------------

@cache
def _data() -> Any:
    """The game-data module, or None when it cannot be loaded (the pictures still work)."""
    try:
        module = import_module("games.hannibal.data")
        module.hmap()
    except Exception:  # noqa: BLE001 - missing or broken data files
        return None
    return module


def data_space(sid: str) -> Any:
    data = _data()
    return data.hmap().spaces.get(sid) if data is not None else None


def data_province(pid: str) -> Any:
    data = _data()
    return data.hmap().provinces.get(pid) if data is not None else None


def _titled(ident: str) -> str:
    return ident.replace("_", " ").strip().title() or "?"


def _pick(item: Any, lang: str, en: str = "name", ru: str = "name_ru") -> str | None:
    if item is None:
        return None
    get = item.get if isinstance(item, Mapping) else lambda k: getattr(item, k, None)
    value = get(ru) if _lang(lang) == "ru" else None
    return str(value or get(en) or "") or None


def space_name(space: Mapping[str, Any], lang: str) -> str:
    sid = str(space.get("id", ""))
    return _pick(data_space(sid), lang) or _pick(space, lang) or _titled(sid)


def province_name(province: Mapping[str, Any], lang: str) -> str:
    pid = str(province.get("id", ""))
    return _pick(data_province(pid), lang) or _pick(province, lang) or _titled(pid)


def side_name(role: Any, lang: str) -> str:
    if not role:
        return "—"
    return text(f"side.{role}", lang, _titled(str(role)))


def general_name(key: Any, lang: str) -> str:
    """A general's name as printed on his counter (short), or in Russian."""
    data = _data()
    g = None
    if data is not None:
        try:
            g = data.generals().get(str(key))
        except Exception:  # noqa: BLE001
            g = None
    if g is not None:
        if _lang(lang) == "ru" and getattr(g, "name_ru", None):
            return short_name(str(g.name_ru))
        return short_name(str(getattr(g, "name_printed", None) or g.name))
    return short_name(_titled(str(key)))


def short_name(name: str) -> str:
    """A counter-sized name: three words or more keep only the initials of all but the last
    ("Публий Корнелий Сципион" -> "П. К. Сципион")."""
    words = name.split()
    if len(words) < 3:
        return name
    return " ".join(w[0] + "." if not w.endswith(".") else w for w in words[:-1]) + " " + words[-1]


@dataclass(frozen=True)
class CardInfo:
    key: str
    no: int | None
    name: str
    ops: int | None
    playable_by: str | None         # "rome" | "carthage" | "either"
    response: bool
    unique: bool
    text: str


def card_info(key: Any, lang: str) -> CardInfo:
    """What the picture shows of a strategy card: by number or key, from the game data."""
    data = _data()
    c = None
    if data is not None and key is not None:
        try:
            c = data.strategy_card(key)
        except Exception:  # noqa: BLE001 - an unknown card still gets a tile
            c = None
    if c is None:
        return CardInfo(str(key), key if isinstance(key, int) else None, _titled(str(key)),
                        None, None, False, False, "")
    ru = _lang(lang) == "ru"
    name = (getattr(c, "name_ru", None) if ru else None) or c.name
    body = (getattr(c, "summary_ru", None) or getattr(c, "text_ru", None) if ru else None) \
        or getattr(c, "summary", "") or ""
    return CardInfo(str(c.key), int(c.no), str(name), int(c.ops), str(c.playable_by),
                    bool(c.response), bool(getattr(c, "unique", False)), str(body))


def card_name(key: Any, lang: str) -> str:
    return card_info(key, lang).name


def battle_card_name(key: Any, lang: str) -> str:
    """A battle card's name (its key, or its English name, as the View gives it)."""
    raw = str(key)
    ident = raw.lower().replace(" ", "_").replace("-", "_").replace("'", "")
    catalog = engine_texts("games.hannibal.texts")
    if catalog is not None and has_text(f"bc.{ident}", catalog, _lang(lang)):
        return text(f"bc.{ident}", lang)
    data = _data()
    if data is not None:
        try:
            for c in data.battle_deck().cards:
                if ident in (c.key, c.name.lower().replace(" ", "_")):
                    return str(c.name_ru if _lang(lang) == "ru" else c.name)
        except Exception:  # noqa: BLE001
            pass
    return text(f"battle.{ident}", lang, raw.replace("_", " ").title())


def turn_years(turn: int) -> str | None:
    """The years of a turn as printed on the turn track (e.g. "218 BC")."""
    data = _data()
    if data is None:
        return None
    try:
        return str(data.tables().turn(turn).years)
    except Exception:  # noqa: BLE001
        return None


def years_in(years: str, lang: str) -> str:
    """"215-214 BC" in the reader's language."""
    years = years.replace("-", "–")
    if _lang(lang) == "ru":
        years = years.replace("B.C.", "до н. э.").replace("BC", "до н. э.")
    return years
