"""English and Russian texts of Mare Nostrum (terms as the Russian rulebook «Наше море» uses them:
Провинция, Фишка Контроля, Легион, Триера, Крепость, Караван, Рынок, Храм, Выдающийся Город...).

Names of Provinces, Seas, Goods, Empires and cards come from the data files. A list of Resources in
a message is spread over the slot arguments made by ``slots``.
"""

from __future__ import annotations

from typing import Any

from games.core.text import list_slots
from games.mare_nostrum.data import board, cards

LIST_SLOTS = 12


def slots(tokens: list[str], k: int = LIST_SLOTS) -> dict[str, Any]:
    """Arguments ``c0, i0 … c{k-1}, i{k-1}`` for a list of Resources: equal tokens grouped as
    "2× Wine", groups separated by commas. Unused slots are empty."""
    groups: dict[str, int] = {}
    for t in tokens:
        groups[t] = groups.get(t, 0) + 1
    args: dict[str, Any] = {}
    items = list(groups.items())
    for j in range(k):
        if j < len(items):
            tok, n = items[j]
            sep = ", " if j else ""
            args[f"c{j}"] = sep + (f"{n}× " if n > 1 else "")
            args[f"i{j}"] = f"@res.{tok}"
        else:
            args[f"c{j}"] = ""
            args[f"i{j}"] = ""
    if not items:
        args["i0"] = "@res.none"
    return args


LIST = "".join(f"{{c{j}}}{{i{j}}}" for j in range(LIST_SLOTS))
# the players a question waits for (``games.core.text.listing``, at most five)
WHO = list_slots("w", 5)

