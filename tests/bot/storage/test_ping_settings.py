"""Turn-ping choices in storage: a person's choice overrides the server's default; migration 0002 on a real file."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import Connection, inspect

from bot.storage import (
    Database,
    ServerSettingsRecord,
    get_server_settings,
    get_turn_pings_choice,
    save_server_settings,
    save_turn_pings_choice,
    wants_turn_pings,
)
from bot.storage.database import alembic_config, create_engine, current_revision, head_revision


async def _wants(db: Database, guild_id: int, user_id: int) -> bool:
    return await db.read(lambda s: wants_turn_pings(s, guild_id=guild_id, user_id=user_id))


async def test_a_persons_choice_overrides_the_servers_default_in_that_server_only(db: Database) -> None:
    assert await _wants(db, 1, 7) is True  # nothing stored: pings are on
    await db.write(lambda s: save_server_settings(s, guild_id=1, settings=ServerSettingsRecord(turn_pings=False)))
    assert await _wants(db, 1, 7) is False
    await db.write(lambda s: save_turn_pings_choice(s, guild_id=1, user_id=7, choice=True))
    assert await _wants(db, 1, 7) is True and await _wants(db, 1, 8) is False
    await db.write(lambda s: save_turn_pings_choice(s, guild_id=2, user_id=7, choice=False))
    assert await _wants(db, 2, 7) is False and await _wants(db, 2, 8) is True  # another server, its own choice
    await db.write(lambda s: save_turn_pings_choice(s, guild_id=1, user_id=7, choice=False))  # changed again
    assert await db.read(lambda s: get_turn_pings_choice(s, guild_id=1, user_id=7)) is False
    await db.write(lambda s: save_turn_pings_choice(s, guild_id=1, user_id=7, choice=None))  # back to the server's
    assert await db.read(lambda s: get_turn_pings_choice(s, guild_id=1, user_id=7)) is None
    assert await _wants(db, 1, 7) is False


def _migrate(connection: Connection, revision: str, *, down: bool = False) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


async def test_0002_upgrades_a_sqlite_file_with_settings_and_downgrades_again(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_migrate, "0001")
        async with engine.begin() as connection:  # a server that saved its settings before turn pings existed
            await connection.exec_driver_sql(
                "INSERT INTO server_settings (guild_id, point_limit, penalty, turn_timer, memory_aid, reveal_time, "
                "table_locale, updated_at) VALUES (5, 150, 15, 60, 1, NULL, 'pl', '2026-11-01 10:00:00')")
        assert await current_revision(engine) == "0001"
    finally:
        await engine.dispose()
    db = await Database.open(url)  # what the bot does at start-up
    try:
        assert await current_revision(db.engine) == head_revision()
        async with db.sessions() as s:
            assert await get_server_settings(s, guild_id=5) == ServerSettingsRecord(
                point_limit=150, penalty=15, turn_timer=60, memory_aid=True, reveal_time=None, table_locale="pl",
                turn_pings=True)
        await db.write(lambda s: save_turn_pings_choice(s, guild_id=5, user_id=7, choice=False))
        assert await _wants(db, 5, 7) is False
        async with db.engine.connect() as connection:
            await connection.run_sync(_migrate, "0001", down=True)
        async with db.engine.connect() as connection:
            names = await connection.run_sync(lambda sync: inspect(sync).get_table_names())
            columns = await connection.run_sync(lambda sync: inspect(sync).get_columns("server_settings"))
            kept = (await connection.exec_driver_sql("SELECT point_limit FROM server_settings")).scalar_one()
        assert "person_settings" not in names and "turn_pings" not in {c["name"] for c in columns} and kept == 150
    finally:
        await db.close()
