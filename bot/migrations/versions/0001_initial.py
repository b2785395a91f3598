"""The tables as the store made them before it had migrations.

A database made then (with ``create_all``) has exactly these tables and no ``alembic_version``
table; ``Store.init()`` stamps it with this revision and upgrades it from here.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "server_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("moderator_role_id", sa.BigInteger(), nullable=True),
        sa.Column("turn_timer", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("creator_id", sa.BigInteger(), nullable=False),
        sa.Column("title", sa.String(length=40), nullable=False),
        sa.Column("scenario", sa.String(length=80), nullable=False),
        sa.Column("scenario_name", sa.String(length=200), nullable=False),
        sa.Column("scenario_doc", sa.Text(), nullable=True),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("roles", sa.Text(), nullable=False),
        sa.Column("role_names", sa.Text(), nullable=False),
        sa.Column("min_players", sa.Integer(), nullable=False),
        sa.Column("max_players", sa.Integer(), nullable=False),
        sa.Column("allow_multiple_seats", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("paused_reason", sa.String(length=20), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("active_roles", sa.Text(), nullable=False),
        sa.Column("result", sa.Text(), nullable=True),
        _when("created_at"),
        _when("updated_at"),
        sa.Column("turn_timer", sa.Integer(), nullable=True),
        _when("turn_started_at", nullable=True),
        sa.Column("reminded", sa.Boolean(), nullable=False),
        sa.Column("expired", sa.Boolean(), nullable=False),
        sa.Column("board_message_id", sa.BigInteger(), nullable=True),
        sa.Column("dm_notices", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_games_guild_status", "games", ["guild_id", "status"], unique=False)
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("former_user_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "role", name="uq_seat_role"),
    )
    op.create_index("ix_seats_game_id", "seats", ["game_id"], unique=False)
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("role", sa.String(length=200), nullable=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("verb", sa.String(length=80), nullable=True),
        sa.Column("arg", sa.Text(), nullable=True),
        _when("created_at"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seq", name="uq_action_seq"),
    )
    op.create_index("ix_actions_game_id", "actions", ["game_id"], unique=False)
    op.create_table(
        "game_states",
        sa.Column("game_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("checkpoint", sa.Text(), nullable=True),
        sa.Column("checkpoint_seq", sa.Integer(), nullable=True),
        _when("updated_at"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    op.drop_table("game_states")
    op.drop_index("ix_actions_game_id", table_name="actions")
    op.drop_table("actions")
    op.drop_index("ix_seats_game_id", table_name="seats")
    op.drop_table("seats")
    op.drop_index("ix_games_guild_status", table_name="games")
    op.drop_table("games")
    op.drop_table("server_settings")
