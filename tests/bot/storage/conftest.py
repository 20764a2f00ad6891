"""Storage fixtures: a migrated database on a SQLite file and, when a server answers, on PostgreSQL.

PostgreSQL tests get a database of their own per test session (created from $DREAMCATS_TEST_POSTGRES_URL,
dropped at the end), and a wiped public schema before each test, so reruns and parallel runs on one server
never see each other's rows. Where CREATE DATABASE is not allowed, the given database is wiped instead.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from bot.storage import Database, MatchRecord, RoundRecord, SeatRecord

POSTGRES_URL = os.environ.get("DREAMCATS_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def _dsn(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def _admin(url: str) -> asyncpg.Connection:
    try:
        return await asyncpg.connect(_dsn(url), timeout=3)
    except asyncpg.InvalidCatalogNameError:  # the named database does not exist: the server's own will do
        return await asyncpg.connect(_dsn(make_url(url).set(database="postgres").render_as_string(False)), timeout=3)


async def _own_database(url: str) -> tuple[str, str | None]:
    """(URL to test against, name of the database we created or None)."""
    admin = await _admin(url)
    try:
        name = f"dreamcats_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        except asyncpg.PostgresError:
            return url, None
        return make_url(url).set(database=name).render_as_string(hide_password=False), name
    finally:
        await admin.close()


async def _drop_database(url: str, name: str) -> None:
    admin = await _admin(url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def _wipe(url: str) -> None:
    connection = await asyncpg.connect(_dsn(url), timeout=3)
    try:
        tables = await connection.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        if tables:
            names = ", ".join(f'"{row["tablename"]}"' for row in tables)
            await connection.execute(f"DROP TABLE IF EXISTS {names} CASCADE")
    finally:
        await connection.close()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL database for this test session; skips when no server answers."""
    try:
        url, created = asyncio.run(_own_database(POSTGRES_URL))
    except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
        shown = make_url(POSTGRES_URL).render_as_string(hide_password=True)
        pytest.skip(f"no PostgreSQL server answers at {shown} ({type(exc).__name__}: {exc}); "
                    "set DREAMCATS_TEST_POSTGRES_URL to run the PostgreSQL storage tests")
    if created is None and os.environ.get("PYTEST_XDIST_WORKER", "gw0") != "gw0":
        # The given database is wiped before each test: only one test process may use it.
        pytest.skip("this server allows no database of our own, and the given one serves only the first test "
                    "process; run pytest with -n 0 to run every PostgreSQL storage test here")
    yield url
    if created is not None:
        asyncio.run(_drop_database(POSTGRES_URL, created))


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database's URL on each backend."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'dreamcats.db'}"
    url = request.getfixturevalue("postgres_url")
    asyncio.run(_wipe(url))
    return url


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    """A database migrated to head."""
    database = await Database.open(database_url)
    yield database
    await database.close()


def seat(
    user_id: int | None,
    total: int,
    *,
    name: str | None = None,
    strength: str | None = None,
    winner: bool = False,
    left_early: bool = False,
) -> SeatRecord:
    """A seat; a computer seat (user_id None) plays "normal" unless told."""
    if user_id is None and strength is None:
        strength = "normal"
    return SeatRecord(user_id, name or f"player{user_id}", strength, total, winner, left_early)


def match(
    guild_id: int,
    seats: Sequence[SeatRecord],
    rounds: Sequence[RoundRecord] | None = None,
    *,
    minutes: int = 0,
) -> MatchRecord:
    """A match; winners are the lowest totals unless seats say so; by default one round scoring the totals."""
    seats = tuple(seats)
    if not any(s.winner for s in seats):
        low = min(s.total for s in seats)
        seats = tuple(replace(s, winner=s.total == low) for s in seats)
    if rounds is None:
        totals = tuple(s.total for s in seats)
        rounds = (RoundRecord(1, None, None, totals, totals),)
    finished = T0 + timedelta(minutes=minutes)
    return MatchRecord(guild_id, 500, finished - timedelta(minutes=20), finished, {"point_limit": 100},
                       seats, tuple(rounds))


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated SQLite file, for tests about what sits on top of the store."""
    database = await Database.open(f"sqlite+aiosqlite:///{tmp_path / 'dreamcats.db'}")
    yield database
    await database.close()
