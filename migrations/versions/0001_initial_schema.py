"""Initial schema: settings, players, matches with seats, rounds and scores, live games, ratings.

Revision ID: 0001
Revises:
Create Date: 2026-11-21 07:09:12

"""
from collections.abc import Sequence
from datetime import datetime

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when(name: str, nullable: bool = False) -> sa.Column[datetime]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "live_games",
        sa.Column("game_id", sa.String(length=64), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _when("deadline", nullable=True),
        sa.Column("broken", sa.Boolean(), nullable=False),
        sa.Column("broken_reason", sa.Text(), nullable=True),
        _when("created_at"),
        _when("updated_at"),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_live_games")),
    )
    with op.batch_alter_table("live_games", schema=None) as batch_op:
        batch_op.create_index("ix_live_games_channel", ["channel_id"], unique=False)

    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        _when("started_at"),
        _when("finished_at"),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seat_count", sa.Integer(), nullable=False),
        sa.Column("round_count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
    )
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.create_index("ix_matches_guild_finished", ["guild_id", "finished_at"], unique=False)

    op.create_table(
        "players",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        _when("updated_at"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_players")),
    )
    op.create_table(
        "server_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("point_limit", sa.Integer(), nullable=False),
        sa.Column("penalty", sa.Integer(), nullable=False),
        sa.Column("turn_timer", sa.Integer(), nullable=False),
        sa.Column("memory_aid", sa.Boolean(), nullable=False),
        sa.Column("reveal_time", sa.Integer(), nullable=True),
        sa.Column("table_locale", sa.String(length=16), nullable=True),
        _when("updated_at"),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_server_settings")),
    )
    op.create_table(
        "match_seats",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("strength", sa.String(length=100), nullable=True),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Boolean(), nullable=False),
        sa.Column("left_early", sa.Boolean(), nullable=False),
        sa.CheckConstraint(
            "user_id IS NOT NULL OR strength IS NOT NULL", name=op.f("ck_match_seats_person_or_computer")
        ),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_match_seats_match_id_matches"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["players.user_id"], name=op.f("fk_match_seats_user_id_players")),
        sa.PrimaryKeyConstraint("match_id", "seat", name=op.f("pk_match_seats")),
    )
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.create_index("ix_match_seats_user_match", ["user_id", "match_id"], unique=False)

    op.create_table(
        "player_ratings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("round_score_sum", sa.Integer(), nullable=False),
        sa.Column("wakeup_calls", sa.Integer(), nullable=False),
        sa.Column("wakeup_successes", sa.Integer(), nullable=False),
        sa.Column("best_round", sa.Integer(), nullable=True),
        _when("updated_at"),
        sa.ForeignKeyConstraint(["user_id"], ["players.user_id"], name=op.f("fk_player_ratings_user_id_players")),
        sa.PrimaryKeyConstraint("guild_id", "user_id", name=op.f("pk_player_ratings")),
    )
    with op.batch_alter_table("player_ratings", schema=None) as batch_op:
        batch_op.create_index("ix_player_ratings_board", ["guild_id", "ordinal", "user_id"], unique=False)

    op.create_table(
        "rounds",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("caller_seat", sa.Integer(), nullable=True),
        sa.Column("caller_succeeded", sa.Boolean(), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_rounds_match_id_matches"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", "number", name=op.f("pk_rounds")),
    )
    op.create_table(
        "round_scores",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("sum", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("caller", sa.Boolean(), nullable=False),
        sa.Column("penalty", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id", "round_number"], ["rounds.match_id", "rounds.number"],
            name="fk_round_scores_round", ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["match_id", "seat"], ["match_seats.match_id", "match_seats.seat"],
            name="fk_round_scores_seat", ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", "round_number", "seat", name=op.f("pk_round_scores")),
    )


def downgrade() -> None:
    """Drop every table."""
    op.drop_table("round_scores")
    op.drop_table("rounds")
    with op.batch_alter_table("player_ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_player_ratings_board")
    op.drop_table("player_ratings")
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.drop_index("ix_match_seats_user_match")
    op.drop_table("match_seats")
    op.drop_table("server_settings")
    op.drop_table("players")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index("ix_matches_guild_finished")
    op.drop_table("matches")
    with op.batch_alter_table("live_games", schema=None) as batch_op:
        batch_op.drop_index("ix_live_games_channel")
    op.drop_table("live_games")
