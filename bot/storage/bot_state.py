"""Small values the bot keeps by key across restarts and processes, inside the caller's transaction."""

from __future__ import annotations

from typing import cast

from sqlalchemy import Connection, Table, bindparam, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.group_commit import core_on_session
from bot.storage.models import BotState, utcnow
from bot.storage.sql import upsert_rows

_STATE = cast("Table", BotState.__table__)
_DELETE = delete(_STATE).where(_STATE.c.key == bindparam("key"))  # built once: a peek's hide is forgotten often


async def get_bot_state(session: AsyncSession, *, key: str) -> str | None:
    """The value stored under `key`, or None."""
    row = await session.get(BotState, key)
    return None if row is None else row.value


async def bot_state_under(session: AsyncSession, *, prefix: str) -> list[tuple[str, str]]:
    """Every (key, value) stored under a key that begins with `prefix` (a kind of value: "reveal:", "ping:")."""
    rows = await session.execute(select(BotState.key, BotState.value).where(BotState.key.startswith(prefix)))
    return [(key, value) for key, value in rows]


async def save_bot_state(session: AsyncSession, *, key: str, value: str) -> None:
    """Store `value` under `key`, replacing what was there (save_bot_state_row, in the session's transaction)."""
    await core_on_session(session, lambda connection: save_bot_state_row(connection, key=key, value=value))


def save_bot_state_row(connection: Connection, *, key: str, value: str) -> None:
    """Store `value` under `key`, replacing what was there: Core statements on a connection (Database.write_core)."""
    row = {"key": key, "value": value, "updated_at": utcnow()}
    upsert_rows(connection, BotState, [row], keys=["key"], update=["value", "updated_at"])


def delete_bot_state_row(connection: Connection, *, key: str) -> None:
    """Remove what is stored under `key` (nothing when there is none), as Core statements on a connection."""
    connection.execute(_DELETE, {"key": key})
