"""Players' records: one row per seat of every finished game, filled in from the games already
finished.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import context, op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _outcome(result: dict, role: str) -> str:
    if role in (result.get("winners") or []):
        return "won"
    if (result.get("msg") or {}).get("key") == "result.resigned":
        return "resigned"
    if result.get("draw"):
        return "drawn"
    return "lost"


def upgrade() -> None:
    records = op.create_table(
        "records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("title", sa.String(length=40), nullable=False),
        sa.Column("role", sa.String(length=40), nullable=False),
        sa.Column("outcome", sa.String(length=10), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "role", name="uq_record_seat"),
    )
    op.create_index("ix_records_guild_title", "records", ["guild_id", "title"], unique=False)
    if context.is_offline_mode():
        return  # printed SQL: the games finished before are counted by an online upgrade
    # The games finished before there were records.
    bind = op.get_bind()
    games = bind.execute(sa.text(
        "SELECT id, guild_id, title, result, updated_at FROM games "
        "WHERE status = 'finished' AND result IS NOT NULL")).all()
    rows = []
    for game in games:
        result = json.loads(game.result)
        seats = bind.execute(sa.text("SELECT role, user_id FROM seats WHERE game_id = :g"),
                             {"g": game.id}).all()
        when = game.updated_at or datetime.now(UTC)
        if isinstance(when, str):
            when = datetime.fromisoformat(when)
        for seat in seats:
            if seat.user_id is None:
                continue
            rows.append({"guild_id": game.guild_id, "game_id": game.id, "user_id": seat.user_id,
                         "title": game.title, "role": seat.role,
                         "outcome": _outcome(result, seat.role), "finished_at": when})
    if rows:
        op.bulk_insert(records, rows)


def downgrade() -> None:
    op.drop_index("ix_records_guild_title", table_name="records")
    op.drop_table("records")
