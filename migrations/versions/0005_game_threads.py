"""Game threads: a server's default for playing each game in a thread of its own (server_settings.game_threads, off).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 15:00:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the server default (existing servers keep their games in the channel)."""
    with op.batch_alter_table("server_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("game_threads", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    """Drop the server default."""
    with op.batch_alter_table("server_settings", schema=None) as batch_op:
        batch_op.drop_column("game_threads")
