"""The finished match behind a Play again button, found by the live game it was."""

from __future__ import annotations

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Match, MatchSeat
from bot.storage.records import LastMatch, SeatRecord


async def last_match(session: AsyncSession, *, game_id: str) -> LastMatch | None:
    """The match that the live game `game_id` became, with its seats in order; None if none was recorded."""
    match = await session.scalar(select(Match).where(Match.game_id == game_id).order_by(Match.id.desc()).limit(1))
    if match is None:
        return None
    rows = await session.scalars(select(MatchSeat).where(MatchSeat.match_id == match.id).order_by(MatchSeat.seat))
    seats = tuple(SeatRecord(row.user_id, row.display_name, row.strength, row.total, row.winner, row.left_early,
                             row.played_as)
                  for row in rows)
    later = await session.scalar(select(exists().where(Match.channel_id == match.channel_id, Match.id > match.id)))
    return LastMatch(game_id, match.guild_id, match.channel_id, match.host_id, dict(match.settings), seats,
                     bool(later), match.game)
