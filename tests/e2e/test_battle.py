"""A whole Ancients battle to victory, played by two users on the real bot over a fake Discord:
slash commands (with autocomplete), buttons, select menus and private "My choices" menus.

Game seed ``SEED`` of scenario ``SCENARIO`` (Crimissos River, a real scenario), with the
players' choices drawn by ``pick`` from the seed ``CHOOSER``, ends in a banner victory after
``ACTIONS`` actions (found by trying seeds; ``test_the_seeds_end_quickly`` keeps it so).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Rng
from tests.e2e.conftest import BotProcess, Oracle
from tests.e2e.fake_discord import FakeDiscord, Message, User
from tests.e2e.players import (
    ANCIENTS,
    HAND_MARK,
    PNG,
    check_board_post,
    check_prompt,
    choose,
    my_choices,
    pick,
    play_value,
    presses,
    turn_post,
)

SCENARIO = "002"
SEED = 34
CHOOSER = 2
ACTIONS = 137
MAX_ACTIONS = 200
PLAY_EVERY = 9          # every so many moves, the move is made with /play instead of a click
INTRUDE_EVERY = 23      # every so many moves, others try to press the player's choice


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
    info = await oracle.status(game)
    seats = {"south": alice, "north": bob}
    assert info.seats == {r: u.id for r, u in seats.items()}
    it = await fake.slash(alice, "game start")
    assert "has started" in it.text

    chooser = Rng.from_seed(CHOOSER)
    kinds: dict[str, int] = {}
    dms = {alice.id: 1, bob.id: 1, carol.id: 0}         # each player's first hand
    await check_dms(fake, oracle, game, dms, seats)
    privates = await oracle.privates(game, [alice.id, bob.id])
    actions = 0
    panel: Panel | None = None
    while True:
        info = await oracle.status(game)
        if info.status == "finished":
            break
        assert actions < MAX_ACTIONS, "the battle does not end"
        role = info.active_roles[0]
        user = seats[role]
        other = bob if user is alice else alice
        post = turn_post(fake, game, info.version)
        assert post is fake.channel[-1]
        check_board_post(post)
        check_prompt(post, user)
        view = await oracle.view(game, user.id, role)
        index = pick(chooser, view)
        choice = view.actions[index]
        posts = len(fake.channel)
        secret = [p.kind for _, p in presses(post)] == ["secret"]
        if actions % INTRUDE_EVERY == INTRUDE_EVERY - 1:
            await intrude(fake, oracle, game, info.version, post, other, carol, secret)
        if actions % PLAY_EVERY == PLAY_EVERY - 1:
            # /play, with the value its autocomplete offers for the chosen move
            offered = await fake.autocomplete(user, "play", "action", action="")
            assert offered and await fake.autocomplete(other, "play", "action", action="") == []
            value = play_value(offered, game, role, choice.verb, choice.arg, index)
            if value is not None:
                kinds["play"] = kinds.get("play", 0) + 1
                it = await fake.slash(user, "play", action=value)
                assert "⛔" not in it.text, it.text
                secret = None
        if secret:
            kinds["secret"] = kinds.get("secret", 0) + 1
            menu = await my_choices(fake, user, post)
            assert menu.replies and all(m.ephemeral for m in menu.replies)
            assert HAND_MARK in menu.text                   # the hand, to its owner only
            panels = [m for m in menu.replies if m.custom_ids]
            if panel is None:
                # a menu the player leaves open (they ask again and choose in the new one)
                panel = Panel(user, panels[0])
                menu = await my_choices(fake, user, post)
                panels = [m for m in menu.replies if m.custom_ids]
            it = await choose(fake, user, panels, view, index, role, info.version, kinds)
            await fake.until(lambda it=it: it.edits, "the private menu to show the choice")
            assert it.edits[-1]["content"].startswith("Your choice:")
            assert it.edits[-1]["components"] == []
        elif secret is not None:
            it = await choose(fake, user, [post], view, index, role, info.version, kinds)
        await fake.until(lambda n=posts: len(fake.channel) > n, "the post of the move")
        actions += 1
        assert len(fake.channel) == posts + 1, [m.text for m in fake.channel[posts:]]
        # the hands that changed go to their owners by DM
        now = await oracle.privates(game, [alice.id, bob.id])
        for u, hands in now.items():
            if hands != privates[u]:
                dms[u] += 1
        privates = now
        await check_dms(fake, oracle, game, dms, seats)
        assert "⛔" not in it.text, it.text
    assert actions == ACTIONS
    for kind in ("button", "menu", "secret", "play"):
        assert kinds.get(kind), kinds            # every way of choosing was used

    # -- the end ------------------------------------------------------------------------------
    info = await oracle.status(game)
    result = info.result
    assert result is not None and len(result.winners) == 1 and not result.draw
    assert result.msg is not None and result.msg.key == "result.banners"
    final = fake.channel[-1]
    check_board_post(final)
    assert "Game over" in final.content and ANCIENTS.tr(result.msg, "en") in final.content
    assert final.custom_ids == []
    # every stale post lost its components: only the lobby had any left
    assert [m for m in fake.channel[1:] if m.custom_ids] == []
    # nothing hidden reached the channel; each hand went to its owner only; none to carol
    assert not any(HAND_MARK in m.text for m in fake.channel)
    assert fake.dms[carol.id] == []
    for role, user in seats.items():
        heading = f"Game #{game} · Commands & Colors: Ancients · " + info.role_names[role]
        assert all(m.text.startswith(f"**{heading}**") for m in fake.dms[user.id])
        assert all(m.files["hand.png"].startswith(PNG) for m in fake.dms[user.id])
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


async def intrude(fake: FakeDiscord, oracle: Oracle, game: int, version: int, post: Message,
                  other, spectator, secret: bool) -> None:
    """The other player and a spectator press the mover's component: refused privately, and
    nothing changes."""
    custom_id = post.custom_ids[0]
    values = ["0"] if post.component(custom_id)["type"] == 3 else None
    posts = len(fake.channel)
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
    assert len(fake.channel) == posts
    assert (await oracle.status(game)).version == version


async def check_dms(fake: FakeDiscord, oracle: Oracle, game: int, dms: dict[int, int],
                    seats: dict) -> None:
    """Wait for the DMs expected so far, and check the newest holds its receiver's own hand."""
    await fake.until(lambda: all(len(fake.dms[u]) >= n for u, n in dms.items()),
                     f"the hands by DM ({dms})")
    for role, user in seats.items():
        got = fake.dms[user.id]
        assert len(got) == dms[user.id], (user.name, len(got), dms[user.id])
        if got:
            view = await oracle.view(game, user.id, role)
            info = await oracle.status(game)
            from bot.cogs import present

            expected = present.hand_text(info, view, "en").split("\n")[:2]
            assert got[-1].text.split("\n")[:2] == expected, (got[-1].text, expected)
