"""``/game``: the lobby, the table's life and its moderation."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import present
from bot.cogs.table import OPEN, Refusal, Table
from bot.i18n import t
from bot.service import COMPUTER_OF_LEVEL, BribeMenu, GameInfo, ServiceError
from games import registry
from games.core import OptionInfo

log = logging.getLogger(__name__)

MAX_SCENARIO_BYTES = 1_000_000
AUTOCOMPLETE_MAX = 25


async def run_command(table: Table, interaction: discord.Interaction,
                      body: Callable[[str], Awaitable[None]]) -> None:
    """Defer at once (Discord wants an answer within 3 s), then run ``body`` with the user's
    language; refusals come back as an ephemeral line."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = await table.user_lang(interaction)
    try:
        await body(lang)
    except (ServiceError, Refusal) as exc:
        await table.refuse(interaction, exc, lang)
    except discord.Forbidden:
        await table.reply(interaction, "⛔ " + t("bot.cannot_post", lang))
    except Exception:
        log.exception("/%s failed", getattr(interaction.command, "qualified_name", "?"))
        await table.reply(interaction, "⛔ " + t("bot.failed", lang))


# -- autocomplete ------------------------------------------------------------------------------

def _choice(name: str, value: Any) -> app_commands.Choice:
    return app_commands.Choice(name=present.clip(name, 100) or str(value), value=value)


