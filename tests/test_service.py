"""bot/service.py: the table service over an in-memory store, played with the toy title."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from sqlmodel import SQLModel

from bot.service import SERVICE_TEXTS_EN, GameInfo, Outcome, ServiceError, TableService
from bot.store import TABLES, Store

# Set TEST_DATABASE_URL (e.g. postgresql+asyncpg://user@host/db, an empty scratch database) to
# run the service tests on that database too.
OTHER_DATABASE = os.environ.get("TEST_DATABASE_URL")

A, B, C = 101, 102, 103          # players
CREATOR = A
OUTSIDER = 999
MOD = 500
GUILD, CHANNEL = 7_000_000_000_000_000_001, 8_000_000_000_000_000_002  # Discord-sized ids


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2025, 3, 15, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


async def fresh_store(url: str) -> Store:
    store = Store(url)
    if not store.is_memory:
        async with store.engine.begin() as conn:
            await conn.run_sync(lambda sync: SQLModel.metadata.drop_all(sync, tables=TABLES))
            await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    await store.init()
    return store


@pytest.fixture(params=["sqlite-memory"] + (["other"] if OTHER_DATABASE else []))
async def store(request):
    s = await fresh_store("sqlite+aiosqlite:///:memory:" if request.param == "sqlite-memory"
                          else OTHER_DATABASE)
    yield s
    await s.close()


@pytest.fixture(params=["sqlite-file"] + (["other"] if OTHER_DATABASE else []))
def db_url(request, tmp_path) -> str:
    """A database two stores can share: a SQLite file, or TEST_DATABASE_URL."""
    if request.param == "other":
        return OTHER_DATABASE
    return f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def svc(store, clock) -> TableService:
    return TableService(store, clock=clock)


async def lobby(svc: TableService, scenario: str = "duel", seed: int = 5, **kw) -> GameInfo:
    return await svc.create_game(GUILD, CHANNEL, CREATOR, "toy", scenario, seed=seed, **kw)


async def started(svc: TableService, scenario: str = "duel", seed: int = 5) -> GameInfo:
    info = await lobby(svc, scenario, seed)
    for user in (A, B, C)[:len(info.roles)]:
        await svc.join(info.id, user)
    return (await svc.start(info.id, CREATOR)).game


async def refused(key: str, coro) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        await coro
    assert caught.value.key == key, caught.value
    return caught.value


async def snapshot(svc: TableService, game_id: int) -> tuple[int, str]:
    return await svc.store.state_json(game_id)


async def hand(svc: TableService, game_id: int, user: int) -> list[int]:
    return (await svc.view_for(game_id, user)).private["hand"]


# -- lobby --------------------------------------------------------------------------------------

async def test_create_game_records_the_table(svc):
    info = await lobby(svc)
    assert (info.title, info.scenario, info.status, info.version) == ("toy", "duel", "lobby", 0)
    assert (info.guild_id, info.channel_id, info.creator_id) == (GUILD, CHANNEL, CREATOR)
    assert info.seats == {"a": None, "b": None} and info.roles == ["a", "b"]
    assert info.seed == 5 and info.turn_timer is None and info.result is None


async def test_create_game_refuses_unknown_title_scenario_seed_and_bad_document(svc):
    await refused("error.unknown_title", svc.create_game(GUILD, CHANNEL, A, "chess", "duel"))
    err = await refused("error.unknown_scenario",
                        svc.create_game(GUILD, CHANNEL, A, "toy", "quartet"))
    assert err.params == {"title": "toy", "scenario": "quartet", "scenarios": "duel, trio"}
    err = await refused("error.bad_scenario",
                        svc.create_game(GUILD, CHANNEL, A, "toy", {"units": []}))
    assert "unknown scenario" in err.params["reason"]
    await refused("error.bad_seed", svc.create_game(GUILD, CHANNEL, A, "toy", "duel", seed=-1))
    await refused("error.bad_option",
                  svc.create_game(GUILD, CHANNEL, A, "toy", "duel", options={"fog": True}))
    assert await svc.list_games(GUILD) == []


async def test_random_seed_is_stored(svc):
    one, two = await svc.create_game(1, 1, A, "toy", "duel"), await svc.create_game(1, 1, A, "toy",
                                                                                     "duel")
    assert one.seed != two.seed and 0 <= one.seed < 2**63
    assert (await svc.status(one.id)).seed == one.seed


async def test_join_takes_the_first_free_seat_or_the_chosen_one(svc):
    info = await lobby(svc, "trio")
    assert (await svc.join(info.id, A, "c")).seats == {"a": None, "b": None, "c": A}
    assert (await svc.join(info.id, B)).seats == {"a": B, "b": None, "c": A}
    await refused("error.role_taken", svc.join(info.id, C, "a"))
    await refused("error.unknown_role", svc.join(info.id, C, "zed"))
    await refused("error.already_seated", svc.join(info.id, A, "b"))
    assert (await svc.join(info.id, C)).seats == {"a": B, "b": C, "c": A}
    await refused("error.game_full", svc.join(info.id, OUTSIDER))


async def test_leave_frees_the_seat_only_in_the_lobby(svc):
    info = await lobby(svc)
    await svc.join(info.id, A)
    await refused("error.not_seated", svc.leave(info.id, B))
    assert (await svc.leave(info.id, A)).seats == {"a": None, "b": None}
    game = await started(svc)
    await refused("error.leave_started", svc.leave(game.id, A))
    await refused("error.not_lobby", svc.join(game.id, OUTSIDER))


async def test_start_needs_every_seat_and_the_creator_or_a_moderator(svc):
    info = await lobby(svc)
    await svc.join(info.id, A)
    err = await refused("error.seats_missing", svc.start(info.id, CREATOR))
    assert err.params == {"roles": "b"}
    await svc.join(info.id, B)
    await refused("error.not_creator", svc.start(info.id, B))
    outcome = await svc.start(info.id, B, is_moderator=True)
    assert outcome.game.status == "active" and outcome.game.version == 1
    assert outcome.game.active_roles == ["a"] and outcome.ping == [A]
    assert set(outcome.privates) == {A, B}
    assert outcome.privates[A]["a"].private["hand"] == (await hand(svc, info.id, A))
    assert outcome.public.private == {} and outcome.public.role is None
    log = await svc.action_log(info.id)
    assert [(r.kind, r.seq) for r in log] == [("setup", 1)]
    assert log[0].payload() == {"seed": 5, "scenario": "duel", "scenario_doc": None,
                                "options": {}}
    await refused("error.not_lobby", svc.start(info.id, CREATOR))


# -- acting -------------------------------------------------------------------------------------

async def test_only_the_seated_active_player_acts_and_refusals_change_nothing(svc):
    game = await started(svc)
    before = await snapshot(svc, game.id)
    await refused("error.not_seated", svc.act(game.id, OUTSIDER, "step"))
    err = await refused("error.not_your_turn", svc.act(game.id, B, "step"))
    assert err.params == {"roles": "a"}
    await refused("error.not_your_role", svc.act(game.id, A, "step", role="b"))
    err = await refused("error.illegal", svc.act(game.id, A, "fly"))
    assert err.params["reason"] == "fly is not one of the choices open to you now."
    await refused("error.illegal", svc.act(game.id, A, "play", 99))
    await refused("error.bad_action", svc.act(game.id, A, "play", [1, 2]))
    await refused("error.bad_action", svc.act(game.id, A, None))
    await refused("error.no_game", svc.act(12345, A, "step"))
    assert await snapshot(svc, game.id) == before
    assert (await svc.status(game.id)).version == 1


async def test_act_applies_a_listed_choice_and_reports_it(svc):
    game = await started(svc)
    card = (await hand(svc, game.id, A))[0]
    outcome = await svc.act(game.id, A, "play", card, expected_version=1)
    assert isinstance(outcome, Outcome)
    assert outcome.game.version == 2 and outcome.game.active_roles == ["b"]
    assert outcome.ping == [B] and outcome.finished is False
    assert [line.text for line in outcome.new_log] == [f"a plays {card}"]
    assert list(outcome.privates) == [A]           # only a's hand changed
    assert outcome.public.board["score"] == {"a": card, "b": 0}
    # a text argument (autocomplete, typed input) is matched to the listed choice
    card_b = (await hand(svc, game.id, B))[0]
    outcome = await svc.act(game.id, B, "play", str(card_b))
    assert outcome.public.board["score"] == {"a": card, "b": card_b}
    assert [r.arg for r in (await svc.action_log(game.id))[1:]] == [str(card), str(card_b)]


async def test_stale_expected_version_is_refused(svc):
    game = await started(svc)
    await svc.act(game.id, A, "step", expected_version=1)
    err = await refused("error.stale", svc.act(game.id, A, "step", expected_version=1))
    assert err.params == {"version": 2}
    assert (await svc.status(game.id)).version == 2


async def test_two_concurrent_acts_on_one_version_apply_once(svc):
    game = await started(svc)
    results = await asyncio.gather(
        svc.act(game.id, A, "step", expected_version=1),
        svc.act(game.id, A, "step", expected_version=1), return_exceptions=True)
    applied = [r for r in results if isinstance(r, Outcome)]
    stale = [r for r in results if isinstance(r, ServiceError)]
    assert len(applied) == 1 and len(stale) == 1 and stale[0].key == "error.stale"
    status = await svc.status(game.id)
    assert status.version == 2
    assert (await svc.view_for(game.id, A)).board["marker"] == {"a": 1, "b": 0}
    assert [r.kind for r in await svc.action_log(game.id)] == ["setup", "action"]


async def test_finishing_the_game(svc):
    game = await started(svc, seed=11)
    outcome = None
    for _ in range(200):
        info = await svc.status(game.id)
        if info.status != "active":
            break
        user = info.active_users[0]
        view = await svc.view_for(game.id, user)
        plays = [c for c in view.actions if c.verb in ("play", "bid")]
        choice = max(plays, key=lambda c: c.arg)
        outcome = await svc.act(game.id, user, choice.verb, choice.arg)
    assert outcome is not None and outcome.finished and outcome.ping == []
    assert outcome.game.status == "finished" and outcome.game.result is not None
    assert outcome.game.result.winners in (["a"], ["b"])
    assert outcome.notices[-1].key == "notice.finished"
    await refused("error.game_over", svc.act(game.id, A, "step"))
    assert [g.id for g in await svc.list_games(GUILD)] == []
    assert [g.id for g in await svc.list_games(GUILD, include_finished=True)] == [game.id]
    assert json.loads((await svc.store.replay(game.id)).model_dump_json()) == json.loads(
        (await snapshot(svc, game.id))[1])


# -- simultaneous secret choices ------------------------------------------------------------------

async def test_simultaneous_bids_stay_secret_until_all_chose(svc):
    game = await started(svc, "trio", seed=3)
    for user in (A, B, C):
        await svc.act(game.id, user, "play", (await hand(svc, game.id, user))[0])
    info = await svc.status(game.id)
    assert info.active_roles == ["a", "b", "c"] and info.active_users == [A, B, C]

    out_a = await svc.act(game.id, A, "bid", 1)
    assert list(out_a.privates) == [A] and out_a.privates[A]["a"].private["bid"] == 1
    assert out_a.new_log == [] and out_a.public.private == {}
    assert out_a.public.board["bids_made"] == ["a"] and out_a.ping == [B, C]
    assert "bid" not in (await svc.view_for(game.id, B)).private

    out_b = await svc.act(game.id, B, "bid", 0)
    assert list(out_b.privates) == [B] and out_b.privates[B]["b"].private["bid"] == 0
    assert out_b.public.board["bids_made"] == ["a", "b"]
    assert "bid" not in (await svc.view_for(game.id, C)).private
    await refused("error.not_your_turn", svc.act(game.id, A, "bid", 0))

    out_c = await svc.act(game.id, C, "bid", 1)
    assert len(out_c.new_log) == 1
    assert out_c.new_log[0].text.startswith("Bids revealed: a=1, b=0, c=1; die ")
    assert out_c.game.active_roles == ["a"]


# -- undo ---------------------------------------------------------------------------------------

async def test_undo_takes_back_a_step_but_never_a_reveal(svc):
    game = await started(svc)
    await svc.act(game.id, A, "step")
    await svc.act(game.id, A, "step")
    await refused("error.undo_not_yours", svc.undo(game.id, B))
    outcome = await svc.undo(game.id, A)
    assert outcome.game.version == 4 and outcome.notices[0].key == "notice.undone"
    assert outcome.public.board["marker"] == {"a": 1, "b": 0}
    outcome = await svc.undo(game.id, A)
    assert outcome.public.board["marker"] == {"a": 0, "b": 0}
    await refused("error.nothing_to_undo", svc.undo(game.id, A))
    await svc.act(game.id, A, "play", (await hand(svc, game.id, A))[0])
    before = await snapshot(svc, game.id)
    await refused("error.undo_barrier", svc.undo(game.id, A))
    await refused("error.undo_barrier", svc.undo(game.id, MOD, force=True))
    assert await snapshot(svc, game.id) == before
    assert [r.kind for r in await svc.action_log(game.id)] == [
        "setup", "action", "action", "undo", "undo", "action"]
    assert (await svc.store.replay(game.id)).model_dump_json() == before[1]


async def test_moderator_force_undoes_another_players_step(svc):
    game = await started(svc)
    await svc.act(game.id, A, "step")
    outcome = await svc.undo(game.id, MOD, force=True)
    assert outcome.public.board["marker"] == {"a": 0, "b": 0}
    log = await svc.action_log(game.id)
    assert (log[-1].kind, log[-1].user_id, log[-1].payload()) == ("undo", MOD, {"seq": 2})


# -- resign, end, pause, kick, replace ----------------------------------------------------------

async def test_resign_ends_the_game_for_the_other_side(svc):
    game = await started(svc)
    await refused("error.not_seated", svc.resign(game.id, OUTSIDER))
    outcome = await svc.resign(game.id, B)
    assert outcome.finished and outcome.game.status == "finished"
    assert outcome.game.result.winners == ["a"]
    assert outcome.game.result.msg.key == "result.resigned"
    assert [n.key for n in outcome.notices] == ["notice.resigned", "notice.finished"]
    assert outcome.public.result.winners == ["a"] and outcome.public.active == []
    stored = (await snapshot(svc, game.id))[1]
    assert (await svc.store.replay(game.id)).model_dump_json() == stored


async def test_end_is_for_the_creator_or_a_moderator(svc):
    game = await started(svc)
    await refused("error.not_creator", svc.end(game.id, B, is_moderator=False))
    outcome = await svc.end(game.id, MOD, is_moderator=True)
    assert outcome.game.status == "ended" and outcome.finished
    await refused("error.game_over", svc.end(game.id, CREATOR, is_moderator=False))
    await refused("error.game_over", svc.act(game.id, A, "step"))
    lob = await lobby(svc)
    assert (await svc.end(lob.id, CREATOR, False)).public is None


async def test_pause_blocks_acting_and_resume_allows_it(svc):
    game = await started(svc)
    await refused("error.not_creator", svc.pause(game.id, B, is_moderator=False))
    outcome = await svc.pause(game.id, CREATOR, is_moderator=False)
    assert outcome.game.status == "paused" and outcome.notices[0].key == "notice.paused"
    await refused("error.paused", svc.act(game.id, A, "step"))
    await refused("error.paused", svc.pause(game.id, CREATOR, False))
    await refused("error.not_creator", svc.resume(game.id, B, False))
    assert (await svc.resume(game.id, MOD, True)).game.status == "active"
    await refused("error.not_paused", svc.resume(game.id, MOD, True))
    assert (await svc.act(game.id, A, "step")).game.version == 2


async def test_kick_pauses_until_replace_seats_someone(svc):
    game = await started(svc)
    await refused("error.not_moderator", svc.kick(game.id, CREATOR, False, B))
    await refused("error.user_not_seated", svc.kick(game.id, MOD, True, OUTSIDER))
    outcome = await svc.kick(game.id, MOD, True, B)
    assert outcome.game.status == "paused" and outcome.game.seats == {"a": A, "b": None}
    assert [n.key for n in outcome.notices] == ["notice.kicked", "notice.waiting"]
    await refused("error.paused", svc.act(game.id, A, "step"))
    await refused("error.vacant_seats", svc.resume(game.id, MOD, True))
    await refused("error.not_moderator", svc.replace(game.id, CREATOR, False, B, C))
    await refused("error.already_seated", svc.replace(game.id, MOD, True, B, A))
    outcome = await svc.replace(game.id, MOD, True, B, C)
    assert outcome.game.status == "active" and outcome.game.seats == {"a": A, "b": C}
    assert list(outcome.privates) == [C] and "hand" in outcome.privates[C]["b"].private
    await svc.act(game.id, A, "play", (await hand(svc, game.id, A))[0])
    assert (await svc.act(game.id, C, "step")).game.version == 3


async def test_replace_a_seated_player_while_the_game_goes_on(svc):
    game = await started(svc)
    outcome = await svc.replace(game.id, MOD, True, A, C)
    assert outcome.game.status == "active" and outcome.game.seats == {"a": C, "b": B}
    await refused("error.not_seated", svc.act(game.id, A, "step"))
    assert (await svc.act(game.id, C, "step")).game.version == 2


async def test_kick_in_the_lobby_frees_the_seat(svc):
    info = await lobby(svc)
    await svc.join(info.id, A)
    outcome = await svc.kick(info.id, MOD, True, A)
    assert outcome.game.status == "lobby" and outcome.game.seats == {"a": None, "b": None}


# -- settings and moderators --------------------------------------------------------------------

async def test_server_settings_and_moderators(svc):
    assert (await svc.get_settings(GUILD)).model_dump() == {
        "guild_id": GUILD, "language": "en", "moderator_role_id": None, "turn_timer": None,
        "threads": False}
    await refused("error.not_moderator", svc.set_settings(GUILD, False, language="ru"))
    await refused("error.bad_language", svc.set_settings(GUILD, True, language="de"))
    await refused("error.bad_timer", svc.set_settings(GUILD, True, turn_timer=-5))
    role = 9_100_000_000_000_000_000
    got = await svc.set_settings(GUILD, True, language="ru", moderator_role_id=role,
                                 turn_timer=3600)
    assert (got.language, got.moderator_role_id, got.turn_timer) == ("ru", role, 3600)
    assert (await svc.get_settings(GUILD)) == got
    assert await svc.is_moderator(GUILD, False, [1, role]) is True
    assert await svc.is_moderator(GUILD, False, [1, 2]) is False
    assert await svc.is_moderator(GUILD, True, []) is True
    assert (await lobby(svc)).turn_timer == 3600      # the server's default timer
    got = await svc.set_settings(GUILD, True, moderator_role_id=0, turn_timer=0)
    assert (got.language, got.moderator_role_id, got.turn_timer) == ("ru", None, None)


# -- timers -------------------------------------------------------------------------------------

async def test_turn_timer_reminds_at_half_time_and_expires_once(svc, clock):
    game = await started(svc)
    await refused("error.not_creator", svc.set_turn_timer(game.id, B, False, 60))
    await refused("error.bad_timer", svc.set_turn_timer(game.id, CREATOR, False, -1))
    assert (await svc.set_turn_timer(game.id, CREATOR, False, 60)).turn_timer == 60
    assert await svc.due_timers() == []
    clock.advance(29)
    assert await svc.due_timers() == []
    clock.advance(1)
    events = await svc.due_timers()
    assert [(e.kind, e.game.id, e.roles, e.users) for e in events] == [
        ("reminder", game.id, ["a"], [A])]
    assert events[0].msg.key == "notice.timer_reminder" and events[0].msg.args["left"] == 30
    assert await svc.due_timers() == []
    await svc.act(game.id, A, "step")       # same active role: the clock keeps running
    clock.advance(30)
    events = await svc.due_timers()
    assert [(e.kind, e.roles, e.users) for e in events] == [("expired", ["a"], [A])]
    assert await svc.due_timers() == []
    await svc.act(game.id, A, "play", (await hand(svc, game.id, A))[0])  # the turn passes
    clock.advance(30)
    assert [(e.kind, e.users) for e in await svc.due_timers()] == [("reminder", [B])]
    await svc.pause(game.id, CREATOR, False)
    clock.advance(100)
    assert await svc.due_timers() == []
    await svc.resume(game.id, CREATOR, False)     # the turn clock restarts on resume
    clock.advance(61)
    assert [e.kind for e in await svc.due_timers()] == ["reminder", "expired"]


async def test_no_timer_no_events(svc, clock):
    await started(svc)
    clock.advance(10**6)
    assert await svc.due_timers() == []


# -- reading ------------------------------------------------------------------------------------

async def test_views_and_log_lines_respect_secrecy(svc):
    game = await started(svc)
    card = (await hand(svc, game.id, A))[0]
    await svc.act(game.id, A, "play", card)
    mine = [line.text for line in await svc.log_lines(game.id, A)]
    theirs = [line.text for line in await svc.log_lines(game.id, B)]
    public = [line.text for line in await svc.log_lines(game.id, OUTSIDER)]
    assert mine[0] == f"a plays {card}" and mine[1].startswith("You draw ")
    assert theirs == public == [f"a plays {card}"]
    assert [line.text for line in await svc.log_lines(game.id, A, last=1)] == mine[1:]
    spectator = await svc.view_for(game.id, OUTSIDER)
    assert spectator.role is None and spectator.private == {}
    assert list(await svc.views_for(game.id, B)) == ["b"]
    assert await svc.views_for(game.id, OUTSIDER) == {}
    await refused("error.not_started", svc.view_for((await lobby(svc)).id, A))


async def test_hot_seat_user_holds_every_role(svc):
    info = await lobby(svc, allow_multiple_seats=True)
    await svc.join(info.id, A)
    await svc.join(info.id, A)
    await svc.start(info.id, A)
    assert set(await svc.views_for(info.id, A)) == {"a", "b"}
    await svc.act(info.id, A, "play", (await hand(svc, info.id, A))[0])
    view = await svc.view_for(info.id, A)
    assert view.role == "b"                     # the active one of the user's roles
    assert (await svc.act(info.id, A, "step")).public.board["marker"] == {"a": 0, "b": 1}


async def test_list_games_by_guild_and_channel(svc):
    one = await lobby(svc)
    two = await svc.create_game(GUILD, 5, A, "toy", "duel", seed=1)
    await svc.create_game(42, 5, A, "toy", "duel", seed=1)
    assert [g.id for g in await svc.list_games(GUILD)] == [one.id, two.id]
    assert [g.id for g in await svc.list_games(GUILD, channel_id=5)] == [two.id]


async def test_board_message_and_closed_dm_notices(svc):
    game = await started(svc)
    await svc.set_board_message(game.id, 1_200_000_000_000_000_000)
    assert (await svc.status(game.id)).board_message_id == 1_200_000_000_000_000_000
    assert await svc.note_dm_closed(game.id, B) is True
    assert await svc.note_dm_closed(game.id, B) is False
    await svc.note_dm_open(game.id, B)
    assert await svc.note_dm_closed(game.id, B) is True


def test_every_raised_key_has_english_text():
    import ast
    import pathlib

    import bot.service as service
    tree = ast.parse(pathlib.Path(service.__file__).read_text(encoding="utf-8"))
    keys = {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and node.args
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
            and getattr(node.func, "id", "") in ("ServiceError", "service_msg")}
    assert keys and keys <= set(SERVICE_TEXTS_EN)
    err = ServiceError("error.stale", version=4)
    assert str(err) == SERVICE_TEXTS_EN["error.stale"].format(version=4)
    assert err.msg.key == "error.stale" and err.msg.args == {"version": 4}


# -- durability and concurrency over a database file --------------------------------------------

async def test_a_new_service_over_the_same_file_continues_the_game(db_url):
    first = await fresh_store(db_url)
    svc = TableService(first)
    game = await started(svc)
    await svc.act(game.id, A, "step")
    state = (await snapshot(svc, game.id))[1]
    await first.close()

    second = Store(db_url)
    await second.init()
    try:
        again = TableService(second)
        info = await again.status(game.id)
        assert (info.status, info.version, info.seats) == ("active", 2, {"a": A, "b": B})
        assert (await snapshot(again, game.id))[1] == state
        outcome = await again.act(game.id, A, "step", expected_version=2)
        assert outcome.public.board["marker"] == {"a": 2, "b": 0}
        assert (await second.replay(game.id)).model_dump_json() == (
            await snapshot(again, game.id))[1]
    finally:
        await second.close()


async def test_two_services_over_one_file_apply_one_of_two_concurrent_acts(db_url):
    store1 = await fresh_store(db_url)
    store2 = Store(db_url)
    await store2.init()
    try:
        svc1, svc2 = TableService(store1), TableService(store2)
        game = await started(svc1)
        await svc2.status(game.id)           # both have read the game at version 1
        for _ in range(2):
            version = (await svc1.status(game.id)).version
            results = await asyncio.gather(
                svc1.act(game.id, A, "step", expected_version=version),
                svc2.act(game.id, A, "step", expected_version=version),
                return_exceptions=True)
            kinds = sorted(type(r).__name__ for r in results)
            assert kinds == ["Outcome", "ServiceError"], results
            assert [r.key for r in results if isinstance(r, ServiceError)] == ["error.stale"]
            assert (await svc2.status(game.id)).version == version + 1
        assert (await svc1.view_for(game.id, A)).board["marker"] == {"a": 2, "b": 0}
        # a service that keeps no recent reads sees the other's move at once
        fresh = TableService(store2, read_ttl=0)
        version = (await fresh.status(game.id)).version
        await svc1.act(game.id, A, "step", expected_version=version)
        assert (await fresh.status(game.id)).version == version + 1
        await svc1.undo(game.id, A)
        # without an expected version the later act is judged on the new position, where the
        # marker is at its end (3) and "step" is no longer listed
        results = await asyncio.gather(svc1.act(game.id, A, "step"), svc2.act(game.id, A, "step"),
                                       return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["Outcome", "ServiceError"]
        assert [r.key for r in results if isinstance(r, ServiceError)] in (
            [["error.stale"], ["error.illegal"]])
        assert (await svc2.view_for(game.id, A)).board["marker"] == {"a": 3, "b": 0}
        assert (await store1.replay(game.id)).model_dump_json() == (
            await snapshot(svc1, game.id))[1]
    finally:
        await store1.close()
        await store2.close()
