"""A failed statement's error, which is logged, never quotes its parameters: a live game's saved state holds every
hidden card."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage import Database

SECRET = "the-hidden-card-Nine-of-dreams"


async def test_a_failed_statement_does_not_quote_its_parameters(db: Database) -> None:
    with pytest.raises(DBAPIError) as failed:
        async with db.sessions() as session:
            await session.execute(text("INSERT INTO no_such_table (payload) VALUES (:payload)"), {"payload": SECRET})
    assert SECRET not in str(failed.value) and "hidden due to hide_parameters" in str(failed.value)


async def test_a_failed_write_or_read_does_not_quote_its_parameters(db: Database) -> None:
    statement = text("INSERT INTO no_such_table (payload) VALUES (:payload)")
    with pytest.raises(DBAPIError) as written:  # the writer's own engine (a thread of its own on a SQLite file)
        await db.write_core(lambda connection: connection.execute(statement, {"payload": SECRET}))
    assert SECRET not in str(written.value)

    async def read(session: AsyncSession) -> object:
        return await session.execute(text("SELECT * FROM no_such_table WHERE payload = :payload"), {"payload": SECRET})

    with pytest.raises(DBAPIError) as read_failed:  # the reading connection's engine
        await db.read(read)
    assert SECRET not in str(read_failed.value)
