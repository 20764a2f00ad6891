"""Server settings and live games against a real database (SQLite file and PostgreSQL)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError, StatementError

from bot.storage import (
    Database,
    LiveGameNotFoundError,
    ServerSettingsRecord,
    VersionConflictError,
    create_live_game,
    delete_live_game,
    get_server_settings,
    insert_live_row,
    live_game_for_channel,
    load_live_games,
    mark_live_game_broken,
    save_live_game,
    save_server_settings,
)
from bot.storage.models import LiveGame

DEADLINE = datetime(2026, 3, 1, 10, 30, tzinfo=UTC)


async def test_settings_default_until_saved_then_replaced(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        assert await get_server_settings(s, guild_id=1) == ServerSettingsRecord()
        await save_server_settings(s, guild_id=1, settings=ServerSettingsRecord(point_limit=150, reveal_time=None))
    async with db.sessions() as s, s.begin():
        await save_server_settings(s, guild_id=1, settings=ServerSettingsRecord(penalty=15, table_locale="pl"))
    async with db.sessions() as s:
        assert await get_server_settings(s, guild_id=1) == ServerSettingsRecord(penalty=15, table_locale="pl")
        assert await get_server_settings(s, guild_id=2) == ServerSettingsRecord()


async def test_create_then_load_and_find_by_channel(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        made = await create_live_game(s, game_id="g1", guild_id=2**62, channel_id=2**61, payload={"a": [1, 2]},
                                      deadline=DEADLINE)
    assert (made.version, made.table_message_id, made.payload) == (1, None, {"a": [1, 2]})
    async with db.sessions() as s:
        [loaded] = await load_live_games(s)
        assert loaded == made
        assert loaded.guild_id == 2**62 and loaded.deadline == DEADLINE
        assert loaded.updated_at.tzinfo is not None
        assert await live_game_for_channel(s, channel_id=2**61) == made
        assert await live_game_for_channel(s, channel_id=5) is None


async def test_a_core_insert_on_the_writers_connection_loads_back_as_it_was_made(db: Database) -> None:
    made = await db.write_core(lambda connection: insert_live_row(
        connection, game_id="g1", guild_id=3, channel_id=30, payload={"seats": [{"n": 1}]}, deadline=DEADLINE,
        game="dream21"))
    assert (made.version, made.payload, made.deadline) == (1, {"seats": [{"n": 1}]}, DEADLINE)
    assert await db.read(load_live_games) == [made]
    with pytest.raises(IntegrityError):  # one row per game id
        await db.write_core(lambda connection: insert_live_row(
            connection, game_id="g1", guild_id=3, channel_id=31, payload={}))
    assert await db.read(load_live_games) == [made]


async def test_save_bumps_the_version_and_stores_everything(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await create_live_game(s, game_id="g1", guild_id=1, channel_id=10, payload={"turn": 0})
    later = datetime(2026, 3, 1, 12, 0, tzinfo=timezone(timedelta(hours=2)))
    async with db.sessions() as s, s.begin():
        version = await save_live_game(s, game_id="g1", payload={"turn": 1}, expected_version=1,
                                       table_message_id=2**60, deadline=later)
    assert version == 2
    async with db.sessions() as s:
        game = await live_game_for_channel(s, channel_id=10)
    assert game is not None
    assert (game.version, game.payload, game.table_message_id) == (2, {"turn": 1}, 2**60)
    assert game.deadline == later and game.deadline.utcoffset() == timedelta(0)


async def test_a_stale_version_is_refused_and_nothing_is_merged(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await create_live_game(s, game_id="g1", guild_id=1, channel_id=10, payload={"by": "nobody"})
    async with db.sessions() as s, s.begin():
        await save_live_game(s, game_id="g1", payload={"by": "first"}, expected_version=1, table_message_id=None,
                             deadline=None)
    with pytest.raises(VersionConflictError, match="version 2, not 1"):
        async with db.sessions() as s, s.begin():
            await save_live_game(s, game_id="g1", payload={"by": "second", "extra": 1}, expected_version=1,
                                 table_message_id=99, deadline=DEADLINE)
    async with db.sessions() as s:
        [game] = await load_live_games(s)
    assert (game.version, game.payload, game.table_message_id, game.deadline) == (2, {"by": "first"}, None, None)


async def test_saving_a_missing_game_says_so(db: Database) -> None:
    with pytest.raises(LiveGameNotFoundError):
        async with db.sessions() as s, s.begin():
            await save_live_game(s, game_id="nope", payload={}, expected_version=1, table_message_id=None,
                                 deadline=None)


async def test_a_broken_game_is_kept_but_no_longer_loaded_or_saved(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await create_live_game(s, game_id="bad", guild_id=1, channel_id=10, payload={})
        await create_live_game(s, game_id="good", guild_id=1, channel_id=11, payload={"ok": True})
    async with db.sessions() as s, s.begin():
        await mark_live_game_broken(s, game_id="bad", reason="CorruptStateError: no deck")
        await mark_live_game_broken(s, game_id="missing", reason="ignored")
    async with db.sessions() as s:
        assert [game.game_id for game in await load_live_games(s)] == ["good"]
        assert await live_game_for_channel(s, channel_id=10) is None
        row = await s.scalar(select(LiveGame).where(LiveGame.game_id == "bad"))
        assert row is not None and row.broken and row.broken_reason == "CorruptStateError: no deck"
    with pytest.raises(VersionConflictError, match="broken"):
        async with db.sessions() as s, s.begin():
            await save_live_game(s, game_id="bad", payload={}, expected_version=row.version, table_message_id=None,
                                 deadline=None)


async def test_a_new_game_can_start_in_the_channel_of_a_broken_one(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await create_live_game(s, game_id="old", guild_id=1, channel_id=10, payload={})
        await mark_live_game_broken(s, game_id="old", reason="unreadable")
        await create_live_game(s, game_id="new", guild_id=1, channel_id=10, payload={})
    async with db.sessions() as s:
        game = await live_game_for_channel(s, channel_id=10)
    assert game is not None and game.game_id == "new"


async def test_delete_removes_the_row_and_ignores_a_missing_one(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await create_live_game(s, game_id="g1", guild_id=1, channel_id=10, payload={})
    async with db.sessions() as s, s.begin():
        await delete_live_game(s, game_id="g1")
        await delete_live_game(s, game_id="g1")
    async with db.sessions() as s:
        assert await load_live_games(s) == []


async def test_an_unreadable_payload_loads_as_an_empty_dict_and_the_others_are_unaffected(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await create_live_game(s, game_id="bad", guild_id=1, channel_id=10, payload={"x": 1})
        await create_live_game(s, game_id="good", guild_id=1, channel_id=11, payload={"y": 2})
        await s.execute(text("UPDATE live_games SET payload = '{not json' WHERE game_id = 'bad'"))
    async with db.sessions() as s:
        games = {game.game_id: game.payload for game in await load_live_games(s)}
    assert games == {"bad": {}, "good": {"y": 2}}


async def test_naive_datetimes_are_refused(db: Database) -> None:
    with pytest.raises(StatementError, match="timezone-aware"):
        async with db.sessions() as s, s.begin():
            await create_live_game(s, game_id="g1", guild_id=1, channel_id=10, payload={},
                                   deadline=datetime(2026, 1, 1, 12, 0))
    async with db.sessions() as s:
        assert await load_live_games(s) == []


async def test_two_saves_racing_from_the_same_version_one_wins_one_is_refused(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await create_live_game(s, game_id="g1", guild_id=1, channel_id=10, payload={"by": "nobody"})

    async def save(who: str) -> int | str:
        try:
            async with db.sessions() as s, s.begin():
                return await save_live_game(s, game_id="g1", payload={"by": who}, expected_version=1,
                                            table_message_id=None, deadline=None)
        except VersionConflictError:
            return "refused"

    results = await asyncio.gather(save("first"), save("second"))
    assert sorted(map(str, results)) == ["2", "refused"]
    async with db.sessions() as s:
        [game] = await load_live_games(s)
    assert game.version == 2 and game.payload["by"] in {"first", "second"}
