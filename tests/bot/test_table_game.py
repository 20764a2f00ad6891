"""A live table names its game (issue 13): in its payload, its live-game row and the record of its match."""

from __future__ import annotations

import random
from pathlib import Path

from sqlalchemy import text

from bot.service import GameService, ManualClock, Person, Seat, Table, table_from_payload
from bot.service.store import abandoned_match
from bot.sqlstore import SqlGameStore
from bot.storage import Database
from game.dreamcats import MatchSettings
from tests.bot.fakes import RecordingNotifier


async def test_a_table_its_row_and_its_match_are_dreamcats(tmp_path: Path) -> None:
    db = await Database.open(f"sqlite+aiosqlite:///{tmp_path / 'games.db'}")
    try:
        service = GameService(SqlGameStore(db), RecordingNotifier(), clock=ManualClock(), computer_pause=0,
                              rng=random.Random(1))
        table = await service.open_lobby(guild_id=1, channel_id=100, host=Person(1, "Ana"),
                                         settings=MatchSettings(), locale="en")
        await service.add_computer(table.game_id, 1, "normal")
        table = await service.start(table.game_id, 1)
        async with db.engine.connect() as connection:
            stored = (await connection.execute(text("SELECT game FROM live_games"))).scalar_one()
        assert (table.game, table.to_payload()["game"], stored) == ("dreamcats", "dreamcats", "dreamcats")
        assert abandoned_match(table, ManualClock().now()).game == "dreamcats"
        await service.shutdown()
    finally:
        await db.close()


def test_a_payload_saved_before_games_had_names_reads_as_dreamcats() -> None:
    table = Table("a1b2c3d4e5", 1, 100, 7, MatchSettings(), "en", [Seat(7, "Ana")], ManualClock().now())
    old = {key: value for key, value in table.to_payload().items() if key != "game"}
    again = table_from_payload(old, version=3, message_id=None, deadline=None)
    assert again.game == "dreamcats" and again.to_payload() == table.to_payload()
