"""The leaderboard and a player's stats, read back from a real database."""

from __future__ import annotations

import pytest

from bot.storage import Database, RoundRecord, leaderboard, player_stats, record_match
from tests.bot.storage.conftest import match, seat

GUILD = 77


async def _record(db: Database, *records: object) -> None:
    async with db.sessions() as s, s.begin():
        for record in records:
            await record_match(s, record=record)  # type: ignore[arg-type]


async def test_an_empty_server_has_an_empty_leaderboard(db: Database) -> None:
    async with db.sessions() as s:
        page = await leaderboard(s, guild_id=GUILD)
    assert (page.rows, page.total) == ([], 0)


async def test_people_are_ranked_by_rating_and_computers_are_never_listed(db: Database) -> None:
    await _record(
        db,
        match(GUILD, [seat(1, 10), seat(2, 20), seat(3, 30), seat(None, 40, strength="hard")]),
        match(GUILD, [seat(1, 15), seat(2, 25), seat(3, 35), seat(None, 5, strength="easy")], minutes=1),
    )
    async with db.sessions() as s:
        page = await leaderboard(s, guild_id=GUILD)
    assert [row.user_id for row in page.rows] == [1, 2, 3]
    assert [row.rank for row in page.rows] == [1, 2, 3]
    assert page.total == 3
    assert page.rows[0].rating > page.rows[1].rating > page.rows[2].rating
    first = page.rows[0]
    assert (first.display_name, first.matches, first.wins, first.win_rate, first.avg_round_score) == (
        "player1", 2, 1, 0.5, 12.5)
    assert page.rows[2].wins == 0 and page.rows[2].win_rate == 0.0


async def test_equal_ratings_share_a_rank(db: Database) -> None:
    # Two newcomers who each beat the same computer once have exactly the same rating.
    await _record(
        db,
        match(GUILD, [seat(1, 40), seat(2, 50)]),
        match(GUILD, [seat(3, 10), seat(None, 20)], minutes=1),
        match(GUILD, [seat(4, 10), seat(None, 20)], minutes=2),
    )
    async with db.sessions() as s:
        page = await leaderboard(s, guild_id=GUILD)
    ranks = {row.user_id: row.rank for row in page.rows}
    assert ranks[3] == ranks[4]
    assert sorted(ranks.values()) == [ranks[3], ranks[3], 3, 4]


async def test_pages_continue_the_ranking(db: Database) -> None:
    people = list(range(1, 6))  # 1 beats everybody, 5 loses to everybody
    await _record(db, *[match(GUILD, [seat(a, 10 * a), seat(b, 10 * b)], minutes=a * 10 + b)
                        for a in people for b in people if a < b])
    async with db.sessions() as s:
        pages = [await leaderboard(s, guild_id=GUILD, offset=offset, limit=2) for offset in (0, 2, 4, 6)]
    assert [[row.user_id for row in page.rows] for page in pages] == [[1, 2], [3, 4], [5], []]
    assert [[row.rank for row in page.rows] for page in pages] == [[1, 2], [3, 4], [5], []]
    assert {page.total for page in pages} == {5}


async def test_a_tie_across_a_page_boundary_keeps_its_rank(db: Database) -> None:
    await _record(
        db,
        match(GUILD, [seat(1, 10), seat(None, 20, strength="hard")]),
        match(GUILD, [seat(2, 10), seat(None, 20)], minutes=1),
        match(GUILD, [seat(3, 10), seat(None, 20)], minutes=2),
    )
    async with db.sessions() as s:
        second_page = await leaderboard(s, guild_id=GUILD, offset=2, limit=2)
    assert [row.rank for row in second_page.rows] == [2]


async def test_wake_up_success_rate(db: Database) -> None:
    rounds = [RoundRecord(1, 0, True, (1, 9), (1, 9)), RoundRecord(2, 0, False, (9, 1), (14, 1)),
              RoundRecord(3, 0, True, (2, 3), (2, 3)), RoundRecord(4, 1, True, (5, 2), (5, 2))]
    await _record(db, match(GUILD, [seat(1, 22), seat(2, 15)], rounds))
    async with db.sessions() as s:
        rows = {row.user_id: row for row in (await leaderboard(s, guild_id=GUILD)).rows}
    assert rows[1].wakeup_success_rate == pytest.approx(2 / 3)
    assert rows[2].wakeup_success_rate == 1.0
    await _record(db, match(GUILD, [seat(3, 22), seat(None, 15)]))
    async with db.sessions() as s:
        stats = await player_stats(s, guild_id=GUILD, user_id=3)
    assert stats is not None and stats.wakeup_success_rate is None and stats.wakeup_calls == 0


async def test_stats_show_the_record_best_round_and_recent_matches_newest_first(db: Database) -> None:
    await _record(*[db], *[
        match(GUILD, [seat(1, 10 + n), seat(2, 20), seat(None, 30)],
              [RoundRecord(1, None, None, (10 + n, 20, 30), (10 + n, 20, 30))], minutes=n)
        for n in range(7)
    ], match(GUILD, [seat(1, 25), seat(2, 20)], minutes=8))
    async with db.sessions() as s:
        stats = await player_stats(s, guild_id=GUILD, user_id=1)
        assert await player_stats(s, guild_id=GUILD, user_id=999) is None
        assert await player_stats(s, guild_id=GUILD + 1, user_id=1) is None
    assert stats is not None
    assert (stats.rank, stats.matches, stats.wins, stats.best_round) == (1, 8, 7, 10)
    assert [(m.total, m.place, m.seats, m.won) for m in stats.recent] == [
        (25, 2, 2, False), (16, 1, 3, True), (15, 1, 3, True), (14, 1, 3, True), (13, 1, 3, True)]
    assert [m.finished_at for m in stats.recent] == sorted((m.finished_at for m in stats.recent), reverse=True)
    assert all(m.finished_at.tzinfo is not None for m in stats.recent)


async def test_a_nickname_from_one_server_never_shows_on_anothers_leaderboard(db: Database) -> None:
    """Discord names are per server (nicknames): a person's name in a server's standings is the one they last played
    under there, whatever they are called elsewhere since."""
    await _record(db, match(10, [seat(1, 10, name="Alice"), seat(2, 20, name="Bo")]))
    await _record(db, match(20, [seat(1, 10, name="SecretNick"), seat(3, 20, name="Cy")]))
    async with db.sessions() as session:
        here = await leaderboard(session, guild_id=10)
        there = await leaderboard(session, guild_id=20)
        stats = await player_stats(session, guild_id=10, user_id=1)
    assert [(row.user_id, row.display_name) for row in here.rows] == [(1, "Alice"), (2, "Bo")]
    assert [(row.user_id, row.display_name) for row in there.rows] == [(1, "SecretNick"), (3, "Cy")]
    assert stats is not None and stats.display_name == "Alice"
