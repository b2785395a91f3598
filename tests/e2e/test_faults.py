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
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.players import (
    ANCIENTS,
    HAND_MARK,
    PNG,
    Table,
    check_board_post,
    is_live,
    live_messages,
    memo_of,
    pick,
    presses,
    where_asked,
)

CHOOSER = 2
CHANNEL_MESSAGES = r"/channels/{channel}/messages(?:/\d+)?"


async def check_caught_up(fake: FakeDiscord, oracle: Oracle, table: Table) -> Message:
    """The channel shows the stored game: the memo's version is the game's, the turn post's
    components are those of that version, and no other message keeps live components."""
    info = await oracle.status(table.game)
    memo = await memo_of(oracle, table.game)
    assert memo.posted == info.version, (memo.posted, info.version)
    post = await table.post()
    check_board_post(post)
    assert is_live(post) and {p.version for _, p in presses(post)} == {info.version}, \
        post.custom_ids
    live = live_messages(fake, table.game)
    assert live == [post], [m.text for m in live]
    return post


# -- the process dies -------------------------------------------------------------------------------

async def test_killed_between_two_moves_the_game_goes_on_after_a_restart(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    # a private menu opened now, and used only after the restart
    panel = None
    for _ in range(12):
        await table.move(chooser)
        info, role, user, view = await table.turn()
        post = await table.post()
        if [p.kind for _, p in presses(post)] == ["secret"] and panel is None:
            where, panels = await where_asked(fake, oracle, table.game, role, user)
            assert where == "ephemeral"
            panel = (user, panels[0], info.version)
    assert panel is not None, "no private menu in the first moves"
    moves = await table.actions()
    assert moves == table.moves
    before = await check_caught_up(fake, oracle, table)
    posts = len(fake.posts)

    await bot.kill()
    await bot.start()
    assert fake.identifies == 2
    # nothing was behind: the channel is as it was
    assert len(fake.posts) == posts and await check_caught_up(fake, oracle, table) is before

    # the current post's buttons work after the restart
    it = await table.move(chooser, post=before)
    assert "⛔" not in it.text and "moved on" not in it.text, it.text
    assert await table.actions() == moves + 1
    await check_caught_up(fake, oracle, table)
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
        await table.press_for(user, fresh[0], pick(chooser, view), settle=0.0)
        await table.settled(info.version + 1)
        assert await table.actions() == moves + 2
    else:
        assert "It is not your turn" in it.text, it.text
    await check_caught_up(fake, oracle, table)
    # the log still replays to the stored state
    stored = await oracle.service.store.state_json(table.game)
    assert (await oracle.service.store.replay(table.game)).model_dump_json() == stored[1]


async def test_killed_in_the_middle_of_a_move_no_action_is_lost_or_applied_twice(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    """SIGKILL while the bot handles a click: (1) before the move is written, nothing is
    applied, and the same button pressed again after the restart applies it once; (2) after the
    move is written, before the turn post showed it, the move stays (once), and the restarted
    bot brings the channel up to date by itself: the turn post shows the stored version with
    live buttons, no other post keeps any, and an old button answers "moved on" with fresh
    choices, with which the game goes on."""
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    for _ in range(3):
        await table.move(chooser)
    # (1) held at its first answer to Discord, before the service is asked
    info, role, user, view = await table.turn()
    post = await table.post()
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
    assert await check_caught_up(fake, oracle, table) is post    # nothing to catch up
    it = await table.press_for(user, post, 0, settle=0.0)
    await table.settled(info.version + 1)
    assert "⛔" not in it.text, it.text
    assert await table.actions() == moves + 1
    assert await table.version() == info.version + 1

    # (2) held when it shows the move in the channel (the turn post edited, or a new one),
    # after the move was written
    info, role, user, view = await table.turn()
    post = await table.post()
    old_ids = list(post.custom_ids)
    moves = await table.actions()
    hold = fake.hold("POST|PATCH", CHANNEL_MESSAGES.format(channel=fake.channel_id))
    pressed = asyncio.ensure_future(table.move(chooser, wait=False))
    await asyncio.wait_for(hold.arrived.wait(), 20)
    await bot.kill()
    hold.release()
    pressed.cancel()
    await asyncio.gather(pressed, return_exceptions=True)
    assert await table.actions() == moves + 1                 # written, once
    assert (await memo_of(oracle, table.game)).posted == info.version   # not shown
    assert old_ids == post.custom_ids                         # the post still shows the old
    await bot.start()                                         # ... until the bot is back
    assert await table.actions() == moves + 1
    await check_caught_up(fake, oracle, table)
    info, role, user, view = await table.turn()
    # whoever must act now presses a button they saw before the restart
    assert not old_ids[0].startswith("gx:"), old_ids
    it = await fake.press(user, post, old_ids[0], ["0"] if old_ids[0].startswith("gm:")
                          else None, settle=0.2)
    assert "The game moved on since that message" in it.text, it.text
    fresh = [m for m in it.replies if m.custom_ids]
    assert fresh and all(m.ephemeral for m in fresh)
    assert all(p.version == info.version and p.role == role
               for m in fresh for _, p in presses(m))
    assert await table.actions() == moves + 1
    it = await table.press_for(user, fresh[0], pick(chooser, view), settle=0.0)
    await table.settled(info.version + 1)
    assert await table.actions() == moves + 2
    await check_caught_up(fake, oracle, table)
    stored = await oracle.service.store.state_json(table.game)
    assert (await oracle.service.store.replay(table.game)).model_dump_json() == stored[1]


async def test_killed_after_the_next_turn_was_posted_no_old_post_keeps_buttons(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    """SIGKILL after the post of a new turn went out, while the bot takes the buttons off the
    previous turn's post: after the restart exactly one post (the turn post, at the stored
    version) has live buttons, and the game goes on."""
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    for _ in range(40):
        info, role, user, view = await table.turn()
        index = pick(chooser, view)
        state = ANCIENTS.load_state((await oracle.service.store.state_json(table.game))[1])
        key = ANCIENTS.view(state, None).turn
        after = ANCIENTS.view(ANCIENTS.act(state, role, view.actions[index].action()), None)
        if after.result is None and after.turn != key:
            break                                       # this move passes the turn
        await table.move(chooser, index=index)
    else:
        raise AssertionError("the turn never passed")
    old = await table.post()
    posts = len(fake.posts)
    hold = fake.hold("PATCH", rf"/channels/{fake.channel_id}/messages/{old.id}")
    pressed = asyncio.ensure_future(table.move(chooser, index=index, wait=False))
    await asyncio.wait_for(hold.arrived.wait(), 20)
    assert len(fake.posts) == posts + 1 and is_live(fake.posts[-1])     # the next turn's post
    await bot.kill()
    hold.release()
    pressed.cancel()
    await asyncio.gather(pressed, return_exceptions=True)
    assert is_live(old)                                   # it kept its buttons when the bot died
    await bot.start()
    post = await check_caught_up(fake, oracle, table)
    assert not is_live(old)
    assert await table.actions() == table.moves
    await table.move(chooser)
    await check_caught_up(fake, oracle, table)
    assert post.id <= (await table.post()).id


# -- clicks at the same instant ---------------------------------------------------------------------

async def open_choices(table: Table, chooser: Rng) -> tuple[Message, int]:
    """Play on until the turn post itself offers the mover's choices; it and the version."""
    for _ in range(20):
        info = await table.oracle.status(table.game)
        post = await table.post()
        if is_live(post) and [p.kind for _, p in presses(post)] != ["secret"]:
            return post, info.version
        await table.move(chooser)
    raise AssertionError("no open choices in the first moves")


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
    # both are answered in words once the seat is settled (a first answer may only defer: on a
    # busy machine a quiet moment came before the seat was written)
    await fake.until(lambda: all("You sit at game" in r.text or "already taken" in r.text
                                 for r in (first, second)), "both answers to the seat")
    await fake.quiet(0.2)
    info = await oracle.status(game)
    assert info.seats["south"] in (bob.id, carol.id)
    texts = sorted([first.text, second.text])
    assert sum("You sit at game" in t for t in texts) == 1, texts
    assert sum("already taken" in t for t in texts) == 1, texts

    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    # find a move with open buttons, then: its player and the other press it at once
    post, version = await open_choices(table, chooser)
    info, role, user, view = await table.turn()
    other = bob if user is alice else alice
    moves, posts = await table.actions(), len(fake.posts)
    custom_id, press = presses(post)[0]
    values = ["0"] if press.kind == "menu" else None
    records = await fake.press_together([(other, post, custom_id, values),
                                         (user, post, custom_id, values)])
    await table.settled(version + 1, quiet=0.3)
    assert await table.actions() == moves + 1
    assert await table.version() == version + 1
    assert len(fake.posts) - posts <= 1                  # the post edited, or the next turn's
    await check_caught_up(fake, oracle, table)
    # the other player is refused, or told the game moved on (if the move came first)
    texts = [r.text for r in records]
    assert "⛔ You do not hold the seat" in texts[0] or "The game moved on" in texts[0], texts
    assert "⛔" not in texts[1] and "moved on" not in texts[1], texts

    # one user presses the same button twice, fast: one move, one "moved on"
    post, version = await open_choices(table, chooser)
    info, role, user, view = await table.turn()
    moves, posts = await table.actions(), len(fake.posts)
    custom_id, press = presses(post)[0]
    values = ["0"] if press.kind == "menu" else None
    records = await fake.press_together([(user, post, custom_id, values),
                                         (user, post, custom_id, values)])
    await table.settled(version + 1, quiet=0.3)
    assert await table.actions() == moves + 1
    assert await table.version() == version + 1
    assert len(fake.posts) - posts <= 1
    await check_caught_up(fake, oracle, table)
    assert sum("The game moved on" in r.text for r in records) == 1, [r.text for r in records]


# -- closed DMs ------------------------------------------------------------------------------------

async def test_closed_dms_one_notice_hand_by_command_and_the_game_goes_on(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    bob = fake.bob
    fake.close_dms(bob)
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    notices = [m for m in fake.posts if "cannot send you your hand" in m.text]
    assert len(notices) == 1 and bob.mention() in notices[0].content
    assert notices[0].pings == [bob.id]
    assert fake.refused_dms == [bob.id] and fake.dms[bob.id] == []
    assert len(fake.dms[fake.alice.id]) == 1
    while len(fake.refused_dms) < 2:                      # his hand changed, and was refused
        assert table.moves < 40, "Bob's hand never changed"
        await table.move(chooser)
    await table.move(chooser)
    # a question that interrupts Alice's turn is asked of Bob in the channel: one short
    # message with a ping and a "My choices" button, deleted once he answered
    interrupted = asked = 0
    for _ in range(40):
        public = await oracle.service.view_for(table.game, 0)
        if public.turn is not None and "north" in public.active \
                and "north" not in public.turn.roles:
            interrupted += 1
            ask = (await memo_of(oracle, table.game)).asks.get("north")
            assert ask is not None and ask.where == "channel", ask
            message = fake.messages[ask.message]
            assert message.pings == [bob.id] and "your DMs are closed" in message.text
            assert [p.kind for _, p in presses(message)] == ["secret"]
            await table.move(chooser)                     # through its "My choices" button
            assert table.last_where == "ephemeral"
            if "north" not in (await memo_of(oracle, table.game)).asks:
                assert message.deleted
                asked += 1
            if asked:
                break
        else:
            await table.move(chooser)
    assert asked or not interrupted, "the question asked in the channel was never taken back"
    assert len([m for m in fake.posts if "cannot send you your hand" in m.text]) == 1
    assert not any(HAND_MARK in m.text for m in fake.posts)
    assert len([m for m in fake.dms[fake.alice.id] if "hand.png" in m.files]) == 1
    # /hand: his hand, to him only
    it = await fake.slash(bob, "hand")
    assert it.replies and all(m.ephemeral for m in it.replies)
    assert HAND_MARK in it.text and "Carthaginian" in it.text
    assert it.replies[0].files["hand.png"].startswith(PNG)
    view = await oracle.view(table.game, bob.id, "north")
    for card in view.private["hand"]:
        assert card["name"] in it.text or card["key"] in it.text
    assert await table.actions() == table.moves
    await check_caught_up(fake, oracle, table)


# -- rate limits -------------------------------------------------------------------------------------

def shown_versions(fake: FakeDiscord, game: int, since: float) -> list[tuple[float, int]]:
    """When the channel showed which version of ``game`` (by the components' versions), from
    every post and edit after ``since``, in time order."""
    out = []
    for message in fake.posts:
        states = [message.first, *message.edits]
        for when, state in zip(message.changed_at, states, strict=False):
            ids = [c.get("custom_id") for row in state.get("components") or []
                   for c in row.get("components") or []]
            found = {p.version for cid in ids if cid and (p := codec.decode(cid)) is not None
                     and p.game == str(game) and p.kind != "join"}
            if when >= since and found:
                out.append((when, max(found)))
    return sorted(out)


async def test_rate_limited_sends_arrive_late_in_order_and_none_is_lost(
        fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    table = await Table.open(fake, oracle)
    chooser = Rng.from_seed(CHOOSER)
    retry = 0.4
    hands = {u: [m.text for m in fake.dms[u]] for u in fake.dms}
    before = await oracle.privates(table.game, [fake.alice.id, fake.bob.id])
    # more 429s in a row than discord.py's own five tries: the bot tries again itself
    fake.rate_limit(CHANNEL_MESSAGES.format(channel=fake.channel_id), 6, retry,
                    method="POST|PATCH")
    direct = "|".join(str(c) for c in fake.dm_channels.values())
    fake.rate_limit(CHANNEL_MESSAGES.format(channel=f"(?:{direct})"), 2, retry,
                    method="POST|PATCH")                                    # the DMs too
    fake.rate_limit(r"/webhooks/\d+/[^/]+", 1, retry)                       # and a reply
    # Two moves in quick succession: a click, then /play as soon as the first is written
    # (before the channel shows it).
    start = time.monotonic()
    info, role, user, view = await table.turn()
    await table.move(chooser, wait=False)
    deadline = time.monotonic() + 20
    while await table.version() == info.version:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.02)
    assert (await memo_of(oracle, table.game)).posted == info.version   # not shown yet
    info2, role2, user2, view2 = await table.turn()
    index = pick(chooser, view2)
    choice = view2.actions[index]
    value = codec.encode_play(table.game, role2, choice.verb, choice.arg, info2.version, index)
    played = await fake.slash(user2, "play", action=value, wait=False)
    await table.settled(info.version + 2)
    await fake.until(lambda: played.replies, "the answer to /play", timeout=30)
    await fake.quiet(0.5)
    assert time.monotonic() - start >= retry
    assert "⛔" not in played.text, played.text
    assert await table.actions() == 2
    # in order, none lost: the channel showed the first move's position, then the second's
    shown = [v for _, v in shown_versions(fake, table.game, start)]
    assert shown == sorted(shown) and shown[-1] == info.version + 2, shown
    assert info.version + 1 in shown, shown
    post = await check_caught_up(fake, oracle, table)
    assert len([m for m in fake.posts if m.at >= start]) <= 2      # none twice
    # every hand that changed arrived: the hand DM shows it now
    now = await oracle.privates(table.game, [fake.alice.id, fake.bob.id])
    changed = [u for u in now if now[u] != before[u]]
    assert changed, "no hand changed in two moves"
    for u in changed:
        assert [m.text for m in fake.dms[u]] != hands[u]
    memo = await memo_of(oracle, table.game)
    for role_, user_ in table.seats.items():
        kept = fake.messages[memo.hands[role_].message]
        assert kept in fake.dms[user_.id]
    # every 429 was met (six on the channel, two on the DMs, one reply), and waited out
    assert len(fake.rate_limited) == 9, fake.rate_limited
    assert is_live(post)


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
