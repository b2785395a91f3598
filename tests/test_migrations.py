"""bot/migrations: the schema migrations of the store (alembic).

An empty database migrated to head has exactly the tables of ``bot/store.py``; a database made
before there were migrations (``create_all``) is the same schema, so it is stamped with the first
revision and upgraded in place, its games kept. Run on a SQLite file, and on the database of
``TEST_DATABASE_URL`` (PostgreSQL on CI) when it is set.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import main as alembic_main
from alembic.migration import MigrationContext
from sqlalchemy import MetaData, Table, insert, inspect, text
from sqlmodel import SQLModel

from bot.store import (
    BASELINE,
    METADATA,
    TABLE_NAMES,
    TABLES,
    GameRow,
    Store,
    alembic_config,
    migration_scripts,
    schema_revision,
)
from tests.test_service import OTHER_DATABASE

ROOT = Path(__file__).resolve().parent.parent
HEAD = migration_scripts().get_current_head()


@pytest.fixture(params=["sqlite-file"] + (["other"] if OTHER_DATABASE else []))
def url(request, tmp_path) -> str:
    if request.param == "other":
        return OTHER_DATABASE
    return f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}"


async def empty(url: str) -> Store:
    """A store over ``url`` with none of the store's tables (nothing else is touched)."""
    store = Store(url)
    async with store.engine.begin() as conn:
        await conn.run_sync(lambda sync: SQLModel.metadata.drop_all(sync, tables=TABLES))
        await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    return store


def differences(sync: Any) -> list:
    context = MigrationContext.configure(sync, opts={
        "compare_type": True, "include_name": lambda name, type_, _parents: (
            type_ != "table" or name in TABLE_NAMES)})
    return compare_metadata(context, METADATA)


def schema(sync: Any) -> dict[str, Any]:
    """What the database says of the store's tables: columns (type, null, default), keys,
    indexes, unique constraints."""
    inspector = inspect(sync)
    out: dict[str, Any] = {}
    for table in sorted(TABLE_NAMES):
        out[table] = {
            "columns": [(c["name"], str(c["type"]), c["nullable"], c.get("default"))
                        for c in inspector.get_columns(table)],
            "primary": inspector.get_pk_constraint(table)["constrained_columns"],
            "foreign": sorted((tuple(f["constrained_columns"]), f["referred_table"],
                               tuple(f["referred_columns"]))
                              for f in inspector.get_foreign_keys(table)),
            "indexes": sorted((i["name"], tuple(i["column_names"]), bool(i["unique"]))
                              for i in inspector.get_indexes(table)),
            "unique": sorted((u["name"], tuple(u["column_names"]))
                             for u in inspector.get_unique_constraints(table)),
        }
    return out


async def test_an_empty_database_migrates_to_exactly_the_tables_of_the_store(url):
    store = await empty(url)
    try:
        await store.init()
        async with store.engine.connect() as conn:
            assert await conn.run_sync(schema_revision) == HEAD
            assert await conn.run_sync(differences) == []
        await store.init()       # at head already: nothing to do, nothing changes
        async with store.engine.connect() as conn:
            assert await conn.run_sync(schema_revision) == HEAD
    finally:
        await store.close()


async def test_create_all_and_the_migrations_make_the_same_schema(url):
    store = await empty(url)
    try:
        async with store.engine.begin() as conn:
            await conn.run_sync(lambda sync: SQLModel.metadata.create_all(sync, tables=TABLES))
        async with store.engine.connect() as conn:
            made_by_models = await conn.run_sync(schema)
        store = await empty(url)
        await store.init()
        async with store.engine.connect() as conn:
            migrated = await conn.run_sync(schema)
        assert migrated == made_by_models
    finally:
        await store.close()


