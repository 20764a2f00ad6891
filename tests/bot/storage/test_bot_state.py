"""Values kept by key: stored, replaced and removed, through a session or as Core statements on a connection."""

from __future__ import annotations

from bot.storage import Database, delete_bot_state_row, get_bot_state, save_bot_state, save_bot_state_row


async def _value(db: Database, key: str) -> str | None:
    return await db.read(lambda session: get_bot_state(session, key=key))


async def test_a_core_save_stores_then_replaces_the_value(db: Database) -> None:
    await db.write_core(lambda connection: save_bot_state_row(connection, key="reveal:1", value="first"))
    assert await _value(db, "reveal:1") == "first"
    await db.write_core(lambda connection: save_bot_state_row(connection, key="reveal:1", value="second"))
    assert await _value(db, "reveal:1") == "second"


async def test_a_core_save_replaces_what_a_session_stored(db: Database) -> None:
    await db.write(lambda session: save_bot_state(session, key="story:g:1", value="old"))
    await db.write_core(lambda connection: save_bot_state_row(connection, key="story:g:1", value="new"))
    assert await _value(db, "story:g:1") == "new"


async def test_a_core_delete_removes_only_its_key_and_a_missing_key_is_no_error(db: Database) -> None:
    for key in ("reveal:1", "reveal:2"):
        await db.write_core(lambda connection, key=key: save_bot_state_row(connection, key=key, value=key))
    await db.write_core(lambda connection: delete_bot_state_row(connection, key="reveal:1"))
    await db.write_core(lambda connection: delete_bot_state_row(connection, key="reveal:404"))
    assert await _value(db, "reveal:1") is None
    assert await _value(db, "reveal:2") == "reveal:2"
