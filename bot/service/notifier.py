"""What the game service tells the presentation side (Notifier), and what a person's accepted move gives back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.service.store import StoredGame
from bot.service.table import Table


class Notifier(Protocol):
    """What the service tells the presentation side; every method returns at once (the work is queued)."""

    def table_changed(self, table: Table) -> None:
        """Redraw the table (or lobby) message."""

    def round_ended(self, table: Table, number: int) -> None:
        """Show the reveal and the scores of round (or hand) `number`."""

    def match_ended(self, table: Table) -> None:
        """Show the final standings."""

    def seat_handed_over(self, table: Table, seat: int) -> None:
        """Tell a person that a computer player now plays their seat."""

    def game_closed(self, table: Table, reason: str) -> None:
        """The game was cancelled or stopped ("cancelled" / "stopped")."""

    def game_broken(self, stored: StoredGame, reason: str) -> None:
        """A live game could not be read after a restart."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A person's accepted move: its events (incl. their private ones) and their view right after it."""

    table: Table
    seat: int
    events: list[Any]  # of the table's game
    view: Any  # the seat's observation


__all__ = ["Notifier", "Outcome"]
