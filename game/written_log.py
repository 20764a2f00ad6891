"""A list that only grows (a match's action log, a round's public history) kept as JSON text for its saves, each item
converted and written once however often the match is saved.

A live game is saved after every move, so converting its whole log at every save made a save's cost grow with the
match (issue 10: late in a 100-point Dreamcats match the log was 140 of the 250 microseconds of a save's conversion).
A WrittenLog keeps the list's form as far as it was last written. A match's copies share it (a copy is made for every
change, and the one that is kept goes on from there), and every use checks that the form is of its own list: an
earlier copy's list is a prefix of it; a list that is neither starts the form again.

The form is text, not the dicts the items convert to: a string is one object the garbage collector never tracks,
where each item's dict with its lists of cards and slots were several it walked at every collection (issue 10: at
500 live tables they were a quarter of the objects each young collection walked, and tripled a full collection's
time in `tests/benchmarks/bench_heap.py`'s matches saved as the bot saves them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Generic, TypeVar

A = TypeVar("A")


class JsonText:
    """A JSON value already written as text, for a store to put into its document as it is.

    Deliberately not a str: `json.dumps` refuses it rather than writing it as a quoted string.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def value(self) -> Any:
        """The value the text holds, as a JSON reader reads it."""
        return json.loads(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JsonText) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"JsonText({self.text!r})"


def _written(items: list[dict[str, Any]]) -> str:
    return json.dumps(items, separators=(",", ":"))


class WrittenLog(Generic[A]):
    """The items of a list written so far, and their JSON text."""

    __slots__ = ("actions", "text")

    def __init__(self) -> None:
        self.actions: list[A] = []
        self.text = ""  # the items' JSON texts, comma-separated, without the brackets

    def written(self, log: list[A], convert: Callable[[A], dict[str, Any]]) -> JsonText:
        """The list as a JSON array, converting and writing only the items this form does not hold yet."""
        known = len(self.actions)
        if known > len(log) and self.actions[:len(log)] == log:
            # An earlier copy's list, saved after a later one (a refused save, a conflict): rare, written whole.
            return JsonText(_written([convert(action) for action in log]))
        if self.actions != log[:known]:  # another list altogether (a list compares the same objects by identity first)
            self.actions.clear()
            self.text = ""
        new = log[len(self.actions):]
        if new:
            part = _written([convert(action) for action in new])[1:-1]
            self.actions.extend(new)
            self.text = f"{self.text},{part}" if self.text else part
        return JsonText(f"[{self.text}]")


def log_form(written: WrittenLog[A], log: list[A], convert: Callable[[A], dict[str, Any]],
             stored: bool) -> list[dict[str, Any]] | JsonText:
    """A list's form in a match's dict: its items' dicts, or for a store its text kept across saves."""
    return written.written(log, convert) if stored else [convert(item) for item in log]
