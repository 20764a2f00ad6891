"""Hard and sharp with their halves crossed: one player's card play with the other's Wake up! (issue 11).

The issue found hard's weakness by crossing rules this way. Played against sharp in `bench_paired`, the two
crossings say how much of hard's lead over sharp comes from its card play and how much from its calls:

    .venv/bin/python -m tests.benchmarks.bench_paired --seats 4 --matches 2000 --seed 9201 --players
    hard,tests.benchmarks.crossed_players:sharp_play_hard_wake,tests.benchmarks.crossed_players:hard_play_sharp_wake,sharp

(one command line; JOURNAL.md has the figures).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence

from game.dreamcats.actions import Action, WakeUp
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import Belief
from game.dreamcats.players.strategy import Params, play

# The package exports the player functions under the modules' names, so the modules are imported by path.
hard_module = importlib.import_module("game.dreamcats.players.hard")
sharp_module = importlib.import_module("game.dreamcats.players.sharp")
NEVER = sharp_module.WakeRule(start=-100.0, crowded=-100.0)  # sharp's card play without its calls


def sharp_play_hard_wake(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Sharp's card play; Wake up! when hard would call."""
    call = WakeUp(obs.seat) if obs.seat is not None else None
    if call in legal and isinstance(hard_module.hard(obs, legal, rng), WakeUp):
        return call
    action: Action = sharp_module.play_sharp(obs, legal, NEVER)
    return action


def _sharp_waker(belief: Belief, _params: Params, _rng: random.Random) -> bool:
    return bool(sharp_module.sharp_wakes(sharp_module.sharp_view(belief.obs)))


def hard_play_sharp_wake(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard's card play; Wake up! when sharp would call."""
    return play(obs, legal, rng, hard_module.card_params(obs), _sharp_waker)
