"""The table service: lobby, seats, start, act, undo, resign, end, pause, moderators, timers.

Everything the Discord cogs and the console decide goes through here; nothing here knows about
Discord. Every refusal is a ``ServiceError`` whose ``key`` names a text (``SERVICE_TEXTS_EN`` holds
the English of each) and whose ``params`` fill it.

Concurrency: acts on one game are serialised by an asyncio lock per game in this process, and,
across processes, by the store's write conditioned on the game's version; a write computed from
an old version is refused as ``error.stale``.

Memory: the state and the Views of each game in play are kept between calls (a View of a version
never changes), and read-only calls may answer from what was read a moment ago (``READ_TTL``).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.export import RECORD_FORMAT, RECORD_VERSION, record_moves, turn_frames
from bot.export import log_text as export_log
from bot.store import (
    STATE_KINDS,
    GameRow,
    LogRow,
    PlayerRow,
    RecordRow,
    ScenarioRow,
    SeatRow,
    ServerSettingsRow,
    StaleVersion,
    Store,
    Tx,
    UnknownGame,
    as_utc,
    live_actions,
    replay_from,
    replay_log,
    resign_result,
    seat_outcome,
)
from games import registry
from games.core import Action, IllegalAction, LogLine, Msg, Result, Rules, View, can_undo

LANGUAGES = ("en", "ru")
MAX_SEED = 2**63 - 1
# A computer player sits in a seat under one of these user ids, one per level (no Discord user
# has an id this small); several seats may be the computer's.
COMPUTER_LEVELS = ("easy", "normal")
COMPUTER_USERS: dict[int, str] = {10: "easy", 11: "normal"}
COMPUTER_OF_LEVEL: dict[str, int] = {level: user for user, level in COMPUTER_USERS.items()}


def computer_level(user_id: int | None) -> str | None:
    """The level of the computer player seated as ``user_id``, or None for a person."""
    return COMPUTER_USERS.get(user_id) if user_id is not None else None
STATE_CACHE_SIZE = 2048
# Read-only calls (status, view_for, views_for, log_lines) may answer from what this service
# read or wrote up to this many seconds ago: a move on Discord reads the game several times
# within a moment. Everything that changes a game reads the database afresh, and its write is
# conditioned on the version, so a second process sharing the database can at worst make a
# read-only answer this much late, never a wrong move.
READ_TTL = 2.0
# The service keeps many long-lived objects (the cached states and Views of every game in play)
# and makes many short-lived ones per request (pydantic models). Under Python's default garbage
# collector thresholds (700, 10, 10) that means a full collection every few seconds with 500
# games in play, each pausing the event loop for 100-300 ms; these thresholds make full
# collections rare and cut the collector's share of the CPU several times. The middle one is
# kept at the default: a generation-1 pass then looks at up to ~200,000 objects, not ~400,000.
GC_THRESHOLDS = (20_000, 10, 20)


def tune_gc() -> None:
    """Raise the garbage collector's thresholds to GC_THRESHOLDS (never lower them)."""
    current = gc.get_threshold()
    gc.set_threshold(*(max(a, b) for a, b in zip(current, GC_THRESHOLDS, strict=True)))

SERVICE_TEXTS_EN: dict[str, str] = {
    "error.no_game": "There is no game #{game}.",
    "error.unknown_title": "There is no game title {title}. Titles: {titles}.",
    "error.unknown_scenario": "{title} has no scenario {scenario}. Scenarios: {scenarios}.",
    "error.bad_scenario": "That scenario cannot be set up: {reason}",
    "error.bad_option": "Option {option} cannot be {value}: {reason}",
    "error.bad_seed": "The seed must be a whole number from 0 to {max}.",
    "error.not_lobby": "Game #{game} has already started; seats change only before the start.",
    "error.unknown_role": "There is no role {role} in game #{game}. Roles: {roles}.",
    "error.role_taken": "The seat of {role} is already taken.",
    "error.already_seated": "You already have a seat in game #{game}.",
    "error.game_full": "Every seat in game #{game} is taken.",
    "error.not_seated": "You have no seat in game #{game}.",
    "error.user_not_seated": "That player has no seat in game #{game}.",
    "error.leave_started": "Game #{game} has started: resign instead of leaving.",
    "error.not_creator": "Only the creator of game #{game} or a moderator may do that.",
    "error.not_moderator": "Only a moderator may do that.",
    "error.seats_missing": "These seats still need a player: {roles}.",
    "error.player_count": "This scenario needs {min} to {max} players; {count} joined.",
    "error.not_started": "Game #{game} has not started yet.",
    "error.paused": "Game #{game} is paused.",
    "error.game_over": "Game #{game} is over.",
    "error.not_your_turn": "It is not your turn. Waiting for: {roles}.",
    "error.not_your_role": "You do not hold the seat of {role}.",
    "error.stale": "The game moved on (it is now at move {version}); here is the current position.",
    "error.illegal": "That move is not allowed: {reason}",
    "error.bad_action": "That is not a well-formed move: {reason}",
    "error.nothing_to_undo": "There is nothing to undo.",
    "error.undo_barrier": "The last move cannot be undone: dice were rolled, something hidden "
                          "was revealed or the turn passed.",
    "error.undo_not_yours": "Only the player who made the last move, or a moderator, may undo it.",
    "error.bribe_title": "Bribes belong to Pax Romana: this game has none.",
    "error.bribe_moment": "No bribe to {role} now: a bribe is offered while that Power's action "
                          "takes effect (the Activation Phase, that Power active or asked).",
    "error.bribe_talents": "You cannot offer {n} Talents: your Treasury holds {treasury}.",
    "error.bribe_none": "{role} offers you no bribe now.",
    "error.not_paused": "Game #{game} is not paused.",
    "error.not_active": "Game #{game} is not in play.",
    "error.vacant_seats": "Game #{game} waits for a player for: {roles}. A moderator can seat "
                          "one with replace.",
    "error.bad_language": "There is no language {language}. Languages: {languages}.",
    "error.bad_timer": "The turn timer is a whole number of seconds above zero, or off.",
    "error.bad_notify": "There is no way of telling {mode}. Ways: {modes}.",
    "error.bad_level": "The computer plays at {levels}, not {level}.",
    "error.not_over": "Game #{game} is not over yet.",
    "error.no_scenario": "This server keeps no scenario {scenario}.",
    "error.bad_vote": "That is not a vote the table takes.",
    "error.timer_running": "The turn time of game #{game} has not run out.",
    "error.vote_waited": "The table is waiting for you in game #{game}: make your move instead.",
    "notice.started": "Game #{game} begins.",
    "notice.paused": "Game #{game} is paused.",
    "notice.resumed": "Game #{game} goes on.",
    "notice.ended": "Game #{game} was ended.",
    "notice.finished": "Game #{game} is over.",
    "notice.kicked": "A moderator freed the seat of {roles}.",
    "notice.waiting": "Game #{game} is paused until a moderator seats a player for: {roles}.",
    "notice.replaced": "A new player takes the seat of {roles}.",
    "notice.resigned": "{roles} resigned.",
    "notice.undone": "The last move was undone.",
    "notice.timer_reminder": "Half of the turn time is gone in game #{game}: {left} s left for "
                             "{roles}.",
    "notice.timer_expired": "The turn time is up in game #{game}; {roles} did not move. "
                            "Moderators may step in.",
    "notice.extended": "The players give more time: the turn clock of game #{game} starts "
                       "again.",
    "notice.abandoned": "The players end game #{game} as abandoned: {roles} did not move in "
                        "time.",
    "result.resigned": "{roles} resigned; {winners} won.",
}


def _text_arg(value: Any) -> str | int:
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


def service_msg(key: str, **params: Any) -> Msg:
    return Msg(key=key, args={k: _text_arg(v) for k, v in params.items()})


def english(m: Msg) -> str:
    template = SERVICE_TEXTS_EN.get(m.key, m.key)
    try:
        return template.format(**m.args)
    except (KeyError, IndexError, ValueError):
        return template


class ServiceError(Exception):
    """A refusal. ``key`` names the text, ``params`` fill it, ``msg`` is both as a Msg. An
    engine's refusal comes with its own message (``detail``, in the catalogue of ``title``), so
    that the whole sentence is read in one language."""

    def __init__(self, key: str, *, detail: Msg | None = None, detail_title: str | None = None,
                 **params: Any) -> None:
        self.key = key
        self.params: dict[str, str | int] = {k: _text_arg(v) for k, v in params.items()}
        self.detail = detail
        self.detail_title = detail_title
        super().__init__(english(self.msg))

    @property
    def msg(self) -> Msg:
        return Msg(key=self.key, args=dict(self.params))

    def __repr__(self) -> str:
        return f"ServiceError({self.key!r}, {self.params!r})"


