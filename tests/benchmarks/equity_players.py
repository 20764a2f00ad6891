"""Hard with its Wake up! weighing a round's scores by the match's winning chance (issue 11; tried, not kept).

`equity` is hard with `WakeTuning.equity` on at every table (game.dreamcats.players.equity): a call's and playing
on's outcomes are worth their change of hard's chance to win the match, in cats at the present standing, instead of
the round's lead (and ±40 for a round that ends the match). Paired against hard:

    .venv/bin/python -m tests.benchmarks.bench_paired --players hard,tests.benchmarks.equity_players:equity
    --matches 1500 --seed 9701 [--seats 4 --seed 9702]

(one command line; JOURNAL.md has the figures).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from dataclasses import replace

from game.dreamcats.actions import Action
from game.dreamcats.observation import Observation

# The package exports the player functions under the modules' names, so the module is imported by path.
hard_module = importlib.import_module("game.dreamcats.players.hard")


def equity(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard, with a round's scores weighed by the match's winning chance."""
    action: Action = hard_module.play_hard(obs, legal, rng, replace(hard_module.wake_tuning(obs), equity=True))
    return action
