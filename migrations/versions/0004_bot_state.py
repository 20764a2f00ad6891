"""Bot state: small values kept by key across restarts and processes (the hash of the last command sync).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 14:30:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the key-value table."""
    op.create_table(
        "bot_state",
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_bot_state")),
    )


def downgrade() -> None:
    """Drop it (the next start syncs the commands once more)."""
    op.drop_table("bot_state")
