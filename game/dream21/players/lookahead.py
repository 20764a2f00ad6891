"""The hard player's look-ahead over the rest of a trick, with the unseen cards counted.

The next seat's cards are taken as a random draw from the unseen cards (the same counts at every step, a
deliberate simplification that keeps the search small), and it is assumed to make 21 when it can and otherwise
to shed its highest card. Between two seats the search goes on until the trick is decided or `depth` runs out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.dream21.cards import ACE_HIGH, TARGET
from game.dream21.players.common import exact_values, none_among

UNDECIDED = 0.5  # the trick still open when the search stops: as likely won as lost
NEGLIGIBLE = 1e-3  # branches less likely than this are not searched


@dataclass(slots=True)
class Trick:
    """What the search knows: the unseen value counts, the next seat's cards, whether a draw comes."""

    counts: Sequence[int]  # index 1-10: unseen cards of that value (ace 1)
    opponent_cards: int  # cards the next seat will choose from (its hand, plus the draw if any)
    draws: bool  # whether the draw pile still has cards
    heads_up: bool  # two seats: after the next seat it is this seat's turn again
    depth: int = 4
    pool: int = 0
    memo: dict[tuple[int, tuple[int, ...], int, bool], float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.pool = sum(self.counts[1:])

    def after_my_play(self, gap: int, hand: tuple[int, ...]) -> float:
        """The chance that this seat comes out of the trick well when the next seat faces `gap`."""
        return self._search(gap, hand, self.depth, True)

    def _search(self, gap: int, hand: tuple[int, ...], depth: int, theirs: bool) -> float:
        key = (gap, hand, depth, theirs)
        if key not in self.memo:
            self.memo[key] = self._their_turn(gap, hand, depth) if theirs else self._my_turn(gap, hand, depth)
        return self.memo[key]

    def _their_turn(self, gap: int, hand: tuple[int, ...], depth: int) -> float:
        counts, pool, cards = self.counts, self.pool, self.opponent_cards
        exact = sum(counts[v] for v in exact_values(gap))
        top = min(gap, 10)
        stuck = none_among(pool, sum(counts[1 : top + 1]), cards)
        made_21 = 1 - none_among(pool, exact, cards)
        rest = 1 - stuck - made_21
        if not self.heads_up or depth <= 0:
            return stuck + rest * UNDECIDED
        value = stuck
        rest_pool = pool - exact
        # The next seat sheds its highest fitting card: P(highest is v) from the cards above v being absent.
        above = 0
        for v in range(top, 0, -1):
            if v == gap or (gap == ACE_HIGH and v == 1):
                continue
            none_above = none_among(rest_pool, above, cards)
            above += counts[v]
            chance = (none_above - none_among(rest_pool, above, cards)) * (1 - made_21)
            if chance > NEGLIGIBLE:
                value += chance * self._search(gap - v, hand, depth - 1, False)
        return value

    def _my_turn(self, gap: int, hand: tuple[int, ...], depth: int) -> float:
        if any(v in exact_values(gap) for v in hand):
            return 1.0
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
            return 1.0
        best = 0.0
        for v in set(hand):
            rest = _without(hand, v)
            for counted in ((v, ACE_HIGH) if v == 1 else (v,)):
                if counted < gap:
                    best = max(best, self._search(gap - counted, rest, depth - 1, True))
        return best


def _without(hand: tuple[int, ...], value: int) -> tuple[int, ...]:
    index = hand.index(value)
    return hand[:index] + hand[index + 1 :]


def values_of(cards: Sequence[int]) -> tuple[int, ...]:
    """A hand as the sorted tuple of its values (ace 1), the search's key."""
    return tuple(sorted(cards))


__all__ = ["TARGET", "Trick", "values_of"]
