"""The write path: one place that runs every write transaction, and retries the ones a busy database refused.

Why it looks like this (issue 10: at 250-500 live tables, clicks failed with "database is locked"):

* SQLite lets one connection write at a time. Before, every pooled connection could write, each holding the
  file's write lock while the event loop carried its statements across (one loop turn per statement). Under
  load a loop turn takes tens of milliseconds, so the lock was held long, the other connections sat in
  SQLite's polling busy handler (which serves late-comers first), and some gave up after the busy timeout.
* Now a SQLite file has exactly one writer connection (bot.storage.sqlite_writer), a plain sqlite3 connection owned by a
  thread of its own. A write transaction is handed to that thread whole: it starts with BEGIN IMMEDIATE (the
  write lock is taken first, so a transaction that reads and then writes can never fail to upgrade), runs its
  statements without waiting for the bot's busy loop (the JSON encoding of a save happens there too), and
  commits. An asyncio lock on that thread runs transactions one after another, so no write of this process
  ever waits in SQLite's busy handler; the writes that wait together share one transaction
  (bot.storage.group_commit). Readers keep their own pool: in WAL mode they read a snapshot and never
  wait for the writer. Measured (tests/benchmarks/bench_storage.py, on a shared 2-core machine): one writer
  sustains 300-550 saves/s, and a save costs the bot's loop about 0.4 ms (it cost 2-3 ms through aiosqlite).
* WAL with synchronous=NORMAL: a commit appends to the WAL without an fsync (a power cut may lose the last
  moves, never corrupt the file). Measured in tests/benchmarks/bench_storage.py.
* What is still refused at the door is retried: another process on the same file (several shards) can hold
  the lock; PostgreSQL can answer a serialization failure or deadlock (40001, 40P01) or lose a connection.
  Such a transaction is rolled back whole and run again, with a growing pause, until WRITE_DEADLINE_S; only
  then does the caller get StorageBusyError, and nothing was written.
* Reads (Database.read) are retried the same way: on PostgreSQL a restarted server leaves the pool holding dead
  connections, and the first use of each fails once.
* PostgreSQL runs write transactions on a pool and an event loop of their own thread (ThreadLoopWriter: on the bot's
  saturated loop a save held its connection and its game's lock for hundreds of milliseconds, and the pool ran dry);
  on a quiet machine each statement's crossing between threads costs the median answer about 60-100 ms
  more (500 tables: 95-134 ms instead of 36; JOURNAL.md). Its reads run the same way on a pool of their own
  (ThreadLoopReader). An in-memory SQLite runs them on the bot's own loop and engine.
  PostgreSQL lets many tables write at once; its write transactions are SERIALIZABLE, so a
  read-then-write (settings, ratings) that raced another is refused with 40001 and run again, never silently lost.
  Both backends thus give every write transaction the same meaning: as if they ran one at a time.
* Except where that meaning comes for free: a live game's save is one UPDATE guarded by the row's version, and a
  create or delete is one statement on one row. Under SERIALIZABLE, PostgreSQL's predicate locks cover index
  pages, not rows, so saves of different games on the same page refused each other with 40001 (500 tables: 7
  clicks failed after 8 s of retries). Such work is run with `serializable=False`: READ COMMITTED, where an
  UPDATE that waited for a concurrent one re-reads the row, so the version guard still refuses a lost update.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.storage.group_commit import CoreWork, GroupCommit, core_on_session
from bot.storage.records import StorageError
from bot.storage.thread_loop import ThreadLoop

log = logging.getLogger(__name__)

T = TypeVar("T")
Work = Callable[[AsyncSession], Awaitable[T]]

WRITE_DEADLINE_S = 8.0
FIRST_PAUSE_S, LONGEST_PAUSE_S = 0.01, 0.5
# PostgreSQL: serialization failure, deadlock, lock not available, and the "connection exception" class.
_PG_TRANSIENT = {"40001", "40P01", "55P03"}
_SQLITE_BUSY_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}


class StorageBusyError(StorageError):
    """The database stayed busy until the write deadline; the transaction was rolled back, nothing was written."""


class Writer(Protocol):
    """Runs one write transaction."""

    async def run(self, work: Work[T], *, serializable: bool = True) -> T:
        """Run `work` in a transaction and commit it (rolled back if it raises).

        `serializable=False`: the work's statements stand alone (see the module's docs), no isolation needed.
        """
        ...

    async def run_core(self, work: CoreWork[T]) -> T:
        """Run `work(connection)`, Core statements that stand alone, in a transaction and commit it."""
        ...

    async def close(self) -> None:
        """Let go of the writer's connections."""
        ...


class Reader(Protocol):
    """Runs reads on a connection of its own thread."""

    async def run(self, work: Work[T], *, serializable: bool = ...) -> T:
        """Run `work` in a transaction of its own and return its result."""
        ...

    async def close(self) -> None:
        """Let go of the reader's connections."""
        ...


def is_transient(exc: BaseException) -> bool:
    """Whether a database error means "try the same transaction again": busy, locked, deadlock, lost connection."""
    if not isinstance(exc, DBAPIError):
        return False
    if exc.connection_invalidated:
        return True
    orig = exc.orig
    code = getattr(orig, "sqlstate", None)
    if isinstance(code, str):
        return code in _PG_TRANSIENT or code.startswith("08")
    sqlite_code = getattr(orig, "sqlite_errorcode", None)
    if isinstance(sqlite_code, int):
        return sqlite_code & 0xFF in _SQLITE_BUSY_CODES
    return "database is locked" in str(orig) or "database table is locked" in str(orig)