_EN: dict[str, str] = {
    "track.trade": "Trade", "track.culture": "Culture", "track.military": "Military",
    "phase.collection": "Collection of Resources", "phase.trade": "Trade",
    "phase.build": "Building", "phase.movement": "Movement & Battles",
    "phase.leadership": "Leadership",
    "city.ordinary": "City", "city.capital": "Capital", "city.legendary": "Legendary City",
    "item.control": "Control Marker", "item.city": "City", "item.caravan": "Caravan",
    "item.market": "Market", "item.temple": "Temple", "item.legion": "Legion",
    "item.trireme": "Trireme", "item.fortress": "Fortress", "item.card": "Hero or Wonder",
    "item.pyramids": "Pyramids",
    "res.coin": "Coin", "res.none": "nothing", "fortress_lost": " and the Fortress",
    "nothing": "",
    # prompts
    "prompt.none": "Nothing to do",
    "prompt.legend": "Legendary City in {prov} with its Temple: take a Coin or a Rare Good",
    "prompt.colossus": "Colossus of Rhodes: take one extra Resource (it is shown to all)",
    "prompt.collect_wait": "Waiting for the collection choices",
    "prompt.token": "{who}, Trade Leader: play a Trade Token",
    "prompt.antigone": "{who} (Antigone): how many Resources do you offer? (token: {n})",
    "prompt.first": "{who} cannot offer: name the player who takes first",
    "prompt.offer": "Choose your secret offer: {have} of {n} Resources",
    "prompt.offers_wait": "Offers are being made in secret ({n} still choosing)",
    "prompt.take": "{who}: take one offered Resource",
    "prompt.gift": "{who}: give one Resource of your choice to {to} (balancing)",
    "prompt.builder": "{who}, Culture Leader: who builds next?",
    "prompt.perseus": "Perseus: you may build the Pyramids or your 5th card first and win",
    "prompt.build": "{who} builds: choose what to build, or finish",
    "prompt.target": "{who}: where does the {item} go?",
    "prompt.pay": "{who}: pay {n} Resources for the {item} ({have} chosen)",
    "prompt.castor": "{who}: Castor & Pollux copy which enemy Hero?",
    "prompt.keep": "{who}: Hanging Gardens: keep up to 2 different Resources",
    "prompt.zeus": "{who} (Statue of Zeus): declare peace with an opponent?",
    "prompt.mover": "{who}, Military Leader: who moves next?",
    "prompt.triremes": "{who}: move Triremes, one Sea each",
    "prompt.fleet_to": "{who}: where does a Trireme from the {sea} go?",
    "prompt.naval": "{who}: fight a naval battle?",
    "prompt.legions": "{who}: move Legions",
    "prompt.army_to": "{who}: where do Legions from {prov} go?",
    "prompt.army_n": "{who}: how many Legions go from {prov} to {to}?",
    "prompt.land": "{who}: fight the land battles",
    "prompt.casualty": "{who}: {n} hit(s) in {prov}: lose the Fortress or Legions?",
    "prompt.capture": "{who} is Capturer in {prov}: destroy, occupy or take the Control Marker",
    "prompt.occupy": "{who}: occupy which Buildings in {prov}?",
    "prompt.loot": "{who}: loot of a Legendary City: a Coin or a Rare Good",
    "prompt.sheba": "{who} (Queen of Sheba): sacrifice the Legion to take {prov} now?",
    "prompt.swap": "{who}: replace the Control Marker in {prov} with yours?",
    "prompt.circe": "{who} (Circe): stand Legions on empty Caravan slots?",
    "prompt.tie": "{who}: tie for {track} Leader at {n}: who gets the title?",
    # choices
    "choice.legend_coin": "Take a Coin ({prov})", "choice.legend_rare": "Take a Rare Good ({prov})",
    "choice.colossus": "Take {good}", "choice.colossus_none": "Nothing is left in the supply",
    "choice.colossus_skip": "Take nothing",
    "choice.token": "Play the {token} token as {n}",
    "choice.antigone": "Offer {n}",
    "choice.first": "{who} takes first",
    "choice.offer": "Offer {res}", "choice.unoffer": "Take back {res}",
    "choice.confirm_offer": "Confirm the offer: " + LIST,
    "choice.offer_set": "Offer " + LIST + " (and confirm)",
    "choice.take": "Take {res} from {who}",
    "choice.give": "Give {res} to {who}",
    "choice.builder": "{who} builds",
    "choice.perseus": "Perseus: build {card} first",
    "choice.perseus_pass": "Perseus: let the builder go on",
    "choice.item": "Build a {item} ({n})",
    "choice.penthesilea": "Penthesilea: {n} free Legion(s) in {prov}",
    "choice.build_done": "Finish building",
    "choice.at_city": "{kind} {name} in {prov}", "choice.at_caravan": "{good} Caravan in {prov}",
    "choice.at_sea": "{sea}", "choice.at_card": "{card}", "choice.at_prov": "{prov}",
    "choice.back": "Back", "choice.more": "More… (page {page} of {pages})",
    "choice.free": "Free ({card})", "choice.pay1": "Pay 1 {res} ({card})",
    "choice.pay_set": "Pay " + LIST,
    "choice.pay_add": "Add {res} ({have}/{n})",
    "choice.copy": "Copy {card}",
    "choice.keep": "Keep {res}", "choice.keep_done": "Discard the rest",
    "choice.peace": "Peace with {who}", "choice.no_peace": "No peace this turn",
    "choice.mover": "{who} moves",
    "choice.fleet": "Trireme from the {sea} ({n})", "choice.to_sea": "To the {sea}",
    "choice.ships_done": "Triremes: done",
    "choice.naval": "Naval battle in the {sea} against {who}",
    "choice.no_more_naval": "No (more) naval battles",
    "choice.army": "Legions from {prov} ({n})", "choice.to_prov": "To {prov}",
    "choice.n_legions": "{n} Legion(s)", "choice.legions_done": "Legions: done",
    "choice.land": "Battle in {prov} against {who}",
    "choice.lose_legions": "Lose {n} Legion(s)",
    "choice.lose_fortress": "Lose the Fortress and {n} Legion(s)",
    "choice.destroy": "Destroy the {what}", "choice.occupy": "Occupy Buildings",
    "choice.marker": "Put a Legion on the Control Marker",
    "choice.keep_holdings": "Keep what you hold",
    "choice.capture_nothing": "Leave it as it is",
    "choice.occ": "Occupy the {what}", "choice.occupy_done": "Done occupying",
    "choice.loot_coin": "A Coin", "choice.loot_rare": "A Rare Good",
    "choice.sheba": "Sacrifice the Legion: {prov} is yours", "choice.sheba_no": "Not now",
    "choice.swap": "Take control of {prov}", "choice.swap_no": "Not now",
    "choice.circe": "A Legion on the {good} Caravan slot in {prov}",
    "choice.circe_done": "Circe: done",
    "choice.title": "{who} is {track} Leader",
    # log
    "log.start": "Mare Nostrum for {n} players",
    "log.turn": "Turn {n}",
    "log.screen_resources": "Turn 1: everyone has the 9 Resources of his Empire Screen",
    "log.collect": "{who} collects {n} Resources",
    "log.gain_you": "You receive {n}× {res}",
    "log.legend_coin": "{who} takes a Coin for the Legendary City in {prov}",
    "log.legend_rare": "{who} draws a Rare Good for the Legendary City in {prov}",
    "log.colossus": "{who} takes {good} (Colossus of Rhodes)",
    "log.token": "{who} plays the {token} token: offer {n}",
    "log.antigone": "{who} (Antigone) will offer {n}",
    "log.trade_out": "{who} has fewer than {n} Resources and does not trade",
    "log.no_trade": "No trade this turn",
    "log.trade_first": "{who} takes first",
    "log.offer_ready": "{who} has placed an offer",
    "log.offer": "{who} offers " + LIST,
    "log.take": "{who} takes {res} from {victim}",
    "log.gift": "{who} gives {to} one Resource (balancing)",
    "log.gift_detail": "{who} gives {res} to {to}",
    "log.trade_end": "The trade is over",
    "log.builder": "{who} builds",
    "log.perseus": "{who} declares with Perseus: {card} first",
    "log.paid": "{who} pays " + LIST,
    "log.build_control": "{who} places a Control Marker in {prov}",
    "log.build_city": "{who} builds a {kind} in {prov}",
    "log.build_caravan": "{who} builds a {good} Caravan in {prov}",
    "log.build_market": "{who} builds a Market in {prov}",
    "log.build_temple": "{who} builds a Temple in {prov}",
    "log.build_legion": "{who} builds a Legion in {prov}",
    "log.build_fortress": "{who} builds a Fortress in {prov}",
    "log.build_trireme": "{who} builds a Trireme in the {sea}",
    "log.build_card": "{who} takes {card}",
    "log.castor": "{who}: Castor & Pollux copy {card}",
    "log.castor_none": "{who}: Castor & Pollux find no Hero to copy",
    "log.penthesilea": "{who} (Penthesilea) builds {n} free Legion(s) in {prov}",
    "log.keeps": "{who} keeps " + LIST,
    "log.card_up": "{card} is turned face up",
    "log.peace": "{who} declares peace with {to} (Statue of Zeus)",
    "log.sent_home": "{n} Legion(s) of {who} go home from {prov}",
    "log.mover": "{who} moves",
    "log.sail": "{who} moves a Trireme from the {sea} to the {to}",
    "log.march": "{who} moves {n} Legion(s) from {prov} to {to}",
    "log.march_sea": "{who} ships {n} Legion(s) from {prov} to {to}",
    "log.land_battle": "Land battle in {prov}: {who} against {vs}",
    "log.sea_battle": "Naval battle in the {sea}: {who} against {vs}",
    "log.roll": "{who} rolls {dice}: total {total}, {hits} hit(s)",
    "log.losses": "{who} loses {n} Legion(s){fortress}",
    "log.ships_lost": "{who} loses {n} Trireme(s)",
    "log.destroy": "{who} destroys the {what} in {prov}",
    "log.loot": "{who} loots {n}× {res}",
    "log.loot_rare": "{who} loots a Rare Good",
    "log.occupy": "{who} occupies the {what} in {prov}",
    "log.marker_taken": "{who} puts a Legion on the Control Marker in {prov}",
    "log.keep_holdings": "{who} keeps his hold in {prov}",
    "log.sheba": "{who} sacrifices a Legion (Queen of Sheba) in {prov}",
    "log.control_changed": "{who} takes control of {prov} from {old}",
    "log.marker_removed": "{old}'s Control Marker in {prov} is removed: {who} has no Province "
                          "near it; the Province is uncontrolled",
    "log.marker_no_piece": "{who} has no Control Marker left to put in {prov}: the attempt "
                           "ends",
    "log.circe": "{who} stands a Legion on the {good} Caravan slot in {prov} (Circe)",
    "log.tie": "{who} gives the {track} title to {to}",
    "log.title": "{who} is {track} Leader",
    "result.prestige": "{who} builds the Pyramids and wins (Prestige)",
    "result.glory": "{who} has 5 Heroes and Wonders and wins (Glory)",
    "result.glory_shared": "{all} share the victory (Glory)",
    "result.conquest": "{who} holds 4 Capitals and Legendary Cities and wins (Conquest)",
    "result.conquest_shared": "{all} share the victory (Conquest)",
    "result.primacy": "{who} holds all three titles and wins (Primacy)",
    "result.over": "The game is over",
    # describe
    "describe.head": "Mare Nostrum, turn {n}: {phase}",
    "describe.titles": "Leaders: Trade {trade}, Culture {culture}, Military {military}",
    "describe.empire": "{who}: Trade {trade}, Culture {culture}, Military {military}; "
                       "{n} Resources; {cities} great cities; {cards} cards",
    "describe.legions": "{n} Legion(s)", "describe.fortress": "Fortress of {who}",
    "describe.at_war": "(at war)", "describe.triremes": "Triremes:",
    "describe.cards_up": "Heroes & Wonders ({n} face down):",
    "describe.tokens": "Trade Tokens available:",
    "describe.battle": "Last battle in {area}: {a} dealt {ha} hit(s), {d} dealt {hd}",
    "describe.hand": "Your Resources:", "describe.offer": "Your offer:",
    "error.illegal": "{reason}", "error.game_over": "The game is over.",
    "error.no_role": "There is no side {role} in this game.",
    "error.not_your_turn": "It is not your turn to act.",
    "error.not_a_choice": "That is not one of the choices open to you now.",
}

