"""A server's default game (issue 13): stored in server_settings.default_game, added by migration 0008 on a
database with the 0007 schema, on a real database of each backend."""

from __future__ import annotations

from alembic import command
from sqlalchemy import Connection, inspect, text

from bot.storage import Database, ServerSettingsRecord, get_server_settings, save_server_settings
from bot.storage.database import alembic_config, create_engine, current_revision, head_revision


def _migrate(connection: Connection, revision: str, *, down: bool = False) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


def _columns(connection: Connection) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns("server_settings")}


async def test_the_default_game_round_trips(db: Database) -> None:
    chosen = ServerSettingsRecord(point_limit=150, default_game="dream21")
    async with db.sessions() as s, s.begin():
        await save_server_settings(s, guild_id=1, settings=chosen)
        await save_server_settings(s, guild_id=2, settings=ServerSettingsRecord())
    assert await db.read(lambda s: get_server_settings(s, guild_id=1)) == chosen
    assert (await db.read(lambda s: get_server_settings(s, guild_id=2))).default_game == "dreamcats"
    assert (await db.read(lambda s: get_server_settings(s, guild_id=3))).default_game == "dreamcats"  # no row


async def test_0008_gives_every_server_of_the_0007_schema_dreamcats_and_downgrades_again(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_migrate, "0007")
        async with engine.begin() as connection:  # a server that changed its settings before there was a choice
            assert "default_game" not in await connection.run_sync(_columns)
            await connection.execute(text(
                "INSERT INTO server_settings (guild_id, point_limit, penalty, turn_timer, memory_aid, reveal_time, "
                "table_locale, turn_pings, game_threads, updated_at) "
                "VALUES (1, 200, 15, 60, true, NULL, 'pl', false, true, CURRENT_TIMESTAMP)"))
    finally:
        await engine.dispose()
    db = await Database.open(database_url)  # what the bot does at start-up: up to head
    try:
        assert await current_revision(db.engine) == head_revision()
        stored = await db.read(lambda s: get_server_settings(s, guild_id=1))
        assert stored == ServerSettingsRecord(point_limit=200, penalty=15, turn_timer=60, memory_aid=True,
                                              reveal_time=None, table_locale="pl", turn_pings=False,
                                              game_threads=True, default_game="dreamcats")
        async with db.sessions() as s, s.begin():
            await save_server_settings(s, guild_id=1, settings=ServerSettingsRecord(default_game="dream21"))
        async with db.engine.begin() as connection:  # back to 0007: the column goes, the other settings stay
            await connection.run_sync(_migrate, "0007", down=True)
            assert "default_game" not in await connection.run_sync(_columns)
            row = (await connection.execute(text("SELECT guild_id, point_limit FROM server_settings"))).all()
            assert [tuple(r) for r in row] == [(1, 100)]
            await connection.run_sync(_migrate, "0008")
            default = (await connection.execute(text("SELECT default_game FROM server_settings"))).scalar_one()
            assert default == "dreamcats"
    finally:
        await db.close()
