"""Dreamcats' table rules (bot.service.rulebooks): initial peeks outside the turn order, the public log."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.service.table import LogEntry, Table
from bot.storage.records import RoundRecord
from game.dreamcats import Event, EventKind, InitialPeek, MatchState, Step, new_match

# Take 2's private draw is no news on the table: the next public event says what happened. An initial peek is:
# which two positions a seat looked at is public (RULES.md §4: everything a seat does), never the cards.
_QUIET = {EventKind.TAKE_TWO_DREW}


class DreamcatsRules:
    """Dreamcats at a Discord table."""

    simultaneous = False  # a turn is a draw or a take and what follows

    def begin(self, table: Table, rng: random.Random) -> None:
        """The first round is dealt and the host's seat begins (RULES.md §3.5)."""
        state = new_match(len(table.seats), table.settings, rng, starter=table.seat_of(table.host_id))
        table.state = state
        table.add_log([LogEntry("round_started", state.round.starter, count=1)])

    def log_entries(self, events: Sequence[Any]) -> list[LogEntry]:
        """Every public event but the quiet ones."""
        return [LogEntry.of(e) for e in events if e.is_public and e.kind not in _QUIET]

    def free_action(self, action: Any) -> bool:
        """The initial peek: any seat makes its own at any moment, also between rounds."""
        return isinstance(action, InitialPeek)

    def pause_number(self, state: Any) -> int:
        """The number the Next button carries: state.round.number."""
        return int(state.round.number)

    def side_moves(self, table: Table, rng: random.Random) -> list[Any]:
        """Every computer-played seat that has not made its initial peek makes it now."""
        events: list[Event] = []
        state: MatchState | None = table.state
        if not table.playing or state is None:
            return events
        for index, seat in enumerate(table.seats):
            if seat.computer_plays and seat.strength and not state.round.peeked[index]:
                action = table.mode.computer_action(state, index, seat.strength, rng)
                found = table.mode.apply_action(state, action)
                table.add_log(self.log_entries(found))
                events.extend(found)
        return events

    def waiting_computers(self, table: Table) -> list[int]:
        """None: computer seats act on their turn (and in side_moves)."""
        return []

    def ended_rounds(self, events: Sequence[Any]) -> list[int]:
        """The public Round ended events."""
        return [e.count for e in events if e.kind is EventKind.ROUND_ENDED and e.is_public]

    def untouched_seats(self, table: Table) -> list[int]:
        """The seat in turn at its turn's first step: nothing drawn or taken yet."""
        turn = table.turn
        return [turn] if turn is not None and table.state.round.step is Step.START else []

    def round_records(self, state: Any) -> tuple[RoundRecord, ...]:
        """Caller, success, sums and scores of every round."""
        return tuple(RoundRecord(r.number, r.caller, r.caller_succeeded, tuple(r.sums), tuple(r.scores))
                     for r in state.results)

    def played_as(self, state: Any) -> tuple[str | None, ...]:
        """Nothing: every seat plays the same way."""
        seats: int = state.num_seats
        return (None,) * seats


DREAMCATS_RULES = DreamcatsRules()
