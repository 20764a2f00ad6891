"""Standings per game (issue 13): each game its own ratings, totals and recent matches; migration 0007 names every
row stored before it Dreamcats, on a real database of each backend."""

from __future__ import annotations

from dataclasses import replace

from alembic import command
from sqlalchemy import Connection, text

from bot.storage import Database, leaderboard, player_stats, record_match
from bot.storage.database import alembic_config, create_engine, current_revision, head_revision
from tests.bot.storage.conftest import match, seat


async def test_each_game_keeps_its_own_standings(db: Database) -> None:
    cats = match(1, [seat(7, 10, name="Ana"), seat(8, 30, name="Bo")])
    twenty_one = replace(match(1, [seat(7, 9, name="Ana"), seat(8, 2, name="Bo")], minutes=5), game="dream21")
    async with db.sessions() as session, session.begin():
        await record_match(session, record=cats)
        await record_match(session, record=twenty_one)

    board_cats = await db.read(lambda s: leaderboard(s, guild_id=1))
    board_21 = await db.read(lambda s: leaderboard(s, guild_id=1, game="dream21"))
    assert [(r.display_name, r.matches, r.wins) for r in board_cats.rows] == [("Ana", 1, 1), ("Bo", 1, 0)]
    assert [(r.display_name, r.matches, r.wins) for r in board_21.rows] == [("Bo", 1, 1), ("Ana", 1, 0)]
    assert await db.read(lambda s: leaderboard(s, guild_id=1, game="catduel")) == replace(board_21, rows=[], total=0)

    ana_cats = await db.read(lambda s: player_stats(s, guild_id=1, user_id=7))
    ana_21 = await db.read(lambda s: player_stats(s, guild_id=1, user_id=7, game="dream21"))
    assert ana_cats is not None and ana_21 is not None
    assert (ana_cats.rank, ana_cats.wins, [m.total for m in ana_cats.recent]) == (1, 1, [10])
    assert (ana_21.rank, ana_21.wins, [m.total for m in ana_21.recent]) == (2, 0, [9])
    assert await db.read(lambda s: player_stats(s, guild_id=1, user_id=7, game="catduel")) is None


def _migrate(connection: Connection, revision: str, *, down: bool = False) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


OLD_ROWS = (
    "INSERT INTO players (user_id, display_name, updated_at) VALUES (7, 'Ana', CURRENT_TIMESTAMP)",
    "INSERT INTO player_ratings (guild_id, user_id, mu, sigma, ordinal, matches, wins, rounds, round_score_sum, "
    "wakeup_calls, wakeup_successes, best_round, updated_at) "
    "VALUES (1, 7, 27.0, 7.0, 6.0, 3, 2, 12, 60, 4, 3, 0, CURRENT_TIMESTAMP)",
    "INSERT INTO matches (id, guild_id, channel_id, started_at, finished_at, settings, seat_count, round_count, "
    "abandoned) VALUES (1, 1, 500, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, '{}', 2, 0, false)",
    "INSERT INTO live_games (game_id, guild_id, channel_id, payload, version, broken, created_at, updated_at) "
    "VALUES ('g1', 1, 501, '{}', 3, false, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
)


async def test_0007_names_every_stored_row_dreamcats_and_downgrades_again(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_migrate, "0006")
        async with engine.begin() as connection:  # a bot that played before there were other games
            for statement in OLD_ROWS:
                await connection.execute(text(statement))
    finally:
        await engine.dispose()
    db = await Database.open(database_url)  # what the bot does at start-up: up to head
    try:
        assert await current_revision(db.engine) == head_revision()
        async with db.engine.connect() as connection:
            for table in ("matches", "live_games", "player_ratings"):
                games = (await connection.execute(text(f"SELECT DISTINCT game FROM {table}"))).scalars().all()
                assert games == ["dreamcats"], table
        board = await db.read(lambda s: leaderboard(s, guild_id=1))
        assert [(r.display_name, r.matches, r.wins) for r in board.rows] == [("Ana", 3, 2)]
        async with db.engine.begin() as connection:  # another game's standing, then back to 0006
            await connection.execute(text(
                "INSERT INTO player_ratings (guild_id, game, user_id, mu, sigma, ordinal, matches, wins, rounds, "
                "round_score_sum, wakeup_calls, wakeup_successes, best_round, updated_at) "
                "VALUES (1, 'dream21', 7, 25.0, 8.0, 1.0, 1, 0, 2, 3, 0, 0, 1, CURRENT_TIMESTAMP)"))
            await connection.run_sync(_migrate, "0006", down=True)
            ratings = (await connection.execute(text("SELECT user_id, matches FROM player_ratings"))).all()
            assert [tuple(row) for row in ratings] == [(7, 3)]  # Dreamcats' kept, the other game's gone
    finally:
        await db.close()
