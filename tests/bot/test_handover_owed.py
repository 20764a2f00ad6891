"""The notice that a computer plays a person's seat now is owed until posted: a crash in between posts it after the
restart, once (bot.service.resume, Seat.handover_owed)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from bot.service import GameService, ManualClock
from bot.service.moves import ROUND_PAUSE
from game.dreamcats import Draw, InitialPeek, WakeUp
from tests.bot.fakes import MemoryGameStore, RecordingNotifier
from tests.bot.test_service import ANA, BO, FAST, _table


async def _handed_over(store: MemoryGameStore, clock: ManualClock) -> tuple[GameService, str]:
    """A service whose table of Ana and Bo handed Ana's seat to a computer player (three of her turns timed out,
    Bo playing his own), now at Bo's turn."""
    notifier = RecordingNotifier()
    service = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(5))
    game_id = await _table(service, [ANA, BO], settings=replace(FAST, turn_timer=30, point_limit=500))
    while not service.get(game_id).seats[0].handed_over:
        table = service.get(game_id)
        if table.paused_until is not None:  # a round ended: nobody presses Next round
            await clock.advance(ROUND_PAUSE)
        elif table.turn == 0:
            await clock.advance(31)  # Ana is away: the timer plays her turn
        elif not table.state.round.peeked[1]:
            await service.play(game_id, BO.user_id, lambda seat: InitialPeek(seat, (0, 1)))
        else:
            await service.play(game_id, BO.user_id, WakeUp)
        await service.settled(game_id)
    await _to_bos_turn(service, game_id, clock)
    assert notifier.kinds("handover") == [0]
    return service, game_id


async def _to_bos_turn(service: GameService, game_id: str, clock: ManualClock) -> None:
    """The computer player in Ana's seat plays until it is Bo's turn to draw (past a round's pause, his initial peek
    made)."""
    while service.get(game_id).turn != 1 or service.get(game_id).paused_until is not None:
        if service.get(game_id).paused_until is not None:
            await clock.advance(ROUND_PAUSE)
        await service.settled(game_id)
    if not service.get(game_id).state.round.peeked[1]:
        await service.play(game_id, BO.user_id, lambda seat: InitialPeek(seat, (0, 1)))


def _owed(store: MemoryGameStore, game_id: str) -> list[bool]:
    """Which seats the stored live game owes a handover notice."""
    return [bool(seat.get("handover_owed")) for seat in store.rows[game_id].payload["seats"]]


@pytest.fixture
def store() -> MemoryGameStore:
    return MemoryGameStore()


@pytest.fixture
def fast_resume(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service import resume

    monkeypatch.setattr(resume, "RESUME_REDRAWS_PER_SECOND", 50.0)


async def test_a_handover_notice_a_crash_kept_back_is_posted_after_the_restart(
        store: MemoryGameStore, clock: ManualClock, fast_resume: None) -> None:
    first, game_id = await _handed_over(store, clock)
    assert _owed(store, game_id) == [True, False]  # saved with the move that handed the seat over
    await first.shutdown()  # the process dies before the presenter posted the notice

    notifier = RecordingNotifier()
    second = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(4))
    await second.resume()
    await asyncio.sleep(0.1)
    assert notifier.kinds("handover") == [0]
    await second.handover_shown(game_id, 0)  # the presenter posted it
    assert _owed(store, game_id) == [True, False]  # no write of its own...
    await _to_bos_turn(second, game_id, clock)
    await second.play(game_id, BO.user_id, Draw)
    assert _owed(store, game_id) == [False, False]  # ...it goes with the next save

    third_notes = RecordingNotifier()
    third = GameService(store, third_notes, clock=clock, computer_pause=0, rng=random.Random(6))
    await second.shutdown()
    await third.resume()
    await asyncio.sleep(0.1)
    assert third_notes.kinds("handover") == []
    await third.shutdown()


async def test_a_posted_notice_is_not_posted_again_after_a_restart(
        store: MemoryGameStore, clock: ManualClock, fast_resume: None) -> None:
    first, game_id = await _handed_over(store, clock)
    await first.handover_shown(game_id, 0)
    await first.play(game_id, BO.user_id, Draw)
    assert _owed(store, game_id) == [False, False]
    await first.shutdown()
    notifier = RecordingNotifier()
    second = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(4))
    await second.resume()
    await asyncio.sleep(0.1)
    assert notifier.kinds("handover") == [] and notifier.kinds("table") == [game_id]
    await second.shutdown()
