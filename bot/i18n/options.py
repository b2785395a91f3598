"""The titles' rule options as the table shows them: ``option.<title>.<id>`` is an option's
description, ``option.<title>.<id>.<value>`` the name of one of its values. English comes from
the engines' own descriptions (``OptionInfo.description``) when missing here."""

from __future__ import annotations

EN: dict[str, str] = {
    "option.value.True": "yes",
    "option.value.False": "no",
    "option.pax_romana.advanced": "The Advanced Game (§17): the 55 event cards instead of the "
                                  "Event markers, 4 AMs a Power (§3.8.2); Scenarios IV, V and "
                                  "VII",
}

RU: dict[str, str] = {
    "option.value.True": "да",
    "option.value.False": "нет",
    # -- Commands & Colors: Ancients ---------------------------------------------------------
    "option.ancients.chariot_x_ignore": "Какие колесницы не учитывают 1 меч (спец. 9.5)",
    "option.ancients.chariot_x_ignore.all": "все",
    "option.ancients.chariot_x_ignore.heavy": "только тяжёлые",
    "option.ancients.elephant_leader_flag": "Может ли слон не учитывать флаг ради своего "
                                            "командира (спец. 10.4)",
    "option.ancients.elephant_leader_flag.ranged": "при стрельбе",
    "option.ancients.elephant_leader_flag.never": "никогда",
    "option.ancients.elephant_leader_flag.always": "всегда",
    "option.ancients.frighten_extra": "Лишнее отступление от верблюдов и слонов за флаг: "
                                      "принимается или бросается кубик (10.1)",
    "option.ancients.frighten_extra.accepted": "принимается",
    "option.ancients.frighten_extra.rolled": "кубик",
    "option.ancients.sacred_band_helmets": "Священный отряд: шлем — 1 удар, или 2 при "
                                           "командире рядом (спец. 15)",
    "option.ancients.sacred_band_helmets.one": "1 удар",
    "option.ancients.sacred_band_helmets.two_with_leader": "2 при командире",
    "option.ancients.camp_order": "Укреплённый лагерь: сначала вычесть 1, потом ограничить, "
                                  "или наоборот (17.1)",
    "option.ancients.camp_order.minus_then_cap": "вычесть, потом ограничить",
    "option.ancients.camp_order.cap_then_minus": "ограничить, потом вычесть",
    "option.ancients.retreat_path": "Путь отступления: любой допустимый или самый дальний "
                                    "(10.3)",
    "option.ancients.retreat_path.any": "любой",
    "option.ancients.retreat_path.furthest": "самый дальний",
    "option.ancients.second_leader_check": "Вторая проверка потерь командира после "
                                           "уничтожения при невозможном отступлении (12.1)",
    # -- Mare Nostrum --------------------------------------------------------------------------
    "option.mare_nostrum.all_heroes_open": "Вариант (Подготовка 5): все Герои и Чудеса "
                                           "открыты с начала",
    "option.mare_nostrum.dice": "Кубики сражений: восстановленные грани или обычный d6",
    "option.mare_nostrum.dice.reconstructed": "восстановленные",
    "option.mare_nostrum.dice.d6": "обычный d6",
    "option.mare_nostrum.ping_pong": "Торговля (C1): не брать третий раз подряд у той же пары "
                                     "игроков или никогда у одного игрока два своих взятия "
                                     "подряд",
    "option.mare_nostrum.ping_pong.pair": "пара",
    "option.mare_nostrum.ping_pong.own": "свои взятия",
    "option.mare_nostrum.trade_leader_out": "Торговля (C4): Лидер торговли без предложения "
                                            "называет первого берущего, или первым берёт "
                                            "старший на шкале торговли",
    "option.mare_nostrum.trade_leader_out.designate": "называет",
    "option.mare_nostrum.trade_leader_out.highest_trade": "старший по торговле",
    "option.mare_nostrum.colossus_coin": "Колосс Родосский (C7): может ли лишний ресурс быть "
                                         "монетой",
    "option.mare_nostrum.capital_buildings": "Своя столица (C9): строить в ней здания, пока "
                                             "там враги",
    "option.mare_nostrum.penthesilea_provinces": "Пентесилея (C12): считать свои провинции с "
                                                 "вражескими легионами или только занятые "
                                                 "захватчиком",
    "option.mare_nostrum.penthesilea_provinces.enemy_legions": "с вражескими легионами",
    "option.mare_nostrum.penthesilea_provinces.occupied": "занятые",
    "option.mare_nostrum.circe_where": "Цирцея (C13): её легионы на местах караванов где угодно "
                                       "без врагов или только в своих провинциях",
    "option.mare_nostrum.circe_where.free": "где угодно",
    "option.mare_nostrum.circe_where.controlled": "в своих провинциях",
    "option.mare_nostrum.circe_market": "Цирцея (C13): свой рынок удваивает товары её легионов",
    "option.mare_nostrum.ramses_bonus": "Рамсес II (C14): лишний кубик получает бонус Цезаря "
                                        "или Перикла",
    "option.mare_nostrum.conquest_tie": "Завоевание (C18): несколько сразу делят победу, или "
                                        "побеждает военный лидер среди них",
    "option.mare_nostrum.conquest_tie.shared": "делят",
    "option.mare_nostrum.conquest_tie.military_leader": "военный лидер",
    "option.mare_nostrum.gardens_coin": "Висячие сады (C25): может ли один из 2 разных "
                                        "ресурсов быть третьей монетой",
    # -- Hannibal ------------------------------------------------------------------------------
    "option.hannibal.intercept_bonus": "Перехват +1 (§12.4 и §19.3б): в область с вражеским "
                                       "ЖП и без своих ВЧ, или везде, где у перехватчика нет ВЧ",
    "option.hannibal.intercept_bonus.enemy_pc": "вражеский ЖП",
    "option.hannibal.intercept_bonus.no_cus": "нет своих ВЧ",
    "option.hannibal.flaminius_blocks_withdrawal": "§24: Фламиний 1-4 мешает и вражескому "
                                                   "отходу (по правилам); выкл. — как в "
                                                   "английской памятке",
    "option.hannibal.zero_round_losses": "§14.11: потери в сражении, кончившемся до первого "
                                         "раунда: по столбцу 1 раунда или никаких",
    "option.hannibal.zero_round_losses.column_1": "столбец 1 раунда",
    "option.hannibal.zero_round_losses.none": "никаких",
    # -- Pax Romana ----------------------------------------------------------------------------
    "option.pax_romana.format": "Формат Стандартной игры (§3.8.1)",
    "option.pax_romana.format.basic": "Базовый",
    "option.pax_romana.format.basic_ii": "Базовый II",
    "option.pax_romana.format.basic_plus": "Базовый плюс",
    "option.pax_romana.format.ultra_basic": "Ультрабазовый",
    "option.pax_romana.advanced": "Расширенная игра (§17): 55 карт событий вместо маркеров "
                                  "событий, 4 МА у каждой державы (§3.8.2); сценарии IV, V и VII",
    "option.pax_romana.card_play_window": "Расширенная игра (§17.1.5): в начале каждого "
                                          "сегмента действий державы с картами спрашиваются, "
                                          "разыграть ли карту, или только когда действие "
                                          "открывает окно для ответной карты",
    "option.pax_romana.card_play_window.each_action": "в каждом сегменте действий",
    "option.pax_romana.card_play_window.answers_only": "только для ответных карт",
    "option.pax_romana.legions_without_cavalry": "Дополнительное §10.4.5 (Расширенная игра): "
                                                 "без конницы легионов в ходах IX и X, каждый "
                                                 "легион 5 ОБ",
    "option.pax_romana.rough_mountain_attrition": "Дополнительное §9.6.5 (Расширенная игра): "
                                                  "потери армии из 3 и более отрядов, которая "
                                                  "начинает активацию в труднопроходимых горах "
                                                  "и остаётся там",
    "option.pax_romana.early_disbanding": "Дополнительное §14.2.2 (Расширенная игра): игрок "
                                          "может распускать тяжёлую пехоту и легионы в "
                                          "начале каждой своей активации",
    "option.pax_romana.successor_greek_answers": "Неясность A40 (Расширенная игра, карта 36): "
                                                 "Греция может перехватывать армию диадохов и "
                                                 "отходить от неё, как от любого врага, или её "
                                                 "отряды стоят на месте",
    "option.pax_romana.event_markers": "Маркеров событий за ход (§16.1.1): как в формате или "
                                       "сценарии, или от 0 до 2",
    "option.pax_romana.event_markers.format": "как в формате",
    "option.pax_romana.am_order": "Порядок активаций (§3.4.2): первый раунд по порядку хода "
                                  "или дополнительное правило",
    "option.pax_romana.am_order.standard": "обычный",
    "option.pax_romana.am_order.alternative": "дополнительное правило",
    "option.pax_romana.reroll": "Дополнительное §10.3.5: переброс в сражении",
    "option.pax_romana.simplified_ratio": "Дополнительное §10.3.6: упрощённое соотношение сил",
    "option.pax_romana.legion_cavalry": "Дополнительное: конница легионов в Стандартной игре "
                                        "(§10.4.4)",
    "option.pax_romana.table_talk": "Дополнительное §4.5: переговоры за столом, союзы в любое "
                                    "время",
    "option.pax_romana.home_territory_income": "Неясность A23: приносит ли своя родная "
                                               "территория +1Т контролируемой территории",
    "option.pax_romana.capital_penalty": "Неясность A17: −1 Стабильности в конце хода за каждую "
                                         "неудержанную столицу или один раз",
    "option.pax_romana.capital_penalty.per_capital": "за каждую",
    "option.pax_romana.capital_penalty.once": "один раз",
}
