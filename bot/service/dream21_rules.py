"""Dream 21's table rules (bot.service.rulebooks): every move is on the turn, the hand's history is the log."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.service.table import LogEntry, Table
from bot.storage.records import RoundRecord
from game.dream21 import EventKind, new_match

HAND_STARTED = "hand_started"  # the table-log entry that opens a hand (seat: its dealer, count: its number)


class Dream21Rules:
    """Dream 21 at a Discord table."""

    simultaneous = False  # a turn may be a draw and a play

    def begin(self, table: Table, rng: random.Random) -> None:
        """The first hand is dealt by the host's seat (RULES-dream21.md §3)."""
        table.state = new_match(len(table.seats), table.settings, rng, dealer=table.seat_of(table.host_id))
        table.add_log([LogEntry(HAND_STARTED, table.state.hand.dealer, count=1)])

    def log_entries(self, events: Sequence[Any]) -> list[LogEntry]:
        """Only the start of each hand: the table shows the hand's own public history (every card played, who drew,
        who took a trick), and the log keeps what happens around it (time-outs, hand-overs) for the hand."""
        return [LogEntry(HAND_STARTED, e.seat, count=e.count) for e in events if e.kind is EventKind.HAND_STARTED]

    def free_action(self, action: Any) -> bool:
        """None: Draw and Play are made on the seat's turn."""
        return False

    def pause_number(self, state: Any) -> int:
        """The number the Next button carries: state.hand.number."""
        return int(state.hand.number)

    def side_moves(self, table: Table, rng: random.Random) -> list[Any]:
        """None: nobody acts outside the turn order."""
        return []

    def waiting_computers(self, table: Table) -> list[int]:
        """None: computer seats act on their turn (and in side_moves)."""
        return []

    def ended_rounds(self, events: Sequence[Any]) -> list[int]:
        """The Hand ended events."""
        return [e.count for e in events if e.kind is EventKind.HAND_ENDED]

    def untouched_seats(self, table: Table) -> list[int]:
        """The seat in turn before it drew a card."""
        turn = table.turn
        return [turn] if turn is not None and table.state.hand.drawn is None else []

    def round_records(self, state: Any) -> tuple[RoundRecord, ...]:
        """Each hand's tricks taken (as its "sums") and scores; Dream 21 has no Wake-up caller to keep."""
        return tuple(RoundRecord(r.number, None, None, tuple(r.tricks), tuple(r.scores))
                     for r in state.results)

    def played_as(self, state: Any) -> tuple[str | None, ...]:
        """Nothing: every seat plays the same way."""
        seats: int = state.num_seats
        return (None,) * seats


DREAM21_RULES = Dream21Rules()
