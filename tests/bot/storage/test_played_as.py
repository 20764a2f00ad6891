"""Cat Duel's standings on a real database of each backend: each seat's cat (match_seats.played_as, migration 0009),
duels won (the duels' scores), rounds survived per duel (their sums) and the favourite cat (ties: the latest)."""

from __future__ import annotations

from dataclasses import replace

from alembic import command
from sqlalchemy import Connection, insert, inspect, select

from bot.storage import Database, leaderboard, player_stats, record_match
from bot.storage.database import alembic_config, create_engine, current_revision, head_revision
from bot.storage.models import Match, MatchSeat, Player
from bot.storage.records import MatchRecord, RoundRecord
from bot.storage.rematch import last_match
from tests.bot.storage.conftest import T0, match, seat

GUILD, ANA, BO = 1, 10, 11
Duel = tuple[int, int, int]  # the seat that won it, the rounds Ana's cat survived, Bo's


def duel_match(ana_cat: str, bo_cat: str, duels: list[Duel], *, minutes: int, guild: int = GUILD,
               ana: int = ANA, bo: int = BO) -> MatchRecord:
    """A Cat Duel match of Ana and Bo: one record per duel (sums: rounds survived; scores: 1 for the duel's winner);
    the match goes to whoever won more duels."""
    rounds = [RoundRecord(n + 1, None, None, (ana_rounds, bo_rounds), (int(won == 0), int(won == 1)))
              for n, (won, ana_rounds, bo_rounds) in enumerate(duels)]
    ana_won = sum(won == 0 for won, _, _ in duels)
    bo_won = len(duels) - ana_won
    seats = [replace(seat(ana, bo_won, name="Ana", winner=ana_won > bo_won), played_as=ana_cat),
             replace(seat(bo, ana_won, name="Bo", winner=bo_won > ana_won), played_as=bo_cat)]
    return replace(match(guild, seats, rounds, minutes=minutes), game="catduel", game_id=f"cd{guild}-{minutes}")


# Ana: siamese, persian, persian, siamese (a tie: the latest, siamese); 4 duels won; 28 rounds survived in 9 duels.
# Bo: persian, then ragdoll three times; 5 duels won; 26 rounds survived in 9 duels. Two matches won each.
MATCHES: list[tuple[str, str, list[Duel]]] = [
    ("siamese", "persian", [(0, 4, 2), (1, 3, 5), (0, 6, 1)]),
    ("persian", "ragdoll", [(1, 2, 4), (1, 1, 3)]),
    ("persian", "ragdoll", [(0, 5, 3)]),
    ("siamese", "ragdoll", [(1, 2, 6), (0, 4, 0), (1, 1, 2)]),
]


async def record_duels(db: Database, guild: int = GUILD, ana: int = ANA, bo: int = BO) -> None:
    """The four matches of MATCHES, and three abandoned ones with Ana as an Abyssinian (they count for nothing)."""
    async with db.sessions() as s, s.begin():
        for minutes, (ana_cat, bo_cat, duels) in enumerate(MATCHES):
            await record_match(s, record=duel_match(ana_cat, bo_cat, duels, minutes=minutes, guild=guild, ana=ana,
                                                    bo=bo))
        for minutes in range(10, 13):
            left = duel_match("abyssinian", "maine_coon", [(0, 9, 9)], minutes=minutes, guild=guild, ana=ana, bo=bo)
            await record_match(s, record=replace(left, abandoned=True))


