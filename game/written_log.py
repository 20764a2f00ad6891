"""A match's action log as JSON-safe dicts, converted once per action however often the match is saved.

A live game is saved after every move and its action log only grows, so converting the whole log at every save made a
save's cost grow with the match (issue 10: late in a 100-point Dreamcats match the log was 140 of the 250
microseconds of a save's conversion). A WrittenLog keeps the log's form as far as it was last written; a match's
copies share it (a copy is made for every change, and the one that is kept goes on from there), and each checks that
the form is of its own log before using it. The dicts are read-only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

A = TypeVar("A")


class WrittenLog(Generic[A]):
    """The actions of a log converted so far, and their dicts."""

    __slots__ = ("actions", "dicts")

    def __init__(self) -> None:
        self.actions: list[A] = []
        self.dicts: list[dict[str, Any]] = []


def log_dicts(written: WrittenLog[A], log: list[A],
              convert: Callable[[A], dict[str, Any]]) -> tuple[list[dict[str, Any]], WrittenLog[A]]:
    """The log as dicts, converting only what `written` does not hold yet, and the WrittenLog to keep for it (a new one
    when `written` is the form of another log altogether)."""
    known = len(written.actions)
    if known <= len(log) and written.actions == log[:known]:  # a list compares the same objects by identity first
        for action in log[known:]:
            written.actions.append(action)
            written.dicts.append(convert(action))
        return list(written.dicts), written
    if written.actions[:len(log)] == log:  # an earlier copy of the match: its log is a prefix of the one written
        return written.dicts[:len(log)], written
    return log_dicts(WrittenLog(), log, convert)