_RU: dict[str, str] = {
    "track.trade": "Торговля", "track.culture": "Культура", "track.military": "Военное дело",
    "phase.collection": "Сбор Ресурсов", "phase.trade": "Торговля",
    "phase.build": "Строительство", "phase.movement": "Передвижение и Бои",
    "phase.leadership": "Определение Лидерства",
    "city.ordinary": "Город", "city.capital": "Столица", "city.legendary": "Выдающийся Город",
    "item.control": "Фишка Контроля", "item.city": "Город", "item.caravan": "Караван",
    "item.market": "Рынок", "item.temple": "Храм", "item.legion": "Легион",
    "item.trireme": "Триера", "item.fortress": "Крепость", "item.card": "Герой или Чудо",
    "item.pyramids": "Пирамиды",
    "res.coin": "Монета", "res.none": "ничего", "fortress_lost": " и Крепость",
    "nothing": "",
    "prompt.none": "Действий нет",
    "prompt.legend": "Выдающийся Город в Провинции {prov} с Храмом: Монета или Редкий Товар",
    "prompt.colossus": "Колосс Родосский: возьмите 1 дополнительный Ресурс (его видят все)",
    "prompt.collect_wait": "Ожидаем выбор при сборе Ресурсов",
    "prompt.token": "{who}, Торговый Лидер: сыграйте Фишку Обмена",
    "prompt.antigone": "{who} (Антигона): сколько Ресурсов вы выложите? (фишка: {n})",
    "prompt.first": "{who} не может торговать: назовите игрока, который берёт первым",
    "prompt.offer": "Тайно выберите Ресурсы для обмена: {have} из {n}",
    "prompt.offers_wait": "Игроки тайно выкладывают Ресурсы (ещё выбирают: {n})",
    "prompt.take": "{who}: возьмите 1 выложенный Ресурс",
    "prompt.gift": "{who}: отдайте 1 Ресурс по своему выбору игроку {to} (уравнивание)",
    "prompt.builder": "{who}, Лидер в Культуре: кто строит следующим?",
    "prompt.perseus": "Персей: вы можете первым построить Пирамиды или 5-ю карту и победить",
    "prompt.build": "Строит {who}: выберите, что построить, или закончите",
    "prompt.target": "{who}: куда поставить: {item}?",
    "prompt.pay": "{who}: заплатите {n} Ресурсов за «{item}» (выбрано {have})",
    "prompt.castor": "{who}: чьего вражеского Героя копируют Кастор и Поллукс?",
    "prompt.keep": "{who}: Висячие Сады: сохраните до 2 разных Ресурсов",
    "prompt.zeus": "{who} (Статуя Зевса): объявить мир одному из противников?",
    "prompt.mover": "{who}, Военный Лидер: кто ходит следующим?",
    "prompt.triremes": "{who}: передвиньте Триеры, каждую на 1 море",
    "prompt.fleet_to": "{who}: куда идёт Триера из моря «{sea}»?",
    "prompt.naval": "{who}: начать морской бой?",
    "prompt.legions": "{who}: передвиньте Легионы",
    "prompt.army_to": "{who}: куда идут Легионы из Провинции {prov}?",
    "prompt.army_n": "{who}: сколько Легионов идёт из {prov} в {to}?",
    "prompt.land": "{who}: проведите наземные бои",
    "prompt.casualty": "{who}: попаданий {n} в Провинции {prov}: потерять Крепость или Легионы?",
    "prompt.capture": "{who} — Захватчик в Провинции {prov}: разрушить, оккупировать или "
                      "захватить Фишку Контроля",
    "prompt.occupy": "{who}: какие Здания в Провинции {prov} оккупировать?",
    "prompt.loot": "{who}: добыча с Выдающегося Города: Монета или Редкий Товар",
    "prompt.sheba": "{who} (Царица Савская): пожертвовать Легионом и сразу взять {prov}?",
    "prompt.swap": "{who}: заменить Фишку Контроля в Провинции {prov} своей?",
    "prompt.circe": "{who} (Цирцея): поставить Легионы на пустые поля Караванов?",
    "prompt.tie": "{who}: ничья за звание «{track}» ({n}): кому отдать звание Лидера?",
    "choice.legend_coin": "Взять Монету ({prov})", "choice.legend_rare": "Взять Редкий Товар ({prov})",
    "choice.colossus": "Взять: {good}", "choice.colossus_none": "В запасе ничего не осталось",
    "choice.colossus_skip": "Ничего не брать",
    "choice.token": "Сыграть фишку {token} значением {n}",
    "choice.antigone": "Выложить {n}",
    "choice.first": "Первым берёт {who}",
    "choice.offer": "Выложить: {res}", "choice.unoffer": "Вернуть: {res}",
    "choice.confirm_offer": "Подтвердить: " + LIST,
    "choice.offer_set": "Выложить: " + LIST + " (и подтвердить)",
    "choice.take": "Взять {res} у игрока {who}",
    "choice.give": "Отдать {res} игроку {who}",
    "choice.builder": "Строит {who}",
    "choice.perseus": "Персей: первым построить «{card}»",
    "choice.perseus_pass": "Персей: пусть строитель продолжает",
    "choice.item": "Построить: {item} ({n})",
    "choice.penthesilea": "Пентесилея: бесплатных Легионов: {n} в Провинции {prov}",
    "choice.build_done": "Закончить строительство",
    "choice.at_city": "{kind} {name}, {prov}", "choice.at_caravan": "Караван ({good}), {prov}",
    "choice.at_sea": "{sea}", "choice.at_card": "{card}", "choice.at_prov": "{prov}",
    "choice.back": "Назад", "choice.more": "Ещё… (страница {page} из {pages})",
    "choice.free": "Бесплатно ({card})", "choice.pay1": "Заплатить 1: {res} ({card})",
    "choice.pay_set": "Заплатить: " + LIST,
    "choice.pay_add": "Добавить: {res} ({have}/{n})",
    "choice.copy": "Копировать: {card}",
    "choice.keep": "Сохранить: {res}", "choice.keep_done": "Сбросить остальное",
    "choice.peace": "Мир с игроком {who}", "choice.no_peace": "Без мира в этом ходу",
    "choice.mover": "Ходит {who}",
    "choice.fleet": "Триера из моря «{sea}» ({n})", "choice.to_sea": "В море «{sea}»",
    "choice.ships_done": "Триеры: готово",
    "choice.naval": "Морской бой в море «{sea}» против игрока {who}",
    "choice.no_more_naval": "Без (новых) морских боёв",
    "choice.army": "Легионы из Провинции {prov} ({n})", "choice.to_prov": "В Провинцию {prov}",
    "choice.n_legions": "Легионов: {n}", "choice.legions_done": "Легионы: готово",
    "choice.land": "Бой в Провинции {prov} против игрока {who}",
    "choice.lose_legions": "Потерять Легионов: {n}",
    "choice.lose_fortress": "Потерять Крепость и Легионов: {n}",
    "choice.destroy": "Разрушить: {what}", "choice.occupy": "Оккупировать Здания",
    "choice.marker": "Поставить Легион на Фишку Контроля",
    "choice.keep_holdings": "Сохранить занятое",
    "choice.capture_nothing": "Ничего не делать",
    "choice.occ": "Оккупировать: {what}", "choice.occupy_done": "Оккупация: готово",
    "choice.loot_coin": "Монету", "choice.loot_rare": "Редкий Товар",
    "choice.sheba": "Пожертвовать Легионом: {prov} ваша", "choice.sheba_no": "Не сейчас",
    "choice.swap": "Взять под контроль Провинцию {prov}", "choice.swap_no": "Не сейчас",
    "choice.circe": "Легион на поле Каравана ({good}), {prov}",
    "choice.circe_done": "Цирцея: готово",
    "choice.title": "Лидер ({track}): {who}",
    "log.start": "«Наше море» на {n} игроков",
    "log.turn": "Ход {n}",
    "log.screen_resources": "Ход 1: у каждого 9 Ресурсов с ширмы его Империи",
    "log.collect": "{who} собирает Ресурсов: {n}",
    "log.gain_you": "Вы получаете {n}× {res}",
    "log.legend_coin": "{who} берёт Монету за Выдающийся Город в Провинции {prov}",
    "log.legend_rare": "{who} тянет Редкий Товар за Выдающийся Город в Провинции {prov}",
    "log.colossus": "{who} берёт: {good} (Колосс Родосский)",
    "log.token": "{who} играет фишку {token}: выложить {n}",
    "log.antigone": "{who} (Антигона) выложит {n}",
    "log.trade_out": "У игрока {who} меньше {n} Ресурсов, он не торгует",
    "log.no_trade": "В этом ходу торговли нет",
    "log.trade_first": "Первым берёт {who}",
    "log.offer_ready": "{who} выложил Ресурсы",
    "log.offer": "{who} выкладывает: " + LIST,
    "log.take": "{who} берёт {res} у игрока {victim}",
    "log.gift": "{who} отдаёт 1 Ресурс игроку {to} (уравнивание)",
    "log.gift_detail": "{who} отдаёт {res} игроку {to}",
    "log.trade_end": "Торговля окончена",
    "log.builder": "Строит {who}",
    "log.perseus": "{who} объявляет с Персеем: первым «{card}»",
    "log.paid": "{who} платит: " + LIST,
    "log.build_control": "{who} ставит Фишку Контроля в Провинции {prov}",
    "log.build_city": "{who} строит: {kind}, {prov}",
    "log.build_caravan": "{who} строит Караван ({good}), {prov}",
    "log.build_market": "{who} строит Рынок, {prov}",
    "log.build_temple": "{who} строит Храм, {prov}",
    "log.build_legion": "{who} строит Легион, {prov}",
    "log.build_fortress": "{who} строит Крепость, {prov}",
    "log.build_trireme": "{who} строит Триеру в море «{sea}»",
    "log.build_card": "{who} получает: {card}",
    "log.castor": "{who}: Кастор и Поллукс копируют: {card}",
    "log.castor_none": "{who}: Кастору и Поллуксу некого копировать",
    "log.penthesilea": "{who} (Пентесилея) бесплатно строит Легионов: {n}, {prov}",
    "log.keeps": "{who} сохраняет: " + LIST,
    "log.card_up": "Открыта карта: {card}",
    "log.peace": "{who} объявляет мир с игроком {to} (Статуя Зевса)",
    "log.sent_home": "Легионы игрока {who} ({n}) возвращаются домой из Провинции {prov}",
    "log.mover": "Ходит {who}",
    "log.sail": "{who}: Триера из моря «{sea}» в море «{to}»",
    "log.march": "{who}: Легионов {n} из {prov} в {to}",
    "log.march_sea": "{who}: Легионов {n} по морю из {prov} в {to}",
    "log.land_battle": "Наземный бой в Провинции {prov}: {who} против {vs}",
    "log.sea_battle": "Морской бой в море «{sea}»: {who} против {vs}",
    "log.roll": "{who} бросает {dice}: сумма {total}, попаданий {hits}",
    "log.losses": "{who} теряет Легионов: {n}{fortress}",
    "log.ships_lost": "{who} теряет Триер: {n}",
    "log.destroy": "{who} разрушает: {what}, {prov}",
    "log.loot": "{who} грабит: {n}× {res}",
    "log.loot_rare": "{who} грабит Редкий Товар",
    "log.occupy": "{who} оккупирует: {what}, {prov}",
    "log.marker_taken": "{who} ставит Легион на Фишку Контроля в Провинции {prov}",
    "log.keep_holdings": "{who} сохраняет занятое в Провинции {prov}",
    "log.sheba": "{who} жертвует Легионом (Царица Савская), {prov}",
    "log.control_changed": "{who} берёт под контроль Провинцию {prov} (прежде: {old})",
    "log.marker_removed": "Фишка Контроля игрока {old} в Провинции {prov} снята: у игрока {who} "
                          "нет соседней или соединённой Провинции; Провинция без контроля",
    "log.marker_no_piece": "У игрока {who} не осталось Фишек Контроля для Провинции {prov}: "
                           "попытка захвата окончена",
    "log.circe": "{who} ставит Легион на поле Каравана ({good}), {prov} (Цирцея)",
    "log.tie": "{who} отдаёт звание Лидера ({track}) игроку {to}",
    "log.title": "{who} — Лидер ({track})",
    "result.prestige": "{who} строит Пирамиды и побеждает (Престиж)",
    "result.glory": "У игрока {who} 5 Героев и Чудес: победа (Слава)",
    "result.glory_shared": "Победу делят: {all} (Слава)",
    "result.conquest": "{who} владеет 4 Столицами и Выдающимися Городами: победа (Завоевание)",
    "result.conquest_shared": "Победу делят: {all} (Завоевание)",
    "result.primacy": "{who} носит все три звания Лидера: победа (Первенство)",
    "result.over": "Игра окончена",
    "describe.head": "«Наше море», ход {n}: {phase}",
    "describe.titles": "Лидеры: Торговля {trade}, Культура {culture}, Военное дело {military}",
    "describe.empire": "{who}: Торговля {trade}, Культура {culture}, Военное дело {military}; "
                       "Ресурсов {n}; великих городов {cities}; карт {cards}",
    "describe.legions": "Легионов: {n}", "describe.fortress": "Крепость: {who}",
    "describe.at_war": "(в войне)", "describe.triremes": "Триеры:",
    "describe.cards_up": "Герои и Чудеса (закрыто: {n}):",
    "describe.tokens": "Доступные Фишки Обмена:",
    "describe.battle": "Последний бой ({area}): {a} — попаданий {ha}, {d} — {hd}",
    "describe.hand": "Ваши Ресурсы:", "describe.offer": "Ваш обмен:",
    "error.game_over": "Игра окончена.",
    "error.no_role": "В этой партии нет стороны {role}.",
    "error.not_your_turn": "Сейчас не ваш ход.",
    "error.not_a_choice": "Такого выбора сейчас нет.",
}


