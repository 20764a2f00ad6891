"""The cards a stand-in looked at for a person whose turn timed out (bot.service.unseen): shown to them once, then
forgotten."""

from __future__ import annotations

from bot.service.service import GameService
from bot.service.table import Table
from game.dreamcats import Event


async def mark_peek_shown(service: GameService, game_id: str, seat: int) -> Table:
    """Forget what the seat's stand-in saw (it is being shown now); the saved table."""
    def mutate(table: Table) -> list[Event]:
        table.seats[seat].unseen_peek = ()
        return []

    # A change nobody else sees: no table redraw, and the turn timer runs on.
    table, _ = await service.change(game_id, mutate, restart=False, announce=False)
    return table
