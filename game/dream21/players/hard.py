"""The hard computer player: reads the other seat's hand at two seats, counts unseen cards, plays out guesses.

At two seats each candidate play is scored by play-outs on guessed deals that fit the other seat's past moves
(heads_up.py, belief.py), against the chance of winning the match. At three seats or more each candidate play
is scored by a look-ahead over the rest of the trick (lookahead.py: the odds that the next seat makes 21 or
cannot play, from the unseen cards) plus the mean of quick play-outs of the whole hand on guessed hidden cards
(rollout.py), plus a bonus per point of value shed. Tuned against normal on arena seeds 1001+.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.dream21.actions import Action, Play
from game.dream21.cards import TARGET
from game.dream21.observation import Observation
from game.dream21.players import heads_up, rollout
from game.dream21.players.common import draw_offered, free_plays, making_21, plays, unseen_counts
from game.dream21.players.lookahead import Trick, guess_hands, values_of


@dataclass(frozen=True, slots=True)
class Weights:
    """The hard player's knobs."""

    rollouts: int = 16  # play-outs per candidate; 0 scores by the trick look-ahead alone
    trick: float = 1.0  # weight of the trick look-ahead's value beside the play-outs' mean result
    trick_weight: float = 1.0  # a trick taken, in cards shed
    # How many unseen cards each free play of the next seat is taken to have passed over: 1 and 2 (a hand of
    # low cards kept) tuned worse than 0 (a uniform guess).
    shed_memory: int = 0
    guesses: int = 200  # guesses at the next seat's hand
    shed: float = 0.4  # per point of card value played (high cards are hard to place later)
    keep_ace: float = 0.3  # an ace kept fits anywhere
    depth: int = 2  # 4 tuned no better and is too slow for 50 ms


HARD = Weights()


SEARCH = heads_up.Search()


def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Makes 21 when it can; else plays the card whose play-outs (and, at 3+ seats, trick odds) look best."""
    if obs.num_seats == 2:
        return duel(obs, legal, rng, SEARCH)
    return choose(obs, legal, rng, HARD)


def duel(obs: Observation, legal: Sequence[Action], rng: random.Random, search: heads_up.Search) -> Action:
    """The two-seat decision: 21 and draws as usual, the rest by the guessed-deal search of heads_up.py."""
    forced, options = _forced_or_options(obs, legal)
    if forced is not None:
        return forced
    return heads_up.decide(obs, options, rng, search)


def choose(obs: Observation, legal: Sequence[Action], rng: random.Random, weights: Weights) -> Action:
    """The hard player's decision with the given weights."""
    forced, options = _forced_or_options(obs, legal)
    if forced is not None:
        return forced
    counts = unseen_counts(obs)
    trick = _trick(obs, counts, rng, weights)
    scores = {play: _static(obs, play, trick, weights) for play in options}
    if weights.rollouts:
        for play, mean in _play_outs(obs, options, counts, rng, weights.rollouts).items():
            scores[play] += mean
    return max(options, key=lambda play: (scores[play], rng.random()))


def _forced_or_options(obs: Observation, legal: Sequence[Action]) -> tuple[Action | None, list[Play]]:
    """The move that needs no weighing (21 with the highest card, aces last; a draw; the one distinct play), or
    None and the distinct plays to weigh."""
    twenty_one = making_21(obs, legal)
    if twenty_one:
        return max(twenty_one, key=lambda play: (not play.card.is_ace, play.card.value)), []
    draw = draw_offered(legal)
    if draw is not None:
        return draw, []
    options = _distinct(plays(legal))
    return (options[0] if len(options) == 1 else None), options


def _distinct(options: list[Play]) -> list[Play]:
    """One play per (value, count): suits make no difference."""
    seen: dict[tuple[int, int], Play] = {}
    for play in options:
        seen.setdefault((play.card.value, play.value), play)
    return list(seen.values())


def _trick(obs: Observation, counts: list[int], rng: random.Random, weights: Weights) -> Trick:
    seat = obs.seat if obs.seat is not None else obs.turn
    following = (seat + 1) % obs.num_seats
    shed = weights.shed_memory * free_plays(obs, following)
    guesses = guess_hands(counts, obs.hand_sizes[following], shed, rng, weights.guesses)
    return Trick(counts, guesses, obs.draw_count > 0, obs.num_seats == 2, depth=weights.depth,
                 trick=weights.trick_weight)


def _static(obs: Observation, play: Play, trick: Trick, weights: Weights) -> float:
    rest = [card.value for card in obs.hand]
    rest.remove(play.card.value)
    value = weights.trick * trick.after_my_play(TARGET - obs.total - play.value, values_of(rest))
    value += weights.shed * play.card.value
    return value - (weights.keep_ace if play.card.is_ace else 0.0)


def _play_outs(obs: Observation, options: list[Play], counts: list[int], rng: random.Random,
               rollouts: int) -> dict[Play, float]:
    seat = obs.seat if obs.seat is not None else obs.turn
    unseen = [v for v in range(1, 11) for _ in range(counts[v])]
    mine = [card.value for card in obs.hand]
    means = dict.fromkeys(options, 0.0)
    for _ in range(rollouts):
        # The same guess at the hidden cards for every candidate: their differences are what counts.
        guess = rollout.deal_unseen(mine, seat, obs.hand_sizes, unseen, rng, obs.total, seat, obs.tricks)
        for option in options:
            table = guess.copy()
            rollout.play(table, seat, option.card.value, option.value)
            means[option] += rollout.seat_result(rollout.finish(table), seat) / rollouts
    return means
