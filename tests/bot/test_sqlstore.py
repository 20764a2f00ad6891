"""The service's store on a real SQLite file: versions, conflicts, finishing, broken rows."""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service import ConflictError, GameService, ManualClock, Person, Table
from bot.sqlstore import SqlGameStore
from bot.storage import Database, leaderboard
from bot.storage.models import LiveGame
from game.dreamcats import MatchSettings
from tests.bot.fakes import RecordingNotifier
from tests.bot.storage.conftest import match, seat
from tests.bot.test_service import _people_play

ANA, BO = Person(1, "Ana"), Person(2, "Bo")


async def ana_s_lobby(tmp_path: Path) -> tuple[Database, SqlGameStore, GameService, Table]:
    """A SQLite file, the store and service on it, and Ana's lobby (30 points) in channel 6 of server 5."""
    db = await Database.open(f"sqlite+aiosqlite:///{tmp_path / 'store.db'}")
    store = SqlGameStore(db)
    service = GameService(store, RecordingNotifier(), clock=ManualClock(), computer_pause=0, rng=random.Random(2))
    table = await service.open_lobby(guild_id=5, channel_id=6, host=ANA, settings=MatchSettings(point_limit=30),
                                     locale="en")
    return db, store, service, table


async def test_a_match_through_the_sql_store(tmp_path: Path) -> None:
    db, store, service, table = await ana_s_lobby(tmp_path)
    ana, bo = ANA, BO
    assert (await store.in_channel(6)) is not None and table.version == 1
    await service.join(table.game_id, bo)
    stale = service.get(table.game_id)
    with pytest.raises(ConflictError):
        await store.save(replace(stale, version=stale.version - 1))
    await service.add_computer(table.game_id, ana.user_id, "easy")
    await service.start(table.game_id, ana.user_id)
    await service.settled(table.game_id)
    [stored] = await store.load()
    assert stored.payload == service.get(table.game_id).to_payload() and stored.deadline is not None
    await _people_play(service, table.game_id, [ana, bo], random.Random(3))
    assert await store.load() == [] and await store.in_channel(6) is None
    async with db.sessions() as session, session.begin():
        page = await leaderboard(session, guild_id=5)
    assert {row.user_id for row in page.rows} == {1, 2}
    await service.shutdown()
    await db.close()


async def test_a_broken_row_is_kept_but_not_loaded(tmp_path: Path) -> None:
    db = await Database.open(f"sqlite+aiosqlite:///{tmp_path / 'broken.db'}")
    store = SqlGameStore(db)
    service = GameService(store, RecordingNotifier(), clock=ManualClock(), computer_pause=0)
    table = await service.open_lobby(guild_id=5, channel_id=6, host=Person(1, "Ana"), settings=MatchSettings(),
                                     locale="pl")
    await store.mark_broken(table.game_id, "test")
    assert await store.load() == [] and await store.in_channel(6) is None
    async with db.sessions() as session:  # kept for the operator to look at, with the reason
        row = await session.scalar(select(LiveGame).where(LiveGame.game_id == table.game_id))
    assert row is not None and row.broken and row.broken_reason == "test"
    await db.close()


async def test_a_match_the_standings_refuse_still_ends(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # A record the standings refuse is the bot's bug: the match still ends rather than stay at its last move for good,
    # and the operator gets the whole record in one ERROR line.
    db, store, service, table = await ana_s_lobby(tmp_path)
    await service.join(table.game_id, BO)
    await service.start(table.game_id, ANA.user_id)
    impossible = replace(match(5, [seat(1, 30, name="Ana"), seat(2, 40, name="Bo")]), game="chess")
    await store.finish(service.get(table.game_id), impossible)
    assert await store.in_channel(6) is None
    async with db.sessions() as session, session.begin():
        assert (await leaderboard(session, guild_id=5)).total == 0
    [line] = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert table.game_id in line.getMessage() and "chess" in line.getMessage()
    await service.shutdown()
    await db.close()


async def test_a_finished_match_is_recorded_once_when_its_write_runs_again(tmp_path: Path) -> None:
    # A connection lost during COMMIT leaves the writer not knowing whether it went through, so it runs the whole
    # transaction again: the second run finds the live game gone and records nothing.
    db, store, service, table = await ana_s_lobby(tmp_path)
    await service.join(table.game_id, BO)
    await service.start(table.game_id, ANA.user_id)
    record = match(5, [seat(1, 30, name="Ana"), seat(2, 40, name="Bo")])
    live = service.get(table.game_id)
    await store.finish(live, record)
    await store.finish(live, record)
    async with db.sessions() as session, session.begin():
        page = await leaderboard(session, guild_id=5)
    assert [(row.user_id, row.matches) for row in page.rows] == [(1, 1), (2, 1)]
    await service.shutdown()
    await db.close()
