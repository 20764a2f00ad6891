"""A server's defaults kept in memory (bot.storage.server_defaults): read once, read again after a forget, never kept
from a read that a forget overtook; on a real database of each backend."""

from __future__ import annotations

import asyncio

from bot.storage import Database, ServerSettingsRecord, save_server_settings
from bot.storage.server_defaults import KEPT_FOR_S, ServerDefaults
from bot.storage.writer import T, Work


class CountingReads:
    """The database, its reads counted; while `hold` is clear a finished read waits before it answers."""

    def __init__(self, db: Database) -> None:
        self.db, self.count, self.hold, self.done = db, 0, asyncio.Event(), asyncio.Event()
        self.hold.set()

    async def read(self, work: Work[T]) -> T:
        """The database's read, counted."""
        self.count += 1
        settings = await self.db.read(work)
        self.done.set()
        await self.hold.wait()
        return settings

    async def write(self, work: Work[T]) -> T:
        """The database's write."""
        return await self.db.write(work)


def _saving(guild_id: int, settings: ServerSettingsRecord) -> Work[None]:
    return lambda session: save_server_settings(session, guild_id=guild_id, settings=settings)


async def _store(db: Database, guild_id: int, settings: ServerSettingsRecord) -> None:
    await db.write(_saving(guild_id, settings))


async def test_a_servers_defaults_are_read_once_and_again_after_a_forget(db: Database) -> None:
    reads = CountingReads(db)
    defaults = ServerDefaults(reads)
    await _store(db, 1, ServerSettingsRecord(point_limit=150))
    assert (await defaults.get(1)).point_limit == 150
    assert (await defaults.get(1)).point_limit == 150
    assert (await defaults.get(2)) == ServerSettingsRecord()  # no row: the built-in defaults, kept too
    assert reads.count == 2
    await defaults.write(1, _saving(1, ServerSettingsRecord(point_limit=200)))
    assert (await defaults.get(1)).point_limit == 200
    assert (await defaults.get(2)) == ServerSettingsRecord()
    assert reads.count == 3


async def test_a_read_that_a_forget_overtook_is_answered_but_not_kept(db: Database) -> None:
    reads = CountingReads(db)
    defaults = ServerDefaults(reads)
    await _store(db, 1, ServerSettingsRecord(point_limit=150))
    reads.hold.clear()
    early = asyncio.create_task(defaults.get(1))
    await reads.done.wait()
    await defaults.write(1, _saving(1, ServerSettingsRecord(point_limit=200)))  # /dreamcats settings, meanwhile
    reads.hold.set()
    assert (await early).point_limit == 150  # what the read saw, not kept
    assert (await defaults.get(1)).point_limit == 200
    assert reads.count == 2


async def test_only_the_most_recently_used_servers_are_kept(db: Database) -> None:
    reads = CountingReads(db)
    defaults = ServerDefaults(reads, kept=2)
    for guild_id in (1, 2, 1, 3):  # 2 is the least recently used when 3 comes
        await defaults.get(guild_id)
    assert reads.count == 3
    await defaults.get(1)
    await defaults.get(3)
    assert reads.count == 3
    await defaults.get(2)
    assert reads.count == 4


async def test_kept_settings_are_read_again_after_a_while(db: Database) -> None:
    reads, clock = CountingReads(db), [1_000.0]
    defaults = ServerDefaults(reads, now=lambda: clock[0])
    await _store(db, 1, ServerSettingsRecord(point_limit=150))
    await defaults.get(1)
    await _store(db, 1, ServerSettingsRecord(point_limit=200))  # written by someone else: no forget here
    clock[0] += KEPT_FOR_S - 1
    assert (await defaults.get(1)).point_limit == 150
    clock[0] += 1
    assert (await defaults.get(1)).point_limit == 200
    assert reads.count == 2


async def test_the_database_keeps_one_for_the_bot(db: Database) -> None:
    await _store(db, 7, ServerSettingsRecord(default_game="dream21"))
    assert (await db.server_defaults.get(7)).default_game == "dream21"
