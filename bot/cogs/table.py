"""The Discord side of the tables: everything the cogs share.

``Table`` turns what the service answers into posts, DMs and ephemeral replies, and handles the
presses of persistent components. It decides nothing about the games: the service does.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.cogs import codec, present
from bot.cogs.publish import NOBODY, PUBLISH_ORDER_WAIT, Publisher, PublishTurn
from bot.export import animation
from bot.i18n import CATALOG, supported_language, t, tr_msg
from bot.service import GameInfo, ServiceError
from games.core import Msg, View, render

log = logging.getLogger(__name__)

OPEN = ("lobby", "active", "paused")
OVER = ("finished", "ended")

__all__ = ["NOBODY", "OPEN", "OVER", "PUBLISH_ORDER_WAIT", "PublishTurn", "Refusal", "Table",
           "refusal_text"]


class Refusal(Exception):
    """A request the bot itself turns down (which game? no game here?), with a bot text."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.msg = Msg(key=key, args={k: v if isinstance(v, int) else str(v)
                                      for k, v in args.items()})


def engine_msg(m: Msg, lang: str, title: str | None) -> str:
    """An engine's message: from the title's catalogue when it has the key, else from the
    bot's (which knows the refusals every engine shares, ``error.not_a_choice`` …)."""
    if title is not None and present.engine_text(title, m.key, lang) is not None:
        return present.rules_of(title).tr(m, lang)
    return render(m, lang, CATALOG)


def refusal_text(exc: ServiceError | Refusal, lang: str, title: str | None = None) -> str:
    """A refusal in one language: an engine's reason is read from its own catalogue."""
    detail = getattr(exc, "detail", None)
    if detail is not None:
        reason = engine_msg(detail, lang, getattr(exc, "detail_title", None) or title)
        return tr_msg(Msg(key=exc.msg.key, args={**exc.msg.args, "reason": reason}), lang,
                      title)
    return tr_msg(exc.msg, lang, title)


