"""Several bot processes over one database: each resumes and drives only the live games of its own shard."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from bot.service import GameGoneError, GameService, ManualClock, Person, Shard, shard_of
from bot.sqlstore import SqlGameStore
from bot.storage import Database, create_live_game, leaderboard
from game.dreamcats import InitialPeek, MatchSettings
from tests.bot.fakes import RecordingNotifier
from tests.bot.test_service import _people_play

ANA, BO = Person(1, "Ana"), Person(2, "Bo")
# Real-looking snowflakes: Discord's API server, and neighbours whose (id >> 22) has either parity.
EVEN_GUILD, ODD_GUILD = 81384788765712384, 81384788765712384 + (1 << 22)
GUILDS = (EVEN_GUILD, ODD_GUILD, EVEN_GUILD + (2 << 22) + 17, ODD_GUILD + (2 << 22) + 99)


@dataclass
class Seeded:
    """The live games an unsharded process left behind, by the shard (of 2) that owns them."""

    games: dict[int, set[str]] = field(default_factory=lambda: {0: set(), 1: set()})
    matches: dict[int, list[str]] = field(default_factory=lambda: {0: [], 1: []})


async def _seed(db: Database) -> Seeded:
    """A lobby and a running match (Ana, Bo and a computer) in each of four guilds, two per shard of 2."""
    seeder = GameService(SqlGameStore(db), RecordingNotifier(), clock=ManualClock(), computer_pause=0,
                         rng=random.Random(1))
    seeded = Seeded()
    for n, guild in enumerate(GUILDS):
        lobby = await seeder.open_lobby(guild_id=guild, channel_id=1000 + 2 * n, host=ANA,
                                        settings=MatchSettings(), locale="en")
        match = await seeder.open_lobby(guild_id=guild, channel_id=1001 + 2 * n, host=ANA,
                                        settings=MatchSettings(point_limit=30), locale="en")
        await seeder.join(match.game_id, BO)
        await seeder.add_computer(match.game_id, ANA.user_id, "easy")
        await seeder.start(match.game_id, ANA.user_id)
        shard = shard_of(guild, 2)
        seeded.games[shard] |= {lobby.game_id, match.game_id}
        seeded.matches[shard].append(match.game_id)
    await seeder.shutdown()  # the seeding process stops; its games stay live in the database
    return seeded


async def test_each_shard_resumes_and_drives_exactly_its_own_games(database_url: str) -> None:
    db = await Database.open(database_url)
    try:
        seeded = await _seed(db)
        async with db.sessions() as session, session.begin():  # an unreadable row in a guild of shard 1
            await create_live_game(session, game_id="unreadable", guild_id=ODD_GUILD, channel_id=4242,
                                   payload={"nonsense": True})
        notifiers = {n: RecordingNotifier() for n in (0, 1)}
        services = {n: GameService(SqlGameStore(db), notifiers[n], clock=ManualClock(), computer_pause=0,
                                   rng=random.Random(n), shard=Shard(n, 2)) for n in (0, 1)}
        assert await services[0].resume() == []  # shard 0 neither reads nor reports shard 1's broken row
        assert await services[1].resume() == ["unreadable"]
        assert notifiers[0].kinds("broken") == [] and notifiers[1].kinds("broken") == ["unreadable"]
        for n, service in services.items():
            assert {table.game_id for table in service.tables} == seeded.games[n]
            assert {table.guild_id for table in service.tables} == {g for g in GUILDS if shard_of(g, 2) == n}
            assert set(notifiers[n].kinds("table")) <= seeded.games[n]

        foreign = seeded.matches[0][0]
        with pytest.raises(GameGoneError):  # shard 1's process does not hold shard 0's games
            await services[1].play(foreign, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
        own = seeded.matches[1][0]
        await _people_play(services[1], own, [ANA, BO], random.Random(7))  # its computer turns are driven
        assert own not in {table.game_id for table in services[1].tables}
        async with db.sessions() as session, session.begin():
            standings = await leaderboard(session, guild_id=ODD_GUILD)
        assert {row.user_id for row in standings.rows} == {ANA.user_id, BO.user_id}
        for service in services.values():
            await service.shutdown()
    finally:
        await db.close()


async def test_an_unsharded_process_resumes_every_game(database_url: str) -> None:
    db = await Database.open(database_url)
    try:
        seeded = await _seed(db)
        service = GameService(SqlGameStore(db), RecordingNotifier(), clock=ManualClock(), computer_pause=0)
        assert await service.resume() == []
        assert {table.game_id for table in service.tables} == seeded.games[0] | seeded.games[1]
        await service.shutdown()
    finally:
        await db.close()