async def title_autocomplete(interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    lang = await table.user_lang(interaction)
    out = []
    for title in registry.ids():
        name = present.title_name(title, lang)
        if current.casefold() in (name + " " + title).casefold():
            out.append(_choice(name, title))
    return out[:AUTOCOMPLETE_MAX]


async def scenario_autocomplete(interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    lang = await table.user_lang(interaction)
    title = getattr(interaction.namespace, "title", None)
    try:
        rules = registry.get(str(title))
    except KeyError:
        return []
    out = []
    for info in rules.scenarios():
        name = (info.names.get(lang) or present.engine_text(rules.id, f"scenario.{info.id}", lang)
                or info.name)
        label = f"{name} ({len(info.roles)})"
        if current.casefold() in (label + " " + info.id).casefold():
            out.append(_choice(label, info.id))
    if interaction.guild_id is not None:
        # the server's own scenarios of this title
        for row in await table.service.server_scenarios(interaction.guild_id, rules.id):
            label = t("bot.server_scenario", lang, name=row.name)
            if current.casefold() in label.casefold():
                out.append(_choice(label, f"server:{row.id}"))
    return out[:AUTOCOMPLETE_MAX]


async def game_autocomplete(interaction: discord.Interaction,
                            current: str | int) -> list[app_commands.Choice[int]]:
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    if interaction.guild_id is None:
        return []
    lang = await table.user_lang(interaction)
    games = await table.service.list_games(interaction.guild_id, interaction.channel_id)
    out = []
    for info in games:
        label = f"{present.game_heading(info, lang)} · {t(f'bot.status.{info.status}', lang)}"
        if str(current).strip("#").casefold() in label.casefold():
            out.append(_choice(label, info.id))
    return out[:AUTOCOMPLETE_MAX]


async def namespace_game(interaction: discord.Interaction, statuses: Sequence[str],
                         latest_over: bool = False) -> GameInfo | None:
    """The game an autocomplete means (its ``game`` option, or the channel's only one); None
    when there is none such."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    game = getattr(interaction.namespace, "game", None)
    try:
        return await table.find_game(interaction, int(game) if game else None, statuses,
                                     latest_over=latest_over)
    except (ServiceError, Refusal, ValueError):
        return None


def matching(entries: Iterable[tuple[str, str, Any]], current: str
             ) -> list[app_commands.Choice[Any]]:
    """Autocomplete choices of ``(label, words searched, value)`` entries whose words hold what
    the user typed (at most ``AUTOCOMPLETE_MAX``)."""
    typed = str(current).casefold()
    return [_choice(label, value) for label, words, value in entries
            if typed in words.casefold()][:AUTOCOMPLETE_MAX]


def seat_choices(info: GameInfo, current: str, lang: str,
                 free_only: bool) -> list[app_commands.Choice[str]]:
    """The game's seats (or only its free ones) by their sides' names."""
    names = ((present.role_name(info, role, lang), role) for role in info.roles
             if not (free_only and info.seats.get(role)))
    return matching(((name, f"{name} {role}", role) for name, role in names), current)


async def role_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    """The free seats of the lobby's game."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    info = await namespace_game(interaction, ("lobby",))
    if info is None:
        return []
    return seat_choices(info, current, await table.user_lang(interaction), free_only=True)


async def _bribe_menu(interaction: discord.Interaction) -> tuple[GameInfo, BribeMenu] | None:
    """The player's bribes in the game an autocomplete means (service.bribe_menu)."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    info = await namespace_game(interaction, ("active",))
    if info is None or info.title != "pax_romana":
        return None
    try:
        return info, await table.service.bribe_menu(info.id, interaction.user.id)
    except ServiceError:
        return None


async def bribe_power_autocomplete(interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
    """The Powers the player may offer a bribe now (§4.4): those whose action takes effect."""
    found = await _bribe_menu(interaction)
    if found is None:
        return []
    info, menu = found
    lang = await interaction.client.table.user_lang(interaction)  # type: ignore[attr-defined]
    names = [(present.role_name(info, r, lang), r) for r in menu.targets]
    return matching(((name, f"{name} {r}", r) for name, r in names), current)


async def bribe_amount_autocomplete(interaction: discord.Interaction,
                                    current: str | int) -> list[app_commands.Choice[int]]:
    """1 to the player's Treasury, the amounts that begin with what was typed."""
    found = await _bribe_menu(interaction)
    if found is None:
        return []
    typed = str(current).strip()
    amounts = [n for n in range(1, found[1].treasury + 1) if str(n).startswith(typed)]
    return [_choice(f"{n}T", n) for n in amounts[:AUTOCOMPLETE_MAX]]


async def bribe_offer_autocomplete(interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
    """The Powers offering the player a bribe now, with the amount."""
    found = await _bribe_menu(interaction)
    if found is None:
        return []
    info, menu = found
    lang = await interaction.client.table.user_lang(interaction)  # type: ignore[attr-defined]
    entries = []
    for o in menu.offers:
        name = present.role_name(info, str(o["by"]), lang)
        entries.append((f"{name}: {o['n']}T", f"{name} {o['by']}", str(o["by"])))
    return matching(entries, current)


def _parse_scenario(data: bytes) -> dict:
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise Refusal("bot.scenario_not_json", reason=str(exc)) from None
    if not isinstance(doc, dict):
        raise Refusal("bot.scenario_not_object")
    return doc


GAME_OPTION = "game"


def parse_option_value(option: OptionInfo, text: str, title: str, lang: str) -> Any:
    """The value of ``option`` a player typed: one of its choices, by itself or by its name."""
    wanted = text.strip().casefold()
    for choice in option.choices:
        names = {str(choice).casefold(),
                 present.option_value_name(title, option.id, choice, lang).casefold()}
        if wanted in names:
            return choice
    if len(option.choices) == 1:
        # a scenario played one way only (Pax Romana's Scenario IV: the Advanced Game only)
        raise Refusal("bot.options_fixed", option=present.option_description(title, option, lang),
                      value=present.option_value_name(title, option.id, option.choices[0], lang))
    raise Refusal("bot.options_bad_value", option=option.id, value=text,
                  values=", ".join(map(str, option.choices)))


def parse_options(title: str, scenario: str | dict, text: str, lang: str) -> dict[str, Any]:
    """``name=value, name=value`` of /game new, checked against the title's options."""
    infos = registry.get(title).scenarios()
    listed = next((s for s in infos if isinstance(scenario, str) and s.id == scenario),
                  infos[0] if infos else None)
    known = {o.id: o for o in (listed.options if listed else [])}
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        name, sep, value = part.partition("=")
        if not sep:
            raise Refusal("bot.options_format", example=f"{next(iter(known), 'name')}=value")
        option = known.get(name.strip())
        if option is None:
            raise Refusal("bot.options_unknown", title=present.title_name(title, lang),
                          option=name.strip(), options=", ".join(known) or "—")
        out[option.id] = parse_option_value(option, value, title, lang)
    return out


CHOICE_VALUE_MAX = 100   # Discord's limit on an autocomplete choice's value


async def new_options_autocomplete(interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
    """The options of the title and scenario chosen in /game new, as ``name=value`` (added
    to what is already typed, after its last comma), named by their descriptions."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    lang = await table.user_lang(interaction)
    try:
        infos = registry.get(str(getattr(interaction.namespace, "title", None))).scenarios()
    except KeyError:
        return []
    scenario = getattr(interaction.namespace, "scenario", None)
    listed = next((s for s in infos if s.id == scenario), infos[0] if infos else None)
    if listed is None:
        return []
    head, _, last = str(current).rpartition(",")
    prefix = f"{head.strip()}, " if head.strip() else ""
    title = str(interaction.namespace.title)
    entries = []
    for option in listed.options:
        for choice in option.choices:
            label = (f"{present.option_description(title, option, lang)}: "
                     f"{present.option_value_name(title, option.id, choice, lang)}")
            value = f"{option.id}={choice}".lower() if isinstance(choice, bool) else \
                f"{option.id}={choice}"
            if len(prefix + value) <= CHOICE_VALUE_MAX:
                entries.append((label, f"{label} {value}", prefix + value))
    return matching(entries, last.strip())


async def option_autocomplete(interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
    """The rule options of the lobby's game, named by their descriptions."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    info = await namespace_game(interaction, ("lobby",))
    if info is None:
        return []
    lang = await table.user_lang(interaction)
    labels = ((present.option_description(info.title, o, lang), o.id)
              for o in present.option_infos(info))
    return matching(((label, f"{label} {oid}", oid) for label, oid in labels), current)


async def option_value_autocomplete(interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
    """The values of the option chosen in the same command."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    chosen = getattr(interaction.namespace, "option", None)
    info = await namespace_game(interaction, ("lobby",))
    if info is None:
        return []
    option = next((o for o in present.option_infos(info) if o.id == chosen), None)
    if option is None:
        return []
    lang = await table.user_lang(interaction)
    names = ((present.option_value_name(info.title, option.id, c, lang), str(c))
             for c in option.choices)
    return matching(((name, name, value) for name, value in names), current)


LEVEL_CHOICES = [app_commands.Choice(name="Normal", value="normal"),
                 app_commands.Choice(name="Easy", value="easy")]


async def seat_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    """Every seat of the game (in the lobby or in play), by its side's name."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    info = await namespace_game(interaction, OPEN)
    if info is None:
        return []
    return seat_choices(info, current, await table.user_lang(interaction), free_only=False)


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game",
              group_description="Create, join and run game tables"):
    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        super().__init__()

    async def _announce(self, interaction: discord.Interaction, info: GameInfo) -> None:
        """The game's one lobby post, made or brought up to date."""
        await self.table.show_lobby(info, interaction=interaction)

    async def _publish(self, interaction: discord.Interaction, outcome: Any) -> None:
        await self.table.publish(outcome, self.table.channel_for(outcome.game, interaction))

    # -- lobby ----------------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a new game table in this channel")
    @app_commands.describe(title="Which game", scenario="Which scenario (battle, setup)",
                           scenario_file="A scenario document (JSON) instead of a listed one",
                           seed="Seed of the dice and shuffles (to replay a game)",
                           thread="Play it in a thread of its own (default: the server's "
                                  "setting)",
                           computer="Seats the computer takes (side names, separated by "
                                    "commas)",
                           level="How well the computer plays",
                           options="Rule options: name=value, separated by commas (or "
                                   "/game options in the lobby)")
    @app_commands.autocomplete(title=title_autocomplete, scenario=scenario_autocomplete,
                               options=new_options_autocomplete)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction, title: str,
                  scenario: str | None = None,
                  scenario_file: discord.Attachment | None = None,
                  seed: app_commands.Range[int, 0, 2**53] | None = None,
                  thread: bool | None = None, computer: str | None = None,
                  level: str = "normal", options: str | None = None) -> None:
        async def body(lang: str) -> None:
            chosen: str | dict
            if scenario_file is not None:
                if scenario_file.size > MAX_SCENARIO_BYTES:
                    raise Refusal("bot.scenario_too_big", limit=MAX_SCENARIO_BYTES // 1000)
                chosen = _parse_scenario(await scenario_file.read())
            elif scenario and scenario.startswith("server:") and scenario[7:].isdigit():
                row = await self.service.server_scenario(interaction.guild_id,
                                                         int(scenario[7:]))
                if row.title != title:
                    raise ServiceError("error.no_scenario", scenario=scenario)
                chosen = {"name": row.name, **json.loads(row.doc)}
            elif scenario:
                chosen = scenario
            else:
                try:
                    chosen = registry.get(title).scenarios()[0].id
                except (KeyError, IndexError):
                    raise ServiceError("error.unknown_title", title=title,
                                       titles=", ".join(registry.ids())) from None
            if title not in registry.ids():
                raise ServiceError("error.unknown_title", title=title,
                                   titles=", ".join(registry.ids()))
            chosen_options = parse_options(title, chosen, options or "", lang)
            info = await self.service.create_game(
                interaction.guild_id, interaction.channel_id, interaction.user.id, title,
                chosen, chosen_options, seed=seed, thread=thread)
            for role in filter(None, (r.strip() for r in (computer or "").split(","))):
                info = await self.service.join(info.id, interaction.user.id, role,
                                               computer=level)
            await self._announce(interaction, info)
            await self.table.reply(interaction, t("bot.created_you", lang, id=info.id))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="join", description="Take a seat at a game that has not started")
    @app_commands.describe(game="Game number (the only open one here if left out)",
                           role="Which seat (a free one if left out)")
    @app_commands.autocomplete(game=game_autocomplete, role=role_autocomplete)
    async def join(self, interaction: discord.Interaction, game: int | None = None,
                   role: str | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("lobby",))
            info = await self.service.join(info.id, interaction.user.id, role)
            mine = info.roles_of(interaction.user.id)
            seat = ", ".join(present.role_name(info, r, lang) for r in mine)
            await self._announce(interaction, info)
            await self.table.reply(interaction, t("bot.joined", lang, id=info.id, role=seat))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("lobby",))
            info = await self.service.leave(info.id, interaction.user.id)
            await self._announce(interaction, info)
            await self.table.reply(interaction, t("bot.left", lang, id=info.id))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="options", description="Set a rule option of a game in the "
                                                       "lobby")
    @app_commands.describe(option="Which option", value="Its value", game="Game number")
    @app_commands.autocomplete(option=option_autocomplete, value=option_value_autocomplete,
                               game=game_autocomplete)
    async def options(self, interaction: discord.Interaction, option: str, value: str,
                      game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("lobby",))
            known = {o.id: o for o in present.option_infos(info)}
            chosen = known.get(option)
            if chosen is None:
                raise Refusal("bot.options_unknown", title=present.title_name(info.title, lang),
                              option=option, options=", ".join(known) or "—")
            typed = parse_option_value(chosen, value, info.title, lang)
            info = await self.service.set_option(info.id, interaction.user.id,
                                                 await self.table.is_moderator(interaction),
                                                 chosen.id, typed)
            await self._announce(interaction, info)
            await self.table.reply(interaction, t(
                "bot.option_set", lang, id=info.id,
                option=present.option_description(info.title, chosen, lang),
                value=present.option_value_name(info.title, chosen.id, typed, lang)))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="start", description="Start the game once every seat is taken")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("lobby",))
            outcome = await self.service.start(info.id, interaction.user.id,
                                               await self.table.is_moderator(interaction))
            await self._publish(interaction, outcome)
            await self.table.reply(interaction, t("bot.started", lang, id=info.id))
        await run_command(self.table, interaction, body)

    # -- reading --------------------------------------------------------------------------------
    @app_commands.command(name="status", description="Seats, turn and state of a game")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, OPEN, latest_over=True)
            await self.table.reply(interaction, present.status_text(info, lang))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="list", description="The games of this server")
    @app_commands.describe(finished="Also list games that are over",
                           here="Only this channel")
    async def list(self, interaction: discord.Interaction, finished: bool = False,
                   here: bool = False) -> None:
        async def body(lang: str) -> None:
            if interaction.guild_id is None:
                raise Refusal("bot.guild_only")
            games = await self.service.list_games(
                interaction.guild_id, interaction.channel_id if here else None,
                include_finished=finished)
            if not games:
                await self.table.reply(interaction, t("bot.no_games", lang))
                return
            lines = [t("bot.list_line", lang, heading=present.game_heading(g, lang),
                       status=t(f"bot.status.{g.status}", lang), channel=f"<#{g.channel_id}>")
                     for g in games[-30:]]
            await self.table.reply(interaction, "\n".join(lines))
        await run_command(self.table, interaction, body)

    # -- play-time actions ----------------------------------------------------------------------
    @app_commands.command(name="undo", description="Take back the last move, if nothing "
                                                   "random or hidden happened since")
    @app_commands.describe(game="Game number", force="Moderators: undo another player's move")
    @app_commands.autocomplete(game=game_autocomplete)
    async def undo(self, interaction: discord.Interaction, game: int | None = None,
                   force: bool = False) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("active",))
            if force and not await self.table.is_moderator(interaction):
                raise ServiceError("error.not_moderator")
            outcome = await self.service.undo(info.id, interaction.user.id, force=force)
            await self._publish(interaction, outcome)
            await self.table.reply(interaction, t("bot.done", lang))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="resign", description="Resign: your side loses the game")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("active",))
            outcome = await self.service.resign(info.id, interaction.user.id)
            await self._publish(interaction, outcome)
            await self.table.reply(interaction, t("bot.done", lang))
        await run_command(self.table, interaction, body)

    # -- bribes (Pax Romana §4.4): side actions while another Power's action takes effect -------
    @app_commands.command(name="bribe", description="Pax Romana: offer the Power whose action "
                                                    "takes effect a bribe in Talents")
    @app_commands.describe(power="The Power offered the bribe", amount="How many Talents",
                           game="Game number")
    @app_commands.autocomplete(power=bribe_power_autocomplete,
                               amount=bribe_amount_autocomplete, game=game_autocomplete)
    async def bribe(self, interaction: discord.Interaction, power: str,
                    amount: app_commands.Range[int, 1, 999], game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("active",))
            outcome = await self.service.bribe(info.id, interaction.user.id, power, amount)
            await self._publish(interaction, outcome)
            await self.table.reply(interaction, t("bot.done", lang))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="bribe_answer", description="Pax Romana: accept or refuse a "
                                                           "bribe offered to you")
    @app_commands.describe(power="The Power offering the bribe",
                           accept="True to accept (the Talents are paid at once)",
                           game="Game number")
    @app_commands.autocomplete(power=bribe_offer_autocomplete, game=game_autocomplete)
    async def bribe_answer(self, interaction: discord.Interaction, power: str, accept: bool,
                           game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("active",))
            outcome = await self.service.answer_bribe(info.id, interaction.user.id, power,
                                                      accept)
            await self._publish(interaction, outcome)
            await self.table.reply(interaction, t("bot.done", lang))
        await run_command(self.table, interaction, body)

    async def _moderate(self, interaction: discord.Interaction, game: int | None,
                        statuses: tuple[str, ...], call: Callable[[GameInfo, bool], Awaitable[Any]]
                        ) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, statuses)
            outcome = await call(info, await self.table.is_moderator(interaction))
            await self._publish(interaction, outcome)
            await self.table.reply(interaction, t("bot.done", lang))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="end", description="End a game now (its creator or a moderator)")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def end(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._moderate(interaction, game, OPEN, lambda info, mod: self.service.end(
            info.id, interaction.user.id, mod))

    @app_commands.command(name="pause", description="Pause a game (its creator or a moderator)")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def pause(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._moderate(interaction, game, ("active",), lambda info, mod: self.service.pause(
            info.id, interaction.user.id, mod))

    @app_commands.command(name="resume", description="Go on with a paused game")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def resume(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self._moderate(interaction, game, ("paused",), lambda info, mod: self.service.resume(
            info.id, interaction.user.id, mod))

    @app_commands.command(name="kick", description="Moderators: free a player's seat")
    @app_commands.describe(player="The player to remove", game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def kick(self, interaction: discord.Interaction, player: discord.User,
                   game: int | None = None) -> None:
        await self._moderate(interaction, game, OPEN, lambda info, mod: self.service.kick(
            info.id, interaction.user.id, mod, player.id))

    @app_commands.command(name="replace", description="Moderators: seat another player "
                                                      "in someone's place")
    @app_commands.describe(old="The player who leaves", new="The player who takes the seat",
                           game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def replace(self, interaction: discord.Interaction, old: discord.User,
                      new: discord.User, game: int | None = None) -> None:
        await self._moderate(interaction, game, OPEN, lambda info, mod: self.service.replace(
            info.id, interaction.user.id, mod, old.id, new.id))

    @app_commands.command(name="computer", description="Seat the computer: a free seat in the "
                                                        "lobby, or moderators: any seat in play")
    @app_commands.describe(role="Which seat", level="How well the computer plays",
                           game="Game number")
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.autocomplete(role=seat_autocomplete, game=game_autocomplete)
    async def computer(self, interaction: discord.Interaction, role: str, level: str = "normal",
                       game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, OPEN)
            moderator = await self.table.is_moderator(interaction)
            if info.status == "lobby":
                info = await self.service.join(info.id, interaction.user.id, role,
                                               computer=level, is_moderator=moderator)
                await self._announce(interaction, info)
            else:
                outcome = await self.service.hand_seat(
                    info.id, interaction.user.id, moderator, role, COMPUTER_OF_LEVEL[level])
                await self._publish(interaction, outcome)
            await self.table.reply(interaction, t(
                "bot.computer_seated", lang, level=t(f"bot.level.{level}", lang),
                role=present.role_name(info, role, lang)))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="seat", description="Moderators: hand a seat to a member (also "
                                                    "back from the computer)")
    @app_commands.describe(role="Which seat", player="Who takes it", game="Game number")
    @app_commands.autocomplete(role=seat_autocomplete, game=game_autocomplete)
    async def seat(self, interaction: discord.Interaction, role: str, player: discord.User,
                   game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, OPEN)
            outcome = await self.service.hand_seat(
                info.id, interaction.user.id, await self.table.is_moderator(interaction), role,
                player.id)
            if outcome.game.status == "lobby":
                await self._announce(interaction, outcome.game)
            else:
                await self._publish(interaction, outcome)
            await self.table.reply(interaction, t(
                "bot.seat_handed", lang, player=present.mention(player.id, lang),
                role=present.role_name(info, role, lang)))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="stats", description="A player's record: games played, won, "
                                                     "lost, drawn, resigned")
    @app_commands.describe(player="Whose record (default: yours)", title="Only this game")
    @app_commands.autocomplete(title=title_autocomplete)
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    title: str | None = None) -> None:
        async def body(lang: str) -> None:
            if interaction.guild_id is None:
                raise Refusal("bot.guild_only")
            who = player.id if player is not None else interaction.user.id
            tallies = await self.service.stats(interaction.guild_id, who, title)
            lines = [t("bot.stats_heading", lang, player=present.mention(who, lang))]
            if not tallies:
                lines.append(t("bot.stats_none", lang))
            total = dict.fromkeys(("played", "won", "lost", "drawn", "resigned"), 0)
            for (game_title, role), tally in sorted(tallies.items()):
                lines.append(t("bot.stats_line", lang, title=present.title_name(game_title, lang),
                               side=present.side_name(game_title, role, lang), **tally))
                for key in total:
                    total[key] += tally[key]
            if len(tallies) > 1:
                lines.append(t("bot.stats_total", lang, **total))
            await self.table.reply(interaction, "\n".join(lines))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="leaderboard", description="The best players of a game in this "
                                                           "server")
    @app_commands.describe(title="Which game")
    @app_commands.autocomplete(title=title_autocomplete)
    async def leaderboard(self, interaction: discord.Interaction, title: str) -> None:
        async def body(lang: str) -> None:
            if interaction.guild_id is None:
                raise Refusal("bot.guild_only")
            if title not in registry.ids():
                raise ServiceError("error.unknown_title", title=title,
                                   titles=", ".join(registry.ids()))
            ranked = await self.service.leaderboard(interaction.guild_id, title)
            lines = [t("bot.leaderboard_heading", lang, title=present.title_name(title, lang))]
            if not ranked:
                lines.append(t("bot.stats_none", lang))
            for place, (user, tally) in enumerate(ranked, start=1):
                lines.append(t("bot.leaderboard_line", lang, place=place,
                               player=present.mention(user, lang), **tally))
            await self.table.reply(interaction, "\n".join(lines))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="export", description="Take a game away: its record, its log, "
                                                      "and (once over) an animation")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, ("active", "paused"),
                                              latest_over=True)
            await self.table.send_export(interaction, info, lang)
        await run_command(self.table, interaction, body)

    @app_commands.command(name="timer", description="Set the turn timer of a game")
    @app_commands.describe(minutes="Minutes per turn; 0 turns the timer off", game="Game number")
    @app_commands.autocomplete(game=game_autocomplete)
    async def timer(self, interaction: discord.Interaction,
                    minutes: app_commands.Range[int, 0, 60 * 24 * 30],
                    game: int | None = None) -> None:
        async def body(lang: str) -> None:
            info = await self.table.find_game(interaction, game, OPEN)
            info = await self.service.set_turn_timer(
                info.id, interaction.user.id, await self.table.is_moderator(interaction),
                minutes * 60 or None)
            channel_lang = await self.table.guild_lang(info.guild_id)
            text = (t("bot.timer_set", channel_lang, id=info.id, minutes=minutes) if minutes
                    else t("bot.timer_off", channel_lang, id=info.id))
            await self.table.send_post(self.table.channel_for(info, interaction),
                                       present.Post(content=text))
            await self.table.reply(interaction, t("bot.done", lang))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="settings", description="Server settings: language, moderator "
                                                       "role, default turn timer")
    @app_commands.describe(language="Language of the bot's posts in this server",
                           moderator_role="Members with this role may moderate games",
                           timer_minutes="Default minutes per turn of new games; 0 = none",
                           threads="Give each new game a thread of its own")
    @app_commands.choices(language=[app_commands.Choice(name="English", value="en"),
                                    app_commands.Choice(name="Русский", value="ru")])
    async def settings(self, interaction: discord.Interaction, language: str | None = None,
                       moderator_role: discord.Role | None = None,
                       timer_minutes: app_commands.Range[int, 0, 60 * 24 * 30] | None = None,
                       threads: bool | None = None) -> None:
        async def body(lang: str) -> None:
            if interaction.guild_id is None:
                raise Refusal("bot.guild_only")
            if (language is None and moderator_role is None and timer_minutes is None
                    and threads is None):
                current = await self.service.get_settings(interaction.guild_id)
            else:
                current = await self.service.set_settings(
                    interaction.guild_id, await self.table.is_moderator(interaction),
                    language=language,
                    moderator_role_id=moderator_role.id if moderator_role else None,
                    turn_timer=timer_minutes * 60 if timer_minutes is not None else None,
                    threads=threads)
            role = f"<@&{current.moderator_role_id}>" if current.moderator_role_id else "—"
            timer = (t("bot.minutes", lang, minutes=current.turn_timer // 60)
                     if current.turn_timer else "—")
            await self.table.reply(interaction, t(
                "bot.settings", lang, language=t(f"choice.{current.language}", lang),
                role=role, timer=timer,
                threads=t("bot.yes" if current.threads else "bot.no", lang)))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="language", description="The language the bot writes to you in")
    @app_commands.describe(language="Your language; 'auto' follows your Discord client")
    @app_commands.choices(language=[app_commands.Choice(name="English", value="en"),
                                    app_commands.Choice(name="Русский", value="ru"),
                                    app_commands.Choice(name="Auto", value="auto")])
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        async def body(_lang: str) -> None:
            user = interaction.user.id
            if language == "auto":
                await self.service.set_player(user, clear_language=True)
            else:
                await self.service.set_player(user, language=language)
            lang = await self.table.user_lang(interaction)
            key = "bot.language_auto" if language == "auto" else "bot.language_set"
            await self.table.reply(interaction, t(key, lang, language=t(f"choice.{lang}", lang)))
        await run_command(self.table, interaction, body)

    @app_commands.command(name="notify", description="How you are told it is your turn")
    @app_commands.describe(mode="A mention in the channel, a direct message, or both")
    @app_commands.choices(mode=[app_commands.Choice(name="Mention", value="mention"),
                                app_commands.Choice(name="Direct message", value="dm"),
                                app_commands.Choice(name="Both", value="both")])
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        async def body(lang: str) -> None:
            await self.service.set_player(interaction.user.id, notify=mode)
            await self.table.reply(interaction, t("bot.notify_set", lang,
                                                  mode=t(f"bot.notify.{mode}", lang)))
        await run_command(self.table, interaction, body)
