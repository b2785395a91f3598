"""Pax Romana at the table: a whole Basic game of Scenario V through the bot and the service
across a restart (four players, and two players holding two Powers each), the secret plans
revealed together, and a Negotiate in a private thread of its parties (§4.1, §4.3, §4.4).

A whole game is about a thousand actions: the first ones are pressed through the bot's buttons
(the turn post, the private menus, the questions asked by DM), the middle is played through the
service's ``act`` (fast, no pictures), and the action that ends the game is pressed through the
bot again. Moves are chosen from the acting role's own View with a seeded ``games.core.Rng``
and the title's playout preference (``fuzz_weight``), so every run is the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock

import pytest

from bot.client import TableBot
from bot.cogs.components import ChoiceButton, ChoiceMenu, MoreButton
from bot.cogs.negotiation import NEGOTIATION_SECONDS, agreed, people
from bot.cogs.timers import TimerCog
from bot.service import GameInfo, Outcome, TableService
from bot.store import Store
from games import registry
from games.core import LogLine, Msg, Rng, View
from games.core.fuzz import weighted_index
from tests.harness import (
    CHANNEL,
    GUILD,
    OUTSIDER,
    A,
    B,
    C,
    FakeChannel,
    FakeUser,
    Harness,
    forbidden,
)
from tests.harness import where_asked as asked_where
from tests.test_ancients_table import db_url
from tests.test_cogs import reply_text

TITLE = "pax_romana"
SCENARIO = "V"
OPTIONS = "format=basic"
POWERS = ["rome", "carthage", "greece", "east"]
D = 104
SEED = 2
CHOOSER = 2
TABLE_ACTIONS = 24        # the first actions pressed through the bot
HALF = 500                # the bot restarts after this many actions (a game is about 1000)
MAX_ACTIONS = 4000
RULES = registry.get(TITLE)
START = 1_800_000_000.0   # the fake clock's start (Unix seconds)


def pick(rng: Rng, view: View, avoid: tuple[str, ...] = ()) -> int:
    """The playout's weighted choice; ``avoid`` (verbs or ``action`` arguments) weighs 0."""
    weights = [0.0 if c.verb in avoid or (c.verb == "action" and c.arg in avoid)
               else max(0.0, RULES.fuzz_weight(c, view)) for c in view.actions]
    if not any(weights):
        weights = [1.0] * len(view.actions)
    return weighted_index(rng, weights)


class Clock:
    """The service's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


async def open_table(url: str, clock: Clock, before: Harness | None = None) -> Harness:
    """A bot over a new service over the store at ``url`` (after a restart: keeping the
    channel, the threads and the DMs of ``before``), as the bot starts: caught up."""
    store = Store(url)
    await store.init()
    service = TableService(store, clock=clock)
    bot = TableBot(service, timers=False)
    await bot.setup_hook()
    h = Harness(service, bot)
    if before is not None:
        h.adopt(before)
        await bot.table.catch_up()
    if D not in h.users:
        h.users[D] = FakeUser(h, D)
    return h


async def seat_table(h: Harness, users: tuple[int, ...], thread: bool = False
                     ) -> tuple[int, dict[str, int]]:
    """A Basic game of Scenario V made, joined and started through the slash commands (with
    ``thread``, played in a thread of its own)."""
    await h.command("game new", A, TITLE, SCENARIO, seed=SEED, options=OPTIONS, thread=thread)
    game = (await h.service.list_games(GUILD, CHANNEL))[-1].id
    info = await h.service.status(game)
    assert info.roles == POWERS and info.options == {"format": "basic"}
    seats = dict(zip(info.roles, users, strict=True))
    for role, user in seats.items():
        await h.command("game join", user, game, role)
    assert (await h.service.status(game)).seats == seats
    it = await h.command("game start", A, game)
    assert "has started" in reply_text(it)
    return game, seats


async def press_role_choice(h: Harness, panels: list[Any], role: str, index: int, user: int,
                            ephemeral: bool) -> Any:
    """Press, as ``user``, the component of ``role``'s choice ``index`` among ``panels`` (a
    player holding two Powers may see both Powers' menus), paging on when needed."""
    for panel in panels:
        for item in panel.children:
            if getattr(item, "press", None) is None or item.press.role != role:
                continue
            if isinstance(item, ChoiceButton) and item.press.index == index:
                return await h.press(item.custom_id, user, ephemeral_message=ephemeral)
            if isinstance(item, ChoiceMenu) and str(index) in [
                    o.value for o in item.item.options]:
                return await h.press(item.custom_id, user, ephemeral_message=ephemeral,
                                     values=[str(index)])
    for panel in panels:
        for item in panel.children:
            if isinstance(item, MoreButton) and item.press.role in (role, ""):
                more = await h.press(item.custom_id, user, ephemeral_message=ephemeral)
                page = [f["view"] for f in more.followups if f.get("view") is not None]
                return await press_role_choice(h, page, role, index, user, True)
    raise AssertionError(f"no component for choice {index} of {role}")


