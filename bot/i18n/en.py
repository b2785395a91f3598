"""English texts of the bot. Every key here exists in ``ru.py`` with the same placeholders.

The table service's refusals and notices are the service's own English (``SERVICE_TEXTS_EN``);
their Russian is in ``ru.py``.
"""

from __future__ import annotations

from bot.service import SERVICE_TEXTS_EN

BOT: dict[str, str] = {
    # -- posts and replies ---------------------------------------------------------------------
    "bot.game_heading": "Game #{id} · {title} · {scenario}",
    "bot.seat": "{role}: {player}",
    "bot.seat_free": "free seat",
    "bot.player_role": "{player} ({role})",
    "bot.lobby_hint": "Take a seat with the buttons or /game join; {creator} starts with "
                      "/game start.",
    "bot.created": "{creator} opens a new table.",
    "bot.created_you": "Game #{id} is open. Players join with /game join.",
    "bot.player_joined": "{player} takes a seat.",
    "bot.player_left": "{player} leaves the table.",
    "bot.joined": "You sit at game #{id} as {role}.",
    "bot.left": "You left game #{id}.",
    "bot.started": "Game #{id} has started.",
    "bot.done": "Done.",
    "bot.bribe_offered_dm": "{heading}: {giver} offers you ({role}) a bribe of {n} Talents "
                            "for what you are doing now. The deal is your own words: nothing "
                            "holds you to it. Answer with the buttons below (or /game "
                            "bribe_answer); the Talents are paid at once if you accept.",
    "bot.turn_of": "Your move: {players}",
    "error.not_a_choice": "{action} is not one of the choices open to you now.",
    "error.no_role": "There is no side {role} in this game.",
    "bot.computer": "🤖 computer ({level})",
    "bot.level.easy": "easy",
    "bot.level.normal": "normal",
    "bot.computer_seated": "The computer ({level}) takes the seat of {role}.",
    "bot.seat_handed": "{player} now holds the seat of {role}.",
    "bot.alt_board": "Board of {heading}.",
    "bot.summary": "{moves} moves in {turns} turns.",
    "bot.button.rematch_keep": "Rematch",
    "bot.button.rematch_swap": "Rematch, sides swapped",
    "bot.button.export": "Export",
    "bot.rematch_started": "Game #{id} begins.",
    "bot.options_default": "Rule options: as the rulebook says.",
    "bot.options_heading": "Rule options:",
    "bot.option_set": "Game #{id}: {option} — {value}.",
    "bot.options_unknown": "{title} has no option {option}. Options: {options}.",
    "bot.options_bad_value": "{option} cannot be {value}. Choose one of: {values}.",
    "bot.options_fixed": "This scenario is played only one way: {option} — {value}.",
    "bot.options_format": "Write options as name=value, separated by commas (for example {example}).",
    "bot.end_battles": "Battles fought: {n}.",
    "bot.end_won": "Battles won: {sides}.",
    "bot.end_lost": "Units lost: {sides}.",
    "bot.end_destroyed": "Buildings destroyed: {n}.",
    "bot.end_race": "The race, turn by turn:",
    "bot.end_decided": "Decided from turn {turn} of {turns}: {side} led from there to the end.",
    "bot.asked_privately": "⏳ Waiting for {players} (asked privately).",
    "bot.ask_why": "Waiting for your answer as {role}: {players}.",
    "bot.private_heading": "Known to you alone",
    "bot.asked_in_channel": "{player}, you are asked as {role}: {prompt} Press the button to "
                            "answer (your DMs are closed).",
    "bot.your_turn_dm": "Your turn in {heading} as {roles}: {prompt} Play in {channel}.",
    "bot.thread_started": "{heading} begins: {players}. The game is played in the thread "
                          "below.",
    "bot.thread_ended": "{heading}: {result} The game's thread: {thread}.",
    "bot.negotiation.thread_name": "#{id} Negotiation: {by}",
    "bot.negotiation.opened": "🤝 {by} negotiates with {invited} (§4.1). The rulebook gives "
                              "five minutes: time is up {deadline}.",
    "bot.negotiation.nobody_yet": "the players they invite (each joins this thread)",
    "bot.negotiation.how": "What you agree about your moves is in your own words, here; it "
                           "lasts to the end of the game turn and binds nobody (§4.3.2). The "
                           "game carries out, at once, what changes hands (Talents, galleys, "
                           "mercenary units, a city or settlement) and an alliance to the end "
                           "of the game turn: proposed with the buttons of the game, confirmed "
                           "by the other side with the buttons the bot sends them; a bribe "
                           "(§4.4) is a Talent transfer, or at any moment an action takes "
                           "effect /game bribe. {by} ends the negotiation with its "
                           "button.",
    "bot.negotiation.joined": "🤝 {who} joins the negotiation.",
    "bot.negotiation.opened_card": "🤝 {by} plays {card} and negotiates with {invited}, and "
                                   "with nobody else (§4.2). The rulebook gives five "
                                   "minutes: time is up {deadline}.",
    "bot.negotiation.how_cards": "What you agree about your moves is in your own words, here; "
                                 "it lasts to the end of the game turn and binds nobody "
                                 "(§4.3.2). The game carries out, at once, what changes hands "
                                 "(cards, Talents, galleys, mercenary units, a city or "
                                 "settlement) and an alliance to the end of the game turn: "
                                 "proposed with the buttons of the game, confirmed by the "
                                 "other side with the buttons the bot sends them; a card's "
                                 "name is read by the two sides alone. A bribe (§4.4) is a "
                                 "Talent transfer, or at any moment an action takes effect "
                                 "/game bribe. {by} ends the negotiation with its button.",
    "bot.negotiation.time_up": "⏳ The five minutes of the negotiation are up (§4.3.1). Please "
                               "come to an agreement; {by} ends the negotiation with its "
                               "button.",
    "bot.negotiation.closed": "🤝 The negotiation is over. Carried out by the game:\n{what}",
    "bot.negotiation.closed_nothing": "🤝 The negotiation is over; nothing changed hands.",
    "bot.button.vote_extend": "More time",
    "bot.button.vote_abandon": "End as abandoned",
    "bot.vote_counted": "Your vote is counted: {votes} of {needed} needed.",
    "bot.vote_decided": "The vote is decided.",
    "bot.expired_vote": "The other players can give more time or end the game as abandoned "
                        "(a majority decides); moderators can seat someone else with "
                        "/game replace.",
    "bot.language_set": "I will write to you in {language}.",
    "bot.language_auto": "I will write to you in your Discord client's language ({language}).",
    "bot.notify_set": "Your turn will be announced: {mode}.",
    "bot.notify.mention": "by a mention in the channel",
    "bot.notify.dm": "by a direct message",
    "bot.notify.both": "by a mention and a direct message",
    "bot.paused_play": "Game #{id} is paused: no moves until it is resumed.",
    "bot.autocomplete_not_your_turn": "Not your turn: waiting for {players}",
    "bot.autocomplete_paused": "Game #{id} is paused",
    "bot.autocomplete_none": "No game of yours waits for a move here",
    "bot.not_your_turn": "It is not your turn; waiting for {players}.",
    "bot.your_choices": "Game #{id}, your choices as {role}:",
    "bot.chosen": "Your choice: {choice}",
    "bot.moved_on": "The game moved on since that message.",
    "bot.not_a_choice": "That is not one of the choices on offer.",
    "bot.unknown_component": "I do not know that button or menu (it may come from an older "
                             "version of me). /game status shows the game, /hand your choices.",
    "bot.paused": "⏸ The game is paused.",
    "bot.game_over": "🏁 Game over: {result}",
    "bot.game_ended": "🏁 The game was ended.",
    "bot.winners": "{players} won",
    "bot.draw": "a draw",
    "bot.dm_closed": "{player}, your DMs are closed, so I cannot send you your hand; use /hand.",
    "bot.hand_heading": "**Game #{id} · {title} · {role}**",
    "bot.hand_empty": "You hold nothing hidden.",
    "bot.private.hand": "Hand",
    "bot.private.bid": "Your bid",
    "bot.menu_placeholder": "Choices {first}–{last}",
    "bot.button.secret": "Choose in secret",
    "bot.button.mine": "My choices",
    "bot.button.more": "More choices",
    "bot.button.join": "Sit as {role}",
    "bot.status_line": "Status: {status}; move {version}.",
    "bot.status.lobby": "waiting for players",
    "bot.status.active": "in play",
    "bot.status.paused": "paused",
    "bot.status.finished": "over",
    "bot.status.ended": "ended",
    "bot.timer_is": "Turn timer: {minutes} min.",
    "bot.timer_set": "Game #{id}: the turn timer is now {minutes} min.",
    "bot.timer_off": "Game #{id}: the turn timer is off.",
    "bot.minutes": "{minutes} min",
    "bot.settings": "Language: {language}\nModerator role: {role}\nDefault turn timer: {timer}"
                    "\nA thread per game: {threads}",
    "bot.list_line": "{heading} · {status} · {channel}",
    "bot.no_games": "There are no games here.",
    "bot.log_empty": "Nothing in the log yet.",
    "bot.rules_missing": "There is no short help for this game yet.",
    "bot.rules_topics": "Topics (/rules title: topic:)",
    "bot.rules_topic_unknown": "{title} has no rules topic “{topic}”. Its topics: {topics}.",
    "bot.rules_topic_nowhere": "No game has a rules topic “{topic}”. Choose a game and start "
                               "typing the topic to see the list.",
    "bot.card_unknown": "No card, hero, wonder or event is called “{name}”. Start typing its "
                        "name and pick one from the list.",
    "bot.card_several": "{n} cards fit “{name}”: {names}. Pick one from the list.",
    "bot.play_unknown": "“{text}” is not one of your choices now. Your choices:\n{choices}",
    # -- refusals of the bot itself ------------------------------------------------------------
    "bot.guild_only": "This works only in a server channel.",
    "bot.no_game_here": "There is no game for that in this channel. Start one with /game new.",
    "bot.which_game": "Several games fit: {games}. Name one with the game option.",
    "bot.scenario_not_json": "The scenario file is not valid JSON: {reason}",
    "bot.scenario_not_object": "The scenario file must hold one JSON object.",
    "bot.scenario_too_big": "The scenario file is too big (at most {limit} kB).",
    "bot.failed": "Something went wrong on my side. Check /game status before trying again.",
    "bot.cannot_post": "I may not post in this channel: give me Send Messages, Embed Links "
                       "and Attach Files here.",
    # -- choices of command options ------------------------------------------------------------
    "choice.en": "English",
    "choice.ru": "Russian",
    "cmd.game.new.opt.thread": "thread",
    "cmd.game.new.opt.thread.desc": "Play it in a thread of its own (default: the server's setting)",
    "cmd.game.settings.opt.threads": "threads",
    "cmd.game.settings.opt.threads.desc": "Give each new game a thread of its own",
    "cmd.game.language": "language",
    "cmd.game.language.desc": "The language the bot writes to you in",
    "cmd.game.language.opt.language": "language",
    "cmd.game.language.opt.language.desc": "Your language; 'auto' follows your Discord client",
    "cmd.game.notify": "notify",
    "cmd.game.notify.desc": "How you are told it is your turn",
    "cmd.game.notify.opt.mode": "mode",
    "cmd.game.notify.opt.mode.desc": "A mention in the channel, a direct message, or both",
    "cmd.game.new.opt.computer": "computer",
    "cmd.game.new.opt.computer.desc": "Seats the computer takes (side names, separated by commas)",
    "cmd.game.new.opt.level": "level",
    "cmd.game.new.opt.level.desc": "How well the computer plays",
    "cmd.game.computer": "computer",
    "cmd.game.computer.desc": "Seat the computer: a free seat in the lobby, or moderators: any seat in play",
    "cmd.game.computer.opt.role": "role",
    "cmd.game.computer.opt.role.desc": "Which seat",
    "cmd.game.computer.opt.level": "level",
    "cmd.game.computer.opt.level.desc": "How well the computer plays",
    "cmd.game.computer.opt.game": "game",
    "cmd.game.computer.opt.game.desc": "Game number",
    "cmd.game.seat": "seat",
    "cmd.game.seat.desc": "Moderators: hand a seat to a member (also back from the computer)",
    "cmd.game.seat.opt.role": "role",
    "cmd.game.seat.opt.role.desc": "Which seat",
    "cmd.game.seat.opt.player": "player",
    "cmd.game.seat.opt.player.desc": "Who takes it",
    "cmd.game.seat.opt.game": "game",
    "cmd.game.seat.opt.game.desc": "Game number",
    "choice.normal": "Normal",
    "choice.easy": "Easy",
    "cmd.board.opt.text": "text",
    "cmd.board.opt.text.desc": "The board in words (what you may see), instead of a picture",
    "bot.stats_heading": "**Record of {player}**",
    "bot.stats_none": "No finished games yet.",
    "bot.stats_line": "{title} · {side}: played {played}, won {won}, lost {lost}, drawn {drawn}, "
                      "resigned {resigned}",
    "bot.stats_total": "All: played {played}, won {won}, lost {lost}, drawn {drawn}, "
                       "resigned {resigned}",
    "bot.leaderboard_heading": "**Best players of {title}**",
    "bot.leaderboard_line": "{place}. {player}: won {won} of {played} (lost {lost}, drawn "
                            "{drawn}, resigned {resigned})",
    "cmd.game.stats": "stats",
    "cmd.game.stats.desc": "A player's record: games played, won, lost, drawn, resigned",
    "cmd.game.stats.opt.player": "player",
    "cmd.game.stats.opt.player.desc": "Whose record (default: yours)",
    "cmd.game.stats.opt.title": "title",
    "cmd.game.stats.opt.title.desc": "Only this game",
    "cmd.game.leaderboard": "leaderboard",
    "cmd.game.leaderboard.desc": "The best players of a game in this server",
    "cmd.game.leaderboard.opt.title": "title",
    "cmd.game.leaderboard.opt.title.desc": "Which game",
    "bot.exported_over": "Game #{id}: its record (python -m bot replay FILE replays it), its log and an animation of the board.",
    "bot.exported_running": "Game #{id} is in play: its log as you may read it, and its record without what is still hidden (no seed, no moves).",
    "cmd.game.export": "export",
    "cmd.game.export.desc": "Take a game away: its record, its log, and (once over) an animation",
    "cmd.game.export.opt.game": "game",
    "cmd.game.export.opt.game.desc": "Game number",
    "cmd.game.new.opt.options": "options",
    "cmd.game.new.opt.options.desc": "Rule options: name=value, separated by commas (or /game options in the lobby)",
    "cmd.game.options": "options",
    "cmd.game.options.desc": "Set a rule option of a game in the lobby",
    "cmd.game.options.opt.option": "option",
    "cmd.game.options.opt.option.desc": "Which option",
    "cmd.game.options.opt.value": "value",
    "cmd.game.options.opt.value.desc": "Its value",
    "cmd.game.options.opt.game": "game",
    "cmd.game.options.opt.game.desc": "Game number",
    "bot.scenario_kept": "Kept for this server: {name} ({title}), number {id}. Start it with /game new scenario:.",
    "bot.scenarios_none": "This server keeps no scenarios yet. Moderators add them with /scenario upload.",
    "bot.scenario_line": "{id}. {name} · {title} · uploaded by {who}",
    "bot.scenario_removed": "Forgotten: {name}.",
    "bot.server_scenario": "{name} (this server's)",
    "cmd.scenario": "scenario",
    "cmd.scenario.desc": "The scenarios this server keeps for its games",
    "cmd.scenario.upload": "upload",
    "cmd.scenario.upload.desc": "Moderators: keep a scenario document (JSON) for this server's games",
    "cmd.scenario.upload.opt.title": "title",
    "cmd.scenario.upload.opt.title.desc": "Which game",
    "cmd.scenario.upload.opt.file": "file",
    "cmd.scenario.upload.opt.file.desc": "The scenario document (JSON)",
    "cmd.scenario.upload.opt.name": "name",
    "cmd.scenario.upload.opt.name.desc": "Its name (default: the document's own)",
    "cmd.scenario.list": "list",
    "cmd.scenario.list.desc": "The scenarios this server keeps",
    "cmd.scenario.list.opt.title": "title",
    "cmd.scenario.list.opt.title.desc": "Only this game",
    "cmd.scenario.show": "show",
    "cmd.scenario.show.desc": "A scenario this server keeps, as a file",
    "cmd.scenario.show.opt.scenario": "scenario",
    "cmd.scenario.show.opt.scenario.desc": "Which scenario",
    "cmd.scenario.remove": "remove",
    "cmd.scenario.remove.desc": "Moderators: forget a scenario of this server",
    "cmd.scenario.remove.opt.scenario": "scenario",
    "cmd.scenario.remove.opt.scenario.desc": "Which scenario",
    "bot.no_region": "There is no region {region} on this map. Regions: {regions}.",
    "cmd.board.opt.region": "region",
    "cmd.board.opt.region.desc": "Zoom on one region of the map (Pax Romana)",
    "choice.auto": "Auto",
    "choice.mention": "Mention",
    "choice.dm": "Direct message",
    "choice.both": "Both",
    "bot.yes": "yes",
    "bot.no": "no",
    # -- titles --------------------------------------------------------------------------------
    "title.ancients": "Commands & Colors: Ancients",
    "title.hannibal": "Hannibal: Rome vs Carthage",
    "title.mare_nostrum": "Mare Nostrum: Empires",
    "title.pax_romana": "Pax Romana",
    # -- /rules --------------------------------------------------------------------------------
    "rules.ancients": (
        "Two players each command an army on a battlefield of hexes split into three sections: "
        "left, centre and right. The first to win the scenario's number of Victory Banners "
        "(usually 5 to 8) wins at once. You win a banner for each enemy unit you eliminate and "
        "each enemy leader you kill.\n\n"
        "A turn: (1) play one Command card from your hand (your hand is secret: I send it to "
        "you by DM, or use /hand). The card tells which units you may order: so many units in a "
        "section, units of one troop type, a leader and the units near him, or a special "
        "tactic. (2) Order the units. (3) Move them, one at a time; all movement ends before "
        "any battle. (4) Battle, one unit at a time: ranged combat (light units and war machines "
        "firing at a target 2 or more hexes away) or close combat (against an adjacent enemy). "
        "Roll the battle dice: a symbol matching the target unit's type scores a hit; in close "
        "combat crossed swords hit too (not for light units) and a helmet hits when a friendly "
        "leader is with or next to the unit; each flag forces a retreat. A unit attacked in "
        "close combat that keeps its hex may battle back; light units (and mounted units, "
        "against slower attackers) may evade instead. An attacker that eliminates its target or "
        "drives it from its hex may advance into it; cavalry, chariots, elephants, warriors and "
        "units with a leader may then battle once more. "
        "(5) Draw a card; your opponent plays.\n\n"
        "Here: the prompt in the channel names who must act. Press the buttons (choices that "
        "would show your cards open only for you), or use /play. /board shows the field, /log "
        "the story so far, /game undo takes back a move when no dice were rolled and nothing "
        "hidden was revealed."
    ),
    "rules.hannibal": (
        "The Second Punic War for two players: Rome against Carthage. Each turn starts with "
        "reinforcements and the Roman elections; then each player is dealt strategy cards "
        "(7 to 9) and you play them one by one, in turn, until both hands are empty. A card is "
        "played either for its event or for its operations value: move a general and his army, "
        "or place political control markers. Battles are fought with battle cards. After the "
        "cards come winter attrition, isolation and the political count of provinces; whoever "
        "holds more provinces at the end wins, or at once by sudden death.\n\n"
        "Here: your cards reach you by DM (or /hand); the buttons and /play list your legal "
        "choices."
    ),
    "rules.mare_nostrum": (
        "Empires of the ancient Mediterranean compete for glory. Each turn has five phases: "
        "collect resources; trade them, offers made in secret and revealed together; build "
        "(caravans, markets, temples, fortresses, legions and triremes, heroes and wonders) "
        "in the order the Culture leader sets; move and fight in the order the Military leader "
        "sets; then decide the three leaderships. You win by building the Pyramids, by "
        "gathering five heroes and wonders, by holding four capitals or legendary cities, or "
        "by holding all three leadership titles.\n\n"
        "Here: when several players choose at once, press “Choose in secret”: your menu is "
        "shown only to you."
    ),
    "rules.pax_romana": (
        "Rome, Carthage, Greece and the East fight for the Mediterranean from 300 to 50 BC. "
        "A game turn runs: income; maintenance; removal of leaders and temporary armies; "
        "leader selection; manpower (both decided in secret and revealed together); "
        "activations, drawn at random, in which the active player pays a talent and makes an "
        "expansion (one major and two minor moves, battles, building) or a call-up; attrition "
        "and isolation; victory points from civilisation and objectives.\n\n"
        "Here: secret decisions go through “Choose in secret”, nothing hidden is posted in the "
        "channel; a negotiation gets a private thread of its parties."
    ),
    # -- slash commands (names and descriptions; Russian in ru.py) -----------------------------
    "cmd.game": "game",
    "cmd.game.desc": "Create, join and run game tables",
    "cmd.game.new": "new",
    "cmd.game.new.desc": "Open a new game table in this channel",
    "cmd.game.new.opt.title": "title",
    "cmd.game.new.opt.title.desc": "Which game",
    "cmd.game.new.opt.scenario": "scenario",
    "cmd.game.new.opt.scenario.desc": "Which scenario (battle, setup)",
    "cmd.game.new.opt.scenario_file": "scenario_file",
    "cmd.game.new.opt.scenario_file.desc": "A scenario document (JSON) instead of a listed one",
    "cmd.game.new.opt.seed": "seed",
    "cmd.game.new.opt.seed.desc": "Seed of the dice and shuffles (to replay a game)",
    "cmd.game.join": "join",
    "cmd.game.join.desc": "Take a seat at a game that has not started",
    "cmd.game.join.opt.game": "game",
    "cmd.game.join.opt.game.desc": "Game number (the only open one here if left out)",
    "cmd.game.join.opt.role": "role",
    "cmd.game.join.opt.role.desc": "Which seat (a free one if left out)",
    "cmd.game.leave": "leave",
    "cmd.game.leave.desc": "Give up your seat before the game starts",
    "cmd.game.leave.opt.game": "game",
    "cmd.game.leave.opt.game.desc": "Game number",
    "cmd.game.start": "start",
    "cmd.game.start.desc": "Start the game once every seat is taken",
    "cmd.game.start.opt.game": "game",
    "cmd.game.start.opt.game.desc": "Game number",
    "cmd.game.status": "status",
    "cmd.game.status.desc": "Seats, turn and state of a game",
    "cmd.game.status.opt.game": "game",
    "cmd.game.status.opt.game.desc": "Game number",
    "cmd.game.list": "list",
    "cmd.game.list.desc": "The games of this server",
    "cmd.game.list.opt.finished": "finished",
    "cmd.game.list.opt.finished.desc": "Also list games that are over",
    "cmd.game.list.opt.here": "here",
    "cmd.game.list.opt.here.desc": "Only this channel",
    "cmd.game.undo": "undo",
    "cmd.game.undo.desc": "Take back the last move, if nothing random or hidden happened since",
    "cmd.game.undo.opt.game": "game",
    "cmd.game.undo.opt.game.desc": "Game number",
    "cmd.game.undo.opt.force": "force",
    "cmd.game.undo.opt.force.desc": "Moderators: undo another player's move",
    "cmd.game.resign": "resign",
    "cmd.game.resign.desc": "Resign: your side loses the game",
    "cmd.game.resign.opt.game": "game",
    "cmd.game.resign.opt.game.desc": "Game number",
    "cmd.game.bribe": "bribe",
    "cmd.game.bribe.desc": "Pax Romana: offer the Power whose action takes effect a bribe in "
                           "Talents",
    "cmd.game.bribe.opt.power": "power",
    "cmd.game.bribe.opt.power.desc": "The Power offered the bribe",
    "cmd.game.bribe.opt.amount": "amount",
    "cmd.game.bribe.opt.amount.desc": "How many Talents",
    "cmd.game.bribe.opt.game": "game",
    "cmd.game.bribe.opt.game.desc": "Game number",
    "cmd.game.bribe_answer": "bribe_answer",
    "cmd.game.bribe_answer.desc": "Pax Romana: accept or refuse a bribe offered to you",
    "cmd.game.bribe_answer.opt.power": "power",
    "cmd.game.bribe_answer.opt.power.desc": "The Power offering the bribe",
    "cmd.game.bribe_answer.opt.accept": "accept",
    "cmd.game.bribe_answer.opt.accept.desc": "True to accept (the Talents are paid at once)",
    "cmd.game.bribe_answer.opt.game": "game",
    "cmd.game.bribe_answer.opt.game.desc": "Game number",
    "cmd.game.end": "end",
    "cmd.game.end.desc": "End a game now (its creator or a moderator)",
    "cmd.game.end.opt.game": "game",
    "cmd.game.end.opt.game.desc": "Game number",
    "cmd.game.pause": "pause",
    "cmd.game.pause.desc": "Pause a game (its creator or a moderator)",
    "cmd.game.pause.opt.game": "game",
    "cmd.game.pause.opt.game.desc": "Game number",
    "cmd.game.resume": "resume",
    "cmd.game.resume.desc": "Go on with a paused game",
    "cmd.game.resume.opt.game": "game",
    "cmd.game.resume.opt.game.desc": "Game number",
    "cmd.game.kick": "kick",
    "cmd.game.kick.desc": "Moderators: free a player's seat",
    "cmd.game.kick.opt.player": "player",
    "cmd.game.kick.opt.player.desc": "The player to remove",
    "cmd.game.kick.opt.game": "game",
    "cmd.game.kick.opt.game.desc": "Game number",
    "cmd.game.replace": "replace",
    "cmd.game.replace.desc": "Moderators: seat another player in someone's place",
    "cmd.game.replace.opt.old": "old",
    "cmd.game.replace.opt.old.desc": "The player who leaves",
    "cmd.game.replace.opt.new": "new",
    "cmd.game.replace.opt.new.desc": "The player who takes the seat",
    "cmd.game.replace.opt.game": "game",
    "cmd.game.replace.opt.game.desc": "Game number",
    "cmd.game.timer": "timer",
    "cmd.game.timer.desc": "Set the turn timer of a game",
    "cmd.game.timer.opt.minutes": "minutes",
    "cmd.game.timer.opt.minutes.desc": "Minutes per turn; 0 turns the timer off",
    "cmd.game.timer.opt.game": "game",
    "cmd.game.timer.opt.game.desc": "Game number",
    "cmd.game.settings": "settings",
    "cmd.game.settings.desc": "Server settings: language, moderator role, default turn timer",
    "cmd.game.settings.opt.language": "language",
    "cmd.game.settings.opt.language.desc": "Language of the bot's posts in this server",
    "cmd.game.settings.opt.moderator_role": "moderator_role",
    "cmd.game.settings.opt.moderator_role.desc": "Members with this role may moderate games",
    "cmd.game.settings.opt.timer_minutes": "timer_minutes",
    "cmd.game.settings.opt.timer_minutes.desc": "Default minutes per turn of new games; 0 = none",
    "cmd.play": "play",
    "cmd.play.desc": "Make a move: pick one of your choices",
    "cmd.play.opt.action": "action",
    "cmd.play.opt.action.desc": "Your move (start typing to see your choices)",
    "cmd.play.opt.game": "game",
    "cmd.play.opt.game.desc": "Game number",
    "cmd.hand": "hand",
    "cmd.hand.desc": "Your hidden cards and your choices, only for you",
    "cmd.hand.opt.game": "game",
    "cmd.hand.opt.game.desc": "Game number",
    "cmd.board": "board",
    "cmd.board.desc": "The current board of a game",
    "cmd.board.opt.game": "game",
    "cmd.board.opt.game.desc": "Game number",
    "cmd.board.opt.share": "share",
    "cmd.board.opt.share.desc": "Post the picture in the game's channel for everyone",
    "cmd.log": "log",
    "cmd.log.desc": "The latest lines of a game's log you may read",
    "cmd.log.opt.game": "game",
    "cmd.log.opt.game.desc": "Game number",
    "cmd.log.opt.lines": "lines",
    "cmd.log.opt.lines.desc": "How many lines",
    "cmd.rules": "rules",
    "cmd.rules.desc": "How a game is played, in short",
    "cmd.rules.opt.title": "title",
    "cmd.rules.opt.title.desc": "Which game",
    "cmd.rules.opt.topic": "topic",
    "cmd.rules.opt.topic.desc": "One part of the rules: sequence, combat, movement …",
    "cmd.card": "card",
    "cmd.card.desc": "A card, hero, wonder or event of any game, with its text",
    "cmd.card.opt.name": "name",
    "cmd.card.opt.name.desc": "Its name, in English or Russian (start typing to see them)",
}

TEXTS: dict[str, str] = {**SERVICE_TEXTS_EN, **BOT}
