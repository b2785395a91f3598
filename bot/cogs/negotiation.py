"""A negotiation in a private thread of its parties (Pax Romana's Negotiate, §4.1, §4.3, §4.4).

While the engine's ``negotiate`` frame is on the stack the public board carries
``"negotiation": {"by": role, "invited": [role]}``. The bot follows it after every change of the
game (inside the game's publishing queue, ``Publisher._publish``):

* it begins (a Negotiate action, or the Alliance card of the Advanced Game, §4.2, whose kind
  the board's negotiation names as ``card``): a private thread in the game's channel (a game
  played in a thread of its own gets the negotiation's thread in that thread's parent
  channel: Discord has no thread in a thread),
  for exactly the people among the parties (computer seats left out, a player holding several
  Powers added once), with a post in each reader's language: who negotiates with whom, the
  rulebook's five minutes as a relative timestamp, and that words are the players' own while
  transfers go through the game's buttons;
* a Power is invited: its player is added, and the thread says so;
* the five minutes are up: a polite note (``remind_due``, from the timer loop); nothing is
  enforced, the negotiating player ends it with the engine's "end" choice;
* it ends: a closing line with what changed hands (from the log) and the thread archived and
  locked.

What the bot knows of it is in the table memo (``TableMemo.negotiation``): a restart edits the
same thread, and ``Publisher.catch_up`` finishes a negotiation that ended meanwhile.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.cogs import present
from bot.cogs.memo import NegotiationMemo, TableMemo
from bot.dm import patiently
from bot.i18n import t
from bot.service import GameInfo, computer_level
from games.core import LogLine, View

if TYPE_CHECKING:
    from bot.cogs.publish import Publisher

log = logging.getLogger(__name__)

NEGOTIATION_SECONDS = 5 * 60       # §4.3.1: the negotiators have five minutes
ARCHIVE_MINUTES = 1440             # Discord archives a quiet thread after a day
THREAD_NAME_MAX = 100
SPECTATOR = 0                      # no Discord user has the id 0: the spectators' View
# Log lines that say what a negotiation carried out (§4.3.1): a transfer (``log.deal_…``), or an
# alliance concluded (``log.alliance2`` … ``log.alliance4``, as many Powers); a refusal changed
# nothing.
AGREED = re.compile(r"log\.deal_(?!refused$)\w+|log\.alliance\d")


def negotiation_of(public: View) -> dict[str, Any] | None:
    """The negotiation under way on the public board, if any."""
    board = public.board if isinstance(public.board, dict) else {}
    found = board.get("negotiation")
    return found if isinstance(found, dict) and found.get("by") else None


def start_of(public: View, by: str, card: Any = None) -> int | None:
    """The log line that began ``by``'s latest Negotiate (or, with ``card``, its playing of
    that card: the Alliance card, §4.2), when the View's log still holds it."""
    for line in reversed(public.log):
        args = line.msg.args if line.msg is not None else {}
        if line.msg is None or args.get("power") != f"@power.{by}":
            continue
        if card is None and line.msg.key == "log.action" \
                and args.get("action") == "@action.negotiate":
            return line.seq
        if card is not None and line.msg.key == "log.card_played" \
                and args.get("card") == f"@card.{card}":
            return line.seq
    return None


def agreed(lines: list[LogLine], until: int | None = None) -> list[LogLine]:
    """The lines of a negotiation that say what it carried out (before ``until``)."""
    return [line for line in lines
            if line.msg is not None and AGREED.fullmatch(line.msg.key)
            and (until is None or line.seq < until)]


def people(info: GameInfo, roles: list[str]) -> list[int]:
    """The persons holding ``roles``, each once, in order (no computer, no empty seat)."""
    return list(dict.fromkeys(u for r in roles if (u := info.seats.get(r))
                              and computer_level(u) is None))


