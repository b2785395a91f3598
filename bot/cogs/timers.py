"""The turn-timer loop: reminders at half time, and expiry notices for the moderators."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

from bot.cogs import present
from bot.cogs.table import Table
from bot.dm import patiently
from bot.i18n import tr_msg

log = logging.getLogger(__name__)

TICK_SECONDS = 30


class TimerCog(commands.Cog):
    def __init__(self, table: Table) -> None:
        self.table = table

    async def cog_load(self) -> None:
        self.timer_loop.start()

    async def cog_unload(self) -> None:
        self.timer_loop.cancel()

    @tasks.loop(seconds=TICK_SECONDS)
    async def timer_loop(self) -> None:
        try:
            await self.tick()
        except Exception:
            log.exception("turn timer tick failed")

    @timer_loop.before_loop
    async def _wait_until_ready(self) -> None:
        await self.table.client.wait_until_ready()

    async def tick(self, now: object = None) -> int:
        """Post the reminders and expiries that are due; returns how many were posted."""
        events = await self.table.service.due_timers(now) if now is not None \
            else await self.table.service.due_timers()
        for event in events:
            info = event.game
            lang = await self.table.guild_lang(info.guild_id)
            text = tr_msg(event.msg, lang, info.title)
            users = list(event.users)
            roles: list[int] = []
            if event.kind == "expired":
                settings = await self.table.service.get_settings(info.guild_id)
                if settings.moderator_role_id:
                    roles.append(settings.moderator_role_id)
                    text += f" <@&{settings.moderator_role_id}>"
            mentions = " ".join(present.mention(u) for u in users)
            content = f"⏰ {text}" + (f"\n{mentions}" if mentions else "")
            channel = self.table.channel_for(info)
            mentions_allowed = discord.AllowedMentions(
                everyone=False, users=[discord.Object(id=u) for u in users],
                roles=[discord.Object(id=r) for r in roles])
            try:
                await patiently(lambda c=channel, t=content, m=mentions_allowed: c.send(
                    content=t, allowed_mentions=m))
            except discord.HTTPException as exc:
                log.warning("cannot post the timer notice of game %s: %s", info.id, exc)
        return len(events)
