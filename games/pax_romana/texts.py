"""Pax Romana texts in English and Russian. Spaces, provinces and territories are named as the
map data names them (``name`` in English, ``name_ru`` in Russian); leaders by their Power, number
and ratings."""

from __future__ import annotations

from games.core.text import CASES
from games.pax_romana.data import load

POWER_NAMES = {
    "en": {"rome": "Rome", "carthage": "Carthage", "greece": "Greece", "east": "East",
           "sof": "the Soldiers of Fortune", "barbarian": "the Barbarians", "slaves": "the slaves",
           "independent": "Independents", "syracuse": "Syracuse", "mamertines": "the Mamertines",
           "rhodes": "Rhodes", "pergamum": "Pergamum", "pontus": "Pontus"},
    "ru": {"rome": "Рим", "carthage": "Карфаген", "greece": "Греция", "east": "Восток",
           "sof": "Солдаты Удачи", "barbarian": "варвары", "slaves": "рабы",
           "independent": "независимые", "syracuse": "Сиракузы", "mamertines": "мамертинцы",
           "rhodes": "Родос", "pergamum": "Пергам", "pontus": "Понт"},
}
SCENARIO_NAMES_RU = {
    "I": "Пиррова война: Пирр против Рима",
    "II": "Пунические войны: падение Карфагена",
    "IV": "Карфаген должен быть разрушен: Западное Средиземноморье",
    "V": "Pax Romana: возвышение Рима",
    "VII": "Начало: первый ход Pax Romana",
}
ADJECTIVES = {
    "en": {"rome": "Roman", "carthage": "Carthaginian", "greece": "Greek", "east": "Eastern"},
    "ru": {"rome": "римский", "carthage": "карфагенский", "greece": "греческий",
           "east": "восточный"},
}
UNITS = {
    "en": {"LG": "Legion", "wLG": "weakened Legion", "HI": "Heavy Infantry",
           "wHI": "weakened Heavy Infantry", "LI": "Light Infantry", "CV": "Cavalry",
           "EL": "Elephant", "ML": "Militia", "MHI": "Mercenary Heavy Infantry",
           "BR": "Barbarians", "BC": "Barbarian Cavalry", "TW": "Tribal Warriors",
           "GR": "Garrison", "GS": "Galley Squadron"},
    "ru": {"LG": "легион", "wLG": "ослабленный легион", "HI": "тяжёлая пехота",
           "wHI": "ослабленная тяжёлая пехота", "LI": "лёгкая пехота", "CV": "кавалерия",
           "EL": "слон", "ML": "ополчение", "MHI": "наёмная тяжёлая пехота",
           "BR": "варвары", "BC": "варварская кавалерия", "TW": "воины племени",
           "GR": "гарнизон", "GS": "эскадра галер"},
}
EVENTS = {
    "en": {"slave_revolt": "Slave Revolt", "conqueror": "Conqueror", "pirates": "Pirates",
           "disease": "Disease", "rebellion": "Rebellion",
           "revenues_and_stability": "Revenues and Stability", "harvest_time": "Harvest Time",
           "barbarian_invasion": "Barbarian Invasion", "stability_check": "Stability Check",
           "soldiers_of_fortune": "Soldiers of Fortune",
           "galley_improvement": "Galley Improvement"},
    "ru": {"slave_revolt": "Восстание рабов", "conqueror": "Завоеватель", "pirates": "Пираты",
           "disease": "Болезнь", "rebellion": "Мятеж",
           "revenues_and_stability": "Доходы и стабильность", "harvest_time": "Время урожая",
           "barbarian_invasion": "Нашествие варваров", "stability_check": "Проверка стабильности",
           "soldiers_of_fortune": "Солдаты Удачи", "galley_improvement": "Улучшение галер"},
}
WHY = {
    "en": {"home_gained": "a home province gained", "province_gained": "a province gained",
           "home_lost": "a home province lost", "province_lost": "a province lost",
           "capital_lost": "a capital lost", "capital_regained": "a capital regained",
           "cvp_overrun": "more Legions and Heavy Infantry than CVP", "riots": "riots",
           "revenues": "revenues", "harvest": "the harvest", "rebellion": "a rebellion",
           "stability_check": "no one to check", "discontent": "bread and circuses unpaid",
           "civil_war": "civil war", "slave_revolt": "a slave revolt",
           "barbarians": "barbarians near the capital", "most_vp": "the most VP this turn",
           "fewest_vp": "the fewest VP this turn", "capital_not_held": "the capital not held",
           "slaves_crushed": "the slave revolt crushed",
           "withdrawal": "a withdrawal at home", "militia": "militia raised"},
    "ru": {"home_gained": "получена родная провинция", "province_gained": "получена провинция",
           "home_lost": "потеряна родная провинция", "province_lost": "потеряна провинция",
           "capital_lost": "потеряна столица", "capital_regained": "возвращена столица",
           "cvp_overrun": "легионов и тяжёлой пехоты больше ОЦ", "riots": "бунт",
           "revenues": "доходы", "harvest": "урожай", "rebellion": "мятеж",
           "stability_check": "некого проверить", "discontent": "не оплачены хлеб и зрелища",
           "civil_war": "гражданская война", "slave_revolt": "восстание рабов",
           "barbarians": "варвары у столицы", "most_vp": "больше всех ПО за ход",
           "fewest_vp": "меньше всех ПО за ход", "capital_not_held": "столица не удержана",
           "slaves_crushed": "восстание рабов подавлено",
           "withdrawal": "отступление перед боем дома", "militia": "созвано ополчение"},
}
GROUPS = {
    "en": {"western_gauls": "Western Gauls", "eastern_gauls": "Eastern Gauls",
           "germans": "Germans", "caledonians": "Caledonians", "armenians": "Armenians"},
    "ru": {"western_gauls": "западные галлы", "eastern_gauls": "восточные галлы",
           "germans": "германцы", "caledonians": "каледонцы", "armenians": "армяне"},
}

