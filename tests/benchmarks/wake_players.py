"""Hard with its Wake-up calling in more places, where `bench_wake_truth` found calls worth more than playing on
(issue 11; tried, not kept).

At three to five seats and a penalty under 10 (the crowded Wake-up), among the weighings whose call succeeds less
often than hard asks (0.8): `success_060` asks only 0.6; `big_margin` also calls whenever the margins add up to 5
cats or more, however often the call succeeds. At two seats and a penalty under 10: `big_margin_two` is
`big_margin` there; `lower_two` calls from a margin of -1.5 cats instead of 0 when the call succeeds often enough.
Elsewhere each is hard. Paired against hard:

    .venv/bin/python -m tests.benchmarks.bench_paired --seats 4 --matches 1500 --seed 9801
    --players hard,tests.benchmarks.wake_players:success_060,tests.benchmarks.wake_players:big_margin
    .venv/bin/python -m tests.benchmarks.bench_paired --seats 2 --matches 1200 --seed 9802
    --players hard,tests.benchmarks.wake_players:big_margin_two,tests.benchmarks.wake_players:lower_two

(each one command line; JOURNAL.md has the figures).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from dataclasses import replace

from game.dreamcats.actions import Action
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import Belief
from game.dreamcats.players.strategy import Params, Waker, play
from game.dreamcats.players.wake import WakeTuning, wake_margins

# The package exports the player functions under the modules' names, so the module is imported by path.
hard_module = importlib.import_module("game.dreamcats.players.hard")
BIG_MARGIN = 5.0


def _crowded(obs: Observation) -> bool:
    return obs.num_seats > 2 and obs.penalty < hard_module.RISKY_PENALTY


def success_060(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard, whose crowded calls need to succeed in 60 % of the sampled deals instead of 80 %."""
    tuning = hard_module.wake_tuning(obs)
    if _crowded(obs):
        tuning = replace(tuning, min_success=0.6)
    action: Action = hard_module.play_hard(obs, legal, rng, tuning)
    return action


def _margin_waker(tuning: WakeTuning, often_from: float, always_from: float) -> Waker:
    """Call when the call succeeds often enough and the margins add up to `often_from`, or to `always_from`."""
    def waker(belief: Belief, params: Params, rng: random.Random) -> bool:
        if not hard_module.passes_gate(belief, params):
            return False
        margins = wake_margins(belief.obs, belief.seat, rng, tuning)
        total = margins.total(tuning)
        return (margins.often and total >= often_from) or total >= always_from

    return waker


def _two_cheap(obs: Observation) -> bool:
    return obs.num_seats == 2 and obs.penalty < hard_module.RISKY_PENALTY


def _hard_or_margins(obs: Observation, legal: Sequence[Action], rng: random.Random, changed: bool,
                     often_from: float, always_from: float) -> Action:
    """Hard, or (where `changed`) hard's card play with the margin waker."""
    tuning = hard_module.wake_tuning(obs)
    if not changed:
        action: Action = hard_module.play_hard(obs, legal, rng, tuning)
        return action
    return play(obs, legal, rng, hard_module.card_params(obs), _margin_waker(tuning, often_from, always_from))


def big_margin(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard, whose crowded Wake-up also calls at a margin of BIG_MARGIN cats however seldom the call succeeds."""
    return _hard_or_margins(obs, legal, rng, _crowded(obs), 0.0, BIG_MARGIN)


def big_margin_two(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard, whose two-seat Wake-up also calls at a margin of BIG_MARGIN cats however seldom the call succeeds."""
    return _hard_or_margins(obs, legal, rng, _two_cheap(obs), 0.0, BIG_MARGIN)


def lower_two(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Hard, whose two-seat Wake-up calls from a margin of -1.5 cats (0 in hard) when the call succeeds often enough."""
    return _hard_or_margins(obs, legal, rng, _two_cheap(obs), -1.5, float("inf"))
