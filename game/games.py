"""Every game of the family, by the key stored with its matches: a new game adds its package and one line here."""

from __future__ import annotations

from typing import Any

from game.catduel.mode import CATDUEL
from game.dream21.mode import DREAM21
from game.dreamcats.mode import DREAMCATS
from game.modes import GameMode, UnknownGameError

# The flagship first: the order of every command's game choices.
GAMES: dict[str, GameMode[Any, Any, Any]] = {mode.key: mode for mode in (DREAMCATS, DREAM21, CATDUEL)}


def game_mode(key: str) -> GameMode[Any, Any, Any]:
    """The game of that key; UnknownGameError if there is none."""
    found = GAMES.get(key)
    if found is None:
        raise UnknownGameError(f"There is no game {key!r}; there are {', '.join(GAMES)}.")
    return found


__all__ = ["GAMES", "game_mode"]
