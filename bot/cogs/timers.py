"""The turn-timer loop: reminders at half time, and expiry notices for the moderators; the
note in a negotiation's thread when its five minutes are up."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

from bot.cogs import present
from bot.cogs.table import Table
from bot.dm import Delivery, patiently, send_dm
from bot.i18n import t, tr_msg
from bot.service import TimerEvent

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
        """Send the reminders and expiries that are due; returns how many there were.

        A reminder goes to the waited-for players by DM (the channel already pinged them for
        this wait). An expiry is posted in the game's channel for the moderators, with buttons
        for the other players: more time, or end the game as abandoned."""
        events = await self.table.service.due_timers(now) if now is not None \
            else await self.table.service.due_timers()
        for event in events:
            info = event.game
            try:
                if event.kind == "reminder":
                    await self.remind(event)
                else:
                    await self.expired(event)
            except discord.HTTPException as exc:
                log.warning("cannot send the timer notice of game %s: %s", info.id, exc)
        try:
            await self.table.negotiations.remind_due()    # the five minutes of §4.3.1
        except Exception:
            log.exception("the negotiations' reminders failed")
        return len(events)

    async def remind(self, event: TimerEvent) -> None:
        info = event.game
        for user in event.users:
            lang = await self.table.lang_of_user(user, info.guild_id)
            text = "⏰ " + tr_msg(event.msg, lang, info.title)
            delivery = await send_dm(self.table.client, user, lambda x=text: {"content": x})
            if delivery is not Delivery.SENT:
                channel = self.table.channel_for(info)
                await patiently(lambda c=channel, x=text, u=user: c.send(
                    content=f"{x} {present.mention(u)}",
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=[discord.Object(id=u)])))

    async def expired(self, event: TimerEvent) -> None:
        info = event.game
        lang = await self.table.guild_lang(info.guild_id)
        text = "⏰ " + tr_msg(event.msg, lang, info.title)
        roles: list[int] = []
        settings = await self.table.service.get_settings(info.guild_id)
        if settings.moderator_role_id:
            roles.append(settings.moderator_role_id)
            text += f" <@&{settings.moderator_role_id}>"
        others = [u for u in info.users() if u not in event.users]
        if others:
            text += "\n" + t("bot.expired_vote", lang)
        await self.table.post_timer_vote(info, text, mention=[], roles=roles,
                                         votes=bool(others))
