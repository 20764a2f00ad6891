"""Helpers shared by the Dream 21 computer players: sorting the legal moves and counting unseen cards."""

from __future__ import annotations

from collections.abc import Sequence

from game.dream21.actions import Action, Draw, Play
from game.dream21.cards import TARGET, full_deck
from game.dream21.events import EventKind
from game.dream21.observation import Observation


def plays(legal: Sequence[Action]) -> list[Play]:
    """The legal plays, without Draw."""
    return [action for action in legal if isinstance(action, Play)]


def draw_offered(legal: Sequence[Action]) -> Draw | None:
    """The Draw action if it is legal."""
    return next((action for action in legal if isinstance(action, Draw)), None)


def making_21(obs: Observation, legal: Sequence[Action]) -> list[Play]:
    """The legal plays that bring the total to exactly 21."""
    return [play for play in plays(legal) if obs.total + play.value == TARGET]


def unseen_counts(obs: Observation) -> list[int]:
    """How many cards of each value (index 1-10, ace 1) the seat has not seen this hand.

    Seen: its own hand and every card played this hand (all public). The rest lies in other hands or the pile.
    """
    counts = [0] * 11
    for card in full_deck():
        counts[card.value] += 1
    seen = [*obs.hand, *(e.card for e in obs.history if e.kind is EventKind.PLAYED and e.card is not None)]
    for card in seen:
        counts[card.value] -= 1
    return counts


def exact_values(gap: int) -> tuple[int, ...]:
    """The card values (ace 1) that make exactly 21 when `gap` is missing: an ace counts 1 or 11."""
    if 1 <= gap <= 10:
        return (gap,)
    return (1,) if gap == 11 else ()


def free_plays(obs: Observation, seat: int) -> int:
    """How many cards the seat played this hand that did not make 21 (each one a choice of what to keep)."""
    played = [e for e in obs.history if e.kind is EventKind.PLAYED and e.seat == seat]
    return sum(1 for e in played if e.total != TARGET)
