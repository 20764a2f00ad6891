"""The game service without Discord: lobby, whole matches, stale buttons, timers, leaving, conflicts, restarts."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.i18n import error_text
from bot.service import (
    AlreadySeatedError,
    BusyError,
    ConflictError,
    GameGoneError,
    GameRunningError,
    GameService,
    LobbyFullError,
    ManualClock,
    NotEnoughSeatsError,
    NotHostError,
    NotHostOrManagerError,
    NotPlayerOrManagerError,
    NotSeatedError,
    Person,
    RestartingError,
    StaleButtonError,
    Table,
)
from bot.service.moves import ROUND_PAUSE
from bot.service.resume import RESUME_GRACE_S
from game.dream21 import Dream21Settings
from game.dreamcats import DiscardDrawn, Draw, InitialPeek, MatchSettings, WakeUp, legal_actions, observe
from game.dreamcats.players import choose
from game.errors import NotYourTurnError
from tests.bot.fakes import MemoryGameStore, RecordingNotifier

ANA, BO, CY, EVE = (Person(1, "Ana"), Person(2, "Bo"), Person(3, "Cy", "pl"), Person(9, "Eve"))
FAST = MatchSettings(point_limit=30)


@pytest.fixture
def store() -> MemoryGameStore:
    return MemoryGameStore()


@pytest.fixture
async def service(store: MemoryGameStore, notifier: RecordingNotifier, clock: ManualClock):
    svc = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(5))
    yield svc
    await svc.shutdown()


async def _table(service: GameService, people: list[Person], computers: int = 0, settings: MatchSettings = FAST):
    table = await service.open_lobby(guild_id=10, channel_id=20, host=people[0], settings=settings, locale="en")
    for person in people[1:]:
        await service.join(table.game_id, person)
    for _ in range(computers):
        await service.add_computer(table.game_id, people[0].user_id, "normal")
    await service.start(table.game_id, people[0].user_id)
    await service.settled(table.game_id)
    return table.game_id


async def _people_play(service: GameService, game_id: str, people: list[Person], rng: random.Random, *,
                       until_a_pause: bool = False) -> None:
    """The people play (with the easy computer player's choices) until the match ends (or a round does)."""
    for _ in range(5000):
        table = service._tables.get(game_id)
        if table is None:
            return
        state = table.state
        assert state is not None
        if table.paused_until is not None and until_a_pause:
            return
        if table.paused_until is not None:  # between rounds: everyone is ready for the next one
            for person in people:
                if service._tables.get(game_id) is not None and service.get(game_id).paused_until is not None:
                    await service.ready_for_next_round(game_id, person.user_id)
            await service.settled(game_id)
            continue
        for person in people:
            seat = table.seat_of(person.user_id)
            if seat is not None and not state.round.peeked[seat]:
                await service.play(game_id, person.user_id, lambda s: InitialPeek(s, (2, 3)))
                break
        else:
            seat = state.round.turn
            person = next(p for p in people if table.seat_of(p.user_id) == seat)
            action = choose("easy", observe(state, seat), legal_actions(state, seat), rng)
            await service.play(game_id, person.user_id, lambda s, a=action: a, move_number=table.move_number)
        await service.settled(game_id)
    raise AssertionError("the match did not end")


async def test_lobby_rules(service: GameService) -> None:
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANA, settings=FAST, locale="en")
    with pytest.raises(AlreadySeatedError):
        await service.join(table.game_id, ANA)
    with pytest.raises(NotEnoughSeatsError):
        await service.start(table.game_id, ANA.user_id)
    await service.join(table.game_id, BO)
    with pytest.raises(NotHostError):
        await service.start(table.game_id, BO.user_id)
    with pytest.raises(NotSeatedError):
        await service.add_computer(table.game_id, EVE.user_id, "easy")
    for _ in range(3):
        await service.add_computer(table.game_id, BO.user_id, "hard")
    with pytest.raises(LobbyFullError):
        await service.join(table.game_id, EVE)
    with pytest.raises(GameRunningError):
        await service.open_lobby(guild_id=10, channel_id=20, host=EVE, settings=FAST, locale="en")
    with pytest.raises(NotHostOrManagerError):
        await service.close(table.game_id, BO.user_id, is_manager=False)
    assert [s.name for s in service.get(table.game_id).seats][:2] == ["Ana", "Bo"]