def _names() -> tuple[dict[str, str], dict[str, str]]:
    en: dict[str, str] = {}
    ru: dict[str, str] = {}
    bd = board()
    for e in bd.empires.values():
        en[f"empire.{e.id}"], ru[f"empire.{e.id}"] = e.name, e.name_ru
    for p in bd.provinces.values():
        en[f"prov.{p.id}"], ru[f"prov.{p.id}"] = p.name, p.name_ru
    for x in bd.seas.values():
        en[f"sea.{x.id}"], ru[f"sea.{x.id}"] = x.name, x.name_ru
    for g in bd.file.goods:
        en[f"good.{g.id}"], ru[f"good.{g.id}"] = g.name, g.name_ru
        en[f"res.{g.id}"], ru[f"res.{g.id}"] = g.name, g.name_ru
        en[f"res.{g.id}*"], ru[f"res.{g.id}*"] = f"Rare {g.name}", f"{g.name_ru} (редкий)"
        en[f"caravan.{g.id}"], ru[f"caravan.{g.id}"] = f"{g.name} Caravan", f"Караван ({g.name_ru})"
    en["good.coin"], ru["good.coin"] = "Coin", "Монета"
    for c in cards().values():
        en[f"card.{c.id}"], ru[f"card.{c.id}"] = c.name, c.name_ru
    return en, ru


