"""The hard player's model of the other cats, from the public record of the duel's reveals only.

Each opponent's next move is guessed from how often it purred, guarded and scratched so far (with a prior of one
of each), and its target from whom it scratched (with a prior of one on every other living cat). Its chance cards
are unknown: each card it holds is taken to be any of the 27 alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.catduel.cards import COPIES, DECK_SIZE, Move
from game.catduel.observation import Observation

PRIOR = 1.0


@dataclass(frozen=True, slots=True)
class Guess:
    """What one opponent is expected to do this round."""

    seat: int
    purr: float
    guard: float
    scratch: float
    at_me: float  # the chance that it scratches me
    card_chance: float  # the chance that it holds (and plays) a given kind of card for its move


def guess(obs: Observation, seat: int, me: int) -> Guess:
    """The model's guess at one opponent."""
    shown = obs.moves_shown[seat] if obs.moves_shown else (0, 0, 0)
    total = sum(shown) + PRIOR * len(Move)
    purr, guard, scratch = ((shown[i] + PRIOR) / total for i in range(len(Move)))
    targets = [t for t in obs.living if t != seat]
    counts = obs.scratches_shown[seat] if obs.scratches_shown else (0,) * obs.num_seats
    weight = sum(counts[t] + PRIOR for t in targets)
    at_me = scratch * (counts[me] + PRIOR) / weight if me in targets else 0.0
    held = obs.hand_sizes[seat]
    card_chance = min(1.0, held * COPIES / DECK_SIZE)
    return Guess(seat, purr, guard, scratch, at_me, card_chance)


def guesses(obs: Observation, me: int) -> list[Guess]:
    """The guesses at every living opponent."""
    return [guess(obs, seat, me) for seat in obs.living if seat != me]


def none_of(chances: list[float]) -> float:
    """The chance that none of these independent things happens."""
    result = 1.0
    for chance in chances:
        result *= 1.0 - chance
    return result
