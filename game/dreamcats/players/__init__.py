"""Computer players: pure functions of a seat's observation, the legal actions and a random generator.

    action = choose("hard", observe(state, seat), legal_actions(state, seat), rng)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence

from game.dreamcats.actions import Action
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import NotSeatedError
from game.dreamcats.players.easy import easy
from game.dreamcats.players.field import cautious, eager
from game.dreamcats.players.hard import hard
from game.dreamcats.players.normal import normal
from game.dreamcats.players.sharp import sharp

Player = Callable[[Observation, Sequence[Action], random.Random], Action]
STRENGTHS: tuple[str, ...] = ("easy", "normal", "hard")
PLAYERS: dict[str, Player] = {"easy": easy, "normal": normal, "hard": hard}  # the strengths offered in Discord
# Sparring partners for the arena only: sharp (issue 11) and the field that players are tuned against.
SPARRING: dict[str, Player] = {"sharp": sharp, "eager": eager, "cautious": cautious}


class UnknownPlayerError(LookupError):
    """No computer player has that name."""


def get_player(name: str) -> Player:
    """A strength ("easy", "normal", "hard"), a sparring partner ("sharp", "eager", "cautious") or any
    "module:function" with the player signature."""
    if name in PLAYERS:
        return PLAYERS[name]
    if name in SPARRING:
        return SPARRING[name]
    module_name, colon, attribute = name.partition(":")
    if not colon or not module_name or not attribute:
        known = ", ".join([*STRENGTHS, *SPARRING])
        raise UnknownPlayerError(f"Unknown computer player {name!r}: use one of {known} or module:function.")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as exc:
        raise UnknownPlayerError(f"Cannot load computer player {name!r}: {exc}") from exc
    if not callable(found):
        raise UnknownPlayerError(f"{name!r} is not a function.")
    return found  # type: ignore[no-any-return]


def choose(strength: str, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """The action the named computer player picks among the legal ones."""
    return get_player(strength)(obs, legal, rng)


__all__ = ["PLAYERS", "SPARRING", "STRENGTHS", "NotSeatedError", "Player", "UnknownPlayerError", "choose", "get_player"]
