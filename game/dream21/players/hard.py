"""The hard computer player: counts the unseen cards and looks ahead over the trick it plays into."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.dream21.actions import Action, Play
from game.dream21.cards import TARGET
from game.dream21.observation import Observation
from game.dream21.players.common import draw_offered, making_21, plays, unseen_counts
from game.dream21.players.lookahead import Trick, values_of


@dataclass(frozen=True, slots=True)
class Weights:
    """What the hard player weighs besides its chance of coming out of the trick well."""

    shed: float = 0.01  # per point of card value played (high cards are hard to place later)
    keep_ace: float = 0.05  # an ace kept fits anywhere
    depth: int = 4


HARD = Weights()


def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Makes 21 when it can; else plays the card that gives it the best odds over the rest of the trick."""
    return choose(obs, legal, rng, HARD)


def choose(obs: Observation, legal: Sequence[Action], rng: random.Random, weights: Weights) -> Action:
    """The hard player's decision with the given weights."""
    twenty_one = making_21(obs, legal)
    if twenty_one:
        return max(twenty_one, key=lambda play: (not play.card.is_ace, play.card.value))
    draw = draw_offered(legal)
    if draw is not None:
        return draw
    trick = _trick(obs, weights)
    hand = [card.value for card in obs.hand]
    return max(plays(legal), key=lambda play: (score(obs, play, hand, trick, weights), rng.random()))


def score(obs: Observation, play: Play, hand: list[int], trick: Trick, weights: Weights) -> float:
    """How good the play looks: the odds over the rest of the trick, and the cards this seat keeps."""
    rest = list(hand)
    rest.remove(play.card.value)
    value = trick.after_my_play(TARGET - obs.total - play.value, values_of(rest))
    value += weights.shed * play.card.value
    if play.card.is_ace:
        value -= weights.keep_ace
    return value


def _trick(obs: Observation, weights: Weights) -> Trick:
    seat = obs.seat if obs.seat is not None else obs.turn
    following = (seat + 1) % obs.num_seats
    draws = obs.draw_count > 0
    cards = obs.hand_sizes[following] + (1 if draws else 0)
    return Trick(unseen_counts(obs), cards, draws, obs.num_seats == 2, depth=weights.depth)
