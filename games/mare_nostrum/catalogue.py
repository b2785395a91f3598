"""Mare Nostrum's Heroes and Wonders (and the Pyramids) as a player looks them up.

Names and the English abilities come from the game data; the Russian abilities are written here,
in our own words, after the same rules (§7, §10, §11 and the sidebars).
"""

from __future__ import annotations

import re
from functools import cache

from games.core.catalogue import CardEntry, entry_id
from games.mare_nostrum.data import Card, cards
from games.mare_nostrum.texts import TEXTS

TITLE = "mare_nostrum"
LANGS = ("en", "ru")
TRACKS = ("trade", "culture", "military")

_KIND_NAMES: dict[str, dict[str, str]] = {
    "en": {"starting_hero": "Starting Hero", "hero": "Hero", "wonder": "Wonder",
           "pyramids": "Wonder · the Pyramids"},
    "ru": {"starting_hero": "Стартовый Герой", "hero": "Герой", "wonder": "Чудо",
           "pyramids": "Чудо · Пирамиды"},
}
_LINES: dict[str, dict[str, str]] = {
    "en": {"starting": "Starting Hero of {empire}: not bought, it counts as the first Hero or "
                       "Wonder.",
           "cost": "Cost: 7, 8, 9 or 10 Resources as your 2nd, 3rd, 4th or 5th Hero or Wonder.",
           "influence": "Influence: {tracks}."},
    "ru": {"starting": "Стартовый Герой империи {empire}: не покупается и считается первым "
                       "Героем или Чудом.",
           "cost": "Цена: 7, 8, 9 или 10 Ресурсов — как ваш 2-й, 3-й, 4-й или 5-й Герой "
                   "или Чудо.",
           "influence": "Влияние: {tracks}."},
}

_ABILITY_RU: dict[str, str] = {
    "caesar": "Пока вы Активный игрок, каждый кубик ваших Легионов получает +1.",
    "pericles": "Пока вы не Активный игрок, каждый кубик ваших Легионов получает +2.",
    "hammurabi": "Раз в ход стройте одну Фишку Контроля бесплатно (по обычным правилам "
                 "размещения).",
    "cleopatra": "В каждом наборе Товаров можно заменить 1 Товар Монетой и/или в каждом "
                 "наборе Монет — 1 Монету Товаром.",
    "hannibal": "В каждом наборе Товаров один вид Товара может встретиться дважды (например, "
                "Металл, Металл, Древесина).",
    "castor_pollux": "При найме выберите одного Героя противника и пользуйтесь его свойством до "
                     "конца игры. Нельзя выбрать стартового Героя, Чудо или Персея; влияние "
                     "Героя не копируется.",
    "hercules": "Свойства нет; даёт только влияние на лидерство.",
    "circe": "В фазе Передвижения и Боёв ваши Легионы могут стоять на пустых местах для "
             "Караванов; в следующий Сбор каждый приносит Товар этого места, но Караваном "
             "для лидерства не считается.",
    "nebuchadnezzar": "+5 к вашей сумме, когда ваши войска бьются в Провинции, которую вы "
                      "контролируете.",
    "gilgamesh": "Раз в ход стройте Крепость за 1 Монету или 1 Камень.",
    "penthesilea": "Раз в ход за каждую вашу Провинцию, занятую Легионами противника, стройте "
                   "бесплатно 1 Легион в Провинции своей Столицы.",
    "hamilcar": "Двойная добыча при разрушении: 2 Монеты за Город, 2 Товара за Караван, 1 "
                "Монета и 1 редкий Товар за Легендарный город.",
    "perseus": "Можно объявить постройку Пирамид или 5-го Героя/Чуда первым, вне очереди "
               "Лидера в Культуре, и сразу победить. Кастор и Поллукс его не копируют.",
    "queen_of_sheba": "Раз в ход, в ход захвата Фишки Контроля противника, сразу замените её "
                      "своей, пожертвовав захватившим Легионом.",
    "ramses_ii": "В каждом сухопутном бою с вашим участием бросайте один лишний кубик.",
    "antigone": "Когда объявлено число обмена, вы сами решаете, сколько Ресурсов (0–5) "
                "выставить.",
    "spartacus": "Раз в ход стройте Легион за 1 Монету или 1 Гладиатора.",
    "colossus": "В конце фазы Сбора возьмите 1 лишний обычный Ресурс на выбор и покажите "
                "его всем.",
    "hanging_gardens": "В конце фазы Строительства сохраните, кроме 2 Монет, ещё до 2 разных "
                       "неистраченных Ресурсов; покажите их.",
    "lighthouse": "Раз в ход стройте Триеру за 1 Монету или 1 Древесину.",
    "statue_of_zeus": "В начале фазы Передвижения и Боёв объявите мир одному противнику (не "
                      "тому же два хода подряд): его Легионы в ваших Провинциях уходят в его "
                      "Столицу, ваши в его — в вашу; в этот ход вы не бьётесь и не входите в "
                      "Провинции друг друга.",
    "temple_of_artemis": "+1 Монета в каждую фазу Сбора.",
    "pyramids": "Стоят 12 Ресурсов; кто их построит, сразу побеждает. Всегда открыты и не "
                "входят в 17 карт.",
}


def entries(lang: str) -> list[CardEntry]:
    """The five starting Heroes, the Heroes and Wonders for sale, and the Pyramids."""
    return list(_entries(lang if lang in LANGS else "en"))


def _without_notes(ability: str) -> str:
    """The ability without the data's notes on the printed card ("(Card header misprinted …)")."""
    return re.sub(r"\s*\(Card [^)]*\)", "", ability).strip()


def _influence(card: Card, lang: str) -> str | None:
    texts = TEXTS[lang]
    shown = [f"{texts[f'track.{t}']} +{card.influence.of(t)}" for t in TRACKS
             if card.influence.of(t)]
    return _LINES[lang]["influence"].format(tracks=", ".join(shown)) if shown else None


@cache
def _entries(lang: str) -> tuple[CardEntry, ...]:
    ru = lang == "ru"
    lines = _LINES[lang]
    out: list[CardEntry] = []
    for card in cards().values():
        body = [_ABILITY_RU[card.id] if ru else _without_notes(card.ability)]
        if card.kind == "starting_hero" and card.empire:
            body.append(lines["starting"].format(
                empire=TEXTS[lang].get(f"empire.{card.empire}", card.empire)))
        elif card.kind != "pyramids":
            body.append(lines["cost"])
        influence = _influence(card, lang)
        if influence:
            body.append(influence)
        out.append(CardEntry(id=entry_id(TITLE, card.kind, card.id), title=TITLE, kind=card.kind,
                             kind_name=_KIND_NAMES[lang][card.kind],
                             name=card.name_ru if ru else card.name, text="\n".join(body)))
    return tuple(out)
