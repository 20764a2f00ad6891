"""Cat Duel computer players: pure functions of a seat's observation, the legal actions and a random generator.

    action = PLAYERS["normal"](observe(state, seat), legal_actions(state, seat), rng)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.catduel.actions import Action
from game.catduel.observation import Observation
from game.catduel.players.easy import easy
from game.catduel.players.hard import hard
from game.catduel.players.normal import normal

Player = Callable[[Observation, Sequence[Action], random.Random], Action]
STRENGTHS: tuple[str, ...] = ("easy", "normal", "hard")
PLAYERS: dict[str, Player] = {"easy": easy, "normal": normal, "hard": hard}

__all__ = ["PLAYERS", "STRENGTHS", "Player"]
