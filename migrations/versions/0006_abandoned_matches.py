"""Abandoned matches: a match every person left is recorded (matches.abandoned) without changing any standing.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 15:40:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the flag; every match recorded before was played to its end."""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("abandoned", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    """Drop the flag (and with it the difference: abandoned matches would then read as finished ones)."""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("abandoned")
