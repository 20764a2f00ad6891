"""What each seat of a finished match played as (issue 14: Cat Duel's cat), for the favourite cat in the stats.

Every match stored so far is Dreamcats or Dream 21, where seats play alike: the column starts empty (NULL).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 02:00:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add match_seats.played_as (NULL for every existing seat)."""
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("played_as", sa.String(length=32), nullable=True))


def downgrade() -> None:
    """Drop match_seats.played_as."""
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.drop_column("played_as")
