"""The Dream 21 match of a table, for the Dream 21 messages and clicks."""

from __future__ import annotations

from bot.service import StaleButtonError, Table
from game.dream21 import MatchState


def match_of(table: Table) -> MatchState:
    """The table's Dream 21 match; a button of this game pressed on another game's table is stale."""
    if not isinstance(table.state, MatchState):
        raise StaleButtonError("That button belongs to another game.")
    return table.state
