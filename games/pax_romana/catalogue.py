"""Pax Romana's Advanced event deck as a player looks it up: 39 titles (55 cards), each with a
short summary of its effect in English and Russian, in our own words (§17.2).

The deck itself (titles, copies, type, whether it leaves the game) comes from the game data; a
title missing here still shows, with the data's own paraphrase.
"""

from __future__ import annotations

from functools import cache

from games.core.catalogue import CardEntry, entry_id
from games.pax_romana.data import load

TITLE = "pax_romana"
KIND = "event_card"
LANGS = ("en", "ru")

_KIND_NAME = {"en": "Event card (Advanced game)", "ru": "Карта события (расширенная игра)"}
_LINES: dict[str, dict[str, str]] = {
    "en": {"play_when_drawn": "Played as soon as it is drawn.",
           "hold_in_hand": "May be kept in hand (at most 3) until you play it.",
           "remove": "Leaves the game once played.",
           "copies": "Copies in the deck: {n} of {total}."},
    "ru": {"play_when_drawn": "Разыгрывается сразу, как только вытянута.",
           "hold_in_hand": "Можно держать в руке (не больше 3), пока не разыграете.",
           "remove": "После розыгрыша выходит из игры.",
           "copies": "Таких карт в колоде: {n} из {total}."},
}

