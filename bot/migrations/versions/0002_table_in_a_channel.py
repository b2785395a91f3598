"""The table in a channel: a thread per game, the memory of a game's turn post, timer votes,
each player's own settings, and the servers' default for threads.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("locale", sa.String(length=16), nullable=True),
        sa.Column("notify", sa.String(length=10), nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("thread_id", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("table_memo", sa.Text(), nullable=False,
                                   server_default="{}"))
        batch.add_column(sa.Column("timer_votes", sa.Text(), nullable=False,
                                   server_default="{}"))
    with op.batch_alter_table("server_settings") as batch:
        batch.add_column(sa.Column("threads", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("server_settings") as batch:
        batch.drop_column("threads")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("timer_votes")
        batch.drop_column("table_memo")
        batch.drop_column("thread_id")
    op.drop_table("players")
