"""What the service needs of each game beyond its engine (game.modes): the deal, the table log, the moves it
makes by itself, where a round ends and what the standings keep of each round. A new game adds one module and one
line in RULEBOOKS; the service, the lobby and storage never look inside a game's state themselves."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from bot.service.catduel_rules import CATDUEL_RULES
from bot.service.dream21_rules import DREAM21_RULES
from bot.service.dreamcats_rules import DREAMCATS_RULES
from bot.service.table import LogEntry, Table
from bot.storage.records import RoundRecord


class TableRules(Protocol):
    """One game's table rules as the service uses them."""

    def begin(self, table: Table, rng: random.Random) -> None:
        """Deal the first round: the host's seat begins (or deals) where the game has such a seat."""
        ...

    def log_entries(self, events: Sequence[Any]) -> list[LogEntry]:
        """The table-log lines of an action's events (public ones only)."""
        ...

    def free_action(self, action: Any) -> bool:
        """An action a seat may make outside its turn and between rounds (it is not acting on its turn)."""
        ...

    def pause_number(self, state: Any) -> int:
        """The round (hand, duel) whose pause the Next button of this moment belongs to (the number it carries)."""
        ...

    # Whether the seats choose at once, each choice the seat's whole move of its phase; else a turn counts as the
    # person's own only once their own action ends it.
    simultaneous: bool

    def side_moves(self, table: Table, rng: random.Random) -> list[Any]:
        """What computer-played seats do outside the turn order now (their events)."""
        ...

    def waiting_computers(self, table: Table) -> list[int]:
        """Computer-played seats that are to act now outside the turn order, decided off the event loop by the
        driver (bot.service.driver) without a pause: simultaneous choices. Not those side_moves makes."""
        ...

    def ended_rounds(self, events: Sequence[Any]) -> list[int]:
        """The numbers of the rounds (hands) these events ended."""
        ...

    def untouched_seats(self, table: Table) -> list[int]:
        """The seats to act now that have not begun yet (nothing drawn, held or chosen): the seat in turn, or every
        seat still to choose where the seats choose at once. Moments to remind a person (bot.turn_pings)."""
        ...

    def round_records(self, state: Any) -> tuple[RoundRecord, ...]:
        """The finished rounds (hands) as the standings keep them."""
        ...

    def played_as(self, state: Any) -> tuple[str | None, ...]:
        """What each seat played as, where the game has such a choice (Cat Duel: its cat's key), else None."""
        ...


RULEBOOKS: dict[str, TableRules] = {"dreamcats": DREAMCATS_RULES, "dream21": DREAM21_RULES,
                                     "catduel": CATDUEL_RULES}


def rules_of(table: Table) -> TableRules:
    """The table rules of the table's game (its key was checked when the table was made or read)."""
    return RULEBOOKS[table.game]


__all__ = ["RULEBOOKS", "TableRules", "rules_of"]
