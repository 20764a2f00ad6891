"""Round scores with the Wake up! penalty, match end, and winners."""

from __future__ import annotations

from collections.abc import Sequence

from game.dreamcats.cards import Card, points_of
from game.dreamcats.settings import MatchSettings


def round_scores(
    dreams: Sequence[Sequence[Card]], caller: int | None, penalty: int
) -> tuple[tuple[int, ...], tuple[int, ...], bool | None]:
    """Sums, scores and whether the caller succeeded (None without a caller).

    The caller keeps its sum when it is lowest or tied for lowest; otherwise it adds the penalty.
    """
    sums = tuple(points_of(dream) for dream in dreams)
    if caller is None:
        return sums, sums, None
    succeeded = sums[caller] <= min(sums)
    scores = tuple(s + (penalty if seat == caller and not succeeded else 0) for seat, s in enumerate(sums))
    return sums, scores, succeeded


def match_is_over(settings: MatchSettings, totals: Sequence[int], rounds_played: int) -> bool:
    """A match ends after a fixed number of rounds if set, else when any total reaches the point limit."""
    if settings.fixed_rounds is not None:
        return rounds_played >= settings.fixed_rounds
    return max(totals) >= settings.point_limit


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total: equal lowest totals share the win."""
    lowest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == lowest)
