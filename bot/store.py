"""Persistence of tables: server settings, games, seats, the append-only action log, the state.

SQLModel tables on SQLAlchemy async. SQLite through aiosqlite by default; any async URL through
``DATABASE_URL`` (the types are portable: JSON is kept as Text, Discord ids as BigInteger).

Writes go through ``Store.write()``, one transaction each. A game's row carries ``version``, the
number of changes of its state; a write that changes the state is conditioned on the version it
was computed from (``UPDATE games ... WHERE id = :id AND version = :expected``), so of two writes
computed from the same version only one applies, even from two processes. The action row is
appended in the same transaction as the state row, so an accepted action is never lost and the
log always replays to the stored state (``Store.replay``).

The log of a game starts with its ``setup`` row (seed, scenario, options). ``action`` rows carry
the role, verb and argument; an ``undo`` row names the sequence number of the action it takes
back, and replay skips that action; a ``resign`` row ends the game for the roles it names. Other
rows (``pause``, ``resume``, ``end``, ``kick``, ``replace``, ``timer``) record who did what and do
not change the state. Beside the current state the store keeps a checkpoint: the latest state no
undo may cross, so an undo replays only the few rows after it.

The schema is kept by alembic migrations (``bot/migrations``): ``Store.init()`` upgrades the
database to the newest revision, so a deployed database (SQLite or PostgreSQL) upgrades in place.
A change of the tables below needs a new revision there.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Index,
    Text,
    UniqueConstraint,
    and_,
    bindparam,
    case,
    event,
    false,
    func,
    insert,
    inspect,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool
from sqlmodel import Field, SQLModel

from games import registry
from games.core import Action, Msg, Result, Rules

STATUSES = ("lobby", "active", "paused", "finished", "ended")
OPEN_STATUSES = ("lobby", "active", "paused")
# Kinds of log rows that change the state; the others only record who did what.
STATE_KINDS = ("setup", "action", "undo", "resign")


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """An aware UTC datetime (a naive one is taken as UTC), as the timestamp columns keep."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _big(**kw: Any) -> Any:
    return Field(default=kw.pop("default", None),
                 sa_column=Column(BigInteger, nullable=kw.pop("nullable", True), **kw))


class ServerSettingsRow(SQLModel, table=True):
    __tablename__ = "server_settings"

    guild_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    language: str = Field(default="en", max_length=8)
    moderator_role_id: int | None = _big()
    turn_timer: int | None = None
    # new games get a thread of their own
    threads: bool = Field(default=False, sa_column=Column(Boolean, nullable=False,
                                                          server_default=false()))


class PlayerRow(SQLModel, table=True):
    """A player's own settings, across servers: the language of what is addressed to them
    (None: their Discord client's, else the server's), the client language last seen, and how
    they are told it is their turn."""

    __tablename__ = "players"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    language: str | None = Field(default=None, max_length=8)
    locale: str | None = Field(default=None, max_length=16)
    notify: str = Field(default="mention", max_length=10)   # mention | dm | both


class GameRow(SQLModel, table=True):
    __tablename__ = "games"
    __table_args__ = (Index("ix_games_guild_status", "guild_id", "status"),)

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int = _big(nullable=False)
    channel_id: int = _big(nullable=False)
    creator_id: int = _big(nullable=False)
    title: str = Field(max_length=40)
    scenario: str = Field(max_length=80)          # a scenario id, or "custom"
    scenario_name: str = Field(default="", max_length=200)
    scenario_doc: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    seed: int = _big(nullable=False)
    roles: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    role_names: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    min_players: int = 1
    max_players: int = 1
    allow_multiple_seats: bool = False
    status: str = Field(default="lobby", max_length=10)
    paused_reason: str | None = Field(default=None, max_length=20)  # "manual" | "vacant"
    version: int = 0
    active_roles: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    result: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    turn_timer: int | None = None                 # seconds; None = off
    turn_started_at: datetime | None = None
    reminded: bool = False
    expired: bool = False
    board_message_id: int | None = _big()
    dm_notices: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    # The game's own thread, when it is played in one (its posts go there).
    thread_id: int | None = _big()
    # What the Discord side keeps of the game's channel (its turn post, the questions asked
    # privately, who was pinged), as JSON: see bot.cogs.memo.
    table_memo: str = Field(default="{}", sa_column=Column(Text, nullable=False,
                                                           server_default="{}"))
    # Votes of the other players after the turn time ran out: {"extend": [...], "abandon": [...]}.
    timer_votes: str = Field(default="{}", sa_column=Column(Text, nullable=False,
                                                            server_default="{}"))


