"""Small values the bot keeps by key across restarts and processes, inside the caller's transaction."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import BotState, utcnow
from bot.storage.sql import upsert


async def get_bot_state(session: AsyncSession, *, key: str) -> str | None:
    """The value stored under `key`, or None."""
    row = await session.get(BotState, key)
    return None if row is None else row.value


async def save_bot_state(session: AsyncSession, *, key: str, value: str) -> None:
    """Store `value` under `key`, replacing what was there."""
    await upsert(session, BotState, [{"key": key, "value": value, "updated_at": utcnow()}], keys=["key"],
                 update=["value", "updated_at"])