async def press_move(h: Harness, game: int, role: str, index: int) -> str:
    """Make ``role``'s choice ``index`` through what the bot shows its player; returns where it
    was offered (``dm``, ``channel`` or ``ephemeral``)."""
    info = await h.service.status(game)
    user = info.seats[role]
    assert user is not None
    where, panels = await asked_where(h, game, role, user)
    it = await press_role_choice(h, panels, role, index, user, where == "ephemeral")
    assert "⛔" not in reply_text(it), reply_text(it)
    after = await h.service.status(game)
    assert after.version == info.version + 1, (where, reply_text(it))
    return where


async def chosen(h: Harness, game: int, rng: Rng, avoid: tuple[str, ...] = ()
                 ) -> tuple[GameInfo, str, int, View]:
    """The next move of the playout: the game, the acting role, its choice, its View."""
    info = await h.service.status(game)
    role = info.active_roles[rng.below(len(info.active_roles))]
    user = info.seats[role]
    assert user is not None
    view = (await h.service.views_for(game, user))[role]
    assert view.role == role and view.actions
    return info, role, pick(rng, view, avoid), view


def check_privates(outcome: Outcome, seats: dict[str, int]) -> None:
    """A private View goes to the owner of its Power only; the public one holds no secret."""
    public = outcome.public
    assert public is not None and public.private == {} and public.actions == []
    for user, views in outcome.privates.items():
        for role, view in views.items():
            assert seats[role] == user and view.role == role


def every_version(channel: FakeChannel) -> list[str]:
    """Every text the channel's messages ever showed (first versions and edits)."""
    return [text for m in channel.messages for version in [m.first, *m.edits]
            if (text := version.get("content"))]


def line_texts(lines: list[LogLine], lang: str = "en") -> list[str]:
    return [RULES.tr(line.msg, lang) for line in lines]


# -- a whole game ----------------------------------------------------------------------------------