EN = {
    # phases and actions
    "phase.A": "Income", "phase.B": "Maintenance", "phase.C": "Removal",
    "phase.D": "Leader Selection", "phase.E": "Manpower", "phase.F": "Activation",
    "phase.G": "Attrition and Isolation", "phase.H": "Victory", "phase.I": "Turn Order",
    "action.expansion": "Expansion", "action.callup": "Call-Up", "action.negotiate": "Negotiate",
    "action.pass": "no Action",
    "check.stable": "Discontent", "check.unrest": "Riots", "check.disorder": "Civil War",
    "word.city": "a City", "word.settlement": "a Settlement", "word.bountiful": "a bountiful harvest",
    "word.famine": "famine and drought",
    # prompts
    "prompt.none": "Nothing to decide.",
    "prompt.over": "The game is over.",
    "prompt.am": "{who}: your AM came up. Choose your Action ({n}T to use it; Negotiate is free)",
    "prompt.expansion": "{who}: Expansion, {majors} Major Move(s) and {minors} Minor Move(s) "
                        "left",
    "prompt.choose_army": "{who}: choose the army to move",
    "prompt.choose_unit": "{who}: choose the unit to move",
    "prompt.minor_where": "{who}: choose where",
    "prompt.march": "{who}: where does the army at {space} march?",
    "prompt.callup": "{who}: Call-Up, form land units or build galleys",
    "prompt.negotiate": "{who}: Negotiate, propose what changes hands",
    "prompt.deal_talents": "{who}: {proposer} proposes that {giver} gives {receiver} {n}T. "
                           "Agree?",
    "prompt.deal_galleys": "{who}: {proposer} proposes that {giver} gives {receiver} the galleys "
                           "at {space}. Agree?",
    "prompt.deal_mercenaries": "{who}: {proposer} proposes that {giver} gives {receiver} the "
                               "mercenaries at {space}. Agree?",
    "prompt.deal_city": "{who}: {proposer} proposes that {giver} gives {receiver} the city or "
                        "settlement at {space}. Agree?",
    "prompt.mutiny": "{who}: choose the fleet that mutinies",
    "prompt.pirates": "{who}: place the Pirates",
    "prompt.check_target": "{who}: name the Power that suffers the Stability Check",
    "prompt.discontent": "{who}: Discontent, pay up to {n}T for bread and circuses (1 Stability "
                         "for each Talent not paid)",
    "prompt.slaves": "{who}: place the slave army in {power}'s Home Territory",
    "prompt.sof": "{who}: place the Soldiers of Fortune in your Home Territory",
    "prompt.barbarians": "{who}: place the {group}",
    "prompt.move_slaves": "{who}: the slave army grows by one; move it one space",
    "log.slaves_move": "The slave army ({n}) moves to {space}.",
    "prompt.attrition": "{who}: attrition at {space}, {n} loss(es) to take: choose the unit",
    "choice.kill_unit": "Lose a {unit}", "choice.weaken_unit": "Weaken a {unit}",
    # choices
    "choice.back": "Back", "choice.more": "More… (page {page} of {pages})",
    "choice.confirm_plan": "Confirm my plan", "choice.undo_plan": "Start my plan again",
    "choice.undo_last": "Take back the last item", "choice.undo_rebuild": "Take back a rebuild",
    "choice.disband": "Disband one {unit} at {space}",
    "choice.leader_to": "{leader} to {space}",
    "choice.leader_out": "{leader} stays out (nowhere to place him)",
    "choice.menu_form": "Form land units", "choice.menu_galley": "Build a galley (2T)",
    "choice.menu_hire": "Hire a Mercenary Heavy Infantry (2T)",
    "choice.menu_rebuild": "Rebuild a weakened unit (1T)",
    "choice.buy_objective": "Buy an Optional Objective ({n}T)",
    "choice.done_callup": "End the Call-Up",
    "choice.province": "{province}", "choice.unit_type": "{unit} ({cost})",
    "choice.place_in": "At {space}", "choice.rebuild": "{unit} at {space}",
    "choice.expansion": "Expansion ({n}T)", "choice.callup": "Call-Up ({n}T)",
    "choice.negotiate": "Negotiate (free)", "choice.pass_am": "Do nothing (the AM is lost)",
    "choice.lose_am": "The AM is lost (civil war)",
    "choice.major_move": "Major Move: move an army",
    "choice.minor_move": "Minor Move: move one unit",
    "choice.build_settlement": "Minor Move: build a Settlement (2T and a Garrison)",
    "choice.build_city": "Minor Move: build a City (3T and a Legion or Heavy Infantry)",
    "choice.repair": "Minor Move: repair a City or Settlement",
    "choice.make_garrison": "Minor Move: disband a unit into Garrisons",
    "choice.hire_minor": "Minor Move: hire a Mercenary Heavy Infantry (2T)",
    "choice.destroy": "Minor Move: destroy an own City or Settlement",
    "choice.disband_to_garrison": "{unit} at {space}",
    "choice.at_space": "{space}", "choice.end_expansion": "End the Expansion",
    "choice.army_at": "The army at {space} ({n} units)",
    "choice.march_to": "March to {space}",
    "choice.other_army_at": "{owner} at {space} ({n} units)",
    "choice.conqueror_at": "Conqueror: the Exceptional leader's army at {space}", "choice.stay": "Stay",
    "choice.invite": "Invite {power} to negotiate",
    "log.invited": "{power} invites {who} to negotiate.",
    "choice.deal_give": "Give something to {power}", "choice.deal_ask": "Ask something of {power}",
    "choice.end_negotiation": "End the negotiation",
    "choice.kind_talents": "Talents", "choice.kind_galleys": "Galleys",
    "choice.kind_mercenaries": "Mercenaries", "choice.kind_city": "A City or Settlement",
    "choice.talents_n": "{n}T", "choice.galley_at": "The galleys at {space}",
    "choice.mercenary_at": "The mercenaries at {space}",
    "choice.city_at": "The city or settlement at {space}",
    "choice.accept_deal": "Agree", "choice.refuse_deal": "Refuse",
    "choice.fleet_at": "{power}'s fleet at {space}", "choice.power": "{power}",
    "choice.pay_n": "Pay {n}T",
    "choice.discard_objective": "Discard Optional Objective {letter}",
    "log.objectives_discarded": "{power} discards {n} Optional Objective(s).",
    "log.rhodes": "{power} controls Rhodes and its 2 galleys this turn.",
    # log
    "log.setup": "{scenario}: Game Turn {turn}, the game ends after Turn {last}.",
    "log.stability": "{power}: Stability {delta} ({reason}), now {value}.",
    "log.income": "{power} collects {n}T (Treasury {total}T).",
    "log.maintenance": "{power} pays {n}T of maintenance.",
    "log.disbanded": "{power} disbands {n} {unit} at {space}.",
    "log.formed": "{power} forms a {unit} at {space}.",
    "log.rebuilt": "{power} rebuilds a {unit} at {space}.",
    "log.to_garrison": "{power}: {n} {unit} at {space} settles as Garrison.",
    "log.objective_drawn": "You drew Optional Objective {letter}.",
    "log.objective_revealed": "{power} reveals Optional Objective {letter}.",
    "log.removal": "Removal: leaders return to their pools.",
    "log.sof_removed": "The Soldiers of Fortune leave.",
    "log.leader_drawn": "You drew {leader} ({t}-{c}).",
    "log.leader_placed": "{power}: {leader} ({t}-{c}) at {space}.",
    "log.third_in_a_row": "{power} may not act a third time in a row; another AM is drawn.",
    "log.event_marker": "An Event marker is drawn.",
    "log.event": "{power} rolls {roll} for the event: {event}.",
    "log.event_waits": "{event} applies to the Power of the next AM.",
    "log.event_hits": "{event} applies to {power}.",
    "log.event_reroll": "Rome never gets the Soldiers of Fortune: rolled {roll}, {event}.",
    "log.no_effect": "No effect.",
    "log.action": "{power}: {action}.",
    "log.am_lost_civil_war": "{power} loses the AM to civil war.",
    "log.riots_failed": "{power} failed to quell the riots and loses its Garrisons.",
    "log.march": "{power} marches from {start} to {space}.",
    "log.built": "{power} builds {what} at {space}.",
    "log.repaired": "{power} repairs {space} ({n}T).",
    "log.garrisoned": "{power} disbands a {unit} at {space} into {n} Garrisons.",
    "log.destroyed": "{power} destroys its city or settlement at {space}.",
    "log.captured": "{power} captures {space} from {old}.",
    "log.pillaged": "{power} pillages {space} for {n}T.",
    "log.pillage_failed": "{power} fails to pillage {space}.",
    "log.deal_refused": "{who} refuses the deal.",
    "log.deal_talents": "{giver} gives {receiver} {n}T.",
    "log.deal_units": "{giver} gives {receiver} {unit} ×{n} at {space}.",
    "log.deal_city": "{giver} gives {receiver} the city or settlement at {space}.",
    "log.harvest": "Harvest in {territory}: {what}.",
    "log.leader_died": "{power}'s {leader} dies (rolled {roll}).",
    "log.leader_lived": "{leader} survives (rolled {roll}).",
    "log.rebellion": "Rebellion: {region}.",
    "log.mutiny": "{power}'s fleet at {space} mutinies.",
    "log.pirates": "Pirates appear at {space}.",
    "log.stability_check": "Stability Check for {power}: {result}.",
    "log.paid": "{power} pays {n}T.",
    "log.civil_war_loss": "Civil war: {power}'s units at {space} chose the wrong side.",
    "log.slaves": "Slaves rise at {space} against {power}.",
    "log.sof": "{power} raises the Soldiers of Fortune at {space}.",
    "log.invasion": "Barbarian invasion: the {group}.",
    "log.barbarians": "The {group} ({n} units) appear at {space}.",
    "log.armenians": "The Armenians sweep {power}'s units from {space}.",
    "log.attrition": "{power} at {space} is isolated: rolled {roll}, {n} lost.",
    "log.fleet_lost": "{power} loses {n} galleys at {space}, outside a friendly port.",
    "log.vp": "{power} scores {n} VP (total {total}; GOP {gop}, CVP {cvp}).",
    "log.turn_order": "Next turn's first round: {order}.",
    "result.end": "The game ends: {who} wins with {vp} VP.",
    "plan.disband": "Disband", "plan.form": "Form", "plan.galleys": "Build", "plan.hire": "Hire",
    "plan.rebuild": "Rebuild", "plan.objective": "Buy Optional Objectives:",
    "plan.place": "Place", "plan.cost": "Cost of the plan: {n}T", "plan.discard": "Discard",
    "result.automatic": "Automatic victory: {who}.",
}

