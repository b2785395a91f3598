"""Hannibal's strategy cards and battle cards as a player looks them up, in each language.

Strategy cards come with their own short summaries (English and Russian) from the game data; the
battle cards carry no text in the data, so what each one does in a battle (§14) is written here,
in our own words.
"""

from __future__ import annotations

from functools import cache

from games.core.catalogue import CardEntry, entry_id
from games.hannibal.data import battle_deck, strategy_cards

TITLE = "hannibal"
LANGS = ("en", "ru")

_KIND_NAMES: dict[str, dict[str, str]] = {
    "en": {"strategy_card": "Strategy card", "battle_card": "Battle card"},
    "ru": {"strategy_card": "Карта стратегии", "battle_card": "Карта тактики"},
}
_EVENT_BY: dict[str, dict[str, str]] = {
    "en": {"rome": "Rome only", "carthage": "Carthage only", "either": "either side"},
    "ru": {"rome": "только Рим", "carthage": "только Карфаген", "either": "любая сторона"},
}
_LINES: dict[str, dict[str, str]] = {
    "en": {"ops": "{ops} OPS · event: {who}", "response": "Response event: may be played in "
           "answer to the enemy's card, besides your own card play.", "unique": "Once played as an event, it leaves "
           "the game.", "copies": "In the battle deck: {n} of {total}."},
    "ru": {"ops": "{ops} ОЧ · событие: {who}", "response": "Ответное событие: можно сыграть "
           "в ответ на карту противника, помимо своего хода.", "unique": "Сыгранная как событие, "
           "выходит из игры.", "copies": "В колоде тактики: {n} из {total}."},
}

# Unique events that leave the game only after a later play, as their own summary says: Philip V
# after his second event play (§8.5).
_LEAVES_LATER: frozenset[int] = frozenset({9})

# What each battle card type does in a battle round (§14.6–§14.12).
_BATTLE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "frontal_assault": "The commonest attack: the defender must answer with a Frontal "
                           "Assault (or a Reserve) or lose the battle.",
        "flank_left": "An attack on the left wing: the defender must answer with a Flank Left "
                      "(or a Reserve) or lose the battle.",
        "flank_right": "An attack on the right wing: the defender must answer with a Flank "
                       "Right (or a Reserve) or lose the battle.",
        "probe": "A cautious attack that must be matched by a Probe (or a Reserve). A battle won "
                 "with a Probe hurts the loser less: his rout roll gets −2. Hannibal, commanding, "
                 "may once per battle play a Probe as a Flank or a Double Envelopment.",
        "double_envelopment": "The encircling attack. A defender who matches it may take the "
                              "initiative at once, without a roll (even with no general). A "
                              "battle won with it is a rout: the loser's rout roll gets +2.",
        "reserve": "Wild: played as any other type. An attacker leading it names the type it "
                   "stands for; a defender may answer any attack with it.",
    },
    "ru": {
        "frontal_assault": "Самая частая атака: защитник должен ответить «Лобовой атакой» "
                           "(или «Резервом»), иначе проигрывает битву.",
        "flank_left": "Удар по левому флангу: защитник должен ответить «Атакой левым флангом» "
                      "(или «Резервом»), иначе проигрывает битву.",
        "flank_right": "Удар по правому флангу: защитник должен ответить «Атакой правым "
                       "флангом» (или «Резервом»), иначе проигрывает битву.",
        "probe": "Осторожная атака; ответ — «Разведка боем» (или «Резерв»). Битва, выигранная "
                 "ею, бьёт проигравшего слабее: −2 к его броску бегства. Ганнибал во главе "
                 "войска раз за битву может сыграть её как фланговую атаку или «Двойные клещи».",
        "double_envelopment": "Охват с двух сторон. Защитник, ответивший на неё, может сразу "
                              "перехватить инициативу без броска (даже без полководца). Битва, "
                              "выигранная ею, — разгром: +2 к броску бегства проигравшего.",
        "reserve": "Джокер: играется как карта любого другого типа. Атакующий называет, чем она "
                   "служит; защитник может ответить ею на любую атаку.",
    },
}


def entries(lang: str) -> list[CardEntry]:
    """The 64 strategy cards by number, then the 6 types of battle card."""
    return list(_entries(lang if lang in LANGS else "en"))


@cache
def _entries(lang: str) -> tuple[CardEntry, ...]:
    ru = lang == "ru"
    lines = _LINES[lang]
    out: list[CardEntry] = []
    for no, card in sorted(strategy_cards().items()):
        body = [card.summary_ru if ru else card.summary,
                lines["ops"].format(ops=card.ops, who=_EVENT_BY[lang][card.playable_by])]
        if card.response:
            body.append(lines["response"])
        if card.unique and no not in _LEAVES_LATER:
            body.append(lines["unique"])
        name = card.name_ru if ru else card.name
        out.append(CardEntry(id=entry_id(TITLE, "strategy_card", no), title=TITLE,
                             kind="strategy_card", kind_name=_KIND_NAMES[lang]["strategy_card"],
                             name=f"{'№' if ru else '#'}{no} {name}", text="\n".join(body)))
    deck = battle_deck()
    for bc in deck.cards:
        body = [_BATTLE_TEXTS[lang][bc.key], lines["copies"].format(n=bc.count, total=deck.size)]
        out.append(CardEntry(id=entry_id(TITLE, "battle_card", bc.key), title=TITLE,
                             kind="battle_card", kind_name=_KIND_NAMES[lang]["battle_card"],
                             name=bc.name_ru if ru else bc.name, text="\n".join(body)))
    return tuple(out)
