"""The easy computer player: makes 21 when it can, draws when it must, otherwise plays any card that fits."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.dream21.actions import Action
from game.dream21.observation import Observation
from game.dream21.players.common import draw_offered, making_21, plays


def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Sensible but plain: never passes up 21, never plays an ace high for no reason, else picks at random."""
    twenty_one = making_21(obs, legal)
    if twenty_one:
        return twenty_one[0]
    draw = draw_offered(legal)
    if draw is not None:
        return draw
    low = [play for play in plays(legal) if not play.ace_high]
    return rng.choice(low or plays(legal))