# -- what the service hands out ----------------------------------------------------------------

class BribeMenu(BaseModel):
    """A player's bribes (Pax Romana §4.4): whom ``giver`` may offer one now, with how many
    Talents at most, and the offers standing to the player's Powers ({"by", "to", "n"})."""

    giver: str | None = None
    targets: list[str] = Field(default_factory=list)
    treasury: int = 0
    offers: list[dict[str, Any]] = Field(default_factory=list)


class GameInfo(BaseModel):
    id: int
    title: str
    scenario: str
    scenario_name: str = ""
    status: Literal["lobby", "active", "paused", "finished", "ended"]
    version: int
    guild_id: int
    channel_id: int
    creator_id: int
    seats: dict[str, int | None]
    roles: list[str]
    role_names: dict[str, str]
    active_roles: list[str] = Field(default_factory=list)
    active_users: list[int] = Field(default_factory=list)
    result: Result | None = None
    turn_timer: int | None = None
    turn_started_at: datetime | None = None
    paused_reason: str | None = None
    allow_multiple_seats: bool = False
    board_message_id: int | None = None
    thread_id: int | None = None
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime | None = None
    table_memo: dict[str, Any] = Field(default_factory=dict)
    timer_votes: dict[str, list[int]] = Field(default_factory=dict)

    def users(self) -> list[int]:
        """Every seated user once, in seat order."""
        return list(dict.fromkeys(u for u in self.seats.values() if u is not None))

    def roles_of(self, user_id: int) -> list[str]:
        return [r for r, u in self.seats.items() if u == user_id]

    def role_name(self, role: str) -> str:
        return self.role_names.get(role, role)


class Outcome(BaseModel):
    """What a change did: the game now, the spectators' View, the changed private Views of each
    seated user, the public log lines it added, whom to ping, and notices to post."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    game: GameInfo
    public: View | None = None
    privates: dict[int, dict[str, View]] = Field(default_factory=dict)
    new_log: list[LogLine] = Field(default_factory=list)
    ping: list[int] = Field(default_factory=list)
    finished: bool = False
    notices: list[Msg] = Field(default_factory=list)


class ServerSettings(BaseModel):
    guild_id: int
    language: str = "en"
    moderator_role_id: int | None = None
    turn_timer: int | None = None
    threads: bool = False


NOTIFY_MODES = ("mention", "dm", "both")


class PlayerSettings(BaseModel):
    """A player's own settings (see ``PlayerRow``)."""

    user_id: int
    language: str | None = None
    locale: str | None = None
    notify: str = "mention"


class TimerVote(BaseModel):
    """Where the vote after an expired turn timer stands, and what it decided (if it did)."""

    game: GameInfo
    votes: dict[str, list[int]]
    needed: int
    decided: str | None = None
    outcome: Outcome | None = None


class TimerEvent(BaseModel):
    kind: Literal["reminder", "expired"]
    game: GameInfo
    roles: list[str]
    users: list[int]
    msg: Msg


# -- the service -------------------------------------------------------------------------------

def _now() -> datetime:
    return datetime.now(UTC)


def _as_dt(value: datetime | float) -> datetime:
    if isinstance(value, datetime):
        return as_utc(value)
    return datetime.fromtimestamp(value, UTC)


class _Game:
    """A loaded game: row, seats and (once started) the state, its rules and the Views of the
    state computed so far (kept with the state in the service's cache: a View of a version
    never changes, so the "before" Views of an act are usually the "after" Views of the last)."""

    def __init__(self, row: GameRow, seats: list[SeatRow], rules: Rules, state: Any,
                 views: dict[str | None, View] | None = None) -> None:
        self.row = row
        self.seats = seats
        self.rules = rules
        self.state = state
        self.views: dict[str | None, View] = {} if views is None else views

    def copy(self) -> _Game:
        """The state and its Views as they are now, to compare with after a change (a change
        replaces ``state`` and ``views``, never alters them)."""
        return _Game(self.row, list(self.seats), self.rules, self.state, self.views)

    def view(self, role: str | None) -> View:
        view = self.views.get(role)
        if view is None:
            view = self.views[role] = self.rules.view(self.state, role)
        return view

    @property
    def id(self) -> int:
        return int(self.row.id)  # type: ignore[arg-type]

    @property
    def roles(self) -> list[str]:
        return json.loads(self.row.roles)

    @property
    def names(self) -> dict[str, str]:
        return json.loads(self.row.role_names)

    def seat_map(self) -> dict[str, int | None]:
        by_role = {s.role: s.user_id for s in self.seats}
        return {r: by_role.get(r) for r in self.roles}

    def roles_of(self, user_id: int) -> list[str]:
        return [r for r, u in self.seat_map().items() if u == user_id]

    def users_of(self, roles: list[str]) -> list[int]:
        seats = self.seat_map()
        return list(dict.fromkeys(u for r in roles if (u := seats.get(r)) is not None))

    def vacant(self) -> list[str]:
        return [r for r, u in self.seat_map().items() if u is None]

    def names_of(self, roles: list[str]) -> str:
        names = self.names
        return ", ".join(names.get(r, r) for r in roles)


