"""A finished match's last reveal and standings kept until they are posted (owed_endings), so that a crash between
the match's end and its posts shows them after the restart.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 03:00:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create owed_endings (empty: the matches finished so far have shown their standings or never will)."""
    op.create_table(
        "owed_endings",
        sa.Column("game_id", sa.String(length=64), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("rounds", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    """Drop owed_endings."""
    op.drop_table("owed_endings")
