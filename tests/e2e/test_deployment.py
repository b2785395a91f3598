"""A larger deployment: the bot sharded (AutoShardedBot, DISCORD_SHARDS=auto) over PostgreSQL
(the database of TEST_DATABASE_URL; SQLite when it is not set), killed and restarted."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.core import Rng
from tests.e2e.conftest import TOKEN, BotProcess, Oracle, empty_database
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.players import Table, check_board_post, presses

OTHER_DATABASE = os.environ.get("TEST_DATABASE_URL")


@pytest.fixture
async def shared_database(tmp_path: Path) -> AsyncIterator[str]:
    if OTHER_DATABASE:
        await empty_database(OTHER_DATABASE)
        yield OTHER_DATABASE
        await empty_database(OTHER_DATABASE)
    else:
        yield f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}"


async def test_a_sharded_bot_over_the_shared_database_survives_a_restart(
        fake: FakeDiscord, tmp_path: Path, shared_database: str):
    process = BotProcess(fake, tmp_path, shared_database, DISCORD_SHARDS="auto")
    oracle = Oracle(shared_database)
    try:
        await process.start()
        # the shard count and the gateway came from GET /gateway/bot
        assert any(path == "/gateway/bot" for _, _, path, _ in fake.requests)
        assert fake.shards == [[0, 1]]
        table = await Table.open(fake, oracle)
        chooser = Rng.from_seed(2)
        for _ in range(3):
            await table.move(chooser)
        await process.kill()
        await process.start()
        assert fake.shards == [[0, 1], [0, 1]]
        for _ in range(2):
            await table.move(chooser)
        await fake.drop_gateway()
        await table.move(chooser)
        await fake.until(lambda: fake.resumes >= 1, "a resume")
        await table.settled()
        post = await table.post()
        check_board_post(post)
        assert {p.version for _, p in presses(post)} == {await table.version()}
        assert await table.actions() == 6
        stored = await oracle.service.store.state_json(table.game)
        assert (await oracle.service.store.replay(table.game)).model_dump_json() == stored[1]
    finally:
        await process.kill()
        await oracle.close()
    logs = process.log_text()
    assert TOKEN not in logs and "Traceback" not in logs, logs[-3000:]
    if OTHER_DATABASE:
        assert "PostgresqlImpl" in logs      # the migrations ran on PostgreSQL