class Table(Publisher):
    """The Discord side of the tables: answers to interactions and presses; what goes out
    after a change is ``Publisher``'s."""

    # -- languages ------------------------------------------------------------------------------
    async def user_lang(self, interaction: discord.Interaction) -> str:
        """The language of an answer to one person: the one they chose (``/game language``),
        else their Discord client's, else the server's. The client's language is remembered
        for the DMs the bot sends them later."""
        user = getattr(interaction, "user", None)
        locale = getattr(interaction, "locale", None)
        locale_text = locale.value if isinstance(locale, discord.Locale) else locale
        if user is not None and isinstance(getattr(user, "id", None), int):
            try:
                await self.service.note_locale(user.id, locale_text if isinstance(
                    locale_text, str) else None)
                player = await self.service.get_player(user.id)
            except Exception:  # noqa: BLE001 - a language must never fail an answer
                log.exception("cannot read the settings of user %s", user.id)
                player = None
            if player is not None and player.language:
                return player.language
        client = supported_language(locale_text if isinstance(locale_text, str) else None)
        if client is not None:
            return client
        return await self.guild_lang(getattr(interaction, "guild_id", None))

    # -- who is asking --------------------------------------------------------------------------
    async def is_moderator(self, interaction: discord.Interaction) -> bool:
        guild_id = interaction.guild_id
        if guild_id is None:
            return False
        member = interaction.user
        permissions = getattr(member, "guild_permissions", None)
        manage = bool(permissions is not None and permissions.manage_guild is True)
        role_ids = [r.id for r in getattr(member, "roles", None) or []]
        return await self.service.is_moderator(guild_id, manage, role_ids)

    async def find_game(self, interaction: discord.Interaction, game_id: int | None,
                        statuses: Sequence[str] = OPEN, prefer_active: bool = False,
                        latest_over: bool = False) -> GameInfo:
        """The game a command means: the one named, or the only fitting one in this channel
        (or its thread), preferring games where the user is seated, then where they must act.
        With ``latest_over``, a channel without a game in play means its latest game that is
        over. A game that is only paused is named as such."""
        if game_id is not None:
            info = await self.service.status(game_id)
            if info.guild_id != interaction.guild_id:
                raise ServiceError("error.no_game", game=game_id)
            return info
        if interaction.guild_id is None:
            raise Refusal("bot.guild_only")
        here = await self.service.list_games(interaction.guild_id, interaction.channel_id,
                                             include_finished=latest_over)
        games = [g for g in here if g.status in statuses and g.status not in OVER]
        if not games and latest_over:
            over = [g for g in here if g.status in OVER]
            if over:
                return max(over, key=lambda g: g.id)
        if not games:
            paused = [g for g in here if g.status == "paused"]
            if paused and "paused" not in statuses:
                raise ServiceError("error.paused", game=paused[-1].id)
            raise Refusal("bot.no_game_here")
        user = interaction.user.id
        for narrower in ([g for g in games if user in g.seats.values()],
                         [g for g in games if user in g.active_users] if prefer_active else []):
            if len(narrower) == 1:
                return narrower[0]
            if narrower:
                games = narrower
        if len(games) == 1:
            return games[0]
        raise Refusal("bot.which_game", games=", ".join(f"#{g.id}" for g in games))

    async def public_view(self, game_id: int) -> View:
        return await self.service.view_for(game_id, NOBODY)

    # -- answering ------------------------------------------------------------------------------
    async def reply(self, interaction: discord.Interaction, content: str = "",
                    **kwargs: Any) -> None:
        """An ephemeral answer to a deferred interaction."""
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        text = present.clip_block(content, present.CONTENT_MAX) if content else None
        if text is None and not ({"embed", "file", "view"} & kwargs.keys()):
            text = "…"
        await interaction.followup.send(text, ephemeral=True, **kwargs)

    async def refuse(self, interaction: discord.Interaction, exc: ServiceError | Refusal,
                     lang: str, title: str | None = None) -> None:
        await self.reply(interaction, "⛔ " + refusal_text(exc, lang, title))

    # -- offering choices privately -------------------------------------------------------------
    async def offer_choices(self, interaction: discord.Interaction, game_id: int, lang: str,
                            header: str = "", page: int = 0, only_role: str | None = None) -> None:
        """Answer the presser, ephemerally, with their own current choices (if they must act)
        and what they hide (their hand)."""
        info = await self.service.status(game_id)
        if info.status != "active":
            await self.reply(interaction, "\n".join(filter(None, [
                header, present.status_text(info, lang)])))
            return
        views = await self.service.views_for(game_id, interaction.user.id)
        mine = {r: v for r, v in views.items()
                if r in v.active and v.actions and (only_role is None or r == only_role)}
        if not mine:
            if not views:
                text = refusal_text(ServiceError("error.not_seated", game=game_id), lang)
            else:
                public = await self.public_view(game_id)
                text = t("bot.not_your_turn", lang,
                         players=present.players_of(info, public.active, lang))
            await self.reply(interaction, "\n".join(filter(None, [header, text])))
            return
        rules = present.rules_of(info.title)
        for role, view in mine.items():
            lines = [header] if header else []
            lines.append(t("bot.your_choices", lang, id=info.id,
                           role=present.role_name(info, role, lang)))
            lines.append("▶ " + rules.tr(view.prompt_msg, lang))
            if view.private:
                lines.append(present.private_text(info, view, lang))
            components = present.choice_components(info.id, info.version, role, view.actions,
                                                   rules, lang, page=page,
                                                   fingerprint=present.fingerprint(view))
            await self.reply(interaction, "\n".join(lines), view=components)
            header = ""

    # -- presses of persistent components -------------------------------------------------------
    async def on_press(self, interaction: discord.Interaction, press: codec.Press) -> None:
        await interaction.response.defer()
        lang = await self.user_lang(interaction)
        try:
            if not press.game.isdigit():
                raise ServiceError("error.no_game", game=press.game)
            game_id = int(press.game)
            if press.kind not in ("join", "rematch", "export"):
                _require_in_play(await self.service.status(game_id))
            if press.kind in ("choice", "menu"):
                await self._press_choice(interaction, game_id, press, lang)
            elif press.kind == "secret":
                await self.offer_choices(interaction, game_id, lang)
            elif press.kind == "more":
                await self.offer_choices(interaction, game_id, lang, page=press.page,
                                         only_role=press.role)
            elif press.kind == "join":
                await self._press_join(interaction, game_id, press.role, lang)
            elif press.kind == "vote":
                await self._press_vote(interaction, game_id, press.vote, lang)
            elif press.kind == "rematch":
                outcome = await self.service.rematch(game_id, interaction.user.id,
                                                     swap=press.vote == "swap")
                await self.publish(outcome)
                await self.reply(interaction, t("bot.rematch_started", lang,
                                                id=outcome.game.id))
            elif press.kind == "export":
                await self.send_export(interaction, await self.service.status(game_id), lang)
            elif press.kind == "bribe":
                outcome = await self.service.answer_bribe(game_id, interaction.user.id,
                                                          press.role, press.vote == "accept")
                await interaction.edit_original_response(view=None)   # answered: no buttons
                await self.publish(outcome)
                await self.reply(interaction, t("bot.done", lang))
        except (ServiceError, Refusal) as exc:
            await self.refuse(interaction, exc, lang)
        except discord.Forbidden:
            await self.reply(interaction, "⛔ " + t("bot.cannot_post", lang))
        except Exception:
            log.exception("press %s failed", press)
            await self.reply(interaction, "⛔ " + t("bot.failed", lang))

    async def _press_choice(self, interaction: discord.Interaction, game_id: int,
                            press: codec.Press, lang: str) -> None:
        info = await self.service.status(game_id)
        owner = info.seats.get(press.role)
        view = (await self.service.views_for(game_id, owner)).get(press.role) if owner else None
        # A press made at another version counts when the role is asked exactly the same (the
        # fingerprint): another player's secret choice meanwhile does not stale this menu.
        same_question = (view is not None and bool(press.fingerprint)
                         and info.version != press.version
                         and present.fingerprint(view) == press.fingerprint
                         and not await self.service.acted_since(game_id, press.role,
                                                                press.version))
        if view is None or (info.version != press.version and not same_question):
            await self.moved_on(interaction, game_id, lang)
            return
        if not 0 <= press.index < len(view.actions):
            # A value the menu never offered (Discord checks it; a forged press may not).
            await self.offer_choices(interaction, game_id, lang,
                                     header="⛔ " + t("bot.not_a_choice", lang))
            return
        choice = view.actions[press.index]
        try:
            outcome = await self.service.act(
                game_id, interaction.user.id, choice.verb, choice.arg,
                expected_version=info.version if same_question else press.version,
                role=press.role)
        except ServiceError as exc:
            if exc.key == "error.stale":
                await self.moved_on(interaction, game_id, lang)
                return
            raise
        turn = self.queue_publish(game_id)
        try:
            message = interaction.message
            if message is not None and message.flags.ephemeral:
                # The presser's private menu: show what they chose, take the buttons away.
                label = present.choice_label(present.rules_of(info.title), choice, lang)
                await interaction.edit_original_response(
                    content=t("bot.chosen", lang, choice=label), view=None)
        finally:
            await self.publish(outcome, self.channel_for(outcome.game, interaction),
                               turn=turn)

    async def on_unknown_component(self, interaction: discord.Interaction) -> None:
        """A press on a component whose custom id is none of ours (from an older version of the
        bot, or forged): discord.py would leave it unanswered ("interaction failed"); say so."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id") or "")
        if codec.decode(custom_id) is not None or interaction.response.is_done():
            return
        lang = await self.user_lang(interaction)
        log.info("press on an unknown component %r", custom_id[:100])
        try:
            await interaction.response.send_message(
                "⛔ " + t("bot.unknown_component", lang), ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("cannot answer a press on an unknown component: %s", exc)

    async def _press_vote(self, interaction: discord.Interaction, game_id: int, vote: str,
                          lang: str) -> None:
        result = await self.service.timer_vote(game_id, interaction.user.id, vote)
        if result.outcome is None:
            await self.reply(interaction, t("bot.vote_counted", lang,
                                            votes=len(result.votes.get(vote, [])),
                                            needed=result.needed))
            return
        channel_lang = await self.guild_lang(result.game.guild_id)
        notice = "\n".join(tr_msg(n, channel_lang, result.game.title)
                           for n in result.outcome.notices)
        await self.close_timer_vote(result.game, notice)
        await self.publish(result.outcome)
        await self.reply(interaction, t("bot.vote_decided", lang))

    async def send_export(self, interaction: discord.Interaction, info: GameInfo,
                          lang: str) -> None:
        """The game's record, its log in the asker's language and, once it is over, the
        animation of its board: privately to the asker (``bot.export``)."""
        if info.guild_id != interaction.guild_id and interaction.guild_id is not None:
            raise ServiceError("error.no_game", game=info.id)
        record, text = await self.service.export(info.id, interaction.user.id, lang)
        files = [
            discord.File(io.BytesIO(json.dumps(record, ensure_ascii=False, indent=1).encode()),
                         filename=f"game-{info.id}.json"),
            discord.File(io.BytesIO(text.encode()), filename=f"game-{info.id}-{lang}.txt"),
        ]
        over = info.status in OVER
        if over:
            gif = await asyncio.to_thread(animation, record, lang)
            if gif is not None:
                files.append(discord.File(io.BytesIO(gif), filename=f"game-{info.id}.gif"))
        key = "bot.exported_over" if over else "bot.exported_running"
        await self.reply(interaction, t(key, lang, id=info.id), files=files)

    async def moved_on(self, interaction: discord.Interaction, game_id: int, lang: str) -> None:
        await self.offer_choices(interaction, game_id, lang, header=t("bot.moved_on", lang))

    async def _press_join(self, interaction: discord.Interaction, game_id: int, role: str,
                          lang: str) -> None:
        info = await self.service.join(game_id, interaction.user.id, role)
        channel_lang = await self.guild_lang(info.guild_id)
        post = present.lobby_post(info, channel_lang)
        kwargs = post.kwargs()
        await interaction.edit_original_response(
            content=kwargs["content"], view=post.view,
            allowed_mentions=discord.AllowedMentions.none())
        await self.reply(interaction, t("bot.joined", lang, id=info.id,
                                        role=present.role_name(info, role, lang)))


def _require_in_play(info: GameInfo) -> None:
    """Refuse a press on a game that is over, ended, paused or not started: say so plainly
    rather than "the game moved on"."""
    if info.status != "active":
        refusal = {"finished": "error.game_over", "ended": "error.game_over",
                   "paused": "error.paused"}.get(info.status, "error.not_started")
        raise ServiceError(refusal, game=info.id)
