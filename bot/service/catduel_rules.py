"""Cat Duel's table rules (bot.service.rulebooks): simultaneous secret choices, one clock for everyone.

Every seat with something to choose is an actor at once (game.catduel.mode). The service's "turn" is the lowest
seat still to choose, so its single deadline is set when a phase of choosing begins and kept until the phase is
over: everyone shares one clock, and when it runs out the seats still choosing are played by the stand-in one
after the other at once. Computer seats choose the moment a phase begins while a person has to choose too (the
driver decides for them off the event loop; their choices stay as secret as anyone's).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.service.table import LogEntry, Table
from bot.storage.records import RoundRecord
from game.catduel import Cat, EventKind, new_match, observe

DUEL_STARTED = "duel_started"  # the table-log entry that opens a duel (count: its number)


class CatDuelRules:
    """Cat Duel at a Discord table."""

    simultaneous = True  # a choice is the seat's move of the phase, changeable until every seat has chosen

    def begin(self, table: Table, rng: random.Random) -> None:
        """The seats' cats are their lobby picks; a seat without one gets a random free cat (RULES-catduel §1)."""
        cats = [_cat(seat.choice) for seat in table.seats]
        table.state = new_match(len(table.seats), table.settings, rng, cats=cats)
        table.add_log([LogEntry(DUEL_STARTED, count=1)])

    def log_entries(self, events: Sequence[Any]) -> list[LogEntry]:
        """Only the start of each duel: the table shows the duel's own public history (the reveals and what they
        did), and the log keeps what happens around it (time-outs, hand-overs, leaving)."""
        return [LogEntry(DUEL_STARTED, count=e.count) for e in events if e.kind is EventKind.DUEL_STARTED]

    def free_action(self, action: Any) -> bool:
        """None: a choice is the seat's move of the phase (it resets its run of time-outs)."""
        return False

    def pause_number(self, state: Any) -> int:
        """The number the Next button carries: state.duel.number."""
        return int(state.duel.number)

    def side_moves(self, table: Table, rng: random.Random) -> list[Any]:
        """None here: the driver lets computer seats choose the moment a phase opens (bot.service.driver), deciding
        off the event loop like every computer move."""
        return []

    def waiting_computers(self, table: Table) -> list[int]:
        """The computer-played seats that have not chosen yet in this phase (one that has keeps its choice), while
        a person has to choose too: once only computer seats are left, they choose in turn after the driver's
        pause, so a table whose people are all out (or gone) never races through its rounds."""
        if not table.playing:
            return []
        waiting = observe(table.state, None).waiting_for
        if all(table.seats[seat].computer_plays for seat in waiting):
            return []
        return [seat for seat in waiting if table.seats[seat].computer_plays]

    def ended_rounds(self, events: Sequence[Any]) -> list[int]:
        """The Duel ended events, but not the match's last (its standings say it): the table pauses between duels.
        A round's reveal needs no pause: it stays on the table while the next choices are made."""
        if any(e.kind is EventKind.MATCH_ENDED for e in events):
            return []
        return [e.count for e in events if e.kind is EventKind.DUEL_ENDED]

    def untouched_seats(self, table: Table) -> list[int]:
        """Every seat still to choose in this phase (the seats choose at once)."""
        return list(observe(table.state, None).waiting_for) if table.playing else []

    def round_records(self, state: Any) -> tuple[RoundRecord, ...]:
        """One record per duel: the rounds each cat survived (its "sums", so the standings' sums per round are Cat
        Duel's rounds survived per duel) and 1 for each winner (its scores, so the scores added up are duels won)."""
        return tuple(RoundRecord(r.number, None, None, tuple(r.survived),
                                 tuple(int(seat in r.winners) for seat in range(len(r.hps))))
                     for r in state.results)

    def played_as(self, state: Any) -> tuple[str | None, ...]:
        """Each seat's cat."""
        return tuple(str(cat) for cat in state.cats)


def _cat(choice: str | None) -> Cat | None:
    """The cat a lobby pick names (None: no pick, or one this version does not know)."""
    return next((cat for cat in Cat if cat.value == choice), None)


CATDUEL_RULES = CatDuelRules()
