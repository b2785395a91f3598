"""``/scenario``: the scenarios a server keeps for its games (upload, list, show, remove)."""

from __future__ import annotations

import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import present
from bot.cogs.game import (
    AUTOCOMPLETE_MAX,
    MAX_SCENARIO_BYTES,
    _choice,
    _parse_scenario,
    run_command,
    title_autocomplete,
)
from bot.cogs.table import Refusal, Table
from bot.i18n import t

SERVER_PREFIX = "server:"   # a /game new scenario value naming one of the server's scenarios


async def server_scenario_autocomplete(interaction: discord.Interaction,
                                       current: str) -> list[app_commands.Choice[int]]:
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    if interaction.guild_id is None:
        return []
    lang = await table.user_lang(interaction)
    out = []
    for row in await table.service.server_scenarios(interaction.guild_id):
        label = f"{row.name} · {present.title_name(row.title, lang)}"
        if str(current).casefold() in label.casefold():
            out.append(_choice(label, row.id))
    return out[:AUTOCOMPLETE_MAX]


@app_commands.guild_only()
class ScenarioCog(commands.GroupCog, group_name="scenario",
                  group_description="The scenarios this server keeps for its games"):
    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    @app_commands.command(name="upload", description="Moderators: keep a scenario document "
                                                     "(JSON) for this server's games")
    @app_commands.describe(title="Which game", file="The scenario document (JSON)",
                           name="Its name (default: the document's own)")
    @app_commands.autocomplete(title=title_autocomplete)
    async def upload(self, interaction: discord.Interaction, title: str,
                     file: discord.Attachment, name: str | None = None) -> None:
        async def body(lang: str) -> None:
            if file.size > MAX_SCENARIO_BYTES:
                raise Refusal("bot.scenario_too_big", limit=MAX_SCENARIO_BYTES // 1000)
            doc = _parse_scenario(await file.read())
            row = await self.service.upload_scenario(
                interaction.guild_id, interaction.user.id,
                await self.table.is_moderator(interaction), title, doc, name)
            await self.table.reply(interaction, t(
                "bot.scenario_kept", lang, name=row.name, id=row.id,
                title=present.title_name(row.title, lang)))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="list", description="The scenarios this server keeps")
    @app_commands.describe(title="Only this game")
    @app_commands.autocomplete(title=title_autocomplete)
    async def list(self, interaction: discord.Interaction, title: str | None = None) -> None:
        async def body(lang: str) -> None:
            rows = await self.service.server_scenarios(interaction.guild_id, title)
            if not rows:
                await self.table.reply(interaction, t("bot.scenarios_none", lang))
                return
            await self.table.reply(interaction, "\n".join(
                t("bot.scenario_line", lang, id=row.id, name=row.name,
                  title=present.title_name(row.title, lang),
                  who=present.mention(row.uploaded_by, lang)) for row in rows))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="show", description="A scenario this server keeps, as a file")
    @app_commands.describe(scenario="Which scenario")
    @app_commands.autocomplete(scenario=server_scenario_autocomplete)
    async def show(self, interaction: discord.Interaction, scenario: int) -> None:
        async def body(lang: str) -> None:
            row = await self.service.server_scenario(interaction.guild_id, scenario)
            data = json.dumps(json.loads(row.doc), ensure_ascii=False, indent=1).encode()
            await self.table.reply(
                interaction, t("bot.scenario_line", lang, id=row.id, name=row.name,
                               title=present.title_name(row.title, lang),
                               who=present.mention(row.uploaded_by, lang)),
                file=discord.File(io.BytesIO(data), filename=f"scenario-{row.id}.json"))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="remove", description="Moderators: forget a scenario of this "
                                                     "server")
    @app_commands.describe(scenario="Which scenario")
    @app_commands.autocomplete(scenario=server_scenario_autocomplete)
    async def remove(self, interaction: discord.Interaction, scenario: int) -> None:
        async def body(lang: str) -> None:
            row = await self.service.server_scenario(interaction.guild_id, scenario)
            await self.service.remove_scenario(interaction.guild_id,
                                               await self.table.is_moderator(interaction),
                                               scenario)
            await self.table.reply(interaction, t("bot.scenario_removed", lang, name=row.name))
        await run_command(self.table, interaction, body)
