"""Hard with and without the weighed keep-or-throw choice (game.dreamcats.players.keep): `module:function` players
for `bench_paired` and `dreamcats arena`, not offered in Discord.

- `rule`: hard's card-play rule for every choice, with hard's Wake up! at any table (hard before 2026-11-27's
  keep weighing);
- `weighed`: hard's weighing of a drawn number card's keep-or-throw choice at any number of seats (hard weighs it at
  two seats only).

Run: .venv/bin/python -m tests.benchmarks.bench_paired --seats 2 --matches 1000 --seed 4242
     --players tests.benchmarks.keep_players:rule,hard
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.dreamcats.actions import Action
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import belief_of
from game.dreamcats.players.hard import card_params, sampled_waker, wake_tuning
from game.dreamcats.players.keep import keeps_or_throws, weighed_keep
from game.dreamcats.players.strategy import own_shifts, play


def rule(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard's card-play rule and Wake up!, without the weighed keep-or-throw choice."""
    return play(obs, legal, rng, card_params(obs), sampled_waker(wake_tuning(obs)))


def weighed(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard, with the keep-or-throw choice weighed at any number of seats."""
    action = rule(obs, legal, rng)
    if not keeps_or_throws(obs, action):
        return action
    params = card_params(obs)
    return weighed_keep(belief_of(obs, params.owner_bias, own_shifts(obs, params)), action, wake_tuning(obs))
