"""The initial peek a stand-in made for a person whose turn timed out first: shown to them once, then forgotten."""

from __future__ import annotations

from bot.service.service import GameService
from bot.service.table import Table
from game.dreamcats import Event


def unseen_peek(table: Table, seat: int) -> tuple[int, ...]:
    """The positions the stand-in looked at for the seat this round and the person has not been shown; or ()."""
    peek = table.seats[seat].unseen_peek
    if table.state is None or len(peek) != 3 or peek[0] != table.state.round.number:
        return ()
    return peek[1:]


async def mark_peek_shown(service: GameService, game_id: str, seat: int) -> Table:
    """Forget the seat's unseen stand-in peek (it is being shown now); the saved table."""
    def mutate(table: Table) -> list[Event]:
        table.seats[seat].unseen_peek = ()
        return []

    # A change nobody else sees: no table redraw, and the turn timer runs on.
    table, _ = await service.change(game_id, mutate, restart=False, announce=False)
    return table
