"""Each server's stored defaults, kept in memory, so that a new lobby opens without a trip to the database for them.

Under load every trip to a storage thread waits for a turn of the bot's busy loop on its way back; a start command
made three (these defaults, the channel's stored game, the new live row) and was most of the slowest acknowledgements
at 500 tables (JOURNAL.md, Load, ninth session). What is kept stays what is stored because every server is served by one
process (its shard's: README, "Running several processes") and /dreamcats settings, the only writer, writes through
`write`, which forgets the server's settings once the write is over, whether it succeeded or not. A read that began
before a forget is not kept (`_generation`): it may have seen the settings before the write. Kept settings are read
again after KEPT_FOR_S all the same: while processes restart with a new shard count two may serve one server for a
while, and an operator may edit the table.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.storage.live import get_server_settings
from bot.storage.records import ServerSettingsRecord
from bot.storage.writer import T, Work


class Storage(Protocol):
    """The database's reads and writes (bot.storage.Database), looked up at each call."""

    def read(self, work: Work[T], /) -> Awaitable[T]:
        """Run a work on a reading session."""

    def write(self, work: Work[T], /) -> Awaitable[T]:
        """Run a work as one write transaction."""


SERVERS_KEPT = 10_000  # a record is a few hundred bytes: a few MB at most, for the servers that opened tables lately
KEPT_FOR_S = 300.0


class ServerDefaults:
    """The servers' settings, read once and kept (the most recently used SERVERS_KEPT of them)."""

    def __init__(self, storage: Storage, *, kept: int = SERVERS_KEPT,
                 now: Callable[[], float] = time.monotonic) -> None:
        self._storage = storage
        self._kept = kept
        self._now = now
        self._settings: OrderedDict[int, tuple[float, ServerSettingsRecord]] = OrderedDict()  # read at, settings
        self._generation = 0

    async def get(self, guild_id: int) -> ServerSettingsRecord:
        """The server's settings: kept ones, else read from the database (and kept)."""
        kept = self._settings.get(guild_id)
        if kept is not None and self._now() - kept[0] < KEPT_FOR_S:
            self._settings.move_to_end(guild_id)
            return kept[1]
        generation, read_at = self._generation, self._now()
        settings = await self._storage.read(lambda session: get_server_settings(session, guild_id=guild_id))
        if generation == self._generation:
            self._settings[guild_id] = (read_at, settings)
            self._settings.move_to_end(guild_id)
            if len(self._settings) > self._kept:
                self._settings.popitem(last=False)
        return settings

    async def write(self, guild_id: int, work: Work[T]) -> T:
        """Run a write that may change the server's settings; they are read again next time."""
        try:
            return await self._storage.write(work)
        finally:  # even a write that failed may have been committed
            self.forget(guild_id)

    def forget(self, guild_id: int) -> None:
        """The server's settings were written (or may have been): read them again next time."""
        self._settings.pop(guild_id, None)
        self._generation += 1
