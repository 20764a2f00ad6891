"""Match equity: a seat's chance of winning the match from given totals, and a round's scores weighed by it in cats.

A lead of 10 cats is worth little with ten rounds to go and nearly the match with one; a failed call that ends the
match is worth a whole match, more or less, by how the match stood. Each seat's later rounds are taken as independent
normal scores (ROUND_SPREAD per round, as measured in hard-sharp matches), the match as lasting until the highest
total reaches the limit at ROUND_PACE a round (or for the rounds left of a fixed number), and the lowest final total
as winning. A round's scores are then worth their change of that chance, measured from an ordinary round's (every
seat ROUND_MEAN, with one more round's spread) and divided by what one cat is worth there: near an even standing
that is the round's lead in cats, and far from it the match's end weighs more or less than a lead would.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.dreamcats.scoring import winners

ROUND_SPREAD = 5.3  # a seat's round score's spread; two seats' difference measured 7.4 over 2,100 rounds
ROUND_PACE = 10.0  # how far the highest total climbs a round (matches to 100 last about 10 rounds)
ROUND_MEAN = 9.0  # a seat's mean round score: what an ordinary round adds to every total
MIN_SLOPE = 0.002  # the least a cat is taken to be worth in match equity (a lopsided match)
NODES = [z / 2 for z in range(-8, 9)]  # quadrature over my own later scores, in spreads
WEIGHTS = [math.exp(-z * z / 2) for z in NODES]
WEIGHT_SUM = sum(WEIGHTS)


def _below(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def win_chance(totals: Sequence[float], seat: int, rounds_left: float) -> float:
    """The seat's chance of the lowest final total when every seat scores `rounds_left` more independent rounds."""
    if rounds_left <= 0:
        best = winners([round(t) for t in totals])
        return 1.0 / len(best) if seat in best else 0.0
    spread = ROUND_SPREAD * math.sqrt(rounds_left)
    gaps = [(total - totals[seat]) / spread for other, total in enumerate(totals) if other != seat]
    if len(gaps) == 1:
        return _below(gaps[0] / math.sqrt(2.0))
    chance = 0.0
    for z, weight in zip(NODES, WEIGHTS, strict=True):
        # My later scores are z spreads above the mean: every rival must end above me.
        product = weight
        for gap in gaps:
            product *= _below(gap - z)
        chance += product
    return chance / WEIGHT_SUM


class MatchEquity:
    """A round's scores for one seat weighed by the match: the change of its winning chance, in today's cats."""

    def __init__(self, totals: Sequence[int], seat: int, rounds_left: Callable[[Sequence[float]], float]) -> None:
        self.totals, self.seat, self.rounds_left = list(totals), seat, rounds_left
        self.base = self._ordinary(self.totals)
        # What one cat less of my own is worth, by the same reckoning (a numerical derivative).
        lower, higher = list(self.totals), list(self.totals)
        lower[seat] -= 1
        higher[seat] += 1
        self.slope = max(MIN_SLOPE, (self._ordinary(lower) - self._ordinary(higher)) / 2.0)
        self.cache: dict[tuple[int, ...], float] = {}

    def _ordinary(self, totals: Sequence[int]) -> float:
        """The winning chance after an ordinary round from these totals: its scores are one more round's noise."""
        after = [t + ROUND_MEAN for t in totals]
        return win_chance(after, self.seat, self.rounds_left(after) + 1.0)

    def worth(self, scores: Sequence[int]) -> float:
        """The round's scores in cats: their change of the seat's winning chance over an ordinary round's."""
        key = tuple(scores)
        if key not in self.cache:
            after = [t + s for t, s in zip(self.totals, scores, strict=True)]
            self.cache[key] = (win_chance(after, self.seat, self.rounds_left(after)) - self.base) / self.slope
        return self.cache[key]


def rounds_to_limit(point_limit: int) -> Callable[[Sequence[float]], float]:
    """Rounds left in a match to `point_limit` from these totals: none once one reaches it, else at least one."""

    def left(totals: Sequence[float]) -> float:
        highest = max(totals)
        return 0.0 if highest >= point_limit else max(1.0, (point_limit - highest) / ROUND_PACE)

    return left


def rounds_of(fixed_rounds: int, played: int) -> Callable[[Sequence[float]], float]:
    """Rounds left in a match of a fixed number of rounds, after the round being weighed."""
    left = float(max(0, fixed_rounds - played))
    return lambda _totals: left


__all__ = ["MatchEquity", "rounds_of", "rounds_to_limit", "win_chance"]