class NegotiationThreads:
    """The private threads of the negotiations of every game the publisher shows."""

    def __init__(self, table: Publisher) -> None:
        self.table = table
        self.open: set[int] = set()      # games with a negotiation followed (for the reminder)

    def now(self) -> float:
        return self.table.service.now().timestamp()

    # -- after a change -------------------------------------------------------------------------
    async def follow(self, info: GameInfo, public: View, memo: TableMemo) -> None:
        """Bring the negotiation's thread in line with the game (inside the game's publishing
        queue; the caller keeps the memo)."""
        current = negotiation_of(public) if info.status in ("active", "paused") \
            and public.result is None else None
        kept = memo.negotiation
        start = start_of(public, current["by"], current.get("card")) \
            if current is not None else None
        if kept is not None and (current is None or current["by"] != kept.by
                                 or (start is not None and start > kept.start)):
            await self.close(info, memo, until=start if current is not None else None)
        if current is None:
            self.open.discard(info.id)
            return
        if memo.negotiation is None:
            first = start if start is not None else (public.log[-1].seq if public.log else 0)
            memo.negotiation = NegotiationMemo(by=current["by"], start=first,
                                               deadline=self.now() + NEGOTIATION_SECONDS)
        self.open.add(info.id)
        invited = [r for r in current.get("invited") or [] if isinstance(r, str)]
        board = public.board if isinstance(public.board, dict) else {}
        await self._bring_in(info, memo, invited, current.get("card"),
                             board.get("cards") is not None)
        await self._remind_if_due(info, memo)

    async def _bring_in(self, info: GameInfo, memo: TableMemo, invited: list[str],
                        card: Any = None, cards: bool = False) -> None:
        """The thread opened once a person is a party; the parties' players added and told
        (``card``: the kind of the card that opened the negotiation, §4.2; ``cards``: cards
        change hands too, §4.3.1 in the Advanced Game)."""
        neg = memo.negotiation
        assert neg is not None
        users = people(info, [neg.by, *invited])
        if neg.failed or not users:
            return
        thread = None
        if neg.thread is None:
            thread = await self._create(info, neg)
            if thread is None:
                neg.failed = True
                return
            neg.thread = thread.id
            await self.table.keep_memo(info.id, memo)   # one thread, even if the bot dies now
        newcomers = [u for u in users if u not in neg.members]
        if newcomers:
            await self._add(info, neg, thread or await self._thread(neg.thread), newcomers)
        if not neg.opened:
            neg.invited = list(invited)
            await self._say(info, neg, lambda lang: "\n".join([
                t("bot.negotiation.opened_card" if card else "bot.negotiation.opened", lang,
                  by=present.players_of(info, [neg.by], lang),
                  invited=present.players_of(info, invited, lang)
                  or t("bot.negotiation.nobody_yet", lang),
                  card=present.engine_text(info.title, f"card.{card}", lang) or "",
                  deadline=f"<t:{int(neg.deadline)}:R>"),
                t("bot.negotiation.how_cards" if cards else "bot.negotiation.how", lang,
                  by=present.role_name(info, neg.by, lang))]),
                ping=users)
            neg.opened = True
            return
        joining = [r for r in invited if r not in neg.invited]
        if joining:
            neg.invited = list(invited)
            await self._say(info, neg, lambda lang: t(
                "bot.negotiation.joined", lang, who=present.players_of(info, joining, lang)),
                ping=newcomers)

    async def _create(self, info: GameInfo, neg: NegotiationMemo) -> Any:
        """A private thread for the negotiation in the game's channel (never in a thread)."""
        lang = await self.table.guild_lang(info.guild_id)
        name = present.clip(t("bot.negotiation.thread_name", lang, id=info.id,
                              by=present.role_name(info, neg.by, lang)), THREAD_NAME_MAX)
        try:
            parent = self.table.client.get_channel(info.channel_id) \
                or await self.table.client.fetch_channel(info.channel_id)
            return await patiently(lambda: parent.create_thread(
                name=name, type=discord.ChannelType.private_thread, invitable=False,
                auto_archive_duration=ARCHIVE_MINUTES))
        except (discord.HTTPException, AttributeError) as exc:
            log.warning("game %s: no thread for the negotiation (%s)", info.id, exc)
            return None

    async def _thread(self, thread_id: int) -> Any:
        thread = self.table.client.get_channel(thread_id)
        if thread is None or not hasattr(thread, "add_user"):
            thread = await self.table.client.fetch_channel(thread_id)
        return thread

    async def _add(self, info: GameInfo, neg: NegotiationMemo, thread: Any,
                   users: list[int]) -> None:
        for user in users:
            try:
                await patiently(lambda u=user: thread.add_user(discord.Object(id=u)))
            except discord.HTTPException as exc:
                log.warning("game %s: cannot add %s to the negotiation (%s)", info.id, user, exc)
                continue
            neg.members.append(user)

    async def _say(self, info: GameInfo, neg: NegotiationMemo, text: Callable[[str], str],
                   ping: list[int] | None = None) -> None:
        """One post in the thread, in the language of each of its readers (each language once,
        the negotiating player's first)."""
        if neg.thread is None:
            return
        langs: list[str] = []
        for user in neg.members or people(info, [neg.by]):
            lang = await self.table.lang_of_user(user, info.guild_id)
            if lang not in langs:
                langs.append(lang)
        if not langs:
            langs.append(await self.table.guild_lang(info.guild_id))
        content = "\n\n".join(text(lang) for lang in langs)
        try:
            await self.table.send_post(self.table.channel_by_id(neg.thread),
                                       present.Post(content=content, ping=list(ping or [])))
        except discord.HTTPException as exc:
            log.warning("game %s: cannot post in the negotiation's thread (%s)", info.id, exc)

    # -- the five minutes -----------------------------------------------------------------------
    async def _remind_if_due(self, info: GameInfo, memo: TableMemo) -> bool:
        neg = memo.negotiation
        if neg is None or neg.thread is None or neg.reminded or self.now() < neg.deadline:
            return False
        neg.reminded = True
        await self._say(info, neg, lambda lang: t(
            "bot.negotiation.time_up", lang, by=present.role_name(info, neg.by, lang)))
        return True

    async def remind_due(self) -> int:
        """The polite note in each negotiation whose five minutes are up (from the timer loop);
        returns how many were posted."""
        posted = 0
        for game in sorted(self.open):
            async with self.table.queue_publish(game):
                memo = await self.table.memo(game)
                if memo.negotiation is None:
                    self.open.discard(game)
                    continue
                if memo.negotiation.reminded or self.now() < memo.negotiation.deadline:
                    continue
                info = await self.table.service.status(game)
                if await self._remind_if_due(info, memo):
                    posted += 1
                    await self.table.keep_memo(game, memo)
        return posted

    # -- the end --------------------------------------------------------------------------------
    async def close(self, info: GameInfo, memo: TableMemo, until: int | None = None) -> None:
        """The negotiation is over: what the game carried out (from its first log line to
        ``until``), then the thread archived and locked."""
        neg = memo.negotiation
        assert neg is not None
        if neg.thread is not None and not neg.closing:
            lines = agreed(await self.table.service.log_since(info.id, neg.start), until)
            rules = present.rules_of(info.title)

            def closing(lang: str) -> str:
                if not lines:
                    return t("bot.negotiation.closed_nothing", lang)
                return t("bot.negotiation.closed", lang,
                         what="\n".join("• " + rules.tr(line.msg, lang) for line in lines))

            await self._say(info, neg, closing)
            neg.closing = True
            await self.table.keep_memo(info.id, memo)   # said once, even if the bot dies now
        if neg.thread is not None:
            await self._archive(info, neg.thread)
        memo.negotiation = None
        self.open.discard(info.id)

    async def _archive(self, info: GameInfo, thread_id: int) -> None:
        try:
            thread = await self._thread(thread_id)
            try:
                await patiently(lambda: thread.edit(archived=True, locked=True))
            except discord.Forbidden:      # locking needs Manage Threads: archived is enough
                await patiently(lambda: thread.edit(archived=True))
        except (discord.HTTPException, AttributeError) as exc:
            log.warning("game %s: cannot archive the negotiation's thread (%s)", info.id, exc)

    # -- after a restart ------------------------------------------------------------------------
    async def settle(self, info: GameInfo) -> None:
        """A game whose channel is up to date but whose negotiation may have ended, or whose
        five minutes ran out, while the bot was away (``Publisher.catch_up``)."""
        async with self.table.queue_publish(info.id):
            memo = await self.table.memo(info.id)
            if memo.negotiation is None:
                return
            public = await self.table.service.view_for(info.id, SPECTATOR)
            await self.follow(info, public, memo)
            await self.table.keep_memo(info.id, memo)
