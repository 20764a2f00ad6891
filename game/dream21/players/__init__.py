"""Dream 21 computer players: pure functions of a seat's observation, the legal actions and a random generator.

    action = get_player("hard")(observe(state, seat), legal_actions(state, seat), rng)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence

from game.dream21.actions import Action
from game.dream21.observation import Observation
from game.dream21.players.easy import easy
from game.dream21.players.hard import hard
from game.dream21.players.normal import normal

Player = Callable[[Observation, Sequence[Action], random.Random], Action]
STRENGTHS: tuple[str, ...] = ("easy", "normal", "hard")
PLAYERS: dict[str, Player] = {"easy": easy, "normal": normal, "hard": hard}


class UnknownPlayerError(LookupError):
    """No Dream 21 computer player has that name."""


def get_player(name: str) -> Player:
    """A strength ("easy", "normal", "hard") or any "module:function" with the player signature."""
    if name in PLAYERS:
        return PLAYERS[name]
    module_name, colon, attribute = name.partition(":")
    if not colon or not module_name or not attribute:
        known = ", ".join(STRENGTHS)
        raise UnknownPlayerError(f"Unknown computer player {name!r}: use one of {known} or module:function.")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as exc:
        raise UnknownPlayerError(f"Cannot load computer player {name!r}: {exc}") from exc
    if not callable(found):
        raise UnknownPlayerError(f"{name!r} is not a function.")
    return found  # type: ignore[no-any-return]


__all__ = ["PLAYERS", "STRENGTHS", "Player", "UnknownPlayerError", "get_player"]
