"""The engine, the session factory and migrations to head at start-up."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import sqlalchemy
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

import migrations
from bot.config import load_database_url
from bot.database_urls import check_driver, normalize_url
from bot.storage.group_commit import CoreWork
from bot.storage.models import Base
from bot.storage.records import DatabaseUnreachableError
from bot.storage.server_defaults import ServerDefaults
from bot.storage.sqlite_writer import ThreadWriter, WriterConnection
from bot.storage.writer import (
    WRITE_DEADLINE_S,
    LoopWriter,
    Reader,
    T,
    ThreadLoopReader,
    ThreadLoopWriter,
    Work,
    Writer,
    retrying,
)

log = logging.getLogger(__name__)

# Only another process's writer can make ours wait (see bot.storage.writer); past this, the write is retried.
SQLITE_BUSY_TIMEOUT_MS = 2000
# PostgreSQL connections per process: writes run on a loop of their own thread (ThreadLoopWriter), where a
# transaction holds a connection for a few round trips, and reads on another (ThreadLoopReader); the bot's own engine
# serves the few sessions opened directly (the leaderboard's pages). Each pool may open its size and its overflow:
# keep processes x 44 connections ((8 + 8) x 2 + 4 + 8) below the server's max_connections (100 by default).
POSTGRES_POOL_SIZE, POSTGRES_POOL_OVERFLOW = 8, 8
POSTGRES_READ_POOL_SIZE = 4
def database_url(url: str | None = None) -> str:
    """The URL to use: the one given, else DATABASE_URL read as the bot reads it (the environment, a .env file, else a
    SQLite file in the working directory)."""
    return normalize_url(url or load_database_url())


def create_engine(url: str, **options: Any) -> AsyncEngine:
    """An async engine; SQLite connections get WAL (synchronous=NORMAL), foreign keys and a busy timeout. A failed
    statement's error never quotes its parameters: a live game's saved state holds every hidden card, and such an
    error is logged."""
    url = normalize_url(url)
    check_driver(url)
    if make_url(url).get_backend_name() == "postgresql":
        options = {"pool_size": POSTGRES_POOL_SIZE, "max_overflow": POSTGRES_POOL_OVERFLOW} | options
    engine = create_async_engine(url, hide_parameters=True, **options)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_on_connect)
    return engine


def _in_memory(engine: AsyncEngine) -> bool:
    return engine.url.database in (None, "", ":memory:") or "mode=memory" in str(engine.url)


def writer_for(engine: AsyncEngine) -> Writer:
    """SQLite file: one writer connection on its own thread; PostgreSQL: a pool on a loop of its own thread;
    in-memory SQLite: the engine itself."""
    if engine.dialect.name != "sqlite":
        pool = create_async_engine(engine.url, pool_size=POSTGRES_POOL_SIZE, max_overflow=POSTGRES_POOL_OVERFLOW,
                                   hide_parameters=True)
        return ThreadLoopWriter(pool, name="dreamcats-writer")
    if _in_memory(engine):  # another connection would see another database
        return LoopWriter(engine, serialize=True)
    return ThreadWriter(_thread_engine(engine))


def reader_for(engine: AsyncEngine) -> Reader | None:
    """A reading connection on a thread of its own: a SQLite file's one (see ThreadWriter), PostgreSQL's pool (see
    ThreadLoopReader); None for an in-memory SQLite, whose engine reads on the bot's loop."""
    if engine.dialect.name != "sqlite":
        pool = create_async_engine(engine.url, pool_size=POSTGRES_READ_POOL_SIZE, max_overflow=POSTGRES_POOL_OVERFLOW,
                                   hide_parameters=True)
        return ThreadLoopReader(pool, name="dreamcats-reader")
    if _in_memory(engine):
        return None
    return ThreadWriter(_thread_engine(engine), reads_only=True)


def _thread_engine(engine: AsyncEngine) -> sqlalchemy.Engine:
    """A synchronous engine of one connection to the same SQLite file, for a thread of its own."""
    url = engine.url.set(drivername="sqlite")
    thread_engine = sqlalchemy.create_engine(url, pool_size=1, max_overflow=0, hide_parameters=True,
                                             connect_args={"factory": WriterConnection, "check_same_thread": False})
    event.listen(thread_engine, "connect", _sqlite_on_connect)
    return thread_engine


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.close()


