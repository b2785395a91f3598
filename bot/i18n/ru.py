"""Русские тексты бота. Ключи и подстановки те же, что в ``en.py``.

Игровые термины — как в русских изданиях правил («Отряды и Знамена: Античность»,
«Ганнибал: Рим против Карфагена», «Наше море», Pax Romana).
"""

from __future__ import annotations

SERVICE: dict[str, str] = {
    "error.no_game": "Партии №{game} нет.",
    "error.unknown_title": "Игры {title} нет. Есть: {titles}.",
    "error.unknown_scenario": "В игре {title} нет сценария {scenario}. Сценарии: {scenarios}.",
    "error.bad_scenario": "Этот сценарий нельзя разложить: {reason}",
    "error.bad_option": "Параметр {option} не может быть {value}: {reason}",
    "error.bad_seed": "Зерно — целое число от 0 до {max}.",
    "error.not_lobby": "Партия №{game} уже началась; места меняются только до начала.",
    "error.unknown_role": "В партии №{game} нет стороны {role}. Стороны: {roles}.",
    "error.role_taken": "Место за сторону {role} уже занято.",
    "error.already_seated": "У вас уже есть место в партии №{game}.",
    "error.game_full": "Все места в партии №{game} заняты.",
    "error.not_seated": "У вас нет места в партии №{game}.",
    "error.user_not_seated": "У этого игрока нет места в партии №{game}.",
    "error.leave_started": "Партия №{game} уже идёт: вместо выхода можно сдаться.",
    "error.not_creator": "Это может только создатель партии №{game} или модератор.",
    "error.not_moderator": "Это может только модератор.",
    "error.seats_missing": "Этим местам ещё нужен игрок: {roles}.",
    "error.player_count": "Для этого сценария нужно от {min} до {max} игроков; "
                          "присоединилось {count}.",
    "error.not_started": "Партия №{game} ещё не началась.",
    "error.paused": "Партия №{game} на паузе.",
    "error.game_over": "Партия №{game} окончена.",
    "error.not_your_turn": "Сейчас не ваш ход. Ждём: {roles}.",
    "error.not_your_role": "Вы не играете за сторону {role}.",
    "error.stale": "Партия ушла вперёд (сейчас ход {version}); вот текущая позиция.",
    "error.illegal": "Так ходить нельзя: {reason}",
    "error.bad_action": "Это не похоже на ход: {reason}",
    "error.nothing_to_undo": "Отменять нечего.",
    "error.undo_barrier": "Последний ход отменить нельзя: бросались кубики, открылось скрытое "
                          "или ход перешёл к другому.",
    "error.undo_not_yours": "Отменить последний ход может только тот, кто его сделал, "
                            "или модератор.",
    "error.bribe_title": "Подкуп есть только в Pax Romana: в этой игре его нет.",
    "error.bribe_moment": "Сейчас нельзя подкупить {role}: подкуп предлагают, пока действие "
                          "этой державы вступает в силу (фаза активации, держава действует "
                          "или отвечает).",
    "error.bribe_talents": "Нельзя предложить {n} таланта(ов): в вашей казне {treasury}.",
    "error.bribe_none": "{role} сейчас не предлагает вам подкупа.",
    "error.not_paused": "Партия №{game} не на паузе.",
    "error.not_active": "Партия №{game} сейчас не идёт.",
    "error.vacant_seats": "Партия №{game} ждёт игрока за: {roles}. Модератор может посадить "
                          "его командой «заменить».",
    "error.bad_language": "Языка {language} нет. Есть: {languages}.",
    "error.bad_timer": "Таймер хода — целое число секунд больше нуля, или выключен.",
    "error.bad_notify": "Способа оповещения {mode} нет. Есть: {modes}.",
    "error.bad_level": "Компьютер играет на уровнях {levels}, а не {level}.",
    "error.not_over": "Партия №{game} ещё не окончена.",
    "error.no_scenario": "На этом сервере нет сценария {scenario}.",
    "error.bad_vote": "Такого голосования нет.",
    "error.timer_running": "Время хода в партии №{game} ещё не вышло.",
    "error.vote_waited": "В партии №{game} ждут именно вас: лучше сделайте ход.",
    "notice.started": "Партия №{game} начинается.",
    "notice.paused": "Партия №{game} поставлена на паузу.",
    "notice.resumed": "Партия №{game} продолжается.",
    "notice.ended": "Партия №{game} завершена досрочно.",
    "notice.finished": "Партия №{game} окончена.",
    "notice.kicked": "Модератор освободил место за: {roles}.",
    "notice.waiting": "Партия №{game} на паузе, пока модератор не посадит игрока за: {roles}.",
    "notice.replaced": "Место за {roles} занимает новый игрок.",
    "notice.resigned": "{roles}: сдаётся.",
    "notice.undone": "Последний ход отменён.",
    "notice.timer_reminder": "Партия №{game}: прошла половина времени на ход; у {roles} "
                             "осталось {left} с.",
    "notice.timer_expired": "Партия №{game}: время хода вышло, {roles} не сходили. "
                            "Модераторы могут вмешаться.",
    "notice.extended": "Игроки дают ещё время: часы хода в партии №{game} пошли заново.",
    "notice.abandoned": "Игроки завершают партию №{game} как брошенную: {roles} не сходили "
                        "вовремя.",
    "result.resigned": "{roles} сдались; победа: {winners}.",
}