async def play_whole_game(tmp_path: Path, users: tuple[int, ...]) -> None:
    url = db_url(tmp_path)
    clock = Clock()
    h = await open_table(url, clock)
    try:
        game, seats = await seat_table(h, users)
        players = list(dict.fromkeys(users))
        for user in players:                    # each player's Powers' hands by DM
            assert h.users[user].dms, user
        assert h.users[OUTSIDER].dms == []
        rng = Rng.from_seed(CHOOSER)
        surfaces: dict[str, int] = {"dm": 0, "channel": 0, "ephemeral": 0}
        for _ in range(TABLE_ACTIONS):
            _info, role, index, _view = await chosen(h, game, rng)
            surfaces[await press_move(h, game, role, index)] += 1
        assert surfaces["ephemeral"] and surfaces["channel"], surfaces   # plans, activations

        # The rest of the game through the service, with a restart of the bot halfway; the
        # engine beside it tells which action ends the game, which is pressed through the bot.
        version, stored = await h.service.store.state_json(game)
        mirror = RULES.load_state(stored)
        actions = TABLE_ACTIONS
        restarted = False
        while True:
            assert actions < MAX_ACTIONS, "the game does not end"
            if actions == HALF:
                # A new bot over a new service over the same database; the game goes on.
                info = await h.service.status(game)
                views = {u: await h.service.views_for(game, u) for u in players}
                await h.service.store.close()
                h = await open_table(url, clock, before=h)      # caught up: the channel too
                again = await h.service.status(game)
                assert (again.version, again.active_roles, again.seats) == (
                    info.version, info.active_roles, seats)
                for user in players:
                    assert await h.service.views_for(game, user) == views[user]
                assert (await h.bot.table.memo(game)).posted == info.version
                restarted = True
            info, role, index, view = await chosen(h, game, rng)
            choice = view.actions[index]
            following = RULES.act(mirror, role, choice.action())
            if following.result is not None:
                break
            outcome = await h.service.act(game, info.seats[role], choice.verb, choice.arg,
                                          expected_version=info.version, role=role)
            assert outcome.game.version == info.version + 1
            check_privates(outcome, seats)
            mirror = following
            actions += 1
        assert (await h.service.store.state_json(game))[1] == mirror.model_dump_json()
        assert restarted and actions > HALF

        # The channel is brought up to date (as after a restart), and the last action is
        # pressed through the bot: the end is posted.
        assert await h.bot.table.catch_up() == 1
        await press_move(h, game, role, index)
        info = await h.service.status(game)
        assert info.status == "finished" and info.result is not None
        assert info.result.winners and set(info.result.winners) <= set(POWERS)
        final = h.last_post
        assert final.channel is h.channel and "Game over" in final["content"]
        assert RULES.tr(info.result.msg, "en") in final["content"]
        assert (await h.service.store.replay(game)).model_dump_json() == \
            (await h.service.store.state_json(game))[1]
        rows = [r for r in await h.service.store.log(game) if r.kind == "action"]
        assert len(rows) == actions + 1
        assert all(r.user_id == seats[str(r.role)] for r in rows)
        # Every negotiation thread the game opened was closed.
        for thread in h.private_threads:
            assert thread.archived and thread.locked, thread.name
        assert (await h.bot.table.memo(game)).negotiation is None
    finally:
        await h.service.store.close()


async def test_a_basic_game_of_four_players_to_the_end_across_a_restart(tmp_path: Path):
    await play_whole_game(tmp_path, (A, B, C, D))


async def test_a_basic_game_of_two_players_holding_two_powers_each(tmp_path: Path):
    await play_whole_game(tmp_path, (A, B, A, B))


# -- the secret plans -----------------------------------------------------------------------------

async def test_the_secret_plans_are_revealed_together_when_the_last_confirms(tmp_path: Path):
    """§3.2 D: the leaders are placed in secret and revealed together. Until the last Power
    confirms, no placement is in the channel or in another player's DM; then all are."""
    h = await open_table(db_url(tmp_path), Clock())
    try:
        game, seats = await seat_table(h, (A, B, C, D))
        public = await h.bot.table.public_view(game)
        assert sorted(public.active) == sorted(POWERS)
        rng = Rng.from_seed(CHOOSER)
        order = list(public.active)
        seen_channel: list[str] = []
        seen_dms: dict[int, list[str]] = {}
        for n, role in enumerate(order):
            while role in (await h.service.status(game)).active_roles:
                view = (await h.service.views_for(game, seats[role]))[role]
                assert all(c.secret for c in view.actions)
                index = pick(rng, view)
                if n == len(order) - 1 and view.actions[index].verb == "confirm":
                    seen_channel = h.contents()
                    seen_dms = {u: every_version(h.users[u].dm_channel)
                                for u in (A, B, C, D)}
                assert await press_move(h, game, role, index) == "ephemeral"
        public = await h.bot.table.public_view(game)
        placed = [line for line in public.log if line.msg.key == "log.leader_placed"]
        assert placed, [line.msg.key for line in public.log]
        by_power = {role: [RULES.tr(line.msg, "en") for line in placed
                           if line.msg.args.get("power") == f"@power.{role}"] for role in POWERS}
        assert seen_channel and seen_dms and all(by_power.values()), by_power
        for role, texts in by_power.items():
            for text in texts:
                assert not any(text in seen for seen in seen_channel), text
                for user, dms in seen_dms.items():
                    if user != seats[role]:
                        assert not any(text in dm for dm in dms), (role, user, text)
        now = "\n".join(h.contents())
        for texts in by_power.values():
            for text in texts:
                assert text in now, text                 # revealed together, in the channel
    finally:
        await h.service.store.close()