def alembic_config() -> Config:
    """Alembic's configuration, built from the installed migrations package (works from any directory)."""
    config = Config()
    location = str(Path(migrations.__file__).resolve().parent)
    config.set_main_option("script_location", location.replace("%", "%%"))
    config.set_main_option("path_separator", "os")
    config.attributes["target_metadata"] = Base.metadata
    return config


def head_revision() -> str | None:
    """The newest migration's revision id."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def upgrade_to_head(engine: AsyncEngine) -> None:
    """Run every pending migration on one shared connection (Alembic's cookbook recipe).

    migrations/env.py does it in one transaction, under a PostgreSQL advisory lock, with SQLite foreign keys off.
    """
    async with engine.connect() as connection:
        await connection.run_sync(_upgrade)


def _upgrade(connection: Connection) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def new_revision(engine: AsyncEngine, message: str) -> str:
    """Write a migration for the difference between the database (at head) and the models; return its path."""
    def write(connection: Connection) -> str:
        config = alembic_config()
        config.attributes["connection"] = connection
        script = command.revision(config, message=message, autogenerate=True)
        return str(getattr(script, "path", script))

    async with engine.connect() as connection:
        return await connection.run_sync(write)


async def current_revision(engine: AsyncEngine) -> str | None:
    """The revision the database is at, None when it was never migrated."""
    async with engine.connect() as connection:
        return await connection.run_sync(lambda sync: MigrationContext.configure(sync).get_current_revision())


class Database:
    """An engine for reads (`async with db.sessions() as s: ...`) and the write path (`await db.write(work)`)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.sessions: async_sessionmaker[AsyncSession] = async_sessionmaker(engine, expire_on_commit=False)
        self.writer = writer_for(engine)
        self.reader = reader_for(engine)
        self.write_deadline_s = WRITE_DEADLINE_S
        self.server_defaults = ServerDefaults(self)  # /dreamcats settings writes through it

    async def write(self, work: Work[T], *, serializable: bool = True) -> T:
        """Run `work(session)` as one write transaction; busy or lost-connection errors are retried.

        `work` may run more than once and, on SQLite, on another thread: it should only use its session and
        values it was given. `serializable=False` for work whose statements stand alone (a versioned UPDATE,
        a one-row INSERT or DELETE; see bot.storage.writer). Raises StorageBusyError if the database stays busy
        past the deadline.
        """
        return await retrying(lambda: self.writer.run(work, serializable=serializable),
                              deadline_s=self.write_deadline_s)

    async def write_core(self, work: CoreWork[T]) -> T:
        """Run `work(connection)`, Core statements that stand alone (like `serializable=False` work), as one write
        transaction, retried like `write`; on a SQLite file without a session (bot.storage.group_commit)."""
        return await retrying(lambda: self.writer.run_core(work), deadline_s=self.write_deadline_s)

    async def read(self, work: Work[T]) -> T:
        """Run `work(session)` on a reading connection (on a thread of its own for a SQLite file and PostgreSQL, like
        the writer: `work` should only use its session and values it was given); a lost connection is retried like a
        write."""
        return await retrying(lambda: self._read_once(work), deadline_s=self.write_deadline_s)

    async def _read_once(self, work: Work[T]) -> T:
        if self.reader is not None:
            return await self.reader.run(work, serializable=False)
        async with self.sessions() as session:
            return await work(session)

    @classmethod
    async def open(cls, url: str) -> Database:
        """Connect, migrate the schema to head, and return the ready database."""
        engine = create_engine(url)
        try:
            await upgrade_to_head(engine)
        except OSError as exc:  # asyncpg's refused connection, failed name lookup or time-out
            await engine.dispose()
            raise DatabaseUnreachableError(exc.strerror or str(exc) or type(exc).__name__) from exc
        except BaseException:
            await engine.dispose()
            raise
        log.info("Database ready (%s, schema %s)", engine.dialect.name, head_revision())
        return cls(engine)

    @property
    def dialect(self) -> str:
        """The backend's name: "sqlite" or "postgresql"."""
        return self.engine.dialect.name

    async def close(self) -> None:
        """Close the writer and every pooled connection."""
        try:
            await self.writer.close()
            if self.reader is not None:
                await self.reader.close()
        finally:
            await self.engine.dispose()
