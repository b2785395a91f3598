"""A bot over a real TableService with Discord mocked: a channel (and threads) that keep every
message with its edits and deletion, users whose DMs are kept the same way, and mocked
interactions that record the order of their calls. It counts what a channel sees: posts,
edits, pings."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord

from bot.client import TableBot
from bot.cogs import components
from bot.service import TableService

A, B, C = 101, 102, 103
MOD, OUTSIDER = 500, 999
GUILD, CHANNEL = 7_000_000_000_000_000_001, 8_000_000_000_000_000_002
DM_BASE = 9_000_000_000_000_000_000


def forbidden(code: int = 50007) -> discord.Forbidden:
    response = MagicMock(status=403, reason="Forbidden")
    return discord.Forbidden(response, {"code": code, "message": "Cannot send messages"})


def not_found() -> discord.NotFound:
    response = MagicMock(status=404, reason="Not Found")
    return discord.NotFound(response, {"code": 10008, "message": "Unknown Message"})


@dataclass
class Sent:
    """A message the bot sent: what it showed first, each edit, and what it shows now."""

    id: int
    channel: FakeChannel
    first: dict[str, Any]
    now: dict[str, Any]
    edits: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False

    def get(self, key: str, default: Any = None) -> Any:
        return self.now.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.now[key]

    def __contains__(self, key: str) -> bool:
        return self.now.get(key) is not None

    @property
    def pinged(self) -> list[int]:
        """Whom the first version of the message notified (edits notify nobody)."""
        allowed = self.first.get("allowed_mentions")
        users = getattr(allowed, "users", None)
        if not users or users is True:
            return []
        return [u.id for u in users]

    async def create_thread(self, name: str, **_: Any) -> FakeChannel:
        return self.channel.harness.new_thread(name, self)


class FakeChannel:
    """A channel, thread or DM channel: ``send`` keeps the message; partial messages edit or
    delete it (a deleted one answers 404)."""

    def __init__(self, harness: Harness, channel_id: int, kind: str = "channel",
                 user: FakeUser | None = None) -> None:
        self.harness = harness
        self.id = channel_id
        self.kind = kind
        self.user = user
        self.messages: list[Sent] = []
        self.send = AsyncMock(side_effect=self._send)
        self.name = ""
        # a private thread's members, and what archived or locked it
        self.members: list[int] = []
        self.archived = False
        self.locked = False
        self.parent: FakeChannel | None = None

    async def _send(self, **kwargs: Any) -> Any:
        if self.user is not None and self.user.dms_closed:
            raise forbidden()
        if self.locked:
            raise forbidden(50083)    # a locked thread takes no more posts
        h = self.harness
        h.calls.append((h.current, "post" if self.kind != "dm" else "dm"))
        sent = Sent(id=next(h.message_ids), channel=self, first=dict(kwargs), now=dict(kwargs))
        self.messages.append(sent)
        h.by_id[sent.id] = sent
        return SimpleNamespace(id=sent.id, channel=SimpleNamespace(id=self.id),
                               create_thread=sent.create_thread)

    def get_partial_message(self, message_id: int) -> Any:
        h = self.harness

        async def edit(**kwargs: Any) -> None:
            sent = h.by_id.get(message_id)
            if sent is None or sent.deleted or sent.channel is not self:
                raise not_found()
            if message_id in h.slow_edits:
                await h.slow_edits.pop(message_id).wait()
            h.calls.append((h.current, "edit"))
            sent.edits.append(kwargs)
            for key, value in kwargs.items():
                sent.now[key] = value
            if "attachments" in kwargs:
                files = kwargs["attachments"]
                sent.now["file"] = files[0] if files else None

        async def delete() -> None:
            sent = h.by_id.get(message_id)
            if sent is None or sent.deleted:
                raise not_found()
            h.calls.append((h.current, "delete"))
            sent.deleted = True

        return SimpleNamespace(id=message_id, edit=AsyncMock(side_effect=edit),
                               delete=AsyncMock(side_effect=delete))

    async def create_thread(self, *, name: str, type: Any = None, invitable: bool = True,
                            **_: Any) -> FakeChannel:
        """A thread without a message: private (``type`` private_thread) or public; only a
        channel has threads."""
        assert self.kind == "channel", "a thread is started in a channel, not in " + self.kind
        private = type == discord.ChannelType.private_thread
        thread = self.harness.new_thread(name, None, "private" if private else "thread")
        thread.parent = self
        self.harness.calls.append((self.harness.current, "thread"))
        return thread

    async def add_user(self, user: Any) -> None:
        assert self.kind in ("thread", "private"), "members are added to a thread"
        self.harness.calls.append((self.harness.current, "add_member"))
        if user.id not in self.members:
            self.members.append(user.id)

    async def edit(self, *, archived: bool | None = None, locked: bool | None = None,
                   **_: Any) -> FakeChannel:
        assert self.kind in ("thread", "private"), "only a thread is archived or locked"
        self.harness.calls.append((self.harness.current, "edit_thread"))
        if archived is not None:
            self.archived = archived
        if locked is not None:
            self.locked = locked
        return self


class FakeUser:
    def __init__(self, harness: Harness, user_id: int, dms_closed: bool = False) -> None:
        self.id = user_id
        self.mention = f"<@{user_id}>"
        self.dms_closed = dms_closed
        self.dm_channel = FakeChannel(harness, DM_BASE + user_id, "dm", self)
        harness.channels[self.dm_channel.id] = self.dm_channel
        self.send = self.dm_channel.send

    @property
    def dms(self) -> list[Sent]:
        """The DMs the user got, as they read now."""
        return [m for m in self.dm_channel.messages if not m.deleted]


class Harness:
    """A bot over a real service, a channel that records posts, users that record DMs, and a
    factory of mocked interactions that record the order of their calls."""

    def __init__(self, service: TableService, bot: TableBot) -> None:
        self.service = service
        self.bot = bot
        self.calls: list[tuple[int, str]] = []   # (interaction number, what)
        self.ids = itertools.count(1)
        self.current = 0
        self.message_ids = itertools.count(900_000)
        self.thread_ids = itertools.count(8_100_000_000_000_000_000)
        self.by_id: dict[int, Sent] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.slow_edits: dict[int, Any] = {}
        self.channel = FakeChannel(self, CHANNEL)
        self.channels[CHANNEL] = self.channel
        self.users = {u: FakeUser(self, u) for u in (A, B, C, MOD, OUTSIDER)}
        bot.get_user = lambda uid: self.users.get(uid)  # type: ignore[method-assign]
        bot.fetch_user = AsyncMock(side_effect=lambda uid: self.users[uid])  # type: ignore[method-assign]
        bot.get_channel = lambda cid: self.channels.get(cid)  # type: ignore[method-assign]
        bot.get_partial_messageable = lambda cid, **_: self.channels[cid]  # type: ignore[method-assign]

    def adopt(self, before: Harness) -> None:
        """Take over the world of ``before`` (after a restart of the bot): its channels,
        messages and users' DMs."""
        self.channels = before.channels
        self.by_id = before.by_id
        self.message_ids = before.message_ids
        self.thread_ids = before.thread_ids
        self.users = before.users
        self.channel = before.channel
        self.calls = before.calls
        for channel in self.channels.values():
            channel.harness = self
        self.bot.get_user = lambda uid: self.users.get(uid)  # type: ignore[method-assign]
        self.bot.get_channel = lambda cid: self.channels.get(cid)  # type: ignore[method-assign]
        self.bot.get_partial_messageable = (  # type: ignore[method-assign]
            lambda cid, **_: self.channels[cid])

    def new_thread(self, name: str, parent_message: Sent | None,
                   kind: str = "thread") -> FakeChannel:
        thread = FakeChannel(self, next(self.thread_ids), kind)
        thread.name = name
        self.channels[thread.id] = thread
        return thread

    # -- interactions ---------------------------------------------------------------------------
    def interaction(self, user: int, *, locale: discord.Locale = discord.Locale.british_english,
                    manage: bool = False, ephemeral_message: bool = False,
                    values: list[str] | None = None, channel: FakeChannel | None = None,
                    **namespace: Any) -> MagicMock:
        number = next(self.ids)
        where = channel or self.channel
        it = MagicMock()
        it.number = number
        it.client = self.bot
        it.user = SimpleNamespace(id=user, mention=f"<@{user}>", roles=[],
                                  guild_permissions=SimpleNamespace(manage_guild=manage))
        it.guild_id, it.channel_id, it.channel = GUILD, where.id, where
        it.locale = locale
        it.namespace = SimpleNamespace(**namespace)
        it.data = {"values": values or []}
        it.message = SimpleNamespace(flags=SimpleNamespace(ephemeral=ephemeral_message))
        it.followups = []

        def record(what: str, keep: list | None = None):
            async def effect(*args: Any, **kwargs: Any) -> MagicMock:
                self.calls.append((number, what))
                if keep is not None:
                    keep.append({"content": args[0] if args else kwargs.get("content"),
                                 **kwargs})
                return MagicMock()
            return effect

        it.response.defer = AsyncMock(side_effect=record("defer"))
        it.followup.send = AsyncMock(side_effect=record("followup", it.followups))
        it.edit_original_response = AsyncMock(side_effect=record("edit_reply"))
        self.current = number  # posts in the channel count for the latest interaction
        return it

    def order(self, it: MagicMock) -> list[str]:
        return [what for number, what in self.calls if number == it.number]

    async def command(self, name: str, user: int, *args: Any, manage: bool = False,
                      locale: discord.Locale = discord.Locale.british_english,
                      channel: FakeChannel | None = None, **kwargs: Any) -> MagicMock:
        it = self.interaction(user, manage=manage, locale=locale, channel=channel)
        command = self.bot.tree.get_command(name) if " " not in name else None
        if command is None:
            group, sub = name.split(" ")
            command = self.bot.tree.get_command(group).get_command(sub)  # type: ignore[union-attr]
        await command.callback(command.binding, it, *args, **kwargs)  # type: ignore[union-attr]
        assert self.order(it)[0] == "defer", "defer must come first"
        return it

    async def press(self, custom_id: str, user: int, *, ephemeral_message: bool = False,
                    values: list[str] | None = None,
                    locale: discord.Locale = discord.Locale.british_english) -> MagicMock:
        it = self.interaction(user, ephemeral_message=ephemeral_message, values=values,
                              locale=locale)
        item = await components.item_for(it, custom_id)
        assert item is not None, custom_id
        await item.callback(it)
        assert self.order(it)[0] == "defer", "defer must come first"
        return it

    # -- reading what was posted ----------------------------------------------------------------
    @property
    def posts(self) -> list[Sent]:
        """The messages in the channel and the game threads, oldest first, as they read now."""
        out = [m for c in self.channels.values() if c.kind != "dm" for m in c.messages]
        return sorted(out, key=lambda m: m.id)

    @property
    def last_post(self) -> Sent:
        return self.posts[-1]

    def contents(self) -> list[str]:
        """Every text the channel ever showed (each message's first version and its edits)."""
        out: list[str] = []
        for m in self.posts:
            for version in [m.first, *m.edits]:
                if version.get("content"):
                    out.append(version["content"])
                embed = version.get("embed")
                if embed is not None and embed.description:
                    out.append(embed.description)
        return out

    def count(self, what: str) -> int:
        return sum(1 for _, w in self.calls if w == what)

    @property
    def private_threads(self) -> list[FakeChannel]:
        """The private threads the bot opened (a negotiation's), oldest first."""
        return [c for c in self.channels.values() if c.kind == "private"]


