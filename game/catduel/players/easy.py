"""The easy computer player: any legal choice at random."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.catduel.actions import Action
from game.catduel.observation import Observation


def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Plays like a beginner: a random legal choice (a random move, target and card)."""
    return rng.choice(list(legal))