RU = {
    "phase.A": "Доход", "phase.B": "Содержание", "phase.C": "Удаление",
    "phase.D": "Выбор полководцев", "phase.E": "Трудовые ресурсы", "phase.F": "Активация",
    "phase.G": "Истощение и изоляция", "phase.H": "Победа", "phase.I": "Порядок хода",
    "action.expansion": "Экспансия", "action.callup": "Призыв", "action.negotiate": "Переговоры",
    "action.pass": "без действия",
    "check.stable": "Недовольство", "check.unrest": "Бунт", "check.disorder": "Гражданская война",
    "word.city": "город", "word.settlement": "поселение", "word.bountiful": "богатый урожай",
    "word.famine": "голод и засуха",
    "prompt.none": "Решать нечего.",
    "prompt.over": "Игра окончена.",
    "prompt.am": "{who}: вытянут ваш МА. Выберите действие ({n}Т за использование; переговоры "
                 "бесплатны)",
    "prompt.expansion": "{who}: экспансия, осталось больших ходов: {majors}, малых: {minors}",
    "prompt.choose_army": "{who}: выберите армию для хода",
    "prompt.choose_unit": "{who}: выберите отряд для хода",
    "prompt.minor_where": "{who}: выберите где",
    "prompt.march": "{who}: куда идёт армия из {space:gen}?",
    "prompt.callup": "{who}: призыв, набор сухопутных отрядов или постройка галер",
    "prompt.negotiate": "{who}: переговоры, предложите передачу",
    "prompt.deal_talents": "{who}: {proposer} предлагает передачу: {giver} → {receiver}, {n}Т. "
                           "Согласны?",
    "prompt.deal_galleys": "{who}: {proposer} предлагает передачу: {giver} → {receiver}, "
                           "галеры в {space:loc}. Согласны?",
    "prompt.deal_mercenaries": "{who}: {proposer} предлагает передачу: {giver} → {receiver}, "
                               "наёмники в {space:loc}. Согласны?",
    "prompt.deal_city": "{who}: {proposer} предлагает передачу: {giver} → {receiver}, город или "
                        "поселение в {space:loc}. Согласны?",
    "prompt.mutiny": "{who}: выберите флот, поднявший мятеж",
    "prompt.pirates": "{who}: разместите пиратов",
    "prompt.check_target": "{who}: назовите державу для проверки стабильности",
    "prompt.discontent": "{who}: недовольство, заплатите до {n}Т за хлеб и зрелища (1 "
                         "стабильность за каждый неоплаченный талант)",
    "prompt.slaves": "{who}: разместите армию рабов на родной территории {power}",
    "prompt.sof": "{who}: разместите Солдат Удачи на своей родной территории",
    "prompt.barbarians": "{who}: разместите: {group}",
    "prompt.move_slaves": "{who}: армия рабов растёт на один отряд; передвиньте её на одно поле",
    "log.slaves_move": "Армия рабов ({n}) идёт в {space:acc}.",
    "prompt.attrition": "{who}: истощение в {space:loc}, потерь: {n}; выберите отряд",
    "choice.kill_unit": "Потерять: {unit}", "choice.weaken_unit": "Ослабить: {unit}",
    "choice.back": "Назад", "choice.more": "Ещё… (страница {page} из {pages})",
    "choice.confirm_plan": "Подтвердить план", "choice.undo_plan": "Начать план заново",
    "choice.undo_last": "Отменить последний пункт", "choice.undo_rebuild": "Отменить восстановление",
    "choice.disband": "Распустить: {unit} в {space:loc}",
    "choice.leader_to": "{leader} в {space:acc}",
    "choice.leader_out": "{leader} остаётся вне карты (некуда поставить)",
    "choice.menu_form": "Набрать сухопутные отряды", "choice.menu_galley": "Построить галеру (2Т)",
    "choice.menu_hire": "Нанять наёмную тяжёлую пехоту (2Т)",
    "choice.menu_rebuild": "Восстановить ослабленный отряд (1Т)",
    "choice.buy_objective": "Купить возможную цель ({n}Т)",
    "choice.done_callup": "Закончить призыв",
    "choice.province": "{province}", "choice.unit_type": "{unit} ({cost})",
    "choice.place_in": "В {space:loc}", "choice.rebuild": "{unit} в {space:loc}",
    "choice.expansion": "Экспансия ({n}Т)", "choice.callup": "Призыв ({n}Т)",
    "choice.negotiate": "Переговоры (бесплатно)", "choice.pass_am": "Ничего (МА потерян)",
    "choice.lose_am": "МА потерян (гражданская война)",
    "choice.major_move": "Большой ход: двинуть армию",
    "choice.minor_move": "Малый ход: двинуть один отряд",
    "choice.build_settlement": "Малый ход: построить поселение (2Т и гарнизон)",
    "choice.build_city": "Малый ход: построить город (3Т и легион или тяжёлая пехота)",
    "choice.repair": "Малый ход: починить город или поселение",
    "choice.make_garrison": "Малый ход: распустить отряд в гарнизоны",
    "choice.hire_minor": "Малый ход: нанять наёмную тяжёлую пехоту (2Т)",
    "choice.destroy": "Малый ход: разрушить свой город или поселение",
    "choice.disband_to_garrison": "{unit} в {space:loc}",
    "choice.at_space": "{space}", "choice.end_expansion": "Закончить экспансию",
    "choice.army_at": "Армия в {space:loc} (отрядов: {n})",
    "choice.march_to": "Идти в {space:acc}",
    "choice.other_army_at": "{owner} в {space:loc} (отрядов: {n})",
    "choice.conqueror_at": "Завоеватель: армия выдающегося полководца в {space:loc}", "choice.stay": "Остаться",
    "choice.invite": "Пригласить к переговорам: {power}",
    "log.invited": "{power} приглашает к переговорам: {who}.",
    "choice.deal_give": "Передать что-то: {power}", "choice.deal_ask": "Попросить что-то у: {power}",
    "choice.end_negotiation": "Закончить переговоры",
    "choice.kind_talents": "Таланты", "choice.kind_galleys": "Галеры",
    "choice.kind_mercenaries": "Наёмники", "choice.kind_city": "Город или поселение",
    "choice.talents_n": "{n}Т", "choice.galley_at": "Галеры в {space:loc}",
    "choice.mercenary_at": "Наёмники в {space:loc}",
    "choice.city_at": "Город или поселение в {space:loc}",
    "choice.accept_deal": "Согласиться", "choice.refuse_deal": "Отказаться",
    "choice.fleet_at": "Флот {power:gen} в {space:loc}", "choice.power": "{power}",
    "choice.pay_n": "Заплатить {n}Т",
    "choice.discard_objective": "Сбросить возможную цель {letter}",
    "log.objectives_discarded": "{power} сбрасывает возможные цели: {n}.",
    "log.rhodes": "{power} контролирует Родос и его 2 галеры в этом ходу.",
    "log.setup": "{scenario}: ход {turn}, игра кончается после хода {last}.",
    "log.stability": "{power}: стабильность {delta} ({reason}), теперь {value}.",
    "log.income": "{power} получает {n}Т (в казне {total}Т).",
    "log.maintenance": "{power} платит {n}Т за содержание.",
    "log.disbanded": "{power} распускает {n}: {unit} в {space:loc}.",
    "log.formed": "{power} набирает: {unit} в {space:loc}.",
    "log.rebuilt": "{power} восстанавливает: {unit} в {space:loc}.",
    "log.to_garrison": "{power}: {n} ({unit}) в {space:loc} оседает гарнизоном.",
    "log.objective_drawn": "Вы вытянули возможную цель {letter}.",
    "log.objective_revealed": "{power} раскрывает возможную цель {letter}.",
    "log.removal": "Удаление: полководцы возвращаются в пулы.",
    "log.sof_removed": "Солдаты Удачи уходят.",
    "log.leader_drawn": "Вы вытянули: {leader} ({t}-{c}).",
    "log.leader_placed": "{power}: {leader} ({t}-{c}) в {space:loc}.",
    "log.third_in_a_row": "{power} не может действовать третий раз подряд; тянется другой МА.",
    "log.event_marker": "Вытянут маркер события.",
    "log.event": "{power} бросает {roll} на событие: {event}.",
    "log.event_waits": "{event} касается державы следующего МА.",
    "log.event_hits": "{event} касается: {power}.",
    "log.event_reroll": "Рим никогда не получает Солдат Удачи: выпало {roll}, {event}.",
    "log.no_effect": "Без последствий.",
    "log.action": "{power}: {action}.",
    "log.am_lost_civil_war": "{power} теряет МА из-за гражданской войны.",
    "log.riots_failed": "{power} не подавил бунт и теряет гарнизоны.",
    "log.march": "{power} идёт из {start:gen} в {space:acc}.",
    "log.built": "{power} строит {what} в {space:loc}.",
    "log.repaired": "{power} чинит {space:acc} ({n}Т).",
    "log.garrisoned": "{power} распускает {unit} в {space:loc} в гарнизоны: {n}.",
    "log.destroyed": "{power} разрушает свой город или поселение в {space:loc}.",
    "log.captured": "{power} захватывает {space:acc} у {old:gen}.",
    "log.pillaged": "{power} грабит {space:acc}: {n}Т.",
    "log.pillage_failed": "{power:dat} не удалось разграбить {space:acc}.",
    "log.deal_refused": "{who} отказывается от сделки.",
    "log.deal_talents": "Передача: {giver} → {receiver}, {n}Т.",
    "log.deal_units": "Передача: {giver} → {receiver}, {unit} ×{n} в {space:loc}.",
    "log.deal_city": "Передача: {giver} → {receiver}, город или поселение в {space:loc}.",
    "log.harvest": "Урожай, {territory}: {what}.",
    "log.leader_died": "{power}: {leader} умирает (выпало {roll}).",
    "log.leader_lived": "{leader} выживает (выпало {roll}).",
    "log.rebellion": "Мятеж: {region}.",
    "log.mutiny": "Мятеж на флоте {power:gen} в {space:loc}.",
    "log.pirates": "Пираты появляются в {space:loc}.",
    "log.stability_check": "Проверка стабильности, {power}: {result}.",
    "log.paid": "{power} платит {n}Т.",
    "log.civil_war_loss": "Гражданская война: отряды {power:gen} в {space:loc} выбрали не ту "
                          "сторону.",
    "log.slaves": "Рабы восстают в {space:loc} против {power:gen}.",
    "log.sof": "{power} поднимает Солдат Удачи в {space:loc}.",
    "log.invasion": "Нашествие варваров: {group}.",
    "log.barbarians": "{group} (отрядов: {n}) появляются в {space:loc}.",
    "log.armenians": "Армяне сметают отряды {power:gen} из {space:gen}.",
    "log.attrition": "{power} в {space:loc} в изоляции: выпало {roll}, потеряно {n}.",
    "log.fleet_lost": "{power} теряет галеры ({n}) в {space:loc}: не в дружественном порту.",
    "log.vp": "{power} получает {n} ПО (всего {total}; ОГЦ {gop}, ОЦ {cvp}).",
    "log.turn_order": "Первый круг следующего хода: {order}.",
    "result.end": "Игра окончена: побеждает {who} с {vp} ПО.",
    "plan.disband": "Распустить", "plan.form": "Набрать", "plan.galleys": "Построить",
    "plan.hire": "Нанять", "plan.rebuild": "Восстановить", "plan.objective": "Купить возможные цели:",
    "plan.place": "Поставить", "plan.cost": "Стоимость плана: {n}Т", "plan.discard": "Сбросить",
    "result.automatic": "Автоматическая победа: {who}.",
}


