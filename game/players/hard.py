"""The hard computer player: the normal strategy with an opponent model and a Wake up! weighed by playing out
sampled deals (determinization) to the end of the round, with an eye on the match standings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from game.actions import Action
from game.observation import Observation
from game.players.belief import Belief
from game.players.normal import NORMAL
from game.players.rollout import determinize, round_scores_after
from game.players.strategy import Params, play
from game.scoring import match_is_over, round_scores, winners
from game.settings import MatchSettings
from game.state import MatchState

# Sampled deals per Wake up! decision; a rollout is longer at a bigger table, so fewer there: under 50 ms at p99.
MAX_ROLLOUTS, ROLLOUT_BUDGET = 16, 64
MULTI_WAKE_MARGIN = 2.0  # the margin at tables of 3 or more, where each rival is a smaller share of the danger
WAKE_GATE = 2.0  # only weigh a call when my estimate is at most this much above the lowest other estimate
# A call must also succeed this often over SUCCESS_SAMPLES sampled deals: a failed call costs the penalty, and at a
# bigger table a gamble that pays on average still loses matches.
SUCCESS_SAMPLES, MIN_SUCCESS, MULTI_MIN_SUCCESS = 32, 0.0, 0.7
# An opponent's card that it knows (and we do not) averages about 2.4 cats once a few turns are played (measured
# over normal-against-normal matches), about 4 in the first turns: sampled with weight 2^(-points / bias).
LOW_BIAS, EARLY_LOW_BIAS = 2.3, 4.5
EARLY_DISCARDS = 4
EARLY_OWNER_BIAS = 1.0
MATCH_WEIGHT = 40.0  # ending the match as its winner (or loser) is worth this many cats
HARD = Params(
    owner_bias=2.6,
    wake_margin=6.5,  # call when calling beats playing on by this many cats on average (tuned in the arena)
    wake_ceiling=14.0,  # do not even consider calling above this estimated sum
    peek_own=1.5,
    peek_other=0.5,
    swap_margin=0.3,
    harm_weight=0.5,
    take_bias=1.0,
)
HARD_EARLY = replace(HARD, owner_bias=EARLY_OWNER_BIAS)


def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Counts cards, expects opponents to keep low cards they know, and weighs Wake up! by playing it out."""
    params = HARD_EARLY if len(obs.discard_pile) <= EARLY_DISCARDS else HARD
    return play(obs, legal, rng, params, rollout_wake)


def rollout_wake(belief: Belief, params: Params, rng: random.Random) -> bool:
    """Call Wake up! when, over sampled deals, calling now beats playing on with the normal strategy."""
    obs = belief.obs
    mine = belief.dream_estimate(belief.seat)
    if mine > params.wake_ceiling or mine > belief.lowest_rival_estimate() + WAKE_GATE:
        return False
    bias = EARLY_LOW_BIAS if len(obs.discard_pile) <= EARLY_DISCARDS else LOW_BIAS
    if _success_rate(belief, rng, bias) < (MIN_SUCCESS if obs.num_seats == 2 else MULTI_MIN_SUCCESS):
        return False
    rollouts = min(MAX_ROLLOUTS, ROLLOUT_BUDGET // obs.num_seats)
    advantage = 0.0
    for _ in range(rollouts):
        state = determinize(obs, rng, bias)
        called = wake_value(obs, state)
        played_on = _utility(obs, state.settings, round_scores_after(state, rng, NORMAL))
        advantage += called - played_on
    margin = params.wake_margin if obs.num_seats == 2 else MULTI_WAKE_MARGIN
    return advantage / rollouts >= margin


def wake_value(obs: Observation, state: MatchState) -> float:
    """The observing seat's utility if it calls Wake up! now in this deal: its real score, penalty included."""
    _, scores, _ = round_scores(state.round.dreams, obs.seat, obs.penalty)
    return _utility(obs, state.settings, scores)


def _success_rate(belief: Belief, rng: random.Random, bias: float) -> float:
    """How often, over sampled deals, my dream is the lowest (or tied): a call would succeed."""
    wins = 0
    for _ in range(SUCCESS_SAMPLES):
        dreams = determinize(belief.obs, rng, bias).round.dreams
        _, _, succeeded = round_scores(dreams, belief.seat, belief.obs.penalty)
        wins += bool(succeeded)
    return wins / SUCCESS_SAMPLES


def _utility(obs: Observation, settings: MatchSettings, scores: Sequence[int]) -> float:
    """How good a round's scores are for the observing seat: its lead over the average rival, or the match if it
    ends."""
    seat = obs.seat
    assert seat is not None
    others = [s for i, s in enumerate(scores) if i != seat]
    totals = [t + s for t, s in zip(obs.totals, scores, strict=True)]
    if match_is_over(settings, totals, len(obs.results) + 1):
        return MATCH_WEIGHT if seat in winners(totals) else -MATCH_WEIGHT
    return sum(others) / len(others) - scores[seat]


__all__ = ["HARD", "hard", "rollout_wake", "wake_value"]