# id -> (English summary, Russian name, Russian summary)
_CARDS: dict[int, tuple[str, str, str]] = {
    1: ("Open political negotiations with one other player of your choice; or break an "
        "existing alliance with Pergamum or Rhodes.",
        "Альянс",
        "Начните политические переговоры с одним выбранным игроком — или разорвите "
        "существующий союз с Пергамом или Родосом."),
    2: ("Pay 3T to ally with Rhodes (if nobody has): you command the Rhodian galleys without "
        "upkeep, replace their losses at 2T each, and take 1T from each player whose fleet "
        "enters Rhodes. Can also break an existing Rhodian alliance.",
        "Альянс с Родосом",
        "Заплатите 3Т и заключите союз с Родосом (если он ни с кем не в союзе): вы водите его "
        "галеры без содержания, восполняете их потери по 2Т и берёте 1Т с каждого, чей флот "
        "входит в Родос. Может и разорвать прежний союз."),
    3: ("Ally with Pergamum (if nobody has): its armies fight and move as yours (a Major Move "
        "may take them), you may lose Pergamenes instead of your own units, and a die roll may "
        "bring a Pergamene leader. You cannot take control of Pergamum's own spaces. Can also "
        "break an existing Pergamene alliance.",
        "Альянс с Пергамом",
        "Заключите союз с Пергамом (если он свободен): его армии ходят и бьются как ваши "
        "(большим ходом), потери можно списывать на пергамцев, а бросок кубика может дать "
        "пергамского полководца. Области самого Пергама вы не контролируете. Может и "
        "разорвать прежний союз."),
    4: ("When an enemy army enters a land transit point outside its Home Territory: roll a "
        "die, halve it rounding up; the army loses that many BP (at least 1).",
        "Засада",
        "Когда армия противника входит в сухопутный транзитный пункт вне своей родной "
        "территории: бросьте кубик и разделите пополам с округлением вверх — столько БС она "
        "теряет (не меньше 1)."),
    5: ("Mark one City: until the end of the turn, a defender using its fortifications there "
        "gets 2 shifts in every battle.",
        "Эффект Архимеда",
        "Отметьте один город: до конца хода защитник, опирающийся на его укрепления, получает "
        "2 сдвига в каждом сражении там."),
    6: ("Barbarians invade: roll two dice on the Invasion Table for who comes, how many and "
        "where.",
        "Нашествие варваров",
        "Варвары вторгаются: два кубика по таблице нашествий решают, кто, сколько и куда."),
    7: ("A die picks a Territory on the Harvest/Famine table; whoever controls it gains 1 "
        "Stability.",
        "Обильные урожаи",
        "Кубик по таблице урожая и голода выбирает территорию; кто её контролирует, получает "
        "+1 стабильности."),
    8: ("A new regime at home: your hand goes back into the deck, your Optional Objectives "
        "are redrawn at random, and your Stability rises by 2.",
        "Перемены на политической арене",
        "Дома новая власть: карты из руки возвращаются в колоду, возможные цели вытягиваются "
        "заново наугад, а стабильность растёт на 2."),
    9: ("You or another player draws a new Optional Objective blind and returns another one, "
        "picked at random, to the pool.",
        "Перемены во внешней политике",
        "Вы или другой игрок вслепую берёте новую возможную цель и возвращаете в пул другую, "
        "выбранную наугад."),
    10: ("At the start of an Expansion: your Exceptional leader and his army may make a "
         "second Major Move this activation. Not in the same turn as Cunctator.",
         "Завоеватель",
         "В начале экспансии: ваш выдающийся полководец с армией делает в эту активацию "
         "второй большой ход. Не в один ход с «Кунктатором»."),
    11: ("Pick any ordinary leader on the map (not Exceptional, allied or Soldiers of "
         "Fortune): he is removed and his owner loses 1 Stability.",
         "Заговорщики",
         "Выберите любого обычного полководца на карте (не выдающегося, не союзного и не "
         "Солдат Удачи): он снимается, а его хозяин теряет 1 стабильность."),
    12: ("For the rest of the turn you may withdraw before battle as often as you like, and "
         "withdrawing at home costs no Stability. Not in the same turn as Conqueror.",
         "Кунктатор",
         "До конца хода вы отходите перед сражением сколько угодно раз, и отход на родной "
         "территории не стоит стабильности. Не в один ход с «Завоевателем»."),
    13: ("Cancel a card another player has just drawn or played, before it takes effect; "
         "both cards are discarded.",
         "Бог из машины",
         "Отмените карту, которую другой игрок только что вытянул или сыграл, до её действия; "
         "обе карты сбрасываются."),
    14: ("The gods are angry with you: pay 2T to the priests or lose the activation just "
         "drawn.",
         "День гнева",
         "Боги гневаются на вас: заплатите 2Т жрецам или потеряйте только что вытянутую "
         "активацию."),
    15: ("Secretly look at the strength of two Tribe counters near your land units.",
         "Внутренняя дипломатическая миссия",
         "Тайно посмотрите силу двух фишек племён рядом с вашими сухопутными отрядами."),
    16: ("Roll a die against the Campaign rating of your best leader in play; if it is not "
         "higher, he dies.",
         "Болезнь — лучшие умирают первыми",
         "Бросьте кубик против рейтинга кампании вашего лучшего полководца; если выпало не "
         "больше, он умирает."),
    17: ("A die picks a Territory on the Harvest/Famine table; whoever controls it loses 1 "
         "Stability.",
         "Голод и засуха",
         "Кубик по таблице урожая и голода выбирает территорию; кто её контролирует, теряет 1 "
         "стабильность."),
    18: ("Until the end of the turn each of your galleys counts 3 BP in naval battles.",
         "Улучшение галер — артиллерия",
         "До конца хода каждая ваша галера даёт 3 БС в морских сражениях."),
    19: ("Until the end of the turn each of your galleys counts 3 BP in naval battles.",
         "Улучшение галер — абордажный ворон",
         "До конца хода каждая ваша галера даёт 3 БС в морских сражениях."),
    20: ("Until the end of the turn each of your galleys counts 3 BP in naval battles.",
         "Улучшение галер — гарпаг",
         "До конца хода каждая ваша галера даёт 3 БС в морских сражениях."),
    21: ("Place free Garrisons in empty spaces within 4 land links of your Great Power's land "
         "units.",
         "Свободная экспансия",
         "Бесплатно поставьте гарнизоны в пустые области не дальше 4 сухопутных связей от "
         "сухопутных отрядов вашей державы."),
    22: ("Remove any one Garrison from the map, whoever owns it (yours too).",
         "Местный мятеж",
         "Снимите с карты любой один гарнизон, чей бы он ни был (и свой тоже)."),
    23: ("Pay exactly 2T for mercenaries (2 light infantry, 1 cavalry or 1 heavy infantry), "
         "placed with one of your armies; not an action. Rome cannot hire them.",
         "Наёмники",
         "Заплатите ровно 2Т за наёмников (2 лёгкой пехоты, 1 конницу или 1 тяжёлую пехоту) и "
         "поставьте их к одной своей армии; это не действие. Риму нельзя."),
    24: ("Against an army at sea landing in a port or naval transit point within 3 sea links "
         "of your galleys: if no galley escorts it, all its land units are lost.",
         "Морская засада",
         "Против армии на морском транспорте, идущей в порт или морской транзитный пункт не "
         "дальше 3 морских связей от ваших галер: если её не сопровождают галеры, все её "
         "сухопутные отряды гибнут."),
    25: ("Place a Pirate fleet on the map.",
         "Пираты",
         "Поставьте на карту пиратский флот."),
    26: ("Pay 2T for a Helepolis with one of your armies: 2 shifts in one attack on a City "
         "or Settlement, then it is gone. Never helps a defender.",
         "Эффект Полиоркета",
         "Заплатите 2Т за гелеполь при одной из своих армий: 2 сдвига в одной атаке на город "
         "или поселение, после чего он убирается. Защитнику не помогает."),
    27: ("The Kingdom of Pontus enters the game.",
         "Понт",
         "В игру вступает Понтийское царство."),
    28: ("While enemy land units stand in your Home Territory: lose 1 Stability, roll a die "
         "and halve it (round up) for free Militia there. One fewer in Unrest; no effect in "
         "Disorder.",
         "Формирование ополчения",
         "Пока на вашей родной территории стоят сухопутные отряды врага: потеряйте 1 "
         "стабильность, бросьте кубик и разделите пополам (вверх) — столько бесплатного "
         "ополчения там. При недовольстве на одно меньше, при беспорядках — ничего."),
    29: ("A rebellion breaks out: two dice on the Rebellion Table say where.",
         "Восстание",
         "Вспыхивает восстание: два кубика по таблице восстаний решают где."),
    30: ("Your treasury is judged: under 3T lose 1 Stability, over 12T gain 1.",
         "Доход и стабильность",
         "Проверка казны: меньше 3Т — минус 1 стабильность, больше 12Т — плюс 1."),
    31: ("If your Home Territory has a space without your land units, your slaves revolt "
         "there (unless a revolt against you is already under way).",
         "Восстание рабов",
         "Если на вашей родной территории есть область без ваших сухопутных отрядов, там "
         "восстают рабы (если восстание против вас ещё не идёт)."),
    32: ("A non-Roman player raises a Soldiers of Fortune army; Rome may instead use the card "
         "to name a Dictator.",
         "Солдаты удачи",
         "Не римский игрок поднимает армию Солдат Удачи; Рим вместо этого может назначить "
         "диктатора."),
    33: ("Look at the hand of any one player.",
         "Шпионы",
         "Посмотрите карты в руке любого одного игрока."),
    34: ("If you are Stable: add a free activation marker to the pool, or draw an extra "
         "Optional Objective (if you hold fewer than three).",
         "Стабильность и возможность",
         "Если ваша держава стабильна: добавьте в пул бесплатный МА или возьмите лишнюю "
         "возможную цель (если у вас их меньше трёх)."),
    35: ("Aim it at a player with Stability +3 or less (yourself if nobody else qualifies). "
         "Stable: pay 2T for bread and circuses or lose Stability. Unrest: riots — march 3 BP "
         "to the capital or lose Stability and your Garrisons. Disorder: civil war. If nobody "
         "qualifies, you lose 1 Stability.",
         "Проверка стабильности",
         "Направьте на игрока со стабильностью +3 или ниже (на себя, если больше некого). "
         "Стабильно: 2Т на хлеб и зрелища или потеря стабильности. Недовольство: беспорядки — "
         "приведите 3 БС в столицу или потеряйте стабильность и гарнизоны. Беспорядки: "
         "гражданская война. Если подходящих нет, вы теряете 1 стабильность."),
    36: ("Before your action, make a Major Move with one Greek army in or near Greece; it "
         "stays in Greece and may attack other Greeks. If the Greek player draws it, he loses "
         "2 Stability instead.",
         "Войны диадохов продолжаются",
         "До своего действия сделайте большой ход одной греческой армией в Греции или рядом; "
         "она остаётся в Греции и может нападать на других греков. Если карту тянет игрок за "
         "Грецию, он вместо этого теряет 2 стабильности."),
    37: ("2 shifts in one land battle, unless the defender uses a City or Settlement.",
         "Тактическая внезапность",
         "2 сдвига в одном сухопутном сражении, если защитник не опирается на город или "
         "поселение."),
    38: ("Take one card at random from another player's hand.",
         "Предатель",
         "Возьмите наугад одну карту из руки другого игрока."),
    39: ("Two unused Tribe counters go, face down, onto empty tribal spaces without a tribe.",
         "Возвращение племён",
         "Две неиспользованные фишки племён кладутся рубашкой вверх в пустые области племён без "
         "фишки."),
}


def entries(lang: str) -> list[CardEntry]:
    """The 39 event card titles of the Advanced game, in the deck's order."""
    return list(_entries(lang if lang in LANGS else "en"))


def _english_name(title: str) -> str:
    """"Archimedes Effect, The" reads "The Archimedes Effect"."""
    return f"The {title[:-5]}" if title.endswith(", The") else title


@cache
def _entries(lang: str) -> tuple[CardEntry, ...]:
    deck = load().event_cards
    lines = _LINES[lang]
    out: list[CardEntry] = []
    for card in deck.cards:
        english, name_ru, text_ru = _CARDS.get(card.id, (card.effect, "", ""))
        ru = lang == "ru" and bool(name_ru)
        body = [text_ru if ru else english, lines[card.type]]
        if card.remove_after_play:
            body.append(lines["remove"])
        body.append(lines["copies"].format(n=card.count, total=deck.size))
        out.append(CardEntry(id=entry_id(TITLE, KIND, card.id), title=TITLE, kind=KIND,
                             kind_name=_KIND_NAME[lang],
                             name=name_ru if ru else _english_name(card.title),
                             text="\n".join(body)))
    return tuple(out)
