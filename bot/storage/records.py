"""Plain records that cross the storage boundary: what the bot writes and what the queries return."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

DREAMCATS = "dreamcats"  # the game of every match and live game stored before there were others (migration 0007)


class StorageError(Exception):
    """Base class of the storage errors."""


class DatabaseUnreachableError(StorageError):
    """The database's server could not be reached at all (a refused connection, a host name that does not resolve, a
    time-out): the driver raises those as socket errors, not as the database's own."""


class VersionConflictError(StorageError):
    """The live game was changed by someone else since it was loaded; nothing was written."""


class LiveGameNotFoundError(StorageError):
    """No live game has this id."""


@dataclass(frozen=True, slots=True)
class ServerSettingsRecord:
    """A server's defaults for new matches; `reveal_time` None keeps reveals, `table_locale` None follows Discord;
    `turn_pings`: whether the person whose turn it is gets pinged (each person may choose otherwise);
    `game_threads`: whether each game is played in a thread of its own (`/dreamcats start thread` overrides it);
    `default_game`: the game.games key that /dreamcats start, leaderboard and stats pick when given none;
    `turn_timer` None (never chosen) gives each game its own default (bot.game_choice)."""

    point_limit: int = 100
    penalty: int = 5
    turn_timer: int | None = None
    memory_aid: bool = False
    reveal_time: int | None = 20
    table_locale: str | None = None
    turn_pings: bool = True
    game_threads: bool = False
    default_game: str = DREAMCATS


@dataclass(frozen=True, slots=True)
class LiveGameRecord:
    """A match in play: the engine's serialized state and the Discord places it lives in."""

    game_id: str
    guild_id: int
    channel_id: int
    table_message_id: int | None
    payload: dict[str, Any]
    version: int
    deadline: datetime | None
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat of a finished match: a person (user_id set) or a computer player (user_id None)."""

    user_id: int | None
    display_name: str
    strength: str | None
    total: int
    winner: bool
    left_early: bool
    played_as: str | None = None  # what the seat played as, where the game has such a choice (Cat Duel: its cat)

    @property
    def is_person(self) -> bool:
        """True for a seat that belongs to a Discord user."""
        return self.user_id is not None


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One finished round: per-seat sums of the dreams and the scores they gave."""

    number: int
    caller_seat: int | None
    caller_succeeded: bool | None
    sums: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match, everything `record_match` stores."""

    guild_id: int
    channel_id: int
    started_at: datetime
    finished_at: datetime
    settings: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    rounds: tuple[RoundRecord, ...]
    game_id: str | None = None  # the live game it was
    host_id: int | None = None  # who opened its lobby (or held the host role last)
    abandoned: bool = False  # everyone left: kept for the record, but no rating, total or win changes
    game: str = DREAMCATS  # which game it was: ratings and totals are kept per game


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One ranked person; `rating` is the displayed rating (see bot.storage.ratings.display_rating)."""

    rank: int
    user_id: int
    display_name: str
    rating: float
    matches: int
    wins: int
    win_rate: float
    avg_round_score: float
    wakeup_success_rate: float | None
    score_total: int = 0  # their round scores added up (Cat Duel: duels won)


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """A page of the leaderboard and the number of ranked people in the server."""

    rows: list[LeaderboardRow]
    total: int


@dataclass(frozen=True, slots=True)
class RecentMatch:
    """One of a player's latest matches; `place` 1 is best, equal totals share a place, a leaver is last."""

    match_id: int
    finished_at: datetime
    total: int
    place: int
    seats: int
    won: bool


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A person's record in one server: the leaderboard figures, best round and recent matches."""

    rank: int
    user_id: int
    display_name: str
    rating: float
    matches: int
    wins: int
    win_rate: float
    avg_round_score: float
    wakeup_success_rate: float | None
    wakeup_calls: int
    best_round: int | None
    recent: list[RecentMatch] = field(default_factory=list)
    score_total: int = 0  # their round scores added up (Cat Duel: duels won)
    favourite: str | None = None  # what they played as most (Cat Duel: a cat's key); None where seats play alike
    sums_total: int = 0  # their round sums added up (Cat Duel: rounds survived)
    sums_per_round: float = 0.0  # their round sums per round (Cat Duel: rounds survived per duel)


@dataclass(frozen=True, slots=True)
class LastMatch:
    """A finished match as Play again sees it; `superseded` when a later match finished in the same channel."""

    game_id: str
    guild_id: int
    channel_id: int
    host_id: int | None
    settings: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    superseded: bool
    game: str = DREAMCATS  # game.games key: the new lobby is for the same game
