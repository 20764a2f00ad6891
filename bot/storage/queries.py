"""The standings reads: the leaderboard (one indexed query) and one player's record."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from bot.storage.models import Match, MatchSeat, Player, PlayerRating
from bot.storage.played import favourite_role, round_sums
from bot.storage.ratings import display_rating
from bot.storage.records import DREAMCATS, LeaderboardPage, LeaderboardRow, PlayerStats, RecentMatch

RECENT_MATCHES = 5
_FIGURES = (
    PlayerRating.user_id,
    PlayerRating.ordinal,
    PlayerRating.matches,
    PlayerRating.wins,
    PlayerRating.rounds,
    PlayerRating.round_score_sum,
    PlayerRating.wakeup_calls,
    PlayerRating.wakeup_successes,
)

# Built once: an aliased class and its table alias point at each other, so one built per query lived on as a
# reference cycle until the garbage collector came round.
_COUNTED, _ABOVE = aliased(PlayerRating, name="counted"), aliased(PlayerRating, name="above")


async def leaderboard(
    session: AsyncSession, *, guild_id: int, offset: int = 0, limit: int = 10, game: str = DREAMCATS
) -> LeaderboardPage:
    """A page of the server's people by their rating in one game, best first; equal ratings share a rank.

    One statement: the page's keys come from the (guild_id, game, ordinal, user_id) index alone, and the same
    round trip counts the server's people and those rated above the page.
    """
    offset, limit = max(offset, 0), max(limit, 0)
    board = PlayerRating.ordinal.desc(), PlayerRating.user_id.desc()
    keys = (
        select(PlayerRating.user_id, PlayerRating.ordinal)
        .where(PlayerRating.guild_id == guild_id, PlayerRating.game == game)
        .order_by(*board)
        .offset(offset)
        .limit(limit)
        .cte("page")
    )
    counted, above = _COUNTED, _ABOVE
    total = select(func.count()).where(counted.guild_id == guild_id, counted.game == game).scalar_subquery()
    top = select(func.max(keys.c.ordinal)).scalar_subquery()
    better = select(func.count()).where(above.guild_id == guild_id, above.game == game,
                                        above.ordinal > top).scalar_subquery()
    rows = (
        await session.execute(
            select(*_FIGURES, _name_in(guild_id), total.label("total"), better.label("better"))
            .select_from(keys)
            .join(PlayerRating, (PlayerRating.guild_id == guild_id) & (PlayerRating.game == game)
                  & (PlayerRating.user_id == keys.c.user_id))
            .join(Player, Player.user_id == PlayerRating.user_id)
            .order_by(*board)
        )
    ).all()
    if not rows:
        empty = await session.scalar(
            select(func.count()).where(PlayerRating.guild_id == guild_id, PlayerRating.game == game))
        return LeaderboardPage(rows=[], total=empty or 0)
    ranks = [rows[0].better + 1]
    for index in range(1, len(rows)):
        same = rows[index].ordinal == rows[index - 1].ordinal
        ranks.append(ranks[-1] if same else offset + index + 1)
    return LeaderboardPage(rows=[_row(rank, row) for rank, row in zip(ranks, rows, strict=True)], total=rows[0].total)


async def player_stats(
    session: AsyncSession, *, guild_id: int, user_id: int, recent: int = RECENT_MATCHES, game: str = DREAMCATS
) -> PlayerStats | None:
    """The person's record in one game in this server, None if they never finished a match of it here (four round
    trips)."""
    above = _ABOVE
    better = (
        select(func.count())
        .where(above.guild_id == guild_id, above.game == game, above.ordinal > PlayerRating.ordinal)
        .scalar_subquery()
    )
    found = await session.execute(
        select(*_FIGURES, _name_in(guild_id), PlayerRating.best_round, better.label("better"))
        .join(Player, Player.user_id == PlayerRating.user_id)
        .where(PlayerRating.guild_id == guild_id, PlayerRating.game == game, PlayerRating.user_id == user_id)
    )
    row = found.first()
    if row is None:
        return None
    sums, rounds = await round_sums(session, guild_id=guild_id, user_id=user_id, game=game)
    return PlayerStats(
        **asdict(_row(row.better + 1, row)),
        wakeup_calls=row.wakeup_calls,
        best_round=row.best_round,
        recent=await recent_matches(session, guild_id=guild_id, user_id=user_id, limit=recent, game=game),
        favourite=await favourite_role(session, guild_id=guild_id, user_id=user_id, game=game),
        sums_total=sums,
        sums_per_round=sums / rounds if rounds else 0.0,
    )


async def recent_matches(
    session: AsyncSession, *, guild_id: int, user_id: int, limit: int, game: str = DREAMCATS
) -> list[RecentMatch]:
    """The person's latest recorded matches of one game in this server, newest first."""
    rows = await session.execute(
        select(
            MatchSeat.match_id,
            Match.finished_at,
            MatchSeat.total,
            MatchSeat.place,
            Match.seat_count,
            MatchSeat.winner,
            MatchSeat.left_early,
        )
        .join(Match, Match.id == MatchSeat.match_id)
        .where(MatchSeat.user_id == user_id, Match.guild_id == guild_id, Match.game == game,
               Match.abandoned.is_(False))
        .order_by(MatchSeat.match_id.desc())
        .limit(limit)
    )
    return [
        RecentMatch(
            match_id=row.match_id,
            finished_at=row.finished_at,
            total=row.total,
            place=row.place,
            seats=row.seat_count,
            won=row.winner and not row.left_early,
        )
        for row in rows
    ]


def _name_in(guild_id: int) -> Any:
    """The name a person last played under in this server: a server's nickname stays in that server (the players
    table keeps one name per person, the last one seen anywhere)."""
    latest = (
        select(MatchSeat.display_name)
        .join(Match, Match.id == MatchSeat.match_id)
        .where(MatchSeat.user_id == PlayerRating.user_id, Match.guild_id == guild_id)
        .order_by(MatchSeat.match_id.desc())
        .limit(1)
        .scalar_subquery()
    )
    return func.coalesce(latest, Player.display_name).label("display_name")


def _row(rank: int, row: Any) -> LeaderboardRow:
    return LeaderboardRow(
        rank=rank,
        user_id=row.user_id,
        display_name=row.display_name,
        rating=display_rating(row.ordinal),
        matches=row.matches,
        wins=row.wins,
        win_rate=row.wins / row.matches if row.matches else 0.0,
        avg_round_score=row.round_score_sum / row.rounds if row.rounds else 0.0,
        wakeup_success_rate=row.wakeup_successes / row.wakeup_calls if row.wakeup_calls else None,
        score_total=row.round_score_sum,
    )