class SeatRow(SQLModel, table=True):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "role", name="uq_seat_role"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    role: str = Field(max_length=40)
    user_id: int | None = _big()
    former_user_id: int | None = _big()           # who held a seat a moderator freed


class LogRow(SQLModel, table=True):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_action_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    seq: int
    kind: str = Field(max_length=10)
    role: str | None = Field(default=None, max_length=200)
    user_id: int | None = _big()
    verb: str | None = Field(default=None, max_length=80)
    arg: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # JSON
    created_at: datetime = Field(default_factory=utcnow)

    def payload(self) -> Any:
        return None if self.arg is None else json.loads(self.arg)


class RecordRow(SQLModel, table=True):
    """One seat's result of a finished game: who played which side of which title, and how it
    went (``won``, ``lost``, ``drawn`` or ``resigned``)."""

    __tablename__ = "records"
    __table_args__ = (UniqueConstraint("game_id", "role", name="uq_record_seat"),
                      Index("ix_records_guild_title", "guild_id", "title"))

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int = _big(nullable=False)
    game_id: int = Field(foreign_key="games.id")
    user_id: int = _big(nullable=False)
    title: str = Field(max_length=40)
    role: str = Field(max_length=40)
    outcome: str = Field(max_length=10)
    finished_at: datetime = Field(default_factory=utcnow)


class ScenarioRow(SQLModel, table=True):
    """A scenario document a server keeps for its games (``/scenario upload``)."""

    __tablename__ = "scenarios"
    __table_args__ = (UniqueConstraint("guild_id", "title", "name", name="uq_scenario_name"),)

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int = _big(nullable=False)
    title: str = Field(max_length=40)
    name: str = Field(max_length=100)
    doc: str = Field(sa_column=Column(Text, nullable=False))     # JSON
    uploaded_by: int = _big(nullable=False)
    created_at: datetime = Field(default_factory=utcnow)


def seat_outcome(result: Result, role: str) -> str:
    """How a finished game went for one side."""
    if role in result.winners:
        return "won"
    if result.msg is not None and result.msg.key == "result.resigned":
        return "resigned"
    if result.draw:
        return "drawn"
    return "lost"


class StateRow(SQLModel, table=True):
    __tablename__ = "game_states"

    game_id: int = Field(foreign_key="games.id", primary_key=True, sa_column_kwargs={
        "autoincrement": False})
    version: int
    state: str = Field(sa_column=Column(Text, nullable=False))
    # The latest state no undo may cross (after dice, a reveal, a change of turn), and the
    # sequence number of the log row that made it: an undo replays only the log rows after it.
    checkpoint: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    checkpoint_seq: int | None = None
    updated_at: datetime = Field(default_factory=utcnow)


TABLES = [t.__table__ for t in (ServerSettingsRow, PlayerRow, GameRow, SeatRow, LogRow,  # type: ignore[attr-defined]
                                StateRow, RecordRow, ScenarioRow)]  # type: ignore[attr-defined]
TABLE_NAMES = frozenset(t.name for t in TABLES)
# The metadata the migrations compare with (its tables of this module: TABLE_NAMES).
METADATA = SQLModel.metadata
_G = GameRow.__table__  # type: ignore[attr-defined]
_SEATS = SeatRow.__table__  # type: ignore[attr-defined]
_LOG = LogRow.__table__  # type: ignore[attr-defined]
_STATE = StateRow.__table__  # type: ignore[attr-defined]
_SETTINGS = ServerSettingsRow.__table__  # type: ignore[attr-defined]
_PLAYERS = PlayerRow.__table__  # type: ignore[attr-defined]
_RECORDS = RecordRow.__table__  # type: ignore[attr-defined]
_SCENARIOS = ScenarioRow.__table__  # type: ignore[attr-defined]


class StaleVersion(Exception):
    """A conditional write found the game changed since it was read."""

    def __init__(self, game_id: int, expected: dict[str, Any]) -> None:
        super().__init__(f"game {game_id} is no longer {expected}")
        self.game_id = game_id
        self.expected = expected


