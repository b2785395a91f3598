"""``/play``, ``/hand``, ``/board`` and ``/log``."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import codec, present
from bot.cogs.game import AUTOCOMPLETE_MAX, game_autocomplete, namespace_game, run_command
from bot.cogs.pictures import board_png, hand_png, region_png, regions_of
from bot.cogs.table import Refusal, Table
from bot.i18n import t
from bot.service import ServiceError
from games.core import Choice

TYPED_CHOICES_SHOWN = 10


async def play_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    """The user's own legal actions in the games of this channel (or the one named): the name is
    the translated label, the value names the action."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    if interaction.guild_id is None:
        return []
    lang = await table.user_lang(interaction)
    user = interaction.user.id
    named = getattr(interaction.namespace, "game", None)
    here = [g for g in await table.service.list_games(interaction.guild_id,
                                                      interaction.channel_id)
            if named is None or str(g.id) == str(named)]
    games = [g for g in here if g.status == "active" and user in g.active_users]
    if not games:
        # An empty list would say nothing: one entry says why there is no move to make.
        return [app_commands.Choice(name=present.clip(why_no_moves(here, user, lang), 100),
                                    value=WHY)]
    needle = current.casefold().strip()
    out: list[app_commands.Choice[str]] = []
    for info in games:
        rules = present.rules_of(info.title)
        for role, view in (await table.service.views_for(info.id, user)).items():
            if role not in view.active:
                continue
            for index, choice in enumerate(view.actions):
                label = present.choice_label(rules, choice, lang)
                name = label if len(games) == 1 else f"#{info.id} · {label}"
                if needle and needle not in name.casefold():
                    continue
                value = codec.encode_play(info.id, role, choice.verb, choice.arg, info.version,
                                          index)
                out.append(app_commands.Choice(name=present.clip(name, 100) or choice.verb,
                                               value=value))
                if len(out) >= AUTOCOMPLETE_MAX:
                    return out
    return out


WHY = "?"   # the value of the one autocomplete entry that explains why there is no move


def why_no_moves(games: list[Any], user: int, lang: str) -> str:
    """Why ``user`` has no move in these games of the channel."""
    mine = [g for g in games if user in g.seats.values()] or games
    paused = [g for g in mine if g.status == "paused"]
    if paused:
        return t("bot.autocomplete_paused", lang, id=paused[-1].id)
    active = [g for g in mine if g.status == "active"]
    if active:
        info = active[-1]
        return t("bot.autocomplete_not_your_turn", lang,
                 players=", ".join(present.role_name(info, r, lang) for r in info.active_roles))
    return t("bot.autocomplete_none", lang)


