"""Group commit: write transactions waiting together on the storage thread are committed as one.

Why (issue 10): at 500 live tables the SQLite writer thread ran one transaction per save, each with its own BEGIN
IMMEDIATE and COMMIT (file locks and a WAL append, which cost most of its time), so saves queued behind each other
for tens to hundreds of milliseconds while the tables' locks were held. On PostgreSQL each save also took a pooled
connection, a BEGIN, a COMMIT and the connection's reset: round trips and Python on the writer's thread, which
shares the interpreter with the bot's loop. The works that arrive while a transaction runs now wait together and
then share one transaction: one BEGIN and one COMMIT for the whole group. On SQLite every write goes this way; on
PostgreSQL the works that stand alone (a versioned save, a one-row insert or delete: `serializable=False`).

What it means: the works of a group run one after another in one transaction, in the order they arrived, exactly as
if each had been its own transaction in that order. If any of them raises (a refused save, a failed statement) or
the commit fails, the whole group is rolled back and each work runs again alone, in its own transaction, as it did
before grouping: a refusal stays that work's alone, and nothing of a failed group is kept. `Database.write` already
allows a work to run more than once. A work whose caller stopped waiting before its group began is dropped.

A work is async code on an AsyncSession, or a core work: Core statements on a synchronous Connection (a move's save,
bot.storage.live.save_live_row). Where the connection is synchronous (a SQLite file's writer thread), a group made
only of core works runs on the connection itself: no session, no greenlet per statement. A save alone then costs the
writer thread 0.6 ms of CPU instead of 1.0-1.1 ms (tests/benchmarks/bench_storage.py --tables 1; JOURNAL.md there),
and that thread shares the interpreter with the bot's loop. On PostgreSQL such a group runs on a pooled async
connection, all its works in one synchronous call (`AsyncConnection.run_sync`): no session and one greenlet per group
instead of one per work (the writer thread 0.72-0.93 against 0.92-1.08 ms of CPU for a save alone, five alternated
runs each of tests/benchmarks/bench_storage.py --tables 1). A group with session works in it runs them all in the
group's session, the core works too (`core_on_session`).

Core works of a kind that may run together (a `together(connection, works)` on the work, as bot.storage.live.LiveSave
has) run in one call at the place of the first of them: on PostgreSQL a group's saves are one UPDATE and one round
trip, each row still guarded by its version (2.2 times the saves a second at saturation, the writer thread 0.14
against 0.30 ms of CPU a save: tests/benchmarks/bench_storage.py --rate 0, README). Such a work touches only its own
row, so running it before a work that arrived between them changes nothing; if any of them is refused the whole
group is rolled back and each work runs alone, as above.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

log = logging.getLogger(__name__)

T = TypeVar("T")
Work = Callable[[AsyncSession], Awaitable[T]]
CoreWork = Callable[[Connection], T]


class _Job(NamedTuple):
    """A work waiting for its group: as it runs on a session, the core work itself (or None), its caller's outcome."""

    work: Work[Any]
    core: CoreWork[Any] | None
    outcome: asyncio.Future[Any]


# At most this many works share a transaction, so one group never holds the file's write lock for long (about
# half a millisecond of statements each).
GROUP_MAX = 64


