"""The hard player's search between two seats: guessed deals played out with the other seat as normal.

Each guess puts a hand weighed by the other seat's past moves (belief.py) in its place and shuffles the rest of
the unseen cards into the pile; every candidate play is then played out to the end of the hand on the same
guesses, both seats with the plain policy (rollout.py), and scored by the chance of winning the MATCH that the
hand's result leaves (ties share the win), with the hand's score difference as a small tie-breaker. Every choice is
weighed twice: its best few candidates again over more guesses, since 200 rarely tell close plays apart.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from game.dream21.actions import Play
from game.dream21.cards import TARGET
from game.dream21.observation import Observation
from game.dream21.players import rollout
from game.dream21.players.belief import sample_hands
from game.dream21.players.common import unseen_counts

# How often one hand moves the score difference by d in this seat's favour (measured: hard against normal).
HAND_SPREAD: dict[int, float] = {-4: 0.012, -3: 0.058, -2: 0.178, -1: 0.132, 0: 0.09, 1: 0.127, 2: 0.233, 3: 0.135,
                                 4: 0.033, 5: 0.002}


@dataclass(frozen=True, slots=True)
class Search:
    """The search's knobs."""

    guesses: int = 200  # guessed deals per decision: 400 tuned no better
    margin: float = 0.02  # weight of one point of hand score beside the match's winning chance
    lead_guesses: int = 800  # a lead's further guesses, spent on its best `contenders` only (0: none)
    follow_guesses: int = 800  # the same for a follow (a play after the draw)
    contenders: int = 2


def match_odds(lead: int, hands_left: int) -> float:
    """The chance of winning the match `lead` points ahead (lower totals win, ties share) with hands to play."""
    return _odds(max(-12, min(12, lead)), hands_left)


@cache
def _odds(lead: int, hands_left: int) -> float:
    if hands_left <= 0:
        return 1.0 if lead >= 0 else 0.0
    total = sum(HAND_SPREAD.values())
    return sum(p / total * _odds(max(-12, min(12, lead + d)), hands_left - 1) for d, p in HAND_SPREAD.items())


def decide(obs: Observation, options: Sequence[Play], rng: random.Random, search: Search) -> Play:
    """The candidate play with the best mean match outcome over guessed deals (two seats only).

    Candidates differ by less than 200 guesses tell apart: after the first guesses, the `contenders` best are weighed
    again over `lead_guesses` (a lead) or `follow_guesses` (a follow) fresh ones, and the best of those wins. Paired
    against normal on tuning seeds, more guesses for leads won +0.5 to +2.9 points of matches (1003-1005; these
    settings +1.5), and the follows' second weighing +1.9 ± 2.1 and +1.5 ± 2.0 more (1006, 1007; 2,000 matches each).
    """
    moves = [(option.card.value, obs.total + option.value) for option in options]
    sums = _weigh(obs, moves, range(len(options)), search.guesses, rng, search.margin)
    chosen: Sequence[int] = range(len(options))
    more_guesses = search.lead_guesses if obs.total == 0 else search.follow_guesses
    if more_guesses and len(options) > 1:
        chosen = sorted(chosen, key=lambda index: -sums[index])[: search.contenders]
        more = _weigh(obs, moves, chosen, more_guesses, rng, search.margin)
        sums = [sums[index] + more[index] for index in range(len(options))]
    best = max(chosen, key=lambda index: (sums[index], rng.random()))
    return options[best]


def _weigh(obs: Observation, moves: Sequence[tuple[int, int]], chosen: Sequence[int], guesses_wanted: int,
           rng: random.Random, margin: float) -> list[float]:
    """Each chosen move's summed match outcome over `guesses_wanted` guessed deals (0 for the others)."""
    seat = obs.turn
    other = 1 - seat
    counts = unseen_counts(obs)
    guesses = sample_hands(obs, other, counts, rng, guesses_wanted)
    unseen = [v for v in range(1, 11) for _ in range(counts[v])]
    if not guesses:
        guesses = [(rng.sample(unseen, obs.hand_sizes[other]), 1.0) for _ in range(guesses_wanted)]
    mine = [card.value for card in obs.hand]
    lead = obs.totals[other] - obs.totals[seat]
    left = obs.hands_in_match - obs.hand_number
    sums = [0.0] * len(moves)
    key = rng.random
    for guess, weight in guesses:
        # Sorting by random keys is a uniform shuffle, in half the time of random.shuffle (a hot loop here).
        pile = sorted(_without(unseen, guess), key=lambda _card: key())
        del pile[obs.draw_count:]  # cards out of play unseen only on a made-up table
        for index in chosen:
            value, total = moves[index]
            diff = _play_out(mine, guess, pile, seat, value, total, list(obs.tricks))
            sums[index] += weight * (match_odds(lead + diff, left) + margin * diff)
    return sums


def _play_out(mine: list[int], theirs: list[int], pile: list[int], seat: int, value: int, total: int,
              tricks: list[int]) -> int:
    """The other seat's hand score minus this seat's after this seat plays `value` bringing the trick to `total`."""
    hand = list(mine)
    hand.remove(value)
    hands = (hand, list(theirs)) if seat == 0 else (list(theirs), hand)
    turn = seat ^ 1
    if total == TARGET:
        tricks[seat ^ 1] += 1
        total, turn = 0, seat
    out = seat if not hand else rollout.duel_finish(hands, list(pile), total, turn, tricks)
    scores = rollout.hand_scores(tricks, None if out < 0 else out)
    return scores[seat ^ 1] - scores[seat]


def _without(cards: list[int], taken: list[int]) -> list[int]:
    rest = list(cards)
    for v in taken:
        rest.remove(v)
    return rest