async def region_autocomplete(interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
    """The regions of the map of the channel's game (or the one named)."""
    info = await namespace_game(interaction, ("active", "paused"), latest_over=True)
    if info is None:
        return []
    return [app_commands.Choice(name=present.clip(name, 100) or rid, value=rid)
            for rid, name in regions_of(info.title)
            if current.casefold() in (name + " " + rid).casefold()][:AUTOCOMPLETE_MAX]


def _typed_match(choices: list[Choice], labels: list[str], text: str) -> int | None:
    """The index of the choice a player typed: its number, its label or ``verb arg``."""
    wanted = text.casefold().strip()
    if wanted.isdigit() and 1 <= int(wanted) <= len(choices):
        return int(wanted) - 1
    for index, (choice, label) in enumerate(zip(choices, labels, strict=True)):
        plain = f"{choice.verb} {choice.arg}" if choice.arg is not None else choice.verb
        if wanted in (label.casefold(), plain.casefold()):
            return index
    hits = [i for i, label in enumerate(labels) if wanted and wanted in label.casefold()]
    return hits[0] if len(hits) == 1 else None


class PlayCog(commands.Cog):
    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service

    @app_commands.guild_only()
    @app_commands.command(name="play", description="Make a move: pick one of your choices")
    @app_commands.describe(action="Your move (start typing to see your choices)",
                           game="Game number")
    @app_commands.autocomplete(action=play_autocomplete, game=game_autocomplete)
    async def play(self, interaction: discord.Interaction, action: str,
                   game: int | None = None) -> None:
        async def body(lang: str) -> None:
            user = interaction.user.id
            if action == WHY:
                here = [g for g in await self.service.list_games(interaction.guild_id,
                                                                 interaction.channel_id)
                        if game is None or g.id == game]
                await self.table.reply(interaction, why_no_moves(here, user, lang))
                return
            value = codec.decode_play(action)
            if value is not None:
                info = await self.table.find_game(interaction, int(value.game), ("active",))
                if value.index is not None:
                    views = await self.service.views_for(info.id, user)
                    view = views.get(value.role)
                    if view is None or info.version != value.version \
                            or not 0 <= value.index < len(view.actions):
                        await self.table.moved_on(interaction, info.id, lang)
                        return
                    chosen = view.actions[value.index]
                    verb, arg, version = chosen.verb, chosen.arg, value.version
                else:
                    verb, arg, version = value.verb, value.arg, None
                role = value.role
            else:
                info = await self.table.find_game(interaction, game, ("active",),
                                                  prefer_active=True)
                rules = present.rules_of(info.title)
                views = await self.service.views_for(info.id, user)
                options = [(r, c) for r, v in views.items() if r in v.active for c in v.actions]
                labels = [present.choice_label(rules, c, lang) for _, c in options]
                index = _typed_match([c for _, c in options], labels, action)
                if index is None:
                    listed = "\n".join(f"{i + 1}. {label}" for i, label in
                                       enumerate(labels[:TYPED_CHOICES_SHOWN]))
                    raise Refusal("bot.play_unknown", text=action, choices=listed or "—")
                role, chosen = options[index]
                verb, arg, version = chosen.verb, chosen.arg, None
            try:
                outcome = await self.service.act(info.id, user, verb, arg,
                                                 expected_version=version, role=role)
            except ServiceError as exc:
                if exc.key != "error.stale":
                    raise
                await self.table.moved_on(interaction, info.id, lang)
                return
            await self.table.publish(outcome, self.table.channel_for(outcome.game, interaction))
            await self.table.reply(interaction, t("bot.done", lang))
        await run_command(self.table, interaction, body)

    @app_commands.guild_only()
    @app_commands.command(name="hand", description="Your hidden cards and your choices, "
                                                   "only for you")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("active", "paused"))
            views = await self.service.views_for(info.id, interaction.user.id)
            if not views:
                raise ServiceError("error.not_seated", game=info.id)
            rules = present.rules_of(info.title)
            for role, view in views.items():
                text = present.hand_text(info, view, lang)
                kwargs = {}
                picture = await hand_png(view, lang)
                if picture is not None:
                    kwargs["file"] = discord.File(io.BytesIO(picture), filename="hand.png")
                if role in view.active and view.actions and info.status == "active":
                    text += "\n▶ " + rules.tr(view.prompt_msg, lang)
                    kwargs["view"] = present.choice_components(info.id, info.version, role,
                                                               view.actions, rules, lang)
                await self.table.reply(interaction, text, **kwargs)
        await run_command(self.table, interaction, body)

    @app_commands.guild_only()
    @app_commands.command(name="board", description="The current board of a game")
    @app_commands.describe(game="Game number",
                           share="Post the picture in the game's channel for everyone",
                           text="The board in words (what you may see), instead of a picture",
                           region="Zoom on one region of the map (Pax Romana)")
    @app_commands.autocomplete(game=game_autocomplete, region=region_autocomplete)
    async def board(self, interaction: discord.Interaction, game: int | None = None,
                    share: bool = False, text: bool = False, region: str | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("active", "paused"),
                                              latest_over=True)
            if text:
                # The engine's description of the asker's own View, in their language.
                mine = await self.service.view_for(info.id, interaction.user.id)
                words = present.rules_of(info.title).describe(mine, lang)
                await self.table.reply(interaction, "\n".join(
                    [f"**{present.game_heading(info, lang)}**", words]))
                return
            public = await self.table.public_view(info.id)
            if region:
                known = dict(regions_of(info.title))
                if region not in known:
                    raise Refusal("bot.no_region", region=region,
                                  regions=", ".join(list(known)[:20]) or "—")
                picture = await region_png(public, region, lang)
                files = ([discord.File(io.BytesIO(picture), filename="region.png")]
                         if picture else [])
                await self.table.reply(interaction, f"**{present.game_heading(info, lang)}** · "
                                                    f"{known[region]}", files=files)
                return
            if share:
                # The picture for everyone; the choices stay on the game's one turn post.
                channel_lang = await self.table.guild_lang(info.guild_id)
                shared = present.board_post(info, public, channel_lang,
                                            await board_png(public, channel_lang))
                shared.view = None
                await self.table.send_post(self.table.channel_for(info, interaction), shared)
                await self.table.reply(interaction, t("bot.done", lang))
                return
            picture = await board_png(public, lang)
            post = present.board_post(info, public, lang, picture)
            kwargs = post.kwargs()
            kwargs.pop("view", None)
            content = kwargs.pop("content", None) or ""
            await self.table.reply(interaction, content, **kwargs)
        await run_command(self.table, interaction, body)

    @app_commands.guild_only()
    @app_commands.command(name="log", description="The latest lines of a game's log you may read")
    @app_commands.describe(game="Game number", lines="How many lines")
    @app_commands.autocomplete(game=game_autocomplete)
    async def log(self, interaction: discord.Interaction, game: int | None = None,
                  lines: app_commands.Range[int, 1, 50] = 15) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("active", "paused"),
                                              latest_over=True)
            got = await self.service.log_lines(info.id, interaction.user.id, last=lines)
            text = present.log_text(info.title, got, lang) or t("bot.log_empty", lang)
            await self.table.reply(interaction, f"**{present.game_heading(info, lang)}**\n{text}")
        await run_command(self.table, interaction, body)
