"""The hard computer player: the normal strategy with an opponent model and a sampled, match-aware Wake up!."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.actions import Action, Slot
from game.cards import DREAM_SIZE
from game.observation import Observation
from game.players.belief import Belief
from game.players.strategy import Params, play

SAMPLES = 96
HARD = Params(
    owner_bias=1.5,
    wake_margin=1.0,
    wake_per_unknown=1.0,
    wake_ceiling=16.0,
    peek_own=1.5,
    peek_other=0.5,
    swap_margin=0.3,
    harm_weight=0.5,
)


def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Counts cards, expects opponents to keep low cards they know, and weighs Wake up! by sampled deals."""
    return play(obs, legal, rng, HARD, sampled_wake)


def sampled_wake(belief: Belief, params: Params, rng: random.Random) -> bool:
    """Deal the unseen cards many times (a determinization) and call when calling now pays off."""
    obs = belief.obs
    seat, seats = belief.seat, obs.num_seats
    weights = _weights(belief)
    gain = 0.0
    match_wins = match_ends = 0
    for _ in range(SAMPLES):
        sums = _sample_sums(belief, weights, rng)
        mine = sums[seat]
        lowest_other = min(s for i, s in enumerate(sums) if i != seat)
        score = mine + (obs.penalty if mine > lowest_other else 0)
        gain += lowest_other - score
        totals = [t + (score if i == seat else s) for i, (t, s) in enumerate(zip(obs.totals, sums, strict=True))]
        if obs.fixed_rounds is None and max(totals) >= obs.point_limit:
            match_ends += 1
            match_wins += totals[seat] <= min(totals)
    if match_ends > SAMPLES // 4:
        # Calling may end the match: call only if that very likely means winning it.
        return match_wins >= 0.8 * match_ends and match_ends >= SAMPLES // 2
    unknown = len(belief.unknown_positions(seat))
    needed = params.wake_margin + params.wake_per_unknown * unknown + 0.0 * seats
    return gain / SAMPLES >= needed and belief.dream_estimate(seat) <= params.wake_ceiling


def _weights(belief: Belief) -> list[float]:
    # Opponents keep the cards they know only while those are low: weigh low cards up for such slots.
    return [2.0 ** (-points / 3.0) for points in belief.unseen]


def _sample_sums(belief: Belief, weights: list[float], rng: random.Random) -> list[int]:
    obs = belief.obs
    pool = list(belief.unseen)
    live = list(weights)
    sums = []
    for seat in range(obs.num_seats):
        total = 0
        for position in range(DREAM_SIZE):
            slot = Slot(seat, position)
            points = belief.known_points(slot)
            if points is None:
                biased = seat != belief.seat and slot in obs.known_slots[seat]
                index = _pick(rng, live) if biased else rng.randrange(len(pool))
                points = pool[index]
                pool[index], live[index] = pool[-1], live[-1]
                pool.pop()
                live.pop()
            total += points
        sums.append(total)
    return sums


def _pick(rng: random.Random, weights: list[float]) -> int:
    return rng.choices(range(len(weights)), weights=weights)[0]
