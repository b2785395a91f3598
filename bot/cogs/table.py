"""The Discord side of the tables: everything the cogs share.

``Table`` turns what the service answers into posts, DMs and ephemeral replies, and handles the
presses of persistent components. It decides nothing about the games: the service does.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.cogs import codec, present
from bot.cogs.pictures import board_png, hand_png
from bot.dm import Delivery, patiently, send_dm
from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, lang_of, t, tr_msg
from bot.service import GameInfo, Outcome, ServiceError, TableService
from games.core import Msg, View

log = logging.getLogger(__name__)

NOBODY = 0  # no Discord user has the id 0: the service answers it with the spectators' View
OPEN = ("lobby", "active", "paused")
# How long a game's post waits for the post of the change before it (see Table.publish).
PUBLISH_ORDER_WAIT = 120.0


class Refusal(Exception):
    """A request the bot itself turns down (which game? no game here?), with a bot text."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.msg = Msg(key=key, args={k: v if isinstance(v, int) else str(v)
                                      for k, v in args.items()})


def refusal_text(exc: ServiceError | Refusal, lang: str, title: str | None = None) -> str:
    return tr_msg(exc.msg, lang, title)


class Table:
    def __init__(self, service: TableService, client: discord.Client,
                 default_language: str = DEFAULT_LANGUAGE) -> None:
        self.service = service
        self.client = client
        self.default_language = default_language if default_language in LANGUAGES else "en"
        # game id -> the end of the latest publish of that game (see publish)
        self._publishing: dict[int, asyncio.Future[None]] = {}

    # -- languages ------------------------------------------------------------------------------
    def user_lang(self, interaction: discord.Interaction) -> str:
        return lang_of(getattr(interaction, "locale", None), self.default_language)

    async def guild_lang(self, guild_id: int | None) -> str:
        if guild_id is None:
            return self.default_language
        settings = await self.service.get_settings(guild_id)
        return settings.language if settings.language in LANGUAGES else self.default_language

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
                        statuses: Sequence[str] = OPEN, prefer_active: bool = False) -> GameInfo:
        """The game a command means: the one named, or the only fitting one in this channel
        (preferring games where the user is seated, then where they must act)."""
        if game_id is not None:
            info = await self.service.status(game_id)
            if info.guild_id != interaction.guild_id:
                raise ServiceError("error.no_game", game=game_id)
            return info
        if interaction.guild_id is None:
            raise Refusal("bot.guild_only")
        games = [g for g in await self.service.list_games(interaction.guild_id,
                                                          interaction.channel_id)
                 if g.status in statuses]
        if not games:
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

    async def send_post(self, channel: Any, post: present.Post) -> Any:
        return await patiently(lambda: channel.send(**post.kwargs()))

    def channel_for(self, info: GameInfo, interaction: discord.Interaction | None = None) -> Any:
        if interaction is not None and interaction.channel is not None \
                and interaction.channel_id == info.channel_id:
            return interaction.channel
        return (self.client.get_channel(info.channel_id)
                or self.client.get_partial_messageable(info.channel_id))

    # -- after a change -------------------------------------------------------------------------
    def queue_publish(self, game_id: int) -> PublishTurn:
        """A place in the queue of the game's posts. Take it as soon as the service has answered
        (before any ``await``): the posts and DMs of a game then go out in the order of its
        changes, even when a slow send (a rate limit, a big picture) holds one back."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        previous = self._publishing.get(game_id)
        self._publishing[game_id] = done
        return PublishTurn(self, game_id, previous, done)

    async def publish(self, outcome: Outcome, channel: Any, lang: str | None = None,
                      turn: PublishTurn | None = None) -> Any:
        """Post what a change did in the game's channel (one message), then DM the hands that
        changed; in the order of the game's changes (``queue_publish``)."""
        info = outcome.game
        async with turn or self.queue_publish(info.id):
            lang = lang or await self.guild_lang(info.guild_id)
            if outcome.public is None:
                notices = [tr_msg(n, lang, info.title) for n in outcome.notices]
                post = present.Post(content="\n".join([*notices,
                                                       present.status_text(info, lang)]))
                message = await self.send_post(channel, post)
            else:
                message = await self.post_turn(info, outcome.public, outcome.new_log,
                                               outcome.notices, channel, lang,
                                               ping=outcome.ping)
            await self.deliver_privates(outcome, channel, lang)
            return message

    async def post_turn(self, info: GameInfo, public: View, new_log: Sequence[Any],
                        notices: Sequence[Msg], channel: Any, lang: str,
                        ping: Sequence[int] = ()) -> Any:
        role_views = await self.active_views(info)
        picture = await board_png(public, lang)
        post = present.turn_post(info, public, new_log, notices, role_views, lang, picture,
                                 ping=ping)
        message = await self.send_post(channel, post)
        await self._replace_board_message(info, channel, message)
        return message

    async def _replace_board_message(self, info: GameInfo, channel: Any, message: Any) -> None:
        """Take the components off the previous board post (its choices are stale now) and
        remember the new one."""
        new_id = getattr(message, "id", None)
        old_id = info.board_message_id
        if old_id and old_id != new_id:
            try:
                await channel.get_partial_message(old_id).edit(view=None)
            except (discord.HTTPException, AttributeError):
                pass  # deleted, or not ours to edit: its presses answer "moved on" anyway
        if isinstance(new_id, int):
            await self.service.set_board_message(info.id, new_id)

    async def active_views(self, info: GameInfo) -> dict[str, View]:
        """The View of the active role, when exactly one role must act (its choices may be
        posted); none when several choose at once (they choose in secret)."""
        if info.status != "active" or len(info.active_roles) != 1:
            return {}
        role = info.active_roles[0]
        owner = info.seats.get(role)
        if owner is None:
            return {}
        views = await self.service.views_for(info.id, owner)
        return {role: views[role]} if role in views else {}

    async def deliver_privates(self, outcome: Outcome, channel: Any, lang: str) -> None:
        info = outcome.game
        public_seqs = {line.seq for line in outcome.public.log} if outcome.public else set()
        for user_id, views in outcome.privates.items():
            for view in views.values():
                delivery = await self.send_hand(info, view, user_id, lang, public_seqs)
                if delivery is Delivery.CLOSED:
                    if await self.service.note_dm_closed(info.id, user_id):
                        await self.send_post(channel, present.Post(
                            content=t("bot.dm_closed", lang, player=present.mention(user_id)),
                            ping=[user_id]))
                    break  # one notice per player, and no more attempts this time

    async def send_hand(self, info: GameInfo, view: View, user_id: int, lang: str,
                        public_seqs: set[int]) -> Delivery:
        text = present.hand_text(info, view, lang, public_seqs)
        picture = await hand_png(view, lang)
        post = present.Post(content=text, picture=picture, picture_name="hand.png")

        def message() -> dict[str, Any]:
            kwargs = post.kwargs()
            kwargs.pop("allowed_mentions", None)
            return kwargs

        return await send_dm(self.client, user_id, message)

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
                                                   rules, lang, page=page)
            await self.reply(interaction, "\n".join(lines), view=components)
            header = ""

    # -- presses of persistent components -------------------------------------------------------
    async def on_press(self, interaction: discord.Interaction, press: codec.Press) -> None:
        await interaction.response.defer()
        lang = self.user_lang(interaction)
        try:
            if not press.game.isdigit():
                raise ServiceError("error.no_game", game=press.game)
            game_id = int(press.game)
            if press.kind != "join":
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
        if info.version != press.version:
            await self.moved_on(interaction, game_id, lang)
            return
        owner = info.seats.get(press.role)
        view = (await self.service.views_for(game_id, owner)).get(press.role) if owner else None
        if view is None:
            await self.moved_on(interaction, game_id, lang)
            return
        if not 0 <= press.index < len(view.actions):
            # A value the menu never offered (Discord checks it; a forged press may not).
            await self.offer_choices(interaction, game_id, lang,
                                     header="⛔ " + t("bot.not_a_choice", lang))
            return
        choice = view.actions[press.index]
        try:
            outcome = await self.service.act(game_id, interaction.user.id, choice.verb,
                                             choice.arg, expected_version=press.version,
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
        lang = self.user_lang(interaction)
        log.info("press on an unknown component %r", custom_id[:100])
        try:
            await interaction.response.send_message(
                "⛔ " + t("bot.unknown_component", lang), ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("cannot answer a press on an unknown component: %s", exc)

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


class PublishTurn:
    """A game's place in the queue of its posts (``Table.queue_publish``): entering waits for
    the posts of the changes before it (at most ``PUBLISH_ORDER_WAIT`` seconds, so one lost
    send cannot stop a game's posts for good); leaving lets the next one go."""

    def __init__(self, table: Table, game_id: int, previous: asyncio.Future[None] | None,
                 done: asyncio.Future[None]) -> None:
        self.table = table
        self.game_id = game_id
        self.previous = previous
        self.done = done

    async def __aenter__(self) -> PublishTurn:
        if self.previous is not None and not self.previous.done():
            try:
                await asyncio.wait_for(asyncio.shield(self.previous), PUBLISH_ORDER_WAIT)
            except TimeoutError:
                log.warning("game %s: the post before this one takes too long; posting on",
                            self.game_id)
            except BaseException:
                await self.__aexit__()   # cancelled while waiting: let the next one go
                raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        if not self.done.done():
            self.done.set_result(None)
        if self.table._publishing.get(self.game_id) is self.done:
            del self.table._publishing[self.game_id]
