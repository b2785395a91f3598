"""Short rules by topic for ``/rules title: topic:``, in English and Russian.

Each text is our own short summary, made from the English rules specifications and the Russian
rulebooks; the numbers in brackets (§) point to the rulebook's sections. The overview of each
title stays in the bot catalogue (``rules.<title>``); here are the topics, keyed
``rules.<title>.<topic>``.
"""

from __future__ import annotations

# The topics of each title, in reading order.
TOPICS: dict[str, tuple[str, ...]] = {
    "ancients": ("sequence", "cards", "movement", "combat", "retreat", "leaders", "terrain",
                 "victory"),
    "hannibal": ("sequence", "cards", "movement", "combat", "politics", "sieges", "victory"),
    "mare_nostrum": ("sequence", "resources", "trade", "building", "combat", "leadership",
                     "victory"),
    "pax_romana": ("sequence", "activation", "movement", "combat", "stability", "events",
                   "victory"),
}

TOPIC_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "sequence": "Sequence of play", "cards": "Cards", "movement": "Movement",
        "combat": "Combat", "retreat": "Retreat and evasion", "leaders": "Leaders",
        "terrain": "Terrain", "victory": "Victory", "politics": "Political control",
        "sieges": "Sieges and tribes", "resources": "Resources", "trade": "Trade",
        "building": "Building", "leadership": "Leadership", "activation": "Activations",
        "stability": "Stability", "events": "Events",
    },
    "ru": {
        "sequence": "Порядок хода", "cards": "Карты", "movement": "Движение",
        "combat": "Бой", "retreat": "Отступление и уклонение", "leaders": "Командиры",
        "terrain": "Местность", "victory": "Победа", "politics": "Политический контроль",
        "sieges": "Осады и племена", "resources": "Ресурсы", "trade": "Торговля",
        "building": "Строительство", "leadership": "Лидерство", "activation": "Активации",
        "stability": "Стабильность", "events": "События",
    },
}

