"""Per-game extras of a person's stats: what they played as most (Cat Duel: the favourite cat) and their round
"sums" over counted matches (Cat Duel: the rounds their cat survived in each duel)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Match, MatchSeat, RoundScore


async def favourite_role(session: AsyncSession, *, guild_id: int, user_id: int, game: str) -> str | None:
    """What the person played as most often in this game here (ties: the one played most recently); None if never."""
    played = func.count().label("played")
    latest = func.max(Match.finished_at).label("latest")
    last_id = func.max(MatchSeat.match_id).label("last_id")
    row = (await session.execute(
        select(MatchSeat.played_as, played, latest, last_id)
        .join(Match, Match.id == MatchSeat.match_id)
        .where(MatchSeat.user_id == user_id, Match.guild_id == guild_id, Match.game == game,
               Match.abandoned.is_(False), MatchSeat.played_as.is_not(None))
        .group_by(MatchSeat.played_as)
        .order_by(played.desc(), latest.desc(), last_id.desc())
        .limit(1)
    )).first()
    return None if row is None else str(row.played_as)


async def round_sums(session: AsyncSession, *, guild_id: int, user_id: int, game: str) -> tuple[int, int]:
    """The person's round sums added up, and their rounds, over this game's matches here that count (not
    abandoned)."""
    row = (await session.execute(
        select(func.coalesce(func.sum(RoundScore.sum), 0), func.count())
        .join(MatchSeat, (MatchSeat.match_id == RoundScore.match_id) & (MatchSeat.seat == RoundScore.seat))
        .join(Match, Match.id == RoundScore.match_id)
        .where(MatchSeat.user_id == user_id, Match.guild_id == guild_id, Match.game == game,
               Match.abandoned.is_(False))
    )).one()
    return int(row[0] or 0), int(row[1] or 0)
