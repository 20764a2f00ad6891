"""What happened, for the table log: public events and the private ones of a single seat."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.dreamcats.actions import Slot, shared_slot
from game.dreamcats.cards import Card
from game.shared_values import SharedValues


class EventKind(StrEnum):
    """The kinds of things that happen at the table."""

    ROUND_STARTED = "round_started"
    INITIAL_PEEK = "initial_peek"  # public: which two positions; private: the two cards
    WOKE_UP = "woke_up"
    TOOK_DISCARD = "took_discard"  # public: the card taken and the position
    DREW = "drew"  # public: that a card was drawn; private: which
    SWAPPED_IN = "swapped_in"  # public: the position; private: the card put in
    DISCARDED = "discarded"  # public: the card now face up
    USED_TAKE_TWO = "used_take_two"
    TAKE_TWO_DREW = "take_two_drew"  # public: how many; private: which
    KEPT = "kept"  # private: the card kept
    USED_PEEK = "used_peek"  # public: the slot; private: the card seen
    USED_SWAP = "used_swap"  # public: the two slots
    ROUND_ENDED = "round_ended"
    MATCH_ENDED = "match_ended"


# The events that end or start a round belong to no round's history of moves.
ROUND_MARKS = frozenset({EventKind.ROUND_STARTED, EventKind.ROUND_ENDED, EventKind.MATCH_ENDED})


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    `private_to` is None for an event everyone may see, or the only seat that may see it.
    `cards` holds card values: in a public event only cards lying face up for all.
    """

    kind: EventKind
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    slots: tuple[Slot, ...] = ()
    count: int = 0
    private_to: int | None = None

    def __post_init__(self) -> None:
        # A round's history keeps its events: their slots are the shared ones (game.dreamcats.actions.shared_slot).
        if self.slots:
            object.__setattr__(self, "slots", tuple(map(shared_slot, self.slots)))

    @property
    def is_public(self) -> bool:
        """Whether every seat and spectator may see this event."""
        return self.private_to is None

    def visible_to(self, seat: int | None) -> bool:
        """Whether the seat (None: a spectator) may see this event."""
        return self.private_to is None or self.private_to == seat


def public_moves(events: list[Event]) -> list[Event]:
    """The events of an action that go into the round's public history: public, and not a round's start or end
    (the shared instances: shared_event)."""
    return [shared_event(event) for event in events if event.is_public and event.kind not in ROUND_MARKS]


# Random matches at two to five seats make about 4,600 different public events (most of them a take from the
# discard: seat, card and position).
_SHARED_EVENTS: SharedValues[Event] = SharedValues(8192)


def shared_event(event: Event) -> Event:
    """The one instance of this event that the rounds' histories keep (game.shared_values): a live table's history
    holds no events of its own for the garbage collector to walk."""
    return _SHARED_EVENTS.shared(event)
