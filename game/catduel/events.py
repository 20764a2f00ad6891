"""What happened, for the table log: public events and the private ones of a single seat."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.catduel.cards import Ability, Chance, Move


class EventKind(StrEnum):
    """The kinds of things that happen at the table."""

    DUEL_STARTED = "duel_started"  # count: the duel number
    ROUND_STARTED = "round_started"  # count: the round number
    CHOSE = "chose"  # public: only that the seat has chosen (or changed its choice); never what
    PRELUDE_SHOWN = "prelude_shown"  # seat used `ability` in the prelude
    STRATEGY_SHOWN = "strategy_shown"  # seat: move, targets, card (the reveal)
    SKIPPED = "skipped"  # seat skips the round (Loneliness)
    ORDER = "order"  # seats: the settlement order; count: +1 clockwise, -1 counter-clockwise
    HIT = "hit"  # seat scratched `other` for `amount`: it lands
    STOPPED = "stopped"  # seat's scratch on `other` was stopped by its guard
    REVERSED = "reversed"  # seat's scratch on `other` was stopped and hits seat instead
    ATTACKED = "attacked"  # seat's scratch on the purring `other`
    NO_EFFECT = "no_effect"  # seat's scratch on `other` does nothing: `other` is already out
    HP = "hp"  # seat's HP changed by `amount` to `count`, because of `cause` (`other`: the scratcher)
    OUT = "out"  # the seat's cat is out; its hand went to the used pile
    EARNED = "earned"  # the seat earned a chance card (cause), drawn in the postlude
    DREW = "drew"  # public: that the seat drew (cause); private: which card
    DISCARDED = "discarded"  # the card drawn beyond 5 goes face up to the used pile
    RESHUFFLED = "reshuffled"  # the used pile became the deck
    ABILITY = "ability"  # seat used a postlude ability (or Hunting struck)
    ROUND_ENDED = "round_ended"  # count: the round; hps: every cat's HP at its end
    DUEL_ENDED = "duel_ended"  # seats: the winners; count: the duel number
    MATCH_ENDED = "match_ended"  # seats: the winners


class Cause(StrEnum):
    """Why an HP changed or a card was drawn."""

    SCRATCH = "scratch"
    REVERSED = "reversed"
    ATTACKED = "attacked"
    PURR = "purr"
    GUARD = "guard"  # a guard card: Guard and Heal, Guard and Draw
    GENTLEMAN = "gentleman"
    ATTACKER = "attacker"
    LONELINESS = "loneliness"
    REJUVENATION = "rejuvenation"
    RECYCLING = "recycling"
    HUNTING = "hunting"
    CRITICAL_HIT = "critical_hit"
    DEAL = "deal"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; `private_to` is None for everyone, or the only seat that may see it.

    A public event names a card only when it lies face up for all: a revealed strategy's card, a card discarded
    or taken back from the used pile.
    """

    kind: EventKind
    seat: int | None = None
    other: int | None = None
    amount: int = 0
    count: int = 0
    cause: Cause | None = None
    card: Chance | None = None
    move: Move | None = None
    ability: Ability | None = None
    seats: tuple[int, ...] = ()
    hps: tuple[int, ...] = ()
    private_to: int | None = None

    @property
    def is_public(self) -> bool:
        """Whether every seat and spectator may see this event."""
        return self.private_to is None

    def visible_to(self, seat: int | None) -> bool:
        """Whether the seat (None: a spectator) may see this event."""
        return self.private_to is None or self.private_to == seat


def public(events: list[Event]) -> list[Event]:
    """The public events among these, for the duel's history."""
    return [event for event in events if event.is_public]
