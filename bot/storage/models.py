"""The tables, as SQLAlchemy 2 typed declarative models."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bot.storage.records import DREAMCATS

# Named constraints let Alembic's SQLite batch mode find and change them later.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
NAME_LENGTH = 100  # the width of the name columns; PostgreSQL refuses longer strings, so record_match cuts them
GAME_LENGTH = 32


def utcnow() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every backend (SQLite stores no zone, so it is put back on reading)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Refuse naive datetimes and store UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("Naive datetimes are ambiguous; pass a timezone-aware one.")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Return UTC-aware datetimes."""
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    """The declarative base of every table."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class ServerSettings(Base):
    """A server's defaults for new matches."""

    __tablename__ = "server_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    point_limit: Mapped[int] = mapped_column(Integer)
    penalty: Mapped[int] = mapped_column(Integer)
    turn_timer: Mapped[int | None] = mapped_column(Integer)  # None: each game's own default
    memory_aid: Mapped[bool] = mapped_column(Boolean)
    reveal_time: Mapped[int | None] = mapped_column(Integer)
    table_locale: Mapped[str | None] = mapped_column(String(16))
    turn_pings: Mapped[bool] = mapped_column(Boolean, server_default=true())  # ping whose turn it is
    game_threads: Mapped[bool] = mapped_column(Boolean, server_default=false())  # each game in a thread of its own
    # the game /dreamcats start, leaderboard and stats pick when given none (game.games key)
    default_game: Mapped[str] = mapped_column(String(GAME_LENGTH), server_default=DREAMCATS)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class PersonSettings(Base):
    """A person's own choices in one server; `turn_pings` None follows the server's default."""

    __tablename__ = "person_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    turn_pings: Mapped[bool | None] = mapped_column(Boolean)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class BotState(Base):
    """A small value the bot keeps across restarts and processes, by key (the hash of the last command sync)."""

    __tablename__ = "bot_state"

    key: Mapped[str] = mapped_column(String(NAME_LENGTH), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class Player(Base):
    """A Discord user who has played, with the display name seen last."""

    __tablename__ = "players"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    display_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class Match(Base):
    """A finished match."""

    __tablename__ = "matches"
    __table_args__ = (Index("ix_matches_guild_finished", "guild_id", "finished_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(GAME_LENGTH), default=DREAMCATS, server_default=DREAMCATS)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime] = mapped_column(UTCDateTime)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    seat_count: Mapped[int] = mapped_column(Integer)
    round_count: Mapped[int] = mapped_column(Integer)
    # The live game it was (Play again finds the match by it) and who hosted it, kept for the records (None before
    # 0003).
    game_id: Mapped[str | None] = mapped_column(String(64), index=True)
    host_id: Mapped[int | None] = mapped_column(BigInteger)
    # Every person left before the end: stored, but left out of ratings, totals and recent matches.
    abandoned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class MatchSeat(Base):
    """A seat of a finished match: a person (user_id) or a computer player (strength only)."""

    __tablename__ = "match_seats"
    __table_args__ = (
        Index("ix_match_seats_user_match", "user_id", "match_id"),
        CheckConstraint("user_id IS NOT NULL OR strength IS NOT NULL", name="person_or_computer"),
    )

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("players.user_id"))
    display_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    strength: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    total: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    winner: Mapped[bool] = mapped_column(Boolean)
    left_early: Mapped[bool] = mapped_column(Boolean)
    played_as: Mapped[str | None] = mapped_column(String(GAME_LENGTH))  # Cat Duel: the seat's cat (migration 0009)


class Round(Base):
    """A finished round of a match; caller_seat None when the draw pile ran out."""

    __tablename__ = "rounds"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    caller_seat: Mapped[int | None] = mapped_column(Integer)
    caller_succeeded: Mapped[bool | None] = mapped_column(Boolean)


class RoundScore(Base):
    """One seat's result in one round: the sum of its dream and the score it got (sum + penalty)."""

    __tablename__ = "round_scores"
    __table_args__ = (
        ForeignKeyConstraint(
            ["match_id", "round_number"], ["rounds.match_id", "rounds.number"], ondelete="CASCADE",
            name="fk_round_scores_round",
        ),
        ForeignKeyConstraint(
            ["match_id", "seat"], ["match_seats.match_id", "match_seats.seat"], ondelete="CASCADE",
            name="fk_round_scores_seat",
        ),
    )

    match_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    sum: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)
    caller: Mapped[bool] = mapped_column(Boolean)
    penalty: Mapped[int] = mapped_column(Integer)


class LiveGame(Base):
    """A match in play; `payload` is the engine state as JSON text, `version` guards against lost updates."""

    __tablename__ = "live_games"
    __table_args__ = (Index("ix_live_games_channel", "channel_id"),)

    game_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(GAME_LENGTH), default=DREAMCATS, server_default=DREAMCATS)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    table_message_id: Mapped[int | None] = mapped_column(BigInteger)
    payload: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime)
    broken: Mapped[bool] = mapped_column(Boolean, default=False)
    broken_reason: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class OwedEnding(Base):
    """A finished match whose last reveal and final standings are not posted yet: written with its record, deleted
    once they are, so that a crash (or a stop before its posts went out) in between shows them after the restart."""

    __tablename__ = "owed_endings"

    game_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    table_message_id: Mapped[int | None] = mapped_column(BigInteger)
    payload: Mapped[str] = mapped_column(Text)  # the finished table, as a live game's row keeps it
    rounds: Mapped[list[int]] = mapped_column(JSON)  # the rounds whose reveals the match's last move owes
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class PlayerRating(Base):
    """A person's rating and running totals in one game in one server, kept current by record_match."""

    __tablename__ = "player_ratings"
    __table_args__ = (Index("ix_player_ratings_board", "guild_id", "game", "ordinal", "user_id"),)

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    game: Mapped[str] = mapped_column(String(GAME_LENGTH), primary_key=True, server_default=DREAMCATS)
    user_id: Mapped[int] = mapped_column(ForeignKey("players.user_id"), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[int] = mapped_column(Integer)
    round_score_sum: Mapped[int] = mapped_column(Integer)
    wakeup_calls: Mapped[int] = mapped_column(Integer)
    wakeup_successes: Mapped[int] = mapped_column(Integer)
    best_round: Mapped[int | None] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
