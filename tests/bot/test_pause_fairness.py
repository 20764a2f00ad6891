"""The pause between rounds is fair to the people at the table: one who leaves is neither waited for nor counted as
ready, and a reveal a crash kept back gets the whole pause once it is posted."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.service import GameService, ManualClock, Person
from bot.service.moves import ROUND_PAUSE
from bot.service.resume import grant_pause_lost
from tests.bot.fakes import MemoryGameStore, RecordingNotifier
from tests.bot.test_service import _people_play, _table

ANA, BO, CY = Person(1, "Ana"), Person(2, "Bo"), Person(3, "Cy")


@pytest.fixture
async def service(clock: ManualClock) -> AsyncIterator[GameService]:
    svc = GameService(MemoryGameStore(), RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(5))
    yield svc
    await svc.shutdown()


async def _paused(service: GameService, people: list[Person]) -> str:
    game_id = await _table(service, people)
    await _people_play(service, game_id, people, random.Random(6), until_a_pause=True)
    assert service.get(game_id).paused_until is not None
    return game_id


async def test_the_next_round_begins_when_everyone_left_at_the_table_is_ready(service: GameService) -> None:
    game_id = await _paused(service, [ANA, BO, CY])
    await service.ready_for_next_round(game_id, ANA.user_id)
    await service.ready_for_next_round(game_id, BO.user_id)
    table = await service.leave_match(game_id, CY.user_id)  # the one still reading leaves: nobody is waited for
    assert table.paused_until is None and table.ready == []


async def test_one_who_pressed_next_and_left_is_not_counted_as_ready(service: GameService) -> None:
    game_id = await _paused(service, [ANA, BO, CY])
    await service.ready_for_next_round(game_id, CY.user_id)
    table = await service.leave_match(game_id, CY.user_id)
    assert table.paused_until is not None and table.ready == []  # "0 of 2 ready", not "1 of 2"
    await service.ready_for_next_round(game_id, ANA.user_id)
    assert (await service.ready_for_next_round(game_id, BO.user_id)).paused_until is None


async def test_a_reveal_still_owed_gets_the_whole_pause_even_with_seconds_left(service: GameService,
                                                                              clock: ManualClock) -> None:
    game_id = await _paused(service, [ANA, BO])
    table = service.get(game_id).clone()
    assert table.reveals_owed and table.paused_until is not None
    almost_over = clock.now() + timedelta(seconds=ROUND_PAUSE) - timedelta(seconds=2)
    grant_pause_lost(table, almost_over)
    assert table.paused_until == almost_over + timedelta(seconds=ROUND_PAUSE)
    table.reveals_owed = []
    before = table.paused_until
    grant_pause_lost(table, before - timedelta(seconds=1))  # nothing owed: the pause keeps its end
    assert table.paused_until == before
