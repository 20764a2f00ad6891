"""A SQLite file's one writer connection (and its one reading connection): plain sqlite3 on a thread of its own.

Why a single writer with BEGIN IMMEDIATE, WAL and synchronous=NORMAL: bot.storage.writer's docs.
"""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.group_commit import CoreWork, GroupCommit
from bot.storage.thread_loop import ThreadLoop
from bot.storage.writer import T, Work


class ThreadWriter:
    """The one writer connection of a SQLite file: a plain sqlite3 connection driven by a thread of its own.

    The work is async code written for an AsyncSession; here that session sits on a synchronous engine, so no
    statement ever waits for an event loop: the whole transaction runs in one go on the writer thread, and
    the bot's loop only hands it over and receives the result.

    With `reads_only` it is the file's reading connection instead (a deferred BEGIN: one consistent snapshot
    for the read's statements, never the write lock). Through aiosqlite every statement of a read waited for a
    turn of the bot's loop: at 300 busy tables reads took seconds and the pool of 15 connections ran dry.
    """

    def __init__(self, engine: Engine, *, reads_only: bool = False) -> None:
        self._engine = engine
        event.listen(engine, "connect", _driver_leaves_transactions_to_us)
        event.listen(engine, "begin", _begin_deferred if reads_only else _begin_immediate)
        self._thread = ThreadLoop("dreamcats-reader" if reads_only else "dreamcats-writer")
        self._lock = asyncio.Lock()  # used only on the writer's loop
        # Writes that wait together are committed together (bot.storage.group_commit); a read stands alone.
        self.group_commit = None if reads_only else GroupCommit(self._session, self._lock, engine.connect)

    async def run(self, work: Work[T], *, serializable: bool = True) -> T:
        """Hand `work` to the writer thread and wait for its commit (one after another: always serializable)."""
        if self.group_commit is None:
            return await self._thread.run(self._transaction(work))
        return await self._thread.run(self.group_commit.run(work))

    async def run_core(self, work: CoreWork[T]) -> T:
        """Hand the Core statements to the writer thread: a group of them runs on its connection, no session."""
        if self.group_commit is None:
            raise TypeError("the reading connection runs no writes")
        return await self._thread.run(self.group_commit.run_core(work))

    async def _transaction(self, work: Work[T]) -> T:
        async with self._lock, self._session() as session, session.begin():
            return await work(session)

    def _session(self) -> AsyncSession:
        session = AsyncSession(expire_on_commit=False)
        session.sync_session.bind = self._engine
        return session

    async def close(self) -> None:
        """Close the writer connection, then stop the thread."""
        if self._thread.loop.is_closed():
            return
        try:
            await self._thread.run(self._dispose())
        finally:
            await self._thread.stop()

    async def _dispose(self) -> None:
        async with self._lock:
            self._engine.dispose()


class _Cursor(sqlite3.Cursor):
    """A sqlite3 cursor that AsyncSession accepts."""

    async def _async_soft_close(self) -> None:
        """AsyncSession awaits this after each statement (SQLAlchemy 2.1); a synchronous cursor has nothing to do."""


class WriterConnection(sqlite3.Connection):
    """The writer's sqlite3 connection: its cursors are _Cursor."""

    def cursor(self, factory: Any = _Cursor) -> Any:
        """A new cursor (a _Cursor unless told)."""
        return super().cursor(factory)


def _driver_leaves_transactions_to_us(dbapi_connection: Any, _record: Any) -> None:
    # sqlite3 would otherwise open its own deferred transaction at the first INSERT/UPDATE (SQLAlchemy's recipe).
    dbapi_connection.isolation_level = None


def _begin_immediate(connection: Any) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def _begin_deferred(connection: Any) -> None:
    connection.exec_driver_sql("BEGIN")
