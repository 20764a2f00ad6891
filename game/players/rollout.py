"""Determinization: deal the unseen cards in a way consistent with an observation and play the round out."""

from __future__ import annotations

import random

from game.actions import Slot, WakeUp
from game.cards import DREAM_SIZE, POINTS, Card, points_of
from game.engine import apply_action
from game.knowledge import Knowledge
from game.observation import Observation, observe
from game.players.belief import unseen_cards
from game.players.strategy import Params, play, threshold_wake
from game.rules import legal_actions
from game.settings import MatchSettings
from game.state import MatchState, RoundState, Step

MAX_STEPS = 400  # a round cannot last longer than its draw pile; this only guards against surprises


def determinize(obs: Observation, rng: random.Random, low_bias: float) -> MatchState:
    """A full match state that the observing seat could be in, at the start of its turn.

    A slot that its owner knows (and we do not) gets a card drawn with weight 2^(-points/low_bias): people keep
    the low cards they know. The rest are shuffled uniformly.
    """
    pool = unseen_cards(obs)
    rng.shuffle(pool)
    dreams: list[list[Card]] = []
    for seat in range(obs.num_seats):
        dream = []
        for position in range(DREAM_SIZE):
            slot = Slot(seat, position)
            card = obs.known.get(slot)
            if card is None:
                biased = seat != obs.seat and slot in obs.known_slots[seat] and low_bias > 0
                index = _weighted(rng, pool, low_bias) if biased else len(pool) - 1
                pool[index], pool[-1] = pool[-1], pool[index]
                card = pool.pop()
            dream.append(card)
        dreams.append(dream)
    public = set.intersection(*(set(k) for k in obs.known_slots)) if obs.known_slots else set()
    knowledge = Knowledge(obs.num_seats, [set(k) for k in obs.known_slots] + [public])
    rnd = RoundState(
        number=obs.round_number, starter=obs.starter, dreams=dreams, draw_pile=pool,
        discard=list(obs.discard_pile), knowledge=knowledge, peeked=[True] * obs.num_seats, turn=obs.turn,
        step=Step.START, history=list(obs.history),
    )
    settings = MatchSettings(point_limit=obs.point_limit, penalty=obs.penalty, fixed_rounds=obs.fixed_rounds)
    return MatchState(settings, obs.num_seats, rng.getrandbits(63), obs.starter, list(obs.totals),
                      list(obs.results), rnd, [])


def _weighted(rng: random.Random, pool: list[Card], low_bias: float) -> int:
    weights = [2.0 ** (-POINTS[card] / low_bias) for card in pool]
    return rng.choices(range(len(pool)), weights=weights)[0]


def round_scores_after(state: MatchState, rng: random.Random, params: Params) -> tuple[int, ...]:
    """The round's scores once every seat plays it out with the strategy; the first move is not Wake up!."""
    rounds = len(state.results)
    seat = state.round.turn
    legal = [a for a in legal_actions(state, seat) if not isinstance(a, WakeUp)]
    apply_action(state, play(observe(state, seat), legal, rng, params, threshold_wake))
    for _ in range(MAX_STEPS):
        if len(state.results) > rounds:
            return state.results[rounds].scores
        seat = state.round.turn
        apply_action(state, play(observe(state, seat), legal_actions(state, seat), rng, params, threshold_wake))
    return tuple(points_of(dream) for dream in state.round.dreams)
