"""Thin discord.py adapters: slash commands, buttons, select menus, DMs.

The cogs translate interactions into calls on the table service and its answers into messages;
``Table`` holds what they share.
"""

from __future__ import annotations

from discord.ext import commands

from bot.cogs.components import DYNAMIC_ITEMS
from bot.cogs.game import GameCog
from bot.cogs.lookup import LookupCog
from bot.cogs.play import PlayCog
from bot.cogs.scenarios import ScenarioCog
from bot.cogs.table import Table
from bot.cogs.timers import TimerCog

__all__ = ["DYNAMIC_ITEMS", "GameCog", "LookupCog", "PlayCog", "ScenarioCog", "Table",
           "TimerCog", "add_cogs"]


async def add_cogs(bot: commands.Bot, table: Table, timers: bool = True) -> None:
    await bot.add_cog(GameCog(table))
    await bot.add_cog(PlayCog(table))
    await bot.add_cog(LookupCog(table))
    await bot.add_cog(ScenarioCog(table))
    if timers:
        await bot.add_cog(TimerCog(table))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
