"""The Ancients command cards as a player looks them up: name, kind and text in each language."""

from __future__ import annotations

from functools import cache

from games.ancients.data import cards
from games.ancients.texts import TEXTS
from games.core.catalogue import CardEntry, entry_id

TITLE = "ancients"
KIND = "command_card"

_KIND_NAMES: dict[str, dict[str, str]] = {
    "en": {"section": "Command card · section", "troop": "Command card · troops",
           "leadership": "Command card · leadership", "tactic": "Command card · tactic"},
    "ru": {"section": "Карта приказов · сектор", "troop": "Карта приказов · войска",
           "leadership": "Карта приказов · командование", "tactic": "Карта приказов · тактика"},
}
_COPIES: dict[str, str] = {"en": "Copies in the deck: {n} of 60.",
                           "ru": "Таких карт в колоде: {n} из 60."}


def entries(lang: str) -> list[CardEntry]:
    """The 29 different command cards (60 in the deck), in deck order."""
    return list(_entries(lang if lang in _KIND_NAMES else "en"))


@cache
def _entries(lang: str) -> tuple[CardEntry, ...]:
    texts = TEXTS[lang]
    return tuple(
        CardEntry(id=entry_id(TITLE, KIND, key), title=TITLE, kind=KIND,
                  kind_name=_KIND_NAMES[lang][card.kind],
                  name=texts[f"card.{key}.name"],
                  text=texts[f"card.{key}.text"] + "\n" + _COPIES[lang].format(n=card.count))
        for key, card in cards().items())
