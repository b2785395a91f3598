"""The Ancients title at the table: whole games of scenario 001 (Akragas) played through the
table service, and through the real bot's slash commands and component presses with mocked
Discord interactions, over a SQLite file that is closed and reopened halfway (a restart).

Moves are chosen from the acting user's own View with a seeded ``games.core.Rng`` and the title's
playout preference (``fuzz_weight``, the fuzzer's weighted pick), so the game is the same on every
run: game seed ``SEED`` with chooser seed ``CHOOSER`` ends in a banner victory of the south after
about 140 actions (found by trying seeds).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import TableBot
from bot.cogs import codec, present
from bot.service import Outcome, ServiceError, TableService
from bot.store import Store
from games import registry
from games.core import Rng, View
from games.core.fuzz import weigher_of, weighted_index
from tests.harness import ChannelRule, live_choices, press_choice_index, where_asked
from tests.test_cogs import (
    CHANNEL,
    GUILD,
    OUTSIDER,
    A,
    B,
    Harness,
    ids_of,
    labels_of,
    reply_text,
)

SCENARIO = "001"          # Akragas
SEED = 49                 # the game's seed (dice and shuffles)
CHOOSER = 2               # the seed of the players' choices
HALF = 130                # the restart comes after this many actions
MAX_ACTIONS = 400         # the seeds above end after 271
SEATS = {"south": A, "north": B}
OTHER_ROLE = {"south": "north", "north": "south"}
PNG = b"\x89PNG\r\n\x1a\n"
HAND_MARK = f"**{present.private_name('ancients', 'hand', 'en')}**"   # how a hand is written

RULES = registry.get("ancients")
WEIGH = weigher_of(RULES)


def pick(rng: Rng, view: View) -> int:
    """The index of the choice to make: the fuzzer's weighted pick with the title's weights."""
    assert WEIGH is not None
    weights = [max(0.0, WEIGH(c, view)) for c in view.actions]
    return weighted_index(rng, weights)


def db_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}"


async def open_service(url: str) -> TableService:
    store = Store(url)
    await store.init()
    return TableService(store)


def other_user(user: int) -> int:
    return B if user == A else A


# -- secrecy of what the service hands out --------------------------------------------------------

class Secrets:
    """What is known of the hands (from the owners' private Views) and what was shown openly
    (cards played); checks every Outcome against them."""

    def __init__(self) -> None:
        self.hands: dict[str, set[str]] = {}
        self.played: set[str] = set()

    def check(self, outcome: Outcome) -> None:
        for user, views in outcome.privates.items():
            for role, view in views.items():
                # A private View goes to the owner of its role, and to nobody else.
                assert SEATS[role] == user, (user, role)
                assert view.role == role
                assert "hand" in view.private
                self.hands[role] = {card["key"] for card in view.private["hand"]}
        public = outcome.public
        assert public is not None
        assert public.role is None and public.private == {} and public.actions == []
        played = public.board.get("card_played") or {}
        self.played |= {played[k] for k in ("key", "copies") if k in played}
        for line in public.log:
            self.played |= {str(v)[len("@card."):] for v in line.msg.args.values()
                            if str(v).startswith("@card.")}
        text = public.model_dump_json()
        assert '"hand":' not in text
        for key in set().union(*self.hands.values()) - self.played:
            assert f'"{key}"' not in text and f'@card.{key}"' not in text, key


# -- 1. through the service ---------------------------------------------------------------------

async def test_ancients_game_through_the_service_to_a_banner_victory_across_a_restart(
        tmp_path: Path):
    url = db_url(tmp_path)
    svc = await open_service(url)
    try:
        info = await svc.create_game(GUILD, CHANNEL, A, "ancients", SCENARIO, seed=SEED)
        game = info.id
        assert (info.title, info.scenario, info.status, info.roles) == (
            "ancients", SCENARIO, "lobby", ["south", "north"])
        await svc.join(game, A, "south")
        info = await svc.join(game, B)                    # the free role
        assert info.seats == SEATS
        outcome = await svc.start(game, A)
        secrets = Secrets()
        secrets.check(outcome)
        assert set(outcome.privates) == {A, B}            # each player's first hand
        assert {r for views in outcome.privates.values() for r in views} == {"south", "north"}

        chooser = Rng.from_seed(CHOOSER)
        actions, restarted = 0, False
        while True:
            info = await svc.status(game)
            if info.status == "finished":
                break
            assert actions < MAX_ACTIONS, "the game does not end"
            if actions == HALF and not restarted:
                # Close the store; a new store and service over the same file go on from here.
                stored = await svc.store.state_json(game)
                views = {u: (await svc.view_for(game, u)).model_dump_json() for u in (A, B)}
                await svc.store.close()
                svc = await open_service(url)
                again = await svc.status(game)
                assert again.version == info.version == stored[0]
                assert (again.status, again.active_roles, again.active_users, again.seats) == (
                    "active", info.active_roles, info.active_users, SEATS)
                assert await svc.store.state_json(game) == stored
                for u in (A, B):
                    assert (await svc.view_for(game, u)).model_dump_json() == views[u]
                restarted = True
            # Exactly the user holding the one active role acts, from their own View.
            assert len(info.active_roles) == 1
            role = info.active_roles[0]
            user = SEATS[role]
            assert info.active_users == [user]
            view = await svc.view_for(game, user)
            assert view.role == role and view.active == [role] and view.actions
            idle = await svc.view_for(game, other_user(user))
            assert idle.role == OTHER_ROLE[role] and idle.actions == [] and idle.active == [role]
            hands = {role: view.private, idle.role: idle.private}
            choice = view.actions[pick(chooser, view)]
            for intruder, key in ((other_user(user), "error.not_your_turn"),
                                  (OUTSIDER, "error.not_seated")):
                with pytest.raises(ServiceError) as refused:
                    await svc.act(game, intruder, choice.verb, choice.arg)
                assert refused.value.key == key
            outcome = await svc.act(game, user, choice.verb, choice.arg,
                                    expected_version=info.version)
            actions += 1
            assert outcome.game.version == info.version + 1
            secrets.check(outcome)
            # A hand that changed goes to its owner (and only then: one DM per change).
            for r, before in hands.items():
                now = (await svc.view_for(game, SEATS[r])).private
                sent = outcome.privates.get(SEATS[r], {})
                if now != before:
                    assert sent[r].private == now, (r, choice)
                else:
                    assert r not in sent, (r, choice)
            if outcome.finished:
                assert outcome.ping == [] and outcome.public.result is not None
            else:
                assert outcome.ping == outcome.game.active_users
        assert restarted and actions > HALF

        info = await svc.status(game)
        result = info.result
        assert info.status == "finished" and result is not None
        assert not result.draw and len(result.winners) == 1
        assert result.msg is not None and result.msg.key == "result.banners"   # banner victory
        assert outcome.finished and outcome.public.result == result
        assert any(n.key == "notice.finished" for n in outcome.notices)
        winner = result.winners[0]
        board = outcome.public.board["sides"][winner]
        assert board["banners"] >= board["banners_to_win"]
        # The log replays to the stored state; every action was made by the role's owner.
        version, state = await svc.store.state_json(game)
        assert version == info.version == actions + 1
        assert (await svc.store.replay(game)).model_dump_json() == state
        rows = [r for r in await svc.store.log(game) if r.kind == "action"]
        assert len(rows) == actions
        assert all(r.user_id == SEATS[str(r.role)] for r in rows)
        with pytest.raises(ServiceError) as refused:
            await svc.act(game, SEATS[winner], "done")
        assert refused.value.key == "error.game_over"
    finally:
        await svc.store.close()


# -- 2. through mocked Discord interactions ------------------------------------------------------

async def open_bot(url: str, before: Harness | None = None) -> Harness:
    """A bot over a new service over the store at ``url``; after a restart it keeps the
    channel's messages and the users' DMs of the harness ``before``."""
    service = await open_service(url)
    bot = TableBot(service, timers=False)
    await bot.setup_hook()
    h = Harness(service, bot)
    if before is not None:
        h.adopt(before)
    return h


def picture_of(post: Any) -> bytes:
    file = post.get("file")
    assert isinstance(file, discord.File) and file.filename == "board.png", post
    assert post["embed"].image.url == "attachment://board.png"
    return file.fp.getvalue()


def channel_text(post: Any) -> str:
    embed = post.get("embed")
    return "\n".join([post.get("content") or "", (embed.description or "") if embed else ""])


async def check_dms(h: Harness, game: int) -> None:
    """Each player's hand message holds their own hand, as it is now, and nothing else."""
    info = await h.service.status(game)
    for user in (A, B):
        views = await h.service.views_for(game, user)
        assert list(views) == info.roles_of(user)
        role = info.roles_of(user)[0]
        expected = present.hand_text(info, views[role], "en")
        kept = (await h.bot.table.memo(game)).hands[role]
        hand = h.by_id[kept.message]
        assert hand.channel is h.users[user].dm_channel
        assert hand["content"].startswith(expected), (user, hand["content"])
        assert hand["file"].filename == "hand.png"
        # one hand message, kept current: every other DM is a question asked of the player
        others = [d for d in h.users[user].dms if d is not hand]
        assert all(d.first.get("view") is not None for d in others)
    assert h.users[OUTSIDER].dms == []


async def test_ancients_game_through_discord_presses_to_a_victory_across_a_restart(
        tmp_path: Path):
    """A whole battle through the bot: one turn post per player turn, edited while the turn
    lasts, a ping only when the turn passes, the defender's questions asked by DM, the hands
    kept in one DM each; buttons posted before a restart still work after it."""
    url = db_url(tmp_path)
    h = await open_bot(url)
    try:
        await h.command("game new", A, "ancients", SCENARIO, seed=SEED)
        game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
        lobby = h.last_post
        assert ids_of(lobby["view"]) == [f"gj:{game}:south", f"gj:{game}:north"]
        await h.command("game join", A, game, "south")
        await h.command("game join", B, game)
        assert (await h.service.status(game)).seats == SEATS
        assert len(h.posts) == 1                         # the one lobby post, edited
        it = await h.command("game start", A, game)
        assert "has started" in reply_text(it)
        assert lobby.get("view") is None
        await check_dms(h, game)
        rule = ChannelRule(h, game)
        await rule.start()

        chooser = Rng.from_seed(CHOOSER)
        actions, restarted = 0, False
        surfaces: dict[str, int] = {"dm": 0, "channel": 0, "ephemeral": 0}
        while True:
            info = await h.service.status(game)
            if info.status == "finished":
                break
            assert actions < MAX_ACTIONS, "the game does not end"
            role = info.active_roles[0]
            user = SEATS[role]
            assert info.active_users == [user]
            turn_post = h.by_id[(await h.bot.table.memo(game)).turn_post]
            assert picture_of(turn_post).startswith(PNG)
            if actions == HALF and not restarted:
                # Restart: a new bot over a new service over the same file.
                await h.service.store.close()
                h = await open_bot(url, before=h)
                rule.h = h
                again = await h.service.status(game)
                assert (again.version, again.active_users) == (info.version, info.active_users)
                restarted = True
            view = (await h.service.views_for(game, user))[role]
            index = pick(chooser, view)
            where, panels = await where_asked(h, game, role, user)
            surfaces[where] += 1
            if where == "channel":
                # The user the question is not for is turned away, and nothing changes.
                it = await press_choice_index(h, panels, index, other_user(user), False)
                assert "⛔" in reply_text(it)
                assert (await h.service.status(game)).version == info.version
            it = await press_choice_index(h, panels, index, user, where == "ephemeral")
            actions += 1
            assert reply_text(it).count("⛔") == 0, reply_text(it)
            assert (await h.service.status(game)).version == info.version + 1
            await rule.after_move()
        assert restarted and actions > HALF
        assert surfaces["channel"] and surfaces["ephemeral"], surfaces
        await check_dms(h, game)

        info = await h.service.status(game)
        assert info.status == "finished" and info.result is not None
        assert len(info.result.winners) == 1 and not info.result.draw
        final = h.last_post
        assert picture_of(final).startswith(PNG)
        assert "Game over" in final["content"]
        assert RULES.tr(info.result.msg, "en") in final["content"]      # the winner
        assert live_choices(final) == []
        assert [codec.decode(c).kind for c in ids_of(final["view"])] == [
            "rematch", "rematch", "export"]
        # One post per turn (and the lobby and the end), the rest were edits.
        assert len(h.posts) == 1 + rule.turns + 1, (len(h.posts), rule.turns)
        assert h.count("edit") > actions // 2
        assert all(live_choices(m) == [] for m in h.posts)       # no live buttons are left
        # Nothing hidden reached the channel; the hands went by DM to their owners only.
        assert not any(HAND_MARK in text for text in h.contents())
        # Presses after the end are answered politely.
        it = await h.press(codec.encode_secret(game, info.version), A)
        assert "over" in reply_text(it)
    finally:
        await h.service.store.close()


# -- hidden hands and the channel ------------------------------------------------------------------------------

async def test_first_strike_in_hand_is_not_revealed_by_the_channel_buttons(tmp_path: Path):
    h = await open_bot(db_url(tmp_path))
    try:
        await h.command("game new", A, "ancients", SCENARIO, seed=SEED)
        game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
        await h.command("game join", A, game, "south")
        await h.command("game join", B, game)
        await h.command("game start", A, game)
        chooser = Rng.from_seed(CHOOSER)
        for _ in range(MAX_ACTIONS):
            info = await h.service.status(game)
            assert info.status == "active"
            role = info.active_roles[0]
            view = (await h.service.views_for(game, SEATS[role]))[role]
            if any(c.verb == "first_strike" for c in view.actions):
                break
            choice = view.actions[pick(chooser, view)]
            await h.service.act(game, SEATS[role], choice.verb, choice.arg)
        else:
            raise AssertionError("no close combat against a holder of First Strike")
        # The defender holds First Strike; the channel must not learn it from the buttons.
        assert "first_strike" in {c["key"] for c in view.private["hand"]}
        await h.bot.table.publish(await h.service.snapshot(game))
        for post in h.posts:
            labels = labels_of(post.get("view"))
            assert "Play First Strike" not in labels.values(), labels
        where, panels = await where_asked(h, game, role, SEATS[role])
        assert where in ("dm", "ephemeral")          # the choices are offered privately
    finally:
        await h.service.store.close()


def test_the_seeds_end_quickly():
    """The seeds of this file give a short game (kept so a change of the rules that lengthens it
    shows up here, not as a slow test)."""
    state = RULES.setup(SEED, SCENARIO, {})
    chooser = Rng.from_seed(CHOOSER)
    steps = 0
    while state.result is None:
        role = RULES.view(state, None).active[0]
        view = RULES.view(state, role)
        state = RULES.act(state, role, view.actions[pick(chooser, view)].action())
        steps += 1
        assert steps < MAX_ACTIONS
    assert steps > HALF
    assert len(state.result.winners) == 1
