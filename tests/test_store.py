"""bot/store.py and bot/settings.py: tables, versioned writes, the log and its replay."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import ValidationError

from bot.settings import Settings, get_settings
from bot.store import (
    GameRow,
    LogRow,
    ServerSettingsRow,
    StaleVersion,
    Store,
    UnknownGame,
    live_actions,
    replay_from,
    replay_log,
)
from games import registry
from games.core import Action
from tests.test_service import OTHER_DATABASE, fresh_store

BIG = 1_234_567_890_123_456_789   # Discord ids need 64 bits


@pytest.fixture(params=["sqlite-memory"] + (["other"] if OTHER_DATABASE else []))
async def store(request):
    s = await fresh_store("sqlite+aiosqlite:///:memory:" if request.param == "sqlite-memory"
                          else OTHER_DATABASE)
    yield s
    await s.close()


def toy_game(**kw) -> GameRow:
    values = dict(guild_id=BIG, channel_id=BIG + 1, creator_id=BIG + 2, title="toy",
                  scenario="duel", seed=5, roles='["a", "b"]')
    values.update(kw)
    return GameRow(**values)


async def new_game(store: Store) -> int:
    """A started toy game written straight through the store (setup row, state, version 1)."""
    rules = registry.get("toy")
    async with store.write() as tx:
        game_id = await tx.insert_game(toy_game(), ["a", "b"])
        await tx.update_game(game_id, {"status": "active", "version": 1}, version=0)
        seq = await tx.append(game_id, "setup", want_seq=True,
                              arg={"seed": 5, "scenario": "duel", "scenario_doc": None,
                                   "options": {}})
        await tx.put_state(game_id, 1, rules.setup(5, "duel", {}).model_dump_json(), seq)
    return game_id


async def act(store: Store, game_id: int, version: int, role: str, verb: str, arg=None) -> None:
    rules = registry.get("toy")
    state = rules.load_state((await store.state_json(game_id))[1])
    new = rules.act(state, role, Action(verb=verb, arg=arg))
    async with store.write() as tx:
        await tx.update_game(game_id, {"version": version + 1}, version=version)
        await tx.append(game_id, "action", role=role, user_id=BIG, verb=verb, arg=arg)
        await tx.put_state(game_id, version + 1, new.model_dump_json())


async def test_tables_keep_discord_sized_ids(store):
    game_id = await new_game(store)
    loaded = await store.load(game_id)
    assert (loaded.game.guild_id, loaded.game.channel_id, loaded.game.creator_id) == (
        BIG, BIG + 1, BIG + 2)
    assert [(s.role, s.user_id) for s in loaded.seats] == [("a", None), ("b", None)]
    assert loaded.state_version == 1 and loaded.state.startswith("{")
    async with store.write() as tx:
        assert await tx.set_seat(game_id, "a", BIG + 3, user_id=None) is True
        assert await tx.set_seat(game_id, "a", BIG + 4, user_id=None) is False
        await tx.put_settings(ServerSettingsRow(guild_id=BIG, language="ru",
                                                moderator_role_id=BIG + 5, turn_timer=600))
    assert [s.user_id for s in (await store.load(game_id)).seats] == [BIG + 3, None]
    got = await store.get_settings(BIG)
    assert (got.language, got.moderator_role_id, got.turn_timer) == ("ru", BIG + 5, 600)
    assert await store.get_settings(1) is None
    with pytest.raises(UnknownGame):
        await store.load(404)


async def test_a_write_on_a_stale_version_is_refused_and_rolled_back(store):
    game_id = await new_game(store)
    await act(store, game_id, 1, "a", "step")
    with pytest.raises(StaleVersion):
        async with store.write() as tx:
            await tx.append(game_id, "action", role="a", verb="step")
            await tx.update_game(game_id, {"version": 2}, version=1)
    assert [(r.seq, r.kind) for r in await store.log(game_id)] == [(1, "setup"), (2, "action")]
    assert (await store.load(game_id)).game.version == 2


@pytest.mark.parametrize("where", ["sqlite-file"] + (["other"] if OTHER_DATABASE else []))
async def test_concurrent_writes_from_two_stores_apply_once(tmp_path, where):
    url = OTHER_DATABASE if where == "other" else f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    one = await fresh_store(url)
    two = Store(url)
    await two.init()
    try:
        game_id = await new_game(one)

        async def bump(store: Store, who: int) -> int:
            async with store.write() as tx:
                await tx.update_game(game_id, {"version": 2}, version=1)
                await asyncio.sleep(0.01)     # hold the transaction open a moment
                await tx.append(game_id, "action", role="a", user_id=who, verb="step")
            return who

        results = await asyncio.gather(bump(one, 1), bump(two, 2), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
        winner = next(r for r in results if isinstance(r, int))
        log = await two.log(game_id)
        assert [(r.kind, r.user_id) for r in log] == [("setup", None), ("action", winner)]
    finally:
        await one.close()
        await two.close()


async def test_replay_rebuilds_the_stored_state(store):
    game_id = await new_game(store)
    await act(store, game_id, 1, "a", "step")
    rules = registry.get("toy")
    card = rules.load_state((await store.state_json(game_id))[1]).hands["a"][0]
    await act(store, game_id, 2, "a", "play", card)
    await act(store, game_id, 3, "b", "step")
    assert (await store.replay(game_id)).model_dump_json() == (await store.state_json(game_id))[1]
    with pytest.raises(UnknownGame):
        await store.replay(404)


def test_replay_honours_undo_and_resign_rows():
    def row(seq, kind, role=None, verb=None, arg=None):
        import json
        return LogRow(game_id=1, seq=seq, kind=kind, role=role, verb=verb,
                      arg=None if arg is None else json.dumps(arg))

    log = [row(1, "setup", arg={"seed": 5, "scenario": "duel", "options": {}}),
           row(2, "action", "a", "step"), row(3, "action", "a", "step"),
           row(4, "undo", "a", arg={"seq": 3}), row(5, "pause"),
           row(6, "resign", "b", arg={"roles": ["b"], "names": {"b": "Blue"}})]
    assert [r.seq for r in live_actions(log)] == [1, 2, 6]
    state = replay_log("toy", log)
    assert state.marker == {"a": 1, "b": 0} and state.step == 1
    assert state.result.winners == ["a"] and state.result.msg.args["roles"] == "Blue"
    with pytest.raises(ValueError):
        replay_log("toy", log[1:])


def test_replay_from_a_checkpoint_equals_replay_from_the_setup():
    import json

    rules = registry.get("toy")
    state = rules.setup(5, "duel", {})
    log = [LogRow(game_id=1, seq=1, kind="setup",
                  arg=json.dumps({"seed": 5, "scenario": "duel", "options": {}}))]
    checkpoint = (1, state.model_dump_json())
    for seq, (role, verb) in enumerate([("a", "play"), ("b", "step"), ("b", "step")], start=2):
        arg = state.hands[role][0] if verb == "play" else None
        state = rules.act(state, role, Action(verb=verb, arg=arg))
        log.append(LogRow(game_id=1, seq=seq, kind="action", role=role, verb=verb,
                          arg=json.dumps(arg)))
        if state.step <= state.barrier:
            checkpoint = (seq, state.model_dump_json())
    assert checkpoint[0] == 2
    tail = [row for row in log if row.seq > checkpoint[0]]
    assert replay_from("toy", checkpoint[1], tail).model_dump_json() == state.model_dump_json()
    assert replay_log("toy", log).model_dump_json() == state.model_dump_json()


async def test_the_store_keeps_the_latest_checkpoint(store):
    game_id = await new_game(store)
    assert (await store.checkpoint(game_id))[0] == 1
    async with store.write() as tx:
        await tx.update_game(game_id, {"version": 2}, version=1)
        seq = await tx.append(game_id, "action", role="a", verb="step", want_seq=True)
        await tx.put_state(game_id, 2, '{"x": 1}', checkpoint_seq=seq)
    assert await store.checkpoint(game_id) == (2, '{"x": 1}')
    assert [r.seq for r in await store.log(game_id, after_seq=1)] == [2]


def test_settings_from_the_environment(monkeypatch):
    for name in ("DATABASE_URL", "DATABASE_PATH", "DEFAULT_LANGUAGE", "LOG_LEVEL",
                 "DISCORD_TOKEN", "DISCORD_GUILD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir("/")  # no .env here
    s = get_settings()
    assert s.DATABASE_URL == "sqlite+aiosqlite:///ancient-tables.db"
    assert (s.DEFAULT_LANGUAGE, s.LOG_LEVEL, s.DISCORD_TOKEN) == ("en", "INFO", None)
    monkeypatch.setenv("DATABASE_PATH", "/data/t.db")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DEFAULT_LANGUAGE", "ru")
    s = get_settings()
    assert (s.DATABASE_URL, s.LOG_LEVEL, s.DEFAULT_LANGUAGE) == (
        "sqlite+aiosqlite:////data/t.db", "DEBUG", "ru")
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://u:p@db/tables")
    assert get_settings().DATABASE_URL == "postgresql+asyncpg://u:p@db/tables"
    with pytest.raises(ValidationError):
        Settings(DEFAULT_LANGUAGE="de")
