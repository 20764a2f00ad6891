"""What a seat can infer from its observation: the unseen cards and expected values of dream slots."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from game.dreamcats.actions import Slot
from game.dreamcats.cards import COPIES, DREAM_SIZE, POINTS, Card
from game.dreamcats.observation import Observation


class NotSeatedError(ValueError):
    """A computer player was handed a spectator's view, which has no seat to play."""


@dataclass(frozen=True, slots=True)
class Belief:
    """Card counting for one seat: the cards it has not seen and what an unknown card is worth on average."""

    obs: Observation
    seat: int
    unseen: tuple[int, ...]  # points of every card this seat has not seen anywhere (draw pile + unknown slots)
    mean: float
    owner_bias: float  # how much lower than `mean` a card its owner knows (and I do not) is expected to be
    # Unknown slots whose card is expected this far from `mean` by where it came from (hard: an own card a rival kept)
    shifts: Mapping[Slot, float] = field(default_factory=dict)

    def known_points(self, slot: Slot) -> int | None:
        """The points of the card in the slot if this seat knows it."""
        card = self.obs.known.get(slot)
        return None if card is None else POINTS[card]

    def estimate(self, slot: Slot) -> float:
        """The expected points of the card in a slot."""
        points = self.known_points(slot)
        if points is not None:
            return float(points)
        shift = self.shifts.get(slot)
        if shift is not None:
            return max(0.0, self.mean + shift)
        if slot.seat != self.seat and slot in self.obs.known_slots[slot.seat]:
            return max(0.0, self.mean - self.owner_bias)
        return self.mean

    def dream_estimate(self, seat: int) -> float:
        """The expected sum of a seat's dream."""
        return sum(self.estimate(Slot(seat, p)) for p in range(DREAM_SIZE))

    def lowest_rival_estimate(self) -> float:
        """The lowest expected dream sum among the other seats."""
        return min(self.dream_estimate(s) for s in range(self.obs.num_seats) if s != self.seat)

    def unknown_positions(self, seat: int) -> list[int]:
        """Positions of the seat's dream that this seat does not know."""
        return [p for p in range(DREAM_SIZE) if Slot(seat, p) not in self.obs.known]

    def worst_own(self) -> tuple[int, float]:
        """The own position with the highest expected points, and that expectation (ties: known first)."""
        own = [(self.estimate(Slot(self.seat, p)), Slot(self.seat, p) in self.obs.known, p) for p in range(DREAM_SIZE)]
        value, _, position = max(own)
        return position, value

    def draw_gain(self) -> float:
        """The expected improvement of drawing a card and swapping it in only when it helps."""
        values = [self.estimate(Slot(self.seat, p)) for p in range(DREAM_SIZE)]
        worst = max(values)
        if not self.unseen:
            return 0.0
        return sum(max(0.0, worst - u) for u in self.unseen) / len(self.unseen)


def seated(obs: Observation) -> int:
    """The observing seat; NotSeatedError for a spectator's view."""
    if obs.seat is None:
        raise NotSeatedError("A computer player needs a seat's observation, not the public one.")
    return obs.seat


def unseen_cards(obs: Observation) -> list[Card]:
    """The cards the seat has not seen: they lie in the draw pile or in dream slots it does not know."""
    left = Counter(COPIES)
    left.subtract(obs.discard_pile)
    left.subtract(obs.known.values())
    if obs.holding is not None:
        left[obs.holding] -= 1
    left.subtract(obs.options)
    return [card for card, count in sorted(left.items()) for _ in range(max(0, count))]


def belief_of(obs: Observation, owner_bias: float = 0.0, shifts: Mapping[Slot, float] | None = None) -> Belief:
    """Count the cards: everything not face up in the discard pile, not known in a dream and not in hand."""
    seat = seated(obs)
    unseen = tuple(POINTS[card] for card in unseen_cards(obs))
    mean = sum(unseen) / len(unseen) if unseen else 4.5
    return Belief(obs, seat, unseen, mean, owner_bias, {} if shifts is None else shifts)