async def test_duels_won_rounds_survived_and_the_favourite_cat(db: Database) -> None:
    await record_duels(db)
    ana = await db.read(lambda s: player_stats(s, guild_id=GUILD, user_id=ANA, game="catduel"))
    assert ana is not None and (ana.matches, ana.wins, ana.score_total) == (4, 2, 4)
    assert ana.sums_total == 28 and abs(ana.sums_per_round - 28 / 9) < 1e-9
    assert ana.favourite == "siamese"  # two each with Persian: the one played last
    bo = await db.read(lambda s: player_stats(s, guild_id=GUILD, user_id=BO, game="catduel"))
    assert bo is not None and (bo.matches, bo.wins, bo.score_total, bo.sums_total) == (4, 2, 5, 26)
    assert bo.favourite == "ragdoll"
    assert await db.read(lambda s: player_stats(s, guild_id=GUILD, user_id=ANA)) is None  # nothing in Dreamcats
    board = await db.read(lambda s: leaderboard(s, guild_id=GUILD, game="catduel"))
    assert board.total == 2
    assert {row.user_id: (row.matches, row.wins, row.score_total) for row in board.rows} == {ANA: (4, 2, 4),
                                                                                           BO: (4, 2, 5)}
    again = await db.read(lambda s: last_match(s, game_id=f"cd{GUILD}-3"))
    assert again is not None and [seat.played_as for seat in again.seats] == ["siamese", "ragdoll"]


async def test_a_tie_goes_to_the_cat_played_last_and_other_games_have_no_favourite(db: Database) -> None:
    async with db.sessions() as s, s.begin():
        await record_match(s, record=duel_match("ragdoll", "persian", [(0, 3, 1)], minutes=5))
        await record_match(s, record=duel_match("abyssinian", "persian", [(1, 1, 3)], minutes=6))
        await record_match(s, record=match(GUILD, [seat(ANA, 10), seat(BO, 20)], minutes=7))  # Dreamcats
    ana = await db.read(lambda s: player_stats(s, guild_id=GUILD, user_id=ANA, game="catduel"))
    assert ana is not None and ana.favourite == "abyssinian" and ana.score_total == 1 and ana.sums_per_round == 2.0
    cats = await db.read(lambda s: player_stats(s, guild_id=GUILD, user_id=ANA))
    assert cats is not None and cats.favourite is None and cats.matches == 1


def _migrate(connection: Connection, revision: str, *, down: bool = False) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


def _columns(connection: Connection) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns("match_seats")}


def _old_match(connection: Connection) -> int:
    """A Dreamcats match as the 0008 schema stores it (no played_as); its id."""
    tables = Player.metadata.tables
    connection.execute(insert(tables["players"]), [{"user_id": ANA, "display_name": "Ana", "updated_at": T0}])
    found = connection.execute(insert(tables["matches"]).returning(Match.id), [{
        "game": "dreamcats", "guild_id": GUILD, "channel_id": 2, "started_at": T0, "finished_at": T0,
        "settings": {}, "seat_count": 1, "round_count": 0, "abandoned": False}])
    match_id = int(found.scalar_one())
    connection.execute(insert(tables["match_seats"]).values(
        match_id=match_id, seat=0, user_id=ANA, display_name="Ana", strength=None, total=3, place=1, winner=True,
        left_early=False))
    return match_id


async def test_0009_adds_played_as_to_the_0008_schema_and_downgrades_again(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_migrate, "0008")
            assert "played_as" not in await connection.run_sync(_columns)
            old = await connection.run_sync(_old_match)
    finally:
        await engine.dispose()
    db = await Database.open(database_url)  # what the bot does at start-up: up to head
    try:
        assert await current_revision(db.engine) == head_revision()
        assert await db.read(lambda s: s.scalar(select(MatchSeat.played_as).where(MatchSeat.match_id == old))) is None
        async with db.sessions() as s, s.begin():
            await record_match(s, record=duel_match("abyssinian", "siamese", [(0, 2, 1)], minutes=0))
        stats = await db.read(lambda s: player_stats(s, guild_id=GUILD, user_id=ANA, game="catduel"))
        assert stats is not None and stats.favourite == "abyssinian"
        async with db.engine.begin() as connection:
            await connection.run_sync(_migrate, "0008", down=True)
            assert "played_as" not in await connection.run_sync(_columns)
            await connection.run_sync(_migrate, "0009")
            assert "played_as" in await connection.run_sync(_columns)
        seats = await db.read(lambda s: s.scalars(select(MatchSeat.played_as).order_by(MatchSeat.match_id)))
        assert list(seats) == [None, None, None]  # the downgrade dropped the cats; the old row stays NULL
    finally:
        await db.close()
