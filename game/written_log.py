"""A list that only grows (a match's action log, a round's public history) as JSON-safe dicts, each item converted
once however often the match is saved.

A live game is saved after every move, so converting its whole log at every save made a save's cost grow with the
match (issue 10: late in a 100-point Dreamcats match the log was 140 of the 250 microseconds of a save's conversion).
A WrittenLog keeps the list's form as far as it was last written. A match's copies share it (a copy is made for every
change, and the one that is kept goes on from there), and every use checks that the form is of its own list: an
earlier copy's list is a prefix of it; a list that is neither starts the form again. The dicts are read-only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

A = TypeVar("A")


class WrittenLog(Generic[A]):
    """The items of a list converted so far, and their dicts."""

    __slots__ = ("actions", "dicts")

    def __init__(self) -> None:
        self.actions: list[A] = []
        self.dicts: list[dict[str, Any]] = []

    def dicts_for(self, log: list[A], convert: Callable[[A], dict[str, Any]]) -> list[dict[str, Any]]:
        """The list as dicts, converting only the items this form does not hold yet."""
        known = len(self.actions)
        if known > len(log) and self.actions[:len(log)] == log:  # an earlier copy's list: a prefix of the form
            return self.dicts[:len(log)]
        if self.actions != log[:known]:  # another list altogether (a list compares the same objects by identity first)
            self.actions.clear()
            self.dicts.clear()
        for action in log[len(self.actions):]:
            self.actions.append(action)
            self.dicts.append(convert(action))
        return list(self.dicts)