async def retrying(attempt: Callable[[], Awaitable[T]], *, deadline_s: float = WRITE_DEADLINE_S) -> T:
    """Await `attempt()`, running it again after a transient error until `deadline_s` has passed."""
    give_up = time.monotonic() + deadline_s
    pause, tries = FIRST_PAUSE_S, 1
    while True:
        try:
            return await attempt()
        except DBAPIError as exc:
            if not is_transient(exc):
                raise
            if time.monotonic() + pause >= give_up:
                log.warning("database call gave up after %d tries in %.1f s: %s", tries, deadline_s, exc.orig)
                raise StorageBusyError("The database stayed busy; nothing was written.") from exc
            log.debug("database call try %d met a transient error, retrying: %s", tries, exc.orig)
        await asyncio.sleep(pause * random.uniform(0.5, 1.5))
        pause, tries = min(pause * 2, LONGEST_PAUSE_S), tries + 1


class LoopWriter:
    """Write transactions on the caller's loop and engine: one at a time (`serialize`) or SERIALIZABLE ones."""

    def __init__(self, engine: AsyncEngine, *, serialize: bool) -> None:
        self.plain_sessions = async_sessionmaker(engine, expire_on_commit=False)  # READ COMMITTED on PostgreSQL
        # Concurrent writers: the server detects what a one-at-a-time order would forbid.
        strict = engine if serialize else engine.execution_options(isolation_level="SERIALIZABLE")
        self._strict_sessions = async_sessionmaker(strict, expire_on_commit=False)
        self._lock = asyncio.Lock() if serialize else None

    async def run(self, work: Work[T], *, serializable: bool = True) -> T:
        """Run `work` in one transaction (READ COMMITTED on PostgreSQL when not `serializable`)."""
        sessions = self._strict_sessions if serializable else self.plain_sessions
        async with self._lock or contextlib.nullcontext(), sessions() as session, session.begin():
            return await work(session)

    async def run_core(self, work: CoreWork[T]) -> T:
        """Run the Core statements in a session's transaction, like a work that stands alone."""
        return await self.run(lambda session: core_on_session(session, work), serializable=False)

    async def close(self) -> None:
        """Nothing of its own to close (the engine is the database's)."""


class _EngineThread:
    """An async engine whose connections are opened, used and closed on the event loop of a thread of its own."""

    def __init__(self, engine: AsyncEngine, *, name: str) -> None:
        self._engine = engine
        self._transactions = LoopWriter(engine, serialize=False)  # run on the thread's loop, with its engine
        self._thread = ThreadLoop(name)

    async def close(self) -> None:
        """Close the thread's connections, then stop the thread."""
        if self._thread.loop.is_closed():
            return
        try:
            await self._thread.run(self._engine.dispose())
        finally:
            await self._thread.stop()


class ThreadLoopWriter(_EngineThread):
    """PostgreSQL: transactions on an engine and an event loop of their own, on a thread of their own.

    On the bot's loop every statement of a transaction waits for a loop turn, and at 500 busy tables a turn takes
    hundreds of milliseconds: a save held its pooled connection (and its game's lock) that long, the pool of 20 ran
    dry and clicks failed as "table busy" (JOURNAL.md, Load). Here the bot's loop only hands the work over; the
    statements go out on a loop that has nothing else to do, so a save holds its connection for a few round trips.
    SERIALIZABLE transactions still run concurrently (the server orders them, see the module's docs), just as
    LoopWriter runs them; the works that stand alone and wait together are committed as one group at a time.
    """

    def __init__(self, engine: AsyncEngine, *, name: str) -> None:
        super().__init__(engine, name=name)
        # Works that stand alone (saves) and wait together share one READ COMMITTED transaction, one group at a time
        # (bot.storage.group_commit); SERIALIZABLE ones keep a transaction and a pooled connection each.
        self.group_commit = GroupCommit(self._transactions.plain_sessions, asyncio.Lock(), connect_async=engine.connect)

    async def run(self, work: Work[T], *, serializable: bool = True) -> T:
        """Hand `work` to the thread's loop and wait for its commit."""
        if serializable:
            return await self._thread.run(self._transactions.run(work, serializable=True))
        return await self._thread.run(self.group_commit.run(work))

    async def run_core(self, work: CoreWork[T]) -> T:
        """Hand the Core statements to the thread's loop, grouped like the works that stand alone."""
        return await self._thread.run(self.group_commit.run_core(work))


class ThreadLoopReader(_EngineThread):
    """PostgreSQL reads on an engine and an event loop of their own thread (READ COMMITTED, as the bot's engine).

    On the bot's loop every round trip of a read (checkout, BEGIN, the query, the ROLLBACK on return) waited for a
    loop turn: at 500 busy tables a new lobby's check for a game in its channel took hundreds of milliseconds, and
    `/dreamcats start` made up most of the slowest acknowledgements on PostgreSQL (JOURNAL.md, Load). Here only the hand
    over and the answer cross to the bot's loop.
    """

    async def run(self, work: Work[T], *, serializable: bool = False) -> T:
        """Run the read on the thread's loop, in a transaction of its own, and wait for its result."""
        return await self._thread.run(self._transactions.run(work, serializable=serializable))
