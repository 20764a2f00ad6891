"""Moves on a Table: a person's action, a computer player's step, a timed-out turn, leaving; all public-log aware."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any, TypeAlias

from bot.service.errors import (
    NotHostOrManagerError,
    NotPausedError,
    NotPlayerOrManagerError,
    NotPlayingError,
    NotSeatedError,
    PauseNotOverError,
    RoundPausedError,
    SeatTakenOverError,
)
from bot.service.rulebooks import rules_of
from bot.service.table import STAND_IN_STRENGTH, LogEntry, Table
from bot.service.unseen import unseen_since
from bot.storage.records import DREAMCATS
from game.dreamcats.tracking import seen_since

# The service handles the actions and events of every game alike (game.modes); each game's own code knows them.
Action: TypeAlias = Any
Event: TypeAlias = Any

# After this many timed-out turns in a row the seat is handed to a computer player (RULES.md §7).
MAX_TIMEOUTS = 3
ROUND_PAUSE = 20  # seconds between a round's reveal and the next round's first move, unless everyone is ready


def apply_logged(table: Table, action: Action) -> list[Event]:
    """Apply an engine action and log its public events."""
    assert table.state is not None
    events = list(table.mode.apply_action(table.state, action))
    table.add_log(rules_of(table).log_entries(events))
    return events


def person_seat(table: Table, user_id: int) -> int:
    """The seat a person plays themselves; refuses spectators and seats a computer has taken over."""
    if not table.playing:
        raise NotPlayingError("The match is not running.")
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeatedError("You are not playing at this table.")
    if table.seats[seat].computer_plays:
        raise SeatTakenOverError("A computer player has taken over your seat.")
    return seat


def person_move(table: Table, seat: int, action: Action) -> list[Event]:
    """A person's own action; a turn they end themselves (or a phase's choice) resets their run of timed-out turns.

    A turn begun (a card drawn) and then left to the timer is a timed-out turn all the same (RULES.md §7): three
    such turns in a row hand the seat over, as three untouched ones do.
    """
    rules = rules_of(table)
    free = rules.free_action(action)  # e.g. peeking at the new cards between rounds
    if table.paused_until is not None and not free:
        raise RoundPausedError(table.game)
    turn_key = table.turn_key
    events = apply_logged(table, action)
    if not free:  # playing on themselves: what a stand-in saw for them (bot.service.unseen) is not shown after it
        table.seats[seat].unseen_peek = ()
    if not free and (table.turn_key != turn_key or rules.simultaneous):
        table.seats[seat].timeouts = 0
    return events


def computer_action(table: Table, seat: int, strength: str, rng: random.Random) -> Action:
    """What the computer player of that strength does now for the seat (it sees only the seat's view)."""
    assert table.state is not None
    return table.mode.computer_action(table.state, seat, strength, rng)


def play_out_turn(table: Table, seat: int, strength: str, rng: random.Random) -> list[Event]:
    """Let a computer player finish the seat's current turn (initial peek included)."""
    assert table.state is not None
    key, events = table.turn_key, []
    while table.playing and table.turn_key == key and table.turn == seat:
        events.extend(apply_logged(table, computer_action(table, seat, strength, rng)))
    return events


def timed_out(table: Table, seat: int, rng: random.Random) -> list[Event]:
    """The turn timer ran out: the computer plays the turn; after three in a row it keeps the seat."""
    record = table.seats[seat]
    record.timeouts += 1
    table.add_log([LogEntry("timeout", seat)])
    if record.timeouts >= MAX_TIMEOUTS:  # said before the turn is played: its move may end the round (or hand)
        record.strength, record.handed_over, record.handover_owed = STAND_IN_STRENGTH, True, True
        table.add_log([LogEntry("handover", seat)])
    assert table.turn_key is not None
    round_number = table.turn_key[0]
    # Dreamcats: the person is shown later the cards the stand-in looked at for them (bot.service.stand_in), from
    # where its first turn they have not seen yet began in the round's public history.
    start = len(table.state.round.history) if table.game == DREAMCATS else None
    events = play_out_turn(table, seat, STAND_IN_STRENGTH, rng)
    if start is not None and not record.handed_over and unseen_since(table, seat) is None and (
            table.state.round.number == round_number and seen_since(table.state.round.history, seat, start)):
        record.unseen_peek = (round_number, start)  # only where the stand-in saw a card still in a dream
    return events


def leave_match(table: Table, user_id: int) -> int:
    """A person leaves a running match; a computer player takes the seat, the result still counts as theirs."""
    seat = person_seat(table, user_id)
    record = table.seats[seat]
    record.left, record.strength = True, STAND_IN_STRENGTH
    table.add_log([LogEntry("left", seat)])
    if table.paused_until is not None:  # between rounds: the leaver's Next no longer counts, nor is it waited for
        table.ready = [ready for ready in table.ready if ready != seat]
        if table.people_playing and set(table.people_playing) <= set(table.ready):
            table.paused_until, table.ready = None, []
    return seat


def pause_after_round(table: Table, events: list[Event], now: datetime) -> None:
    """A round just ended with people at the table: the next one waits ROUND_PAUSE s, or until they are all ready."""
    ended = rules_of(table).ended_rounds(events)
    if ended and table.playing and table.people_playing:
        table.paused_until, table.ready = now + timedelta(seconds=ROUND_PAUSE), []


def ready_for_next_round(table: Table, seat: int) -> None:
    """The person at `seat` pressed Next round; once every person playing has, the round goes on at once."""
    if table.paused_until is None:
        raise NotPausedError(table.game)
    if seat not in table.ready:
        table.ready.append(seat)
    if set(table.people_playing) <= set(table.ready):
        table.paused_until, table.ready = None, []


def end_pause(table: Table, now: datetime) -> None:
    """The pause between rounds ran out (a stale wake-up changes nothing)."""
    if table.paused_until is None or table.paused_until > now:
        raise PauseNotOverError("The pause is not over.")
    table.paused_until, table.ready = None, []


def refresh_deadline(table: Table, before: tuple[int, int] | None, now: datetime) -> None:
    """A new person's turn gets a fresh deadline; a computer's turn, a pause or the end of the match has none. Where
    the seats choose at once, the one clock runs on while any person still has to choose in the phase (one who
    leaves hands the others no new time)."""
    turn = table.turn
    if turn is None or table.paused_until is not None or not _person_to_act(table, turn):
        table.deadline = None
    elif table.turn_key != before or table.deadline is None:
        table.deadline = now + timedelta(seconds=table.settings.turn_timer)


def _person_to_act(table: Table, turn: int) -> bool:
    """Whether a person is to act now: the seat in turn, or, where the seats choose at once, any seat still to."""
    if not table.seats[turn].computer_plays:
        return True
    rules = rules_of(table)
    # waiting_computers lists the computer seats still to choose only while a person has to choose too
    return rules.simultaneous and bool(rules.waiting_computers(table))


def may_close(table: Table, user_id: int, *, is_manager: bool) -> None:
    """A lobby may be cancelled by its host, a match stopped by a person still playing at it (one who left may not
    erase the others' results); Manage Server may do both. Raises the refusal."""
    if is_manager:
        return
    if table.state is None:
        if user_id != table.host_id:
            raise NotHostOrManagerError("Only the host or a server manager can do that.")
        return
    seat = table.seat_of(user_id)
    if seat is None or table.seats[seat].left:
        raise NotPlayerOrManagerError("Only a player at this table or a server manager can stop the match.")
