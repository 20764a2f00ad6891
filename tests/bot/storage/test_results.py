"""record_match: everything stored in one transaction, ratings and running totals kept current."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from bot.storage import Database, InvalidMatchRecordError, RoundRecord, SeatRecord, player_stats, record_match
from bot.storage.models import Match, MatchSeat, Player, PlayerRating, Round, RoundScore
from game.games import GAMES
from tests.bot.storage.conftest import match, seat

GUILD = 1001


async def _count(db: Database, model: type) -> int:
    async with db.sessions() as s:
        return await s.scalar(select(func.count()).select_from(model)) or 0


async def test_everything_about_the_match_is_stored(db: Database) -> None:
    rounds = (
        RoundRecord(1, 0, True, (3, 10, 12), (3, 10, 12)),
        RoundRecord(2, 1, False, (9, 8, 4), (9, 13, 4)),
        RoundRecord(3, None, None, (20, 1, 30), (20, 1, 30)),
    )
    record = match(GUILD, [seat(1, 32, name="Ana"), seat(2, 24, name="Bo"), seat(None, 46, strength="hard")], rounds)
    async with db.sessions() as s, s.begin():
        match_id = await record_match(s, record=record)
    async with db.sessions() as s:
        stored = await s.get(Match, match_id)
        assert stored is not None
        assert (stored.guild_id, stored.settings) == (GUILD, {"point_limit": 100})
        assert (stored.seat_count, stored.round_count) == (3, 3)
        assert stored.finished_at == record.finished_at
        query = select(MatchSeat).where(MatchSeat.match_id == match_id).order_by(MatchSeat.seat)
        seats = (await s.scalars(query)).all()
        assert [(x.user_id, x.strength, x.total, x.place, x.winner) for x in seats] == [
            (1, None, 32, 2, False), (2, None, 24, 1, True), (None, "hard", 46, 3, False)]
        calls = (await s.execute(select(Round.number, Round.caller_seat, Round.caller_succeeded)
                                 .order_by(Round.number))).all()
        assert [tuple(row) for row in calls] == [(1, 0, True), (2, 1, False), (3, None, None)]
        penalised = (await s.execute(select(RoundScore.round_number, RoundScore.seat, RoundScore.penalty)
                                     .where(RoundScore.penalty > 0))).all()
        assert [tuple(row) for row in penalised] == [(2, 1, 5)]
        assert await s.scalar(select(func.count()).select_from(RoundScore)) == 9
        assert (await s.scalars(select(Player.display_name).order_by(Player.user_id))).all() == ["Ana", "Bo"]


async def test_totals_add_up_over_matches(db: Database) -> None:
    first = match(GUILD, [seat(1, 30), seat(2, 40)], [
        RoundRecord(1, 0, True, (5, 20), (5, 20)), RoundRecord(2, 0, False, (20, 15), (25, 20))])
    second = match(GUILD, [seat(2, 10), seat(1, 60)], [RoundRecord(1, 1, True, (10, 2), (10, 2)),
                                                       RoundRecord(2, None, None, (0, 58), (0, 58))], minutes=30)
    async with db.sessions() as s, s.begin():
        await record_match(s, record=first)
    async with db.sessions() as s, s.begin():
        await record_match(s, record=second)
    async with db.sessions() as s:
        ana = await player_stats(s, guild_id=GUILD, user_id=1)
    assert ana is not None
    assert (ana.matches, ana.wins, ana.win_rate) == (2, 1, 0.5)
    assert ana.avg_round_score == (5 + 25 + 2 + 58) / 4
    assert (ana.wakeup_calls, ana.wakeup_success_rate, ana.best_round) == (3, 2 / 3, 2)


async def test_the_last_display_name_is_kept(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await record_match(s, record=match(GUILD, [seat(1, 10, name="Ana"), seat(None, 20)]))
    async with db.sessions() as s, s.begin():
        await record_match(s, record=match(GUILD, [seat(1, 10, name="Ana B."), seat(None, 20)]))
    async with db.sessions() as s:
        assert (await s.scalars(select(Player.display_name))).all() == ["Ana B."]


async def test_a_failure_half_way_leaves_nothing(db: Database) -> None:
    # The third seat is neither a person nor a computer: the database refuses it after the players, the
    # ratings and the match row were already written in this transaction.
    broken = match(GUILD, [seat(1, 10), seat(2, 20), SeatRecord(None, "ghost", None, 30, False, False)])
    with pytest.raises(IntegrityError):
        async with db.sessions() as s, s.begin():
            await record_match(s, record=broken)
    for model in (Player, PlayerRating, Match, MatchSeat, Round, RoundScore):
        assert await _count(db, model) == 0, model.__name__


@pytest.mark.parametrize(
    "record",
    [
        match(GUILD, [seat(1, 10)]),
        match(GUILD, [seat(1, 10), seat(1, 20)]),
        match(GUILD, [seat(1, 10), seat(2, 20)], [RoundRecord(1, None, None, (1, 2, 3), (1, 2))]),
        match(GUILD, [seat(1, 10), seat(2, 20)], [RoundRecord(1, 2, True, (1, 2), (1, 2))]),
        match(GUILD, [seat(1, 10), seat(2, 20)], [RoundRecord(1, None, None, (1, 2), (1, 2))] * 2),
    ],
    ids=["one seat", "same person twice", "scores per seat", "caller seat", "round numbers"],
)
async def test_an_impossible_match_is_refused_before_writing(db: Database, record: object) -> None:
    with pytest.raises(InvalidMatchRecordError):
        async with db.sessions() as s, s.begin():
            await record_match(s, record=record)  # type: ignore[arg-type]
    assert await _count(db, Match) == 0


SIX = [seat(1, 10), seat(2, 20), seat(None, 30), seat(None, 40), seat(None, 50), seat(None, 60)]


@pytest.mark.parametrize(("game", "seats"), [(key, count) for key, mode in GAMES.items()
                                             for count in (mode.min_seats, mode.max_seats)])
async def test_every_game_s_smallest_and_largest_table_can_be_recorded(db: Database, game: str, seats: int) -> None:
    # Each game at both ends of its own seat range: the check once allowed Dreamcats' 2 to 5 for every game, so a
    # six-seat Dream 21 or Cat Duel match could not be recorded and never finished (tests/bot/test_six_seats.py).
    record = match(GUILD, [seat(1, 10), *(seat(None, 20 + n) for n in range(seats - 1))])
    async with db.sessions() as s, s.begin():
        await record_match(s, record=replace(record, game=game))
    assert await _count(db, MatchSeat) == seats


@pytest.mark.parametrize(("game", "seats"), [("dreamcats", SIX), ("dream21", [*SIX, seat(None, 70)]),
                                             ("catduel", [*SIX, seat(None, 70)]), ("chess", SIX[:2])])
async def test_a_match_past_its_games_seats_or_of_no_game_is_refused(db: Database, game: str,
                                                                     seats: list[SeatRecord]) -> None:
    with pytest.raises(InvalidMatchRecordError):
        async with db.sessions() as s, s.begin():
            await record_match(s, record=replace(match(GUILD, seats), game=game))
    assert await _count(db, Match) == 0


async def test_match_ids_increase(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        first = await record_match(s, record=match(GUILD, [seat(1, 10), seat(None, 20)]))
        second = await record_match(s, record=match(GUILD, [seat(1, 10), seat(None, 20)]))
    assert second > first


async def test_a_person_who_left_early_counts_as_a_loss(db: Database) -> None:
    # Ana left (the computer that took her seat finished lowest); Bo stayed. Ana is ranked below Bo.
    record = match(GUILD, [seat(1, 12, left_early=True, winner=True), seat(2, 50), seat(None, 60)])
    async with db.sessions() as s, s.begin():
        await record_match(s, record=record)
    async with db.sessions() as s:
        ana = await player_stats(s, guild_id=GUILD, user_id=1)
        bo = await player_stats(s, guild_id=GUILD, user_id=2)
    assert ana is not None and bo is not None
    assert (ana.wins, ana.recent[0].won, ana.recent[0].place) == (0, False, 3)
    assert (bo.recent[0].place, bo.rating > ana.rating, bo.rank, ana.rank) == (1, True, 1, 2)


async def test_ratings_are_per_server(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await record_match(s, record=match(GUILD, [seat(1, 10), seat(2, 20)]))
        await record_match(s, record=match(GUILD + 1, [seat(1, 30), seat(2, 20)]))
    async with db.sessions() as s:
        here = await player_stats(s, guild_id=GUILD, user_id=1)
        there = await player_stats(s, guild_id=GUILD + 1, user_id=1)
    assert here is not None and there is not None
    assert (here.wins, there.wins, here.matches, there.matches) == (1, 0, 1, 1)
    assert here.rating > there.rating


async def test_matches_finishing_at_the_same_time_both_count(db: Database) -> None:
    async def finish(*seats: SeatRecord) -> None:
        async with db.sessions() as s, s.begin():
            await record_match(s, record=match(GUILD, [*seats, seat(None, 40)]))

    # The two matches seat the same people in opposite orders: they must not deadlock on PostgreSQL.
    await asyncio.gather(finish(seat(1, 10), seat(2, 50)), finish(seat(2, 50), seat(1, 60)))
    async with db.sessions() as s:
        ana = await player_stats(s, guild_id=GUILD, user_id=1)
        bo = await player_stats(s, guild_id=GUILD, user_id=2)
    assert ana is not None and bo is not None
    assert (ana.matches, ana.wins, bo.matches, bo.wins) == (2, 1, 2, 0)


async def test_long_names_are_shortened_to_fit(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await record_match(s, record=match(GUILD, [seat(1, 10, name="N" * 300), seat(None, 20, strength="x" * 300)]))
    async with db.sessions() as s:
        assert [len(n) for n in (await s.scalars(select(Player.display_name))).all()] == [100]
        assert len((await s.scalars(select(MatchSeat.strength).where(MatchSeat.seat == 1))).one() or "") == 100
