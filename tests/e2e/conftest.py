"""Fixtures of the end-to-end tests: the fake Discord (``fake``), the real bot process
(``bot``: ``python -m bot`` pointed at the fake), and a reader of the bot's database
(``oracle``) that tells what the players may choose, without acting.

Every process is killed in teardown, every wait has a timeout, and the bot's log is checked for
the token.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import SQLModel

from bot.service import GameInfo, TableService
from bot.store import TABLES, Store
from games.core import View
from tests.e2e.fake_discord import FakeDiscord, WaitTimeout

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.e2e-fake.do-not-log-this-token"
SQLITE = "sqlite+aiosqlite:///"
START_TIMEOUT = 60.0
STOP_TIMEOUT = 10.0
# The bot's own environment, which the tests set: anything of the same name around them is
# dropped (a developer's .env or DATABASE_URL must not leak into the bot under test).
OWN_SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEFAULT_LANGUAGE",
                "LOG_LEVEL", "DISCORD_GUILD_IDS", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL")


def _die_with_parent() -> None:
    """In the child: should the test process die without its teardown, take the bot along
    (Linux; elsewhere the teardown alone kills it)."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass


class BotProcess:
    """``python -m bot`` in a subprocess, against the fake; its output goes to a log file."""

    def __init__(self, fake: FakeDiscord, workdir: Path, database_url: str,
                 log_level: str = "INFO", **settings: str) -> None:
        self.fake = fake
        self.workdir = workdir
        self.database_url = database_url
        self.log_level = log_level
        self.settings = settings
        self.proc: asyncio.subprocess.Process | None = None
        self.logs: list[Path] = []

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in OWN_SETTINGS}
        if self.database_url.startswith(SQLITE):
            env["DATABASE_PATH"] = self.database_url[len(SQLITE):]   # as a deployment sets it
        else:
            env["DATABASE_URL"] = self.database_url
        env.update(
            DISCORD_TOKEN=TOKEN,
            DISCORD_API_BASE=self.fake.api_base, DISCORD_GATEWAY_URL=self.fake.gateway_url,
            LOG_LEVEL=self.log_level, PYTHONUNBUFFERED="1",
            PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])))
        env.update(self.settings)
        return env

    async def start(self) -> None:
        """Start the bot and wait until it is connected and its commands are synced."""
        assert self.proc is None or self.proc.returncode is not None, "already running"
        self.fake.ready.clear()
        log = self.workdir / f"bot-{len(self.logs) + 1}.log"
        self.logs.append(log)
        with log.open("wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.workdir, env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=asyncio.subprocess.STDOUT,
                preexec_fn=_die_with_parent)
        ready = asyncio.ensure_future(self.fake.ready.wait())
        exited = asyncio.ensure_future(self.proc.wait())
        try:
            done, _ = await asyncio.wait({ready, exited}, timeout=START_TIMEOUT,
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            ready.cancel()
            exited.cancel()
        if exited in done or self.proc.returncode is not None:
            raise AssertionError(f"the bot exited ({self.proc.returncode}):\n{self.log_text()}")
        if ready not in done:
            raise WaitTimeout(f"the bot was not ready in {START_TIMEOUT:.0f} s:\n"
                              f"{self.log_text()[-3000:]}")

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def kill(self) -> None:
        """SIGKILL: no goodbye, no cleanup, as when the machine dies."""
        if self.running:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)
            await asyncio.wait_for(self.proc.wait(), STOP_TIMEOUT)

    async def stop(self) -> None:
        if not self.running:
            return
        assert self.proc is not None
        self.proc.terminate()
        try:
            await asyncio.wait_for(self.proc.wait(), STOP_TIMEOUT)
        except TimeoutError:
            await self.kill()

    async def restart(self) -> None:
        await self.kill()
        await self.start()

    def log_text(self) -> str:
        return "\n".join(p.read_text(errors="replace") for p in self.logs if p.exists())


class Oracle:
    """Reads the bot's database the way the table service does (never writes): what each
    player's View offers now. Tests choose moves with it and make them through Discord."""

    def __init__(self, url: str) -> None:
        self.service = TableService(Store(url), read_ttl=0, tune_collector=False)

    async def status(self, game: int) -> GameInfo:
        return await self.service.status(game)

    async def view(self, game: int, user: int, role: str) -> View:
        return (await self.service.views_for(game, user))[role]

    async def privates(self, game: int, users: list[int]) -> dict[int, Any]:
        out = {}
        for user in users:
            views = await self.service.views_for(game, user)
            out[user] = {role: view.private for role, view in views.items()}
        return out

    async def actions(self, game: int) -> list[Any]:
        return [r for r in await self.service.store.log(game) if r.kind == "action"]

    async def close(self) -> None:
        await self.service.store.close()


async def empty_database(url: str) -> None:
    store = Store(url)
    try:
        async with store.engine.begin() as conn:
            await conn.run_sync(lambda sync: SQLModel.metadata.drop_all(sync, tables=TABLES))
            await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    finally:
        await store.close()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(TOKEN)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path, database_url: str
              ) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, tmp_path, database_url)
    try:
        await process.start()
        yield process
    finally:
        await process.kill()
    logs = process.log_text()
    assert TOKEN not in logs, "the token was written to the log"
    assert TOKEN.split(".")[-1] not in logs
    assert "Traceback" not in logs, logs[-4000:]
    assert fake.unknown_routes == [], fake.unknown_routes


@pytest.fixture
async def oracle(bot: BotProcess, database_url: str) -> AsyncIterator[Oracle]:
    reader = Oracle(database_url)
    try:
        yield reader
    finally:
        await reader.close()
