"""The normal computer player: makes 21 when it can and gets rid of its highest cards, keeping its aces."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.dream21.actions import Action, Play
from game.dream21.observation import Observation
from game.dream21.players.common import draw_offered, making_21, plays


def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Makes 21 whenever it can, draws when it must, and sheds its highest card (an ace last, counted 1)."""
    twenty_one = making_21(obs, legal)
    if twenty_one:
        return twenty_one[0]
    draw = draw_offered(legal)
    if draw is not None:
        return draw
    options = [play for play in plays(legal) if not play.ace_high]
    return max(options, key=lambda play: _shed_order(play, rng))


def _shed_order(play: Play, rng: random.Random) -> tuple[bool, int, float]:
    # Aces last (they fit anywhere), then the highest value; equal cards are picked at random.
    return (not play.card.is_ace, play.value, rng.random())