async def test_host_leaving_the_lobby_passes_the_host_role_and_the_last_one_closes_it(
        service: GameService, notifier: RecordingNotifier, store: MemoryGameStore) -> None:
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANA, settings=FAST, locale="en")
    await service.join(table.game_id, BO)
    assert (await service.leave_lobby(table.game_id, ANA.user_id)).host_id == BO.user_id
    await service.leave_lobby(table.game_id, BO.user_id)
    assert notifier.kinds("closed") == ["cancelled"]
    assert store.rows == {} and service.in_channel(20) is None


async def test_the_last_person_leaving_a_lobby_with_computers_closes_it_in_one_write_or_not_at_all(
        service: GameService, store: MemoryGameStore) -> None:
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANA, settings=FAST, locale="en")
    await service.add_computer(table.game_id, ANA.user_id, "hard")
    stored = store.rows[table.game_id].payload

    async def refused(game_id: str) -> None:
        raise BusyError("The table is busy, please try again.")

    deleting, store.delete = store.delete, refused  # type: ignore[method-assign]
    with pytest.raises(BusyError):
        await service.leave_lobby(table.game_id, ANA.user_id)
    # Not a lobby of computers alone, hosted by someone who left it and holding the channel: Ana is still there.
    assert store.rows[table.game_id].payload == stored and service.get(table.game_id).seats[0].user_id == ANA.user_id
    store.delete = deleting  # type: ignore[method-assign]
    await service.leave_lobby(table.game_id, ANA.user_id)
    assert store.rows == {} and service.in_channel(20) is None


async def test_a_whole_match_with_two_people_and_a_computer_is_recorded(
        service: GameService, store: MemoryGameStore, notifier: RecordingNotifier) -> None:
    game_id = await _table(service, [ANA, BO], computers=1)
    await _people_play(service, game_id, [ANA, BO], random.Random(1))
    assert store.rows == {}
    [match] = store.finished
    assert max(s.total for s in match.seats) >= 30
    assert [s.user_id for s in match.seats] == [1, 2, None]
    assert match.seats[2].strength == "normal"
    assert sum(s.winner for s in match.seats) >= 1
    assert [sum(r.scores[i] for r in match.rounds) for i in range(3)] == [s.total for s in match.seats]
    assert notifier.kinds("round") == list(range(1, len(match.rounds) + 1))
    assert notifier.kinds("match") == [game_id]
    # The service lets go of a finished game: nothing per game stays behind in a long-running bot.
    assert game_id not in {*service._tables, *service._locks, *service._settled, *service._drivers}


async def test_a_double_click_acts_once_and_others_are_refused(service: GameService) -> None:
    game_id = await _table(service, [ANA, BO])
    for person in (ANA, BO):
        await service.play(game_id, person.user_id, lambda s: InitialPeek(s, (0, 1)))
    table = service.get(game_id)
    number = table.move_number
    results = await asyncio.gather(
        *(service.play(game_id, ANA.user_id, Draw, move_number=number) for _ in range(2)), return_exceptions=True)
    assert sum(isinstance(r, StaleButtonError) for r in results) == 1
    outcome = next(r for r in results if not isinstance(r, Exception))
    assert outcome.view.holding is not None and service.get(game_id).move_number == number + 1
    with pytest.raises(NotSeatedError):
        await service.play(game_id, EVE.user_id, WakeUp)
    with pytest.raises(NotYourTurnError):
        await service.play(game_id, BO.user_id, WakeUp)


async def test_the_timer_plays_for_a_person_and_three_timeouts_hand_the_seat_over(
        service: GameService, clock: ManualClock, notifier: RecordingNotifier) -> None:
    game_id = await _table(service, [ANA, BO], settings=replace(FAST, turn_timer=30, point_limit=500))
    table = service.get(game_id)
    assert table.turn == 0 and table.deadline == clock.now() + timedelta(seconds=30)  # the turn timer, from now
    for turn in range(3):
        await clock.advance(31)
        await service.settled(game_id)
        table = service.get(game_id)
        assert table.seats[0].timeouts == turn + 1
        assert any(e.kind == "timeout" and e.seat == 0 for e in table.log)
        if turn < 2:  # Bo plays his turn himself
            if not table.state.round.peeked[1]:
                await service.play(game_id, BO.user_id, lambda s: InitialPeek(s, (0, 1)))
            while service.get(game_id).turn == 1:
                await service.play(game_id, BO.user_id, WakeUp)
            await service.settled(game_id)
            if service.get(game_id).paused_until is not None:  # the round ended: nobody presses Next round
                await clock.advance(ROUND_PAUSE)
                await service.settled(game_id)
    assert notifier.kinds("handover") == [0]
    assert service.get(game_id).seats[0].computer_plays


