"""The discord.py client: intents, cogs, persistent components, the command tree."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.cogs import Table, add_cogs
from bot.cogs.computer import DEFAULT_PACE
from bot.cogs.pictures import prepare_pictures as draw_backgrounds
from bot.i18n import CommandTranslator
from bot.service import TableService
from bot.settings import shard_plan

log = logging.getLogger(__name__)


def use_endpoints(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py at another Discord (a local fake in tests). Only when given: a normal
    run keeps discord.py's own endpoints."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def guild_ids(value: Any) -> list[int]:
    """Guild ids from a setting: a list, or text with ids separated by commas or spaces."""
    if not value:
        return []
    items = value if isinstance(value, list | tuple | set) else str(value).replace(",", " ").split()
    return [int(v) for v in items if str(v).strip().isdigit()]


class TableBot(commands.Bot):
    """Slash commands only: no message content, no privileged intents."""

    def __init__(self, service: TableService, *, default_language: str = "en",
                 sync_guilds: list[int] | None = None, timers: bool = True,
                 computer_pace: float = DEFAULT_PACE, computer_processes: bool = True,
                 prepare_pictures: bool = False, **options: Any) -> None:
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents.default(), help_command=None, **options)
        self.service = service
        self.table = Table(service, self, default_language)
        self.table.computers.pace = computer_pace
        self.table.computers.processes = computer_processes
        # the titles' static pictures drawn ahead of time, in a worker thread (a running bot)
        self.prepare_pictures = prepare_pictures
        self._preparing: asyncio.Task[None] | None = None
        self.sync_guilds = list(sync_guilds or [])
        self.timers = timers
        self._synced = False

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CommandTranslator())
        await add_cogs(self, self.table, timers=self.timers)
        if self.prepare_pictures:
            self._preparing = asyncio.get_running_loop().create_task(draw_backgrounds())

    async def close(self) -> None:
        self.table.computers.close()
        await super().close()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.table.on_unknown_component(interaction)

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d servers", self.user,
                 getattr(self.user, "id", "?"), len(self.guilds))
        if self._synced:
            return
        self._synced = True
        try:
            behind = await self.table.catch_up()
            if behind:
                log.info("brought the channels of %d games up to date", behind)
        except Exception:
            log.exception("bringing the games' channels up to date failed")
        try:
            if self.sync_guilds:
                for gid in self.sync_guilds:
                    guild = discord.Object(id=gid)
                    self.tree.copy_global_to(guild=guild)
                    await self.tree.sync(guild=guild)
                log.info("commands synced to %d servers", len(self.sync_guilds))
            else:
                synced = await self.tree.sync()
                log.info("%d commands synced globally", len(synced))
        except discord.HTTPException:
            log.exception("syncing the slash commands failed")


class ShardedTableBot(TableBot, commands.AutoShardedBot):
    """The same bot over several gateway connections (shards): Discord asks for them from 2,500
    servers on. Each server's events come through one shard; the games of every shard are in
    the one database the processes share."""


def make_bot(service: TableService, shards: str | None = None, **kwargs: Any) -> TableBot:
    """A TableBot, sharded as ``shards`` says (see ``shard_plan``)."""
    plan = shard_plan(shards)
    if plan is None:
        return TableBot(service, **kwargs)
    count, ids = plan
    return ShardedTableBot(service, shard_count=count, shard_ids=ids, **kwargs)
