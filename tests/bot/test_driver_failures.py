"""A game's own steps (computer turns, turn timers, an idle lobby's closing) outlive their failures: none leaves a table
waiting for a click that may never come."""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from bot.service import GameService, ManualClock, Table
from bot.service.driver import RETRY_AFTER_S
from game.dreamcats import Draw, InitialPeek, legal_actions
from tests.bot.fakes import MemoryGameStore, RecordingNotifier
from tests.bot.test_service import ANA, BO, FAST

PAUSE = 10.0  # the computer player's pause on the manual clock: it moves only when the test advances the clock


class AwayStore(MemoryGameStore):
    """A store whose database server is away while `away` is set: every write fails as a dropped connection does (or
    with `failure`, say a bug's exception)."""

    def __init__(self) -> None:
        super().__init__()
        self.away = False
        self.refused = 0
        self.failure: Exception = ConnectionRefusedError("the database server is away")

    def _reach(self) -> None:
        if self.away:
            self.refused += 1
            raise self.failure

    async def save(self, table: Table) -> int:
        """Save, if the database can be reached."""
        self._reach()
        return await super().save(table)

    async def delete(self, game_id: str) -> None:
        """Delete, if the database can be reached."""
        self._reach()
        await super().delete(game_id)


@pytest.fixture
def store() -> AwayStore:
    return AwayStore()


@pytest.fixture
async def service(store: AwayStore, notifier: RecordingNotifier, clock: ManualClock):
    svc = GameService(store, notifier, clock=clock, computer_pause=PAUSE, rng=random.Random(5))
    yield svc
    await svc.shutdown()


async def _computer_to_move(service: GameService, clock: ManualClock) -> str:
    """Ana against a normal computer player, up to the computer's turn (its pause not yet over)."""
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANA, settings=FAST, locale="en")
    await service.add_computer(table.game_id, ANA.user_id, "normal")
    await service.start(table.game_id, ANA.user_id)
    await service.settled(table.game_id)
    game_id = table.game_id
    await service.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    await service.play(game_id, ANA.user_id, Draw, move_number=0)
    state = service.get(game_id).state
    assert state is not None
    discard = next(a for a in legal_actions(state, 0) if type(a).__name__ == "DiscardDrawn")
    await service.play(game_id, ANA.user_id, lambda s: discard, move_number=1)
    assert service.get(game_id).turn == 1
    await clock.advance(0)  # the computer player's driver starts its pause
    return game_id


def _errors(caplog: pytest.LogCaptureFixture, level: int = logging.ERROR) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "bot.service.driver" and r.levelno == level]


@pytest.mark.parametrize("failure", [ConnectionRefusedError("the database server is away"), RuntimeError("a bug")])
async def test_a_computer_turn_the_database_refused_is_played_once_it_is_back(
        service: GameService, store: AwayStore, clock: ManualClock, caplog: pytest.LogCaptureFixture,
        failure: Exception) -> None:
    game_id = await _computer_to_move(service, clock)
    moved = service.get(game_id).move_number
    store.away, store.failure = True, failure
    await clock.advance(PAUSE)  # the computer decides; its move cannot be saved
    await service.settled(game_id)
    await clock.advance(RETRY_AFTER_S[0])  # tried again: still failing
    await service.settled(game_id)
    assert store.refused == 2 and service.get(game_id).move_number == moved and service.get(game_id).turn == 1
    if isinstance(failure, OSError):  # the machine's trouble, not the bot's: a warning a try, no traceback
        assert _errors(caplog) == [] and len(_errors(caplog, logging.WARNING)) == 2
        assert all(r.exc_info is None for r in _errors(caplog, logging.WARNING))
    else:  # maybe the bot's own fault: one traceback, then one line a try
        first, second = _errors(caplog)
        assert first.exc_info is not None and second.exc_info is None and "2 in a row" in second.getMessage()
    store.away = False
    await clock.advance(RETRY_AFTER_S[1])  # nobody clicks: the game goes on by itself
    await service.settled(game_id)
    assert service.get(game_id).move_number > moved and service.get(game_id).turn == 0
    assert store.rows[game_id].version == service.get(game_id).version  # what the table shows is what is saved


