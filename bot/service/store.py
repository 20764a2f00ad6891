"""Where live games and finished matches go: the protocol the service needs, and the finished-match record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from bot.service.rulebooks import rules_of
from bot.service.table import Table
from bot.storage.records import MatchRecord, SeatRecord
from game.modes import MatchResult


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A live-game row as the service sees it."""

    game_id: str
    guild_id: int
    channel_id: int
    message_id: int | None
    payload: dict[str, Any]
    version: int
    deadline: datetime | None


@dataclass(frozen=True, slots=True)
class OwedEnding:
    """A finished match whose last reveal and standings were not posted yet (a crash, or a stop, came between)."""

    game_id: str
    guild_id: int
    channel_id: int
    message_id: int | None
    payload: dict[str, Any]  # the finished table
    rounds: tuple[int, ...]  # the rounds whose reveals its last move owes
    owed_since: datetime


class GameStore(Protocol):
    """Persistence of live games; every method is one transaction."""

    async def create(self, table: Table) -> int:
        """Insert the live game; returns its version (1)."""
        ...

    async def save(self, table: Table) -> int:
        """Save the table if the stored version is `table.version`; the new version, or ConflictError."""
        ...

    async def finish(self, table: Table, match: MatchRecord, ending: Sequence[int] | None = None) -> None:
        """Record the finished match and delete the live game, in one transaction; with `ending` (the rounds whose
        reveals are owed), keep its ending owed in the same transaction until `settle_ending`."""
        ...

    async def owed_endings(self) -> list[OwedEnding]:
        """Every finished match whose ending is still owed."""
        ...

    async def settle_reveal(self, game_id: str, number: int) -> None:
        """Round `number`'s reveal of an owed ending was posted (its standings may still be owed)."""
        ...

    async def settle_ending(self, game_id: str) -> None:
        """The match's ending was posted (or never will be)."""
        ...

    async def delete(self, game_id: str) -> None:
        """Forget a live game (cancelled or stopped)."""
        ...

    async def load(self) -> list[StoredGame]:
        """Every live game that is not marked broken."""
        ...

    async def in_channel(self, channel_id: int) -> StoredGame | None:
        """The live game of a channel, if any."""
        ...

    async def mark_broken(self, game_id: str, reason: str) -> None:
        """Keep the row for inspection but never load it again."""
        ...


def finished_match(table: Table, finished_at: datetime) -> MatchRecord:
    """The result of a finished match; a person who left counts as a loss (RULES.md §7). In every game of the
    family the lowest total wins: the winners are the staying seats with the lowest total."""
    assert table.state is not None and not table.playing
    totals = table.mode.result(table.state).totals
    staying = [i for i, seat in enumerate(table.seats) if not seat.left] or list(range(len(table.seats)))
    best = MatchResult.lowest_wins([totals[i] for i in staying]).winners
    return _match_record(table, finished_at, winning={staying[i] for i in best})


def abandoned_match(table: Table, finished_at: datetime) -> MatchRecord:
    """A match every person left, as it stood: nobody won, and storing it changes no standing (issue 15)."""
    return _match_record(table, finished_at, winning=set(), abandoned=True)


def _match_record(table: Table, finished_at: datetime, *, winning: set[int], abandoned: bool = False) -> MatchRecord:
    state = table.state
    assert state is not None
    totals = table.mode.result(state).totals
    played_as = rules_of(table).played_as(state)
    seats = tuple(
        SeatRecord(
            user_id=seat.user_id,
            display_name=seat.name,
            strength=None if seat.is_person else seat.strength,
            total=totals[i],
            winner=i in winning and not seat.left,
            left_early=seat.left,
            played_as=played_as[i],
        )
        for i, seat in enumerate(table.seats)
    )
    rounds = rules_of(table).round_records(state)
    return MatchRecord(table.guild_id, table.channel_id, table.started_at or table.created_at, finished_at,
                       table.settings.to_dict(), seats, rounds, game_id=table.game_id, host_id=table.host_id,
                       abandoned=abandoned, game=table.game)