EN: dict[str, str] = {
    # -- Commands & Colors: Ancients -------------------------------------------------------------
    "rules.ancients.sequence": (
        "Players take turns. On your turn:\n"
        "1. Play one command card from your hand.\n"
        "2. Order the units (and leaders) the card allows.\n"
        "3. Move the ordered units, one after another; every move ends before any fight.\n"
        "4. Battle with the ordered units, one at a time: fire at range or attack an adjacent "
        "enemy.\n"
        "5. Draw a new command card. Then your opponent takes a turn."
    ),
    "rules.ancients.cards": (
        "The deck has 60 command cards.\n"
        "• Section cards order a number of units in the left, centre or right third of the "
        "field.\n"
        "• Troop cards order units of one kind (light, medium, heavy, mounted), as many as your "
        "command number; with none of that kind, one unit of your choice.\n"
        "• Leadership cards order a leader, his unit and a chain of linked units.\n"
        "• Tactic cards bend a rule for one turn: fire twice, fight first, march further.\n"
        "A unit on the line between two sections counts in both. Use /card to read any card."
    ),
    "rules.ancients.movement": (
        "Units move one by one, at most once a turn, and never through other units.\n"
        "• Light foot: up to 2 hexes; medium and heavy foot: 1 (warriors may charge exactly 2 "
        "and must then attack). Auxilia: 1 and fight, or 2 without fighting.\n"
        "• Light cavalry: up to 4; medium cavalry, camels and light chariots: 3; heavy cavalry, "
        "elephants and heavy chariots: 2.\n"
        "• A leader alone: up to 3, and he may pass through friends.\n"
        "Terrain may stop a unit or forbid it to fight on the turn it enters."
    ),
    "rules.ancients.combat": (
        "Ranged combat: light units and war machines fire at an enemy 2 or more hexes away; "
        "most roll 2 dice, 1 if they moved.\n"
        "Close combat: attack an adjacent enemy with the unit's dice (light 2, auxilia and "
        "medium 3-4, heavy 4-5).\n"
        "Each die hits when its colour matches the target's class (light, medium, heavy). In "
        "close combat crossed swords hit too (not for light attackers) and a helmet hits when a "
        "leader is with or beside the attacker. A flag forces a retreat. Each hit removes one "
        "block; a unit with no blocks left is eliminated.\n"
        "A unit that survives close combat in its hex may battle back. Winners that clear the "
        "hex may advance; mounted units, warriors and foot units with a leader may then attack "
        "again."
    ),
    "rules.ancients.retreat": (
        "Each flag that is not ignored moves the unit back toward its own edge by its full move "
        "(warriors 2, elephants and auxilia 1). Terrain does not slow a retreat, but units, "
        "enemy leaders, impassable hexes and the board edge stop it: each hex that cannot be "
        "retreated costs a block.\n"
        "Ignoring flags: a unit with a leader may ignore one; so may a unit supported by two "
        "friends, and some terrain helps.\n"
        "Evasion: light units (and mounted units against slower attackers) may fall back 2 "
        "hexes instead of standing a close combat; the attacker's dice then hit only on the "
        "evader's own colour, and he may not advance."
    ),
    "rules.ancients.leaders": (
        "A leader joins a unit by standing in its hex, or moves alone up to 3 hexes.\n"
        "• His unit may ignore one flag; in close combat helmets score hits for his unit and "
        "the units next to it.\n"
        "• A foot unit with a leader may make a bonus close combat after advancing.\n"
        "• When his unit loses blocks, roll for him: two helmets kill him; if the unit is "
        "wiped out, one helmet in one die. A surviving leader then escapes.\n"
        "• A leader alone who is attacked dies on a helmet, else he must evade.\n"
        "Each leader killed gives the enemy a victory banner."
    ),
    "rules.ancients.terrain": (
        "• Forest: units must stop; most cannot fight on entering; at most 2 dice into or out "
        "of it, and it blocks the line of sight.\n"
        "• Hills: at most 2 dice attacking uphill; they can block the line of sight.\n"
        "• Broken ground: mounted units stop and may not fight on entering.\n"
        "• Rivers and the coast cannot be crossed, except at fords (stop, at most 2 dice).\n"
        "• Camps and ramparts shield foot defenders from swords and flags.\n"
        "Cards that add dice add them after these limits."
    ),
    "rules.ancients.victory": (
        "The battle is won by the first side to gain the scenario's number of victory banners, "
        "usually 5 to 8. A banner is won for each enemy unit eliminated and for each enemy "
        "leader killed; some scenarios add banners for holding hexes or other goals."
    ),
    # -- Hannibal: Rome vs Carthage -------------------------------------------------------------
    "rules.hannibal.sequence": (
        "Each of the nine turns:\n"
        "1. Reinforcements (from turn 2): new units for both sides, and Rome elects two new "
        "consuls.\n"
        "2. Each side is dealt strategy cards: 7 on turns 1-3, 8 on turns 4-6, 9 on turns 7-9.\n"
        "3. Strategy: the sides play cards one at a time, in turn, until both hands are empty.\n"
        "4. Winter: armies standing among enemy political markers suffer attrition.\n"
        "5. Isolation: political markers cut off from friendly ground are removed.\n"
        "6. Political count: whoever holds fewer provinces removes markers to match.\n"
        "7. The end of the turn: is there a winner?"
    ),
    "rules.hannibal.cards": (
        "Each strategy card is played one way: as operations, as its event, or discarded.\n"
        "• Operations (1-3): move one general whose strategy rating is no higher than the "
        "value; or place that many political markers, one an area, where no enemy stands; or, "
        "for 3, add a unit to an army in friendly ground.\n"
        "• Event: if the card's colour allows your side. Response events may answer the enemy's "
        "card; some events are used once and leave the game.\n"
        "Battle cards are a separate deck for battles. Use /card to read any card."
    ),
    "rules.hannibal.movement": (
        "Only generals move troops. A card moves one army (a campaign card several) up to 4 "
        "areas, with at most 10 units; a general may pick up and drop units on the way.\n"
        "Entering an area next to the enemy may let him intercept; an army that is attacked may "
        "try to avoid battle. A strong army entering an area with one lone enemy unit sweeps it "
        "away. Crossing a pass costs an attrition roll; sea moves go from port to port and may "
        "need a roll.\n"
        "A move ends with one battle, or with a siege or subjugation attempt."
    ),
    "rules.hannibal.combat": (
        "Each side is dealt battle cards: its commander's battle rating, one per unit, and one "
        "or two for each allied province nearby (at most 20).\n"
        "Each round the attacker leads a card; the defender must answer with a card of the same "
        "type (or a Reserve) or lose. After a match the defender may try to seize the "
        "initiative with a roll against his commander's rating.\n"
        "Both sides then lose units by one roll on the attrition table, by the number of rounds; "
        "the loser rolls again for his rout and retreats."
    ),
    "rules.hannibal.politics": (
        "Political control markers claim areas. A province is yours when you hold enough of its "
        "areas; 18 provinces count.\n"
        "• Place markers with operations, where neither enemy units nor enemy markers stand; or "
        "flip an enemy marker where your army is.\n"
        "• Markers cut off from friendly ground are removed in the isolation phase.\n"
        "• Enemy markers cause winter attrition and make retreats and interceptions harder.\n"
        "At each turn's count, the side with fewer provinces removes the difference in markers; "
        "one who cannot sues for peace and loses."
    ),
    "rules.hannibal.sieges": (
        "A walled city changes sides only when stormed (or by an event); a tribe only when "
        "subjugated. Either takes 3 siege points, gathered over one or more rolls on the siege "
        "table by an army that stays there; a bad roll costs the besieger units. A besieged "
        "garrison may sortie."
    ),
    "rules.hannibal.victory": (
        "• At once: Rome takes Carthage, or Carthage takes Rome.\n"
        "• At once: Carthage holds every Italian province but Latium at a political count.\n"
        "• At once: the other side cannot remove the markers it owes and sues for peace.\n"
        "• Otherwise, after the last turn's count, the side with more provinces wins; a tie "
        "goes to Carthage."
    ),
    # -- Mare Nostrum: Empires ------------------------------------------------------------------
    "rules.mare_nostrum.sequence": (
        "Each turn has five phases:\n"
        "1. Collection: everyone takes resources from cities, caravans and legendary cities.\n"
        "2. Trade: everyone offers the same number of resources and takes others' in turn.\n"
        "3. Building: one empire after another, in the order the Culture leader sets.\n"
        "4. Movement and battles: one empire after another, in the Military leader's order.\n"
        "5. Leadership: the three titles go to the strongest in trade, culture and war.\n"
        "The game ends as soon as someone wins."
    ),
    "rules.mare_nostrum.resources": (
        "• Each city gives a coin; a temple in the province doubles its cities.\n"
        "• Each caravan gives its good; a market in the province doubles its caravans.\n"
        "• A legendary city gives a coin and a random rare good (a rare good counts as its "
        "ordinary kind).\n"
        "Resources are hidden behind your screen. At the end of the Building phase you keep at "
        "most 2 coins; the rest is lost."
    ),
    "rules.mare_nostrum.trade": (
        "The Trade leader picks a trade token: everyone who can must offer that many resources, "
        "face down, all revealed together.\n"
        "The Trade leader takes one offered resource from another player; the player taken from "
        "takes next, from anyone but himself, and so on. Two players may not take from each "
        "other twice in a row. When the taking stops, the Trade leader evens out the counts with "
        "one resource of his own."
    ),
    "rules.mare_nostrum.building": (
        "Build in your own provinces free of enemies. Everything is paid in sets: coins only, "
        "or goods all different.\n"
        "• 3: a control marker, a city, a caravan, a legion, a trireme, a fortress.\n"
        "• 6: a temple or a market.\n"
        "• 7 to 10: your next hero or wonder; 12: the Pyramids.\n"
        "Some heroes and wonders make certain buildings cheaper once a turn."
    ),
    "rules.mare_nostrum.combat": (
        "The active empire first moves triremes (one sea each) and may fight at sea, then moves "
        "legions one province each, by land or along a chain of its own triremes.\n"
        "Where your legions meet an enemy's, a land battle must be fought. Each side rolls a "
        "die per legion (at sea per trireme), sums them and scores one hit per full 5; a "
        "fortress adds 5 and cancels one enemy hit. Each hit removes one unit, chosen by its "
        "owner.\n"
        "Alone in an enemy province, you may destroy a building for loot, occupy it, or take "
        "its control marker."
    ),
    "rules.mare_nostrum.leadership": (
        "Three tracks: Trade (caravans and markets), Culture (cities and temples) and Military "
        "(legions, triremes and fortresses); heroes and wonders add influence.\n"
        "The highest on each track takes that title; a tie is settled by the last holder. The "
        "Trade leader runs the trade; the Culture and Military leaders choose who builds and who "
        "moves first."
    ),
    "rules.mare_nostrum.victory": (
        "The first to reach any of these wins:\n"
        "• build the Pyramids (at once);\n"
        "• own five heroes and wonders, the starting hero included (end of Building);\n"
        "• hold four capitals or legendary cities (end of Movement);\n"
        "• hold all three leadership titles (end of Leadership)."
    ),
    # -- Pax Romana -----------------------------------------------------------------------------
    "rules.pax_romana.sequence": (
        "A game turn (about 25 years):\n"
        "1. Income from provinces, territories, cities and settlements.\n"
        "2. Maintenance of fleets and of armies above your limit.\n"
        "3. Removal of last turn's leaders, mercenaries, militia and invaders.\n"
        "4. Leader selection and 5. manpower, both planned in secret and revealed together.\n"
        "6. Activations, drawn from the cup until none are left.\n"
        "7. Attrition of isolated units; fleets away from friendly ports are lost.\n"
        "8. Victory points and stability. 9. The order of the next turn's first activations."
    ),
    "rules.pax_romana.activation": (
        "Each power gets its activation markers for the turn (four in the Advanced game): one "
        "each in a set first round, the rest drawn at random from the cup (no power acts more "
        "than twice in a row).\n"
        "When yours is drawn, pay 1 talent (no money, no action), draw an event card in the "
        "Advanced game, then choose one action:\n"
        "• Expansion: one major move (a whole army or fleet) and two minor moves (one unit "
        "each, or building a city or settlement instead);\n"
        "• Call-up: raise land units or build galleys.\n"
        "In the Standard game you may negotiate instead, for free: you invite any players, and "
        "the bot opens a private thread for you and them (five minutes by the rulebook). What "
        "you agree is your own word; Talents (bribes too), galleys, mercenaries and cities "
        "change hands, and alliances to the end of the turn are made, with the game's "
        "buttons, confirmed by the other side, at once.\n"
        "Bribes (§4.4), both games: while another Power's action takes effect (its Activation, "
        "or a question it answers), offer it Talents with /game bribe; it accepts or refuses "
        "with /game bribe_answer, the Talents are paid at once and the log says so — whether it "
        "then does as agreed is its own word."
    ),
    "rules.pax_romana.movement": (
        "A major move gets its leader's campaign rating plus a die in movement points; a minor "
        "move, a die alone. Entering a space costs 1 (rough mountains and straits 2, Alpine "
        "passes 3), attacking 1 more. Entering enemy units, garrisons, cities or barbarians "
        "means a battle, unless the defender withdraws first. Enemies nearby may intercept.\n"
        "At sea, fleets sail from port to port; after each stop a roll decides whether they may "
        "go on."
    ),
    "rules.pax_romana.combat": (
        "Both sides add up their battle points: legion 4, heavy infantry 3, light troops and "
        "cavalry 1, a city or settlement that defends 1 per fortification point.\n"
        "Each side rolls a die: ten times the roll is the share of its enemy's points lost. The "
        "side with the better odds, the better leader, more cavalry or mountain ground gets "
        "shifts and moves the rolls with them. Whoever loses the larger share loses the battle; "
        "a beaten defender may retreat to lose less."
    ),
    "rules.pax_romana.stability": (
        "Stability runs from +8 to −6: stable (0 and up), unrest (−1 to −4), disorder (−5 and "
        "below).\n"
        "It rises when you take provinces or score the most points of a turn; it falls when you "
        "lose provinces (home ones cost double), lose your capital, withdraw at home, raise "
        "militia, field more legions than your cities support, or score the fewest points.\n"
        "Low stability brings riots and civil war through events."
    ),
    "rules.pax_romana.events": (
        "Standard game: event markers drawn with the activations trigger a roll on the random "
        "events table.\n"
        "Advanced game: each activation draws a card from the 55-card event deck. Some must be "
        "played at once; others may be kept (at most 3 in hand) and played in your own or an "
        "enemy's activation. Carthage may spend a kept card to hire mercenaries. Use /card to "
        "read any event card."
    ),
    "rules.pax_romana.victory": (
        "Each turn, victory points go by rank: for provinces and territories held (7, 4, 2, 0 "
        "from first to last) and for civilisation, cities and settlements (5, 3, 1, 0); some "
        "scenarios add optional objectives.\n"
        "Most points at the end wins. A scenario may also grant an automatic victory; if "
        "several reach it, more points win, then higher stability."
    ),
}