async def _waiting_tasks() -> list[str]:
    """The names of the tasks still pending, once the loop has turned, that sleep for a game (its driver or a lobby's
    clock)."""
    # One turn first: a task cancelled before it ever ran ends at its first step (Python 3.12 reaches this point
    # without yielding to the loop, where 3.11's wait_for yielded on the way).
    await asyncio.sleep(0)
    return [task.get_name() for task in asyncio.all_tasks() if task.get_name().startswith("dc-")]


async def test_a_game_waiting_for_a_person_holds_a_timer_not_a_task(
        service: GameService, clock: ManualClock) -> None:
    game_id = await _table(service, [ANA, BO], computers=1, settings=replace(FAST, turn_timer=30))
    for person in (ANA, BO):
        await service.play(game_id, person.user_id, lambda s: InitialPeek(s, (0, 1)))
    await service.settled(game_id)
    assert service.get(game_id).seats[service.get(game_id).turn].user_id is not None  # a person's turn
    assert await _waiting_tasks() == []
    number = service.get(game_id).move_number
    await clock.advance(31)  # the timer starts the driver, which plays the person's turn for them
    await service.settled(game_id)
    assert service.get(game_id).move_number > number and await _waiting_tasks() == []


async def test_a_persons_turn_without_a_deadline_waits_for_their_move_alone(
        service: GameService, clock: ManualClock) -> None:
    game_id = await _table(service, [ANA, BO])
    for person in (ANA, BO):
        await service.play(game_id, person.user_id, lambda s: InitialPeek(s, (0, 1)))
    service._tables[game_id].deadline = None  # as a table stored without one would be
    service._restart_driver(game_id)
    await service.settled(game_id)
    number = service.get(game_id).move_number
    await clock.advance(100_000)
    assert service.get(game_id).move_number == number and await _waiting_tasks() == []
    await service.play(game_id, ANA.user_id, Draw)
    assert service.get(game_id).move_number == number + 1


async def test_a_person_who_leaves_counts_as_a_loss(service: GameService, store: MemoryGameStore) -> None:
    game_id = await _table(service, [ANA, BO, CY])
    await service.leave_match(game_id, CY.user_id)
    await service.settled(game_id)
    await _people_play(service, game_id, [ANA, BO], random.Random(2))
    [match] = store.finished
    assert match.seats[2].left_early and not match.seats[2].winner and match.seats[2].user_id == CY.user_id


async def test_a_version_conflict_is_refused_and_the_game_reloaded(service: GameService,
                                                                  store: MemoryGameStore) -> None:
    game_id = await _table(service, [ANA, BO])
    row = store.rows[game_id]
    store.rows[game_id] = replace(row, version=row.version + 1)  # another process saved meanwhile
    with pytest.raises(ConflictError):
        await service.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    assert service.get(game_id).version == row.version + 1
    await service.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))


async def test_restart_resumes_good_games_and_marks_an_unreadable_one_broken(
        store: MemoryGameStore, clock: ManualClock) -> None:
    first = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    game_id = await _table(first, [ANA, BO])
    await first.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    other = await first.open_lobby(guild_id=10, channel_id=21, host=BO, settings=FAST, locale="en")
    store.rows[other.game_id] = replace(store.rows[other.game_id], payload={"format": 1, "nonsense": True})
    await first.shutdown()  # the process dies; nothing else happens

    notifier = RecordingNotifier()
    second = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(4))
    assert await second.resume() == [other.game_id]
    assert other.game_id in store.broken and notifier.kinds("broken") == [other.game_id]
    assert second.get(game_id).state.round.peeked[0]
    await _people_play(second, game_id, [ANA, BO], random.Random(6))
    assert len(store.finished) == 1
    await second.shutdown()


async def test_two_starts_at_once_open_one_lobby(service: GameService, store: MemoryGameStore) -> None:
    results = await asyncio.gather(
        *(service.open_lobby(guild_id=10, channel_id=20, host=p, settings=FAST, locale="en") for p in (ANA, BO)),
        return_exceptions=True)
    assert sum(isinstance(r, GameRunningError) for r in results) == 1 and len(store.rows) == 1


