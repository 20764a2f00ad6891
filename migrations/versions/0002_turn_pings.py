"""Turn pings: a server's default (server_settings.turn_pings, on) and each person's own choice per server.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 13:50:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the server default (existing servers get pings on) and the table of personal choices."""
    with op.batch_alter_table("server_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("turn_pings", sa.Boolean(), server_default=sa.true(), nullable=False))
    op.create_table(
        "person_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("turn_pings", sa.Boolean(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id", name=op.f("pk_person_settings")),
    )


def downgrade() -> None:
    """Drop the personal choices and the server default."""
    op.drop_table("person_settings")
    with op.batch_alter_table("server_settings", schema=None) as batch_op:
        batch_op.drop_column("turn_pings")
