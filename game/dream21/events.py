"""What happened, for the table log: public events and the private ones of a single seat."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.dream21.cards import Card


class EventKind(StrEnum):
    """The kinds of things that happen at the table."""

    HAND_STARTED = "hand_started"  # seat: the dealer; count: the hand number
    DREW = "drew"  # public: that the seat drew; private: which card
    PLAYED = "played"  # card, value it counted and the new total
    MADE_21 = "made_21"  # seat: the 21-maker; other: the seat that takes the trick
    COULD_NOT_PLAY = "could_not_play"  # seat: takes the trick; other: the seat that leads next
    WENT_OUT = "went_out"  # seat played its last card
    SAFETY_STOP = "safety_stop"  # the hand stopped after too many plays
    HAND_ENDED = "hand_ended"  # seat: who went out (None after a safety stop); scores
    MATCH_ENDED = "match_ended"  # count: how many seats share the win


# The events that start or end a hand or the match belong to no hand's history of moves.
HAND_MARKS = frozenset({EventKind.HAND_STARTED, EventKind.HAND_ENDED, EventKind.MATCH_ENDED})


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; `private_to` is None for everyone, or the only seat that may see it.

    A public event holds only cards that lie face up for all (the card played).
    """

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    value: int = 0
    total: int = 0
    other: int | None = None
    count: int = 0
    scores: tuple[int, ...] = ()
    private_to: int | None = None

    @property
    def is_public(self) -> bool:
        """Whether every seat and spectator may see this event."""
        return self.private_to is None

    def visible_to(self, seat: int | None) -> bool:
        """Whether the seat (None: a spectator) may see this event."""
        return self.private_to is None or self.private_to == seat


def public_moves(events: list[Event]) -> list[Event]:
    """The events of an action that go into the hand's public history: public, and not a hand's start or end."""
    return [event for event in events if event.is_public and event.kind not in HAND_MARKS]


def describe(event: Event, names: Sequence[str]) -> str:
    """One line of table log in plain English, e.g. "Ana played 7♠ — total 18"."""
    who = "" if event.seat is None else names[event.seat]
    other = "" if event.other is None else names[event.other]
    match event.kind:
        case EventKind.HAND_STARTED:
            return f"Hand {event.count}: {who} deals."
        case EventKind.DREW:
            return f"{who} drew {event.card}." if event.card is not None else f"{who} drew."
        case EventKind.PLAYED:
            return f"{who} played {event.card} — total {event.total}"
        case EventKind.MADE_21:
            return f"{who} made 21: {other} takes the trick"
        case EventKind.COULD_NOT_PLAY:
            return f"{who} could not play and takes the trick"
        case EventKind.WENT_OUT:
            return f"{who} played their last card and is out"
        case EventKind.SAFETY_STOP:
            return "The hand stops: too many plays."
        case EventKind.HAND_ENDED:
            scores = ", ".join(f"{names[s]} {points}" for s, points in enumerate(event.scores))
            return f"Hand {event.count} ends. Scores: {scores}."
    return f"The match is over: {event.count} winner(s)."
