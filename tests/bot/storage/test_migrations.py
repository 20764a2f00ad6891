"""Migrations: an empty database goes to head, the schema matches the models, and `dreamcats migrate` works."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, inspect, text

import migrations
from bot.storage import Database, record_match
from bot.storage.database import alembic_config, create_engine, current_revision, head_revision, normalize_url
from bot.storage.migrate import main as migrate_main
from bot.storage.models import Base
from tests.bot.storage.conftest import match, seat


def _differences(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True, "compare_server_default": True})
    return compare_metadata(context, Base.metadata)


async def test_open_upgrades_an_empty_database_to_head_and_autogenerate_finds_no_difference(database_url: str) -> None:
    db = await Database.open(database_url)
    try:
        assert await current_revision(db.engine) == head_revision()
        async with db.engine.connect() as connection:
            assert await connection.run_sync(_differences) == []
    finally:
        await db.close()


async def test_open_again_keeps_the_data(database_url: str) -> None:
    db = await Database.open(database_url)
    async with db.engine.begin() as connection:
        await connection.execute(text("INSERT INTO players (user_id, display_name, updated_at) "
                                      "VALUES (7, 'Ana', CURRENT_TIMESTAMP)"))
    await db.close()
    db = await Database.open(database_url)
    try:
        async with db.engine.connect() as connection:
            assert (await connection.execute(text("SELECT display_name FROM players"))).scalar_one() == "Ana"
    finally:
        await db.close()


async def test_downgrade_to_base_and_upgrade_again(database_url: str) -> None:
    db = await Database.open(database_url)

    def down(connection: Connection) -> list[str]:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
        return inspect(connection).get_table_names()

    try:
        async with db.engine.begin() as connection:
            assert await connection.run_sync(down) == ["alembic_version"]
    finally:
        await db.close()
    db = await Database.open(database_url)
    try:
        assert await current_revision(db.engine) == head_revision()
    finally:
        await db.close()


async def test_sqlite_connections_get_wal_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    db = await Database.open(f"sqlite+aiosqlite:///{tmp_path / 'x.db'}")
    try:
        async with db.engine.connect() as connection:
            pragma = {name: (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar_one()
                      for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")}
        assert pragma == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 2000, "synchronous": 1}
    finally:
        await db.close()


async def test_migrations_are_found_from_any_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    db = await Database.open("sqlite:///relative.db")
    await db.close()
    assert (tmp_path / "relative.db").exists()


def test_migrate_command_checks_and_upgrades(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    assert migrate_main(["--url", url, "--check"]) == 1
    assert not (tmp_path / "cli.db").exists()  # --check changes nothing: no empty file made
    assert migrate_main(["--url", url]) == 0
    assert migrate_main(["--url", url, "--check"]) == 0
    assert f"database at {head_revision()}" in capsys.readouterr().out


def test_migrate_command_reports_a_bad_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert migrate_main(["--url", "nosuchdb://x"]) == 2
    assert "dreamcats migrate:" in capsys.readouterr().err


def test_migrate_command_says_a_database_that_cannot_be_opened_in_one_line_with_the_bot_s_code(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert migrate_main(["--url", f"sqlite:///{tmp_path / 'no such folder' / 'x.db'}"]) == 5
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dreamcats migrate: cannot open the database (OperationalError: ")


def test_migrate_reads_database_url_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    assert migrate_main([]) == 0

    async def revision() -> str | None:
        engine = create_engine(f"sqlite:///{tmp_path / 'env.db'}")
        try:
            return await current_revision(engine)
        finally:
            await engine.dispose()

    assert asyncio.run(revision()) == head_revision()


def test_plain_urls_get_their_async_driver() -> None:
    assert normalize_url("sqlite:///a.db") == "sqlite+aiosqlite:///a.db"
    assert normalize_url("postgresql://u:p@h/d") == "postgresql+asyncpg://u:p@h/d"
    assert normalize_url("postgresql+asyncpg://u@h/d") == "postgresql+asyncpg://u@h/d"


REBUILD_MATCHES = '''
import sqlalchemy as sa
from alembic import op

revision = "9999"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", recreate="always") as batch_op:
        batch_op.add_column(sa.Column("note", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches", recreate="always") as batch_op:
        batch_op.drop_column("note")
'''


async def test_a_batch_rebuild_of_a_parent_table_keeps_the_child_rows(tmp_path: Path) -> None:
    # SQLite rebuilds the table (copy, drop, rename); with foreign keys on, the drop would cascade into match_seats.
    scripts = tmp_path / "migrations"
    shutil.copytree(Path(migrations.__file__).parent, scripts, ignore=shutil.ignore_patterns("__pycache__"))
    (scripts / "versions" / "9999_rebuild.py").write_text(REBUILD_MATCHES, encoding="utf-8")
    db = await Database.open(f"sqlite+aiosqlite:///{tmp_path / 'x.db'}")
    try:
        async with db.sessions() as s, s.begin():
            await record_match(s, record=match(1, [seat(1, 10), seat(None, 20)]))

        def upgrade(connection: Connection) -> None:
            config = alembic_config()
            config.set_main_option("script_location", str(scripts))
            config.attributes["connection"] = connection
            command.upgrade(config, "heads")

        async with db.engine.connect() as connection:
            await connection.run_sync(upgrade)
        async with db.engine.connect() as connection:
            assert (await connection.exec_driver_sql("SELECT count(*) FROM match_seats")).scalar_one() == 2
            assert (await connection.exec_driver_sql("PRAGMA foreign_keys")).scalar_one() == 1
            assert "note" in {c["name"] for c in await connection.run_sync(
                lambda sync: inspect(sync).get_columns("matches"))}
    finally:
        await db.close()


async def test_a_downgrade_before_other_games_takes_their_matches_whole(tmp_path: Path) -> None:
    """0007's downgrade deletes the matches of other games than Dreamcats; on SQLite, which migrates with foreign keys
    off, their seats, rounds and scores go with them explicitly (nothing cascades), so no orphan row is left."""
    from dataclasses import replace

    url = f"sqlite+aiosqlite:///{tmp_path / 'down.db'}"
    db = await Database.open(url)
    async with db.sessions() as session, session.begin():
        await record_match(session, record=match(5, [seat(1, 10, name="Ana"), seat(2, 20, name="Bo")]))
        await record_match(session, record=replace(match(5, [seat(1, 3, name="Ana"), seat(2, 1, name="Bo")]),
                                                   game="catduel"))

    def down(connection: Connection) -> list[int]:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "0006")
        return [connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
                for table in ("matches", "match_seats", "rounds", "round_scores")]

    try:
        async with db.engine.connect() as connection:
            assert await connection.run_sync(down) == [1, 2, 1, 2]  # the Dreamcats match, whole
    finally:
        await db.close()