PLAN_PROMPTS = {
    "en": {"prompt.plan_maintenance": "Maintenance: {who} plan in secret which galleys and "
                                      "Legions/Heavy Infantry to keep",
           "prompt.plan_leaders": "Leader Selection: {who} write in secret where their leaders go",
           "prompt.plan_manpower": "Manpower: {who} plan in secret what they form",
           "prompt.plan_discard": "Removal: {who} may discard Optional Objectives in secret"},
    "ru": {"prompt.plan_maintenance": "Содержание: {who} тайно решают, какие галеры и "
                                      "легионы/тяжёлую пехоту содержать",
           "prompt.plan_leaders": "Выбор полководцев: {who} тайно записывают, куда ставят "
                                  "полководцев",
           "prompt.plan_manpower": "Трудовые ресурсы: {who} тайно планируют набор",
           "prompt.plan_discard": "Удаление: {who} могут тайно сбросить возможные цели"},
}
AND = {"en": " and ", "ru": " и "}

# §15.4.9: the Optional Objectives, for the player who holds them
OBJECTIVES = {
    "en": {"A": "control every province of Asia Minor with a port (8 GOP; Greece, East 4)",
           "B": "control Egypt (8 GOP)", "C": "control Hispania (8 GOP; Carthage 4)",
           "D": "control Crete, Cyprus and Cilicia (6 GOP; East 3)",
           "E": "control Gaul (6 GOP; Rome 3)",
           "F": "control the ports of Chios, Naxos, Knossos and Miletus (6 GOP)",
           "G": "control Upper Germany, Raetia and Noricum (4 GOP)",
           "H": "control the Danube (8 GOP; Greece, Rome 4)",
           "I": "control both provinces of Sicily, Sardinia and Corsica (4 GOP)",
           "J": "control the ports of Baetica, Mauretania, Tarraconensis and the Balearics "
                "(6 GOP; Carthage 3)",
           "K": "a city or settlement in 5 territories besides your own (6 GOP)",
           "L": "the richest after the Income Phase (3 VP)",
           "M": "control a home province of another Power (3 VP)",
           "N": "control Sicilia, Germania, Chersonesus, or Rhodes and Crete (2 VP each)"},
    "ru": {"A": "контроль всех провинций Малой Азии с портом (8 ОГЦ; Греции, Востоку 4)",
           "B": "контроль Египта (8 ОГЦ)", "C": "контроль Испании (8 ОГЦ; Карфагену 4)",
           "D": "контроль Крита, Кипра и Киликии (6 ОГЦ; Востоку 3)",
           "E": "контроль Галлии (6 ОГЦ; Риму 3)",
           "F": "контроль портов Хиоса, Наксоса, Кносса и Милета (6 ОГЦ)",
           "G": "контроль Верхней Германии, Реции и Норика (4 ОГЦ)",
           "H": "контроль Дуная (8 ОГЦ; Греции, Риму 4)",
           "I": "контроль обеих провинций Сицилии, Сардинии и Корсики (4 ОГЦ)",
           "J": "контроль портов Бетики, Мавретании, Тарраконской Испании и Балеар "
                "(6 ОГЦ; Карфагену 3)",
           "K": "город или поселение в 5 территориях помимо своей (6 ОГЦ)",
           "L": "самая богатая держава после фазы дохода (3 ПО)",
           "M": "контроль родной провинции другой державы (3 ПО)",
           "N": "контроль Сицилии, Германии, Херсонеса или Родоса с Критом (2 ПО за каждую)"},
}