class UnknownGame(KeyError):
    pass


def _where(table: Any, conditions: dict[str, Any]) -> Any:
    parts = []
    for name, value in conditions.items():
        column = table.c[name]
        if value is None:
            parts.append(column.is_(None))
        elif isinstance(value, list | tuple | set | frozenset):
            parts.append(column.in_(list(value)))
        else:
            parts.append(column == value)
    return and_(true(), *parts)


# The statements of a move (read the game, update it, append to the log, write the state) are
# built once per shape with bound parameters: building a statement costs more than running it.
def _shape(conditions: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((name, "none" if value is None else
                  "in" if isinstance(value, list | tuple | set | frozenset) else "eq")
                 for name, value in conditions.items())


def _bound(conditions: dict[str, Any]) -> dict[str, Any]:
    return {f"w_{name}": list(value) if isinstance(value, set | frozenset) else value
            for name, value in conditions.items() if value is not None}


@functools.cache
def _update_game_statement(names: tuple[str, ...], where: tuple[tuple[str, str], ...]) -> Any:
    parts = [_G.c.id == bindparam("w_id")]
    for name, kind in where:
        column = _G.c[name]
        parts.append(column.is_(None) if kind == "none" else
                     column.in_(bindparam(f"w_{name}", expanding=True)) if kind == "in" else
                     column == bindparam(f"w_{name}"))
    return update(_G).where(*parts).values({n: bindparam(f"v_{n}") for n in names})


@functools.cache
def _append_statement(returning: bool) -> Any:
    next_seq = (select(func.coalesce(func.max(_LOG.c.seq), 0) + 1)
                .where(_LOG.c.game_id == bindparam("game_id")).scalar_subquery())
    names = ("game_id", "kind", "role", "user_id", "verb", "arg", "created_at")
    statement = insert(_LOG).values(seq=next_seq, **{n: bindparam(n) for n in names})
    return statement.returning(_LOG.c.seq) if returning else statement


@functools.cache
def _put_state_statement(checkpoint: bool) -> Any:
    names = ["version", "state", "updated_at"] + (["checkpoint", "checkpoint_seq"]
                                                  if checkpoint else [])
    return (update(_STATE).where(_STATE.c.game_id == bindparam("w_id"))
            .values({n: bindparam(f"v_{n}") for n in names}))


@functools.cache
def _load_statement(with_state: bool, unless_version: bool) -> Any:
    columns: list[Any] = [_G, _SEATS.c.id.label("seat_id"), _SEATS.c.role.label("seat_role"),
                          _SEATS.c.user_id.label("seat_user"),
                          _SEATS.c.former_user_id.label("seat_former")]
    joined = _G.outerjoin(_SEATS, _SEATS.c.game_id == _G.c.id)
    if with_state:
        state_column: Any = _STATE.c.state
        if unless_version:
            state_column = case((_G.c.version == bindparam("unless"), None),
                                else_=_STATE.c.state)
        columns += [_STATE.c.version.label("state_version"), state_column.label("state_json")]
        joined = joined.outerjoin(_STATE, _STATE.c.game_id == _G.c.id)
    return (select(*columns).select_from(joined).where(_G.c.id == bindparam("game_id"))
            .order_by(_SEATS.c.id))


class Tx:
    """One write transaction (see ``Store.write``)."""

    def __init__(self, conn: AsyncConnection, now: datetime) -> None:
        self.conn = conn
        self.now = now

    async def insert_game(self, game: GameRow, roles: Iterable[str]) -> int:
        values = game.model_dump(exclude={"id"})
        values["created_at"] = values["updated_at"] = self.now
        result = await self.conn.execute(insert(_G).values(**values))
        game_id = int(result.inserted_primary_key[0])
        await self.conn.execute(insert(_SEATS), [
            {"game_id": game_id, "role": role, "user_id": None} for role in roles])
        return game_id

    async def update_game(self, game_id: int, values: dict[str, Any], **where: Any) -> None:
        """Change the game row if it still matches ``where``; raise StaleVersion otherwise."""
        values = {**values, "updated_at": self.now}
        statement = _update_game_statement(tuple(values), _shape(where))
        params = {f"v_{name}": value for name, value in values.items()}
        result = await self.conn.execute(statement, {**params, **_bound(where), "w_id": game_id})
        if result.rowcount != 1:
            raise StaleVersion(game_id, where)

    async def set_seat(self, game_id: int, role: str, seated: int | None, /,
                       **where: Any) -> bool:
        """Seat the user ``seated`` (None: free the seat) if the seat matches ``where``."""
        values: dict[str, Any] = {"user_id": seated}
        if "former_user_id" in where:
            values["former_user_id"] = None
        result = await self.conn.execute(
            update(_SEATS).where(_SEATS.c.game_id == game_id, _SEATS.c.role == role,
                                 _where(_SEATS, where)).values(**values))
        return result.rowcount == 1

    async def free_seats_of(self, game_id: int, user_id: int) -> None:
        await self.conn.execute(
            update(_SEATS).where(_SEATS.c.game_id == game_id, _SEATS.c.user_id == user_id)
            .values(user_id=None, former_user_id=user_id))

    async def append(self, game_id: int, kind: str, *, role: str | None = None,
                     user_id: int | None = None, verb: str | None = None,
                     arg: Any = None, want_seq: bool = False) -> int | None:
        """Append a row to the game's log; with ``want_seq``, return its sequence number."""
        # One statement: the next sequence number is computed inside the INSERT.
        row = {"game_id": game_id, "kind": kind, "role": role, "user_id": user_id, "verb": verb,
               "arg": None if arg is None else json.dumps(arg, ensure_ascii=False),
               "created_at": self.now}
        result = await self.conn.execute(_append_statement(want_seq), row)
        return int(result.scalar_one()) if want_seq else None

    async def put_state(self, game_id: int, version: int, state_json: str,
                        checkpoint_seq: int | None = None) -> None:
        """Write the current state; with ``checkpoint_seq`` (the log row that made it) it is
        also the new checkpoint."""
        values: dict[str, Any] = {"version": version, "state": state_json, "updated_at": self.now}
        if checkpoint_seq is not None:
            values.update(checkpoint=state_json, checkpoint_seq=checkpoint_seq)
        statement = _put_state_statement(checkpoint_seq is not None)
        result = await self.conn.execute(
            statement, {"w_id": game_id, **{f"v_{n}": v for n, v in values.items()}})
        if result.rowcount == 0:
            await self.conn.execute(insert(_STATE).values(game_id=game_id, **values))

    async def put_settings(self, row: ServerSettingsRow) -> None:
        values = row.model_dump()
        result = await self.conn.execute(
            update(_SETTINGS).where(_SETTINGS.c.guild_id == row.guild_id).values(**values))
        if result.rowcount == 0:
            await self.conn.execute(insert(_SETTINGS).values(**values))

    async def put_scenario(self, row: ScenarioRow) -> int:
        """Keep a server's scenario (replacing one of the same title and name)."""
        await self.conn.execute(_SCENARIOS.delete().where(
            _SCENARIOS.c.guild_id == row.guild_id, _SCENARIOS.c.title == row.title,
            _SCENARIOS.c.name == row.name))
        result = await self.conn.execute(insert(_SCENARIOS).values(
            **row.model_dump(exclude={"id"})))
        return int(result.inserted_primary_key[0])

    async def remove_scenario(self, guild_id: int, scenario_id: int) -> bool:
        result = await self.conn.execute(_SCENARIOS.delete().where(
            _SCENARIOS.c.guild_id == guild_id, _SCENARIOS.c.id == scenario_id))
        return bool(result.rowcount)

    async def add_records(self, rows: list[RecordRow]) -> None:
        if rows:
            await self.conn.execute(insert(_RECORDS), [r.model_dump(exclude={"id"})
                                                       for r in rows])

    async def put_player(self, row: PlayerRow) -> None:
        values = row.model_dump()
        result = await self.conn.execute(
            update(_PLAYERS).where(_PLAYERS.c.user_id == row.user_id).values(**values))
        if result.rowcount == 0:
            await self.conn.execute(insert(_PLAYERS).values(**values))


class Loaded:
    """A game row, its seats, and (when asked for) its state row, read together."""

    def __init__(self, game: GameRow, seats: list[SeatRow], state: str | None,
                 state_version: int | None) -> None:
        self.game = game
        self.seats = seats
        self.state = state
        self.state_version = state_version


def _memory(url: str) -> bool:
    database = make_url(url).database
    return database in (None, "", ":memory:") or "mode=memory" in url


class Store:
    """The database of tables. ``await init()`` before use, ``await close()`` after."""

    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = url
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        self.is_memory = self.is_sqlite and _memory(url)
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_memory:
            # One in-memory database exists per connection: keep exactly one.
            kwargs.update(poolclass=StaticPool, connect_args={"check_same_thread": False})
        elif self.is_sqlite and parsed.database:
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        # SQLite has one writer at a time. In this process writers queue here instead of in
        # SQLite's busy handler (which sleeps in steps of up to 100 ms); the in-memory database
        # has a single connection, so readers queue too.
        self._write_lock = asyncio.Lock() if self.is_sqlite else None
        self._read_lock = self._write_lock if self.is_memory else None
        if self.is_sqlite:
            self._prepare_sqlite()

    def _prepare_sqlite(self) -> None:
        memory = self.is_memory

        @event.listens_for(self.engine.sync_engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            # The driver opens a transaction before the first INSERT/UPDATE/DELETE, and with
            # IMMEDIATE that transaction takes the write lock at once: a second process waits
            # for the first to commit (busy_timeout), then finds the version moved on. Reads
            # run outside transactions; each read is one statement. So a write transaction
            # starts with a write statement (every Tx method is one).
            dbapi_connection.isolation_level = "IMMEDIATE"
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA busy_timeout = 30000")
            cursor.execute("PRAGMA foreign_keys = ON")
            if not memory:
                cursor.execute("PRAGMA journal_mode = WAL")
                cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.close()

    async def init(self) -> None:
        """Create the tables, or upgrade them to the newest schema (see ``bot/migrations``)."""
        async with self.engine.begin() as conn:
            await conn.run_sync(upgrade_schema)

    async def close(self) -> None:
        await self.engine.dispose()

    # -- transactions ---------------------------------------------------------------------------
    @asynccontextmanager
    async def _locked(self, lock: asyncio.Lock | None) -> AsyncIterator[None]:
        if lock is None:
            yield
        else:
            async with lock:
                yield

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        async with self._locked(self._read_lock), self.engine.connect() as conn:
            yield conn

    @asynccontextmanager
    async def write(self, now: datetime | None = None) -> AsyncIterator[Tx]:
        """One write transaction: committed when the block ends, rolled back if it raises.
        Start it with a write statement (every Tx method is one) and read nothing through the
        store inside it: the in-memory database has a single connection."""
        moment = as_utc(now) if now is not None else utcnow()
        if self.is_memory:
            async with self._locked(self._write_lock), self.engine.begin() as conn:
                yield Tx(conn, moment)
            return
        # Take a connection before queueing for the write lock and give it back (the pool
        # resets it) after: the lock is held only while the transaction runs.
        async with self.engine.connect() as conn:
            async with self._locked(self._write_lock), conn.begin():
                yield Tx(conn, moment)

    # -- reads ----------------------------------------------------------------------------------
    async def load(self, game_id: int, *, with_state: bool = True,
                   unless_version: int | None = None) -> Loaded:
        """The game, its seats and its state, in one statement (so they are consistent). With
        ``unless_version`` the state is left out while the game is still at that version (the
        caller has it)."""
        query = _load_statement(with_state, with_state and unless_version is not None)
        params = {"game_id": game_id, "unless": unless_version}
        async with self.read() as conn:
            rows = (await conn.execute(query, params)).all()
        if not rows:
            raise UnknownGame(game_id)
        data = dict(rows[0]._mapping)
        state = data.pop("state_json", None)
        state_version = data.pop("state_version", None)
        for name in ("seat_id", "seat_role", "seat_user", "seat_former"):
            data.pop(name)
        game = GameRow(**data)
        seats = [SeatRow(id=r.seat_id, game_id=game_id, role=r.seat_role, user_id=r.seat_user,
                         former_user_id=r.seat_former) for r in rows if r.seat_id is not None]
        return Loaded(game, seats, state, state_version)

    async def get_game(self, game_id: int) -> GameRow | None:
        try:
            return (await self.load(game_id, with_state=False)).game
        except UnknownGame:
            return None

    async def list_games(self, guild_id: int | None = None, channel_id: int | None = None,
                         statuses: Iterable[str] = OPEN_STATUSES,
                         timed_only: bool = False) -> list[tuple[GameRow, list[SeatRow]]]:
        query = select(_G).where(_G.c.status.in_(list(statuses)))
        if guild_id is not None:
            query = query.where(_G.c.guild_id == guild_id)
        if channel_id is not None:
            # a game played in its own thread is found from the thread too
            query = query.where((_G.c.channel_id == channel_id) | (_G.c.thread_id == channel_id))
        if timed_only:
            query = query.where(_G.c.turn_timer.is_not(None), _G.c.turn_started_at.is_not(None))
        async with self.read() as conn:
            games = [GameRow(**r._mapping) for r in await conn.execute(query.order_by(_G.c.id))]
            seats: dict[int, list[SeatRow]] = {g.id: [] for g in games}  # type: ignore[misc]
            if games:
                for r in await conn.execute(
                        select(_SEATS).where(_SEATS.c.game_id.in_(list(seats)))
                        .order_by(_SEATS.c.id)):
                    seats[r.game_id].append(SeatRow(**r._mapping))
        return [(g, seats[g.id]) for g in games]  # type: ignore[index]

    async def log(self, game_id: int, after_seq: int = 0) -> list[LogRow]:
        """The game's log rows in order (those after ``after_seq``)."""
        async with self.read() as conn:
            return [LogRow(**r._mapping) for r in await conn.execute(
                select(_LOG).where(_LOG.c.game_id == game_id, _LOG.c.seq > after_seq)
                .order_by(_LOG.c.seq))]

    async def state_json(self, game_id: int) -> tuple[int, str] | None:
        async with self.read() as conn:
            row = (await conn.execute(select(_STATE.c.version, _STATE.c.state)
                                      .where(_STATE.c.game_id == game_id))).first()
        return None if row is None else (row.version, row.state)

    async def checkpoint(self, game_id: int) -> tuple[int, str] | None:
        """The game's latest checkpoint: the sequence number of the log row that made it, and
        the state (see StateRow)."""
        async with self.read() as conn:
            row = (await conn.execute(select(_STATE.c.checkpoint_seq, _STATE.c.checkpoint)
                                      .where(_STATE.c.game_id == game_id))).first()
        if row is None or row.checkpoint is None or row.checkpoint_seq is None:
            return None
        return int(row.checkpoint_seq), row.checkpoint

    async def records(self, guild_id: int, user_id: int | None = None,
                      title: str | None = None) -> list[RecordRow]:
        query = select(_RECORDS).where(_RECORDS.c.guild_id == guild_id)
        if user_id is not None:
            query = query.where(_RECORDS.c.user_id == user_id)
        if title is not None:
            query = query.where(_RECORDS.c.title == title)
        async with self.read() as conn:
            return [RecordRow(**r._mapping) for r in await conn.execute(
                query.order_by(_RECORDS.c.id))]

    async def scenarios(self, guild_id: int, title: str | None = None) -> list[ScenarioRow]:
        query = select(_SCENARIOS).where(_SCENARIOS.c.guild_id == guild_id)
        if title is not None:
            query = query.where(_SCENARIOS.c.title == title)
        async with self.read() as conn:
            return [ScenarioRow(**r._mapping) for r in await conn.execute(
                query.order_by(_SCENARIOS.c.title, _SCENARIOS.c.name))]

    async def get_player(self, user_id: int) -> PlayerRow | None:
        async with self.read() as conn:
            row = (await conn.execute(
                select(_PLAYERS).where(_PLAYERS.c.user_id == user_id))).first()
        return None if row is None else PlayerRow(**row._mapping)

    async def get_settings(self, guild_id: int) -> ServerSettingsRow | None:
        async with self.read() as conn:
            row = (await conn.execute(
                select(_SETTINGS).where(_SETTINGS.c.guild_id == guild_id))).first()
        return None if row is None else ServerSettingsRow(**row._mapping)

    # -- replay ---------------------------------------------------------------------------------
    async def replay(self, game_id: int) -> Any:
        """Rebuild the game's state from its log alone (setup row, actions, undos, resignations).
        It must equal the stored state."""
        game = await self.get_game(game_id)
        if game is None:
            raise UnknownGame(game_id)
        return replay_log(game.title, await self.log(game_id))


# -- schema migrations ------------------------------------------------------------------------------

MIGRATIONS = "bot:migrations"
# The first revision: the schema the store made before it had migrations. A database that has
# the tables but no alembic_version table was made then, and is stamped with it before upgrading.
BASELINE = "0001"
# PostgreSQL: bot processes that start together upgrade one after the other.
MIGRATION_LOCK = 0x616E6369656E74   # any fixed 64-bit number


def alembic_config(connection: Connection | None = None) -> Any:
    """The alembic configuration of the store's migrations; with ``connection`` (synchronous,
    in a transaction), the migrations run on it."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.cache
def migration_scripts() -> Any:
    """The revisions (read once per process)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def _ours(name: str | None, type_: str, parent_names: Any) -> bool:
    # Autogenerate looks only at the store's tables (the database may hold others).
    return type_ != "table" or name in TABLE_NAMES


def configure_migrations(environment: Any, connection: Connection) -> None:
    """Configure an alembic environment (``alembic.context`` in ``env.py``) on a connection."""
    environment.configure(connection=connection, target_metadata=METADATA, compare_type=True,
                          include_name=_ours,
                          # SQLite changes a table by copying it: revisions use batch operations.
                          render_as_batch=connection.dialect.name == "sqlite")


def schema_revision(connection: Connection) -> str | None:
    """The revision the database of ``connection`` is at (None: not under migrations)."""
    from alembic.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def upgrade_schema(connection: Connection) -> None:
    """Bring the database of ``connection`` to the newest revision, in its transaction (what
    ``alembic upgrade head`` does, without reading the revisions again on every start)."""
    from alembic.migration import MigrationContext
    from alembic.runtime.environment import EnvironmentContext

    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    scripts = migration_scripts()
    names = set(inspect(connection).get_table_names())
    if "alembic_version" not in names and "games" in names:
        MigrationContext.configure(connection).stamp(scripts, BASELINE)
    if schema_revision(connection) == scripts.get_current_head():
        return

    def steps(revision: Any, _context: Any) -> Any:
        return scripts._upgrade_revs("head", revision)

    with EnvironmentContext(alembic_config(connection), scripts, fn=steps,
                            destination_rev="head") as environment:
        configure_migrations(environment, connection)
        with environment.begin_transaction():
            environment.run_migrations()


def live_actions(log: list[LogRow]) -> list[LogRow]:
    """The rows that make the current state: the setup row, then every action and resignation
    in order, without the actions an undo row took back."""
    undone = {int(row.payload()["seq"]) for row in log if row.kind == "undo"}
    return [row for row in log
            if row.kind in ("setup", "action", "resign") and row.seq not in undone]


def resign_result(resigning: list[str], roles: list[str], names: dict[str, str]) -> Result:
    winners = [r for r in roles if r not in resigning]
    who = ", ".join(names.get(r, r) for r in resigning)
    won = ", ".join(names.get(r, r) for r in winners)
    return Result(winners=winners, draw=not winners, reason=f"{who} resigned",
                  msg=Msg(key="result.resigned", args={"roles": who, "winners": won}))


def setup_args(row: LogRow) -> tuple[int, str | dict, dict]:
    data = row.payload()
    scenario = data["scenario_doc"] if data.get("scenario_doc") is not None else data["scenario"]
    return int(data["seed"]), scenario, dict(data.get("options") or {})


def replay_log(title: str, log: list[LogRow]) -> Any:
    """The state the whole log makes, from its setup row."""
    rules = registry.get(title)
    rows = live_actions(log)
    if not rows or rows[0].kind != "setup":
        raise ValueError("the log does not start with a setup row")
    seed, scenario, options = setup_args(rows[0])
    return apply_rows(rules, rules.setup(seed, scenario, options), rows[1:])


def replay_from(title: str, checkpoint_state: str, tail: list[LogRow]) -> Any:
    """The state a checkpoint and the log rows after it make."""
    rules = registry.get(title)
    return apply_rows(rules, rules.load_state(checkpoint_state), live_actions(tail))


def apply_rows(rules: Rules, state: Any, rows: list[LogRow]) -> Any:
    for row in rows:
        if row.kind == "action":
            state = rules.act(state, str(row.role), Action(verb=str(row.verb), arg=row.payload()))
        elif row.kind == "resign":
            data = row.payload()
            state = rules.load_state(state.model_dump_json())
            state.result = resign_result(list(data["roles"]), list(state.roles),
                                         dict(data.get("names") or {}))
    return state
