"""Hand scores (RULES-dream21.md §5), match standings and winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.dream21.state import MatchState


def hand_scores(tricks: Sequence[int], out: int | None) -> tuple[int, ...]:
    """Scores of a hand: the out seat 0, every other seat its tricks beyond the out seat's, never below 0.

    With no out seat (the safety stop), every seat scores its tricks beyond the lowest count.
    """
    base = min(tricks) if out is None else tricks[out]
    return tuple(0 if seat == out else max(0, taken - base) for seat, taken in enumerate(tricks))


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total: equal lowest totals share the win."""
    lowest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == lowest)


@dataclass(frozen=True, slots=True)
class Standings:
    """Where a match stands, for the standings table: totals per seat and the seats sharing the lowest."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    hands_played: int
    over: bool


def standings(state: MatchState) -> Standings:
    """The match's totals and winners so far (final once `over`)."""
    return Standings(tuple(state.totals), winners(state.totals), len(state.results), state.over)