def _names(n: int, lang: str) -> str:
    """"{p1}", "{p1} and {p2}", "{p1}, {p2} and {p3}" …"""
    parts = [f"{{p{i + 1}}}" for i in range(n)]
    return parts[0] if n == 1 else ", ".join(parts[:-1]) + AND[lang] + parts[-1]


def _catalogue() -> dict[str, dict[str, str]]:
    d = load()
    out: dict[str, dict[str, str]] = {"en": dict(EN), "ru": dict(RU)}
    regions = {r.region: r.name for r in d.tables.rebellion_table.rows}
    for lang in ("en", "ru"):
        cat = out[lang]
        for pid, name in POWER_NAMES[lang].items():
            cat[f"power.{pid}"] = name
        for code, name in UNITS[lang].items():
            cat[f"unit.{code}"] = name
        for key, name in EVENTS[lang].items():
            cat[f"event.{key}"] = name
        for key, name in WHY[lang].items():
            cat[f"why.{key}"] = name
        for key, name in GROUPS[lang].items():
            cat[f"group.{key}"] = name
        for key, name in regions.items():
            cat[f"region.{key}"] = name
        for letter, text in OBJECTIVES[lang].items():
            cat[f"objective.{letter}"] = text
        for sid, name in SCENARIO_NAMES_RU.items():     # the built-in scenarios' titles
            cat[f"scenario.{sid}"] = name if lang == "ru" else d.scenario(sid).name
        for key, text in PLAN_PROMPTS[lang].items():
            for n in range(1, 5):
                cat[f"{key}.{n}"] = text.replace("{who}", _names(n, lang))
        # the places: the map data's names, Russian ones from ``name_ru`` (map.json)
        for place in (*d.spaces.values(), *d.naval_points.values()):
            cat[f"space.{place.id}"] = place.name_ru if lang == "ru" else place.name
        for pr in d.provinces.values():
            cat[f"province.{pr.id}"] = pr.name_ru if lang == "ru" else pr.name
        for t in d.territories.values():
            cat[f"territory.{t.id}"] = t.name_ru if lang == "ru" else t.name
        if lang == "ru" and d.names_ru is not None:
            # the case forms a template asks for after a preposition: ``в {space:loc}``
            # (games.core.text ``CASES``), from names_ru.json
            for prefix, table in (("space", d.names_ru.spaces), ("province", d.names_ru.provinces),
                                  ("territory", d.names_ru.territories),
                                  ("power", d.names_ru.powers)):
                for pid, forms in table.items():
                    for case in CASES:
                        cat[f"{prefix}.{pid}:{case}"] = getattr(forms, case)
        word = "leader" if lang == "en" else "полководец"
        for ld in d.leaders.values():
            number = int(ld.id.rsplit("_", 1)[1])
            mark = " E" if ld.exceptional else ""
            cat[f"leader.{ld.id}"] = (f"{ADJECTIVES[lang][ld.power]} {word} {number}"
                                      f"{mark}")
        for ld in [*d.fixed_leaders.values(), *d.named_leaders.values()]:
            cat[f"leader.{ld.id}"] = ld.name_ru if lang == "ru" else ld.name
    return out


