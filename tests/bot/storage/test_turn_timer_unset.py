"""A server's turn timer may be unset (migration 0011): every 120 stored before it meant "never chosen" and becomes
NULL; any other timer stays; downgrading stores 120 again. On a real database of each backend."""

from __future__ import annotations

from alembic import command
from sqlalchemy import Connection, text

from bot.storage import Database, ServerSettingsRecord, get_server_settings
from bot.storage.database import alembic_config, create_engine, current_revision, head_revision


def _migrate(connection: Connection, revision: str, *, down: bool = False) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


def _insert(guild_id: int, timer: int) -> str:
    return ("INSERT INTO server_settings (guild_id, point_limit, penalty, turn_timer, memory_aid, reveal_time, "
            "table_locale, turn_pings, game_threads, default_game, updated_at) "
            f"VALUES ({guild_id}, 100, 5, {timer}, false, 20, NULL, true, false, 'dreamcats', CURRENT_TIMESTAMP)")


async def test_0011_unsets_the_timers_that_read_as_unset_and_keeps_the_others(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_migrate, "0010")
        async with engine.begin() as connection:
            await connection.execute(text(_insert(1, 120)))
            await connection.execute(text(_insert(2, 90)))
    finally:
        await engine.dispose()
    db = await Database.open(database_url)  # what the bot does at start-up: up to head
    try:
        assert await current_revision(db.engine) == head_revision()
        assert await db.read(lambda s: get_server_settings(s, guild_id=1)) == ServerSettingsRecord(turn_timer=None)
        assert (await db.read(lambda s: get_server_settings(s, guild_id=2))).turn_timer == 90
        async with db.engine.begin() as connection:  # back to 0010: an unset timer is stored as 120 again
            await connection.run_sync(_migrate, "0010", down=True)
            rows = (await connection.execute(text("SELECT guild_id, turn_timer FROM server_settings "
                                                  "ORDER BY guild_id"))).all()
            assert [tuple(r) for r in rows] == [(1, 120), (2, 90)]
            await connection.run_sync(_migrate, "0011")
    finally:
        await db.close()
