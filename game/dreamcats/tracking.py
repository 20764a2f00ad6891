"""Where cards went during a round, read from its public history alone (RULES.md §4: every move is public)."""

from __future__ import annotations

from collections.abc import Sequence

from game.dreamcats.actions import Slot
from game.dreamcats.events import Event, EventKind

# A seat's own moves that show it a dream card: its initial peek, a drawn card it swapped in, Peek 1.
_SEES = frozenset({EventKind.INITIAL_PEEK, EventKind.SWAPPED_IN, EventKind.USED_PEEK})


def seen_since(history: Sequence[Event], seat: int, start: int = 0) -> tuple[Slot, ...]:
    """Where the cards `seat` looked at from the history's event `start` on lie now, in the order it saw them: a card
    Swap 2 moved is followed into its new dream (the seat's knowledge moves with it); one that a kept or taken card
    replaced went face up on the discard pile and is left out."""
    tracked: list[Slot] = []
    for index, event in enumerate(history):
        if event.kind in (EventKind.SWAPPED_IN, EventKind.TOOK_DISCARD):
            tracked = [slot for slot in tracked if slot != event.slots[0]]
        elif event.kind is EventKind.USED_SWAP:
            first, second = event.slots
            tracked = [second if slot == first else first if slot == second else slot for slot in tracked]
        if index >= start and event.seat == seat and event.kind in _SEES:
            tracked += [slot for slot in event.slots if slot not in tracked]
    return tuple(tracked)