TEXTS = _catalogue()


# -- land movement, interception, withdrawal and battle (§9-§10, movement.py, battle.py) -----------
MILITARY = {
    "en": {
        "prompt.pick_army": "{who}: which units and leaders go with the army at {space}? "
                            "Leave some behind, or march",
        "prompt.move_army": "{who}: where does the army at {space} go ({n} MP left)?",
        "prompt.move_unit": "{who}: where does the {unit} at {space} go ({n} MP left)?",
        "prompt.intercept": "{who}: intercept {army} entering {space}?",
        "prompt.withdraw": "{who}: {army} enters {space}: withdraw before battle, or stand?",
        "prompt.withdraw_to": "{who}: withdraw the army from {space} to where ({n} MP)?",
        "prompt.use_shifts": "{who}: battle at {space}: {n} shifts to use (your roll {mine}, "
                             "the enemy's {theirs})",
        "prompt.retreat": "{who}: the battle at {space} is lost: retreat (10% fewer losses) or "
                          "stay?",
        "prompt.force_retreat": "{who}: the battle at {space} is won: force the defender to "
                                "retreat for 1 MP?",
        "prompt.retreat_where": "{who}: forced to retreat from {space}: where to?",
        "prompt.pillage": "{who}: {space} is captured: try to pillage it?",
        "prompt.use_city": "{who}: does the city or settlement at {space} defend in this "
                           "battle?",
        "prompt.siege_bid": "Siege Preparation at {space}: {a} and {b} each write in secret "
                            "what they spend; the higher sum gets 1 shift, both pay",
        "prompt.commit_elephants": "{who}: how many elephants fight at {space}?",
        "choice.leave_unit": "Leave one {unit} behind",
        "choice.leave_leader": "Leave {leader} behind",
        "choice.march_with": "March: {n} units, {leaders} leaders",
        "choice.move_to": "To {space} ({cost} MP, {left} left)",
        "choice.stop_here": "Stop here",
        "choice.intercept_from": "Intercept from {space} into {target}",
        "choice.let_pass": "Let it pass",
        "choice.withdraw": "Withdraw (roll 1d6 for MP)",
        "choice.stand": "Stand and fight",
        "choice.withdraw_to": "Withdraw to {space}",
        "choice.shift_raise": "Raise my roll to {n}",
        "choice.shift_lower": "Lower the enemy's roll to {n}",
        "choice.shifts_done": "Keep the rest of the shifts",
        "choice.retreat_to": "Retreat to {space}",
        "choice.no_retreat": "Do not retreat",
        "choice.force_retreat": "Force the retreat (1 MP)",
        "choice.no_force": "Let them stay",
        "choice.pillage": "Pillage",
        "choice.spare": "Do not pillage",
        "choice.use_city": "The city defends (no cavalry, no elephants, no retreat)",
        "choice.no_city": "The army fights without it",
        "choice.siege_bid": "Spend {n} T",
        "choice.commit_elephants": "{n} elephants",
        "log.mp_roll": "{power}'s army at {space} rolls {roll}: {n} MP.",
        "log.move_step": "{power} moves from {start} to {space} ({cost} MP, {n} left).",
        "log.alpine_attrition": "{power} crosses the Alps into {space}: attrition roll {roll}, "
                                "{n} losses.",
        "log.intercept_roll": "{power} tries to intercept from {start} into {space}: {roll} + "
                              "{mod}: {result}.",
        "log.withdraw_roll": "{power} withdraws from {space}: roll {roll}, {n} MP.",
        "log.withdraw_failed": "{power} cannot withdraw from {space} and fights.",
        "log.withdrew": "{power} withdraws from {start} to {space}.",
        "log.elephant": "{power}'s elephant rolls {roll}.",
        "log.battle_rolls": "Battle at {space}: {att} {abp} BP against {dfd} {dbp} BP; rolls "
                            "{ar} and {dr}; {n} net shifts to {who}.",
        "log.battle_result": "Battle at {space}: {att} loses {apct}%, {dfd} {dpct}%: {who}.",
        "log.retreat_prevented": "The enemy cavalry stops {power}'s retreat (roll {roll}).",
        "log.battle_losses": "Losses at {space}: {att} {a} BP, {dfd} {d} BP.",
        "log.retreated": "{power} retreats from {start} to {space}.",
        "log.regroup": "{power} regroups at {space}.",
        "log.leader_fell_in_battle": "{leader} falls in battle (roll {roll}).",
        "log.leader_fell": "{leader} dies with his army.",
        "log.siege_bids": "Siege Preparation: {a} spends {x} T, {b} {y} T.",
        "log.garrison_overrun": "{power}'s garrison at {space} is overrun.",
        "log.militia": "{power} raises {n} militia after the battle at {space}.",
        "log.tribe_revealed": "The tribe at {space} shows {n} warriors.",
        "word.success": "success", "word.failure": "failure", "word.draw": "a draw",
        "prompt.pick_fleet": "{who}: which galleys and leaders sail from {space}?",
        "prompt.move_fleet": "{who}: where does the fleet at {space} sail?",
        "prompt.fleet_stopped": "{who}: the fleet has Stopped at {space}: roll for "
                                "Continuation, or stay?",
        "prompt.naval_contact": "{who}: the fleet of {army} enters {space}: fight it or let it "
                                "pass?",
        "choice.my_fleet_at": "The fleet at {space} ({n} galleys)",
        "choice.rhodes_fleet_at": "Rhodes' navy at {space} ({n} galleys)",
        "prompt.raise_militia": "{who}: the battle at {space} is lost at home: raise militia "
                                "(1d6, -1 Stability)?",
        "prompt.place_militia": "{who}: where does a militia unit go ({n} to place)?",
        "choice.raise_militia": "Raise militia",
        "choice.no_militia": "No militia",
        "choice.militia_at": "Militia at {space}",
        "choice.return_to_port": "Back to the last port passed",
        "choice.leave_galley": "Leave one galley behind",
        "choice.set_sail": "Sail with {n} galleys",
        "choice.sail_to": "Sail to {space}",
        "choice.continuation": "Roll for Continuation (2d6, 7 or less)",
        "choice.naval_fight": "Fight",
        "log.sail": "{power}'s fleet sails from {start} to {space}.",
        "log.continuation": "{power}'s fleet at {space} rolls {roll} + {mod} for Continuation: "
                            "{result}.",
        "log.naval_disaster": "{power}'s fleet at {space}: Naval Disaster roll {roll}.",
        "log.storm": "A storm sinks {n} of {power}'s galleys.",
        "log.pirates_roll": "{power}'s fleet attacks the pirates at {space}: {roll}, {n} in all: "
                            "{result}.",
        "log.naval_battle": "Naval battle at {space}: {att} {a} against {dfd} {d}.",
        "prompt.transport": "{who}: the army is aboard at {space} ({n} MP left): sail on or "
                            "land?",
        "prompt.transport_stopped": "{who}: the transport has Stopped at {space} ({n} MP "
                                    "left): roll for Continuation, or land?",
        "choice.embark": "Embark on Naval Transport ({n} MP)",
        "choice.land": "Land at {space} ({n} MP)",
        "log.embark": "{power} embarks at {space} with {n} galleys.",
        "log.disembark": "{power} lands at {space}.",
        "log.transport_lost": "{power}'s transport is lost at sea at {space}.",
        "prompt.allocate_losses": "{who}: losses at {space}: remove at least {n} BP more",
        "choice.lose_fp": "The city loses 1 FP ({n} BP)",
        "choice.drop_unit": "Drop one {unit} here (0 MP)",
        "choice.naval_withdraw": "Withdraw to a port within 3 sea links",
        "log.rhodes_toll": "{power} pays Rhodes {n} T to sail through.",
        "log.mutiny_paid": "{power} pays {n} T to the mutinous fleet at {space}.",
        "prompt.reroll": "{who}: battle at {space}: try a reroll (2d6 against your leader's "
                         "Tactics + Campaign)?",
        "choice.reroll_own": "Try to reroll my die",
        "choice.reroll_theirs": "Try to make the enemy reroll",
        "choice.no_reroll": "No reroll",
        "log.reroll_attempt": "{power} tries a reroll: {roll} against {n}: {result}.",
        "log.rerolled": "{power}'s die is rolled again: {n}.",
        "log.fleet_withdrew": "{power}'s fleet withdraws from {start} to {space}.",
        "choice.pick_up": "Pick up the {n} units here (1 MP)",
        "choice.to_garrisons": "Disband one {unit} into {n} garrisons (1 MP for any number)",
        "log.dropped": "{power} leaves one {unit} at {space}.",
        "log.to_garrisons": "{power} disbands one {unit} into {n} garrisons at {space}.",
    },
    "ru": {
        "prompt.pick_army": "{who}: какие отряды и полководцы идут с армией из {space:gen}? "
                            "Оставьте лишних или выступайте",
        "prompt.move_army": "{who}: куда идёт армия из {space:gen} (осталось {n} ОД)?",
        "prompt.move_unit": "{who}: куда идёт {unit} из {space:gen} (осталось {n} ОД)?",
        "prompt.intercept": "{who}: перехватить {army:acc}, входящую в {space:acc}?",
        "prompt.withdraw": "{who}: противник ({army}) входит в {space:acc}: отступить до боя или "
                           "принять бой?",
        "prompt.withdraw_to": "{who}: куда отступает армия из {space:gen} ({n} ОД)?",
        "prompt.use_shifts": "{who}: бой в {space:loc}: сдвигов {n} (ваш бросок {mine}, "
                             "противника {theirs})",
        "prompt.retreat": "{who}: бой в {space:loc} проигран: отступить (потери на 10% меньше) или "
                          "остаться?",
        "prompt.force_retreat": "{who}: бой в {space:loc} выигран: заставить защитника отступить "
                                "за 1 ОД?",
        "prompt.retreat_where": "{who}: вынужденное отступление из {space:gen}: куда?",
        "prompt.pillage": "{who}: {space} захвачен: попытаться разграбить?",
        "prompt.use_city": "{who}: обороняет ли город или поселение в {space:loc} в этом бою?",
        "prompt.siege_bid": "Подготовка к осаде в {space:loc}: {a} и {b} тайно записывают "
                            "сумму; у большей 1 сдвиг, платят обе",
        "prompt.commit_elephants": "{who}: сколько слонов вводится в бой в {space:loc}?",
        "choice.leave_unit": "Оставить один отряд: {unit}",
        "choice.leave_leader": "Оставить {leader}",
        "choice.march_with": "Выступить: отрядов {n}, полководцев {leaders}",
        "choice.move_to": "В {space:acc} ({cost} ОД, останется {left})",
        "choice.stop_here": "Остановиться здесь",
        "choice.intercept_from": "Перехват из {space:gen} в {target:acc}",
        "choice.let_pass": "Пропустить",
        "choice.withdraw": "Отступить (1d6 ОД)",
        "choice.stand": "Принять бой",
        "choice.withdraw_to": "Отступить в {space:acc}",
        "choice.shift_raise": "Поднять свой бросок до {n}",
        "choice.shift_lower": "Снизить бросок противника до {n}",
        "choice.shifts_done": "Не использовать остальные сдвиги",
        "choice.retreat_to": "Отступить в {space:acc}",
        "choice.no_retreat": "Не отступать",
        "choice.force_retreat": "Заставить отступить (1 ОД)",
        "choice.no_force": "Оставить их",
        "choice.pillage": "Грабить",
        "choice.spare": "Не грабить",
        "choice.use_city": "Город обороняется (без кавалерии, слонов и отступления)",
        "choice.no_city": "Армия сражается без него",
        "choice.siege_bid": "Потратить {n} Т",
        "choice.commit_elephants": "Слонов: {n}",
        "log.mp_roll": "{power}: армия в {space:loc} выбросила {roll}: {n} ОД.",
        "log.move_step": "{power}: из {start:gen} в {space:acc} ({cost} ОД, осталось {n}).",
        "log.alpine_attrition": "{power} переходит Альпы в {space:acc}: бросок истощения {roll}, "
                                "потерь {n}.",
        "log.intercept_roll": "{power}: перехват из {start:gen} в {space:acc}: {roll} + {mod}: "
                              "{result}.",
        "log.withdraw_roll": "{power} отступает из {space:gen}: бросок {roll}, {n} ОД.",
        "log.withdraw_failed": "{power} не может отступить из {space:gen} и принимает бой.",
        "log.withdrew": "{power} отступает из {start:gen} в {space:acc}.",
        "log.elephant": "{power}: бросок слона {roll}.",
        "log.battle_rolls": "Бой в {space:loc}: {att} {abp} ОБ против {dfd:gen} {dbp} ОБ; броски "
                            "{ar} и {dr}; чистых сдвигов {n} у {who:gen}.",
        "log.battle_result": "Бой в {space:loc}: {att} теряет {apct}%, {dfd} {dpct}%: {who}.",
        "log.retreat_prevented": "Кавалерия противника не даёт отступить: {power} "
                                 "(бросок {roll}).",
        "log.battle_losses": "Потери в {space:loc}: {att} {a} ОБ, {dfd} {d} ОБ.",
        "log.retreated": "{power} отступает из {start:gen} в {space:acc}.",
        "log.regroup": "{power} перегруппировывается в {space:loc}.",
        "log.leader_fell_in_battle": "{leader} погибает в бою (бросок {roll}).",
        "log.leader_fell": "{leader} погибает вместе с армией.",
        "log.siege_bids": "Подготовка к осаде: {a} тратит {x} Т, {b} {y} Т.",
        "log.garrison_overrun": "{power}: гарнизон в {space:loc} уничтожен.",
        "log.militia": "{power} собирает ополчение после боя в {space:loc}: {n}.",
        "log.tribe_revealed": "Племя в {space:loc}: воинов {n}.",
        "word.success": "успех", "word.failure": "неудача", "word.draw": "ничья",
        "prompt.pick_fleet": "{who}: какие галеры и полководцы выходят из {space:gen}?",
        "prompt.move_fleet": "{who}: куда плывёт флот из {space:gen}?",
        "prompt.fleet_stopped": "{who}: флот остановился в {space:loc}: бросить на продолжение "
                                "движения или остаться?",
        "prompt.naval_contact": "{who}: флот {army:gen} входит в {space:acc}: сражаться или "
                                "пропустить?",
        "choice.my_fleet_at": "Флот в {space:loc} (галер: {n})",
        "choice.rhodes_fleet_at": "Флот Родоса в {space:loc} (галер: {n})",
        "prompt.raise_militia": "{who}: бой в {space:loc} дома проигран: собрать ополчение (1d6, "
                                "-1 к Стабильности)?",
        "prompt.place_militia": "{who}: куда поставить ополчение (осталось {n})?",
        "choice.raise_militia": "Собрать ополчение",
        "choice.no_militia": "Без ополчения",
        "choice.militia_at": "Ополчение в {space:loc}",
        "choice.return_to_port": "Назад в последний пройденный порт",
        "choice.leave_galley": "Оставить одну галеру",
        "choice.set_sail": "Выйти в море: галер {n}",
        "choice.sail_to": "Плыть в {space:acc}",
        "choice.continuation": "Бросок на продолжение (2d6, 7 или меньше)",
        "choice.naval_fight": "Сражаться",
        "log.sail": "{power}: флот плывёт из {start:gen} в {space:acc}.",
        "log.continuation": "{power}: флот в {space:loc}, бросок на продолжение {roll} + {mod}: "
                            "{result}.",
        "log.naval_disaster": "{power}: флот в {space:loc}, бросок морской катастрофы {roll}.",
        "log.storm": "Буря топит галеры ({power}): {n}.",
        "log.pirates_roll": "{power}: флот атакует пиратов в {space:loc}: {roll}, всего {n}: "
                            "{result}.",
        "log.naval_battle": "Морской бой в {space:loc}: {att} {a} против {dfd:gen} {d}.",
        "prompt.transport": "{who}: армия на кораблях в {space:loc} (осталось {n} ОД): плыть "
                            "дальше или высаживаться?",
        "prompt.transport_stopped": "{who}: транспорт остановился в {space:loc} (осталось {n} ОД): "
                                    "бросок на продолжение или высадка?",
        "choice.embark": "Погрузиться на корабли ({n} ОД)",
        "choice.land": "Высадиться в {space:loc} ({n} ОД)",
        "log.embark": "{power}: погрузка в {space:loc}, галер {n}.",
        "log.disembark": "{power}: высадка в {space:loc}.",
        "log.transport_lost": "{power}: транспорт погиб в море ({space}).",
        "prompt.allocate_losses": "{who}: потери в {space:loc}: снимите ещё не меньше {n} ОБ",
        "choice.lose_fp": "Город теряет 1 ОУ ({n} ОБ)",
        "choice.drop_unit": "Оставить здесь: {unit} (0 ОД)",
        "choice.naval_withdraw": "Уйти в порт не дальше 3 морских связей",
        "log.rhodes_toll": "{power} платит Родосу {n} Т за проход.",
        "log.mutiny_paid": "{power} платит {n} Т взбунтовавшемуся флоту в {space:loc}.",
        "prompt.reroll": "{who}: бой в {space:loc}: попытаться перебросить (2d6 против Тактики + "
                         "Кампании полководца)?",
        "choice.reroll_own": "Перебросить свой кубик",
        "choice.reroll_theirs": "Заставить противника перебросить",
        "choice.no_reroll": "Без переброса",
        "log.reroll_attempt": "{power}: попытка переброса: {roll} против {n}: {result}.",
        "log.rerolled": "{power}: кубик переброшен: {n}.",
        "log.fleet_withdrew": "{power}: флот уходит из {start:gen} в {space:acc}.",
        "choice.pick_up": "Забрать отряды здесь: {n} (1 ОД)",
        "choice.to_garrisons": "Распустить: {unit}, гарнизонов {n} (1 ОД за всех)",
        "log.dropped": "{power} оставляет в {space:loc}: {unit}.",
        "log.to_garrisons": "{power} распускает в {space:loc}: {unit}, гарнизонов {n}.",
    },
}
ARMIES = {
    "en": {"rome": "the Roman army", "carthage": "the Carthaginian army",
           "greece": "the Greek army", "east": "the Eastern army"},
    "ru": {"rome": "римская армия", "carthage": "карфагенская армия",
           "greece": "греческая армия", "east": "восточная армия"},
}
# a Power's army in the Russian cases the templates ask for ({army:acc} …)
ARMY_CASES_RU = {"acc": ("ую армию", "армию"), "dat": ("ой армии", "армии"),
                 "gen": ("ой армии", "армии")}