# -- a negotiation ---------------------------------------------------------------------------------

async def to_the_first_negotiate(h: Harness, game: int) -> str:
    """The secret plans and on, through the service, to the first Activation (which offers
    Negotiate); the channel brought up to date; the Power whose Activation it is."""
    rng = Rng.from_seed(CHOOSER)
    for _ in range(200):
        info, role, index, view = await chosen(h, game, rng, avoid=("negotiate",))
        if any(c.verb == "action" and c.arg == "negotiate" for c in view.actions):
            await h.bot.table.catch_up()
            return role
        choice = view.actions[index]
        await h.service.act(game, info.seats[role], choice.verb, choice.arg, role=role)
    raise AssertionError("no Activation offers Negotiate")


def test_the_parties_of_a_negotiation_are_people_each_once():
    info = GameInfo(id=1, title=TITLE, scenario=SCENARIO, status="active", version=1,
                    guild_id=GUILD, channel_id=CHANNEL, creator_id=A,
                    seats={"rome": A, "carthage": 11, "greece": A, "east": B},
                    roles=POWERS, role_names={}, seed=1)
    assert people(info, ["rome", "carthage", "greece", "east"]) == [A, B]   # no computer
    assert people(info, ["carthage"]) == []


def test_a_negotiation_closes_with_what_changed_hands_only():
    lines = [LogLine(seq=s, step=s, text="", msg=Msg(key=k, args={}))
             for s, k in enumerate(["log.invited", "log.deal_talents", "log.deal_refused",
                                    "log.deal_city", "log.action", "log.alliance3",
                                    "log.alliance_refused", "log.alliances_end",
                                    "log.deal_units"])]
    assert [x.msg.key for x in agreed(lines)] == [
        "log.deal_talents", "log.deal_city", "log.alliance3", "log.deal_units"]
    assert [x.msg.key for x in agreed(lines, until=3)] == ["log.deal_talents"]