RU: dict[str, str] = {
    # -- Отряды и Знамена: Античность -------------------------------------------------------------
    "rules.ancients.sequence": (
        "Игроки ходят по очереди. В свой ход:\n"
        "1. Сыграйте одну карту приказов с руки.\n"
        "2. Отдайте приказы отрядам (и командирам), которых позволяет карта.\n"
        "3. Передвиньте их по одному; всё движение заканчивается до любого боя.\n"
        "4. Проведите бой отрядами с приказом, по одному: стрельба издали или атака соседнего "
        "врага.\n"
        "5. Возьмите новую карту. Ходит противник."
    ),
    "rules.ancients.cards": (
        "В колоде 60 карт приказов.\n"
        "• Карты секторов дают приказы отрядам на левом фланге, в центре или на правом фланге.\n"
        "• Карты войск — отрядам одного класса (лёгким, средним, тяжёлым, коннице) по числу "
        "командования; если таких нет — одному отряду на выбор.\n"
        "• Карты командования — командиру, его отряду и цепочке соседних отрядов.\n"
        "• Тактические карты меняют правило на один ход: двойная стрельба, первый удар, "
        "ускоренный марш.\n"
        "Отряд на границе секторов относится к обоим. Любую карту покажет /card."
    ),
    "rules.ancients.movement": (
        "Отряды ходят по одному, не больше раза за ход и никогда сквозь другие отряды.\n"
        "• Лёгкая пехота — до 2 гексов; средняя и тяжёлая — 1 (варвары могут броситься ровно на "
        "2 и тогда обязаны атаковать). Вспомогательные — 1 и бой или 2 без боя.\n"
        "• Лёгкая конница — до 4; средняя конница, верблюды и лёгкие колесницы — 3; тяжёлая "
        "конница, слоны и тяжёлые колесницы — 2.\n"
        "• Одиночный командир — до 3, сквозь своих.\n"
        "Местность может остановить отряд или запретить ему бой в ход, когда он вошёл."
    ),
    "rules.ancients.combat": (
        "Бой на расстоянии: лёгкие отряды и машины стреляют во врага за 2 и более гексов; "
        "обычно 2 кубика, 1 — если отряд двигался.\n"
        "Ближний бой: атака соседнего врага кубиками отряда (лёгкие 2, вспомогательные и "
        "средние 3–4, тяжёлые 4–5).\n"
        "Кубик попадает, если его цвет совпадает с классом цели (лёгкий, средний, тяжёлый). В "
        "ближнем бою попадают и скрещённые мечи (не у лёгких атакующих), а шлем — если рядом "
        "или в отряде есть командир. Флаг заставляет отступить. Каждое попадание снимает блок; "
        "отряд без блоков уничтожен.\n"
        "Отряд, удержавший гекс в ближнем бою, может ответить. Победитель, очистивший гекс, "
        "может наступить; конные отряды, варвары и пехота с командиром могут снова атаковать."
    ),
    "rules.ancients.retreat": (
        "Каждый неотменённый флаг отводит отряд к своему краю на полный ход (варвары 2, слоны "
        "и вспомогательные 1). Местность отступлению не мешает, но отряды, вражеские командиры, "
        "непроходимые гексы и край поля его останавливают: каждый непройденный гекс стоит "
        "блока.\n"
        "Флаг можно не выполнять: отряду с командиром, отряду с поддержкой двух своих, "
        "иногда — благодаря местности.\n"
        "Уклонение: лёгкие отряды (и конница против более медленных) могут вместо ближнего "
        "боя отойти на 2 гекса; кубики атакующего тогда попадают только цветом уклоняющегося, "
        "а наступать ему нельзя."
    ),
    "rules.ancients.leaders": (
        "Командир входит в отряд, встав в его гекс, или ходит один до 3 гексов.\n"
        "• Его отряд может не выполнять один флаг; в ближнем бою шлем попадает за его отряд и "
        "соседние.\n"
        "• Пеший отряд с командиром после наступления может провести призовой ближний бой.\n"
        "• Когда отряд теряет блоки, бросьте за командира: два шлема — он погиб; если отряд "
        "уничтожен — один кубик, шлем. Уцелевший командир уходит.\n"
        "• Одиночный командир под атакой гибнет от шлема, иначе должен уклониться.\n"
        "Каждый павший командир приносит врагу знамя победы."
    ),
    "rules.ancients.terrain": (
        "• Лес: вход останавливает; почти никто не бьётся в ход входа; не больше 2 кубиков в "
        "лес и из леса; закрывает обзор.\n"
        "• Холмы: атака вверх — не больше 2 кубиков; могут закрывать обзор.\n"
        "• Пересечённая местность: конница останавливается и не бьётся в ход входа.\n"
        "• Реку и берег не перейти, кроме бродов (остановка, не больше 2 кубиков).\n"
        "• Лагерь и вал защищают пеших обороняющихся от мечей и флагов.\n"
        "Кубики с карт добавляются сверх этих пределов."
    ),
    "rules.ancients.victory": (
        "Битву выигрывает тот, кто первым наберёт число знамён победы из сценария, обычно от 5 "
        "до 8. Знамя дают за каждый уничтоженный вражеский отряд и каждого павшего вражеского "
        "командира; некоторые сценарии дают знамёна за гексы и другие цели."
    ),
    # -- Ганнибал: Рим против Карфагена -----------------------------------------------------------
    "rules.hannibal.sequence": (
        "Каждый из девяти ходов:\n"
        "1. Подкрепления (со 2-го хода): войска обеим сторонам, Рим избирает двух новых "
        "консулов.\n"
        "2. Сдача карт стратегии: 7 на ходах 1–3, 8 на ходах 4–6, 9 на ходах 7–9.\n"
        "3. Стратегия: стороны по очереди играют по карте, пока обе руки не опустеют.\n"
        "4. Зима: войска среди вражеских маркеров контроля несут потери.\n"
        "5. Изоляция: маркеры, отрезанные от своих, снимаются.\n"
        "6. Политический подсчёт: у кого провинций меньше, снимает маркеры на разницу.\n"
        "7. Конец хода: есть ли победитель?"
    ),
    "rules.hannibal.cards": (
        "Карту стратегии играют одним способом: на очки операций, на событие или в сброс.\n"
        "• Операции (1–3): двинуть одного полководца со стратегическим рейтингом не выше "
        "числа; или поставить столько маркеров контроля, по одному в область, где нет врага; "
        "или за 3 добавить войско армии на своей земле.\n"
        "• Событие: если цвет карты позволяет вашей стороне. Ответные события играют в ответ "
        "на карту врага; некоторые события одноразовые и уходят из игры.\n"
        "Для битв есть отдельная колода карт тактики. Любую карту покажет /card."
    ),
    "rules.hannibal.movement": (
        "Войска двигают только полководцы. Карта двигает одну армию (карта кампании — "
        "несколько) до 4 областей, не больше 10 единиц войск; по пути их можно брать и "
        "оставлять.\n"
        "Вход в область рядом с врагом позволяет ему перехватить; атакованная армия может "
        "попытаться уклониться от битвы. Сильная армия сметает одиночную вражескую единицу. "
        "Переход через перевал грозит потерями; по морю — от порта к порту, иногда с броском.\n"
        "Ход заканчивается одной битвой или попыткой осады либо покорения."
    ),
    "rules.hannibal.combat": (
        "Каждая сторона получает карты тактики: боевой рейтинг командующего, по одной за "
        "единицу войск и по одной-две за союзные провинции рядом (не больше 20).\n"
        "В каждом раунде атакующий выкладывает карту; защитник отвечает картой того же типа "
        "(или «Резервом»), иначе проигрывает. После ответа защитник может перехватить "
        "инициативу броском против рейтинга своего командующего.\n"
        "Затем обе стороны теряют войска по одному броску на таблице потерь по числу раундов; "
        "проигравший бросает ещё раз на бегство и отступает."
    ),
    "rules.hannibal.politics": (
        "Маркеры политического контроля закрепляют области. Провинция ваша, если у вас "
        "достаточно её областей; в счёт идут 18 провинций.\n"
        "• Маркеры ставят операциями, где нет ни вражеских войск, ни вражеских маркеров; или "
        "переворачивают вражеский там, где стоит ваша армия.\n"
        "• Маркеры, отрезанные от своих, снимаются в фазу изоляции.\n"
        "• Вражеские маркеры вызывают зимние потери и мешают отступать и перехватывать.\n"
        "На подсчёте сторона с меньшим числом провинций снимает маркеры на разницу; кто не "
        "может — просит мира и проигрывает."
    ),
    "rules.hannibal.sieges": (
        "Город со стенами меняет хозяина только после штурма (или по событию), племя — только "
        "после покорения. Для этого нужно 3 очка осады, которые армия, оставаясь на месте, "
        "набирает одним или несколькими бросками по таблице осады; неудачный бросок стоит "
        "осаждающему войск. Гарнизон может сделать вылазку."
    ),
    "rules.hannibal.victory": (
        "• Сразу: Рим берёт Карфаген или Карфаген берёт Рим.\n"
        "• Сразу: на подсчёте у Карфагена все провинции Италии, кроме Лация.\n"
        "• Сразу: противник не может снять положенные маркеры и просит мира.\n"
        "• Иначе после подсчёта последнего хода побеждает тот, у кого больше провинций; при "
        "равенстве — Карфаген."
    ),
    # -- Наше море: Империи -----------------------------------------------------------------------
    "rules.mare_nostrum.sequence": (
        "Ход состоит из пяти фаз:\n"
        "1. Сбор: все берут ресурсы с городов, караванов и легендарных городов.\n"
        "2. Торговля: все выставляют одинаковое число ресурсов и по очереди забирают чужие.\n"
        "3. Строительство: империи по одной, в порядке, который задаёт лидер в культуре.\n"
        "4. Передвижение и бои: империи по одной, в порядке лидера в военном деле.\n"
        "5. Лидерство: три титула получают сильнейшие в торговле, культуре и войне.\n"
        "Игра кончается, как только кто-то победил."
    ),
    "rules.mare_nostrum.resources": (
        "• Каждый город даёт монету; храм в провинции удваивает её города.\n"
        "• Каждый караван даёт свой товар; рынок в провинции удваивает её караваны.\n"
        "• Легендарный город даёт монету и случайный редкий товар (редкий считается обычным "
        "товаром своего вида).\n"
        "Ресурсы скрыты за ширмой. В конце строительства оставить можно не больше 2 монет, "
        "остальное пропадает."
    ),
    "rules.mare_nostrum.trade": (
        "Лидер в торговле выбирает жетон: каждый, кто может, выставляет столько ресурсов "
        "рубашкой вверх, все открывают их разом.\n"
        "Лидер в торговле забирает один выставленный ресурс у другого игрока; следующим берёт "
        "тот, у кого взяли, у кого угодно, кроме себя, и так далее. Два игрока не могут брать "
        "друг у друга дважды подряд. Когда обмен кончился, лидер выравнивает счёт одним своим "
        "ресурсом."
    ),
    "rules.mare_nostrum.building": (
        "Стройте в своих провинциях без врагов. Всё оплачивается наборами: только монеты или "
        "только разные товары.\n"
        "• 3: фишка контроля, город, караван, легион, триера, крепость.\n"
        "• 6: храм или рынок.\n"
        "• 7–10: очередной герой или чудо; 12: Пирамиды.\n"
        "Некоторые герои и чудеса раз в ход удешевляют постройки."
    ),
    "rules.mare_nostrum.combat": (
        "Активная империя сначала двигает триеры (на одно море) и может дать морской бой, "
        "затем легионы — на одну провинцию, по суше или по цепочке своих триер.\n"
        "Где ваши легионы встретили чужие, сухопутный бой обязателен. Каждая сторона бросает "
        "кубик за легион (на море — за триеру), складывает и наносит удар за каждые полные 5; "
        "крепость добавляет 5 и отменяет один удар врага. Каждый удар снимает одну фишку по "
        "выбору владельца.\n"
        "Оставшись один во вражеской провинции, можно разрушить постройку ради добычи, "
        "занять её или захватить фишку контроля."
    ),
    "rules.mare_nostrum.leadership": (
        "Три шкалы: торговля (караваны и рынки), культура (города и храмы) и военное дело "
        "(легионы, триеры и крепости); герои и чудеса добавляют влияние.\n"
        "Первый на шкале получает титул; ничью решает прежний лидер. Лидер в торговле ведёт "
        "обмен, лидеры в культуре и военном деле решают, кто строит и ходит первым."
    ),
    "rules.mare_nostrum.victory": (
        "Побеждает первый, кто:\n"
        "• построит Пирамиды (сразу);\n"
        "• соберёт пять героев и чудес, считая стартового героя (в конце строительства);\n"
        "• удержит четыре столицы или легендарных города (в конце передвижения);\n"
        "• получит все три титула лидерства (в конце определения лидерства)."
    ),
    # -- Pax Romana -------------------------------------------------------------------------------
    "rules.pax_romana.sequence": (
        "Игровой ход (около 25 лет):\n"
        "1. Доход с провинций, территорий, городов и поселений.\n"
        "2. Содержание флотов и армий сверх предела.\n"
        "3. Снятие полководцев, наёмников, ополчения и захватчиков прошлого хода.\n"
        "4. Выбор полководцев и 5. трудовые ресурсы — тайно и с одновременным раскрытием.\n"
        "6. Активации: маркеры тянут из чаши, пока они не кончатся.\n"
        "7. Истощение изолированных отрядов; флоты вне своих портов гибнут.\n"
        "8. Очки победы и стабильность. 9. Порядок первых активаций следующего хода."
    ),
    "rules.pax_romana.activation": (
        "У каждой державы свои маркеры активации на ход (в расширенной игре четыре): по одному "
        "в первом круге по порядку, остальные тянут наугад из чаши (не больше двух подряд у "
        "одной державы).\n"
        "Когда вытянут ваш — заплатите 1 талант (нет денег — нет действия), в расширенной игре "
        "возьмите карту события и выберите одно действие:\n"
        "• Экспансия: один большой ход (вся армия или флот) и два малых (по одному отряду или "
        "постройка города либо поселения);\n"
        "• Призыв: набор сухопутных отрядов или постройка галер.\n"
        "В стандартной игре вместо этого можно бесплатно вести переговоры: вы приглашаете "
        "любых игроков, и бот открывает для вас и для них закрытую ветку (по правилам — пять "
        "минут). О чём договориться — ваше слово; таланты (и взятки), галеры, наёмники и "
        "города передаются, а союзы до конца хода заключаются сразу кнопками игры, с "
        "согласия другой стороны.\n"
        "Подкуп (§4.4), в обеих играх: пока действие другой державы вступает в силу (её "
        "активация или вопрос, на который она отвечает), предложите ей таланты командой "
        "/игра подкуп; она принимает или отклоняет их командой /игра ответ_на_подкуп, таланты "
        "выплачиваются сразу, и журнал это показывает; сдержит ли она слово — её дело."
    ),
    "rules.pax_romana.movement": (
        "Большой ход даёт очки движения: рейтинг кампании полководца плюс кубик; малый — "
        "только кубик. Вход в область стоит 1 (горы и проливы 2, альпийский перевал 3), атака "
        "ещё 1. Вход к вражеским отрядам, гарнизонам, городам или варварам — это сражение, если "
        "защитник не отойдёт заранее. Враги рядом могут перехватить.\n"
        "По морю флоты идут от порта к порту; после каждой остановки бросок решает, можно ли "
        "плыть дальше."
    ),
    "rules.pax_romana.combat": (
        "Стороны складывают боевую силу: легион 4, тяжёлая пехота 3, лёгкие войска и конница "
        "1, обороняющийся город или поселение — по 1 за очко укреплений.\n"
        "Каждая сторона бросает кубик: бросок, умноженный на десять, — доля потерь противника "
        "в процентах. У кого лучше соотношение сил, полководец, больше конницы или горы, тот "
        "получает сдвиги и двигает ими броски. Кто потерял большую долю, проиграл; "
        "побеждённый защитник может отступить, чтобы потерять меньше."
    ),
    "rules.pax_romana.stability": (
        "Стабильность — от +8 до −6: стабильно (0 и выше), недовольство (−1…−4), беспорядки "
        "(−5 и ниже).\n"
        "Она растёт, когда вы берёте провинции или набираете больше всех очков за ход; падает, "
        "когда теряете провинции (родные вдвойне), столицу, отходите на родной земле, созываете "
        "ополчение, держите легионов больше, чем позволяют ваши города, или набираете меньше "
        "всех очков.\n"
        "Низкая стабильность через события ведёт к бунтам и гражданской войне."
    ),
    "rules.pax_romana.events": (
        "Стандартная игра: маркеры событий, вытянутые с активациями, вызывают бросок по "
        "таблице случайных событий.\n"
        "Расширенная игра: каждая активация берёт карту из колоды событий (55 карт). Одни "
        "разыгрываются сразу, другие можно держать (не больше 3 в руке) и играть в свою или "
        "чужую активацию. Карфаген может потратить карту на наём наёмников. Любую карту "
        "события покажет /card."
    ),
    "rules.pax_romana.victory": (
        "Каждый ход очки победы даются по месту: за провинции и территории (7, 4, 2, 0 от "
        "первого к последнему) и за цивилизацию — города и поселения (5, 3, 1, 0); в некоторых "
        "сценариях есть и возможные цели.\n"
        "Побеждает тот, у кого к концу больше очков. Сценарий может дать и автоматическую "
        "победу; если её достигли несколько, решают очки, затем стабильность."
    ),
}

CATALOG: dict[str, dict[str, str]] = {"en": EN, "ru": RU}


def topics_of(title: str) -> tuple[str, ...]:
    return TOPICS.get(title, ())


def topic_name(topic: str, lang: str) -> str:
    return (TOPIC_NAMES.get(lang) or TOPIC_NAMES["en"]).get(topic) \
        or TOPIC_NAMES["en"].get(topic, topic)


def topic_text(title: str, topic: str, lang: str) -> str | None:
    """The text of one topic of a title in ``lang`` (English when missing), None if unknown."""
    key = f"rules.{title}.{topic}"
    return (CATALOG.get(lang) or EN).get(key) or EN.get(key)
