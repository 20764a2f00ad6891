"""The hard player's look-ahead over the rest of a trick, with the unseen cards counted.

The next seat's hand is a set of guesses (see `guess_hands`), the same at every step of the search (a deliberate
simplification that keeps it small); the card it draws is any unseen card. It is assumed to make 21 when it can
and otherwise to shed its highest card. Between two seats the search goes on until the trick is decided or
`depth` runs out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.dream21.cards import ACE_HIGH, TARGET
from game.dream21.players.common import exact_values

NEGLIGIBLE = 1e-3  # branches less likely than this are not searched


@dataclass(slots=True)
class Trick:
    """What the search knows: the unseen value counts, the next seat's cards, whether a draw comes.

    An outcome is worth the cards it sheds from this seat's hand against the next seat's, plus `trick` for the
    trick the other one takes: making 21 without drawing sheds two cards (that one and the next lead), after
    drawing one; a seat that cannot play keeps the card it drew and the other leads. An open trick is worth 0.
    """

    counts: Sequence[int]  # index 1-10: unseen cards of that value (ace 1)
    guesses: Mapping[int, int]  # guesses at the next seat's hand: bit v set when it holds value v, and how often
    draws: bool  # whether the draw pile still has cards
    heads_up: bool  # two seats: after the next seat it is this seat's turn again
    depth: int = 4
    trick: float = 1.0
    pool: int = 0
    none_held: dict[int, float] = field(default_factory=dict)
    memo: dict[tuple[int, tuple[int, ...], int, bool], float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.pool = sum(self.counts[1:])

    def after_my_play(self, gap: int, hand: tuple[int, ...]) -> float:
        """What this seat expects from the rest of the trick when the next seat faces `gap`."""
        return self._search(gap, hand, self.depth, True)

    def _search(self, gap: int, hand: tuple[int, ...], depth: int, theirs: bool) -> float:
        key = (gap, hand, depth, theirs)
        if key not in self.memo:
            self.memo[key] = self._their_turn(gap, hand, depth) if theirs else self._my_turn(gap, hand, depth)
        return self.memo[key]

    def _their_turn(self, gap: int, hand: tuple[int, ...], depth: int) -> float:
        exact = exact_values(gap)
        top = min(gap, 10)
        stuck = self._none(range(1, top + 1), drawing=self.draws)
        made_21 = 1 - self._none(exact, drawing=self.draws)
        held_21 = 1 - self._none(exact, drawing=False)
        value = stuck * (2 + self.trick) - held_21 * (2 + self.trick) - (made_21 - held_21) * (1 + self.trick)
        if not self.heads_up or depth <= 0:
            return value
        # The next seat sheds its highest fitting card: P(highest is v) from the cards above v being absent.
        others = [v for v in range(top, 0, -1) if v not in exact]
        for index, v in enumerate(others):
            chance = self._none(others[:index] + list(exact), self.draws)
            chance -= self._none(others[: index + 1] + list(exact), self.draws)
            if chance > NEGLIGIBLE:
                value += chance * self._search(gap - v, hand, depth - 1, False)
        return value

    def _none(self, values: Sequence[int], drawing: bool) -> float:
        """The chance that the next seat holds (and, `drawing`, draws) no card of these values."""
        wanted = sum(1 << v for v in values)
        if wanted not in self.none_held:
            misses = sum(times for mask, times in self.guesses.items() if not mask & wanted)
            self.none_held[wanted] = misses / max(1, sum(self.guesses.values()))
        drawn = 1 - sum(self.counts[v] for v in values) / self.pool if drawing and self.pool else 1.0
        return self.none_held[wanted] * max(0.0, drawn)

    def _my_turn(self, gap: int, hand: tuple[int, ...], depth: int) -> float:
        if any(v in exact_values(gap) for v in hand):
            return 2 + self.trick
        if not self.draws:
            return self._best(gap, hand, depth)
        value = 0.0
        for v in range(1, 11):
            if self.counts[v] and self.pool:
                drawn = tuple(sorted((*hand, v)))
                value += self.counts[v] / self.pool * self._best(gap, drawn, depth)
        return value

    def _best(self, gap: int, hand: tuple[int, ...], depth: int) -> float:
        if any(v in exact_values(gap) for v in hand):
            return 1 + self.trick if self.draws else 2 + self.trick
        best = -(2 + self.trick)  # cannot play
        for v in set(hand):
            rest = _without(hand, v)
            for counted in ((v, ACE_HIGH) if v == 1 else (v,)):
                if counted < gap:
                    best = max(best, self._search(gap - counted, rest, depth - 1, True))
        return best


def guess_hands(counts: Sequence[int], held: int, shed: int, rng: random.Random, samples: int) -> Counter[int]:
    """Guesses at a hand of `held` cards that kept the lowest of `held + shed` unseen cards, as value bit masks.

    A seat that sheds its highest card on every free play holds low cards and aces late in a hand: after
    `shed` such plays its hand is, roughly, the lowest of the cards it has seen.
    """
    unseen = [v for v in range(1, 11) for _ in range(counts[v])]
    taken = min(len(unseen), held + shed)
    guesses: Counter[int] = Counter()
    for _ in range(samples):
        kept = sorted(rng.sample(unseen, taken))[:held]
        guesses[sum(1 << v for v in set(kept))] += 1
    return guesses


def _without(hand: tuple[int, ...], value: int) -> tuple[int, ...]:
    index = hand.index(value)
    return hand[:index] + hand[index + 1 :]


def values_of(cards: Sequence[int]) -> tuple[int, ...]:
    """A hand as the sorted tuple of its values (ace 1), the search's key."""
    return tuple(sorted(cards))


__all__ = ["TARGET", "Trick", "values_of"]
