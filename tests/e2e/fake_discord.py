"""A small fake of the Discord API on 127.0.0.1, for end-to-end tests of the real bot process.

It serves what the bot uses of Discord, over real sockets, the way discord.py talks to it:

* REST under ``/api/v10``: the bot user and application info, ``/gateway/bot``, the command
  sync, interaction callbacks and webhook follow-ups (with files), channel messages with
  embeds, files and components, editing them (new files too), deleting them, threads started
  on a message (and posting into them), private threads started without a message, their
  members added, threads archived and locked, DM channels and DMs (edited too); attachments
  under ``/attachments`` (a scenario file a user attached);
* the gateway websocket at ``/gateway``: hello, identify, heartbeat and ack, ready, guild
  create, interaction create (slash commands, autocomplete, buttons, select menus), and resume
  after a dropped connection (missed events are replayed).

It records every message the bot sends (to the channel, its threads, by DM, as an interaction
reply) so a test can read them: a ``Message`` shows its current state (edits applied, ``deleted``
once deleted) and keeps how it first read (``first``, ``pings``) and when it changed
(``changed_at``). It plays the users: ``slash``, ``autocomplete`` and ``press`` send what
a user's click sends. Faults are switches: ``close_dms``, ``rate_limit``, ``hold`` (keep a
request waiting, to kill the bot in the middle of it) and ``drop_gateway``.

Everything runs on the test's event loop; every wait has a timeout.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any

from aiohttp import WSMsgType, web

API = "/api/v10"
EPHEMERAL = 1 << 6
MANAGE_GUILD = 1 << 5
# What @everyone may do in the test server: view, send, embed, attach, read history, use
# application commands.
EVERYONE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
CANNOT_MESSAGE_USER = 50007

_ids = itertools.count(1_300_000_000_000_000_000, 4096)


def snowflake() -> int:
    return next(_ids)


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


class WaitTimeout(AssertionError):
    """A wait of the test ran out of time (the message says what it waited for)."""


# -- what the fake knows of the world ---------------------------------------------------------------

@dataclass
class User:
    id: int
    name: str
    roles: list[int] = field(default_factory=list)
    locale: str = "en-GB"
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "global_name": self.name,
                "discriminator": "0", "avatar": None, "bot": self.bot, "public_flags": 0}

    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Message:
    """A message the bot sent, as the API keeps it (``payload``), with its files' bytes."""

    payload: dict[str, Any]
    files: dict[str, bytes]
    allowed_mentions: dict[str, Any] | None
    where: str                       # "channel", "thread", "dm" or "reply" (an interaction's)
    interaction: int | None = None   # the interaction a reply answers
    at: float = field(default_factory=time.monotonic)
    edits: list[dict[str, Any]] = field(default_factory=list)
    changed_at: list[float] = field(default_factory=list)   # when it was made, then edited
    deleted: bool = False
    first: dict[str, Any] = field(default_factory=dict)     # the payload as first sent

    def __post_init__(self) -> None:
        if not self.first:
            self.first = json.loads(json.dumps(self.payload))
        if not self.changed_at:
            self.changed_at.append(self.at)

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.payload.get("embeds") or []

    @property
    def text(self) -> str:
        """Content and embed texts together: everything a reader sees written."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
        return "\n".join(p for p in parts if p)

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.payload.get("flags") or 0) & EPHEMERAL)

    @property
    def components(self) -> list[dict[str, Any]]:
        """The interactive components (buttons, select menus), row by row."""
        out = []
        for row in self.payload.get("components") or []:
            out += row.get("components") or []
        return out

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components if c.get("custom_id")]

    def component(self, custom_id: str) -> dict[str, Any]:
        for c in self.components:
            if c.get("custom_id") == custom_id:
                return c
        raise KeyError(custom_id)

    @property
    def pinged(self) -> list[int] | None:
        """The users the message may ping (None: every mention pings), as it was sent (an edit
        notifies nobody)."""
        if self.allowed_mentions is None:
            return None
        return [int(u) for u in self.allowed_mentions.get("users") or []]

    @property
    def pings(self) -> list[int]:
        """The users the message notified when it was sent: mentioned in its first text and
        allowed by its allowed mentions (edits notify nobody)."""
        mentioned = [int(u) for u in re.findall(r"<@!?(\d+)>", self.first.get("content") or "")]
        allowed = self.pinged
        if allowed is None:
            parse = (self.allowed_mentions or {}).get("parse")
            allowed = mentioned if parse is None or "users" in parse else []
        return list(dict.fromkeys(u for u in mentioned if u in allowed))

    @property
    def live(self) -> bool:
        """Shown, with components a user may press."""
        return not self.deleted and bool(self.custom_ids)


@dataclass
class Interaction:
    """One interaction a simulated user made, and how the bot answered it."""

    id: int
    token: str
    type: int
    user: User
    payload: dict[str, Any]
    callback: dict[str, Any] | None = None         # the first response (type and data)
    replies: list[Message] = field(default_factory=list)   # follow-ups
    edits: list[dict[str, Any]] = field(default_factory=list)  # of the original message
    original: Message | None = None               # the message an immediate answer made
    sent_at: float = 0.0                          # when the user's click reached the gateway

    @property
    def text(self) -> str:
        """Everything the user read in answer: the follow-ups, the immediate answer, edits."""
        parts = [m.text for m in self.replies]
        if self.original is not None:
            parts.append(self.original.text)
        parts += [e.get("content") or "" for e in self.edits]
        return "\n".join(p for p in parts if p)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """What an autocomplete answered."""
        if self.callback is None or self.callback.get("type") != 8:
            return []
        return list((self.callback.get("data") or {}).get("choices") or [])


@dataclass
class Hold:
    """Requests matching ``method`` and ``path`` (regular expressions) wait until released (or
    the client is gone)."""

    method: str
    path: re.Pattern[str]
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)
    count: int = 0

    def release(self) -> None:
        self.released.set()


@dataclass
class Session:
    id: str
    seq: int = 0
    events: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None


# -- the fake --------------------------------------------------------------------------------------

class FakeDiscord:
    """One guild with one text channel, three users and the bot."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.bot_user = User(snowflake(), "Ancient Tables", bot=True)
        self.application_id = self.bot_user.id
        self.guild_id = snowflake()
        self.channel_id = snowflake()
        self.mod_role = snowflake()
        self.alice = User(snowflake(), "alice")
        self.bob = User(snowflake(), "bob")
        self.carol = User(snowflake(), "carol", roles=[self.mod_role])   # a moderator
        self.users = {u.id: u for u in (self.alice, self.bob, self.carol)}
        self.owner_id = snowflake()   # nobody here: no user is the all-powerful owner
        # records
        self.messages: dict[int, Message] = {}
        self.channel: list[Message] = []          # posts in the guild channel, in order
        self.threads: dict[int, dict[str, Any]] = {}   # thread id -> its channel payload
        self.thread_posts: dict[int, list[Message]] = {}   # thread id -> its posts, in order
        self.thread_members: dict[int, list[int]] = {}     # private thread id -> its members
        self.dms: dict[int, list[Message]] = {u: [] for u in self.users}
        self.dm_channels: dict[int, int] = {}     # user -> DM channel id
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: list[dict[str, Any]] = []
        self.requests: list[tuple[float, str, str, int]] = []   # (when, method, path, status)
        self.changes = 0                          # messages made, edited or deleted so far
        self.unknown_routes: list[str] = []
        self.refused_dms: list[int] = []          # users whose DM was refused (403 50007)
        self.rate_limited: list[str] = []         # paths answered 429
        self.attachments: dict[str, bytes] = {}
        # switches
        self.closed_dms: set[int] = set()
        self._rate_limits: list[tuple[re.Pattern[str], str, float]] = []
        self._holds: list[Hold] = []
        # gateway
        self.sessions: dict[str, Session] = {}
        self.session: Session | None = None
        self.identifies = 0
        self.shards: list[list[int]] = []          # the shard of each identify
        self.resumes = 0
        self.drops = 0
        self.ready = asyncio.Event()              # the commands were synced after the last identify
        self.connected = asyncio.Event()
        self._changed = asyncio.Condition()
        self._in_flight = 0
        self._last_request = time.monotonic()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- life ---------------------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_route("*", API + "/{path:.*}", self._rest)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{key}/{name}", self._attachment)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for hold in self._holds:
            hold.release()
        for session in self.sessions.values():
            if session.ws is not None and not session.ws.closed:
                await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base + API

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- waiting ------------------------------------------------------------------------------------
    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def until(self, check: Callable[[], Any], what: str, timeout: float = 20.0) -> Any:
        """Wait until ``check()`` is truthy (it is called after every change); its value."""
        deadline = time.monotonic() + timeout
        async with self._changed:
            while True:
                value = check()
                if value:
                    return value
                left = deadline - time.monotonic()
                if left <= 0:
                    raise WaitTimeout(f"waited {timeout:.0f} s for {what}; last requests: "
                                      f"{self.requests[-8:]}")
                try:
                    await asyncio.wait_for(self._changed.wait(), min(left, 0.25))
                except TimeoutError:
                    pass

    async def quiet(self, window: float = 0.3, timeout: float = 20.0) -> None:
        """Wait until the bot has had no request open for ``window`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            idle = time.monotonic() - self._last_request
            if self._in_flight == 0 and idle >= window:
                return
            if time.monotonic() > deadline:
                raise WaitTimeout(f"the bot did not go quiet within {timeout:.0f} s")
            await asyncio.sleep(max(0.02, window - idle) if self._in_flight == 0 else 0.02)

    # -- switches -----------------------------------------------------------------------------------
    def close_dms(self, user: User) -> None:
        self.closed_dms.add(user.id)

    def rate_limit(self, path: str, count: int, retry_after: float = 0.5,
                   method: str = "POST") -> None:
        """Answer the next ``count`` requests whose method and path match ``method`` and
        ``path`` (regular expressions; the path after /api/v10) with 429 and ``retry_after``."""
        pattern = re.compile(path)
        self._rate_limits += [(pattern, method, retry_after)] * count

    def hold(self, method: str, path: str) -> Hold:
        """Keep the next request matching ``method`` and ``path`` (regular expressions) waiting
        until released."""
        hold = Hold(method, re.compile(path))
        self._holds.append(hold)
        return hold

    async def drop_gateway(self) -> None:
        """Cut the bot's gateway connection without a goodbye (the bot should resume)."""
        session = self.session
        assert session is not None and session.ws is not None, "no gateway connection"
        ws = session.ws
        session.ws = None
        self.connected.clear()
        self.drops += 1
        transport = ws._req.transport if ws._req is not None else None  # type: ignore[attr-defined]
        if transport is not None:
            transport.abort()
        await self._notify()

    # -- REST ---------------------------------------------------------------------------------------
    def _authorised(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.token}"

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        self._in_flight += 1
        self._last_request = time.monotonic()
        path = "/" + request.match_info["path"]
        status = 500
        try:
            response = await self._route(request, path)
            status = response.status
            return response
        finally:
            self._in_flight -= 1
            self._last_request = time.monotonic()
            self.requests.append((round(time.monotonic(), 3), request.method, path, status))
            await self._notify()

    async def _route(self, request: web.Request, path: str) -> web.StreamResponse:
        method = request.method
        webhook = path.startswith(("/webhooks/", "/interactions/"))
        if not webhook and not self._authorised(request):
            return _error(401, 0, "401: Unauthorized")
        for index, (pattern, limited_method, retry_after) in enumerate(self._rate_limits):
            if re.fullmatch(limited_method, method) and pattern.fullmatch(path):
                del self._rate_limits[index]
                self.rate_limited.append(path)
                return _json(
                    {"message": "You are being rate limited.", "retry_after": retry_after,
                     "global": False, "code": 0}, status=429,
                    headers={"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))),
                             "X-RateLimit-Scope": "user"})
        for hold in list(self._holds):
            if re.fullmatch(hold.method, method) and hold.path.fullmatch(path):
                self._holds.remove(hold)
                hold.count += 1
                hold.arrived.set()
                await self._notify()
                await hold.released.wait()
                if request.transport is None or request.transport.is_closing():
                    return web.Response(status=499)   # the bot is gone: nothing was delivered
        for route_method, pattern, handler in self._routes():
            if route_method == method:
                match = re.fullmatch(pattern, path)
                if match is not None:
                    return await handler(request, *match.groups())
        self.unknown_routes.append(f"{method} {path}")
        return _error(404, 0, "404: Not Found")

    def _routes(self) -> Iterable[tuple[str, str, Callable[..., Any]]]:
        return [
            ("GET", r"/users/@me", self._me),
            ("GET", r"/oauth2/applications/@me", self._application),
            ("GET", r"/applications/@me", self._application),
            ("GET", r"/gateway/bot", self._gateway_bot),
            ("GET", r"/gateway", self._gateway_plain),
            ("PUT", r"/applications/(\d+)/commands", self._sync),
            ("PUT", r"/applications/(\d+)/guilds/(\d+)/commands", self._sync),
            ("GET", r"/applications/(\d+)/commands", self._list_commands),
            ("GET", r"/applications/(\d+)/guilds/(\d+)/commands", self._list_commands),
            ("POST", r"/interactions/(\d+)/([^/]+)/callback", self._callback),
            ("POST", r"/webhooks/(\d+)/([^/]+)", self._followup),
            ("PATCH", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._edit_reply),
            ("GET", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._get_reply),
            ("DELETE", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._delete_reply),
            ("POST", r"/channels/(\d+)/messages", self._post),
            ("PATCH", r"/channels/(\d+)/messages/(\d+)", self._edit),
            ("DELETE", r"/channels/(\d+)/messages/(\d+)", self._delete),
            ("POST", r"/channels/(\d+)/messages/(\d+)/threads", self._start_thread),
            ("POST", r"/channels/(\d+)/threads", self._start_private_thread),
            ("PUT", r"/channels/(\d+)/thread-members/(\d+)", self._add_thread_member),
            ("GET", r"/channels/(\d+)/thread-members", self._thread_member_list),
            ("PATCH", r"/channels/(\d+)", self._edit_channel),
            ("GET", r"/channels/(\d+)/messages/(\d+)", self._get_message),
            ("GET", r"/channels/(\d+)", self._get_channel),
            ("POST", r"/users/@me/channels", self._open_dm),
            ("GET", r"/users/(\d+)", self._get_user),
            ("GET", r"/guilds/(\d+)", self._get_guild),
        ]

    async def _me(self, request: web.Request) -> web.Response:
        return _json({**self.bot_user.payload(), "verified": True, "mfa_enabled": False,
                                  "flags": 0, "locale": "en-US"})

    async def _application(self, request: web.Request) -> web.Response:
        return _json({
            "id": str(self.application_id), "name": self.bot_user.name, "icon": None,
            "description": "", "rpc_origins": [], "bot_public": True,
            "bot_require_code_grant": False, "owner": self.alice.payload(), "summary": "",
            "verify_key": "0" * 64, "team": None, "flags": 0, "bot": self.bot_user.payload(),
            "interactions_endpoint_url": None, "redirect_uris": [], "tags": []})

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})

    async def _gateway_plain(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway_url})

    async def _sync(self, request: web.Request, app_id: str, guild_id: str | None = None
                    ) -> web.Response:
        given = await request.json()
        self.commands = []
        for command in given:
            self.commands.append({**command, "id": str(snowflake()),
                                  "application_id": str(self.application_id),
                                  "version": str(snowflake()), "default_member_permissions": None,
                                  **({"guild_id": guild_id} if guild_id else {})})
        self.ready.set()
        return _json(self.commands)

    async def _list_commands(self, request: web.Request, *_: str) -> web.Response:
        return _json(self.commands)

    # interactions
    async def _callback(self, request: web.Request, interaction_id: str, token: str
                        ) -> web.Response:
        record = self.interactions.get(int(interaction_id))
        if record is None or record.token != token:
            return _error(404, 10062, "Unknown interaction")
        if record.callback is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        body, files = await _read_body(request)
        record.callback = body
        answer: dict[str, Any] = {"interaction": {
            "id": interaction_id, "type": record.type,
            "response_message_loading": body.get("type") == 5,
            "response_message_ephemeral": bool(int((body.get("data") or {}).get("flags") or 0)
                                               & EPHEMERAL)}}
        if body.get("type") in (4, 7):
            data = body.get("data") or {}
            if body["type"] == 4:
                message = self._make(data, files, channel_id=_channel_of(record), where="reply",
                                     interaction=record.id)
                record.original = message
            else:   # update the message the component is on
                message = self._message_of(record)
                if message is not None:
                    self._apply_edit(message, data, files)
                record.edits.append(data)
            if message is not None:
                answer["resource"] = {"type": body["type"], "message": message.payload}
        return _json(answer)

    async def _followup(self, request: web.Request, app_id: str, token: str) -> web.Response:
        record = self.by_token.get(token)
        if record is None or record.callback is None:
            return _error(404, 10015, "Unknown Webhook")
        body, files = await _read_body(request)
        message = self._make(body, files, channel_id=_channel_of(record), where="reply",
                             interaction=record.id, webhook=True)
        record.replies.append(message)
        return _json(message.payload)

    async def _edit_reply(self, request: web.Request, app_id: str, token: str, which: str
                          ) -> web.Response:
        record = self.by_token.get(token)
        if record is None:
            return _error(404, 10015, "Unknown Webhook")
        body, files = await _read_body(request)
        if which == "@original":
            target = record.original or self._message_of(record)
            record.edits.append(body)
        else:
            target = self.messages.get(int(which))
        if target is None:
            # a deferred command's "thinking" answer: the edit becomes it
            target = self._make(body, files, channel_id=_channel_of(record), where="reply",
                                interaction=record.id, webhook=True)
            record.original = target
        else:
            self._apply_edit(target, body, files)
        return _json(target.payload)

    async def _get_reply(self, request: web.Request, app_id: str, token: str, which: str
                         ) -> web.Response:
        record = self.by_token.get(token)
        target = None
        if record is not None:
            target = (record.original or self._message_of(record)) if which == "@original" \
                else self.messages.get(int(which))
        if target is None:
            return _error(404, 10008, "Unknown Message")
        return _json(target.payload)

    async def _delete_reply(self, request: web.Request, *_: str) -> web.Response:
        return web.Response(status=204)

    def _message_of(self, record: Interaction) -> Message | None:
        raw = record.payload.get("message")
        return self.messages.get(int(raw["id"])) if raw else None

    # channels and messages
    def _channel_kind(self, channel_id: int) -> tuple[str, int | None] | None:
        if channel_id == self.channel_id:
            return "channel", None
        if channel_id in self.threads:
            return "thread", channel_id
        for user, dm in self.dm_channels.items():
            if dm == channel_id:
                return "dm", user
        return None

    async def _post(self, request: web.Request, channel: str) -> web.Response:
        kind = self._channel_kind(int(channel))
        if kind is None:
            return _error(404, 10003, "Unknown Channel")
        body, files = await _read_body(request)
        where, user = kind
        if where == "dm" and user in self.closed_dms:
            self.refused_dms.append(user)  # type: ignore[arg-type]
            return _error(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
        if where == "thread":
            metadata = self.threads[int(channel)]["thread_metadata"]
            if metadata["locked"]:
                return _error(403, 50083, "Thread is locked")
            metadata["archived"] = False      # a post in an archived thread unarchives it
        message = self._make(body, files, channel_id=int(channel), where=where)
        if where == "dm":
            self.dms[user].append(message)  # type: ignore[index]
        elif where == "thread":
            self.thread_posts[int(channel)].append(message)
        else:
            self.channel.append(message)
        return _json(message.payload)

    async def _edit(self, request: web.Request, channel: str, message_id: str) -> web.Response:
        message = self.messages.get(int(message_id))
        if message is None or message.deleted or message.channel_id != int(channel):
            return _error(404, 10008, "Unknown Message")
        body, files = await _read_body(request)
        self._apply_edit(message, body, files)
        return _json(message.payload)

    async def _delete(self, request: web.Request, channel: str, message_id: str
                      ) -> web.Response:
        message = self.messages.get(int(message_id))
        if message is None or message.deleted or message.channel_id != int(channel):
            return _error(404, 10008, "Unknown Message")
        message.deleted = True
        message.changed_at.append(time.monotonic())
        self.changes += 1
        return web.Response(status=204)

    async def _start_thread(self, request: web.Request, channel: str, message_id: str
                            ) -> web.Response:
        """A public thread started on one of the bot's channel messages."""
        message = self.messages.get(int(message_id))
        if message is None or message.deleted or message.channel_id != int(channel) \
                or int(channel) != self.channel_id:
            return _error(404, 10008, "Unknown Message")
        if any(int(t["id"]) == message.id for t in self.threads.values()):
            return _error(400, 160004, "A thread has already been created for this message")
        body = await request.json()
        thread_id = message.id          # as Discord does: the thread takes the message's id
        self.threads[thread_id] = {
            "id": str(thread_id), "type": 11, "guild_id": str(self.guild_id),
            "parent_id": str(self.channel_id), "owner_id": str(self.bot_user.id),
            "name": str(body.get("name") or "thread")[:100], "last_message_id": None,
            "rate_limit_per_user": int(body.get("rate_limit_per_user") or 0),
            "message_count": 0, "member_count": 1, "flags": 0, "total_message_sent": 0,
            "thread_metadata": {
                "archived": False, "auto_archive_duration": int(
                    body.get("auto_archive_duration") or 1440),
                "archive_timestamp": now_iso(), "locked": False}}
        self.thread_posts[thread_id] = []
        message.payload["thread"] = self.threads[thread_id]
        self.changes += 1
        await self.dispatch("THREAD_CREATE", {**self.threads[thread_id], "newly_created": True})
        return _json(self.threads[thread_id], status=201)

    async def _start_private_thread(self, request: web.Request, channel: str
                                    ) -> web.Response:
        """A thread started without a message in the guild channel: private (type 12) unless
        the body asks for a public one (type 11); a private thread has only the bot in it
        until members are added."""
        if int(channel) != self.channel_id:
            return _error(400, 50024, "Cannot execute action on this channel type")
        body = await request.json()
        kind = int(body.get("type") or 12)
        thread_id = snowflake()
        self.threads[thread_id] = {
            "id": str(thread_id), "type": kind, "guild_id": str(self.guild_id),
            "parent_id": str(self.channel_id), "owner_id": str(self.bot_user.id),
            "name": str(body.get("name") or "thread")[:100], "last_message_id": None,
            "rate_limit_per_user": int(body.get("rate_limit_per_user") or 0),
            "message_count": 0, "member_count": 1, "flags": 0, "total_message_sent": 0,
            "thread_metadata": {
                "archived": False, "auto_archive_duration": int(
                    body.get("auto_archive_duration") or 1440),
                "archive_timestamp": now_iso(), "locked": False,
                "invitable": bool(body.get("invitable", True))}}
        self.thread_posts[thread_id] = []
        self.thread_members[thread_id] = [self.bot_user.id]
        self.changes += 1
        await self.dispatch("THREAD_CREATE", {**self.threads[thread_id], "newly_created": True})
        return _json(self.threads[thread_id], status=201)

    async def _add_thread_member(self, request: web.Request, channel: str, user: str
                                 ) -> web.Response:
        thread = self.threads.get(int(channel))
        if thread is None:
            return _error(404, 10003, "Unknown Channel")
        if int(user) not in self.users:
            return _error(404, 10013, "Unknown User")
        if thread["thread_metadata"]["archived"]:
            return _error(400, 50083, "Thread is archived")
        members = self.thread_members.setdefault(int(channel), [self.bot_user.id])
        if int(user) not in members:
            members.append(int(user))
            thread["member_count"] = len(members)
            self.changes += 1
        return web.Response(status=204)

    async def _thread_member_list(self, request: web.Request, channel: str) -> web.Response:
        if int(channel) not in self.threads:
            return _error(404, 10003, "Unknown Channel")
        return _json([{"id": channel, "user_id": str(u), "join_timestamp": now_iso(),
                       "flags": 0} for u in self.thread_members.get(int(channel), [])])

    async def _edit_channel(self, request: web.Request, channel: str) -> web.Response:
        """A thread renamed, archived or locked (the guild channel itself is not edited)."""
        thread = self.threads.get(int(channel))
        if thread is None:
            return _error(403, 50013, "Missing Permissions")
        body = await request.json()
        metadata = thread["thread_metadata"]
        for key in ("archived", "locked", "invitable", "auto_archive_duration"):
            if key in body:
                metadata[key] = body[key]
        if "name" in body:
            thread["name"] = str(body["name"])[:100]
        self.changes += 1
        await self.dispatch("THREAD_UPDATE", thread)
        return _json(thread)

    async def _get_message(self, request: web.Request, channel: str, message_id: str
                           ) -> web.Response:
        message = self.messages.get(int(message_id))
        if message is None:
            return _error(404, 10008, "Unknown Message")
        return _json(message.payload)

    async def _get_channel(self, request: web.Request, channel: str) -> web.Response:
        if int(channel) == self.channel_id:
            return _json(self.channel_payload())
        if int(channel) in self.threads:
            return _json(self.threads[int(channel)])
        kind = self._channel_kind(int(channel))
        if kind is not None and kind[0] == "dm":
            return _json(self._dm_payload(kind[1]))  # type: ignore[arg-type]
        return _error(404, 10003, "Unknown Channel")

    async def _open_dm(self, request: web.Request) -> web.Response:
        body = await request.json()
        user = int(body["recipient_id"])
        if user not in self.users:
            return _error(400, 50033, "Invalid Recipient(s)")
        self.dm_channels.setdefault(user, snowflake())
        return _json(self._dm_payload(user))

    def _dm_payload(self, user: int) -> dict[str, Any]:
        return {"id": str(self.dm_channels[user]), "type": 1, "last_message_id": None,
                "recipients": [self.users[user].payload()]}

    async def _get_user(self, request: web.Request, user: str) -> web.Response:
        found = self.users.get(int(user)) or (self.bot_user if int(user) == self.bot_user.id
                                              else None)
        if found is None:
            return _error(404, 10013, "Unknown User")
        return _json(found.payload())

    async def _get_guild(self, request: web.Request, guild: str) -> web.Response:
        if int(guild) != self.guild_id:
            return _error(404, 10004, "Unknown Guild")
        return _json(self.guild_payload())

    async def _attachment(self, request: web.Request) -> web.Response:
        data = self.attachments.get(request.match_info["key"])
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, content_type="application/octet-stream")

    def _make(self, body: dict[str, Any], files: dict[str, bytes], *, channel_id: int,
              where: str, interaction: int | None = None, webhook: bool = False) -> Message:
        message_id = snowflake()
        payload: dict[str, Any] = {
            "id": str(message_id), "channel_id": str(channel_id), "type": 0,
            "author": self.bot_user.payload(), "content": body.get("content") or "",
            "timestamp": now_iso(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "pinned": False,
            "embeds": body.get("embeds") or [], "components": body.get("components") or [],
            "flags": int(body.get("flags") or 0), "attachments": [],
        }
        if where != "dm":
            payload["guild_id"] = str(self.guild_id)
        if webhook:
            payload["webhook_id"] = str(self.application_id)
            payload["application_id"] = str(self.application_id)
        payload["attachments"] = self._attachments(body, files)
        message = Message(payload=payload, files=dict(files),
                          allowed_mentions=body.get("allowed_mentions"), where=where,
                          interaction=interaction)
        self.messages[message_id] = message
        self.changes += 1
        return message

    def _attachments(self, body: dict[str, Any], files: dict[str, bytes]) -> list[dict[str, Any]]:
        out = []
        for name, data in files.items():
            key = str(snowflake())
            out.append({"id": key, "filename": name, "size": len(data),
                        "url": f"{self.base}/attachments/{key}/{name}",
                        "proxy_url": f"{self.base}/attachments/{key}/{name}",
                        "content_type": "image/png" if name.endswith(".png") else
                        "application/octet-stream"})
        return out

    def _apply_edit(self, message: Message, body: dict[str, Any], files: dict[str, bytes]
                    ) -> None:
        """The message as Discord shows it after an edit: the fields given replace the old
        ones; ``attachments`` lists the old files kept (by id), and new files come with it.
        Its allowed mentions stay those it was sent with: an edit notifies nobody."""
        message.edits.append({**body, "files": sorted(files)})
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message.payload[key] = body[key] if body[key] is not None else (
                    "" if key == "content" else [] if key != "flags" else 0)
        if "attachments" in body or files:
            listed = body.get("attachments")
            keep = ({str(a.get("id")) for a in listed or []} if listed is not None
                    else {str(a["id"]) for a in message.payload.get("attachments") or []})
            kept = [a for a in message.payload.get("attachments") or [] if str(a["id"]) in keep]
            kept_files = {a["filename"]: message.files[a["filename"]] for a in kept
                          if a["filename"] in message.files}
            message.payload["attachments"] = kept + self._attachments(body, files)
            message.files = {**kept_files, **files}
        message.payload["edited_timestamp"] = now_iso()
        message.changed_at.append(time.monotonic())
        self.changes += 1

    # -- the gateway --------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        try:
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op, data = message.get("op"), message.get("d")
                if op == 1:
                    await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    if (data or {}).get("token") != self.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    await self._identify(ws, (data or {}).get("shard") or [0, 1])
                elif op == 6:
                    await self._resume(ws, data or {})
        finally:
            if self.session is not None and self.session.ws is ws:
                self.session.ws = None
                self.connected.clear()
                await self._notify()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, shard: list[int]) -> None:
        self.identifies += 1
        self.shards.append(list(shard))
        self.ready.clear()
        session = Session(id=f"session-{self.identifies}")
        self.sessions[session.id] = session
        old = self.session
        self.session = session
        if old is not None and old.ws is not None and old.ws is not ws and not old.ws.closed:
            await old.ws.close()
        session.ws = ws
        self.connected.set()
        await self._send(session, "READY", {
            "v": 10, "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False,
                              "flags": 0},
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
            "session_id": session.id, "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [], "shard": shard,
            "session_type": "normal", "geo_ordered_rtc_regions": []})
        await self._send(session, "GUILD_CREATE", self.guild_payload())
        await self._notify()

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token or session is not self.session:
            await ws.send_json({"op": 9, "d": False, "s": None, "t": None})
            return
        self.resumes += 1
        session.ws = ws
        self.connected.set()
        after = int(data.get("seq") or 0)
        for seq, event in session.events:
            if seq > after:
                await ws.send_json(event)
        session.seq += 1
        await ws.send_json({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}})
        await self._notify()

    async def _send(self, session: Session, name: str, data: dict[str, Any]) -> None:
        session.seq += 1
        event = {"op": 0, "t": name, "s": session.seq, "d": data}
        session.events.append((session.seq, event))
        if session.ws is not None and not session.ws.closed:
            try:
                await session.ws.send_json(event)
            except ConnectionError:
                pass  # it is replayed on resume

    async def dispatch(self, name: str, data: dict[str, Any]) -> None:
        assert self.session is not None, "the bot never connected"
        if name == "INTERACTION_CREATE":
            record = self.interactions.get(int(data["id"]))
            if record is not None:
                record.sent_at = time.monotonic()
        await self._send(self.session, name, data)

    # -- the server as the bot sees it ------------------------------------------------------------
    def role_payloads(self) -> list[dict[str, Any]]:
        def role(role_id: int, name: str, permissions: int, position: int) -> dict[str, Any]:
            return {"id": str(role_id), "name": name, "color": 0, "colors": {
                "primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False, "icon": None, "unicode_emoji": None, "position": position,
                "permissions": str(permissions), "managed": False, "mentionable": False,
                "flags": 0}

        return [role(self.guild_id, "@everyone", EVERYONE_PERMISSIONS, 0),
                role(self.mod_role, "Moderators", EVERYONE_PERMISSIONS | MANAGE_GUILD, 1)]

    def channel_payload(self) -> dict[str, Any]:
        return {"id": str(self.channel_id), "type": 0, "guild_id": str(self.guild_id),
                "name": "battles", "position": 0, "permission_overwrites": [], "nsfw": False,
                "parent_id": None, "topic": None, "last_message_id": None,
                "rate_limit_per_user": 0, "flags": 0}

    def member_payload(self, user: User) -> dict[str, Any]:
        return {"user": user.payload(), "roles": [str(r) for r in user.roles], "nick": None,
                "avatar": None, "joined_at": "2025-01-01T00:00:00+00:00", "deaf": False,
                "mute": False, "flags": 0, "pending": False,
                "permissions": str(self.permissions_of(user))}

    def permissions_of(self, user: User) -> int:
        value = EVERYONE_PERMISSIONS
        if self.mod_role in user.roles:
            value |= MANAGE_GUILD
        return value

    def guild_payload(self) -> dict[str, Any]:
        bot_member = {"user": self.bot_user.payload(), "roles": [], "nick": None, "avatar": None,
                      "joined_at": "2025-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                      "flags": 0, "pending": False}
        return {
            "id": str(self.guild_id), "name": "Ancient Tables test server", "icon": None,
            "splash": None, "discovery_splash": None, "owner_id": str(self.owner_id),
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": self.role_payloads(), "emojis": [], "stickers": [], "features": [],
            "mfa_level": 0, "application_id": None, "system_channel_id": None,
            "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "description": None, "banner": None, "premium_tier": 0,
            "premium_subscription_count": 0, "preferred_locale": "en-US",
            "public_updates_channel_id": None, "nsfw_level": 0, "premium_progress_bar_enabled":
            False, "joined_at": "2025-01-01T00:00:00+00:00", "large": False,
            "unavailable": False, "member_count": 4, "voice_states": [],
            "members": [bot_member], "channels": [self.channel_payload()], "threads": [],
            "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [], "max_members": 500000, "safety_alerts_channel_id": None,
            "incidents_data": None, "max_video_channel_users": 25,
        }

    # -- simulated users ----------------------------------------------------------------------------
    def _interaction(self, kind: int, user: User, data: dict[str, Any],
                     message: Message | None = None, channel_id: int | None = None
                     ) -> Interaction:
        """An interaction of ``user`` in the guild channel, one of its threads (``channel_id``,
        or the thread of ``message``), or the user's DM with the bot (a press on a DM)."""
        interaction_id = snowflake()
        token = f"interaction-token-{interaction_id}"
        if channel_id is None:
            channel_id = message.channel_id if message is not None else self.channel_id
        payload: dict[str, Any] = {
            "id": str(interaction_id), "application_id": str(self.application_id),
            "type": kind, "data": data, "token": token, "version": 1,
            "app_permissions": str(EVERYONE_PERMISSIONS), "locale": user.locale,
            "entitlements": [], "attachment_size_limit": 10485760,
        }
        if channel_id in self.dm_channels.values():
            payload.update({
                "channel_id": str(channel_id), "channel": self._dm_payload(user.id),
                "user": user.payload(), "context": 1,
                "authorizing_integration_owners": {"0": str(self.guild_id)}})
        else:
            channel = (self.threads[channel_id] if channel_id in self.threads
                       else self.channel_payload())
            payload.update({
                "guild_id": str(self.guild_id),
                "guild": {"id": str(self.guild_id), "locale": "en-US", "features": []},
                "channel_id": str(channel["id"]), "channel": channel,
                "member": self.member_payload(user), "guild_locale": "en-US", "context": 0,
                "authorizing_integration_owners": {"0": str(self.guild_id)}})
        if message is not None:
            payload["message"] = message.payload
        record = Interaction(id=interaction_id, token=token, type=kind, user=user,
                             payload=payload)
        self.interactions[interaction_id] = record
        self.by_token[token] = record
        return record

    def _command(self, name: str) -> dict[str, Any]:
        for command in self.commands:
            if command["name"] == name and command.get("type", 1) == 1:
                return command
        raise KeyError(f"no command /{name} was synced")

    def _options(self, user: User, path: str, values: dict[str, Any], focused: str | None
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The data of an application command interaction: ``path`` is "game new" or "play"."""
        words = path.split()
        command = self._command(words[0])
        resolved: dict[str, Any] = {}
        given = command.get("options") or []
        options: list[dict[str, Any]] = []
        holder = options
        for word in words[1:]:
            sub = next(o for o in given if o["name"] == word)
            entry: dict[str, Any] = {"name": word, "type": sub["type"], "options": []}
            holder.append(entry)
            holder = entry["options"]
            given = sub.get("options") or []
        known = {o["name"]: o for o in given}
        for name, value in values.items():
            if value is None:
                continue
            spec = known.get(name)
            if spec is None:
                raise KeyError(f"/{path} has no option {name}; it has {sorted(known)}")
            kind = spec["type"]
            entry = {"name": name, "type": kind}
            if kind == 6:       # a user
                other = value if isinstance(value, User) else self.users[int(value)]
                entry["value"] = str(other.id)
                resolved.setdefault("users", {})[str(other.id)] = other.payload()
                member = self.member_payload(other)
                member.pop("user")
                resolved.setdefault("members", {})[str(other.id)] = member
            elif kind == 11:    # an attachment: (file name, bytes)
                filename, data = value
                key = str(snowflake())
                self.attachments[key] = data
                entry["value"] = key
                resolved.setdefault("attachments", {})[key] = {
                    "id": key, "filename": filename, "size": len(data),
                    "url": f"{self.base}/attachments/{key}/{filename}",
                    "proxy_url": f"{self.base}/attachments/{key}/{filename}",
                    "content_type": "application/json", "ephemeral": True}
            else:
                entry["value"] = value
            if name == focused:
                entry["focused"] = True
            holder.append(entry)
        data = {"id": command["id"], "name": command["name"], "type": 1, "options": options}
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        return data, resolved

    async def slash(self, user: User, path: str, *, wait: bool = True, timeout: float = 20.0,
                    channel: int | None = None, **values: Any) -> Interaction:
        """``user`` runs ``/path`` with ``values`` (in the guild channel, or in the thread
        ``channel``); with ``wait``, returns once the bot answered (its first reply) and went
        quiet."""
        data, _ = self._options(user, path, values, None)
        record = self._interaction(2, user, data, channel_id=channel)
        await self.dispatch("INTERACTION_CREATE", record.payload)
        if wait:
            await self.until(lambda: record.replies or record.original is not None,
                             f"an answer to /{path}", timeout)
            await self.quiet(0.15, timeout)
        return record

    async def autocomplete(self, user: User, path: str, focused: str, timeout: float = 20.0,
                           channel: int | None = None, **values: Any) -> list[dict[str, Any]]:
        data, _ = self._options(user, path, values, focused)
        record = self._interaction(4, user, data, channel_id=channel)
        await self.dispatch("INTERACTION_CREATE", record.payload)
        await self.until(lambda: record.callback is not None, f"autocomplete of /{path}", timeout)
        return record.choices

    def press_payload(self, user: User, message: Message, custom_id: str,
                      values: list[str] | None = None) -> Interaction:
        """The interaction of a click on ``custom_id`` of ``message``. A custom id the message
        does not hold is put on a copy of it, as if an older message of the bot had it (a
        message from before a restart with another database, or a forged one)."""
        try:
            component = message.component(custom_id)
        except KeyError:
            component = ({"type": 3, "custom_id": custom_id, "options": [
                {"label": v, "value": v} for v in values], "min_values": 1, "max_values": 1}
                if values is not None else
                {"type": 2, "style": 1, "label": "?", "custom_id": custom_id})
            forged = json.loads(json.dumps(message.payload))
            forged["components"] = [*(forged.get("components") or []),
                                    {"type": 1, "components": [component]}][-5:]
            message = Message(payload=forged, files={}, allowed_mentions=None,
                              where=message.where)
        kind = int(component.get("type", 2))
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            data["values"] = list(values or [])
        return self._interaction(3, user, data, message)

    async def press(self, user: User, message: Message, custom_id: str,
                    values: list[str] | None = None, *, settle: float = 0.15,
                    timeout: float = 20.0, seen: bool = True) -> Interaction:
        """``user`` clicks the component ``custom_id`` of ``message`` (for a select menu,
        choosing ``values``); returns once the bot answered it (a reply, an edit of the
        message, or any message made, edited or deleted; without ``seen``, its first answer
        to the interaction is enough) and then went quiet for ``settle`` seconds."""
        record = self.press_payload(user, message, custom_id, values)
        changes = self.changes
        await self.dispatch("INTERACTION_CREATE", record.payload)
        await self.until(lambda: record.callback is not None and (
            not seen or record.replies or record.original is not None or record.edits
            or self.changes > changes), f"an answer to {custom_id}", timeout)
        if settle:
            await self.quiet(settle, timeout)
        return record

    async def press_together(self, presses: list[tuple[User, Message, str, list[str] | None]]
                             ) -> list[Interaction]:
        """Several clicks sent back to back, as if at the same instant."""
        records = [self.press_payload(u, m, c, v) for u, m, c, v in presses]
        for record in records:
            await self.dispatch("INTERACTION_CREATE", record.payload)
        await self.until(lambda: all(r.callback is not None for r in records),
                         "answers to the simultaneous presses")
        return records

    # -- reading what was sent ----------------------------------------------------------------------
    def everything_sent(self) -> list[Message]:
        return list(self.messages.values())

    @property
    def posts(self) -> list[Message]:
        """Every message the bot posted in the guild channel and its threads, oldest first
        (deleted ones too: see ``Message.deleted``), each as it reads now."""
        out = [*self.channel, *(m for posts in self.thread_posts.values() for m in posts)]
        return sorted(out, key=lambda m: m.id)

    def api_calls(self, since: float = 0.0) -> dict[str, int]:
        """The bot's message requests answered since ``since`` (a ``time.monotonic()``), by
        kind: channel ``posts``, channel ``edits``, ``dms`` sent, DM edits (``dm_edits``),
        ``deletes``, and the interaction ``replies`` (callbacks, follow-ups and their edits)."""
        direct = {str(c) for c in self.dm_channels.values()}
        out = dict.fromkeys(("posts", "edits", "dms", "dm_edits", "deletes", "replies"), 0)
        for when, method, path, status in self.requests:
            if when < since or status >= 400:
                continue
            match = re.fullmatch(r"/channels/(\d+)/messages(?:/(\d+))?", path)
            if match is not None:
                dm = match.group(1) in direct
                if method == "POST" and match.group(2) is None:
                    out["dms" if dm else "posts"] += 1
                elif method == "PATCH":
                    out["dm_edits" if dm else "edits"] += 1
                elif method == "DELETE":
                    out["deletes"] += 1
            elif path.startswith(("/interactions/", "/webhooks/")) and method != "GET":
                out["replies"] += 1
        return out


def _channel_of(record: Interaction) -> int:
    """Where an interaction was made (its replies are shown there)."""
    return int(record.payload["channel_id"])


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json", as Discord sends it (discord.py compares the whole header).
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


def _error(status: int, code: int, text: str) -> web.Response:
    return _json({"message": text, "code": code}, status=status)


async def _read_body(request: web.Request) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The JSON payload of a request and its files (multipart: payload_json and files[n])."""
    raw = await request.read()
    if not request.content_type.startswith("multipart/"):
        return (json.loads(raw) if raw else {}), {}
    head = f"Content-Type: {request.headers['Content-Type']}\r\n\r\n".encode()
    form = BytesParser(policy=HTTP).parsebytes(head + raw)
    body: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    for part in form.iter_parts():
        name = part.get_param("name", header="content-disposition") or ""
        data = part.get_payload(decode=True) or b""
        if name == "payload_json":
            body = json.loads(data.decode("utf-8"))
        elif str(name).startswith("files["):
            files[part.get_filename() or str(name)] = bytes(data)
    return body, files
