"""How a game lives in its channel: one live post per turn, pings that mean something, the
questions that interrupt a turn asked privately, hands kept current by DM, the lobby post, the
game's own thread, and the channel brought up to date after a restart.

The rule (DESIGN, "The table in a channel"): while the turn (``View.turn.key``) stays the same,
every change edits the turn post (picture, the turn's log lines, the question, the buttons). A
new post, pinging exactly the players who now must act, only when the turn passes, and at the
start and the end of the game. An active role outside ``View.turn.roles`` answers a question
that interrupts the turn: it is asked by DM (or, where DMs are closed, by one short channel
message with a ping, deleted once answered), and the turn post says whom it waits for.

Everything here runs inside the game's publishing queue (``PublishTurn``): the posts of a game
go out in the order of its changes, and the memo (``bot.cogs.memo``) is read and written by one
publish at a time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.cogs import codec, present
from bot.cogs.components import BribeButton, SecretButton, VoteButton
from bot.cogs.computer import ComputerSeats
from bot.cogs.memo import Ask, HandMessage, SentMessage, TableMemo
from bot.cogs.negotiation import NegotiationThreads
from bot.cogs.pictures import board_png, hand_png
from bot.dm import Delivery, dm_message, patiently
from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, supported_language, t, tr_msg
from bot.service import GameInfo, Outcome, TableService, computer_level
from games.core import LogLine, View, msg

log = logging.getLogger(__name__)

NOBODY = 0  # no Discord user has the id 0: the service answers it with the spectators' View
# How long a game's post waits for the post of the change before it (see PublishTurn).
PUBLISH_ORDER_WAIT = 120.0
THREAD_NAME_MAX = 100
MEMO_CACHE_SIZE = 4096


def jump_link(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def edit_kwargs(post: present.Post) -> dict[str, Any]:
    """The keyword arguments of a message edit that makes the message show ``post`` (its
    picture replaces the old one; no picture removes it)."""
    kwargs = post.kwargs()
    file = kwargs.pop("file", None)
    kwargs["attachments"] = [file] if file is not None else []
    kwargs.setdefault("embed", None)
    kwargs["view"] = post.view
    return kwargs


class Publisher:
    """The posting half of ``Table``: everything that goes out after a change."""

    def __init__(self, service: TableService, client: discord.Client,
                 default_language: str = DEFAULT_LANGUAGE) -> None:
        self.service = service
        self.client = client
        self.default_language = default_language if default_language in LANGUAGES else "en"
        # game id -> the end of the latest publish of that game (see queue_publish)
        self._publishing: dict[int, asyncio.Future[None]] = {}
        self._memos: dict[int, TableMemo] = {}
        self.computers = ComputerSeats(service, self.publish)
        self.negotiations = NegotiationThreads(self)

    # -- languages ------------------------------------------------------------------------------
    async def guild_lang(self, guild_id: int | None) -> str:
        if guild_id is None:
            return self.default_language
        settings = await self.service.get_settings(guild_id)
        return settings.language if settings.language in LANGUAGES else self.default_language

    async def lang_of_user(self, user_id: int, guild_id: int | None) -> str:
        """The language of what is addressed to one player: their choice, else their Discord
        client's (as last seen), else the server's."""
        player = await self.service.get_player(user_id)
        if player.language in LANGUAGES:
            return player.language  # type: ignore[return-value]
        client = supported_language(player.locale)
        return client or await self.guild_lang(guild_id)

    # -- where a game posts ---------------------------------------------------------------------
    def channel_by_id(self, channel_id: int) -> Any:
        return (self.client.get_channel(channel_id)
                or self.client.get_partial_messageable(channel_id))

    def channel_for(self, info: GameInfo, interaction: discord.Interaction | None = None) -> Any:
        """Where the game's posts go: its thread when it has one, else its channel."""
        target = info.thread_id or info.channel_id
        if interaction is not None and interaction.channel is not None \
                and interaction.channel_id == target:
            return interaction.channel
        return self.channel_by_id(target)

    async def send_post(self, channel: Any, post: present.Post) -> Any:
        return await patiently(lambda: channel.send(**post.kwargs()))

    async def edit_message(self, channel_id: int, message_id: int, **kwargs: Any) -> bool:
        """Edit a message the bot sent; False when it is gone (deleted, or not reachable)."""
        message = self.channel_by_id(channel_id).get_partial_message(message_id)
        try:
            await patiently(lambda: message.edit(**kwargs))
        except discord.NotFound:
            return False
        except discord.HTTPException as exc:
            log.warning("cannot edit message %s: %s", message_id, exc)
            return False
        return True

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        message = self.channel_by_id(channel_id).get_partial_message(message_id)
        try:
            await patiently(message.delete)
        except discord.HTTPException:
            pass  # already gone: nothing to take back

    # -- the memo -------------------------------------------------------------------------------
    async def memo(self, game_id: int) -> TableMemo:
        memo = self._memos.get(game_id)
        if memo is None:
            memo = TableMemo.model_validate(await self.service.table_memo(game_id))
            if len(self._memos) >= MEMO_CACHE_SIZE:
                self._memos.pop(next(iter(self._memos)))
            self._memos[game_id] = memo
        return memo

    async def keep_memo(self, game_id: int, memo: TableMemo) -> None:
        self._memos[game_id] = memo
        await self.service.save_table_memo(game_id, memo.model_dump())

    # -- the queue of a game's posts ------------------------------------------------------------
    def queue_publish(self, game_id: int) -> PublishTurn:
        """A place in the queue of the game's posts. Take it as soon as the service has answered
        (before any ``await``): the posts and DMs of a game then go out in the order of its
        changes, even when a slow send (a rate limit, a big picture) holds one back."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        previous = self._publishing.get(game_id)
        self._publishing[game_id] = done
        return PublishTurn(self, game_id, previous, done)

    # -- the lobby ------------------------------------------------------------------------------
    async def show_lobby(self, info: GameInfo, headline: str = "",
                         interaction: discord.Interaction | None = None) -> None:
        """The game's one lobby post, made or brought up to date (seats, the join buttons)."""
        async with self.queue_publish(info.id):
            lang = await self.guild_lang(info.guild_id)
            memo = await self.memo(info.id)
            post = present.lobby_post(info, lang, headline)
            if memo.lobby_post is not None and await self.edit_message(
                    info.channel_id, memo.lobby_post, **edit_kwargs(post)):
                return
            message = await self.send_post(self.channel_for(info, interaction), post)
            if isinstance(getattr(message, "id", None), int):
                memo.lobby_post = message.id
                await self.keep_memo(info.id, memo)

    # -- after a change -------------------------------------------------------------------------
    async def publish(self, outcome: Outcome, channel: Any = None, lang: str | None = None,
                      turn: PublishTurn | None = None) -> Any:
        """Show what a change did: the turn post made or edited, pings, hands by DM, questions
        asked privately; in the order of the game's changes (``queue_publish``). Returns the
        turn post (or the notice posted)."""
        info = outcome.game
        try:
            return await self._publish(outcome, channel, lang, turn)
        finally:
            self.computers.wake(info)

    async def _publish(self, outcome: Outcome, channel: Any, lang: str | None,
                       turn: PublishTurn | None) -> Any:
        info = outcome.game
        async with turn or self.queue_publish(info.id):
            lang = lang or await self.guild_lang(info.guild_id)
            memo = await self.memo(info.id)
            if outcome.public is None:
                notices = [tr_msg(n, lang, info.title) for n in outcome.notices]
                post = present.Post(content="\n".join([*notices,
                                                       present.status_text(info, lang)]))
                message = await self.send_post(channel or self.channel_for(info), post)
                if info.status == "lobby":
                    await self._refresh_lobby(info, memo, lang)
                return message
            if info.status != "lobby" and memo.lobby_post is not None:
                await self._close_lobby(info, memo, lang)
            if memo.thread and info.thread_id is None and outcome.public.result is None:
                info = await self._open_thread(info, lang)
            await self._strip_old_posts(memo)    # left over by a bot that died
            message = await self._show_turn(info, outcome, memo, lang)
            await self._deliver_privates(outcome, memo, lang)
            await self._ask_privately(info, outcome.public, memo)
            await self._tell_bribes(info, outcome.public, memo)
            await self._follow_negotiation(info, outcome.public, memo)
            memo.posted = max(memo.posted, info.version)
            await self.keep_memo(info.id, memo)
            return message

    async def _follow_negotiation(self, info: GameInfo, public: View, memo: TableMemo) -> None:
        """A negotiation's private thread (``bot.cogs.negotiation``); its trouble never stops
        the game's posts."""
        try:
            await self.negotiations.follow(info, public, memo)
        except Exception:  # noqa: BLE001 - the turn post and the hands went out all the same
            log.exception("game %s: cannot follow the negotiation", info.id)

    async def _tell_bribes(self, info: GameInfo, public: View, memo: TableMemo) -> None:
        """A bribe offered (Pax Romana §4.4, the board's ``bribes``) goes to the bribed player
        by DM, once, in their language; the answer is theirs to give with /game bribe_answer.
        The channel reads the offer and the payment in the log."""
        board = public.board if isinstance(public.board, dict) else {}
        offers = [o for o in board.get("bribes") or [] if isinstance(o, dict)]
        keys = [f"{o.get('by')}>{o.get('to')}:{o.get('n')}" for o in offers]
        memo.bribes_told = [k for k in memo.bribes_told if k in keys]
        for offer, key in zip(offers, keys, strict=True):
            if key in memo.bribes_told:
                continue
            memo.bribes_told.append(key)
            user = info.seats.get(str(offer.get("to")))
            if not user or computer_level(user) is not None:
                continue
            lang = await self.lang_of_user(user, info.guild_id)
            text = t("bot.bribe_offered_dm", lang, heading=present.game_heading(info, lang),
                     giver=present.role_name(info, str(offer.get("by")), lang),
                     role=present.role_name(info, str(offer.get("to")), lang),
                     n=offer.get("n"))
            components = discord.ui.View(timeout=None)
            rules = present.rules_of(info.title)
            for answer in ("accept", "refuse"):
                label = rules.tr(msg(f"choice.bribe_{answer}", who=f"@power.{offer.get('by')}",
                                     n=offer.get("n")), lang)
                components.add_item(BribeButton(
                    codec.Press("bribe", str(info.id), role=str(offer.get("by")), vote=answer),
                    label))
            try:
                await dm_message(self.client, user,
                                 lambda x=text, v=components: {"content": x, "view": v})
            except Exception:  # noqa: BLE001 - the offer stands in the log all the same
                log.exception("game %s: cannot tell a bribe by DM", info.id)

    async def _refresh_lobby(self, info: GameInfo, memo: TableMemo, lang: str) -> None:
        if memo.lobby_post is not None:
            await self.edit_message(info.channel_id, memo.lobby_post,
                                    **edit_kwargs(present.lobby_post(info, lang)))

    async def _close_lobby(self, info: GameInfo, memo: TableMemo, lang: str) -> None:
        """The game has started: the lobby post keeps its seats, loses its buttons."""
        post = present.lobby_post(info, lang)
        post.view = None
        await self.edit_message(info.channel_id, memo.lobby_post, **edit_kwargs(post))
        memo.lobby_post = None

    async def _open_thread(self, info: GameInfo, lang: str) -> GameInfo:
        """The game begins in a thread of its own: one line in the channel, the thread on it."""
        channel = self.channel_by_id(info.channel_id)
        line = t("bot.thread_started", lang, heading=present.game_heading(info, lang),
                 players=present.players_of(info, info.roles, lang))
        message = await self.send_post(channel, present.Post(content=line))
        try:
            thread = await message.create_thread(
                name=present.clip(present.game_heading(info, lang), THREAD_NAME_MAX))
        except (discord.HTTPException, AttributeError) as exc:
            log.warning("game %s: no thread (%s); playing in the channel", info.id, exc)
            return info
        await self.service.set_thread(info.id, thread.id)
        return info.model_copy(update={"thread_id": thread.id})

    async def _show_turn(self, info: GameInfo, outcome: Outcome, memo: TableMemo,
                         lang: str) -> Any:
        public = outcome.public
        assert public is not None
        finished = public.result is not None or info.status in ("finished", "ended")
        key = public.turn.key if public.turn is not None else None
        started = any(n.key == "notice.started" for n in outcome.notices)
        new_turn = (started or finished or memo.turn_post is None or key != memo.turn_key)
        if new_turn:
            first = [line.seq for line in outcome.new_log]
            memo.turn_from = min(first) if first else (public.log[-1].seq + 1 if public.log
                                                       else 0)
            memo.turn_key = key
            memo.pinged = []
            if not finished:
                memo.turns += 1
        lines = await self.turn_lines(info, memo)
        holders, asked = self.split_active(info, public, memo, new_turn)
        mention: list[int] = []
        if new_turn and not finished and info.status == "active":
            mention = await self._notify_turn(info, public, holders, memo)
        role_views = await self.active_views(info, holders)
        picture = await board_png(public, lang)
        summary: list[str] = []
        if finished:
            try:
                figures = await self.service.end_figures(info.id)
                summary = present.end_summary(info, figures, lang)
            except Exception:  # noqa: BLE001 - the end is posted without its summary then
                log.exception("game %s: no summary of the end", info.id)
        post = present.turn_post(info, public, lines, outcome.notices, role_views, lang,
                                 picture, ping=mention, asked=asked,
                                 turns=memo.turns if finished else None, summary=summary)
        channel = self.channel_for(info)
        target = getattr(channel, "id", None) or info.thread_id or info.channel_id
        if not new_turn and memo.turn_post is not None:
            looks = present.post_digest(post)
            if looks == memo.turn_looks and not _offers_choices(post):
                # Nothing a reader would see changed (a secret choice made). Choices on the
                # post are renewed all the same: their presses carry the game's version.
                return None
            if await self.edit_message(target, memo.turn_post, **edit_kwargs(post)):
                memo.turn_looks = looks
                return None
        message = await self.send_post(channel, post)
        old = memo.turn_post
        new_id = getattr(message, "id", None)
        memo.turn_post = new_id if isinstance(new_id, int) else None
        memo.turn_looks = present.post_digest(post)
        if old is not None and old != memo.turn_post:
            # The previous turn's post keeps its picture and lines, loses its stale buttons.
            # Kept first: a bot that dies now edits the new post after its restart (not a
            # second one) and takes the old post's buttons off then.
            memo.unstripped.append(SentMessage(channel=target, message=old))
            await self.keep_memo(info.id, memo)
        await self._strip_old_posts(memo)
        if finished:
            await self._tell_parent_channel_the_end(info, public, memo, lang)
        return message

    async def _strip_old_posts(self, memo: TableMemo) -> None:
        """Take the buttons off the old turn posts that still have them (``unstripped``)."""
        while memo.unstripped:
            old = memo.unstripped[0]
            await self.edit_message(old.channel, old.message, view=None)
            memo.unstripped.pop(0)

    async def turn_lines(self, info: GameInfo, memo: TableMemo) -> list[LogLine]:
        return await self.service.log_since(info.id, memo.turn_from)

    @staticmethod
    def split_active(info: GameInfo, public: View, memo: TableMemo,
                     new_turn: bool) -> tuple[list[str], list[str]]:
        """The active roles that hold the turn (asked in the turn post), and those asked
        privately: a question that interrupts the turn, or a player who newly must act in a
        turn whose post already went out (an edit notifies nobody)."""
        if info.status != "active" or public.result is not None:
            return [], []
        active = [r for r in public.active if r in info.roles]
        holding = set(public.turn.roles) if public.turn is not None else set(active)
        holders = [r for r in active if r in holding]
        asked = [r for r in active if r not in holding]
        if not new_turn:
            pinged = set(memo.pinged)
            late = [r for r in holders if info.seats.get(r) not in pinged]
            holders = [r for r in holders if r not in late]
            asked += late
        return holders, asked

    async def _notify_turn(self, info: GameInfo, public: View, holders: Sequence[str],
                           memo: TableMemo) -> list[int]:
        """Tell the players who now hold the turn: a mention in the new post, or a "your turn"
        DM, as each chose. Returns the users to mention."""
        users = list(dict.fromkeys(u for r in holders if (u := info.seats.get(r))
                                   and computer_level(u) is None))
        mention: list[int] = []
        for user in users:
            player = await self.service.get_player(user)
            if player.notify in ("mention", "both"):
                mention.append(user)
            if player.notify in ("dm", "both"):
                ulang = await self.lang_of_user(user, info.guild_id)
                roles = [r for r in holders if info.seats.get(r) == user]
                text = t("bot.your_turn_dm", ulang, heading=present.game_heading(info, ulang),
                         roles=", ".join(present.role_name(info, r, ulang) for r in roles),
                         prompt=present.rules_of(info.title).tr(public.prompt_msg, ulang),
                         channel=f"<#{info.thread_id or info.channel_id}>")
                delivery, _ = await dm_message(self.client, user, lambda x=text: {"content": x})
                if delivery is not Delivery.SENT and user not in mention:
                    mention.append(user)   # the DM did not arrive: a mention after all
            memo.pinged.append(user)
        return mention

    async def _tell_parent_channel_the_end(self, info: GameInfo, public: View, memo: TableMemo,
                                           lang: str) -> None:
        if info.thread_id is None or memo.ended_line:
            return
        line = t("bot.thread_ended", lang, heading=present.game_heading(info, lang),
                 result=present.result_text(info, public, lang), thread=f"<#{info.thread_id}>")
        await self.send_post(self.channel_by_id(info.channel_id), present.Post(content=line))
        memo.ended_line = True

    async def active_views(self, info: GameInfo, holders: Sequence[str] | None = None
                           ) -> dict[str, View]:
        """The View of the active role, when exactly one role holds the turn and must act (its
        choices may be posted); none when several choose at once (they choose in secret)."""
        roles = list(holders) if holders is not None else info.active_roles
        if info.status != "active" or len(roles) != 1:
            return {}
        role = roles[0]
        owner = info.seats.get(role)
        if owner is None:
            return {}
        views = await self.service.views_for(info.id, owner)
        return {role: views[role]} if role in views else {}

    # -- hands ----------------------------------------------------------------------------------
    async def _deliver_privates(self, outcome: Outcome, memo: TableMemo, lang: str) -> None:
        """Each changed hand by DM, in its player's language: the hand message is edited when
        there is one, sent when there is none (or it is gone)."""
        info = outcome.game
        public_seqs = {line.seq for line in outcome.public.log} if outcome.public else set()
        for user_id, views in outcome.privates.items():
            if computer_level(user_id) is not None:
                continue   # the computer reads its View, not a DM
            ulang = await self.lang_of_user(user_id, info.guild_id)
            for role, view in views.items():
                if not view.private:
                    continue
                delivery = await self._send_hand(info, role, view, user_id, ulang, public_seqs,
                                                 memo)
                if delivery is Delivery.CLOSED:
                    if await self.service.note_dm_closed(info.id, user_id):
                        await self.send_post(self.channel_for(info), present.Post(
                            content=t("bot.dm_closed", lang, player=present.mention(user_id)),
                            ping=[user_id]))
                    break  # one notice per player, and no more attempts this time

    async def _send_hand(self, info: GameInfo, role: str, view: View, user_id: int, lang: str,
                         public_seqs: set[int], memo: TableMemo) -> Delivery:
        text = present.hand_text(info, view, lang, public_seqs)
        picture = await hand_png(view, lang)
        stamp = present.digest(text, picture)
        kept = memo.hands.get(role)
        if kept is not None and kept.digest == stamp:
            return Delivery.SENT
        post = present.Post(content=text, picture=picture, picture_name="hand.png")
        if kept is not None:
            kwargs = edit_kwargs(post)
            kwargs.pop("allowed_mentions", None)
            kwargs.pop("view", None)
            if await self.edit_message(kept.channel, kept.message, **kwargs):
                kept.digest = stamp
                return Delivery.SENT

        def message() -> dict[str, Any]:
            kwargs = post.kwargs()
            kwargs.pop("allowed_mentions", None)
            return kwargs

        delivery, sent = await dm_message(self.client, user_id, message)
        if delivery is Delivery.SENT and sent is not None and isinstance(
                getattr(sent, "id", None), int):
            memo.hands[role] = HandMessage(channel=sent.channel.id, message=sent.id,
                                           digest=stamp)
        return delivery

    # -- questions asked privately --------------------------------------------------------------
    async def _ask_privately(self, info: GameInfo, public: View, memo: TableMemo) -> None:
        new_turn = False
        _holders, asked = self.split_active(info, public, memo, new_turn)
        wanted = {r: u for r in asked
                  if (u := info.seats.get(r)) and computer_level(u) is None}
        for role, ask in list(memo.asks.items()):
            if wanted.get(role) != ask.user:
                await self._close_ask(info, ask)
                del memo.asks[role]
        for role, user in wanted.items():
            views = await self.service.views_for(info.id, user)
            view = views.get(role)
            if view is None or not view.actions:
                continue
            await self._ask(info, public, role, user, view, memo)

    async def _ask(self, info: GameInfo, public: View, role: str, user: int, view: View,
                   memo: TableMemo) -> None:
        fp = present.fingerprint(view)
        ask = memo.asks.get(role)
        if ask is not None and ask.fingerprint == fp:
            return
        lang = await self.lang_of_user(user, info.guild_id)
        post = present.question_post(info, public, role, view, lang)
        if ask is not None and ask.where == "dm":
            kwargs = edit_kwargs(post)
            kwargs.pop("allowed_mentions", None)
            if await self.edit_message(ask.channel, ask.message, **kwargs):
                ask.fingerprint = fp
                return
        elif ask is not None:
            ask.fingerprint = fp     # the channel message asks the player to look: still true
            return

        def message() -> dict[str, Any]:
            kwargs = post.kwargs()
            kwargs.pop("allowed_mentions", None)
            return kwargs

        delivery, sent = await dm_message(self.client, user, message)
        if delivery is Delivery.SENT and sent is not None:
            memo.asks[role] = Ask(channel=sent.channel.id, message=sent.id, user=user,
                                  where="dm", fingerprint=fp)
            if user not in memo.pinged:
                memo.pinged.append(user)
            return
        # DMs closed: one short message in the game's channel, with a ping and a button that
        # opens the player's choices privately; deleted once answered.
        clang = await self.guild_lang(info.guild_id)
        rules = present.rules_of(info.title)
        text = t("bot.asked_in_channel", clang, player=present.mention(user),
                 role=present.role_name(info, role, clang),
                 prompt=rules.tr(public.prompt_msg, clang))
        components = discord.ui.View(timeout=None)
        components.add_item(SecretButton(codec.Press("secret", str(info.id), info.version),
                                         t("bot.button.mine", clang)))
        channel = self.channel_for(info)
        sent = await self.send_post(channel, present.Post(content=text, view=components,
                                                          ping=[user]))
        if isinstance(getattr(sent, "id", None), int):
            memo.asks[role] = Ask(channel=getattr(channel, "id", None) or info.channel_id,
                                  message=sent.id, user=user, where="channel", fingerprint=fp)
        if user not in memo.pinged:
            memo.pinged.append(user)

    async def _close_ask(self, info: GameInfo, ask: Ask) -> None:
        """The question is answered (or no longer asked): the DM keeps its text and loses its
        buttons; the channel message goes away."""
        if ask.where == "channel":
            await self.delete_message(ask.channel, ask.message)
        else:
            await self.edit_message(ask.channel, ask.message, view=None)

    # -- the vote after the turn time ran out ---------------------------------------------------
    async def post_timer_vote(self, info: GameInfo, text: str, mention: Sequence[int],
                              roles: Sequence[int], votes: bool = True) -> None:
        """The expiry notice, with buttons for the other players: more time, or end the game
        as abandoned (a majority decides)."""
        async with self.queue_publish(info.id):
            lang = await self.guild_lang(info.guild_id)
            memo = await self.memo(info.id)
            components = discord.ui.View(timeout=None)
            for vote in ("extend", "abandon") if votes else ():
                components.add_item(VoteButton(
                    codec.Press("vote", str(info.id), info.version, vote=vote),
                    t(f"bot.button.vote_{vote}", lang)))
            mentions_allowed = discord.AllowedMentions(
                everyone=False, users=[discord.Object(id=u) for u in mention],
                roles=[discord.Object(id=r) for r in roles])
            channel = self.channel_for(info)
            message = await patiently(lambda: channel.send(
                content=text, view=components, allowed_mentions=mentions_allowed))
            if isinstance(getattr(message, "id", None), int):
                if memo.timer_post is not None:
                    await self.edit_message(memo.timer_post.channel, memo.timer_post.message,
                                            view=None)
                memo.timer_post = SentMessage(channel=getattr(channel, "id", None)
                                              or info.channel_id, message=message.id)
                await self.keep_memo(info.id, memo)

    async def close_timer_vote(self, info: GameInfo, text: str) -> None:
        memo = await self.memo(info.id)
        if memo.timer_post is None:
            return
        await self.edit_message(memo.timer_post.channel, memo.timer_post.message,
                                content=text, view=None)
        memo.timer_post = None
        await self.keep_memo(info.id, memo)

    # -- after a restart ------------------------------------------------------------------------
    async def catch_up(self) -> int:
        """Bring every game's channel up to date with its stored state: a move committed while
        the bot died before posting it is shown now; a negotiation that ended (or whose five
        minutes ran out) meanwhile is finished in its thread. Returns how many games were
        behind."""
        behind = 0
        for info in await self.service.games_to_show():
            memo = await self.memo(info.id)
            if memo.posted >= info.version:
                if memo.negotiation is not None:
                    try:
                        await self.negotiations.settle(info)
                    except Exception:
                        log.exception("game %s: cannot settle the negotiation", info.id)
                self.computers.wake(info)
                continue
            behind += 1
            try:
                outcome = await self.service.snapshot(info.id)
                await self.publish(outcome)
            except Exception:
                log.exception("game %s: cannot bring its channel up to date", info.id)
        return behind


def _offers_choices(post: present.Post) -> bool:
    """Whether the post carries a role's choices (buttons or menus bound to a version)."""
    for item in post.view.children if post.view is not None else []:
        press = codec.decode(getattr(item, "custom_id", "") or "")
        if press is not None and press.kind in ("choice", "menu", "more"):
            return True
    return False


class PublishTurn:
    """A game's place in the queue of its posts (``Publisher.queue_publish``): entering waits
    for the posts of the changes before it (at most ``PUBLISH_ORDER_WAIT`` seconds, so one lost
    send cannot stop a game's posts for good); leaving lets the next one go."""

    def __init__(self, table: Publisher, game_id: int, previous: asyncio.Future[None] | None,
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


