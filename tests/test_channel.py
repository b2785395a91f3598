"""The table in a channel (DESIGN "The table in a channel"): one live post per turn, pings that
mean something, questions that interrupt a turn asked privately, each player's language, a
thread per game, the channel brought up to date after a restart; through the real bot with
Discord mocked (``tests.harness``), played with the toy title."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.client import TableBot
from bot.cogs import codec
from bot.cogs.play import play_autocomplete
from bot.service import TableService
from bot.store import Store
from tests.harness import (
    CHANNEL,
    GUILD,
    A,
    B,
    C,
    ChannelRule,
    Harness,
    component_ids,
    live_choices,
    press_choice_index,
    where_asked,
)
from tests.test_cogs import labels_of, reply_text

PRIVATE_MARK = "**Hand**"


@pytest.fixture
async def h():
    store = Store("sqlite+aiosqlite:///:memory:")
    await store.init()
    service = TableService(store)
    bot = TableBot(service, timers=False)
    await bot.setup_hook()
    yield Harness(service, bot)
    await store.close()


async def new_game(h: Harness, scenario: str = "duel", seed: int = 5, **kwargs) -> int:
    await h.command("game new", A, "toy", scenario, seed=seed, **kwargs)
    return (await h.service.list_games(GUILD, CHANNEL))[-1].id


async def seat_and_start(h: Harness, game: int, users: tuple[int, ...] = (A, B)) -> None:
    for user in users:
        await h.command("game join", user, game)
    await h.command("game start", A, game)


async def lowest_choice(h: Harness, game: int) -> bool:
    """The active player makes their first choice where the bot offers it (lowest card, or bid
    0: always progress). False once the game is over."""
    info = await h.service.status(game)
    if info.status != "active":
        return False
    role = info.active_roles[0]
    user = info.seats[role]
    where, panels = await where_asked(h, game, role, user)
    it = await press_choice_index(h, panels, 0, user, where == "ephemeral")
    assert "⛔" not in reply_text(it), reply_text(it)
    return True


async def test_a_whole_game_posts_once_per_turn_and_pings_only_who_must_act(h: Harness):
    """One new post per turn (plus the lobby and the end), every other change an edit; each
    new post pings exactly the players who now hold the turn, and nobody twice for a wait."""
    game = await new_game(h, seed=11)
    await seat_and_start(h, game)
    rule = ChannelRule(h, game)
    await rule.start()
    moves = 0
    while await lowest_choice(h, game):
        moves += 1
        await rule.after_move()
        assert moves < 300
    assert (await h.service.status(game)).status == "finished"
    posts = [m for m in h.posts]
    assert len(posts) == 1 + rule.turns + 1 < moves
    assert h.count("edit") >= moves - rule.turns - 1
    for post in posts:
        assert len(post.pinged) == len(set(post.pinged))
    assert posts[-1].pinged == [] and "Game over" in posts[-1]["content"]
    assert all(live_choices(post) == [] for post in posts)     # no live buttons left
    assert not any(PRIVATE_MARK in text for text in h.contents())


async def test_a_question_that_interrupts_the_turn_is_asked_by_dm(h: Harness):
    """The bids (with ``bids_asked``) are asked of each player privately: a DM with the
    choices; the turn post says whom it waits for; answered, the DM loses its buttons."""
    info = await h.service.create_game(GUILD, CHANNEL, A, "toy", "duel", {"bids_asked": True},
                                       seed=5)
    game = info.id
    await h.bot.table.show_lobby(info)
    await seat_and_start(h, game)
    while len((await h.service.status(game)).active_roles) == 1:
        await lowest_choice(h, game)
    info = await h.service.status(game)
    assert sorted(info.active_roles) == ["a", "b"]
    post = h.by_id[(await h.bot.table.memo(game)).turn_post]
    assert "asked privately" in post["content"] and component_ids(post.get("view")) == []
    asks = (await h.bot.table.memo(game)).asks
    for role, user in (("a", A), ("b", B)):
        dm = h.by_id[asks[role].message]
        assert dm.channel is h.users[user].dm_channel
        assert "Bid 0" in labels_of(dm["view"]).values()
    # A answers in the DM: the DM keeps its text, loses its buttons; B's DM is untouched.
    a_dm, b_dm = h.by_id[asks["a"].message], h.by_id[asks["b"].message]
    b_edits = len(b_dm.edits)
    where, panels = await where_asked(h, game, "a", A)
    assert where == "dm"
    await press_choice_index(h, panels, 1, A, False)
    assert a_dm.get("view") is None and len(b_dm.edits) == b_edits
    where, panels = await where_asked(h, game, "b", B)
    await press_choice_index(h, panels, 0, B, False)       # B's DM made before A answered
    assert "Bids revealed: a=1, b=0" in "\n".join(h.contents())
    assert b_dm.get("view") is None and (await h.bot.table.memo(game)).asks == {}


async def test_closed_dms_ask_in_the_channel_and_the_message_goes_once_answered(h: Harness):
    h.users[B].dms_closed = True
    info = await h.service.create_game(GUILD, CHANNEL, A, "toy", "duel", {"bids_asked": True},
                                       seed=5)
    game = info.id
    await h.bot.table.show_lobby(info)
    await seat_and_start(h, game)
    while len((await h.service.status(game)).active_roles) == 1:
        await lowest_choice(h, game)
    ask = (await h.bot.table.memo(game)).asks["b"]
    assert ask.where == "channel"
    message = h.by_id[ask.message]
    assert message.pinged == [B] and "your DMs are closed" in message["content"]
    where, panels = await where_asked(h, game, "b", B)
    assert where == "ephemeral"
    await press_choice_index(h, panels, 0, B, True)
    assert message.deleted


async def test_an_old_post_never_keeps_live_buttons_when_its_edit_is_slow(h: Harness):
    """Bug: a move made before the bot finished stripping the previous post's buttons made
    the next post strip the wrong message. The strip of the first post is held back, the
    next move is made as soon as the new post appears: no post but the last has buttons,
    and none after /game end."""
    game = await new_game(h)
    await seat_and_start(h, game)
    first = h.by_id[(await h.bot.table.memo(game)).turn_post]
    gate = asyncio.Event()
    h.slow_edits[first.id] = gate
    moving = asyncio.create_task(play_a_card(h, game, A))       # the turn passes to B
    for _ in range(500):
        await asyncio.sleep(0.01)
        if len(h.posts) == 3:
            break
    assert len(h.posts) == 3                                     # lobby, A's post, B's post
    second = asyncio.create_task(play_a_card(h, game, B))        # at once, on the new post
    await asyncio.sleep(0.05)
    gate.set()
    await moving
    await second
    live = [m for m in h.posts if live_choices(m)]
    assert live == [h.by_id[(await h.bot.table.memo(game)).turn_post]]
    await h.command("game end", A, game)
    assert [m for m in h.posts if live_choices(m)] == []


async def play_a_card(h: Harness, game: int, user: int) -> None:
    info = await h.service.status(game)
    role = info.roles_of(user)[0]
    view = (await h.service.views_for(game, user))[role]
    index = next(i for i, c in enumerate(view.actions) if c.verb == "play")
    where, panels = await where_asked(h, game, role, user)
    await press_choice_index(h, panels, index, user, where == "ephemeral")


async def test_a_move_committed_but_not_posted_is_shown_on_start(h: Harness):
    """Bug: the bot died after a move was committed and before its post: on start the bot
    brings the channel up to date with the stored state."""
    game = await new_game(h)
    await seat_and_start(h, game)
    old = h.by_id[(await h.bot.table.memo(game)).turn_post]
    view = (await h.service.views_for(game, A))["a"]
    card = next(c for c in view.actions if c.verb == "play")
    await h.service.act(game, A, card.verb, card.arg)           # committed, never posted
    info = await h.service.status(game)
    # A new bot process over the same store.
    bot = TableBot(h.service, timers=False)
    await bot.setup_hook()
    fresh = Harness(h.service, bot)
    fresh.adopt(h)
    assert await bot.table.catch_up() == 1
    memo = await bot.table.memo(game)
    assert memo.posted == info.version
    post = fresh.by_id[memo.turn_post]
    assert post is not old and old.get("view") is None
    assert post.pinged == [B] and f"<@{B}>" in post["content"]
    assert all(codec.decode(c).version == info.version for c in component_ids(post["view"]))
    assert await bot.table.catch_up() == 0                      # nothing behind any more


async def test_log_board_and_status_serve_the_channels_latest_finished_game(h: Harness):
    game = await new_game(h, seed=11)
    await seat_and_start(h, game)
    while await lowest_choice(h, game):
        pass
    assert f"#{game}" in reply_text(await h.command("game status", B))
    assert "over" in reply_text(await h.command("game status", B))
    assert "a plays" in reply_text(await h.command("log", B))
    assert "Game over" in reply_text(await h.command("board", B))


async def test_play_on_a_paused_game_says_it_is_paused(h: Harness):
    game = await new_game(h)
    await seat_and_start(h, game)
    await h.command("game pause", A, game)
    it = await h.command("play", A, "Step marker")
    assert f"Game #{game} is paused." in reply_text(it)
    why = await play_autocomplete(h.interaction(A), "")
    assert [c.name for c in why] == [f"Game #{game} is paused"]


async def test_the_lobby_is_one_post_kept_current(h: Harness):
    """Bug: after one player sat by button and another by /game join, the first lobby post
    still offered the taken seat, and /game join posted a second lobby."""
    game = await new_game(h)
    lobby = h.last_post
    await h.press(codec.encode_join(game, "b"), B)
    await h.command("game join", A, game)
    assert h.posts == [lobby]
    assert component_ids(lobby.get("view")) == []
    assert f"<@{A}>" in lobby["content"] and f"<@{B}>" in lobby["content"]
    assert "free seat" not in lobby["content"]


async def test_each_player_reads_their_own_language(h: Harness):
    """A Russian player on an English server: DMs, private menus and replies in Russian, the
    channel in English; ``/game language`` overrides the client's language."""
    game = await new_game(h)
    await h.command("game join", A, game)
    await h.command("game join", B, game, locale=discord.Locale.russian)   # client: Russian
    await h.command("game start", A, game)
    assert "Партия №" in h.users[B].dms[0]["content"]            # B's hand, in Russian
    assert "Game #" in h.users[A].dms[0]["content"]
    status = reply_text(await h.command("game status", B, locale=discord.Locale.russian))
    assert "Дуэль" in status                                      # the scenario, translated
    assert "Your move" in h.last_post["content"]                  # the server's language
    it = await h.command("game language", A, "ru")
    assert "Я буду писать вам" in reply_text(it)
    it = await h.command("play", A, "fly to the moon")            # A's client is English
    assert "не" in reply_text(it) and "not one of" not in reply_text(it)
    await h.command("game language", A, "auto")
    it = await h.command("play", A, "fly to the moon")
    assert "not one of your choices" in reply_text(it)


