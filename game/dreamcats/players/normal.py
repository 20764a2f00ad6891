"""The normal computer player: counts cards, estimates unknown ones, and wakes up on a threshold."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.dreamcats.actions import Action
from game.dreamcats.observation import Observation
from game.dreamcats.players.strategy import Params, play, threshold_wake

# Expects an opponent's card that it knows to be 2.6 cats under the mean: about sharp's strength (issue 11).
NORMAL = Params(owner_bias=2.6, wake_margin=2.0, wake_per_unknown=3.0, wake_ceiling=6.0)


def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Tracks what it knows, takes discards that lower its expected sum, peeks and uses Swap 2 on high cards."""
    return play(obs, legal, rng, NORMAL, threshold_wake)
