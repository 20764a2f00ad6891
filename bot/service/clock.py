"""The clock and sleep the service uses, injectable so tests are fast and deterministic."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Timer(Protocol):
    """A callback waiting for its time (asyncio's TimerHandle is one)."""

    def cancel(self) -> None:
        """Do not run the callback (nothing happens if it already ran)."""
        ...


class Clock(Protocol):
    """Wall-clock time, a way to wait, and a way to be called back later."""

    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait for about this many seconds."""
        ...

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Call `callback` on the running event loop after about this many seconds, unless cancelled first."""
        ...


class SystemClock:
    """The real clock."""

    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        return datetime.now(UTC)

    async def sleep(self, seconds: float) -> None:
        """asyncio.sleep."""
        await asyncio.sleep(max(0.0, seconds))

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """The loop's call_later: one timer handle, where a sleeping task would hold a task, its coroutines, a
        future and a context (hundreds of tables each waiting for a person made thousands of such objects for the
        garbage collector to walk)."""
        return asyncio.get_running_loop().call_later(max(0.0, seconds), callback)


class _ManualTimer:
    """A ManualClock callback, due at a virtual time."""

    def __init__(self, when: datetime, callback: Callable[[], None]) -> None:
        self.when, self.callback, self.cancelled = when, callback, False

    def cancel(self) -> None:
        """Do not run the callback."""
        self.cancelled = True


class ManualClock:
    """A clock that moves only when `advance` is called; sleepers wake and timers run when their time comes."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, tzinfo=UTC)
        self._timers: list[_ManualTimer] = []

    def now(self) -> datetime:
        """The current (virtual) time."""
        return self._now

    async def sleep(self, seconds: float) -> None:
        """Wait until the virtual time has advanced by `seconds` (zero or less: just yield)."""
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.call_later(seconds, lambda: None if future.done() else future.set_result(None))
        await future

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Call `callback` soon on the loop once the virtual time has advanced by `seconds` (at once if none)."""
        timer = _ManualTimer(self._now + timedelta(seconds=max(0.0, seconds)), callback)
        if seconds <= 0:
            asyncio.get_running_loop().call_soon(self._run, timer)
        else:
            self._timers.append(timer)
        return timer

    async def advance(self, seconds: float) -> None:
        """Move time forward and let every sleeper and timer whose time has come run, in time order."""
        self._now += timedelta(seconds=seconds)
        timers = sorted((t for t in self._timers if t.when <= self._now), key=lambda t: t.when)
        self._timers = [t for t in self._timers if t.when > self._now]
        for timer in timers:
            self._run(timer)
        for _ in range(5):
            await asyncio.sleep(0)

    @staticmethod
    def _run(timer: _ManualTimer) -> None:
        if not timer.cancelled:
            timer.callback()
