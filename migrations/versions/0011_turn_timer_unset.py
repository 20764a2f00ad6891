"""A server's turn timer may be unset (NULL): each game then has its own default (Cat Duel 60 s, the others 120 s).

Before, 120 stood for both "never changed" and "chosen: 120 s", so a server that chose 120 s got 60 s in Cat Duel.
Every stored 120 was read as unset, and becomes NULL here: each server keeps the timers it had.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01 08:20:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UNSET_BEFORE = 120  # what an unset timer was stored as before this revision


def upgrade() -> None:
    """Let the timer be NULL, and make every 120 (read as unset until now) NULL."""
    with op.batch_alter_table("server_settings", schema=None) as batch_op:
        batch_op.alter_column("turn_timer", existing_type=sa.Integer(), nullable=True)
    op.execute(sa.text(f"UPDATE server_settings SET turn_timer = NULL WHERE turn_timer = {UNSET_BEFORE}"))


def downgrade() -> None:
    """Store an unset timer as 120 again, and require a value."""
    op.execute(sa.text(f"UPDATE server_settings SET turn_timer = {UNSET_BEFORE} WHERE turn_timer IS NULL"))
    with op.batch_alter_table("server_settings", schema=None) as batch_op:
        batch_op.alter_column("turn_timer", existing_type=sa.Integer(), nullable=False)
