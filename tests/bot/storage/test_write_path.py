"""The write path under load: many tables saving at once on one database never meet "database is locked".

On the SQLite file the busy timeout is cut to 50 ms: within one process no write may depend on waiting out
another connection's lock (the single writer never waits), so a short timeout must change nothing. The code
before issue 10 lost most of these saves with `sqlite3.OperationalError: database is locked`.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

import bot.storage.database
from bot.service import BusyError, ConflictError, Seat, Table
from bot.sqlstore import SqlGameStore
from bot.storage import Database, StorageBusyError, get_server_settings, leaderboard, save_server_settings
from bot.storage.records import ServerSettingsRecord
from game.dreamcats import MatchSettings
from tests.bot.storage.conftest import _dsn, match, seat

TABLES, SAVES, FINISHING_EVERY, BUMPS = 80, 3, 6, 30
GUILDS = (11, 12, 13)
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _table(n: int) -> Table:
    return Table(f"game{n}", GUILDS[n % len(GUILDS)], 7000 + n, 1, MatchSettings(), "en", [Seat(1, "Ana")], T0)


async def _play(store: SqlGameStore, table: Table, n: int) -> None:
    """Open the table, save it a few times (reading it back between saves), and finish some of them."""
    table.version = await store.create(table)
    for _ in range(SAVES):
        table.version = await store.save(table)
        stored = await store.in_channel(table.channel_id)
        assert stored is not None and stored.version == table.version
    if n % FINISHING_EVERY == 0:  # shared people: their rating rows are written by many finishes at once
        people = [seat(100 + n % 4, 10 + n % 7), seat(200 + n % 5, 20), seat(None, 30)]
        await store.finish(table, match(table.guild_id, people, minutes=n))


@pytest.fixture
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite waits at most 50 ms for another connection's lock."""
    monkeypatch.setattr(bot.storage.database, "SQLITE_BUSY_TIMEOUT_MS", 50)


@pytest.mark.usefixtures("short_busy_timeout")
async def test_many_tables_saving_at_once_lose_no_save(database_url: str) -> None:
    db = await Database.open(database_url)
    try:
        store = SqlGameStore(db)
        tables = [_table(n) for n in range(TABLES)]
        results = await asyncio.gather(*(_play(store, t, n) for n, t in enumerate(tables)), return_exceptions=True)
        failures = [repr(r) for r in results if isinstance(r, BaseException)]
        assert failures == []
        finished = {t.game_id for n, t in enumerate(tables) if n % FINISHING_EVERY == 0}
        loaded = {stored.game_id: stored.version for stored in await store.load()}
        assert loaded == {t.game_id: 1 + SAVES for t in tables if t.game_id not in finished}
        async with db.sessions() as session:
            matches = 0
            for guild in GUILDS:
                page = await leaderboard(session, guild_id=guild, limit=50)
                matches += sum(row.matches for row in page.rows)
        assert matches == 2 * len(finished)  # two people in every finished match, each counted once
    finally:
        await db.close()


@pytest.mark.usefixtures("short_busy_timeout")
async def test_settings_read_and_written_by_many_at_once(database_url: str) -> None:
    db = await Database.open(database_url)
    try:
        async def bump(session: AsyncSession) -> None:  # read, then write: the upgrade that used to fail
            current = await get_server_settings(session, guild_id=1)
            changed = ServerSettingsRecord(point_limit=current.point_limit + 1)
            await save_server_settings(session, guild_id=1, settings=changed)

        await asyncio.gather(*(db.write(bump) for _ in range(BUMPS)))
        async with db.sessions() as session:
            assert (await get_server_settings(session, guild_id=1)).point_limit == 100 + BUMPS
    finally:
        await db.close()


def _hold_write_lock(path: Path, seconds: float, taken: threading.Event) -> threading.Thread:
    """Another process's writer, as far as SQLite can tell: a connection holding the write lock a while."""
    def hold() -> None:
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute("BEGIN IMMEDIATE")
        taken.set()
        threading.Event().wait(seconds)
        connection.execute("COMMIT")
        connection.close()

    thread = threading.Thread(target=hold)
    thread.start()
    return thread


