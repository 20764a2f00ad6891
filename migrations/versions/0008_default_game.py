"""Default game: the game a server's /dreamcats start, leaderboard and stats pick when given none (issue 13).

Every server so far played Dreamcats, so server_settings.default_game starts as "dreamcats".

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 21:50:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DREAMCATS = "dreamcats"


def upgrade() -> None:
    """Add the server default (existing servers keep Dreamcats)."""
    with op.batch_alter_table("server_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("default_game", sa.String(length=32), server_default=DREAMCATS, nullable=False))


def downgrade() -> None:
    """Drop the server default."""
    with op.batch_alter_table("server_settings", schema=None) as batch_op:
        batch_op.drop_column("default_game")