async def test_a_refusal_reads_in_one_language(h: Harness):
    """Bug: "Так ходить нельзя: card zzz is not one of the choices…": the engine's reason is
    read from its catalogue in the asker's language."""
    game = await new_game(h)
    await seat_and_start(h, game)
    value = codec.encode_play(game, "a", "play", 99, 1, 0)
    it = await h.command("play", A, value, locale=discord.Locale.russian)
    text = reply_text(it)
    assert "⛔" in text and "недоступно" in text
    assert not any(word in text for word in ("not one", "choices", "open to you"))


async def test_a_player_who_mutes_the_channel_gets_a_your_turn_dm(h: Harness):
    await h.command("game notify", B, "dm")
    game = await new_game(h)
    await seat_and_start(h, game)
    await play_a_card(h, game, A)                                 # the turn passes to B
    post = h.last_post
    assert post.pinged == [] and f"<@{B}>" in post["content"]
    assert any("Your turn in" in d["content"] for d in h.users[B].dms)
    await h.command("game notify", A, "both")
    await play_a_card(h, game, B)
    assert h.last_post.pinged == [A]
    assert any("Your turn in" in d["content"] for d in h.users[A].dms)


async def test_a_game_in_its_own_thread(h: Harness):
    """``/game new thread:true``: the channel gets one line at the start and one at the end;
    every post of the game goes into its thread, where the commands find the game."""
    game = await new_game(h, seed=11, thread=True)
    await seat_and_start(h, game)
    info = await h.service.status(game)
    assert info.thread_id is not None
    thread = h.channels[info.thread_id]
    in_channel = list(h.channel.messages)
    assert len(in_channel) == 2 and "thread below" in in_channel[1]["content"]
    assert thread.messages and "Your move" in thread.messages[0]["content"]
    it = await h.command("game status", B, channel=thread)
    assert f"#{game}" in reply_text(it)
    while await lowest_choice(h, game):
        pass
    assert len(h.channel.messages) == 3 and "thread" in h.channel.messages[2]["content"]
    assert "Game over" in thread.messages[-1]["content"]


