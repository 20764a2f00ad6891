"""Reads run on a connection of their own thread, on a SQLite file and on PostgreSQL alike: a busy bot loop never
carries a read's round trips, and what a read returns or raises still reaches its caller."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage import Database, insert_live_row, live_game_for_channel


class ReadRefusedError(RuntimeError):
    """A failure inside a read, to be seen by the caller."""


async def test_a_read_runs_on_the_readers_thread_not_the_bots(db: Database) -> None:
    async def where(session: AsyncSession) -> str:
        await session.execute(text("SELECT 1"))
        return threading.current_thread().name

    assert await db.read(where) == "dreamcats-reader"
    assert threading.current_thread().name != "dreamcats-reader"


async def test_a_read_sees_what_was_written_before_it(db: Database) -> None:
    await db.write_core(lambda connection: insert_live_row(connection, game_id="g1", guild_id=1, channel_id=77,
                                                          payload={"seen": True}))
    found = await db.read(lambda session: live_game_for_channel(session, channel_id=77))
    assert found is not None and (found.game_id, found.payload) == ("g1", {"seen": True})
    assert await db.read(lambda session: live_game_for_channel(session, channel_id=78)) is None


async def test_a_reads_error_reaches_its_caller(db: Database) -> None:
    async def refuse(session: AsyncSession) -> None:
        await session.execute(text("SELECT 1"))
        raise ReadRefusedError("not today")

    with pytest.raises(ReadRefusedError, match="not today"):
        await db.read(refuse)


def _readers() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if thread.name == "dreamcats-reader" and thread.is_alive()}


async def test_closing_the_database_stops_the_readers_thread(database_url: str) -> None:
    before = _readers()  # another test's database may still be open in this process
    database = await Database.open(database_url)
    await database.read(lambda session: live_game_for_channel(session, channel_id=1))
    assert _readers() - before
    await database.close()
    assert _readers() <= before
