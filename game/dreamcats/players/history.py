"""What a seat can read from the round's public history: whose drawn cards went where, and how many turns it took."""

from __future__ import annotations

from game.dreamcats.actions import Slot
from game.dreamcats.events import EventKind
from game.dreamcats.observation import Observation

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


def card_origins(obs: Observation) -> dict[Slot, tuple[bool, int]]:
    """Per dream slot whose card a seat chose to keep, that seat and whether it drew the card (else looked at it).

    The origin moves with the card under Swap 2, except for the card the swapper hands away from its own dream:
    that one it chose to give up, not to keep.
    """
    origins: dict[Slot, tuple[bool, int]] = {}
    for event in obs.history:
        seat = event.seat
        if seat is None:
            continue
        if event.kind is EventKind.INITIAL_PEEK:
            origins.update((slot, (False, seat)) for slot in event.slots)
        elif event.kind is EventKind.USED_PEEK and event.slots[0].seat == seat:
            origins.setdefault(event.slots[0], (False, seat))
        elif event.kind is EventKind.SWAPPED_IN:
            origins[event.slots[0]] = (True, seat)
        elif event.kind is EventKind.TOOK_DISCARD:
            origins.pop(event.slots[0], None)
        elif event.kind is EventKind.USED_SWAP:
            first, second = event.slots
            a, b = origins.pop(first, None), origins.pop(second, None)
            if b is not None and not (second.seat == seat != first.seat):
                origins[first] = b
            if a is not None and not (first.seat == seat != second.seat):
                origins[second] = a
    return origins