async def test_a_computer_decision_for_an_earlier_moment_is_not_applied(
        store: MemoryGameStore, notifier: RecordingNotifier, clock: ManualClock) -> None:
    from bot.service.driver import Unchanged

    # A long pause on the manual clock: the computer player only moves when this test says so.
    service = GameService(store, notifier, clock=clock, computer_pause=60, rng=random.Random(5))
    game_id = await _table(service, [ANA], computers=1)
    await service.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    await service.play(game_id, ANA.user_id, Draw, move_number=0)
    table = service.get(game_id)
    assert table.state is not None
    discard = next(a for a in legal_actions(table.state, 0) if type(a).__name__ == "DiscardDrawn")
    await service.play(game_id, ANA.user_id, lambda s: discard, move_number=1)
    assert service.get(game_id).turn == 1  # the computer player's turn; its pause has not run out
    decided = await service._computer_step(game_id, 1)  # decided off the loop for this moment
    fresh = await service._computer_step(game_id, 1)
    await service.change(game_id, fresh, restart=False)  # ...but the game moved on before it was applied
    moved = service.get(game_id).move_number
    with pytest.raises(Unchanged):
        await service.change(game_id, decided, restart=False)
    assert service.get(game_id).move_number == moved
    await service.shutdown()


async def test_a_restart_redraws_its_tables_a_few_at_a_time(
        store: MemoryGameStore, clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service import resume as service_module

    first = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    games = []
    for channel in range(4):
        table = await first.open_lobby(guild_id=10 + channel, channel_id=30 + channel, host=ANA, settings=FAST,
                                       locale="en")  # a server each: one person hosts at most three on one
        await first.join(table.game_id, BO)
        await first.start(table.game_id, ANA.user_id)
        games.append(table.game_id)
    await first.shutdown()

    monkeypatch.setattr(service_module, "RESUME_REDRAWS_PER_SECOND", 50.0)
    notifier = RecordingNotifier()
    second = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(4))
    await second.resume()
    assert len(notifier.kinds("table")) < len(games)  # not all at once...
    await asyncio.sleep(0.2)
    assert sorted(notifier.kinds("table")) == sorted(games)  # ...but every one soon
    await second.shutdown()


async def test_a_move_whose_save_fails_leaves_the_live_table_as_it_was(service: GameService,
                                                                       store: MemoryGameStore) -> None:
    game_id = await _table(service, [ANA, BO])
    before = service.get(game_id).to_payload()

    async def refused(table: object) -> int:
        raise BusyError("The table is busy, please try again.")

    saving, store.save = store.save, refused  # type: ignore[method-assign]
    with pytest.raises(BusyError):
        await service.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    assert service.get(game_id).to_payload() == before  # the change was made on a copy only
    store.save = saving  # type: ignore[method-assign]
    await service.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    assert service.get(game_id).to_payload() != before


async def test_a_host_who_left_may_not_stop_the_match_but_a_player_or_a_manager_may(service: GameService) -> None:
    game_id = await _table(service, [ANA, BO])
    await service.leave_match(game_id, ANA.user_id)  # Ana opened the table, then left it
    for outsider in (ANA.user_id, EVE.user_id):
        with pytest.raises(NotPlayerOrManagerError):
            await service.close(game_id, outsider, is_manager=False)
    assert service.get(game_id).playing
    await service.close(game_id, BO.user_id, is_manager=False)
    assert service.tables == []
    other = await _table(service, [ANA, BO])
    await service.close(other, EVE.user_id, is_manager=True)  # Manage Server may stop any match
    assert service.tables == []


async def test_a_move_waits_behind_a_slow_save_instead_of_being_refused(service: GameService,
                                                                        store: MemoryGameStore) -> None:
    """A save that takes longer than the old 2 s lock wait: the next move waits for it and goes through."""
    game_id = await _table(service, [ANA, BO])
    release = asyncio.Event()
    saving = store.save

    async def slow_first(table: Table) -> int:
        store.save = saving  # type: ignore[method-assign]
        await release.wait()
        return await saving(table)

    store.save = slow_first  # type: ignore[method-assign]
    first = asyncio.create_task(service.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1))))
    second = asyncio.create_task(service.play(game_id, BO.user_id, lambda s: InitialPeek(s, (0, 1))))
    await asyncio.sleep(2.5)
    assert not second.done()  # still waiting, not refused as busy
    release.set()
    await asyncio.gather(first, second)
    assert all(service.get(game_id).state.round.peeked)  # type: ignore[union-attr]


