"""Locks by key (a game, a channel), each kept only while someone holds it or waits for it.

A bot that runs for weeks sees many games and channels; a dict that kept a lock for each (and one for every click on
a game long gone) would only grow.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class _Entry:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # holding or waiting


class KeyedLocks:
    """One asyncio.Lock per key while it is in use."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}

    @contextmanager
    def using(self, key: str) -> Iterator[asyncio.Lock]:
        """The key's lock, kept for as long as this block runs (the caller acquires and releases it)."""
        entry = self._entries.setdefault(key, _Entry())
        entry.users += 1
        try:
            yield entry.lock
        finally:
            entry.users -= 1
            if entry.users == 0:
                del self._entries[key]

    def in_use(self) -> list[asyncio.Lock]:
        """The locks someone holds or waits for now."""
        return [entry.lock for entry in self._entries.values()]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._entries))

    def __len__(self) -> int:
        return len(self._entries)
