"""Which dream cards each seat knows (RULES.md §4, "Knowledge")."""

from __future__ import annotations

from game.dreamcats.actions import Slot, shared_slot


class Knowledge:
    """Per seat, the dream slots whose card that seat has seen and not lost track of.

    Index `num_seats` holds what everyone knows (cards taken from the face-up discard),
    which is also what a spectator knows.
    """

    __slots__ = ("sets",)

    def __init__(self, num_seats: int, sets: list[set[Slot]] | None = None) -> None:
        self.sets: list[set[Slot]] = sets if sets is not None else [set() for _ in range(num_seats + 1)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Knowledge) and self.sets == other.sets

    def __repr__(self) -> str:
        return f"Knowledge({self.sets!r})"

    def copy(self) -> Knowledge:
        """An independent copy."""
        return Knowledge(len(self.sets) - 1, [set(known) for known in self.sets])

    def of(self, seat: int | None) -> set[Slot]:
        """The slots a seat knows (None: the public, a spectator)."""
        return self.sets[-1] if seat is None else self.sets[seat]

    def see(self, seat: int, slot: Slot) -> None:
        """The seat has looked at the card in the slot."""
        self.sets[seat].add(shared_slot(slot))

    def see_all(self, slot: Slot) -> None:
        """Everyone saw the card that went into the slot (it came face up from the discard)."""
        slot = shared_slot(slot)
        for known in self.sets:
            known.add(slot)

    def replace(self, slot: Slot, seer: int | None) -> None:
        """A new card went into the slot; only `seer` (if any) saw it."""
        for known in self.sets:
            known.discard(slot)
        if seer is not None:
            self.sets[seer].add(shared_slot(slot))

    def swap(self, first: Slot, second: Slot) -> None:
        """Two cards changed places in plain view: what anyone knew moves with them."""
        first, second = shared_slot(first), shared_slot(second)
        for known in self.sets:
            if (first in known) != (second in known):
                known.symmetric_difference_update((first, second))