class TableService:
    """The tables of every server, over one Store. All methods are coroutines."""

    def __init__(self, store: Store, clock: Callable[[], datetime | float] | None = None,
                 default_language: str = "en", read_ttl: float = READ_TTL,
                 tune_collector: bool = True) -> None:
        """``clock`` returns the time (datetime or epoch seconds; tests pass a fake one);
        ``tune_collector`` applies ``tune_gc()`` to this process, which the bot wants."""
        if tune_collector:
            tune_gc()
        self.store = store
        self._clock = clock or _now
        self.default_language = default_language
        self.read_ttl = read_ttl
        self._locks: dict[int, asyncio.Lock] = {}
        # game id -> (version, state, Views of that state): saves parsing the state and
        # recomputing Views on every act. The Views handed out are shared: read them only.
        self._states: OrderedDict[int, tuple[int, Any, dict[str | None, View]]] = OrderedDict()
        # game id -> (when read, the game as read or as this service last wrote it), for the
        # read-only calls (status, views); see READ_TTL.
        self._recent: OrderedDict[int, tuple[float, _Game]] = OrderedDict()
        # user id -> their settings as read or written by this process
        self._players: dict[int, PlayerSettings] = {}
        # guild id -> (when read, its settings), for the posts' language (see READ_TTL)
        self._settings: dict[int, tuple[float, ServerSettings]] = {}

    # -- plumbing -------------------------------------------------------------------------------
    def now(self) -> datetime:
        return _as_dt(self._clock())

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    @staticmethod
    def _rules(title: str) -> Rules:
        try:
            return registry.get(title)
        except KeyError:
            raise ServiceError("error.unknown_title", title=title,
                               titles=", ".join(registry.ids())) from None

    async def _load(self, game_id: int, with_state: bool = True, recent: bool = False) -> _Game:
        """The game from the database (or, with ``recent``, as read or written within
        ``read_ttl`` seconds)."""
        if recent:
            entry = self._recent.get(game_id)
            if entry is not None and time.monotonic() - entry[0] < self.read_ttl:
                g = entry[1]
                if not with_state or g.state is not None or g.row.version == 0:
                    return g
            with_state = True  # what is kept serves the next read-only call whole
        g = await self._read(game_id, with_state)
        self._keep(g)
        return g

    def _keep(self, g: _Game) -> None:
        if self.read_ttl <= 0:
            return
        self._recent[g.id] = (time.monotonic(), g)
        self._recent.move_to_end(g.id)
        while len(self._recent) > STATE_CACHE_SIZE:
            self._recent.popitem(last=False)

    @asynccontextmanager
    async def _write(self, game_id: int) -> AsyncIterator[Tx]:
        """A write transaction on one game; what ``_recent`` held of it is dropped."""
        try:
            async with self.store.write(self.now()) as tx:
                yield tx
        finally:
            self._recent.pop(game_id, None)

    async def _read(self, game_id: int, with_state: bool) -> _Game:
        for _attempt in range(5):
            cached = self._states.get(game_id)
            try:
                loaded = await self.store.load(
                    game_id, with_state=with_state,
                    unless_version=cached[0] if cached is not None else None)
            except UnknownGame:
                raise ServiceError("error.no_game", game=game_id) from None
            row = loaded.game
            rules = self._rules(row.title)
            if not with_state or row.version == 0:
                return _Game(row, loaded.seats, rules, None)
            if loaded.state is not None:
                g = _Game(row, loaded.seats, rules, rules.load_state(loaded.state))
                self._remember(g)
                return g
            if cached is not None and cached[0] == row.version:
                self._states.move_to_end(game_id)
                return _Game(row, loaded.seats, rules, cached[1], cached[2])
            self._states.pop(game_id, None)  # another process wrote meanwhile: read again
        raise ServiceError("error.stale", version=row.version)

    def _remember(self, g: _Game) -> None:
        game_id = g.id
        self._states[game_id] = (g.row.version, g.state, g.views)
        self._states.move_to_end(game_id)
        while len(self._states) > STATE_CACHE_SIZE:
            self._states.popitem(last=False)

    def _info(self, g: _Game) -> GameInfo:
        row = g.row
        seats = g.seat_map()
        active = json.loads(row.active_roles)
        return GameInfo(
            id=g.id, title=row.title, scenario=row.scenario, scenario_name=row.scenario_name,
            status=row.status, version=row.version, guild_id=row.guild_id,  # type: ignore[arg-type]
            channel_id=row.channel_id, creator_id=row.creator_id, seats=seats, roles=g.roles,
            role_names=g.names, active_roles=active, active_users=g.users_of(active),
            result=Result.model_validate_json(row.result) if row.result else None,
            turn_timer=row.turn_timer, turn_started_at=row.turn_started_at,
            paused_reason=row.paused_reason, allow_multiple_seats=row.allow_multiple_seats,
            board_message_id=row.board_message_id, thread_id=row.thread_id, seed=row.seed,
            options=json.loads(row.options), created_at=row.created_at,
            table_memo=json.loads(row.table_memo or "{}"),
            timer_votes=json.loads(row.timer_votes or "{}"))

    def _require_state(self, g: _Game) -> Any:
        if g.row.status == "lobby" or g.state is None:
            raise ServiceError("error.not_started", game=g.id)
        return g.state

    def _require_creator(self, g: _Game, user_id: int, is_moderator: bool) -> None:
        if not is_moderator and user_id != g.row.creator_id:
            raise ServiceError("error.not_creator", game=g.id)

    @staticmethod
    def _require_moderator(is_moderator: bool) -> None:
        if not is_moderator:
            raise ServiceError("error.not_moderator")

    def _refuse_closed(self, g: _Game) -> None:
        if g.row.status in ("finished", "ended"):
            raise ServiceError("error.game_over", game=g.id)

    def _outcome(self, g: _Game, before: _Game | None, notices: list[Msg] | None = None,
                 everyone: bool = False) -> Outcome:
        """Compare the Views of ``before`` (a copy of ``g`` before the change) and ``g`` now."""
        public = g.view(None)
        seen = {line.seq for line in before.view(None).log} if before is not None else set()
        privates: dict[int, dict[str, View]] = {}
        for role, user in g.seat_map().items():
            if user is None:
                continue
            view = g.view(role)
            if everyone or before is None or before.view(role).private != view.private:
                privates.setdefault(user, {})[role] = view
        finished = public.result is not None or g.row.status in ("finished", "ended")
        return Outcome(
            game=self._info(g), public=public, privates=privates,
            new_log=[line for line in public.log if line.seq not in seen],
            ping=[] if finished else g.users_of(public.active), finished=finished,
            notices=list(notices or []))

    def _state_values(self, g: _Game, new_state: Any, public: View) -> dict[str, Any]:
        """Game-row values that follow a new state: version, active roles, result, timer."""
        values: dict[str, Any] = {"version": g.row.version + 1,
                                  "active_roles": json.dumps(public.active)}
        if public.active != json.loads(g.row.active_roles):
            values.update(turn_started_at=self.now(), reminded=False, expired=False,
                          timer_votes="{}")
        if public.result is not None:
            values.update(status="finished", result=public.result.model_dump_json())
        return values

    async def _commit_state(self, g: _Game, new_state: Any, kind: str, user_id: int | None, *,
                            role: str | None = None, verb: str | None = None,
                            arg: Any = None) -> None:
        """One transaction: claim the next version, append the log row, write the state."""
        after = _Game(g.row, g.seats, g.rules, new_state)
        values = self._state_values(g, new_state, after.view(None))
        try:
            async with self._write(g.id) as tx:
                await tx.update_game(g.id, values, version=g.row.version, status="active")
                checkpoint = not can_undo(new_state)
                seq = await tx.append(g.id, kind, role=role, user_id=user_id, verb=verb, arg=arg,
                                      want_seq=checkpoint)
                await tx.put_state(g.id, values["version"], new_state.model_dump_json(), seq)
                if values.get("status") == "finished":
                    await tx.add_records(self._records(g, new_state.result))
        except StaleVersion:
            fresh = await self._load(g.id, with_state=False)
            self._refuse_not_active(fresh)
            raise ServiceError("error.stale", version=fresh.row.version) from None
        for name, value in values.items():
            setattr(g.row, name, value)
        g.state, g.views = new_state, after.views
        self._remember(g)
        self._keep(g)

    def _records(self, g: _Game, result: Result) -> list[RecordRow]:
        """The seats' results of a game that just finished (the records of /game stats)."""
        when = self.now()
        return [RecordRow(guild_id=g.row.guild_id, game_id=g.id, user_id=user, title=g.row.title,
                          role=role, outcome=seat_outcome(result, role), finished_at=when)
                for role, user in g.seat_map().items() if user is not None]

    # -- records --------------------------------------------------------------------------------
    async def stats(self, guild_id: int, user_id: int | None = None,
                    title: str | None = None) -> dict[tuple[str, str], dict[str, int]]:
        """Games played, won, lost, drawn and resigned in a server: by (title, side) for one
        player (``user_id``), or for everyone."""
        out: dict[tuple[str, str], dict[str, int]] = {}
        for row in await self.store.records(guild_id, user_id, title):
            tally = out.setdefault((row.title, row.role), dict.fromkeys(
                ("played", "won", "lost", "drawn", "resigned"), 0))
            tally["played"] += 1
            tally[row.outcome] += 1
        return out

    async def leaderboard(self, guild_id: int, title: str, limit: int = 10
                          ) -> list[tuple[int, dict[str, int]]]:
        """The server's players of a title, best first: most games won, then the better share
        of games won, then more games played. The computer is not ranked."""
        per_user: dict[int, dict[str, int]] = {}
        for row in await self.store.records(guild_id, title=title):
            if computer_level(row.user_id) is not None:
                continue
            tally = per_user.setdefault(row.user_id, dict.fromkeys(
                ("played", "won", "lost", "drawn", "resigned"), 0))
            tally["played"] += 1
            tally[row.outcome] += 1
        ranked = sorted(per_user.items(), key=lambda item: (
            -item[1]["won"], -item[1]["won"] / item[1]["played"], -item[1]["played"], item[0]))
        return ranked[:limit]

    def _refuse_not_active(self, g: _Game) -> None:
        status = g.row.status
        if status == "lobby":
            raise ServiceError("error.not_started", game=g.id)
        if status == "paused":
            raise ServiceError("error.paused", game=g.id)
        self._refuse_closed(g)

    # -- settings and moderators ----------------------------------------------------------------
    async def get_settings(self, guild_id: int) -> ServerSettings:
        """A server's settings (as read up to ``read_ttl`` seconds ago: every post of a game
        asks for its server's language)."""
        kept = self._settings.get(guild_id)
        if kept is not None and time.monotonic() - kept[0] < self.read_ttl:
            return kept[1].model_copy()
        row = await self.store.get_settings(guild_id)
        if row is None:
            settings = ServerSettings(guild_id=guild_id, language=self.default_language)
        else:
            settings = ServerSettings.model_validate(row.model_dump())
        if self.read_ttl > 0:
            if len(self._settings) > STATE_CACHE_SIZE:
                self._settings.clear()
            self._settings[guild_id] = (time.monotonic(), settings)
        return settings.model_copy()

    async def set_settings(self, guild_id: int, is_moderator: bool, language: str | None = None,
                           moderator_role_id: int | None = None,
                           turn_timer: int | None = None,
                           threads: bool | None = None) -> ServerSettings:
        """Change what is given; ``moderator_role_id=0`` clears the role, ``turn_timer=0`` turns
        the default timer of new games off, ``threads`` gives new games a thread of their own."""
        self._require_moderator(is_moderator)
        current = await self.get_settings(guild_id)
        if threads is not None:
            current.threads = bool(threads)
        if language is not None:
            if language not in LANGUAGES:
                raise ServiceError("error.bad_language", language=language,
                                   languages=", ".join(LANGUAGES))
            current.language = language
        if moderator_role_id is not None:
            current.moderator_role_id = moderator_role_id or None
        if turn_timer is not None:
            current.turn_timer = self._check_timer(turn_timer)
        async with self.store.write(self.now()) as tx:  # not a game: nothing cached
            await tx.put_settings(ServerSettingsRow(**current.model_dump()))
        self._settings.pop(guild_id, None)
        return current

    # -- players' own settings ------------------------------------------------------------------
    async def get_player(self, user_id: int) -> PlayerSettings:
        cached = self._players.get(user_id)
        if cached is not None:
            return cached
        row = await self.store.get_player(user_id)
        player = (PlayerSettings(user_id=user_id) if row is None
                  else PlayerSettings.model_validate(row.model_dump()))
        self._players[user_id] = player
        return player

    async def _put_player(self, player: PlayerSettings) -> PlayerSettings:
        async with self.store.write(self.now()) as tx:   # not a game: nothing cached
            await tx.put_player(PlayerRow(**player.model_dump()))
        self._players[player.user_id] = player
        return player

    async def set_player(self, user_id: int, language: str | None = None,
                         notify: str | None = None, clear_language: bool = False
                         ) -> PlayerSettings:
        """A player's language (``clear_language``: back to their client's) and how they are
        told it is their turn (``NOTIFY_MODES``)."""
        player = (await self.get_player(user_id)).model_copy()
        if language is not None:
            if language not in LANGUAGES:
                raise ServiceError("error.bad_language", language=language,
                                   languages=", ".join(LANGUAGES))
            player.language = language
        if clear_language:
            player.language = None
        if notify is not None:
            if notify not in NOTIFY_MODES:
                raise ServiceError("error.bad_notify", mode=notify,
                                   modes=", ".join(NOTIFY_MODES))
            player.notify = notify
        return await self._put_player(player)

    async def note_locale(self, user_id: int, locale: str | None) -> None:
        """Remember the language of the player's Discord client (what they are written to in,
        unless they chose one), written only when it changes."""
        if not locale:
            return
        player = await self.get_player(user_id)
        if player.locale != locale:
            await self._put_player(player.model_copy(update={"locale": str(locale)[:16]}))

    async def is_moderator(self, guild_id: int, has_manage_guild: bool,
                           member_role_ids: list[int]) -> bool:
        if has_manage_guild:
            return True
        role = (await self.get_settings(guild_id)).moderator_role_id
        return role is not None and role in set(member_role_ids)

    @staticmethod
    def _check_timer(seconds: int | None) -> int | None:
        if seconds is None or seconds == 0:
            return None
        if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 0:
            raise ServiceError("error.bad_timer")
        return seconds

    # -- lobby ----------------------------------------------------------------------------------
    async def create_game(self, guild_id: int, channel_id: int, creator_id: int, title: str,
                          scenario: str | dict, options: dict | None = None,
                          seed: int | None = None, allow_multiple_seats: bool = False,
                          turn_timer: int | None = None, thread: bool | None = None
                          ) -> GameInfo:
        """A new table in the lobby. ``thread``: play it in a thread of its own (None: as the
        server's settings say)."""
        rules = self._rules(title)
        options = dict(options or {})
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big") & MAX_SEED
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ServiceError("error.bad_seed", max=MAX_SEED)
        doc: dict | None = None
        if isinstance(scenario, dict):
            doc = scenario
            info = None
        else:
            infos = {s.id: s for s in rules.scenarios()}
            info = infos.get(str(scenario))
            if info is None:
                raise ServiceError("error.unknown_scenario", title=title, scenario=scenario,
                                   scenarios=", ".join(infos))
            self._check_options(info, options)
        try:
            trial = rules.setup(seed, doc if doc is not None else info.id, dict(options))  # type: ignore[union-attr]
        except Exception as exc:  # noqa: BLE001 - any engine refusal of the document
            reason = exc.reason if isinstance(exc, IllegalAction) else str(exc)
            raise ServiceError("error.bad_scenario", reason=reason or type(exc).__name__) from exc
        if info is not None:
            roles, names = list(info.roles), {r: info.role_names.get(r, r) for r in info.roles}
            low, high, name, scen_id = info.min_players, info.max_players, info.name, info.id
            # fewer players than sides: a player may hold several (Pax Romana's Powers)
            allow_multiple_seats = allow_multiple_seats or low < len(roles)
        else:
            assert doc is not None
            roles = list(trial.roles)
            given = doc.get("role_names") if isinstance(doc.get("role_names"), dict) else {}
            names = {r: str(given.get(r, r)) for r in roles}
            low = int(doc.get("min_players", len(roles)))
            high = int(doc.get("max_players", len(roles)))
            name, scen_id = str(doc.get("name", "custom")), "custom"
        if turn_timer is None or thread is None:
            server = await self.get_settings(guild_id)
            turn_timer = server.turn_timer if turn_timer is None else turn_timer
            thread = server.threads if thread is None else thread
        row = GameRow(
            guild_id=guild_id, channel_id=channel_id, creator_id=creator_id, title=rules.id,
            scenario=scen_id, scenario_name=name,
            scenario_doc=json.dumps(doc, ensure_ascii=False) if doc is not None else None,
            options=json.dumps(options, ensure_ascii=False), seed=seed, roles=json.dumps(roles),
            role_names=json.dumps(names, ensure_ascii=False), min_players=low, max_players=high,
            allow_multiple_seats=allow_multiple_seats, turn_timer=self._check_timer(turn_timer),
            table_memo=json.dumps({"thread": True} if thread else {}))
        async with self.store.write(self.now()) as tx:
            game_id = await tx.insert_game(row, roles)
        return await self.status(game_id)

    @staticmethod
    def _check_options(info: Any, options: dict) -> None:
        known = {o.id: o for o in info.options}
        for key, value in options.items():
            option = known.get(key)
            if option is None:
                raise ServiceError("error.bad_option", option=key, value=value,
                                   reason="unknown option")
            if option.choices and value not in option.choices:
                raise ServiceError("error.bad_option", option=key, value=value,
                                   reason="choose one of " + ", ".join(map(str, option.choices)))

    def _role_named(self, g: _Game, role: str) -> str:
        """A role by its id or its display name; refused when there is none such."""
        seats = g.seat_map()
        if role not in seats:
            by_name = {n.casefold(): r for r, n in g.names.items()}
            role = by_name.get(str(role).casefold(), role)
            if role not in seats:
                raise ServiceError("error.unknown_role", game=g.id, role=role,
                                   roles=g.names_of(g.roles))
        return role

    # -- a server's own scenarios ----------------------------------------------------------------
    async def upload_scenario(self, guild_id: int, user_id: int, is_moderator: bool,
                              title: str, doc: Any, name: str | None = None) -> ScenarioRow:
        """Validate a scenario document and keep it for the server (moderators). The title's
        check names the item and the reason of a problem."""
        self._require_moderator(is_moderator)
        rules = self._rules(title)
        if not isinstance(doc, dict):
            raise ServiceError("error.bad_scenario", reason="a scenario document is one JSON "
                                                            "object")
        try:
            checked = rules.check_scenario(doc)
        except ValueError as exc:
            raise ServiceError("error.bad_scenario", reason=str(exc)) from None
        row = ScenarioRow(guild_id=guild_id, title=rules.id,
                          name=(name or checked or "custom").strip()[:100],
                          doc=json.dumps(doc, ensure_ascii=False), uploaded_by=user_id)
        async with self.store.write(self.now()) as tx:   # not a game: nothing cached
            row.id = await tx.put_scenario(row)
        return row

    async def server_scenarios(self, guild_id: int, title: str | None = None
                               ) -> list[ScenarioRow]:
        return await self.store.scenarios(guild_id, title)

    async def server_scenario(self, guild_id: int, scenario_id: int) -> ScenarioRow:
        for row in await self.store.scenarios(guild_id):
            if row.id == scenario_id:
                return row
        raise ServiceError("error.no_scenario", scenario=scenario_id)

    async def remove_scenario(self, guild_id: int, is_moderator: bool, scenario_id: int) -> None:
        self._require_moderator(is_moderator)
        async with self.store.write(self.now()) as tx:
            if not await tx.remove_scenario(guild_id, scenario_id):
                raise ServiceError("error.no_scenario", scenario=scenario_id)

    async def set_option(self, game_id: int, user_id: int, is_moderator: bool, key: str,
                         value: Any) -> GameInfo:
        """Set one rule option of a game in the lobby (its creator or a moderator)."""
        async with self._lock(game_id):
            g = await self._load(game_id, with_state=False)
            if g.row.status != "lobby":
                raise ServiceError("error.not_lobby", game=game_id)
            self._require_creator(g, user_id, is_moderator)
            infos = {s.id: s for s in g.rules.scenarios()}
            info = infos.get(g.row.scenario) or next(iter(infos.values()))
            options = {**json.loads(g.row.options), key: value}
            self._check_options(info, options)
            doc = json.loads(g.row.scenario_doc) if g.row.scenario_doc else None
            try:
                g.rules.setup(g.row.seed, doc if doc is not None else g.row.scenario,
                              dict(options))
            except Exception as exc:  # noqa: BLE001 - the engine refuses the combination
                reason = exc.reason if isinstance(exc, IllegalAction) else str(exc)
                raise ServiceError("error.bad_option", option=key, value=value,
                                   reason=reason or type(exc).__name__) from exc
            try:
                async with self._write(game_id) as tx:
                    await tx.update_game(game_id, {"options": json.dumps(options)},
                                         status="lobby")
            except StaleVersion:
                raise ServiceError("error.not_lobby", game=game_id) from None
            return await self.status(game_id)

    async def join(self, game_id: int, user_id: int, role: str | None = None,
                   computer: str | None = None, is_moderator: bool = False) -> GameInfo:
        """Take a seat in the lobby; with ``computer`` (a level), ``user_id`` (the creator or
        a moderator) seats the computer at that level instead."""
        if computer is not None and computer not in COMPUTER_LEVELS:
            raise ServiceError("error.bad_level", level=computer,
                               levels=", ".join(COMPUTER_LEVELS))
        async with self._lock(game_id):
            g = await self._load(game_id, with_state=False)
            if g.row.status != "lobby":
                raise ServiceError("error.not_lobby", game=game_id)
            seats = g.seat_map()
            if role is not None:
                role = self._role_named(g, role)
            if computer is not None:
                self._require_creator(g, user_id, is_moderator)
                user_id = COMPUTER_OF_LEVEL[computer]
            elif not g.row.allow_multiple_seats and user_id in seats.values():
                raise ServiceError("error.already_seated", game=game_id)
            if role is None:
                free = g.vacant()
                if not free:
                    raise ServiceError("error.game_full", game=game_id)
                role = free[0]
            elif seats[role] is not None:
                raise ServiceError("error.role_taken", role=g.names_of([role]))
            try:
                async with self._write(game_id) as tx:
                    await tx.update_game(game_id, {}, status="lobby")
                    if not await tx.set_seat(game_id, role, user_id, user_id=None):
                        raise ServiceError("error.role_taken", role=g.names_of([role]))
            except StaleVersion:
                raise ServiceError("error.not_lobby", game=game_id) from None
            return await self.status(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        async with self._lock(game_id):
            g = await self._load(game_id, with_state=False)
            if g.row.status != "lobby":
                raise ServiceError("error.leave_started", game=game_id)
            mine = g.roles_of(user_id)
            if not mine:
                raise ServiceError("error.not_seated", game=game_id)
            try:
                async with self._write(game_id) as tx:
                    await tx.update_game(game_id, {}, status="lobby")
                    for role in mine:
                        await tx.set_seat(game_id, role, None, user_id=user_id)
            except StaleVersion:
                raise ServiceError("error.leave_started", game=game_id) from None
            return await self.status(game_id)

    async def start(self, game_id: int, user_id: int, is_moderator: bool = False) -> Outcome:
        async with self._lock(game_id):
            g = await self._load(game_id, with_state=False)
            if g.row.status != "lobby":
                raise ServiceError("error.not_lobby", game=game_id)
            self._require_creator(g, user_id, is_moderator)
            options = json.loads(g.row.options)
            missing = g.vacant()
            if missing:
                raise ServiceError("error.seats_missing", roles=g.names_of(missing))
            players = len(g.users_of(g.roles))
            if not g.row.allow_multiple_seats and not (
                    g.row.min_players <= players <= g.row.max_players):
                raise ServiceError("error.player_count", min=g.row.min_players,
                                   max=g.row.max_players, count=players)
            doc = json.loads(g.row.scenario_doc) if g.row.scenario_doc else None
            scenario = doc if doc is not None else g.row.scenario
            state = g.rules.setup(g.row.seed, scenario, dict(options))
            g.state = state
            public = g.view(None)
            values = {"status": "active", "version": 1, "active_roles": json.dumps(public.active),
                      "turn_started_at": self.now(), "reminded": False, "expired": False}
            if public.result is not None:
                values.update(status="finished", result=public.result.model_dump_json())
            try:
                async with self._write(game_id) as tx:
                    await tx.update_game(game_id, values, status="lobby", version=0)
                    seq = await tx.append(game_id, "setup", user_id=user_id, want_seq=True, arg={
                        "seed": g.row.seed, "scenario": g.row.scenario, "scenario_doc": doc,
                        "options": options})
                    await tx.put_state(game_id, 1, state.model_dump_json(), seq)
            except StaleVersion:
                raise ServiceError("error.not_lobby", game=game_id) from None
            for name, value in values.items():
                setattr(g.row, name, value)
            self._remember(g)
            self._keep(g)
            return self._outcome(g, None, [service_msg("notice.started", game=game_id)],
                                 everyone=True)

    # -- play -----------------------------------------------------------------------------------
    async def act(self, game_id: int, user_id: int, verb: str, arg: Any = None,
                  expected_version: int | None = None, role: str | None = None) -> Outcome:
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._refuse_not_active(g)
            if g.row.status == "active" and g.vacant():
                raise ServiceError("error.vacant_seats", game=game_id,
                                   roles=g.names_of(g.vacant()))
            mine = g.roles_of(user_id)
            if not mine:
                raise ServiceError("error.not_seated", game=game_id)
            if expected_version is not None and expected_version != g.row.version:
                raise ServiceError("error.stale", version=g.row.version)
            state = self._require_state(g)
            rules = g.rules
            try:
                action = Action(verb=verb, arg=arg)
            except ValidationError as exc:
                raise ServiceError("error.bad_action", reason=_first_error(exc)) from None
            active = g.view(None).active
            if role is not None:
                if role not in mine:
                    raise ServiceError("error.not_your_role", role=g.names_of([role]))
                view = g.view(role)
                if role not in active and view.find_side(action) is None:
                    raise ServiceError("error.not_your_turn", roles=g.names_of(active))
                acting = role
            else:
                candidates = [r for r in mine if r in active]
                views = [(r, g.view(r)) for r in candidates]
                found = next(((r, v) for r, v in views if _match(v, action)), None)
                if found is None:       # a side action (a bribe) of a role not asked
                    found = next(((r, v) for r in mine
                                  if (v := g.view(r)).find_side(action) is not None), None)
                if found is None and not candidates:
                    raise ServiceError("error.not_your_turn", roles=g.names_of(active))
                acting, view = found or views[0]
            action = _match(view, action) or action
            try:
                new_state = rules.act(state, acting, action)
            except IllegalAction as exc:
                raise ServiceError("error.illegal", reason=exc.reason, detail=exc.msg,
                                   detail_title=g.row.title) from None
            before = g.copy()
            await self._commit_state(g, new_state, "action", user_id, role=acting,
                                     verb=action.verb, arg=action.arg)
            notices = [service_msg("notice.finished", game=game_id)] \
                if g.row.status == "finished" else []
            return self._outcome(g, before, notices)

    # -- bribes (Pax Romana §4.4) -----------------------------------------------------------------
    async def bribe(self, game_id: int, user_id: int, power: str, amount: int,
                    role: str | None = None) -> Outcome:
        """Offer ``power`` a bribe of ``amount`` Talents: the engine's side actions (a pending
        offer of the player's is taken back first, the amount's page turned to), each one an
        action row. Refused before anything changes when it cannot be done."""
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._refuse_not_active(g)
            giver = self._briber(g, user_id, role)
            steps = _bribe_steps(g.rules, self._require_state(g), giver, power, int(amount))
            if steps is None:
                raise ServiceError("error.bribe_moment", role=g.names_of([power]))
            if isinstance(steps, int):
                raise ServiceError("error.bribe_talents", n=amount, treasury=steps)
            computer = g.seat_map().get(power)
        outcome: Outcome | None = None
        for action in steps:
            outcome = await self.act(game_id, user_id, action.verb, action.arg, role=giver)
        if outcome is None:
            raise ServiceError("error.bribe_moment", role=power)
        if computer is not None and computer_level(computer) is not None:
            # The computer cannot hear what the bribe is for, so it makes no such deal: it
            # refuses at once rather than take Talents for a promise it never heard.
            outcome = await self.act(game_id, computer, "bribe_refuse", giver, role=power)
        return outcome

    async def bribe_menu(self, game_id: int, user_id: int) -> BribeMenu:
        """What a player may do about bribes now (for autocompletes): the Powers their first
        Power may offer one to, its Treasury, and the offers standing to any of their Powers."""
        g = await self._load(game_id, recent=True)
        state = self._require_state(g)
        mine = g.roles_of(user_id)
        if g.row.title != "pax_romana" or not mine:
            return BribeMenu()
        giver = mine[0]
        board = g.view(None).board
        return BribeMenu(
            giver=giver,
            targets=[r for r in g.roles
                     if isinstance(_bribe_steps(g.rules, state, giver, r, 1), list)],
            treasury=int(board["powers"][giver]["treasury"]),
            offers=[dict(o) for o in board.get("bribes", []) if o.get("to") in mine])

    async def answer_bribe(self, game_id: int, user_id: int, power: str, accept: bool) -> Outcome:
        """Accept or refuse the bribe ``power`` offers one of the player's Powers (§4.4)."""
        verb = "bribe_accept" if accept else "bribe_refuse"
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._refuse_not_active(g)
            if g.row.title != "pax_romana":
                raise ServiceError("error.bribe_title")
            mine = g.roles_of(user_id)
            if not mine:
                raise ServiceError("error.not_seated", game=game_id)
            action = Action(verb=verb, arg=power)
            bribed = next((r for r in mine if g.view(r).find_side(action) is not None), None)
            if bribed is None:
                raise ServiceError("error.bribe_none", role=g.names_of([power])
                                   if power in g.roles else power)
        return await self.act(game_id, user_id, verb, power, role=bribed)

    def _briber(self, g: _Game, user_id: int, role: str | None) -> str:
        if g.row.title != "pax_romana":
            raise ServiceError("error.bribe_title")
        mine = g.roles_of(user_id)
        if not mine:
            raise ServiceError("error.not_seated", game=g.id)
        if role is not None and role not in mine:
            raise ServiceError("error.not_your_role", role=g.names_of([role]))
        return role or mine[0]

    async def undo(self, game_id: int, user_id: int, force: bool = False) -> Outcome:
        """Take back the last action: its maker may; ``force`` (moderators) may take back
        anyone's. Never across dice, a reveal or a change of the active roles."""
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._refuse_not_active(g)
            state = self._require_state(g)
            if not force and not g.roles_of(user_id):
                raise ServiceError("error.not_seated", game=game_id)
            if state.step == 0:
                raise ServiceError("error.nothing_to_undo")
            if not can_undo(state):
                raise ServiceError("error.undo_barrier")
            # Nothing before the checkpoint can be undone: replay only the log after it.
            checkpoint = await self.store.checkpoint(game_id)
            log = await self.store.log(game_id, after_seq=checkpoint[0] if checkpoint else 0)
            live = live_actions(log)
            last = live[-1] if live and live[-1].kind == "action" else None
            if last is None:
                raise ServiceError("error.nothing_to_undo")
            if not force and last.user_id != user_id:
                raise ServiceError("error.undo_not_yours")
            kept = [row for row in log if row.seq != last.seq]
            new_state = (replay_from(g.row.title, checkpoint[1], kept) if checkpoint
                         else replay_log(g.row.title, kept))
            before = g.copy()
            await self._commit_state(g, new_state, "undo", user_id, role=last.role,
                                     arg={"seq": last.seq})
            return self._outcome(g, before, [service_msg("notice.undone")])

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._refuse_not_active(g)
            state = self._require_state(g)
            mine = g.roles_of(user_id)
            if not mine:
                raise ServiceError("error.not_seated", game=game_id)
            names = g.names
            new_state = g.rules.load_state(state.model_dump_json())
            new_state.result = resign_result(mine, list(new_state.roles), names)
            before = g.copy()
            await self._commit_state(g, new_state, "resign", user_id, role=",".join(mine),
                                     arg={"roles": mine, "names": names})
            return self._outcome(g, before, [
                service_msg("notice.resigned", roles=g.names_of(mine)),
                service_msg("notice.finished", game=game_id)])

    # -- table management -----------------------------------------------------------------------
    async def _set_status(self, g: _Game, values: dict[str, Any], kind: str, user_id: int,
                          where: dict[str, Any], arg: Any = None) -> None:
        try:
            async with self._write(g.id) as tx:
                await tx.update_game(g.id, values, **where)
                await tx.append(g.id, kind, user_id=user_id, arg=arg)
        except StaleVersion:
            raise ServiceError("error.stale", version=g.row.version) from None
        for name, value in values.items():
            setattr(g.row, name, value)

    def _plain_outcome(self, g: _Game, notices: list[Msg]) -> Outcome:
        public = g.view(None) if g.state is not None else None
        finished = g.row.status in ("finished", "ended")
        return Outcome(game=self._info(g), public=public, notices=notices, finished=finished,
                       ping=[] if finished or public is None else g.users_of(public.active))

    async def end(self, game_id: int, user_id: int, is_moderator: bool) -> Outcome:
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._require_creator(g, user_id, is_moderator)
            self._refuse_closed(g)
            await self._set_status(g, {"status": "ended", "paused_reason": None}, "end",
                                   user_id, {"status": g.row.status, "version": g.row.version})
            return self._plain_outcome(g, [service_msg("notice.ended", game=game_id)])

    async def pause(self, game_id: int, user_id: int, is_moderator: bool) -> Outcome:
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._require_creator(g, user_id, is_moderator)
            if g.row.status != "active":
                self._refuse_not_active(g)
            await self._set_status(g, {"status": "paused", "paused_reason": "manual"}, "pause",
                                   user_id, {"status": "active", "version": g.row.version})
            return self._plain_outcome(g, [service_msg("notice.paused", game=game_id)])

    async def resume(self, game_id: int, user_id: int, is_moderator: bool) -> Outcome:
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._require_creator(g, user_id, is_moderator)
            if g.row.status != "paused":
                self._refuse_closed(g)
                raise ServiceError("error.not_paused", game=game_id)
            if g.vacant():
                raise ServiceError("error.vacant_seats", game=game_id,
                                   roles=g.names_of(g.vacant()))
            values = {"status": "active", "paused_reason": None, "turn_started_at": self.now(),
                      "reminded": False, "expired": False}
            await self._set_status(g, values, "resume", user_id,
                                   {"status": "paused", "version": g.row.version})
            return self._plain_outcome(g, [service_msg("notice.resumed", game=game_id)])

    async def kick(self, game_id: int, moderator_id: int, is_moderator: bool,
                   user_id: int) -> Outcome:
        """Free the seats of ``user_id``. A game in play pauses until ``replace`` fills them."""
        self._require_moderator(is_moderator)
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._refuse_closed(g)
            mine = g.roles_of(user_id)
            if not mine:
                raise ServiceError("error.user_not_seated", game=game_id)
            status = g.row.status
            values: dict[str, Any] = {}
            if status == "active":
                values = {"status": "paused", "paused_reason": "vacant"}
            try:
                async with self._write(g.id) as tx:
                    await tx.update_game(g.id, values, status=status, version=g.row.version)
                    if status == "lobby":
                        for role in mine:
                            await tx.set_seat(game_id, role, None, user_id=user_id)
                    else:
                        await tx.free_seats_of(game_id, user_id)
                    await tx.append(game_id, "kick", role=",".join(mine), user_id=moderator_id,
                                    arg={"user": user_id, "roles": mine})
            except StaleVersion:
                raise ServiceError("error.stale", version=g.row.version) from None
            g = await self._load(game_id)
            notices = [service_msg("notice.kicked", roles=g.names_of(mine))]
            if status != "lobby":
                notices.append(service_msg("notice.waiting", game=game_id,
                                           roles=g.names_of(g.vacant())))
            return self._plain_outcome(g, notices)

    async def replace(self, game_id: int, moderator_id: int, is_moderator: bool,
                      old_user_id: int, new_user_id: int) -> Outcome:
        """Seat ``new_user_id`` where ``old_user_id`` sat (or sat until kicked); the game goes on."""
        self._require_moderator(is_moderator)

        def seats_of_old(g: _Game) -> list[SeatRow]:
            seats = [s for s in g.seats if s.user_id == old_user_id
                     or (s.user_id is None and s.former_user_id == old_user_id)]
            if not seats:
                raise ServiceError("error.user_not_seated", game=game_id)
            return seats

        return await self._reseat(game_id, moderator_id, seats_of_old, new_user_id,
                                  {"old": old_user_id})

    async def hand_seat(self, game_id: int, user_id: int, is_moderator: bool, role: str,
                        new_user_id: int) -> Outcome:
        """Hand the seat of ``role`` to ``new_user_id``: a person, or the computer (one of
        ``COMPUTER_USERS``), whoever held it or if it was vacant. Moderators may; in the lobby
        the table's creator may too."""
        def the_seat(g: _Game) -> list[SeatRow]:
            named = self._role_named(g, role)
            if g.row.status != "lobby":
                self._require_moderator(is_moderator)
            else:
                self._require_creator(g, user_id, is_moderator)
            return [s for s in g.seats if s.role == named]

        return await self._reseat(game_id, user_id, the_seat, new_user_id, {})

    async def _reseat(self, game_id: int, moderator_id: int,
                      pick: Callable[[_Game], list[SeatRow]], new_user_id: int,
                      record: dict[str, Any]) -> Outcome:
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._refuse_closed(g)
            seats = pick(g)
            holders = {s.user_id for s in seats}
            if (not g.row.allow_multiple_seats and computer_level(new_user_id) is None
                    and new_user_id not in holders and new_user_id in g.seat_map().values()):
                raise ServiceError("error.already_seated", game=game_id)
            roles = [s.role for s in seats]
            values: dict[str, Any] = {}
            vacant_after = [r for r in g.vacant() if r not in roles]
            resumes = (g.row.status == "paused" and g.row.paused_reason == "vacant"
                       and not vacant_after)
            if resumes:
                values = {"status": "active", "paused_reason": None,
                          "turn_started_at": self.now(), "reminded": False, "expired": False}
            try:
                async with self._write(g.id) as tx:
                    await tx.update_game(g.id, values, status=g.row.status,
                                         version=g.row.version)
                    for seat in seats:
                        await tx.set_seat(game_id, seat.role, new_user_id,
                                          user_id=seat.user_id,
                                          former_user_id=seat.former_user_id)
                    await tx.append(game_id, "replace", role=",".join(roles),
                                    user_id=moderator_id,
                                    arg={**record, "new": new_user_id, "roles": roles})
            except StaleVersion:
                raise ServiceError("error.stale", version=g.row.version) from None
            g = await self._load(game_id)
            notices = [service_msg("notice.replaced", roles=g.names_of(roles))]
            if resumes:
                notices.append(service_msg("notice.resumed", game=game_id))
            outcome = self._plain_outcome(g, notices)
            if g.state is not None:
                outcome.privates = {new_user_id: {r: g.view(r) for r in roles}}
            return outcome

    # -- reading --------------------------------------------------------------------------------
    async def status(self, game_id: int) -> GameInfo:
        return self._info(await self._load(game_id, with_state=False, recent=True))

    async def list_games(self, guild_id: int, channel_id: int | None = None,
                         include_finished: bool = False) -> list[GameInfo]:
        statuses = ("lobby", "active", "paused") + (("finished", "ended")
                                                   if include_finished else ())
        out = []
        for row, seats in await self.store.list_games(guild_id, channel_id, statuses):
            out.append(self._info(_Game(row, seats, self._rules(row.title), None)))
        return out

    async def views_for(self, game_id: int, user_id: int) -> dict[str, View]:
        g = await self._load(game_id, recent=True)
        self._require_state(g)
        return {role: g.view(role) for role in g.roles_of(user_id)}

    async def view_for(self, game_id: int, user_id: int) -> View:
        """The user's View: of the role that must act now (or the first they hold), or the
        spectators' View if they hold none."""
        g = await self._load(game_id, recent=True)
        self._require_state(g)
        mine = g.roles_of(user_id)
        if not mine:
            return g.view(None)
        active = g.view(None).active
        return g.view(next((r for r in mine if r in active), mine[0]))

    async def log_lines(self, game_id: int, user_id: int, last: int = 20) -> list[LogLine]:
        """The last lines of the log the user may read (every role they hold, or public)."""
        g = await self._load(game_id, recent=True)
        self._require_state(g)
        lines: dict[int, LogLine] = {}
        for role in g.roles_of(user_id) or [None]:
            for line in g.view(role).log:
                lines.setdefault(line.seq, line)
        ordered = [lines[s] for s in sorted(lines)]
        return ordered[-last:] if last > 0 else []

    async def log_since(self, game_id: int, first_seq: int, user_id: int | None = None,
                        limit: int = 200) -> list[LogLine]:
        """The lines of the log from ``first_seq`` on that the public (or, with ``user_id``,
        that player) may read: the lines of the current turn, for its post (at most the last
        ``limit``)."""
        g = await self._load(game_id, recent=True)
        self._require_state(g)
        roles = set(g.roles_of(user_id)) if user_id is not None else set()
        out: list[LogLine] = []
        for entry in reversed(g.state.log):
            if entry.seq < first_seq or len(out) >= limit:
                break
            if entry.to is None or entry.to in roles:
                out.append(LogLine(seq=entry.seq, step=entry.step,
                                   text=g.rules.tr(entry.msg), msg=entry.msg))
        out.reverse()
        return out

    async def rematch(self, game_id: int, user_id: int, swap: bool) -> Outcome:
        """A new game of a finished one's players, in the same channel: the same title,
        scenario and options, a new seed, the sides kept or swapped (passed one seat on, for
        more than two); it starts at once. Only its players may ask."""
        g = await self._load(game_id)
        if g.row.status not in ("finished", "ended"):
            raise ServiceError("error.not_over", game=game_id)
        seats = g.seat_map()
        if user_id not in seats.values():
            raise ServiceError("error.not_seated", game=game_id)
        roles = g.roles
        users = [seats[r] for r in roles]
        if swap:
            users = users[-1:] + users[:-1]
        doc = json.loads(g.row.scenario_doc) if g.row.scenario_doc else None
        info = await self.create_game(
            g.row.guild_id, g.row.channel_id, user_id, g.row.title,
            doc if doc is not None else g.row.scenario, json.loads(g.row.options),
            allow_multiple_seats=g.row.allow_multiple_seats, turn_timer=g.row.turn_timer,
            thread=bool(json.loads(g.row.table_memo or "{}").get("thread")))
        for role, user in zip(roles, users, strict=True):
            if user is None:
                continue
            level = computer_level(user)
            if level is not None:
                await self.join(info.id, user_id, role, computer=level, is_moderator=True)
            else:
                async with self._lock(info.id):
                    async with self._write(info.id) as tx:
                        await tx.set_seat(info.id, role, user, user_id=None)
        return await self.start(info.id, user_id, is_moderator=True)

    async def end_figures(self, game_id: int) -> dict[str, Any]:
        """A finished game's figures (``Rules.summary``) and the race over its turns: the
        title's race figures (``Rules.race``) at the start of each turn and at the end."""
        g = await self._load(game_id)
        self._require_state(g)
        if g.row.status not in ("finished", "ended"):
            raise ServiceError("error.not_over", game=game_id)
        figures: dict[str, Any] = dict(g.rules.summary(g.state))
        record = await self._record(g, over=True)
        try:
            frames = await asyncio.to_thread(turn_frames, record)
        except Exception:  # noqa: BLE001 - a record that cannot replay shows no race
            frames = []
        figures["race"] = [g.rules.race(view.board) for view in frames]
        return figures

    async def export(self, game_id: int, user_id: int, lang: str) -> tuple[dict[str, Any], str]:
        """A game's record and its log as text in ``lang``, as much as ``user_id`` may see: a
        game in play gives no seed and no moves, and only the public lines and the asker's own;
        a game that is over gives everything (``bot.export``)."""
        g = await self._load(game_id)
        self._require_state(g)
        over = g.row.status in ("finished", "ended")
        record = await self._record(g, over)
        text = export_log(g.rules, g.state, lang, roles=set(g.roles_of(user_id)),
                          everything=over, role_names=g.names)
        return record, text

    async def _record(self, g: _Game, over: bool) -> dict[str, Any]:
        """The game record of ``bot.export``: with the seed and the moves only when ``over``."""
        rows = live_actions(await self.store.log(g.id))
        setup = rows[0].payload() if rows and rows[0].kind == "setup" else {}
        names = g.names
        seats = g.seat_map()
        return {
            "format": RECORD_FORMAT, "version": RECORD_VERSION, "game": g.id,
            "title": g.row.title,
            "scenario": setup.get("scenario_doc") or setup.get("scenario", g.row.scenario),
            "scenario_name": g.row.scenario_name,
            "options": json.loads(g.row.options), "seed": g.row.seed if over else None,
            "players": {r: {"name": names.get(r, r), "user": seats.get(r)} for r in g.roles},
            "status": g.row.status,
            "result": json.loads(g.row.result) if g.row.result else None,
            "moves": record_moves(rows[1:]) if over else None,
        }

    async def acted_since(self, game_id: int, role: str, version: int) -> bool:
        """Whether ``role`` made a move that took the game past ``version`` (a press made at
        ``version`` must not be applied again after its player moved)."""
        current = 0
        acted = False
        for row in await self.store.log(game_id):
            if row.kind in STATE_KINDS:
                current += 1
                if current > version and row.kind == "action" and row.role == role:
                    acted = True
        return acted

    async def action_log(self, game_id: int) -> list[LogRow]:
        """The stored log rows of a game (setup, actions, undos, table events)."""
        await self._load(game_id, with_state=False)
        return await self.store.log(game_id)

    # -- timers ---------------------------------------------------------------------------------
    async def set_turn_timer(self, game_id: int, user_id: int, is_moderator: bool,
                             seconds: int | None) -> GameInfo:
        async with self._lock(game_id):
            g = await self._load(game_id, with_state=False)
            self._require_creator(g, user_id, is_moderator)
            self._refuse_closed(g)
            values = {"turn_timer": self._check_timer(seconds), "reminded": False,
                      "expired": False}
            if g.row.status == "active":
                values["turn_started_at"] = self.now()
            await self._set_status(g, values, "timer", user_id,
                                   {"status": g.row.status, "version": g.row.version},
                                   arg={"seconds": values["turn_timer"]})
            return self._info(g)

    async def due_timers(self, now: datetime | float | None = None) -> list[TimerEvent]:
        """The reminders (half the turn time gone) and expiries due now, each returned once:
        a game's turn clock restarts when its active roles change."""
        moment = _as_dt(now) if now is not None else self.now()
        events: list[TimerEvent] = []
        for row, seats in await self.store.list_games(statuses=("active",), timed_only=True):
            if row.reminded and row.expired:
                continue
            g = _Game(row, seats, self._rules(row.title), None)
            assert row.turn_timer is not None and row.turn_started_at is not None
            elapsed = (moment - as_utc(row.turn_started_at)).total_seconds()
            due: list[str] = []
            if not row.reminded and elapsed >= row.turn_timer / 2:
                due.append("reminder")
            if not row.expired and elapsed >= row.turn_timer:
                due.append("expired")
            if not due:
                continue
            values = {"reminded": True} if due == ["reminder"] else {"reminded": True,
                                                                    "expired": True}
            try:
                async with self._write(g.id) as tx:
                    await tx.update_game(g.id, values, version=row.version, status="active",
                                         reminded=row.reminded, expired=row.expired)
            except StaleVersion:
                continue  # the turn moved on, or another process sent it
            for name, value in values.items():
                setattr(g.row, name, value)
            info = self._info(g)
            active = info.active_roles
            left = max(0, round(row.turn_timer - elapsed))
            for kind in due:
                if kind == "reminder":
                    m = service_msg("notice.timer_reminder", game=g.id, left=left,
                                    roles=g.names_of(active))
                else:
                    m = service_msg("notice.timer_expired", game=g.id, roles=g.names_of(active))
                events.append(TimerEvent(kind=kind, game=info, roles=active,  # type: ignore[arg-type]
                                         users=info.active_users, msg=m))
        return events

    async def timer_vote(self, game_id: int, user_id: int, choice: str) -> TimerVote:
        """After the turn time ran out, the other players vote to give the waited-for players
        more time (``extend``: the clock starts again) or to end the game as abandoned
        (``abandon``); a majority of them decides."""
        if choice not in ("extend", "abandon"):
            raise ServiceError("error.bad_vote")
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._refuse_not_active(g)
            if not g.row.expired:
                raise ServiceError("error.timer_running", game=game_id)
            if not g.roles_of(user_id):
                raise ServiceError("error.not_seated", game=game_id)
            active = json.loads(g.row.active_roles)
            waited = g.users_of(active)
            if user_id in waited:
                raise ServiceError("error.vote_waited", game=game_id)
            voters = [u for u in g.users_of(g.roles) if u not in waited]
            votes: dict[str, list[int]] = json.loads(g.row.timer_votes or "{}")
            for kind in ("extend", "abandon"):
                votes[kind] = [u for u in votes.get(kind, []) if u != user_id and u in voters]
            votes[choice].append(user_id)
            needed = len(voters) // 2 + 1
            where = {"status": "active", "version": g.row.version}
            if len(votes[choice]) < needed:
                await self._set_status(g, {"timer_votes": json.dumps(votes)}, "vote", user_id,
                                       where, arg={"vote": choice})
                return TimerVote(game=self._info(g), votes=votes, needed=needed)
            if choice == "extend":
                values: dict[str, Any] = {"turn_started_at": self.now(), "reminded": False,
                                          "expired": False, "timer_votes": "{}"}
                notice = service_msg("notice.extended", game=game_id)
            else:
                values = {"status": "ended", "paused_reason": None, "timer_votes": "{}"}
                notice = service_msg("notice.abandoned", game=game_id,
                                     roles=g.names_of(active))
            await self._set_status(g, values, "vote", user_id, where,
                                   arg={"vote": choice, "decided": True})
            return TimerVote(game=self._info(g), votes=votes, needed=needed, decided=choice,
                             outcome=self._plain_outcome(g, [notice]))

    # -- bookkeeping for the Discord side -------------------------------------------------------
    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the last board post of a game (to edit or replace it)."""
        await self._load(game_id, with_state=False)
        async with self._write(game_id) as tx:
            await tx.update_game(game_id, {"board_message_id": message_id})

    async def games_to_show(self) -> list[GameInfo]:
        """Every game that has started (of every server), with what the Discord side keeps of
        its channel: the bot compares it with each game's version after a restart."""
        rows = await self.store.list_games(statuses=("active", "paused", "finished", "ended"))
        return [self._info(_Game(row, seats, self._rules(row.title), None))
                for row, seats in rows]

    async def snapshot(self, game_id: int) -> Outcome:
        """The game as it stands, as an Outcome with every seated player's View: what the
        channel and the hands should show now."""
        async with self._lock(game_id):
            g = await self._load(game_id)
            self._require_state(g)
            notices = ([service_msg("notice.finished", game=game_id)]
                       if g.row.status == "finished" else [])
            return self._outcome(g, None, notices, everyone=True)

    async def table_memo(self, game_id: int) -> dict[str, Any]:
        """What the Discord side keeps of the game's channel, as stored (read afresh)."""
        g = await self._load(game_id, with_state=False)
        return json.loads(g.row.table_memo or "{}")

    async def save_table_memo(self, game_id: int, memo: dict[str, Any]) -> None:
        await self._load(game_id, with_state=False)
        async with self._write(game_id) as tx:
            await tx.update_game(game_id, {"table_memo": json.dumps(memo)})

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """The game is played in its own thread from now on."""
        await self._load(game_id, with_state=False)
        async with self._write(game_id) as tx:
            await tx.update_game(game_id, {"thread_id": thread_id})

    async def note_dm_closed(self, game_id: int, user_id: int) -> bool:
        """Record that the user's DMs are closed; True the first time (tell them once)."""
        async with self._lock(game_id):
            g = await self._load(game_id, with_state=False)
            users = json.loads(g.row.dm_notices)
            if user_id in users:
                return False
            async with self._write(game_id) as tx:
                await tx.update_game(game_id, {"dm_notices": json.dumps([*users, user_id])})
            return True

    async def note_dm_open(self, game_id: int, user_id: int) -> None:
        """The user's DMs work again: tell them again should they close."""
        async with self._lock(game_id):
            g = await self._load(game_id, with_state=False)
            users = json.loads(g.row.dm_notices)
            if user_id in users:
                async with self._write(game_id) as tx:
                    await tx.update_game(game_id, {"dm_notices": json.dumps(
                        [u for u in users if u != user_id])})


BRIBE_PAGES = 10


def _bribe_steps(rules: Rules, state: Any, giver: str, power: str,
                 amount: int) -> list[Action] | int | None:
    """The side actions that make ``giver``'s offer of ``amount`` Talents to ``power`` (tried on
    copies of the State, nothing kept): None when it is no moment for one, the Treasury when the
    amount is not one ``giver`` can pay."""
    steps: list[Action] = []

    def side(verb: str, arg: Any = None) -> bool:
        nonlocal state
        action = Action(verb=verb, arg=arg)
        if rules.view(state, giver).find_side(action) is None:
            return False
        state = rules.act(state, giver, action)
        steps.append(action)
        return True

    if not side("bribe_withdraw"):                      # the player's earlier offer gives way
        side("bribe_back")
    if power == giver or not side("bribe_to", power):
        return None
    for _ in range(BRIBE_PAGES):
        if side("bribe_amount", amount):
            return steps
        if not any(c.verb == "bribe_page" for c in rules.view(state, giver).side):
            break
        side("bribe_page", next(c.arg for c in rules.view(state, giver).side
                                if c.verb == "bribe_page"))
    return int(rules.view(state, None).board["powers"][giver]["treasury"])


def _match(view: View, action: Action) -> Action | None:
    """The listed action meant by ``action``: exact, or with the argument given as text
    (autocomplete and typed input carry text)."""
    choice = view.find(action)
    if choice is not None:
        return choice.action()
    if isinstance(action.arg, str):
        same = [c for c in view.actions
                if c.verb == action.verb and c.arg is not None and str(c.arg) == action.arg]
        if len(same) == 1:
            return same[0].action()
    return None


def _first_error(exc: ValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return str(exc)
    first = errors[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "action"
    return f"{where}: {first.get('msg', 'invalid')}"
