"""One instance per equal value: the immutable moves and events that every live table's logs and histories repeat.

A live table keeps its match's whole action log and its round's public history, and most of their items are equal
to items of other tables (a draw by seat 1, a discard of a five). Kept once, they are objects the garbage collector
finds old and walks no more; kept per table, at 500 tables they were a third of all it walked (issue 10).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class SharedValues(Generic[T]):
    """The first instance of each equal value, up to `bound` values (a bound against values no game makes)."""

    __slots__ = ("bound", "_values")

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self._values: dict[T, T] = {}

    def __len__(self) -> int:
        return len(self._values)

    def shared(self, value: T) -> T:
        """The instance kept for values equal to this one (this one, if it is the first or the bound is reached)."""
        kept = self._values.get(value)
        if kept is None:
            kept = value
            if len(self._values) < self.bound:
                self._values[value] = value
        return kept
