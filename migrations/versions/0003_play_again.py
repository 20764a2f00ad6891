"""Play again: a finished match remembers the live game it was (matches.game_id, indexed) and its host.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 14:00:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the two columns (empty for the matches recorded before) and the index Play again looks up."""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("game_id", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("host_id", sa.BigInteger(), nullable=True))
        batch_op.create_index(batch_op.f("ix_matches_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    """Drop the index and the two columns."""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_game_id"))
        batch_op.drop_column("host_id")
        batch_op.drop_column("game_id")