_names_en, _names_ru = _names()
# Questions told to the players who are not asked (the asked read the prompt.* text), and a
# player's own Resources in words (``private_lines``), named as the hand picture names them.
_TABLE_EN: dict[str, str] = {
    "public.prompt.offers_wait": "Each player makes a secret trade offer; still choosing "
                                 "({n}): " + WHO,
    "public.prompt.collect_wait": "Collection choices: waiting for " + WHO,
    "private.hand": "Your Resources",
    "mine.resources": "Resources ({n}): {items}",
    "mine.offer": "Your secret offer ({n}): {items}",
    "mine.nothing": "nothing",
    "scenario.3p": "3 players", "scenario.4p": "4 players", "scenario.5p": "5 players",
}
_TABLE_RU: dict[str, str] = {
    "public.prompt.offers_wait": "Каждый тайно выкладывает Ресурсы для обмена; ещё "
                                 "выбирают ({n}): " + WHO,
    "public.prompt.collect_wait": "Выбор при сборе Ресурсов: ждём " + WHO,
    "private.hand": "Ваши Ресурсы",
    "mine.resources": "Ресурсы ({n}): {items}",
    "mine.offer": "Ваш тайный обмен ({n}): {items}",
    "mine.nothing": "ничего",
    "scenario.3p": "3 игрока", "scenario.4p": "4 игрока", "scenario.5p": "5 игроков",
    "error.illegal": "Так сейчас сделать нельзя.",
}

TEXTS: dict[str, dict[str, str]] = {"en": _names_en | _EN | _TABLE_EN,
                                    "ru": _names_ru | _RU | _TABLE_RU}
