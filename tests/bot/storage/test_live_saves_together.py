"""A group's live-game saves as one statement on PostgreSQL (LiveSave.together), each row still version-guarded;
one by one elsewhere. Real databases: a SQLite file and PostgreSQL (skipped with a reason when absent)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Connection, event, select

from bot.storage import Database, LiveSave, VersionConflictError, insert_live_row
from bot.storage.models import LiveGame

DEADLINE = datetime(2026, 3, 1, 10, 30, tzinfo=UTC)


async def _create(db: Database, count: int) -> list[str]:
    ids = [f"g{n}" for n in range(count)]
    for n, game_id in enumerate(ids):
        await db.write_core(lambda connection, game_id=game_id, n=n: insert_live_row(
            connection, game_id=game_id, guild_id=1, channel_id=100 + n, payload={"made": n}))
    return ids


def _saves(ids: list[str], versions: list[int]) -> list[LiveSave]:
    return [LiveSave(game_id, lambda n=n: {"saved": n}, version, 500 + n, DEADLINE if n % 2 else None)
            for n, (game_id, version) in enumerate(zip(ids, versions, strict=True))]


def _updates_counted(connection: Connection) -> list[str]:
    """The UPDATE statements run on this connection from now on."""
    updates: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE"):
            updates.append(statement)

    event.listen(connection, "before_cursor_execute", seen)
    return updates


async def _rows(db: Database) -> dict[str, tuple[int, Any, int | None, datetime | None]]:
    async def read(session: Any) -> dict[str, tuple[int, Any, int | None, datetime | None]]:
        rows = await session.execute(select(LiveGame))
        return {g.game_id: (g.version, g.payload, g.table_message_id, g.deadline) for g in rows.scalars()}

    return await db.read(read)


async def test_saves_together_are_one_statement_on_postgresql_and_each_is_made(db: Database) -> None:
    ids = await _create(db, 5)

    def save_together(connection: Connection) -> tuple[list[int], int]:
        updates = _updates_counted(connection)
        return LiveSave.together(connection, _saves(ids, [1] * 5)), len(updates)

    versions, updates = await db.write_core(save_together)
    assert versions == [2] * 5
    assert updates == (1 if db.engine.dialect.name == "postgresql" else 5)
    rows = await _rows(db)
    assert {game_id: row[0] for game_id, row in rows.items()} == dict.fromkeys(ids, 2)
    assert [rows[game_id][2] for game_id in ids] == [500, 501, 502, 503, 504]
    assert [rows[game_id][3] for game_id in ids] == [None, DEADLINE, None, DEADLINE, None]
    assert '"saved":3' in rows["g3"][1].replace(" ", "")


async def test_one_stale_save_refuses_the_statement_and_its_transaction_keeps_nothing(db: Database) -> None:
    ids = await _create(db, 4)
    versions = [1, 1, 7, 1]  # g2 was saved by someone else since: its guard must refuse it

    with pytest.raises(VersionConflictError):
        await db.write_core(lambda connection: LiveSave.together(connection, _saves(ids, versions)))
    assert {game_id: row[0] for game_id, row in (await _rows(db)).items()} == dict.fromkeys(ids, 1)


async def test_a_save_alone_is_the_versioned_row_update(db: Database) -> None:
    [game_id] = await _create(db, 1)
    [save] = _saves([game_id], [1])
    assert await db.write_core(save) == 2
    with pytest.raises(VersionConflictError, match="is at version 2, not 1"):
        await db.write_core(save)
