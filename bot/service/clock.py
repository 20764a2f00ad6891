"""The clock and sleep the service uses, injectable so tests are fast and deterministic."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Wall-clock time and a way to wait."""

    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait for about this many seconds."""
        ...


class SystemClock:
    """The real clock."""

    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        return datetime.now(UTC)

    async def sleep(self, seconds: float) -> None:
        """asyncio.sleep."""
        await asyncio.sleep(max(0.0, seconds))


class ManualClock:
    """A clock that moves only when `advance` is called; sleepers wake when their time comes."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, tzinfo=UTC)
        self._sleepers: list[tuple[datetime, asyncio.Future[None]]] = []

    def now(self) -> datetime:
        """The current (virtual) time."""
        return self._now

    async def sleep(self, seconds: float) -> None:
        """Wait until the virtual time has advanced by `seconds` (zero or less: just yield)."""
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sleepers.append((self._now + timedelta(seconds=seconds), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move time forward and let every sleeper whose time has come run."""
        self._now += timedelta(seconds=seconds)
        due = [(when, f) for when, f in self._sleepers if when <= self._now]
        self._sleepers = [(when, f) for when, f in self._sleepers if when > self._now]
        for _, future in due:
            if not future.done():
                future.set_result(None)
        for _ in range(5):
            await asyncio.sleep(0)
