"""The Advanced Game's deck (§17.1): 55 cards of 39 kinds shuffled with the game's generator,
drawn one at a time (an empty deck takes the discard pile back, reshuffled), the discard pile,
the "Use Once and Remove" cards (§3.2 H: the three Galley Techs and Pontus) and the hands.

The cards' names for players are the texts ``card.<kind>``: the English title, and the Russian
rulebook's title."""

from __future__ import annotations

from functools import cache

from games.core import msg
from games.pax_romana.control import data
from games.pax_romana.state import PRState
from games.pax_romana.texts import extend

HAND_LIMIT = 3          # Hold in Hand cards a Power may keep (§17.1.4)
CARRY_OVER = 1          # cards a Power may keep into the next Game Turn (§17.1.4)

RU_TITLES = {
    1: "Альянс", 2: "Альянс с Родосом", 3: "Альянс с Пергамом", 4: "Засада",
    5: "Эффект Архимеда", 6: "Нашествие варваров", 7: "Обильные урожаи",
    8: "Изменения на политической арене", 9: "Изменения во внешней политике",
    10: "Завоеватель", 11: "Заговор", 12: "Кунктатор", 13: "Бог из машины",
    14: "День гнева", 15: "Внутренняя дипломатическая миссия",
    16: "Болезнь – только лучшие умирают первыми", 17: "Голод и засуха",
    18: "Улучшение галер – артиллерийские приспособления",
    19: "Улучшение галер – абордажный ворон", 20: "Улучшение галер – абордажный гарпаг",
    21: "Свободная экспансия", 22: "Местный мятеж", 23: "Наёмники", 24: "Морская засада",
    25: "Пираты", 26: "Эффект Полиоркета", 27: "Понт", 28: "Формирование ополчения",
    29: "Восстание", 30: "Доход и стабильность", 31: "Восстание рабов",
    32: "Солдаты Удачи", 33: "Шпионы", 34: "Стабильность и возможность",
    35: "Проверка стабильности", 36: "Войны диадохов продолжаются",
    37: "Тактическая внезапность", 38: "Предатель", 39: "Возвращение племени",
}


def _english(title: str) -> str:
    """"Archimedes Effect, The" -> "The Archimedes Effect"."""
    if title.endswith(", The"):
        return "The " + title[:-5]
    return title


def _card_texts() -> dict[str, dict[str, str]]:
    en = {f"card.{c.id}": _english(c.title) for c in data().event_cards.cards}
    ru = {f"card.{c.id}": RU_TITLES.get(c.id, _english(c.title))
          for c in data().event_cards.cards}
    return {"en": en, "ru": ru}


@cache
def kinds() -> dict[int, tuple[int, bool, bool]]:
    """Each kind: (copies, Play When Drawn, removed once played)."""
    return {c.id: (c.count, c.type == "play_when_drawn", c.remove_after_play)
            for c in data().event_cards.cards}


def copies(kind: int) -> int:
    return kinds()[kind][0]


def when_drawn(kind: int) -> bool:
    return kinds()[kind][1]


def removed_after_play(kind: int) -> bool:
    return kinds()[kind][2]


def card_arg(kind: int) -> str:
    """A message argument naming the card as the players read it."""
    return f"@card.{kind}"


def advanced(s: PRState) -> bool:
    return bool(s.options.get("advanced"))


def new_deck(s: PRState) -> None:
    """§17.1.1: the 55 cards shuffled; every hand empty."""
    s.deck = [k for k, (n, _, _) in sorted(kinds().items()) for _ in range(n)]
    s.rng.shuffle(s.deck)
    s.hands = {p: [] for p in s.roles}
    s.discard = []
    s.removed_cards = []


def draw(s: PRState) -> int | None:
    """The top card; an empty deck first takes the discard pile back, reshuffled."""
    if not s.deck and s.discard:
        s.deck = list(s.discard)
        s.discard = []
        s.rng.shuffle(s.deck)
        s.say(msg("log.card_reshuffle", n=len(s.deck)))
    if not s.deck:
        return None
    s.mark_irreversible()
    return s.deck.pop(0)


def to_discard(s: PRState, kind: int, played: bool) -> None:
    """A card leaves play: onto the discard pile, or out of the game if it is a "Use Once and
    Remove" card that was played (§3.2 H)."""
    if played and removed_after_play(kind):
        s.removed_cards.append(kind)
    else:
        s.discard.append(kind)


def unaccounted(s: PRState, kind: int) -> int:
    """Copies of ``kind`` nobody can place for sure from what is public (not on the discard
    pile, not out of the game): any of them might be in a hand."""
    return copies(kind) - s.discard.count(kind) - s.removed_cards.count(kind)


def reshuffle_for_next_turn(s: PRState) -> None:
    """§17.1.1, §3.2 H: the discard pile and every card not kept goes back into the deck,
    reshuffled (the kept cards were chosen before)."""
    s.deck = s.deck + s.discard
    s.discard = []
    s.rng.shuffle(s.deck)
    s.say(msg("log.card_new_turn", n=len(s.deck)))


extend(_card_texts())
extend({
    "en": {
        "log.card_reshuffle": "The discard pile is reshuffled into the deck ({n} cards).",
        "log.card_new_turn": "The cards not kept are reshuffled into the deck ({n} cards).",
    },
    "ru": {
        "log.card_reshuffle": "Сброс перемешан и стал колодой ({n} карт).",
        "log.card_new_turn": "Карты, не оставленные на руке, замешаны в колоду ({n} карт).",
    },
})