# -- playing through what the bot shows -------------------------------------------------------

def component_ids(view: Any) -> list[str]:
    return [item.custom_id for item in view.children] if view is not None else []


async def press_choice_index(h: Harness, panels: list[Any], index: int, user: int,
                             ephemeral: bool) -> MagicMock:
    """Press, as ``user``, the component among ``panels`` that stands for choice ``index``:
    its button, its select menu, or "more choices" until it shows up."""
    for panel in panels:
        for item in panel.children:
            if isinstance(item, components.ChoiceButton) and item.press.index == index:
                return await h.press(item.custom_id, user, ephemeral_message=ephemeral)
            if isinstance(item, components.ChoiceMenu) and str(index) in [
                    o.value for o in item.item.options]:
                return await h.press(item.custom_id, user, ephemeral_message=ephemeral,
                                     values=[str(index)])
    for panel in panels:
        for item in panel.children:
            if isinstance(item, components.MoreButton):
                more = await h.press(item.custom_id, user, ephemeral_message=ephemeral)
                page = [f["view"] for f in more.followups if f.get("view") is not None]
                return await press_choice_index(h, page, index, user, True)
    raise AssertionError(f"no component for choice {index}")


async def where_asked(h: Harness, game: int, role: str, user: int) -> tuple[str, list[Any]]:
    """Where the bot offers ``role`` its choices now, as its player finds them: ``dm`` (a
    question asked privately), ``channel`` (buttons on the turn post) or ``ephemeral`` (a
    private menu behind a "my choices" button); and the components to press."""
    memo = await h.bot.table.memo(game)
    ask = memo.asks.get(role)
    if ask is not None and ask.where == "dm":
        message = h.by_id[ask.message]
        assert message.channel is h.users[user].dm_channel
        return "dm", [message["view"]]
    if ask is not None:
        secret = component_ids(h.by_id[ask.message]["view"])[0]
    else:
        assert memo.turn_post is not None
        post = h.by_id[memo.turn_post]
        ids = component_ids(post.get("view"))
        if not any(cid.startswith("gx:") for cid in ids):
            return "channel", [post["view"]]
        secret = next(cid for cid in ids if cid.startswith("gx:"))
    menu = await h.press(secret, user)
    return "ephemeral", [f["view"] for f in menu.followups if f.get("view") is not None]