async def test_the_last_person_leaving_and_the_abandoned_match_are_one_write(service: GameService,
                                                                             store: MemoryGameStore) -> None:
    """A crash or a busy database between the two never keeps the leave without the abandoned match: the computers
    would play the match out in an empty channel and record a loss for everyone who left."""
    game_id = await _table(service, [ANA, BO], computers=1)
    await service.leave_match(game_id, ANA.user_id)
    await service.settled(game_id)
    saves, stored = store.saves, store.rows[game_id].payload

    async def refused(table: object, match: object) -> None:
        raise BusyError("The table is busy, please try again.")

    finishing, store.finish = store.finish, refused  # type: ignore[method-assign]
    with pytest.raises(BusyError):
        await service.leave_match(game_id, BO.user_id)
    assert store.saves == saves and store.rows[game_id].payload == stored  # nothing of Bo's leave was written
    assert not service.get(game_id).seats[1].left  # so Bo may leave again
    store.finish = finishing  # type: ignore[method-assign]
    await service.leave_match(game_id, BO.user_id)
    [match] = store.finished
    assert match.abandoned and store.saves == saves and service.tables == [] and game_id not in store.rows


async def test_clicks_on_games_long_gone_and_new_lobbies_leave_no_lock_behind(service: GameService) -> None:
    game_id = await _table(service, [ANA, BO])
    await service.close(game_id, ANA.user_id, is_manager=False)
    for _ in range(3):  # a button of the game, pressed after it ended
        with pytest.raises(GameGoneError):
            await service.join(game_id, EVE)
    lobby = await service.open_lobby(guild_id=10, channel_id=21, host=EVE, settings=FAST, locale="en")
    await service.close(lobby.game_id, EVE.user_id, is_manager=False)
    assert len(service._locks) == 0  # neither the games' nor the channels' locks stay


async def test_a_turn_whose_time_ran_out_while_the_bot_was_away_starts_again(store: MemoryGameStore,
                                                                             clock: ManualClock) -> None:
    first = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    game_id = await _table(first, [ANA, BO], settings=replace(FAST, turn_timer=30))
    turn = first.get(game_id).turn
    assert turn is not None
    await first.shutdown()  # the bot goes away for ten minutes, past the turn's 30 s
    await clock.advance(600)

    second = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(4))
    await second.resume()
    await clock.advance(0)
    await second.settled(game_id)
    assert second.get(game_id).turn == turn and second.get(game_id).seats[turn].timeouts == 0
    await clock.advance(31)  # the turn's whole timer again, then the stand-in plays it
    await second.settled(game_id)
    assert second.get(game_id).seats[turn].timeouts == 1
    await second.shutdown()


async def test_a_turn_with_seconds_left_when_the_bot_went_away_gets_a_grace_after_it_returns(
        store: MemoryGameStore, clock: ManualClock) -> None:
    first = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    game_id = await _table(first, [ANA, BO], settings=replace(FAST, turn_timer=60))
    turn = first.get(game_id).turn
    assert turn is not None
    await clock.advance(50)
    await first.shutdown()  # the bot goes away with 10 s of the turn left, and is back with 3 s left
    await clock.advance(7)

    second = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(4))
    await second.resume()
    await clock.advance(RESUME_GRACE_S - 1)  # past the turn's old deadline: nobody could click before it
    await second.settled(game_id)
    assert second.get(game_id).turn == turn and second.get(game_id).seats[turn].timeouts == 0
    await clock.advance(2)  # the grace is over: the stand-in plays the turn
    await second.settled(game_id)
    assert second.get(game_id).seats[turn].timeouts == 1
    await second.shutdown()


async def test_turns_begun_and_then_left_to_the_timer_three_times_in_a_row_hand_the_seat_over(
        service: GameService, clock: ManualClock, notifier: RecordingNotifier) -> None:
    game_id = await _table(service, [ANA, BO], settings=replace(FAST, turn_timer=30, point_limit=500))
    for person in (ANA, BO):
        await service.play(game_id, person.user_id, lambda s: InitialPeek(s, (0, 1)))
    for turn in range(3):
        assert service.get(game_id).turn == 0
        await service.play(game_id, ANA.user_id, Draw)  # Ana begins her turn...
        await clock.advance(31)  # ...and leaves it to the timer
        await service.settled(game_id)
        assert service.get(game_id).seats[0].timeouts == turn + 1
        if turn < 2:  # Bo plays his turn himself, to its end
            await service.play(game_id, BO.user_id, Draw)
            await service.play(game_id, BO.user_id, DiscardDrawn)
            await service.settled(game_id)
            assert service.get(game_id).seats[1].timeouts == 0
    assert notifier.kinds("handover") == [0]