BOT: dict[str, str] = {
    # -- сообщения и ответы --------------------------------------------------------------------
    "bot.game_heading": "Партия №{id} · {title} · {scenario}",
    "bot.seat": "{role}: {player}",
    "bot.seat_free": "место свободно",
    "bot.player_role": "{player} ({role})",
    "bot.lobby_hint": "Занимайте места кнопками или командой /игра присоединиться; {creator} "
                      "начинает партию командой /игра начать.",
    "bot.created": "{creator} открывает новый стол.",
    "bot.created_you": "Партия №{id} открыта. Игроки присоединяются командой "
                       "/игра присоединиться.",
    "bot.player_joined": "{player} занимает место.",
    "bot.player_left": "{player} встаёт из-за стола.",
    "bot.joined": "Вы в партии №{id} за сторону {role}.",
    "bot.left": "Вы вышли из партии №{id}.",
    "bot.started": "Партия №{id} началась.",
    "bot.done": "Готово.",
    "bot.bribe_offered_dm": "{heading}: {giver} предлагает вам ({role}) подкуп — {n} тал. — "
                            "за то, что вы делаете сейчас. Уговор — только ваше слово, "
                            "ничто вас к нему не обязывает. Ответьте кнопками ниже (или "
                            "командой /игра ответ_на_подкуп); если примете, таланты "
                            "выплачиваются сразу.",
    "bot.turn_of": "Ваш ход: {players}",
    "error.not_a_choice": "Действие {action} сейчас вам недоступно.",
    "error.no_role": "Стороны {role} в этой партии нет.",
    "bot.computer": "🤖 компьютер ({level})",
    "bot.level.easy": "лёгкий",
    "bot.level.normal": "обычный",
    "bot.computer_seated": "Место за {role} занимает компьютер ({level}).",
    "bot.seat_handed": "Теперь за {role} играет {player}.",
    "bot.alt_board": "Доска: {heading}.",
    "bot.summary": "{moves} ходов за {turns} очередей.",
    "bot.button.rematch_keep": "Реванш",
    "bot.button.rematch_swap": "Реванш, стороны наоборот",
    "bot.button.export": "Выгрузить",
    "bot.rematch_started": "Партия №{id} начинается.",
    "bot.options_default": "Варианты правил: как в правилах.",
    "bot.options_heading": "Варианты правил:",
    "bot.option_set": "Партия №{id}: {option} — {value}.",
    "bot.options_unknown": "В игре {title} нет варианта {option}. Есть: {options}.",
    "bot.options_bad_value": "{option} не может быть {value}. Выберите одно из: {values}.",
    "bot.options_fixed": "Этот сценарий играется только так: {option} — {value}.",
    "bot.options_format": "Пишите варианты как имя=значение через запятую (например, {example}).",
    "bot.end_battles": "Сражений: {n}.",
    "bot.end_won": "Выиграно сражений: {sides}.",
    "bot.end_lost": "Потеряно отрядов: {sides}.",
    "bot.end_destroyed": "Разрушено зданий: {n}.",
    "bot.end_race": "Гонка по очередям:",
    "bot.end_decided": "Исход решился с очереди {turn} из {turns}: {side} лидировал оттуда до конца.",
    "bot.asked_privately": "⏳ Ждём ответа: {players} (вопрос задан лично).",
    "bot.ask_why": "Вашего ответа за сторону {role} ждут: {players}.",
    "bot.private_heading": "Известно только вам",
    "bot.asked_in_channel": "{player}, вопрос к вам за сторону {role}: {prompt} Нажмите кнопку, "
                            "чтобы ответить (ваши личные сообщения закрыты).",
    "bot.your_turn_dm": "Ваш ход: {heading}, сторона {roles}: {prompt} Играйте в {channel}.",
    "bot.thread_started": "{heading} начинается: {players}. Партия идёт в ветке ниже.",
    "bot.thread_ended": "{heading}: {result} Ветка партии: {thread}.",
    "bot.negotiation.thread_name": "#{id} Переговоры: {by}",
    "bot.negotiation.opened": "🤝 {by} ведёт переговоры: {invited} (§4.1). По правилам на "
                              "них пять минут: время выйдет {deadline}.",
    "bot.negotiation.nobody_yet": "приглашённые игроки (каждый войдёт в эту ветку)",
    "bot.negotiation.how": "О своих ходах договаривайтесь здесь, своими словами; такая "
                           "договорённость действует до конца хода и никого не обязывает "
                           "(§4.3.2). Игра сразу проводит передачи (таланты, галеры, отряды "
                           "наёмников, город или поселение) и союз до конца хода: их предлагают "
                           "кнопками игры, а другая сторона подтверждает кнопками, которые "
                           "пришлёт бот; взятка (§4.4) — это передача талантов, а в любой момент, "
                           "когда действие вступает в силу, — команда /игра подкуп. {by} "
                           "заканчивает переговоры своей кнопкой.",
    "bot.negotiation.joined": "🤝 К переговорам присоединяется {who}.",
    "bot.negotiation.opened_card": "🤝 {by} разыгрывает карту «{card}» и ведёт переговоры "
                                   "только с одним игроком: {invited} (§4.2). По правилам на "
                                   "них пять минут: время выйдет {deadline}.",
    "bot.negotiation.how_cards": "О своих ходах договаривайтесь здесь, своими словами; такая "
                                 "договорённость действует до конца хода и никого не "
                                 "обязывает (§4.3.2). Игра сразу проводит передачи (карты, "
                                 "таланты, галеры, отряды наёмников, город или поселение) и "
                                 "союз до конца хода: их предлагают кнопками игры, а другая "
                                 "сторона подтверждает кнопками, которые пришлёт бот; название "
                                 "карты видят только две стороны. Взятка (§4.4) — это передача "
                                 "талантов, а в любой момент, когда действие вступает в силу, — "
                                 "команда /игра подкуп. {by} заканчивает переговоры своей "
                                 "кнопкой.",
    "bot.negotiation.time_up": "⏳ Пять минут на переговоры истекли (§4.3.1). Пожалуйста, "
                               "договоритесь; {by} заканчивает переговоры своей кнопкой.",
    "bot.negotiation.closed": "🤝 Переговоры окончены. Игра провела:\n{what}",
    "bot.negotiation.closed_nothing": "🤝 Переговоры окончены; ничего не передано.",
    "bot.button.vote_extend": "Дать ещё время",
    "bot.button.vote_abandon": "Завершить как брошенную",
    "bot.vote_counted": "Ваш голос учтён: {votes} из {needed} нужных.",
    "bot.vote_decided": "Голосование решено.",
    "bot.expired_vote": "Остальные игроки могут дать ещё время или завершить партию как "
                        "брошенную (решает большинство); модераторы могут посадить другого "
                        "игрока командой /game replace.",
    "bot.language_set": "Я буду писать вам: {language}.",
    "bot.language_auto": "Я буду писать вам на языке вашего клиента Discord ({language}).",
    "bot.notify_set": "О вашем ходе я сообщу {mode}.",
    "bot.notify.mention": "упоминанием в канале",
    "bot.notify.dm": "личным сообщением",
    "bot.notify.both": "упоминанием и личным сообщением",
    "bot.paused_play": "Партия №{id} на паузе: ходов нет, пока её не продолжат.",
    "bot.autocomplete_not_your_turn": "Сейчас не ваш ход: ждём {players}",
    "bot.autocomplete_paused": "Партия №{id} на паузе",
    "bot.autocomplete_none": "Здесь нет вашей партии, ждущей хода",
    "bot.not_your_turn": "Сейчас не ваш ход; ждём: {players}.",
    "bot.your_choices": "Партия №{id}, ваши варианты за сторону {role}:",
    "bot.chosen": "Ваш выбор: {choice}",
    "bot.moved_on": "С тех пор партия ушла вперёд.",
    "bot.not_a_choice": "Такого варианта среди предложенных нет.",
    "bot.unknown_component": "Я не знаю этой кнопки или меню (может быть, они от моей прежней "
                             "версии). /игра состояние покажет партию, /рука — ваши варианты.",
    "bot.paused": "⏸ Партия на паузе.",
    "bot.game_over": "🏁 Партия окончена: {result}",
    "bot.game_ended": "🏁 Партия завершена досрочно.",
    "bot.winners": "победа: {players}",
    "bot.draw": "ничья",
    "bot.dm_closed": "{player}, ваши личные сообщения закрыты, и я не могу прислать вам руку; "
                     "используйте /рука.",
    "bot.hand_heading": "**Партия №{id} · {title} · {role}**",
    "bot.hand_empty": "У вас нет ничего скрытого.",
    "bot.private.hand": "Карты на руке",
    "bot.private.bid": "Ваша ставка",
    "bot.menu_placeholder": "Варианты {first}–{last}",
    "bot.button.secret": "Выбрать тайно",
    "bot.button.mine": "Мои варианты",
    "bot.button.more": "Ещё варианты",
    "bot.button.join": "Сесть за: {role}",
    "bot.status_line": "Состояние: {status}; ход {version}.",
    "bot.status.lobby": "набор игроков",
    "bot.status.active": "идёт",
    "bot.status.paused": "на паузе",
    "bot.status.finished": "окончена",
    "bot.status.ended": "завершена досрочно",
    "bot.timer_is": "Таймер хода: {minutes} мин.",
    "bot.timer_set": "Партия №{id}: таймер хода теперь {minutes} мин.",
    "bot.timer_off": "Партия №{id}: таймер хода выключен.",
    "bot.minutes": "{minutes} мин",
    "bot.settings": "Язык: {language}\nРоль модераторов: {role}\nТаймер хода по умолчанию: "
                    "{timer}\nОтдельная ветка для партии: {threads}",
    "bot.list_line": "{heading} · {status} · {channel}",
    "bot.no_games": "Здесь нет партий.",
    "bot.log_empty": "В журнале пока пусто.",
    "bot.rules_missing": "Краткой справки по этой игре пока нет.",
    "bot.rules_topics": "Темы (/правила игра: тема:)",
    "bot.rules_topic_unknown": "В правилах игры «{title}» нет темы «{topic}». Её темы: "
                               "{topics}.",
    "bot.rules_topic_nowhere": "Ни в одной игре нет темы правил «{topic}». Выберите игру и "
                               "начните вводить тему, чтобы увидеть список.",
    "bot.card_unknown": "Нет карты, героя, чуда или события с названием «{name}». Начните "
                        "вводить название и выберите из списка.",
    "bot.card_several": "Под «{name}» подходит карт: {n} — {names}. Выберите одну из "
                        "списка.",
    "bot.play_unknown": "«{text}» — не из ваших вариантов сейчас. Ваши варианты:\n{choices}",
    # -- отказы самого бота --------------------------------------------------------------------
    "bot.guild_only": "Это работает только в канале сервера.",
    "bot.no_game_here": "В этом канале нет подходящей партии. Начните новую: /игра новая.",
    "bot.which_game": "Подходит несколько партий: {games}. Укажите номер партии.",
    "bot.scenario_not_json": "Файл сценария — не корректный JSON: {reason}",
    "bot.scenario_not_object": "В файле сценария должен быть один JSON-объект.",
    "bot.scenario_too_big": "Файл сценария слишком велик (не больше {limit} КБ).",
    "bot.failed": "У меня что-то пошло не так. Проверьте /игра состояние, прежде чем "
                  "пробовать снова.",
    "bot.cannot_post": "Мне нельзя писать в этот канал: дайте мне здесь права «Отправлять "
                       "сообщения», «Встраивать ссылки» и «Прикреплять файлы».",
    # -- варианты параметров команд ------------------------------------------------------------
    "choice.en": "Английский",
    "choice.ru": "Русский",
    "cmd.game.new.opt.thread": "ветка",
    "cmd.game.new.opt.thread.desc": "Играть в отдельной ветке (по умолчанию — как настроен сервер)",
    "cmd.game.settings.opt.threads": "ветки",
    "cmd.game.settings.opt.threads.desc": "Каждой новой партии — своя ветка",
    "cmd.game.language": "язык",
    "cmd.game.language.desc": "На каком языке бот пишет вам",
    "cmd.game.language.opt.language": "язык",
    "cmd.game.language.opt.language.desc": "Ваш язык; «авто» — как в вашем клиенте Discord",
    "cmd.game.notify": "оповещения",
    "cmd.game.notify.desc": "Как сообщать вам о вашем ходе",
    "cmd.game.notify.opt.mode": "способ",
    "cmd.game.notify.opt.mode.desc": "Упоминание в канале, личное сообщение или оба",
    "cmd.game.new.opt.computer": "компьютер",
    "cmd.game.new.opt.computer.desc": "Места, которые займёт компьютер (названия сторон через запятую)",
    "cmd.game.new.opt.level": "уровень",
    "cmd.game.new.opt.level.desc": "Насколько хорошо играет компьютер",
    "cmd.game.computer": "компьютер",
    "cmd.game.computer.desc": "Посадить компьютер: на свободное место или (модераторы) на любое место в игре",
    "cmd.game.computer.opt.role": "сторона",
    "cmd.game.computer.opt.role.desc": "Какое место",
    "cmd.game.computer.opt.level": "уровень",
    "cmd.game.computer.opt.level.desc": "Насколько хорошо играет компьютер",
    "cmd.game.computer.opt.game": "партия",
    "cmd.game.computer.opt.game.desc": "Номер партии",
    "cmd.game.seat": "место",
    "cmd.game.seat.desc": "Модераторы: передать место участнику (и вернуть его у компьютера)",
    "cmd.game.seat.opt.role": "сторона",
    "cmd.game.seat.opt.role.desc": "Какое место",
    "cmd.game.seat.opt.player": "игрок",
    "cmd.game.seat.opt.player.desc": "Кто его займёт",
    "cmd.game.seat.opt.game": "партия",
    "cmd.game.seat.opt.game.desc": "Номер партии",
    "choice.normal": "Обычный",
    "choice.easy": "Лёгкий",
    "cmd.board.opt.text": "текстом",
    "cmd.board.opt.text.desc": "Доска словами (что вам видно) вместо картинки",
    "bot.stats_heading": "**Итоги игрока {player}**",
    "bot.stats_none": "Законченных партий пока нет.",
    "bot.stats_line": "{title} · {side}: сыграно {played}, побед {won}, поражений {lost}, "
                      "ничьих {drawn}, сдался {resigned}",
    "bot.stats_total": "Всего: сыграно {played}, побед {won}, поражений {lost}, ничьих {drawn}, "
                       "сдался {resigned}",
    "bot.leaderboard_heading": "**Лучшие игроки: {title}**",
    "bot.leaderboard_line": "{place}. {player}: {won} побед из {played} (поражений {lost}, "
                            "ничьих {drawn}, сдался {resigned})",
    "cmd.game.stats": "итоги",
    "cmd.game.stats.desc": "Итоги игрока: сыграно, побед, поражений, ничьих, сдался",
    "cmd.game.stats.opt.player": "игрок",
    "cmd.game.stats.opt.player.desc": "Чьи итоги (по умолчанию ваши)",
    "cmd.game.stats.opt.title": "игра",
    "cmd.game.stats.opt.title.desc": "Только эта игра",
    "cmd.game.leaderboard": "рейтинг",
    "cmd.game.leaderboard.desc": "Лучшие игроки сервера в игре",
    "cmd.game.leaderboard.opt.title": "игра",
    "cmd.game.leaderboard.opt.title.desc": "Какая игра",
    "bot.exported_over": "Партия №{id}: запись (python -m bot replay ФАЙЛ повторит её), журнал и анимация доски.",
    "bot.exported_running": "Партия №{id} ещё идёт: журнал, каким его видите вы, и запись без скрытого (без зерна и ходов).",
    "cmd.game.export": "выгрузить",
    "cmd.game.export.desc": "Забрать партию: запись, журнал и (после конца) анимацию",
    "cmd.game.export.opt.game": "партия",
    "cmd.game.export.opt.game.desc": "Номер партии",
    "cmd.game.new.opt.options": "варианты",
    "cmd.game.new.opt.options.desc": "Варианты правил: имя=значение через запятую (или /game options в лобби)",
    "cmd.game.options": "варианты",
    "cmd.game.options.desc": "Задать вариант правил партии до начала",
    "cmd.game.options.opt.option": "вариант",
    "cmd.game.options.opt.option.desc": "Какой вариант",
    "cmd.game.options.opt.value": "значение",
    "cmd.game.options.opt.value.desc": "Его значение",
    "cmd.game.options.opt.game": "партия",
    "cmd.game.options.opt.game.desc": "Номер партии",
    "bot.scenario_kept": "Сохранён для сервера: {name} ({title}), номер {id}. Начните его через /game new scenario:.",
    "bot.scenarios_none": "Своих сценариев у сервера пока нет. Модераторы добавляют их через /scenario upload.",
    "bot.scenario_line": "{id}. {name} · {title} · загрузил {who}",
    "bot.scenario_removed": "Удалён: {name}.",
    "bot.server_scenario": "{name} (сценарий сервера)",
    "cmd.scenario": "сценарий",
    "cmd.scenario.desc": "Сценарии, которые сервер хранит для своих партий",
    "cmd.scenario.upload": "загрузить",
    "cmd.scenario.upload.desc": "Модераторы: сохранить документ сценария (JSON) для партий сервера",
    "cmd.scenario.upload.opt.title": "игра",
    "cmd.scenario.upload.opt.title.desc": "Какая игра",
    "cmd.scenario.upload.opt.file": "файл",
    "cmd.scenario.upload.opt.file.desc": "Документ сценария (JSON)",
    "cmd.scenario.upload.opt.name": "название",
    "cmd.scenario.upload.opt.name.desc": "Его название (по умолчанию — из документа)",
    "cmd.scenario.list": "список",
    "cmd.scenario.list.desc": "Сценарии этого сервера",
    "cmd.scenario.list.opt.title": "игра",
    "cmd.scenario.list.opt.title.desc": "Только эта игра",
    "cmd.scenario.show": "показать",
    "cmd.scenario.show.desc": "Сценарий сервера файлом",
    "cmd.scenario.show.opt.scenario": "сценарий",
    "cmd.scenario.show.opt.scenario.desc": "Какой сценарий",
    "cmd.scenario.remove": "удалить",
    "cmd.scenario.remove.desc": "Модераторы: забыть сценарий сервера",
    "cmd.scenario.remove.opt.scenario": "сценарий",
    "cmd.scenario.remove.opt.scenario.desc": "Какой сценарий",
    "bot.no_region": "На этой карте нет области {region}. Области: {regions}.",
    "cmd.board.opt.region": "область",
    "cmd.board.opt.region.desc": "Крупно одна область карты (Pax Romana)",
    "choice.auto": "Авто",
    "choice.mention": "Упоминание",
    "choice.dm": "Личное сообщение",
    "choice.both": "Оба",
    "bot.yes": "да",
    "bot.no": "нет",
    # -- названия игр --------------------------------------------------------------------------
    "title.ancients": "Отряды и Знамена: Античность",
    "title.hannibal": "Ганнибал: Рим против Карфагена",
    "title.mare_nostrum": "Наше море: Империи",
    "title.pax_romana": "Pax Romana",
    # -- /правила ------------------------------------------------------------------------------
    "rules.ancients": (
        "Два игрока командуют армиями на поле из гексов, разделённом на три сектора: левый, "
        "центральный и правый. Побеждает тот, кто первым наберёт указанное в сценарии число "
        "знамён победы (обычно от 5 до 8). Знамя победы даётся за каждый уничтоженный отряд "
        "противника и за каждого убитого вражеского командира.\n\n"
        "Ход: (1) сыграйте одну карту приказов с руки (рука тайная: я присылаю её в личные "
        "сообщения, или используйте /рука). Карта говорит, каким отрядам можно отдать приказ: "
        "столько-то отрядов в секторе, отряды одного рода войск, командир и отряды рядом с ним "
        "или особый приём. (2) Отдайте приказы. (3) Передвиньте отряды по одному; всё движение "
        "заканчивается до начала боёв. (4) Бои, по одному отряду: бой на расстоянии (лёгкие "
        "отряды и боевые машины стреляют по цели в 2 гексах и дальше) или ближний бой (против "
        "соседнего врага). Бросьте боевые кубики: символ рода войск цели — попадание; в ближнем "
        "бою попадают и скрещённые мечи (кроме лёгких отрядов), а шлем — если рядом или вместе "
        "с отрядом есть свой командир; каждый флаг заставляет цель отступить. Отряд, "
        "атакованный в ближнем бою и оставшийся на месте, может вести ответный бой; лёгкие "
        "отряды (и конница — от более медленных) могут вместо этого уклониться. Атакующий, "
        "уничтоживший цель или выбивший её из гекса, может занять гекс; конница, колесницы, "
        "слоны, варвары и отряды с командиром затем могут ещё раз вступить в ближний бой. "
        "(5) Возьмите карту; ходит противник.\n\n"
        "Здесь: в канале указано, чей ход. Нажимайте кнопки (варианты, которые выдали бы ваши "
        "карты, открываются только вам) или используйте /ход. /поле показывает поле, /журнал — "
        "ход партии, /игра отменить возвращает ход, если не бросались кубики и ничего скрытого "
        "не открылось."
    ),
    "rules.hannibal": (
        "Вторая Пуническая война на двоих: Рим против Карфагена. Ход начинается с подкреплений "
        "и выборов римских консулов; затем каждому сдаются карты стратегии (от 7 до 9), и "
        "игроки по очереди разыгрывают их, пока обе руки не опустеют. Карту играют либо ради "
        "события, либо ради очков операций: передвинуть полководца с армией или выставить "
        "жетоны политического контроля. Сражения разыгрываются картами сражений. После карт — "
        "зимние потери, изоляция и политический подсчёт провинций; побеждает тот, у кого в "
        "конце больше провинций, или сразу — досрочной победой.\n\n"
        "Здесь: ваши карты приходят в личные сообщения (или /рука); кнопки и /ход показывают "
        "разрешённые варианты."
    ),
    "rules.mare_nostrum": (
        "Империи древнего Средиземноморья спорят за славу. В ходу пять фаз: сбор ресурсов; "
        "торговля — предложения делаются тайно и открываются одновременно; строительство "
        "(караваны, рынки, города, храмы, легионы, триеры, крепости, герои и чудеса) в "
        "порядке, который назначает лидер культуры; передвижение и битвы в порядке, который "
        "назначает военный лидер; затем определяются три лидерства. Победа — постройка "
        "пирамид, пять героев и чудес, четыре столицы или легендарных города, либо все три "
        "титула лидера.\n\n"
        "Здесь: когда несколько игроков выбирают одновременно, нажмите «Выбрать тайно»: ваше "
        "меню видите только вы."
    ),
    "rules.pax_romana": (
        "Рим, Карфаген, Греция и Восток борются за Средиземноморье с 300 по 50 год до н. э. "
        "Игровой ход: доход; содержание войск; снятие полководцев и временных армий; выбор "
        "полководцев; набор войск (оба решения тайные и открываются одновременно); активации "
        "в случайном порядке, в которых активный игрок платит талант и проводит экспансию "
        "(одно большое и два малых перемещения, битвы, строительство) или призыв; истощение "
        "и изоляция; победные очки за цивилизацию и цели.\n\n"
        "Здесь: тайные решения принимаются через «Выбрать тайно», ничего скрытого в канал не "
        "попадает; для переговоров бот открывает закрытую ветку их участников."
    ),
    # -- слэш-команды: имена (строчными, без пробелов, до 32 знаков) и описания ----------------
    "cmd.game": "игра",
    "cmd.game.desc": "Создание партий, места за столом и ведение игры",
    "cmd.game.new": "новая",
    "cmd.game.new.desc": "Открыть новый игровой стол в этом канале",
    "cmd.game.new.opt.title": "название",
    "cmd.game.new.opt.title.desc": "Какая игра",
    "cmd.game.new.opt.scenario": "сценарий",
    "cmd.game.new.opt.scenario.desc": "Какой сценарий (битва, расстановка)",
    "cmd.game.new.opt.scenario_file": "файл_сценария",
    "cmd.game.new.opt.scenario_file.desc": "Свой сценарий (JSON) вместо готового",
    "cmd.game.new.opt.seed": "зерно",
    "cmd.game.new.opt.seed.desc": "Зерно кубиков и тасовок (чтобы повторить партию)",
    "cmd.game.join": "присоединиться",
    "cmd.game.join.desc": "Занять место в партии, которая ещё не началась",
    "cmd.game.join.opt.game": "партия",
    "cmd.game.join.opt.game.desc": "Номер партии (если не указан — единственная открытая здесь)",
    "cmd.game.join.opt.role": "сторона",
    "cmd.game.join.opt.role.desc": "За какую сторону (если не указана — любое свободное место)",
    "cmd.game.leave": "выйти",
    "cmd.game.leave.desc": "Освободить своё место до начала партии",
    "cmd.game.leave.opt.game": "партия",
    "cmd.game.leave.opt.game.desc": "Номер партии",
    "cmd.game.start": "начать",
    "cmd.game.start.desc": "Начать партию, когда все места заняты",
    "cmd.game.start.opt.game": "партия",
    "cmd.game.start.opt.game.desc": "Номер партии",
    "cmd.game.status": "состояние",
    "cmd.game.status.desc": "Места, очередь хода и состояние партии",
    "cmd.game.status.opt.game": "партия",
    "cmd.game.status.opt.game.desc": "Номер партии",
    "cmd.game.list": "список",
    "cmd.game.list.desc": "Партии этого сервера",
    "cmd.game.list.opt.finished": "оконченные",
    "cmd.game.list.opt.finished.desc": "Показать и оконченные партии",
    "cmd.game.list.opt.here": "здесь",
    "cmd.game.list.opt.here.desc": "Только этот канал",
    "cmd.game.undo": "отменить",
    "cmd.game.undo.desc": "Вернуть последний ход, если с тех пор не было случайного или "
                          "скрытого",
    "cmd.game.undo.opt.game": "партия",
    "cmd.game.undo.opt.game.desc": "Номер партии",
    "cmd.game.undo.opt.force": "принудительно",
    "cmd.game.undo.opt.force.desc": "Для модераторов: отменить ход другого игрока",
    "cmd.game.resign": "сдаться",
    "cmd.game.resign.desc": "Сдаться: ваша сторона проигрывает",
    "cmd.game.resign.opt.game": "партия",
    "cmd.game.resign.opt.game.desc": "Номер партии",
    "cmd.game.bribe": "подкуп",
    "cmd.game.bribe.desc": "Pax Romana: предложить подкуп в талантах державе, чьё действие "
                           "вступает в силу",
    "cmd.game.bribe.opt.power": "держава",
    "cmd.game.bribe.opt.power.desc": "Кому предложить подкуп",
    "cmd.game.bribe.opt.amount": "сумма",
    "cmd.game.bribe.opt.amount.desc": "Сколько талантов",
    "cmd.game.bribe.opt.game": "партия",
    "cmd.game.bribe.opt.game.desc": "Номер партии",
    "cmd.game.bribe_answer": "ответ_на_подкуп",
    "cmd.game.bribe_answer.desc": "Pax Romana: принять или отклонить предложенный вам подкуп",
    "cmd.game.bribe_answer.opt.power": "держава",
    "cmd.game.bribe_answer.opt.power.desc": "Кто предлагает подкуп",
    "cmd.game.bribe_answer.opt.accept": "принять",
    "cmd.game.bribe_answer.opt.accept.desc": "Да: принять (таланты выплачиваются сразу)",
    "cmd.game.bribe_answer.opt.game": "партия",
    "cmd.game.bribe_answer.opt.game.desc": "Номер партии",
    "cmd.game.end": "завершить",
    "cmd.game.end.desc": "Завершить партию сейчас (создатель или модератор)",
    "cmd.game.end.opt.game": "партия",
    "cmd.game.end.opt.game.desc": "Номер партии",
    "cmd.game.pause": "пауза",
    "cmd.game.pause.desc": "Поставить партию на паузу (создатель или модератор)",
    "cmd.game.pause.opt.game": "партия",
    "cmd.game.pause.opt.game.desc": "Номер партии",
    "cmd.game.resume": "продолжить",
    "cmd.game.resume.desc": "Продолжить партию после паузы",
    "cmd.game.resume.opt.game": "партия",
    "cmd.game.resume.opt.game.desc": "Номер партии",
    "cmd.game.kick": "исключить",
    "cmd.game.kick.desc": "Для модераторов: освободить место игрока",
    "cmd.game.kick.opt.player": "игрок",
    "cmd.game.kick.opt.player.desc": "Кого убрать из-за стола",
    "cmd.game.kick.opt.game": "партия",
    "cmd.game.kick.opt.game.desc": "Номер партии",
    "cmd.game.replace": "заменить",
    "cmd.game.replace.desc": "Для модераторов: посадить другого игрока на чьё-то место",
    "cmd.game.replace.opt.old": "прежний",
    "cmd.game.replace.opt.old.desc": "Игрок, который уходит",
    "cmd.game.replace.opt.new": "новый",
    "cmd.game.replace.opt.new.desc": "Игрок, который занимает место",
    "cmd.game.replace.opt.game": "партия",
    "cmd.game.replace.opt.game.desc": "Номер партии",
    "cmd.game.timer": "таймер",
    "cmd.game.timer.desc": "Таймер хода партии",
    "cmd.game.timer.opt.minutes": "минуты",
    "cmd.game.timer.opt.minutes.desc": "Минут на ход; 0 выключает таймер",
    "cmd.game.timer.opt.game": "партия",
    "cmd.game.timer.opt.game.desc": "Номер партии",
    "cmd.game.settings": "настройки",
    "cmd.game.settings.desc": "Настройки сервера: язык, роль модераторов, таймер хода",
    "cmd.game.settings.opt.language": "язык",
    "cmd.game.settings.opt.language.desc": "Язык сообщений бота на этом сервере",
    "cmd.game.settings.opt.moderator_role": "роль_модераторов",
    "cmd.game.settings.opt.moderator_role.desc": "Участники с этой ролью могут вести партии",
    "cmd.game.settings.opt.timer_minutes": "минут_на_ход",
    "cmd.game.settings.opt.timer_minutes.desc": "Минут на ход в новых партиях по умолчанию; "
                                                "0 — без таймера",
    "cmd.play": "ход",
    "cmd.play.desc": "Сделать ход: выберите один из своих вариантов",
    "cmd.play.opt.action": "действие",
    "cmd.play.opt.action.desc": "Ваш ход (начните вводить, чтобы увидеть варианты)",
    "cmd.play.opt.game": "партия",
    "cmd.play.opt.game.desc": "Номер партии",
    "cmd.hand": "рука",
    "cmd.hand.desc": "Ваши скрытые карты и варианты хода — видно только вам",
    "cmd.hand.opt.game": "партия",
    "cmd.hand.opt.game.desc": "Номер партии",
    "cmd.board": "поле",
    "cmd.board.desc": "Текущее игровое поле партии",
    "cmd.board.opt.game": "партия",
    "cmd.board.opt.game.desc": "Номер партии",
    "cmd.board.opt.share": "показать_всем",
    "cmd.board.opt.share.desc": "Показать картинку всем в канале партии",
    "cmd.log": "журнал",
    "cmd.log.desc": "Последние строки журнала партии, доступные вам",
    "cmd.log.opt.game": "партия",
    "cmd.log.opt.game.desc": "Номер партии",
    "cmd.log.opt.lines": "строк",
    "cmd.log.opt.lines.desc": "Сколько строк показать",
    "cmd.rules": "правила",
    "cmd.rules.desc": "Как играть — коротко",
    "cmd.rules.opt.title": "игра",
    "cmd.rules.opt.title.desc": "Какая игра",
    "cmd.rules.opt.topic": "тема",
    "cmd.rules.opt.topic.desc": "Часть правил: порядок хода, бой, движение …",
    "cmd.card": "карта",
    "cmd.card.desc": "Карта, герой, чудо или событие любой игры — с текстом",
    "cmd.card.opt.name": "название",
    "cmd.card.opt.name.desc": "Название по-русски или по-английски (начните вводить, чтобы "
                              "увидеть список)",
}

TEXTS: dict[str, str] = {**SERVICE, **BOT}
