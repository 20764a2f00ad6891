"""A host who walks away from the lobby does not keep everyone waiting: once the host has done nothing in the lobby
for ten minutes (others joining does not count), anyone seated may start the match and host it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.client import DreamcatsBot
from bot.service import (
    GameService,
    HostNotAwayError,
    ManualClock,
    NotHostError,
    Person,
    table_from_payload,
)
from bot.service.errors import TooManyGamesError
from bot.service.lobby import HOST_AWAY
from game.dreamcats import MatchSettings
from tests.bot.conftest import World, make_bot
from tests.bot.fakes import MemoryGameStore, RecordingNotifier

ANA, BO, CY, EVE = (Person(1, "Ana"), Person(2, "Bo"), Person(3, "Cy"), Person(9, "Eve"))
AWAY_S = HOST_AWAY.total_seconds()


@pytest.fixture
async def service(clock: ManualClock) -> AsyncIterator[GameService]:
    svc = GameService(MemoryGameStore(), RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(5))
    yield svc
    await svc.shutdown()


async def _lobby(service: GameService) -> str:
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANA, settings=MatchSettings(point_limit=30),
                                     locale="en")
    await service.join(table.game_id, BO)
    return table.game_id


async def test_a_seated_person_starts_and_hosts_once_the_host_has_been_away(service: GameService,
                                                                           clock: ManualClock) -> None:
    game_id = await _lobby(service)
    await clock.advance(AWAY_S - 60)
    await service.join(game_id, CY)  # others joining keeps the lobby open, not the host's turn to start it
    with pytest.raises(HostNotAwayError):
        await service.start(game_id, BO.user_id)
    await clock.advance(60)
    with pytest.raises(NotHostError):  # someone without a seat never starts it
        await service.start(game_id, EVE.user_id)
    table = await service.start(game_id, BO.user_id)
    assert table.playing and table.host_id == BO.user_id
    assert table.state is not None and table.state.round.starter == table.seat_of(BO.user_id)  # not the absent Ana


async def test_taking_over_a_lobby_keeps_within_the_hosting_limit(service: GameService, clock: ManualClock) -> None:
    game_id = await _lobby(service)
    for channel in (31, 32, 33):  # Bo hosts three games elsewhere on the server already
        await service.open_lobby(guild_id=10, channel_id=channel, host=BO, settings=MatchSettings(point_limit=30),
                                 locale="en")
    with pytest.raises(HostNotAwayError):  # before the ten minutes: that line, not the hosting limit's
        await service.start(game_id, BO.user_id)
    await clock.advance(AWAY_S)
    with pytest.raises(TooManyGamesError):
        await service.start(game_id, BO.user_id)
    assert service.get(game_id).state is None and service.get(game_id).host_id == ANA.user_id


async def test_anything_the_host_does_in_the_lobby_restarts_the_host_s_ten_minutes(service: GameService,
                                                                                  clock: ManualClock) -> None:
    game_id = await _lobby(service)
    await clock.advance(AWAY_S - 60)
    await service.add_computer(game_id, ANA.user_id, "easy")
    await clock.advance(120)
    with pytest.raises(HostNotAwayError):
        await service.start(game_id, BO.user_id)
    assert service.get(game_id).state is None


async def test_a_host_who_leaves_hands_the_new_host_ten_full_minutes(service: GameService,
                                                                    clock: ManualClock) -> None:
    game_id = await _lobby(service)
    await service.join(game_id, CY)
    await clock.advance(AWAY_S + 60)
    await service.leave_lobby(game_id, ANA.user_id)  # Bo hosts now, and has had no time to start yet
    with pytest.raises(HostNotAwayError):
        await service.start(game_id, CY.user_id)
    await clock.advance(AWAY_S)
    assert (await service.start(game_id, CY.user_id)).host_id == CY.user_id


async def test_the_host_s_clock_survives_a_restart(service: GameService, clock: ManualClock) -> None:
    game_id = await _lobby(service)
    await clock.advance(120)
    await service.add_computer(game_id, ANA.user_id, "easy")
    stored = service.get(game_id)
    again = table_from_payload(stored.to_payload(), version=stored.version, message_id=None, deadline=None)
    assert again.host_last_active == clock.now()
    assert again.host_last_active != again.created_at


async def test_the_refusal_says_when_anyone_may_start(world: World) -> None:
    clock = ManualClock()
    bot: DreamcatsBot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        fake = world.fake
        lobby = (await fake.slash(world.ana, world.games, "dreamcats start", points=30)).reply
        assert lobby is not None
        assert "anyone seated can start" in (lobby.embeds[0].get("footer") or {}).get("text", "")
        game_id = next(t.game_id for t in bot.service.tables if t.channel_id == world.games.id)
        await fake.click(world.bo, lobby, f"dc:{game_id}:join")
        early = await fake.click(world.bo, lobby, f"dc:{game_id}:start")
        assert early.private_reply is not None
        assert early.private_reply.content == ("Only the host can start the match. Once the host has done nothing "
                                               "here for 10 minutes, anyone seated can start it.")
        await clock.advance(AWAY_S)
        await fake.click(world.bo, lobby, f"dc:{game_id}:start")
        await bot.presenter.idle()
        table = bot.service.in_channel(world.games.id)
        assert table is not None and table.playing and table.host_id == world.bo.id
        assert fake.violations == []
