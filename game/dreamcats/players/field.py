"""The tuning field beside sharp: an aggressive early caller and a cautious one, with sharp's card play."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.dreamcats.actions import Action
from game.dreamcats.observation import Observation
from game.dreamcats.players.sharp import WakeRule, play_sharp

EAGER_RULE = WakeRule(start=14.0, crowded=11.0, per_turn=0.5, lead=1.0)
CAUTIOUS_RULE = WakeRule(start=6.0, crowded=5.0, per_turn=0.0, lead=5.0)


def eager(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Sharp's card play, calling Wake up! early on a thin lead."""
    return play_sharp(obs, legal, EAGER_RULE)


def cautious(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Sharp's card play, calling Wake up! only with a tiny dream far below every rival's."""
    return play_sharp(obs, legal, CAUTIOUS_RULE)
