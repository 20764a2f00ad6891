"""Games: every match, live game and standing names its game; all stored so far are Dreamcats (issue 13).

A person's rating and totals are kept per game (player_ratings' key gains `game`), so the leaderboard of one
game is not mixed with another's.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 19:40:00

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DREAMCATS = "dreamcats"


def _game_column(*, primary_key: bool = False) -> sa.Column[str]:
    return sa.Column("game", sa.String(length=32), server_default=DREAMCATS, nullable=False, primary_key=primary_key)


def upgrade() -> None:
    """Name the game everywhere: Dreamcats for every row there is."""
    for table in ("matches", "live_games"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(_game_column())
    with op.batch_alter_table("player_ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_player_ratings_board")
        batch_op.drop_constraint("pk_player_ratings", type_="primary")
        batch_op.add_column(_game_column())
        batch_op.create_primary_key("pk_player_ratings", ["guild_id", "game", "user_id"])
        batch_op.create_index("ix_player_ratings_board", ["guild_id", "game", "ordinal", "user_id"], unique=False)


def downgrade() -> None:
    """Back to one standing per person and server; other games' matches, live games and standings are deleted."""
    op.execute(sa.text("DELETE FROM player_ratings WHERE game <> :game").bindparams(game=DREAMCATS))
    op.execute(sa.text("DELETE FROM live_games WHERE game <> :game").bindparams(game=DREAMCATS))
    # Their rows first: SQLite migrates with foreign keys off, so deleting the matches would not cascade.
    others = "SELECT id FROM matches WHERE game <> :game"
    for child in ("round_scores", "rounds", "match_seats"):
        op.execute(sa.text(f"DELETE FROM {child} WHERE match_id IN ({others})").bindparams(game=DREAMCATS))
    op.execute(sa.text("DELETE FROM matches WHERE game <> :game").bindparams(game=DREAMCATS))
    with op.batch_alter_table("player_ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_player_ratings_board")
        batch_op.drop_constraint("pk_player_ratings", type_="primary")
        batch_op.drop_column("game")
        batch_op.create_primary_key("pk_player_ratings", ["guild_id", "user_id"])
        batch_op.create_index("ix_player_ratings_board", ["guild_id", "ordinal", "user_id"], unique=False)
    for table in ("live_games", "matches"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("game")
