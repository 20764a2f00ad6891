"""record_match: a finished match, its rounds and scores, and the players' ratings, in the caller's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import NAME_LENGTH, Match, MatchSeat, Player, PlayerRating, Round, RoundScore, utcnow
from bot.storage.ratings import Standing, check_record, placements, updated_standings
from bot.storage.records import MatchRecord
from bot.storage.sql import insert_missing, upsert

_STANDING_FIELDS = tuple(Standing.__dataclass_fields__)


async def record_match(session: AsyncSession, *, record: MatchRecord) -> int:
    """Store a finished match and update its people's ratings and totals; return the match id.

    Everything happens in the caller's transaction, so a failure anywhere leaves nothing behind.
    """
    check_record(record)
    people = {seat.user_id: seat.display_name[:NAME_LENGTH] for seat in record.seats if seat.user_id is not None}
    # Writing first makes SQLite take its write lock before the reads below, so no other writer can slip in;
    # rows go in user id order so that two matches locking the same PostgreSQL rows cannot deadlock.
    await upsert(
        session,
        Player,
        [{"user_id": user, "display_name": name, "updated_at": utcnow()} for user, name in sorted(people.items())],
        keys=["user_id"],
        update=["display_name", "updated_at"],
    )
    if record.abandoned:  # recorded as it stood, but nobody's standing changes (issue 15)
        return await _insert_match(session, record)
    before = await _lock_standings(session, record.guild_id, record.game, sorted(people))
    match_id = await _insert_match(session, record)
    after = updated_standings(record, {user: _standing(row) for user, row in before.items()})
    for user, standing in after.items():
        _apply(before[user], standing)
    await session.flush()
    return match_id


async def _lock_standings(
    session: AsyncSession, guild_id: int, game: str, users: Sequence[int]
) -> dict[int, PlayerRating]:
    fresh = Standing()
    await insert_missing(
        session,
        PlayerRating,
        [{"guild_id": guild_id, "game": game, "user_id": user, "ordinal": fresh.ordinal} | _values(fresh)
         for user in users],
        keys=["guild_id", "game", "user_id"],
    )
    rows = await session.scalars(
        select(PlayerRating)
        .where(PlayerRating.guild_id == guild_id, PlayerRating.game == game, PlayerRating.user_id.in_(users))
        .order_by(PlayerRating.user_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    return {row.user_id: row for row in rows}


async def _insert_match(session: AsyncSession, record: MatchRecord) -> int:
    match = Match(
        game=record.game,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        started_at=record.started_at,
        finished_at=record.finished_at,
        settings=record.settings,
        seat_count=len(record.seats),
        round_count=len(record.rounds),
        game_id=record.game_id,
        host_id=record.host_id,
        abandoned=record.abandoned,
    )
    session.add(match)
    await session.flush()
    await session.execute(insert(MatchSeat), seat_rows(match.id, record))
    if record.rounds:
        await session.execute(insert(Round), round_rows(match.id, record))
        await session.execute(insert(RoundScore), score_rows(match.id, record))
    return match.id


def seat_rows(match_id: int, record: MatchRecord) -> list[dict[str, Any]]:
    """The match_seats rows of a match."""
    places = placements(record.seats)
    return [
        {
            "match_id": match_id,
            "seat": index,
            "user_id": seat.user_id,
            "display_name": seat.display_name[:NAME_LENGTH],
            "strength": None if seat.strength is None else seat.strength[:NAME_LENGTH],
            "total": seat.total,
            "place": places[index],
            "winner": seat.winner,
            "left_early": seat.left_early,
            "played_as": seat.played_as,
        }
        for index, seat in enumerate(record.seats)
    ]


def round_rows(match_id: int, record: MatchRecord) -> list[dict[str, Any]]:
    """The rounds rows of a match."""
    return [
        {
            "match_id": match_id,
            "number": rnd.number,
            "caller_seat": rnd.caller_seat,
            "caller_succeeded": rnd.caller_succeeded,
        }
        for rnd in record.rounds
    ]


def score_rows(match_id: int, record: MatchRecord) -> list[dict[str, Any]]:
    """The round_scores rows of a match; the penalty is what the score adds to the sum."""
    return [
        {
            "match_id": match_id,
            "round_number": rnd.number,
            "seat": seat,
            "sum": rnd.sums[seat],
            "score": rnd.scores[seat],
            "caller": rnd.caller_seat == seat,
            "penalty": rnd.scores[seat] - rnd.sums[seat],
        }
        for rnd in record.rounds
        for seat in range(len(record.seats))
    ]


def _values(standing: Standing) -> dict[str, Any]:
    return {name: getattr(standing, name) for name in _STANDING_FIELDS}


def _standing(row: PlayerRating) -> Standing:
    return Standing(**{name: getattr(row, name) for name in _STANDING_FIELDS})


def _apply(row: PlayerRating, standing: Standing) -> None:
    for name, value in _values(standing).items():
        setattr(row, name, value)
    row.ordinal = standing.ordinal