async def test_a_service_shut_down_takes_no_move_and_starts_no_computer_player(service: GameService,
                                                                                 store: MemoryGameStore) -> None:
    """A stopping bot could show neither a move nor what follows it (its presenter is going): a click is refused
    with a line saying it is restarting, and the game stays as saved for the next process."""
    game_id = await _table(service, [ANA, BO], computers=1)
    saves = store.saves
    await service.shutdown()
    with pytest.raises(RestartingError):
        await service.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    with pytest.raises(RestartingError):
        await service.open_lobby(guild_id=10, channel_id=99, host=EVE, settings=FAST, locale="en")
    assert store.saves == saves and await _waiting_tasks() == []
    await service.set_message(game_id, 4242)  # the presenter's last table post is still remembered
    assert service.get(game_id).message_id == 4242 and store.rows[game_id].message_id == 4242


async def test_a_next_round_button_of_another_pause_is_refused(service: GameService) -> None:
    game_id = await _table(service, [ANA, BO], settings=replace(FAST, point_limit=500))
    for person in (ANA, BO):
        await service.play(game_id, person.user_id, lambda s: InitialPeek(s, (0, 1)))
    await service.play(game_id, ANA.user_id, WakeUp)  # the round ends: its pause begins
    table = service.get(game_id)
    assert table.paused_until is not None and table.state is not None
    number = table.state.round.number  # what this pause's Next round button carries
    with pytest.raises(StaleButtonError):  # a button of an earlier pause, left on an old table message
        await service.ready_for_next_round(game_id, BO.user_id, number - 1)
    assert service.get(game_id).ready == []
    await service.ready_for_next_round(game_id, BO.user_id, number)
    assert service.get(game_id).ready == [1]


@pytest.mark.parametrize(("locale", "line"), [("en", "All 6 seats are taken."), ("pl", "(najwyżej 6)")])
async def test_a_full_dream21_lobby_names_its_own_six_seats(service: GameService, locale: str, line: str) -> None:
    table = await service.open_lobby(guild_id=10, channel_id=21, host=ANA, settings=Dream21Settings(),
                                     locale=locale, game="dream21")
    for _ in range(5):
        await service.add_computer(table.game_id, ANA.user_id, "easy")
    with pytest.raises(LobbyFullError) as refused:
        await service.join(table.game_id, BO)
    assert line in error_text(refused.value, locale)


@pytest.mark.parametrize(("away", "shown"), [(timedelta(minutes=20), True), (timedelta(hours=2), False)])
async def test_an_ending_not_shown_before_a_restart_is_shown_after_it_unless_long_ago(
        store: MemoryGameStore, clock: ManualClock, monkeypatch: pytest.MonkeyPatch, away: timedelta,
        shown: bool) -> None:
    from bot.service import resume as service_module

    first = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    game_id = await _table(first, [ANA, BO])
    await _people_play(first, game_id, [ANA, BO], random.Random(6))
    assert [owed.game_id for owed in await store.owed_endings()] == [game_id]
    [last_round] = (await store.owed_endings())[0].rounds
    await first.shutdown()  # the process dies before the presenter showed the ending

    await clock.advance(away.total_seconds())
    monkeypatch.setattr(service_module, "RESUME_REDRAWS_PER_SECOND", 50.0)
    notifier = RecordingNotifier()
    second = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(4))
    await second.resume()
    await asyncio.sleep(0.1)  # posted gradually, as the resumed tables are redrawn
    assert notifier.calls == ([("round", last_round), ("match", game_id)] if shown else [])
    assert (await store.owed_endings() != []) == shown  # owed until the presenter says it is shown
    await second.reveal_shown(game_id, last_round)
    assert [owed.rounds for owed in await store.owed_endings()] == ([()] if shown else [])
    await second.ending_shown(game_id)
    assert await store.owed_endings() == []
    await second.shutdown()