async def test_a_negotiation_in_a_private_thread_with_a_talent_transfer(tmp_path: Path):
    """§4.1: the negotiating player invites players, who join a private thread of the game's
    channel; §4.3.1: five minutes, shown and recalled, not enforced; a Talent transfer is
    proposed with the game's buttons and confirmed by the other side's (by DM); the
    Treasuries change at once (§4.3.2); the end closes the thread with what changed hands.
    Across a restart the same thread goes on."""
    url = db_url(tmp_path)
    clock = Clock()
    h = await open_table(url, clock)
    try:
        game, seats = await seat_table(h, (A, B, A, B))
        await h.service.set_player(B, language="ru")
        by = await to_the_first_negotiate(h, game)
        me = seats[by]
        other = B if me == A else A
        mine = next(r for r in POWERS if r != by and seats[r] == me)
        theirs = next(r for r in POWERS if seats[r] == other)
        assert h.private_threads == []

        async def press_verb(role: str, verb: str, arg: Any = None) -> str:
            view = (await h.service.views_for(game, seats[role]))[role]
            index = next(i for i, c in enumerate(view.actions)
                         if c.verb == verb and (arg is None or c.arg == arg))
            return await press_move(h, game, role, index)

        await press_verb(by, "action", "negotiate")
        public = await h.bot.table.public_view(game)
        assert public.board["negotiation"] == {"by": by, "invited": []}
        (thread,) = h.private_threads
        assert thread.parent is h.channel and thread.members == [me]
        opening = thread.messages[0]
        assert f"<t:{int(START) + NEGOTIATION_SECONDS}:R>" in opening["content"]
        assert "negotiates with" in opening["content"] and "five minutes" in opening["content"]
        assert "Talents" in opening["content"] and "§4.4" in opening["content"]
        assert opening.pinged == [me]
        memo = await h.bot.table.memo(game)
        assert memo.negotiation is not None and memo.negotiation.thread == thread.id

        # Inviting one's own other Power adds nobody; inviting the other player's adds them.
        await press_verb(by, "invite", mine)
        assert thread.members == [me]
        await press_verb(by, "invite", theirs)
        assert thread.members == [me, other]
        joined = thread.messages[-1]["content"]
        assert "joins the negotiation" in joined and "присоединяется" in joined  # both readers
        assert (await h.bot.table.public_view(game)).board["negotiation"]["invited"] == [
            mine, theirs]

        # The bot restarts in the middle of the negotiation: the same thread goes on.
        await h.service.store.close()
        h = await open_table(url, clock, before=h)
        assert h.private_threads == [thread]
        assert (await h.bot.table.memo(game)).negotiation.thread == thread.id

        # A Talent transfer: proposed by the negotiator, confirmed by the other side by DM.
        before = (await h.bot.table.public_view(game)).board["powers"]
        give = before[by]["treasury"] >= 2
        await press_verb(by, "give_to" if give else "ask_from", theirs)
        await press_verb(by, "kind", "talents")
        await press_verb(by, "amount", 2)
        assert await press_verb(theirs, "accept") == "dm"
        after = (await h.bot.table.public_view(game)).board["powers"]
        giver, receiver = (by, theirs) if give else (theirs, by)
        assert after[giver]["treasury"] == before[giver]["treasury"] - 2
        assert after[receiver]["treasury"] == before[receiver]["treasury"] + 2

        # The five minutes: nothing before them, one polite note after them (from the tick
        # of the timer loop).
        assert await h.bot.table.negotiations.remind_due() == 0
        clock.now += NEGOTIATION_SECONDS
        posts = len(thread.messages)
        await TimerCog(h.bot.table).tick()
        assert len(thread.messages) == posts + 1
        assert "five minutes" in thread.messages[-1]["content"]
        assert "Пять минут" in thread.messages[-1]["content"]
        assert await h.bot.table.negotiations.remind_due() == 0
        assert (await h.service.status(game)).status == "active"   # not enforced

        # The end: what changed hands, then the thread archived and locked.
        await press_verb(by, "end")
        assert (await h.bot.table.public_view(game)).board["negotiation"] is None
        closing = thread.messages[-1]["content"]
        deal = RULES.tr(Msg(key="log.deal_talents", args={
            "giver": f"@power.{giver}", "receiver": f"@power.{receiver}", "n": 2}), "en")
        assert "negotiation is over" in closing and deal in closing
        assert "Переговоры окончены" in closing
        assert thread.archived and thread.locked
        assert (await h.bot.table.memo(game)).negotiation is None
        assert h.private_threads == [thread]
        # Nothing of the thread's words went to the game's channel, nor to a third person.
        assert not any("negotiates with" in text for text in
                       "\n".join(m["content"] or "" for m in h.channel.messages).split("\n"))
        assert h.users[OUTSIDER].dms == [] and C not in thread.members
    finally:
        await h.service.store.close()