async def test_a_computer_player_that_cannot_decide_is_stood_in_for(
        service: GameService, clock: ManualClock, caplog: pytest.LogCaptureFixture) -> None:
    game_id = await _computer_to_move(service, clock)
    moved = service.get(game_id).move_number
    service.get(game_id).seats[1].strength = "grandmaster"  # as a table stored by a newer version of the bot names it
    await clock.advance(PAUSE)
    await service.settled(game_id)
    table = service.get(game_id)
    assert table.move_number > moved and table.turn == 0  # the stand-in played the computer's turn
    [error] = _errors(caplog)
    assert "'grandmaster' computer player could not decide" in error.getMessage()


async def test_a_timer_s_move_the_database_refused_is_made_once_it_is_back(
        service: GameService, store: AwayStore, clock: ManualClock) -> None:
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANA,
                                     settings=replace(FAST, turn_timer=30, point_limit=500), locale="en")
    await service.join(table.game_id, BO)
    await service.start(table.game_id, ANA.user_id)
    game_id = table.game_id
    store.away = True
    await clock.advance(31)  # Ana's time is up, but her stand-in's move cannot be saved
    await service.settled(game_id)
    assert store.refused == 1 and service.get(game_id).seats[0].timeouts == 0
    store.away = False
    await clock.advance(RETRY_AFTER_S[0])
    await service.settled(game_id)
    assert service.get(game_id).seats[0].timeouts == 1 and service.get(game_id).turn == 1


async def test_an_idle_lobby_whose_closing_failed_still_closes_and_frees_its_channel(
        service: GameService, store: AwayStore, clock: ManualClock, notifier: RecordingNotifier) -> None:
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANA, settings=FAST, locale="en")
    await clock.advance(0)  # the lobby's idle clock starts
    store.away = True
    await clock.advance(service.lobby_timeout + 1)
    await clock.advance(0)  # the failure reaches the lobby's clock, which sets its next try
    assert store.refused == 1 and service.in_channel(20) is not None
    store.away = False
    await clock.advance(RETRY_AFTER_S[0])
    await clock.advance(0)  # the lobby's clock looks again, and closes it
    assert service.in_channel(20) is None and table.game_id not in store.rows
    assert notifier.kinds("closed") == ["expired"]
    again = await service.open_lobby(guild_id=10, channel_id=20, host=BO, settings=FAST, locale="en")
    assert again.host_id == BO.user_id



class SteppedBackClock(ManualClock):
    """A manual clock whose wall-clock reading can be set back (an NTP or VM time sync) while timers run on."""

    back = timedelta(0)

    def now(self) -> datetime:
        """The wall clock: the timers' time less the step back."""
        return super().now() - self.back


async def test_an_idle_lobby_still_closes_after_the_wall_clock_was_set_back() -> None:
    clock, notifier = SteppedBackClock(), RecordingNotifier()
    service = GameService(MemoryGameStore(), notifier, clock=clock, computer_pause=0, rng=random.Random(5))
    await service.open_lobby(guild_id=10, channel_id=20, host=ANA, settings=FAST, locale="en")
    await clock.advance(0)  # the lobby's idle clock starts
    clock.back = timedelta(minutes=10)  # when its sleep ends, the wall clock says it was idle only 20 minutes
    await clock.advance(service.lobby_timeout + 1)
    await clock.advance(0)
    assert service.in_channel(20) is not None  # not idle long enough by the wall clock yet...
    await clock.advance(10 * 60)
    await clock.advance(0)
    assert service.in_channel(20) is None and notifier.kinds("closed") == ["expired"]  # ...but later it is
    await service.shutdown()