async def test_a_database_from_before_the_migrations_is_upgraded_in_place(url):
    """No alembic_version table (the first revision's tables, made by ``create_all`` before
    there were migrations): stamped with the first revision, then upgraded; the games stay."""
    store = await empty(url)
    try:
        def old_tables_with_a_game(sync: Any) -> None:
            command.upgrade(alembic_config(sync), BASELINE)
            sync.execute(text("DROP TABLE alembic_version"))
            meta = MetaData()
            games = Table("games", meta, autoload_with=sync)
            seats = Table("seats", meta, autoload_with=sync)
            row = GameRow(guild_id=1, channel_id=2, creator_id=3, title="toy", scenario="duel",
                          seed=5, roles='["a", "b"]').model_dump(exclude={"id"})
            new_id = sync.execute(insert(games).values(
                **{k: v for k, v in row.items() if k in games.c})).inserted_primary_key[0]
            for role in ("a", "b"):
                sync.execute(insert(seats).values(game_id=new_id, role=role))
            games_made.append(new_id)

        games_made: list[int] = []
        async with store.engine.begin() as conn:
            await conn.run_sync(old_tables_with_a_game)
        game_id = games_made[0]
        await store.init()
        async with store.engine.connect() as conn:
            assert await conn.run_sync(schema_revision) == HEAD
            assert await conn.run_sync(differences) == []
        loaded = await store.load(game_id)
        assert (loaded.game.title, [s.role for s in loaded.seats]) == ("toy", ["a", "b"])
        assert (loaded.game.table_memo, loaded.game.thread_id) == ("{}", None)
    finally:
        await store.close()


async def test_downgrade_to_base_and_up_again(url):
    store = await empty(url)
    try:
        await store.init()
        async with store.engine.begin() as conn:
            await conn.run_sync(lambda sync: command.downgrade(alembic_config(sync), "base"))
        async with store.engine.connect() as conn:
            names = set(await conn.run_sync(lambda sync: inspect(sync).get_table_names()))
            assert not names & TABLE_NAMES
            assert await conn.run_sync(schema_revision) is None
        async with store.engine.begin() as conn:
            await conn.run_sync(lambda sync: command.upgrade(alembic_config(sync), "head"))
        async with store.engine.connect() as conn:
            assert await conn.run_sync(differences) == []
    finally:
        await store.close()


def test_the_first_revision_is_the_baseline_and_the_chain_has_one_head():
    scripts = migration_scripts()
    assert len(scripts.get_heads()) == 1
    assert scripts.get_base() == BASELINE


def test_the_alembic_command_line_of_a_checkout(tmp_path, monkeypatch):
    """``alembic upgrade head`` with the checkout's alembic.ini migrates DATABASE_URL, and
    ``--sql`` prints the DDL without a database."""
    monkeypatch.chdir(ROOT)
    database = tmp_path / "cli.db"
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{database}")
    alembic_main(["-c", str(ROOT / "alembic.ini"), "-q", "upgrade", "head"])
    import sqlite3

    with contextlib.closing(sqlite3.connect(database)) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert TABLE_NAMES <= tables
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://nobody@127.0.0.1/none")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        alembic_main(["-c", str(ROOT / "alembic.ini"), "-q", "upgrade", "head", "--sql"])
    sql = out.getvalue()
    assert "CREATE TABLE games" in sql and "CREATE TABLE alembic_version" in sql


def test_on_ci_these_tests_run_on_postgresql_too():
    """.ci/run starts a PostgreSQL server and sets TEST_DATABASE_URL; without it the PostgreSQL
    half of the store tests would be skipped without a word."""
    if os.environ.get("CI") != "true":
        pytest.skip("only on CI")
    assert OTHER_DATABASE and OTHER_DATABASE.startswith("postgresql"), OTHER_DATABASE


async def test_records_are_filled_in_from_the_games_finished_before(url):
    """Revision 0003 gives every seat of the games already finished its record."""
    store = await empty(url)
    try:
        def old_finished_game(sync: Any) -> None:
            command.upgrade(alembic_config(sync), "0002")
            meta = MetaData()
            games = Table("games", meta, autoload_with=sync)
            seats = Table("seats", meta, autoload_with=sync)
            row = GameRow(guild_id=1, channel_id=2, creator_id=3, title="toy", scenario="duel",
                          seed=5, roles='["a", "b"]', status="finished",
                          result='{"winners": ["b"], "draw": false, "reason": "b reached 12"}'
                          ).model_dump(exclude={"id"})
            new_id = sync.execute(insert(games).values(
                **{k: v for k, v in row.items() if k in games.c})).inserted_primary_key[0]
            for role, user in (("a", 7), ("b", 8)):
                sync.execute(insert(seats).values(game_id=new_id, role=role, user_id=user))

        async with store.engine.begin() as conn:
            await conn.run_sync(old_finished_game)
        await store.init()
        records = await store.records(1)
        assert sorted((r.user_id, r.role, r.outcome, r.title) for r in records) == [
            (7, "a", "lost", "toy"), (8, "b", "won", "toy")]
    finally:
        await store.close()