async def test_server_default_gives_new_games_a_thread(h: Harness):
    await h.command("game settings", C, None, None, None, True, manage=True)
    assert (await h.service.get_settings(GUILD)).threads is True
    game = await new_game(h)
    await seat_and_start(h, game)
    assert (await h.service.status(game)).thread_id is not None


async def test_a_bot_that_dies_while_stripping_the_old_post_leaves_one_live_post(h: Harness):
    """Bug: the bot died after the new turn's post went out, while it took the buttons off the
    previous turn's post: on start it posted the turn again (a second ping) and the post it had
    made kept live buttons for good. Now it edits the post it made and strips the old one."""
    game = await new_game(h)
    await seat_and_start(h, game)
    first = h.by_id[(await h.bot.table.memo(game)).turn_post]
    h.slow_edits[first.id] = asyncio.Event()                     # the strip never ends...
    moving = asyncio.create_task(play_a_card(h, game, A))       # the turn passes to B
    for _ in range(500):
        await asyncio.sleep(0.01)
        if first.id not in h.slow_edits:                         # the strip has begun
            break
    assert len(h.posts) == 3                                     # lobby, A's post, B's post
    moving.cancel()                                              # ... the bot dies
    await asyncio.gather(moving, return_exceptions=True)
    assert component_ids(first.get("view"))
    bot = TableBot(h.service, timers=False)                      # and starts again
    await bot.setup_hook()
    fresh = Harness(h.service, bot)
    fresh.adopt(h)
    await bot.table.catch_up()
    memo = await bot.table.memo(game)
    assert memo.posted == (await h.service.status(game)).version
    live = [m for m in fresh.posts if component_ids(m.get("view"))]
    assert live == [fresh.by_id[memo.turn_post]] and live[0] is fresh.posts[-1]
    assert len(fresh.posts) == 3                                 # B's post is not made twice
    assert [u for m in fresh.posts for u in m.pinged].count(B) == 1


async def test_a_move_that_changes_nothing_shown_still_renews_the_turn_posts_buttons(
        h: Harness, monkeypatch: pytest.MonkeyPatch):
    """Bug: a move that changes nothing the turn post shows (here a step of a marker the post
    does not draw) left the post unedited, its buttons at the old version: the same player's
    next press on them answered "the game moved on"."""
    from bot.cogs import present, publish

    async def no_picture(view: object, lang: str) -> None:
        return None

    monkeypatch.setattr(present, "choices_reveal_private", lambda view: False)
    monkeypatch.setattr(publish, "board_png", no_picture)     # the post shows no marker
    game = await new_game(h)
    await seat_and_start(h, game)
    for _ in range(3):
        view = (await h.service.views_for(game, A))["a"]
        step = next(i for i, c in enumerate(view.actions) if c.verb == "step")
        where, panels = await where_asked(h, game, "a", A)
        assert where == "channel"
        it = await press_choice_index(h, panels, step, A, False)
        assert "moved on" not in reply_text(it), reply_text(it)
    assert [r.verb for r in await h.service.store.log(game) if r.kind == "action"] == [
        "step", "step", "step"]