async def test_a_negotiation_that_ended_while_the_bot_was_away_is_closed_on_its_return(
        tmp_path: Path):
    """The negotiation ends through the service while nobody posts (the bot is down): the bot
    that starts finds it in its memo and closes its thread. The game is played in a thread of
    its own: the negotiation's private thread is in the channel (no thread in a thread)."""
    url = db_url(tmp_path)
    clock = Clock()
    h = await open_table(url, clock)
    try:
        game, seats = await seat_table(h, (A, B, C, D), thread=True)
        game_thread = (await h.service.status(game)).thread_id
        assert game_thread is not None and h.channels[game_thread].kind == "thread"
        role = await to_the_first_negotiate(h, game)
        user = seats[role]
        other = next(r for r in POWERS if r != role)
        for verb, arg in (("action", "negotiate"), ("invite", other)):
            outcome = await h.service.act(game, user, verb, arg, role=role)
            await h.bot.table.publish(outcome)
        (thread,) = h.private_threads
        assert thread.members == [user, seats[other]]
        assert thread.parent is h.channel and thread.id != game_thread
        await h.service.act(game, user, "end", None, role=role)     # not published: bot down
        assert not thread.archived
        await h.service.store.close()
        h = await open_table(url, clock, before=h)                # catches up
        assert thread.archived and thread.locked
        assert "nothing changed hands" in thread.messages[-1]["content"]
        assert (await h.bot.table.memo(game)).negotiation is None
    finally:
        await h.service.store.close()


async def test_a_thread_half_made_when_the_bot_died_is_completed_on_its_return(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The bot dies after making the negotiation's thread, before adding anyone or saying
    anything: the bot that starts completes the same thread (no second one)."""
    url = db_url(tmp_path)
    clock = Clock()
    h = await open_table(url, clock)
    try:
        game, seats = await seat_table(h, (A, B, C, D))
        by = await to_the_first_negotiate(h, game)

        async def dies(*_: Any) -> None:
            raise RuntimeError("the bot dies here")

        monkeypatch.setattr(h.bot.table.negotiations, "_add", dies)
        outcome = await h.service.act(game, seats[by], "action", "negotiate", role=by)
        await h.bot.table.publish(outcome)
        (thread,) = h.private_threads
        assert thread.members == [] and thread.messages == []
        kept = (await h.bot.table.memo(game)).negotiation
        assert kept is not None and kept.thread == thread.id and not kept.opened
        await h.service.store.close()
        h = await open_table(url, clock, before=h)                # catches up
        assert h.private_threads == [thread] and thread.members == [seats[by]]
        (opening,) = thread.messages
        assert "negotiates with" in opening["content"]
        assert f"<t:{int(START) + NEGOTIATION_SECONDS}:R>" in opening["content"]
    finally:
        await h.service.store.close()


async def test_without_leave_to_make_threads_the_negotiation_goes_on_in_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Discord refuses the private thread (the bot may not make one): the turn post and the
    game go on, and the bot does not ask again at every move of the negotiation."""
    h = await open_table(db_url(tmp_path), Clock())
    try:
        game, seats = await seat_table(h, (A, B, C, D))
        by = await to_the_first_negotiate(h, game)
        refused = AsyncMock(side_effect=forbidden(50013))
        monkeypatch.setattr(h.channel, "create_thread", refused, raising=False)
        other = next(r for r in POWERS if r != by)
        for verb, arg in (("action", "negotiate"), ("invite", other)):
            view = (await h.service.views_for(game, seats[by]))[by]
            index = next(i for i, c in enumerate(view.actions) if c.verb == verb and c.arg == arg)
            await press_move(h, game, by, index)
        assert refused.await_count == 1 and h.private_threads == []
        kept = (await h.bot.table.memo(game)).negotiation
        assert kept is not None and kept.failed and kept.thread is None
        assert (await h.bot.table.public_view(game)).board["negotiation"]["invited"] == [other]
    finally:
        await h.service.store.close()
