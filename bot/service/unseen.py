"""What a stand-in saw for a person whose turn timed out, until they are shown it (bot.service.stand_in)."""

from __future__ import annotations

from bot.service.table import Table


def unseen_since(table: Table, seat: int) -> int | None:
    """Where in this round's public history the stand-in began to look at cards the person has not been shown (its
    initial peek, a drawn card kept, Peek 1); None when there is nothing to show."""
    marked = table.seats[seat].unseen_peek  # (round, start); (round, position, position) before 2026-12-01
    if table.state is None or len(marked) not in (2, 3) or marked[0] != table.state.round.number:
        return None
    return marked[1] if len(marked) == 2 else 0
