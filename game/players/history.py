"""What a seat can read from the round's public history: whose drawn cards went where, and how many turns it took."""

from __future__ import annotations

from game.actions import Slot
from game.events import EventKind
from game.observation import Observation

TURN_OPENERS = frozenset({EventKind.TOOK_DISCARD, EventKind.DREW})  # every turn but a Wake up! opens with one


def kept_from_draw(obs: Observation) -> dict[Slot, int]:
    """The dream slots holding a card that a seat drew and kept (only it saw the card), and that seat.

    The card's origin moves with it when Swap 2 exchanges it; a card taken face up from the discard is no secret.
    """
    kept: dict[Slot, int] = {}
    for event in obs.history:
        if event.kind is EventKind.SWAPPED_IN and event.seat is not None:
            kept[event.slots[0]] = event.seat
        elif event.kind is EventKind.TOOK_DISCARD:
            kept.pop(event.slots[0], None)
        elif event.kind is EventKind.USED_SWAP:
            first, second = event.slots
            a, b = kept.pop(first, None), kept.pop(second, None)
            if a is not None:
                kept[second] = a
            if b is not None:
                kept[first] = b
    return kept


def turns_taken(obs: Observation, seat: int) -> int:
    """How many turns the seat has begun this round (at the start of a turn: how many it has played)."""
    return sum(1 for event in obs.history if event.seat == seat and event.kind in TURN_OPENERS)

