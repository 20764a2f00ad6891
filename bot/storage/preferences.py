"""A person's own choices in one server (turn pings), inside the caller's transaction."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import PersonSettings, ServerSettings, utcnow
from bot.storage.sql import upsert


async def get_turn_pings_choice(session: AsyncSession, *, guild_id: int, user_id: int) -> bool | None:
    """The person's own choice about turn pings in this server; None when they follow the server's default."""
    row = await session.get(PersonSettings, (guild_id, user_id))
    return None if row is None else row.turn_pings


async def save_turn_pings_choice(session: AsyncSession, *, guild_id: int, user_id: int, choice: bool | None) -> None:
    """Store the person's choice; None forgets it (the server's default applies again)."""
    if choice is None:
        await session.execute(delete(PersonSettings).where(PersonSettings.guild_id == guild_id,
                                                           PersonSettings.user_id == user_id))
        return
    values = {"turn_pings": choice, "updated_at": utcnow()}
    await upsert(session, PersonSettings, [{"guild_id": guild_id, "user_id": user_id} | values],
                 keys=["guild_id", "user_id"], update=list(values))


async def wants_turn_pings(session: AsyncSession, *, guild_id: int, user_id: int) -> bool:
    """Whether to ping the person when it is their turn: their own choice, else the server's default (on)."""
    choice = await get_turn_pings_choice(session, guild_id=guild_id, user_id=user_id)
    if choice is not None:
        return choice
    default = await session.scalar(select(ServerSettings.turn_pings).where(ServerSettings.guild_id == guild_id))
    return True if default is None else default
