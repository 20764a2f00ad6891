"""Where cards went during a round, read from its public history alone (RULES.md §4: every move is public)."""

from __future__ import annotations

from collections.abc import Sequence

from game.dreamcats.actions import Slot
from game.dreamcats.events import Event, EventKind


def initial_peek_now(history: Sequence[Event], seat: int) -> tuple[Slot, ...]:
    """Where the cards `seat` looked at in its initial peek lie now, in the order it looked at them: a card Swap 2
    moved is followed into its new dream (the seat's knowledge moves with it); one a kept or taken card replaced
    went face up on the discard pile and is left out."""
    tracked: list[Slot] = []
    for event in history:
        if event.kind is EventKind.INITIAL_PEEK and event.seat == seat:
            tracked = list(event.slots)
        elif event.kind in (EventKind.SWAPPED_IN, EventKind.TOOK_DISCARD):
            tracked = [slot for slot in tracked if slot != event.slots[0]]
        elif event.kind is EventKind.USED_SWAP:
            first, second = event.slots
            tracked = [second if slot == first else first if slot == second else slot for slot in tracked]
    return tuple(tracked)