class GroupCommit:
    """Runs write transactions on one connection's own event loop, committing the works that wait together as one."""

    def __init__(self, sessions: Callable[[], AsyncSession], lock: asyncio.Lock,
                 connect: Callable[[], AbstractContextManager[Connection]] | None = None,
                 connect_async: Callable[[], AbstractAsyncContextManager[AsyncConnection]] | None = None) -> None:
        self._sessions = sessions
        self._connect = connect  # a synchronous connection, where there is one: groups of core works run on it
        self._connect_async = connect_async  # else an engine's async connection: groups of core works run on it
        self._lock = lock  # held while a transaction runs on the connection
        self._waiting: list[_Job] = []
        self._committer: asyncio.Task[None] | None = None
        self.grouped = 0  # how many transactions committed more than one work
        self.transactions = 0  # committed, of one work or more
        self.works = 0  # committed works, all transactions together

    async def run(self, work: Work[T]) -> T:
        """On the connection's loop: join the next commit; this work's result, or its error, once it is over."""
        return await self._join(work, None)

    async def run_core(self, work: CoreWork[T]) -> T:
        """Like `run`, for Core statements on a synchronous connection."""
        return await self._join(lambda session: core_on_session(session, work), work)

    async def _join(self, work: Work[T], core: CoreWork[T] | None) -> T:
        outcome: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Job(work, core, outcome))
        if self._committer is None:
            self._committer = asyncio.get_running_loop().create_task(self._commit_waiting())
        try:
            return await outcome
        finally:
            del outcome  # a raised error's traceback holds this frame: without the future, no reference cycle

    async def _commit_waiting(self) -> None:
        group: list[_Job] = []
        try:
            async with self._lock:
                while self._waiting:
                    group = [job for job in self._waiting[:GROUP_MAX] if not job.outcome.done()]
                    del self._waiting[:GROUP_MAX]
                    await self._commit(group)
        except BaseException:
            for job in group + self._waiting:
                job.outcome.cancel()
            self._waiting.clear()
            raise
        finally:
            self._committer = None

    async def _commit(self, group: Sequence[_Job]) -> None:
        if len(group) > 1:
            done, results = await self._attempt(group)
            if done:
                self.grouped += 1
                self._committed(len(group))
                for job, result in zip(group, results, strict=True):
                    _settle(job.outcome, True, result)
                return
            log.debug("a group of %d writes was rolled back (%r); each runs again alone", len(group), results)
        for job in group:
            done, results = await self._attempt([job])
            if done:
                self._committed(1)
            _settle(job.outcome, done, results[0] if done else results)

    def _committed(self, works: int) -> None:
        self.transactions += 1
        self.works += works

    async def _attempt(self, jobs: Sequence[_Job]) -> tuple[bool, Any]:
        """Run the works in one transaction: (True, their results) once committed, else (False, the error)."""
        try:
            cores = [job.core for job in jobs if job.core is not None]
            if self._connect is not None and len(cores) == len(jobs):
                with self._connect() as connection, connection.begin():
                    return True, _run_all(connection, cores)
            if self._connect_async is not None and len(cores) == len(jobs):
                async with self._connect_async() as pooled, pooled.begin():
                    return True, await pooled.run_sync(_run_all, cores)
            async with self._sessions() as session, session.begin():
                return True, [await job.work(session) for job in jobs]
        except Exception as exc:  # handed to the work's caller, which decides what it means
            return False, exc


def _run_all(connection: Connection, cores: Sequence[CoreWork[Any]]) -> list[Any]:
    """Every core work's result, in order; works of a kind that may run together (`together`) run in one call, at
    the place of the first of them."""
    kinds: dict[Callable[..., Any] | int, list[int]] = {}  # `together`, else the index; in order of arrival
    for index, core in enumerate(cores):
        kinds.setdefault(getattr(core, "together", None) or index, []).append(index)
    results: dict[int, Any] = {}
    for kind, indices in kinds.items():
        if callable(kind) and len(indices) > 1:
            results.update(zip(indices, kind(connection, [cores[i] for i in indices]), strict=True))
        else:
            results[indices[0]] = cores[indices[0]](connection)
    return [results[index] for index in range(len(cores))]


async def core_on_session(session: AsyncSession, work: CoreWork[T]) -> T:
    """Run a core work on the session's connection, inside its transaction."""
    return await session.run_sync(lambda sync: work(sync.connection()))


def _settle(outcome: asyncio.Future[Any], done: bool, value: Any) -> None:
    if outcome.done():  # its caller stopped waiting meanwhile
        return
    if done:
        outcome.set_result(value)
    else:
        outcome.set_exception(value)


__all__ = ["GROUP_MAX", "CoreWork", "GroupCommit", "core_on_session"]
