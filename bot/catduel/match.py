"""The Cat Duel match of a table, for the Cat Duel messages and clicks."""

from __future__ import annotations

from bot.service import StaleButtonError, Table
from game.catduel import MatchState


def match_of(table: Table) -> MatchState:
    """The table's Cat Duel match; a button of this game pressed on another game's table is stale."""
    if not isinstance(table.state, MatchState):
        raise StaleButtonError("That button belongs to another game.")
    return table.state
