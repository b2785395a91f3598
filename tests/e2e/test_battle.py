"""A whole Ancients battle to victory, played by two users on the real bot over a fake Discord:
slash commands (with autocomplete), buttons, select menus, private "My choices" menus and
questions asked by DM; and the rule of the channel over the whole battle (one live post per
turn, edited while the turn lasts; a new post, pinging exactly the turn's holders, only when the
turn passes, and at the start and the end).

Game seed ``SEED`` of scenario ``SCENARIO`` (Crimissos River, a real scenario), with the
players' choices drawn by ``pick`` from the seed ``CHOOSER``, ends in a banner victory after
``ACTIONS`` actions (found by trying seeds; ``test_the_seeds_end_quickly`` keeps it so).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.cogs import present
from bot.cogs.play import WHY
from games.core import Rng
from tests.e2e.conftest import BotProcess, Oracle
from tests.e2e.fake_discord import FakeDiscord, Message, User
from tests.e2e.players import (
    ANCIENTS,
    HAND_MARK,
    PNG,
    Table,
    check_board_post,
    check_prompt,
    choose,
    is_live,
    live_messages,
    memo_of,
    pick,
    play_value,
    presses,
    settled,
    turn_post,
    where_asked,
)

SCENARIO = "002"
SEED = 34
CHOOSER = 2
ACTIONS = 137
MAX_ACTIONS = 200
PLAY_EVERY = 9          # every so many moves, the move is made with /play instead of a click
INTRUDE_EVERY = 23      # about every so many moves, others try to press the player's choice


@dataclass
class Panel:
    """A private menu of choices a player got (ephemeral: it keeps its components)."""

    user: User
    message: Message


def test_the_seeds_end_quickly():
    state = ANCIENTS.setup(SEED, SCENARIO, {})
    chooser = Rng.from_seed(CHOOSER)
    steps = 0
    while state.result is None:
        role = ANCIENTS.view(state, None).active[0]
        view = ANCIENTS.view(state, role)
        state = ANCIENTS.act(state, role, view.actions[pick(chooser, view)].action())
        steps += 1
        assert steps < MAX_ACTIONS
    assert steps == ACTIONS


async def test_a_whole_battle_to_victory_through_discord(fake: FakeDiscord, bot: BotProcess,
                                                         oracle: Oracle):
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    # -- the lobby: /game new with autocomplete, a seat by button, a seat by /game join --------
    titles = await fake.autocomplete(alice, "game new", "title", title="anc")
    assert [c["value"] for c in titles] == ["ancients"]
    scenarios = await fake.autocomplete(alice, "game new", "scenario", title="ancients",
                                        scenario="Crim")
    assert [c["value"] for c in scenarios] == [SCENARIO]
    it = await fake.slash(alice, "game new", title="ancients", scenario=SCENARIO, seed=SEED)
    assert it.callback["type"] == 5 and all(m.ephemeral for m in it.replies)
    lobby = fake.channel[-1]
    game = int(presses(lobby)[0][1].game)
    assert lobby.custom_ids == [f"gj:{game}:south", f"gj:{game}:north"]
    it = await fake.press(bob, lobby, f"gj:{game}:north")
    assert "You sit at game" in it.text
    assert lobby.custom_ids == [f"gj:{game}:south"]       # the lobby post shows the free seat
    await fake.slash(alice, "game join", game=game)
    assert fake.posts == [lobby], [m.text for m in fake.posts]   # the one lobby post, edited
    assert lobby.custom_ids == [] and alice.mention() in lobby.content
    info = await oracle.status(game)
    seats = {"south": alice, "north": bob}
    users = {u.id: u for u in seats.values()}
    assert info.seats == {r: u.id for r, u in seats.items()}
    it = await fake.slash(alice, "game start")
    assert "has started" in it.text
    memo = await settled(fake, oracle, game, info.version + 1)
    assert memo.lobby_post is None and not is_live(lobby)

    # -- the battle: every move where the bot offers it; the channel rule after each ----------
    chooser = Rng.from_seed(CHOOSER)
    kinds: dict[str, int] = {}
    public = await oracle.service.view_for(game, 0)
    assert public.turn is not None
    key = public.turn.key
    turns = 1                                   # distinct consecutive turn keys seen
    first = await turn_post(fake, oracle, game)
    assert fake.posts == [lobby, first]
    holders = [info.seats[r] for r in public.active if r in public.turn.roles]
    assert first.pings == holders and holders, (first.pings, holders)
    mentioned: dict[int, list[int]] = {turns: list(first.pings)}   # turn -> who was pinged
    await check_hands(fake, oracle, game, seats)
    actions = edited = unchanged = 0
    panel: Panel | None = None
    next_intrusion = INTRUDE_EVERY - 1
    while True:
        info = await oracle.status(game)
        if info.status == "finished":
            break
        assert actions < MAX_ACTIONS, "the battle does not end"
        role = info.active_roles[0]
        user = seats[role]
        other = bob if user is alice else alice
        post = await turn_post(fake, oracle, game)
        assert post is fake.posts[-1]
        check_board_post(post)
        public = await oracle.service.view_for(game, 0)
        asked = public.turn is not None and role not in public.turn.roles
        check_prompt(post, user, asked)
        # no other post keeps live components; a question by DM only to the one asked
        assert [m for m in live_messages(fake) if m is not post] == [
            m for m in live_messages(fake) if m.where == "dm"]
        assert all(m in fake.dms[user.id] for m in live_messages(fake) if m.where == "dm")
        view = await oracle.view(game, user.id, role)
        index = pick(chooser, view)
        choice = view.actions[index]
        posts = len(fake.posts)
        changes = len(post.changed_at)
        if actions >= next_intrusion and is_live(post):
            secret = [p.kind for _, p in presses(post)] == ["secret"]
            await intrude(fake, oracle, game, info.version, post, other, carol, secret)
            next_intrusion += INTRUDE_EVERY
        played = False
        if actions % PLAY_EVERY == PLAY_EVERY - 1:
            # /play, with the value its autocomplete offers for the chosen move
            offered = await fake.autocomplete(user, "play", "action", action="")
            why = await fake.autocomplete(other, "play", "action", action="")
            assert [c["value"] for c in why] == [WHY], why    # one entry that says why not
            value = play_value(offered, game, role, choice.verb, choice.arg, index)
            if value is not None:
                kinds["play"] = kinds.get("play", 0) + 1
                it = await fake.slash(user, "play", action=value)
                assert "⛔" not in it.text, it.text
                played = True
        if not played:
            where, panels = await where_asked(fake, oracle, game, role, user)
            kinds[where] = kinds.get(where, 0) + 1
            assert asked == (where == "dm"), (where, asked)
            if where == "ephemeral":
                assert any(HAND_MARK in m.text for m in panels)   # the hand, to its owner only
                if panel is None:
                    # a menu the player leaves open (they ask again and choose in the new one)
                    panel = Panel(user, panels[0])
                    where, panels = await where_asked(fake, oracle, game, role, user)
            it = await choose(fake, user, panels, view, index, role, info.version, kinds)
            if where == "ephemeral":
                await fake.until(lambda it=it: it.edits, "the private menu to show the choice")
                assert it.edits[-1]["content"].startswith("Your choice:")
                assert it.edits[-1]["components"] == []
        memo = await settled(fake, oracle, game, info.version + 1)
        actions += 1
        assert "⛔" not in it.text, it.text
        # the rule of the channel
        now = await oracle.status(game)
        public = await oracle.service.view_for(game, 0)
        new = fake.posts[posts:]
        if now.status == "finished":
            assert len(new) == 1 and new[0].pings == [], [m.text for m in new]
        elif public.turn is None or public.turn.key != key:
            assert public.turn is not None
            key = public.turn.key
            turns += 1
            assert len(new) == 1, (key, [m.text for m in new])
            assert new[0].id == memo.turn_post and not is_live(post)
            holders = list(dict.fromkeys(now.seats[r] for r in public.active
                                         if r in public.turn.roles))
            assert new[0].pings == holders, (new[0].pings, holders, new[0].content)
            mentioned[turns] = list(holders)
        else:
            assert new == [], (key, [m.text for m in new])   # nobody pinged again this turn
            assert memo.turn_post == post.id
            if len(post.changed_at) > changes:
                edited += 1
            else:
                unchanged += 1         # nothing a reader sees changed
        if role not in memo.asks:      # an answered question keeps its text, not its buttons
            assert not any(is_live(m) for m in fake.dms[user.id])
        await check_hands(fake, oracle, game, seats)
    assert actions == ACTIONS
    # every place of choosing was used (a question by DM comes only where the engine names a
    # question that interrupts a turn: ``where_asked`` answers it when it does)
    for kind in ("channel", "ephemeral", "play"):
        assert kinds.get(kind), kinds
    for kind in ("button", "menu"):
        assert kinds.get(kind), kinds            # and every kind of component

    # -- the end ------------------------------------------------------------------------------
    info = await oracle.status(game)
    result = info.result
    assert result is not None and len(result.winners) == 1 and not result.draw
    assert result.msg is not None and result.msg.key == "result.banners"
    final = await turn_post(fake, oracle, game)
    assert final is fake.posts[-1]
    check_board_post(final)
    assert "Game over" in final.content and ANCIENTS.tr(result.msg, "en") in final.content
    # the channel over the whole battle: the lobby, one post per turn, the end; all else edits
    posts = fake.posts
    pings = [u for m in posts for u in m.pings]
    edits = sum(len(m.edits) for m in posts)
    print(f"\n{actions} actions, {turns} turns: {len(posts)} posts, {edits} edits, "
          f"{len(pings)} pings; {edited} moves edited the turn post, {unchanged} changed "
          f"nothing it shows; API calls {fake.api_calls()}")
    assert len(posts) == 1 + turns + 1, (len(posts), turns)
    assert not any(m.deleted for m in posts)
    assert unchanged == 0 and edited == actions - turns, (edited, unchanged)   # all edits
    assert all(set(m.pings) <= set(users) for m in posts)
    assert len(pings) == sum(len(v) for v in mentioned.values())
    # no message keeps live components
    assert live_messages(fake) == [], [m.text for m in live_messages(fake)]
    # nothing hidden reached the channel, in any version of a post; each hand went to its
    # owner only, in one DM kept current; none to carol
    for m in posts:
        texts = [m.text, *(e.get("content") or "" for e in m.edits)]
        assert not any(HAND_MARK in text for text in texts)
    assert fake.dms[carol.id] == []
    for role, user in seats.items():
        heading = f"Game #{game} · Commands & Colors: Ancients · " + info.role_names[role]
        hands = [m for m in fake.dms[user.id] if m.text.startswith(f"**{heading}**")]
        assert len(hands) == 1 and hands[0].files["hand.png"].startswith(PNG)
        assert len(hands[0].edits) >= 1
        questions = [m for m in fake.dms[user.id] if m not in hands]
        assert all("▶" in m.text and "hand.png" not in m.files for m in questions)
    # the log replays to the stored state, and holds one row per move
    assert len(await oracle.actions(game)) == ACTIONS
    stored = await oracle.service.store.state_json(game)
    assert (await oracle.service.store.replay(game)).model_dump_json() == stored[1]
    # a private menu left open, and the lobby's seat button, are answered politely now
    assert panel is not None and panel.message.custom_ids
    it = await fake.press(panel.user, panel.message, panel.message.custom_ids[0],
                          ["0"] if panel.message.components[0]["type"] == 3 else None)
    assert f"⛔ Game #{game} is over." in it.text, it.text
    it = await fake.press(carol, lobby, f"gj:{game}:south")
    assert f"⛔ Game #{game} has already started" in it.text, it.text
    assert (await oracle.status(game)).version == info.version
    assert len(await oracle.actions(game)) == ACTIONS


async def test_a_game_in_its_own_thread(fake: FakeDiscord, bot: BotProcess, oracle: Oracle):
    """With ``thread``, the channel gets one line when the game starts (the thread is started
    on it) and one when it ends; every post of the game goes into the thread, where the players
    press its buttons and use /play."""
    alice, bob = fake.alice, fake.bob
    it = await fake.slash(alice, "game new", title="ancients", scenario="001", seed=49,
                          thread=True)
    assert "⛔" not in it.text, it.text
    lobby = fake.channel[-1]
    game = int(presses(lobby)[0][1].game)
    await fake.slash(alice, "game join", game=game, role="south")
    await fake.slash(bob, "game join", game=game, role="north")
    await fake.slash(alice, "game start", game=game)
    table = Table(fake, oracle, game, {"south": alice, "north": bob})
    await table.settled()
    assert len(fake.threads) == 1
    (thread, started), = fake.thread_posts.items()
    line = fake.channel[-1]
    assert fake.channel == [lobby, line] and line.id == thread        # the thread is on it
    assert "begins" in line.text and not is_live(line) and line.files == {}
    assert (await oracle.status(game)).thread_id == thread
    assert fake.threads[thread]["parent_id"] == str(fake.channel_id)
    post = await table.post()
    assert post.channel_id == thread and started == [post]
    check_board_post(post)
    chooser = Rng.from_seed(2)
    for _ in range(4):
        await table.move(chooser)
    assert all(m.channel_id == thread for m in fake.posts if m not in (lobby, line))
    # /play in the thread finds the game that is played there
    info, role, user, view = await table.turn()
    offered = await fake.autocomplete(user, "play", "action", action="", channel=thread)
    assert offered and offered[0]["value"] != WHY, offered
    it = await fake.slash(user, "play", action=offered[0]["value"], channel=thread)
    assert "⛔" not in it.text, it.text
    await table.settled(info.version + 1)
    info = await oracle.status(game)
    it = await fake.slash(alice, "game resign", game=game, channel=thread)
    assert "⛔" not in it.text, it.text
    await table.settled()
    final = await table.post()
    assert final.channel_id == thread and "Game over" in final.content
    end = fake.channel[-1]
    assert len(fake.channel) == 3 and f"<#{thread}>" in end.text and "Game over" in end.text
    assert live_messages(fake) == [], [m.text for m in live_messages(fake)]


async def intrude(fake: FakeDiscord, oracle: Oracle, game: int, version: int, post: Message,
                  other: User, spectator: User, secret: bool) -> None:
    """The other player and a spectator press the mover's component: refused privately, and
    nothing changes."""
    custom_id = post.custom_ids[0]
    values = ["0"] if post.component(custom_id)["type"] == 3 else None
    posts = len(fake.posts)
    for intruder in (other, spectator):
        it = await fake.press(intruder, post, custom_id, values, settle=0.1)
        assert it.replies and all(m.ephemeral for m in it.replies), it.text
        if intruder is spectator:
            assert "You have no seat" in it.text, it.text
        elif secret:
            assert "not your turn" in it.text, it.text
        else:
            assert "⛔ You do not hold the seat" in it.text, it.text
        assert HAND_MARK not in it.text
    assert len(fake.posts) == posts
    assert (await oracle.status(game)).version == version


async def check_hands(fake: FakeDiscord, oracle: Oracle, game: int, seats: dict[str, User]
                      ) -> None:
    """Each seated player has one hand DM, which shows their hand as it is now."""
    info = await oracle.status(game)
    memo = await memo_of(oracle, game)
    for role, user in seats.items():
        kept = memo.hands.get(role)
        assert kept is not None, role
        hands = [m for m in fake.dms[user.id] if "hand.png" in m.files]
        assert [m.id for m in hands] == [kept.message], (user.name, len(hands))
        view = await oracle.view(game, user.id, role)
        expected = present.hand_text(info, view, "en").split("\n")[:2]
        assert hands[0].text.split("\n")[:2] == expected, (hands[0].text, expected)
