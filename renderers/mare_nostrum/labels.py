"""Words drawn on the Mare Nostrum pictures, in the reader's language.

Names of Empires, Provinces, Seas, Goods and cards and the game's terms come from the title's
catalogue (``games.mare_nostrum.texts.TEXTS``: ``empire.<id>``, ``prov.<id>``, ``sea.<id>``,
``good.<id>``, ``card.<id>``, ``track.<t>``, ``phase.<p>``, ``city.<type>``, ``item.<kind>``).
The picture's own labels are looked up there first under ``picture.<label>``; the table below is
their fallback, so a picture never shows a bare key. Without the catalogue the names in the board
dict (``name``, ``name_ru``) are used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Msg, has_text, render
from renderers.common import engine_texts

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "picture.title": "Mare Nostrum",
        "picture.turn": "Turn {n}",
        "picture.builds": "{who} builds",
        "picture.moves": "{who} moves",
        "picture.waiting": "Waiting for {who}",
        "picture.game_over": "Game over",
        "picture.winners": "Winner: {who}",
        "picture.leaders": "Leadership",
        "picture.leader": "Leader",
        "picture.no_leader": "no Leader",
        "picture.empire": "Empire",
        "picture.resources": "Resources",
        "picture.great_cities": "Great cities",
        "picture.cards": "Heroes & Wonders",
        "picture.pieces_left": "In reserve",
        "picture.shown": "shown",
        "picture.trade": "Trade",
        "picture.token": "Token {token}: offer {n}",
        "picture.no_token": "No token played yet",
        "picture.first": "first: {who}",
        "picture.taker": "takes now",
        "picture.choosing": "choosing in secret…",
        "picture.ready": "offer ready (secret)",
        "picture.not_trading": "does not trade",
        "picture.took": "took {n}",
        "picture.gift": "{who} → {to}: balancing gift",
        "picture.tokens": "Trade tokens",
        "picture.tokens_played": "played",
        "picture.last_battle": "Last battle",
        "picture.no_battle": "No battle yet",
        "picture.land_battle": "Land battle",
        "picture.sea_battle": "Naval battle",
        "picture.attacker": "attacker",
        "picture.defender": "defender",
        "picture.total": "= {n}",
        "picture.hits": "{n} hit(s)",
        "picture.lost": "lost {n}",
        "picture.on_offer": "Heroes & Wonders on offer",
        "picture.face_down": "+{n} face down",
        "picture.pyramids_by": "Pyramids: {who}",
        "picture.peace": "Peace: {a} – {b}",
        "picture.empty_slot": "empty slot",
        "picture.occupied": "occupied by",
        "picture.at_war": "at war",
        "picture.highlight": "can be chosen",
        "picture.title_mark": "Leader title",
        "picture.goods": "Goods",
        "picture.your_resources": "{empire}: your Resources ({n})",
        "picture.your_hand": "Your Resources ({n})",
        "picture.rare": "Rare",
        "picture.rare_goods": "Rare Goods",
        "picture.your_offer": "Your secret offer ({n})",
        "picture.no_resources": "No Resources behind your screen.",
        "picture.no_hand": "Spectators have no Resources.",
        "picture.empty_offer": "Nothing offered yet.",
        "picture.coins": "Coins",
        "picture.abbr.coin": "¢",
        "picture.abbr.pottery": "Po",
        "picture.abbr.gems": "Ge",
        "picture.abbr.papyrus": "Pa",
        "picture.abbr.metal": "Me",
        "picture.abbr.spices": "Sp",
        "picture.abbr.stone": "St",
        "picture.abbr.wood": "Wo",
        "picture.abbr.gold": "Go",
        "picture.abbr.grain": "Gr",
        "picture.abbr.oil": "Oi",
        "picture.abbr.sheep": "Sh",
        "picture.abbr.wine": "Wi",
        "picture.abbr.gladiator": "Gl",
    },
    "ru": {
        "picture.title": "Наше море",
        "picture.turn": "Ход {n}",
        "picture.builds": "Строит {who}",
        "picture.moves": "Ходит {who}",
        "picture.waiting": "Ждём: {who}",
        "picture.game_over": "Игра окончена",
        "picture.winners": "Победа: {who}",
        "picture.leaders": "Лидерство",
        "picture.leader": "Лидер",
        "picture.no_leader": "нет Лидера",
        "picture.empire": "Империя",
        "picture.resources": "Ресурсы",
        "picture.great_cities": "Великие города",
        "picture.cards": "Герои и Чудеса",
        "picture.pieces_left": "В запасе",
        "picture.shown": "открыто",
        "picture.trade": "Торговля",
        "picture.token": "Фишка {token}: выложить {n}",
        "picture.no_token": "Фишка ещё не сыграна",
        "picture.first": "первым: {who}",
        "picture.taker": "берёт сейчас",
        "picture.choosing": "тайно выбирает…",
        "picture.ready": "выложил (тайно)",
        "picture.not_trading": "не торгует",
        "picture.took": "взял {n}",
        "picture.gift": "{who} → {to}: уравнивание",
        "picture.tokens": "Фишки Обмена",
        "picture.tokens_played": "сыграны",
        "picture.last_battle": "Последний бой",
        "picture.no_battle": "Боёв ещё не было",
        "picture.land_battle": "Наземный бой",
        "picture.sea_battle": "Морской бой",
        "picture.attacker": "нападает",
        "picture.defender": "защищается",
        "picture.total": "= {n}",
        "picture.hits": "попаданий: {n}",
        "picture.lost": "потери: {n}",
        "picture.on_offer": "Доступные Герои и Чудеса",
        "picture.face_down": "+{n} закрыто",
        "picture.pyramids_by": "Пирамиды: {who}",
        "picture.peace": "Мир: {a} – {b}",
        "picture.empty_slot": "пустое поле",
        "picture.occupied": "оккупировано",
        "picture.at_war": "в войне",
        "picture.highlight": "можно выбрать",
        "picture.title_mark": "звание Лидера",
        "picture.goods": "Товары",
        "picture.your_resources": "{empire}: ваши Ресурсы ({n})",
        "picture.your_hand": "Ваши Ресурсы ({n})",
        "picture.rare": "Редкий",
        "picture.rare_goods": "Редкие Товары",
        "picture.your_offer": "Ваш тайный обмен ({n})",
        "picture.no_resources": "За ширмой нет Ресурсов.",
        "picture.no_hand": "У зрителей нет Ресурсов.",
        "picture.empty_offer": "Пока ничего не выложено.",
        "picture.coins": "Монеты",
        "picture.abbr.coin": "¢",
        "picture.abbr.pottery": "Ке",
        "picture.abbr.gems": "Са",
        "picture.abbr.papyrus": "Па",
        "picture.abbr.metal": "Ме",
        "picture.abbr.spices": "Сп",
        "picture.abbr.stone": "Ка",
        "picture.abbr.wood": "Др",
        "picture.abbr.gold": "Зо",
        "picture.abbr.grain": "Зе",
        "picture.abbr.oil": "Ма",
        "picture.abbr.sheep": "Ов",
        "picture.abbr.wine": "Ви",
        "picture.abbr.gladiator": "Гл",
    },
}

# Terms the catalogue may not carry; used only when it has no entry of its own.
TERMS: dict[str, dict[str, str]] = {
    "en": {"track.trade": "Trade", "track.culture": "Culture", "track.military": "Military",
           "city.ordinary": "City", "city.capital": "Capital", "city.legendary": "Legendary City",
           "item.caravan": "Caravan", "item.market": "Market", "item.temple": "Temple",
           "item.legion": "Legion", "item.trireme": "Trireme", "item.fortress": "Fortress",
           "item.control": "Control Marker", "good.coin": "Coin", "res.coin": "Coin"},
    "ru": {"track.trade": "Торговля", "track.culture": "Культура",
           "track.military": "Военное дело", "city.ordinary": "Город", "city.capital": "Столица",
           "city.legendary": "Выдающийся Город", "item.caravan": "Караван",
           "item.market": "Рынок", "item.temple": "Храм", "item.legion": "Легион",
           "item.trireme": "Триера", "item.fortress": "Крепость",
           "item.control": "Фишка Контроля", "good.coin": "Монета", "res.coin": "Монета"},
}




def text(key: str, lang: str, fallback: str | None = None, **args: Any) -> str:
    """The catalogue's text for ``key`` in ``lang``; else our tables; else ``fallback`` (or the
    key itself). ``@key`` arguments are looked up the same way by the catalogue."""
    m = Msg(key=key, args={k: (v if isinstance(v, int) else str(v)) for k, v in args.items()})
    catalog = engine_texts("games.mare_nostrum.texts")
    if catalog is not None and has_text(key, catalog, lang):
        return render(m, lang, catalog)
    for table in (LABELS, TERMS):
        if has_text(key, table, lang):
            return render(m, lang, table)
    if fallback is not None:
        return fallback.format(**args) if args else fallback
    return key


def _named(prefix: str, ident: str, item: Mapping[str, Any] | None, lang: str) -> str:
    fallback = ident.replace("_", " ").title()
    if item:
        fallback = str(item.get("name_ru") if lang == "ru" and item.get("name_ru")
                       else item.get("name") or fallback)
    return text(f"{prefix}.{ident}", lang, fallback)


def empire_name(role: str | None, lang: str, empires: Mapping[str, Any] | None = None) -> str:
    if not role:
        return "—"
    return _named("empire", role, (empires or {}).get(role), lang)


def province_name(p: Mapping[str, Any], lang: str) -> str:
    return _named("prov", str(p.get("id", "")), p, lang)


def sea_name(s: Mapping[str, Any], lang: str) -> str:
    return _named("sea", str(s.get("id", "")), s, lang)


def good_name(good: str, lang: str) -> str:
    rare = good.endswith("*")
    base = good.rstrip("*")
    name = text(f"good.{base}", lang, base.replace("_", " ").capitalize())
    return f"{name}*" if rare else name


def good_abbr(good: str, lang: str) -> str:
    """A one- or two-letter mark of a Good on its token (the legend names them)."""
    base = good.rstrip("*")
    key = f"picture.abbr.{base}"
    if has_text(key, LABELS, lang):
        return text(key, lang)
    return good_name(base, lang)[:2].capitalize()


def card_name(card: str, lang: str) -> str:
    return text(f"card.{card}", lang, card.replace("_", " ").title())


def phase_name(phase: str, lang: str) -> str:
    return text(f"phase.{phase}", lang, phase.capitalize())


def track_name(track: str, lang: str) -> str:
    return text(f"track.{track}", lang, track.capitalize())
