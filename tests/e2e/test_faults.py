"""Failures that happen in production, each against the real bot process: a killed process,
simultaneous clicks, closed DMs, rate limits, a dropped gateway connection.

The games are scenario 001 (Akragas) with the seeds of the table tests; none needs to finish.
"""

from __future__ import annotations

import asyncio
import time

from bot.cogs import codec
from games.core import Rng
from tests.e2e.conftest import BotProcess, Oracle
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.players import HAND_MARK, PNG, Table, check_board_post, pick, presses

CHOOSER = 2


# -- the process dies -------------------------------------------------------------------------------

async def test_killed_between_two_moves_the_game_goes_on_after_a_restart(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    # a private menu opened now, and used only after the restart
    info, role, user, view = await table.turn()
    panel = None
    for _ in range(12):
        await table.move(chooser)
        info, role, user, view = await table.turn()
        post = table.post(info.version)
        if [p.kind for _, p in presses(post)] == ["secret"] and panel is None:
            menu = await fake.press(user, post, post.custom_ids[0], settle=0.1)
            panel = (user, next(m for m in menu.replies if m.custom_ids), info.version)
    assert panel is not None, "no private menu in the first moves"
    moves = await table.actions()
    assert moves == table.moves

    await bot.kill()
    await bot.start()
    assert fake.identifies == 2

    # the current post's buttons work after the restart
    info, role, user, view = await table.turn()
    post = table.post(info.version)
    it = await table.move(chooser, post=post)
    assert "⛔" not in it.text and "moved on" not in it.text, it.text
    assert await table.actions() == moves + 1
    check_board_post(fake.channel[-1])
    # the menu from before the restart is old now: "moved on", and fresh choices that work
    owner, old_menu, old_version = panel
    assert old_version < await table.version()
    it = await table.press_for(owner, old_menu, 0, settle=0.2)
    assert "The game moved on since that message" in it.text, it.text
    assert await table.actions() == moves + 1             # nothing applied by the old menu
    info, role, user, view = await table.turn()
    if owner is user:
        fresh = [m for m in it.replies if m.custom_ids]
        assert fresh and all(p.version == info.version for m in fresh for _, p in presses(m))
        posts = len(fake.channel)
        await table.press_for(user, fresh[0], pick(chooser, view), settle=0.0)
        await fake.until(lambda: len(fake.channel) > posts, "the post of the move")
        assert await table.actions() == moves + 2
    else:
        assert "It is not your turn" in it.text, it.text
    # the log still replays to the stored state
    stored = await oracle.service.store.state_json(table.game)
    assert (await oracle.service.store.replay(table.game)).model_dump_json() == stored[1]


async def test_killed_in_the_middle_of_a_move_no_action_is_lost_or_applied_twice(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    """SIGKILL while the bot handles a click: (1) before the move is written, nothing is
    applied, and the same button pressed again after the restart applies it once; (2) after the
    move is written, before its post went out, the move stays (once), and the last post's
    buttons answer "moved on" with the fresh choices, with which the game goes on."""
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    for _ in range(3):
        await table.move(chooser)
    # (1) held at its first answer to Discord, before the service is asked
    info, role, user, view = await table.turn()
    post = table.post(info.version)
    moves = await table.actions()
    hold = fake.hold("POST", r"/interactions/\d+/[^/]+/callback")
    pressed = asyncio.ensure_future(table.press_for(user, post, 0, settle=0.0, timeout=5))
    await asyncio.wait_for(hold.arrived.wait(), 20)
    await bot.kill()
    hold.release()
    pressed.cancel()
    await asyncio.gather(pressed, return_exceptions=True)
    assert await table.actions() == moves and await table.version() == info.version
    await bot.start()
    posts = len(fake.channel)
    it = await table.press_for(user, post, 0, settle=0.0)
    await fake.until(lambda: len(fake.channel) > posts, "the post of the move")
    await fake.quiet(0.2)
    assert "⛔" not in it.text, it.text
    assert await table.actions() == moves + 1
    assert await table.version() == info.version + 1

    # (2) held when it posts the new board, after the move was written
    info, role, user, view = await table.turn()
    post = table.post(info.version)
    moves = await table.actions()
    hold = fake.hold("POST", rf"/channels/{fake.channel_id}/messages")
    pressed = asyncio.ensure_future(table.move(chooser, wait=False))
    await asyncio.wait_for(hold.arrived.wait(), 20)
    await bot.kill()
    hold.release()
    pressed.cancel()
    await asyncio.gather(pressed, return_exceptions=True)
    assert await table.actions() == moves + 1                 # written, once
    assert table.post(info.version) is fake.channel[-1]       # its post never went out
    await bot.start()
    assert await table.actions() == moves + 1
    info, role, user, view = await table.turn()
    # whoever must act now presses a button of the last post they saw
    it = await table.press_for(user, post, 0, settle=0.2)
    assert "The game moved on since that message" in it.text, it.text
    fresh = [m for m in it.replies if m.custom_ids]
    assert fresh and all(m.ephemeral for m in fresh)
    assert all(p.version == info.version and p.role == role
               for m in fresh for _, p in presses(m))
    assert await table.actions() == moves + 1
    posts = len(fake.channel)
    it = await table.press_for(user, fresh[0], pick(chooser, view), settle=0.0)
    await fake.until(lambda: len(fake.channel) > posts, "the post of the move")
    await fake.quiet(0.2)
    assert await table.actions() == moves + 2
    stored = await oracle.service.store.state_json(table.game)
    assert (await oracle.service.store.replay(table.game)).model_dump_json() == stored[1]


# -- clicks at the same instant ---------------------------------------------------------------------

async def test_simultaneous_presses_apply_exactly_one_action(fake: FakeDiscord, bot: BotProcess,
                                                            oracle: Oracle):
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    # two users take the same seat at the same instant: one gets it
    await fake.slash(alice, "game new", title="ancients", scenario="001", seed=49)
    lobby = fake.channel[-1]
    game = int(presses(lobby)[0][1].game)
    custom_id = f"gj:{game}:south"
    first, second = await fake.press_together([(bob, lobby, custom_id, None),
                                                (carol, lobby, custom_id, None)])
    await fake.quiet(0.2)
    info = await oracle.status(game)
    assert info.seats["south"] in (bob.id, carol.id)
    texts = sorted([first.text, second.text])
    assert sum("You sit at game" in t for t in texts) == 1, texts
    assert sum("already taken" in t for t in texts) == 1, texts

    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    # find a move with open buttons, then: its player and the other press it at once
    for _ in range(20):
        info, role, user, view = await table.turn()
        post = table.post(info.version)
        if [p.kind for _, p in presses(post)] != ["secret"]:
            break
        await table.move(chooser)
    else:
        raise AssertionError("no open choices in the first moves")
    other = bob if user is alice else alice
    moves, posts = await table.actions(), len(fake.channel)
    custom_id, press = presses(post)[0]
    values = ["0"] if press.kind == "menu" else None
    records = await fake.press_together([(other, post, custom_id, values),
                                         (user, post, custom_id, values)])
    await fake.until(lambda: len(fake.channel) > posts, "the post of the move")
    await fake.quiet(0.3)
    assert await table.actions() == moves + 1
    assert len(fake.channel) == posts + 1
    # the other player is refused, or told the game moved on (if the move came first)
    texts = [r.text for r in records]
    assert "⛔ You do not hold the seat" in texts[0] or "The game moved on" in texts[0], texts
    assert "⛔" not in texts[1] and "moved on" not in texts[1], texts

    # one user presses the same button twice, fast: one move, one "moved on"
    for _ in range(20):
        info, role, user, view = await table.turn()
        post = table.post(info.version)
        if [p.kind for _, p in presses(post)] != ["secret"]:
            break
        await table.move(chooser)
    moves, posts = await table.actions(), len(fake.channel)
    custom_id, press = presses(post)[0]
    values = ["0"] if press.kind == "menu" else None
    records = await fake.press_together([(user, post, custom_id, values),
                                         (user, post, custom_id, values)])
    await fake.until(lambda: len(fake.channel) > posts, "the post of the move")
    await fake.quiet(0.3)
    assert await table.actions() == moves + 1
    assert len(fake.channel) == posts + 1
    assert sum("The game moved on" in r.text for r in records) == 1, [r.text for r in records]


# -- closed DMs ------------------------------------------------------------------------------------

async def test_closed_dms_one_notice_hand_by_command_and_the_game_goes_on(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    bob = fake.bob
    fake.close_dms(bob)
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    await fake.quiet(0.2)
    notices = [m for m in fake.channel if "your DMs are closed" in m.text]
    assert len(notices) == 1 and bob.mention() in notices[0].content
    assert notices[0].pinged == [bob.id]
    assert fake.refused_dms == [bob.id] and fake.dms[bob.id] == []
    assert len(fake.dms[fake.alice.id]) == 1
    while len(fake.refused_dms) < 2:                      # his hand changed, and was refused
        assert table.moves < 40, "Bob's hand never changed"
        await table.move(chooser)
    await table.move(chooser)
    assert len([m for m in fake.channel if "your DMs are closed" in m.text]) == 1
    assert not any(HAND_MARK in m.text for m in fake.channel)
    # /hand: his hand, to him only
    it = await fake.slash(bob, "hand")
    assert it.replies and all(m.ephemeral for m in it.replies)
    assert HAND_MARK in it.text and "Carthaginian" in it.text
    assert it.replies[0].files["hand.png"].startswith(PNG)
    view = await oracle.view(table.game, bob.id, "north")
    for card in view.private["hand"]:
        assert card["name"] in it.text or card["key"] in it.text
    assert await table.actions() == table.moves


# -- rate limits -------------------------------------------------------------------------------------

async def test_rate_limited_sends_arrive_late_in_order_and_none_is_lost(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    retry = 0.4
    posts = len(fake.channel)
    dms = {u: len(m) for u, m in fake.dms.items()}
    # more 429s in a row than discord.py's own five tries: the bot tries again itself
    fake.rate_limit(rf"/channels/{fake.channel_id}/messages", 6, retry)
    direct = "|".join(str(c) for c in fake.dm_channels.values())
    fake.rate_limit(rf"/channels/(?:{direct})/messages", 2, retry)    # the DMs too
    fake.rate_limit(r"/webhooks/\d+/[^/]+", 1, retry)                 # and a reply
    # Two moves in quick succession: a click, then /play as soon as the first is written
    # (before its post is out).
    start = time.monotonic()
    info, role, user, view = await table.turn()
    await table.move(chooser, wait=False)
    await fake.until(lambda: True, "")
    deadline = time.monotonic() + 20
    while await table.version() == info.version:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.02)
    info2, role2, user2, view2 = await table.turn()
    index = pick(chooser, view2)
    choice = view2.actions[index]
    value = codec.encode_play(table.game, role2, choice.verb, choice.arg, info2.version, index)
    played = await fake.slash(user2, "play", action=value, wait=False)
    await fake.until(lambda: len(fake.channel) >= posts + 2, "both posts", timeout=30)
    await fake.until(lambda: played.replies, "the answer to /play", timeout=30)
    await fake.quiet(0.5)
    assert len(fake.rate_limited) == 9
    assert time.monotonic() - start >= retry
    assert "⛔" not in played.text, played.text
    new = fake.channel[posts:]
    assert len(new) == 2, [m.text for m in new]           # none lost, none twice
    # in order: the first post shows the first move's position, the second the second's
    versions = [max((p.version for _, p in presses(m)), default=None) for m in new]
    assert versions == [info.version + 1, info.version + 2], versions
    for m in new:
        check_board_post(m)
    assert await table.actions() == 2
    # every hand that changed still arrived
    now = {u: len(m) for u, m in fake.dms.items()}
    assert sum(now.values()) > sum(dms.values())


# -- the gateway connection drops ------------------------------------------------------------------

async def test_a_dropped_gateway_connection_is_resumed_and_the_game_goes_on(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    await table.move(chooser)
    await fake.drop_gateway()
    # a click made while the bot is away reaches it when it resumes
    it = await table.move(chooser)
    assert "⛔" not in it.text
    await fake.until(lambda: fake.resumes >= 1, "a resume")
    assert fake.identifies == 1 and fake.drops == 1      # the same session went on
    await table.move(chooser)
    assert await table.actions() == 3