async def test_endings_owed_by_many_matches_are_posted_a_few_at_a_time(
        store: MemoryGameStore, clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service import resume as service_module

    first = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    for channel in range(4):
        table = await first.open_lobby(guild_id=10 + channel, channel_id=30 + channel, host=ANA, settings=FAST,
                                       locale="en")
        await first.join(table.game_id, BO)
        await first.start(table.game_id, ANA.user_id)
        await first.settled(table.game_id)
        await _people_play(first, table.game_id, [ANA, BO], random.Random(channel))
    await first.shutdown()
    assert len(await store.owed_endings()) == 4

    monkeypatch.setattr(service_module, "RESUME_REDRAWS_PER_SECOND", 50.0)
    notifier = RecordingNotifier()
    second = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(4))
    await second.resume()
    assert len(notifier.kinds("match")) < 4  # not all at once...
    await asyncio.sleep(0.3)
    assert len(notifier.kinds("match")) == 4  # ...but every one soon
    await second.shutdown()


@pytest.mark.parametrize("pause_over", [False, True])
async def test_a_reveal_a_crash_kept_back_is_posted_after_the_restart_while_the_table_waits_for_it(
        store: MemoryGameStore, clock: ManualClock, monkeypatch: pytest.MonkeyPatch, pause_over: bool) -> None:
    from bot.service import resume as service_module

    first = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    game_id = await _table(first, [ANA, BO])
    await _people_play(first, game_id, [ANA, BO], random.Random(6), until_a_pause=True)
    assert store.rows[game_id].payload["reveals_owed"] == [1]  # saved with the move that ended the round
    if pause_over:  # the next round began before the crash: the reveal's moment has passed
        await first.ready_for_next_round(game_id, ANA.user_id)
        await first.ready_for_next_round(game_id, BO.user_id)
    await first.shutdown()  # the process dies before the presenter posted the reveal

    monkeypatch.setattr(service_module, "RESUME_REDRAWS_PER_SECOND", 50.0)
    notifier = RecordingNotifier()
    second = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(4))
    await second.resume()
    await asyncio.sleep(0.1)
    assert notifier.calls == ([("table", game_id)] if pause_over else [("round", 1), ("table", game_id)])
    if not pause_over:
        await second.reveal_shown(game_id, 1)  # the presenter posted it
        assert store.rows[game_id].payload["reveals_owed"] == [1]  # no write of its own...
        await second.ready_for_next_round(game_id, ANA.user_id)
    else:
        await second.play(game_id, ANA.user_id, lambda s: InitialPeek(s, (0, 1)))
    assert store.rows[game_id].payload["reveals_owed"] == []  # ...it goes with the next save
    await second.shutdown()


async def test_a_posted_reveal_stays_noted_through_a_failed_save_and_an_expired_pause_is_granted_again(
        store: MemoryGameStore, clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service import resume as service_module

    first = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    game_id = await _table(first, [ANA, BO])
    await _people_play(first, game_id, [ANA, BO], random.Random(6), until_a_pause=True)
    await first.reveal_shown(game_id, 1)

    async def refused(table: object) -> int:
        raise BusyError("The table is busy, please try again.")

    saving, store.save = store.save, refused  # type: ignore[method-assign]
    with pytest.raises(BusyError):
        await first.ready_for_next_round(game_id, ANA.user_id)
    store.save = saving  # type: ignore[method-assign]
    await first.ready_for_next_round(game_id, ANA.user_id)  # saved this time: the note went with it
    assert store.rows[game_id].payload["reveals_owed"] == []
    await first.shutdown()

    # Another table's pause runs out while the bot is away, its reveal never posted: the pause starts again.
    second = GameService(store, RecordingNotifier(), clock=clock, computer_pause=0, rng=random.Random(3))
    other = await second.open_lobby(guild_id=11, channel_id=21, host=ANA, settings=FAST, locale="en")
    await second.join(other.game_id, BO)
    await second.start(other.game_id, ANA.user_id)
    await second.settled(other.game_id)
    await _people_play(second, other.game_id, [ANA, BO], random.Random(7), until_a_pause=True)
    await second.shutdown()
    await clock.advance(3600)
    monkeypatch.setattr(service_module, "RESUME_REDRAWS_PER_SECOND", 50.0)
    notifier = RecordingNotifier()
    third = GameService(store, notifier, clock=clock, computer_pause=0, rng=random.Random(4))
    await third.resume()
    await asyncio.sleep(0.1)
    assert ("round", 1) in notifier.calls  # shown, and the people get their pause to look at it
    assert third.get(other.game_id).paused_until == clock.now() + timedelta(seconds=20)
    await third.shutdown()