for _lang, _texts in MILITARY.items():
    TEXTS[_lang].update(_texts)
    for _owner, _name in POWER_NAMES[_lang].items():
        _of = TEXTS["ru"].get(f"power.{_owner}:gen", _name) if _lang == "ru" else _name
        TEXTS[_lang][f"army.{_owner}"] = ARMIES[_lang].get(
            _owner, f"the army of {_name}" if _lang == "en" else f"армия {_of}")
        if _lang == "ru":
            for _case, (_adjective, _noun) in ARMY_CASES_RU.items():
                _own = ARMIES["ru"].get(_owner)
                TEXTS["ru"][f"army.{_owner}:{_case}"] = (
                    f"{_own.split()[0][:-2]}{_adjective}" if _own else f"{_noun} {_of}")


def extend(more: dict[str, dict[str, str]]) -> None:
    """A rules module's own texts, English and Russian, joined to the catalogue when the module
    is imported (each key in both languages; a name's case forms, ``key:gen`` …, belong to the
    one language that declines it)."""
    def keys(lang: str) -> set[str]:
        return {k for k in more.get(lang, {}) if ":" not in k}

    if keys("en") != keys("ru"):
        missing = keys("en") ^ keys("ru")
        raise ValueError(f"texts not in both languages: {sorted(missing)}")
    for lang, texts in more.items():
        TEXTS[lang].update(texts)