@pytest.mark.usefixtures("short_busy_timeout")
async def test_a_lock_held_elsewhere_is_waited_out_within_the_deadline(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    db = await Database.open(f"sqlite+aiosqlite:///{path}")
    try:
        store = SqlGameStore(db)
        table = _table(1)
        table.version = await store.create(table)
        taken = threading.Event()
        holder = _hold_write_lock(path, 0.4, taken)
        await asyncio.to_thread(taken.wait)
        table.version = await store.save(table)  # busy for 0.4 s, many times the busy timeout: retried
        await asyncio.to_thread(holder.join)
        assert table.version == 2
    finally:
        await db.close()


@pytest.mark.usefixtures("short_busy_timeout")
async def test_a_lock_held_past_the_deadline_refuses_cleanly_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    db = await Database.open(f"sqlite+aiosqlite:///{path}")
    try:
        store = SqlGameStore(db)
        table = _table(1)
        table.version = await store.create(table)
        db.write_deadline_s = 0.2
        taken = threading.Event()
        holder = _hold_write_lock(path, 0.8, taken)
        await asyncio.to_thread(taken.wait)
        with pytest.raises(BusyError) as refused:
            await store.save(table)
        assert isinstance(refused.value.__cause__, StorageBusyError)
        await asyncio.to_thread(holder.join)
        [stored] = await store.load()
        assert stored.version == 1  # the refused move was not half made
        assert await store.save(table) == 2  # and the table goes on once the lock is free
    finally:
        await db.close()


async def test_a_postgresql_serialization_failure_is_retried(postgres_url: str) -> None:
    db = await Database.open(postgres_url)
    tries = []
    try:
        async def work(session: AsyncSession) -> int:
            tries.append(1)
            await save_server_settings(session, guild_id=9_000_005, settings=ServerSettingsRecord(penalty=len(tries)))
            if len(tries) < 3:  # the server's own SQLSTATE 40001, as a concurrent SERIALIZABLE writer would get
                await session.execute(text("DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = '40001'; END $$"))
            return len(tries)

        assert await db.write(work) == 3
        async with db.sessions() as session:
            stored = await get_server_settings(session, guild_id=9_000_005)
        assert stored.penalty == 3  # the failed tries left nothing behind
    finally:
        await db.close()


async def test_a_lost_postgresql_connection_is_retried(postgres_url: str) -> None:
    db = await Database.open(postgres_url)
    try:
        await db.write(lambda session: save_server_settings(session, guild_id=9_000_006,
                                                            settings=ServerSettingsRecord(penalty=1)))
        admin = await asyncpg.connect(_dsn(postgres_url), timeout=3)
        try:  # the server ends every session of ours, as a restart or a failover would
            ended = await admin.fetchval("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                         "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        finally:
            await admin.close()
        assert ended >= 1
        await db.write(lambda session: save_server_settings(session, guild_id=9_000_006,
                                                            settings=ServerSettingsRecord(penalty=2)))
        stored = await db.read(lambda session: get_server_settings(session, guild_id=9_000_006))
        assert stored.penalty == 2
    finally:
        await db.close()


async def test_live_saves_of_many_tables_at_once_never_need_a_retry(db: Database) -> None:
    """PostgreSQL's SERIALIZABLE refused some of these (predicate locks on shared index pages): 7 failed clicks at
    500 tables. A versioned save stands alone, so with no time left for retries every save must still go in."""
    store = SqlGameStore(db)
    tables = [_table(n) for n in range(TABLES)]
    for table in tables:
        table.version = await store.create(table)
    db.write_deadline_s = 0.0  # a transient refusal is not retried: it fails the save

    async def save(table: Table) -> None:
        table.version = await store.save(table)

    for _ in range(SAVES):
        results = await asyncio.gather(*(save(t) for t in tables), return_exceptions=True)
        assert [repr(r) for r in results if isinstance(r, BaseException)] == []
    loaded = {stored.game_id: stored.version for stored in await store.load()}
    assert loaded == {t.game_id: 1 + SAVES for t in tables}


async def test_two_saves_of_one_table_at_once_keep_exactly_one(db: Database) -> None:
    """Without SERIALIZABLE the version guard alone refuses the second of two racing saves: none is merged."""
    store = SqlGameStore(db)
    table = _table(1)
    table.version = await store.create(table)
    results = await asyncio.gather(*(store.save(table) for _ in range(8)), return_exceptions=True)
    assert results.count(table.version + 1) == 1
    assert all(isinstance(r, ConflictError) for r in results if r != table.version + 1)
    stored = await store.in_channel(table.channel_id)
    assert stored is not None and stored.version == table.version + 1


async def test_a_write_goes_through_while_the_bots_loop_is_busy(database_url: str) -> None:
    """The write's statements run on a thread of their own (SQLite's writer, PostgreSQL's own loop), so a save goes
    through while the bot's loop is stuck in other work: it never holds its game's lock for a busy loop's turns."""
    db = await Database.open(database_url)
    try:
        table = _table(1)
        await SqlGameStore(db).create(table)
        executed = threading.Event()

        async def save(session: AsyncSession) -> None:
            await session.execute(text("UPDATE live_games SET version = version + 1 WHERE game_id = 'game1'"))
            executed.set()

        task = asyncio.create_task(db.write(save, serializable=False))
        await asyncio.sleep(0)  # the write is handed over; now the loop is stuck until the statement has run
        assert executed.wait(timeout=5.0), "the write waited for the bot's loop"
        await task
    finally:
        await db.close()