class ChannelRule:
    """Checks, move by move, the rule of the channel: a new post exactly when the turn passes
    (and at the end), pinging exactly the players who now hold the turn; otherwise an edit of
    the turn post, pinging nobody."""

    def __init__(self, h: Harness, game: int) -> None:
        self.h = h
        self.game = game
        self.turns = 0
        self.key: str | None = None
        self.posts = 0
        self.pings: list[int] = []

    async def start(self) -> None:
        public = await self.h.bot.table.public_view(self.game)
        self.key = public.turn.key if public.turn else None
        self.turns = 1
        self.posts = self.count()
        self.pings = list(self.h.last_post.pinged)

    def count(self) -> int:
        return len([m for m in self.h.posts if not m.deleted and not _is_notice(m)])

    async def after_move(self) -> None:
        h = self.h
        info = await h.service.status(self.game)
        public = await h.bot.table.public_view(self.game)
        key = public.turn.key if public.turn else None
        now = self.count()
        if public.result is not None or info.status in ("finished", "ended"):
            assert now == self.posts + 1, "the end of the game is one new post"
            assert h.last_post.pinged == []
        elif key != self.key:
            self.turns += 1
            assert now == self.posts + 1, ("the turn passed: one new post", self.key, key)
            holders = [r for r in public.active if public.turn and r in public.turn.roles]
            expected = list(dict.fromkeys(info.seats[r] for r in holders if info.seats.get(r)))
            assert h.last_post.pinged == expected, (h.last_post.pinged, expected)
            self.pings += expected
        else:
            assert now == self.posts, ("the same turn: the post is edited", key)
        self.key = key
        self.posts = now


def _is_notice(message: Sent) -> bool:
    """A short message that is not a turn post: the closed-DMs notice, a question asked in the
    channel (deleted once answered), a shared picture."""
    content = message.first.get("content") or ""
    return "DMs are closed" in content or "your DMs are closed" in content



def live_choices(message: Sent) -> list[str]:
    """The components of a message that make or open a move (not a finished game's rematch or
    export buttons)."""
    return [cid for cid in component_ids(message.get("view"))
            if not cid.startswith(("gr:", "ge:"))]
