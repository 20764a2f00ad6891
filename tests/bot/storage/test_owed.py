"""Owed endings in the database (migration 0010): kept with the match's record, read back whole, forgotten once
shown; the migration adds the table to a 0009 database and takes it away again."""

from __future__ import annotations

from datetime import UTC, datetime

from alembic import command
from sqlalchemy import Connection, inspect

from bot.storage import Database, drop_owed_reveal, load_owed_endings, owe_ending, settle_ending
from bot.storage.database import alembic_config, create_engine, current_revision, head_revision
from game.written_log import JsonText

WHEN = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)


def _migrate(connection: Connection, revision: str, down: bool = False) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


async def test_an_owed_ending_is_kept_read_back_whole_and_settled(db: Database) -> None:
    payload = {"game_id": "g1", "state": {"log": JsonText('[{"kind": "draw"}]')}, "seats": [{"name": "Ana"}]}
    await db.write(lambda s: owe_ending(s, game_id="g1", guild_id=2 ** 62, channel_id=5, table_message_id=None,
                                        payload=payload, rounds=[7], owed_since=WHEN))
    await db.write(lambda s: owe_ending(s, game_id="g0", guild_id=1, channel_id=4, table_message_id=9,
                                        payload={"game_id": "g0"}, rounds=[], owed_since=WHEN.replace(hour=2)))
    owed = await db.read(load_owed_endings)
    assert [(o.game_id, o.guild_id, o.table_message_id, o.rounds, o.created_at) for o in owed] == [
        ("g0", 1, 9, (), WHEN.replace(hour=2)), ("g1", 2 ** 62, None, (7,), WHEN)]  # oldest first
    assert owed[1].payload == {"game_id": "g1", "state": {"log": [{"kind": "draw"}]}, "seats": [{"name": "Ana"}]}
    await db.write(lambda s: drop_owed_reveal(s, game_id="g1", number=6))  # not owed: nothing changes
    await db.write(lambda s: drop_owed_reveal(s, game_id="gone", number=7))
    assert [o.rounds for o in await db.read(load_owed_endings)] == [(), (7,)]
    await db.write(lambda s: drop_owed_reveal(s, game_id="g1", number=7))  # posted: only the standings are owed
    assert [o.rounds for o in await db.read(load_owed_endings)] == [(), ()]
    assert await db.write(lambda s: settle_ending(s, game_id="g1")) is True
    assert await db.write(lambda s: settle_ending(s, game_id="g1")) is False  # twice: nothing to forget
    assert [o.game_id for o in await db.read(load_owed_endings)] == ["g0"]


async def test_0010_adds_owed_endings_to_the_0009_schema_and_downgrades_again(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_migrate, "0009")
            assert "owed_endings" not in await connection.run_sync(_tables)
    finally:
        await engine.dispose()
    db = await Database.open(database_url)  # what the bot does at start-up: up to head
    try:
        assert await current_revision(db.engine) == head_revision()
        assert await db.read(load_owed_endings) == []
        async with db.engine.begin() as connection:
            await connection.run_sync(_migrate, "0009", down=True)
            assert "owed_endings" not in await connection.run_sync(_tables)
            await connection.run_sync(_migrate, "0010")
            assert "owed_endings" in await connection.run_sync(_tables)
    finally:
        await db.close()
