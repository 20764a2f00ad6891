"""Owed endings: a finished match's last reveal and standings, kept from its record until they are posted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.live import decode_payload, encode_payload
from bot.storage.models import OwedEnding, utcnow


@dataclass(frozen=True, slots=True)
class OwedEndingRecord:
    """A finished match whose ending is not posted yet."""

    game_id: str
    guild_id: int
    channel_id: int
    table_message_id: int | None
    payload: dict[str, Any]
    rounds: tuple[int, ...]
    created_at: datetime


async def owe_ending(session: AsyncSession, *, game_id: str, guild_id: int, channel_id: int,
                     table_message_id: int | None, payload: dict[str, Any], rounds: Sequence[int],
                     owed_since: datetime | None = None) -> None:
    """Keep a finished match's ending until `settle_ending` (in the transaction that records the match)."""
    await session.execute(insert(OwedEnding).values(
        game_id=game_id, guild_id=guild_id, channel_id=channel_id, table_message_id=table_message_id,
        payload=encode_payload(payload), rounds=list(rounds), created_at=owed_since or utcnow()))


async def load_owed_endings(session: AsyncSession) -> list[OwedEndingRecord]:
    """Every ending still owed, oldest first."""
    rows = await session.scalars(select(OwedEnding).order_by(OwedEnding.created_at, OwedEnding.game_id))
    return [OwedEndingRecord(row.game_id, row.guild_id, row.channel_id, row.table_message_id,
                             decode_payload(row.game_id, row.payload), tuple(int(n) for n in row.rounds),
                             row.created_at) for row in rows]


async def drop_owed_reveal(session: AsyncSession, *, game_id: str, number: int) -> None:
    """Round `number`'s reveal of an owed ending was posted: a restart posts only what is still owed."""
    rounds = await session.scalar(select(OwedEnding.rounds).where(OwedEnding.game_id == game_id))
    if rounds is not None and number in rounds:
        await session.execute(update(OwedEnding).where(OwedEnding.game_id == game_id)
                              .values(rounds=[n for n in rounds if n != number])
                              .execution_options(synchronize_session=False))


async def settle_ending(session: AsyncSession, *, game_id: str) -> bool:
    """The ending was posted (or never will be): forget it; whether it was owed."""
    result = await session.execute(
        delete(OwedEnding).where(OwedEnding.game_id == game_id).execution_options(synchronize_session=False))
    return bool(cast(Any, result).rowcount)


__all__ = ["OwedEndingRecord", "drop_owed_reveal", "load_owed_endings", "owe_ending", "settle_ending"]
