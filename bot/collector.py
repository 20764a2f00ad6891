"""The cyclic garbage collector, paced by the clock instead of by allocations (the real process only).

Why (issue 10): Python starts a young collection when allocations less deallocations pass a threshold (700 by
default, 5,000 here until 2026-11-30). Under load, every older object that dies (a table's state from before its
last move) cancels an allocation, so the young generation grew far past the threshold: at 500 tables each young
collection walked 44,000-57,000 objects (10-45 ms) and each middle one up to 62 ms, pauses that every click queued
behind had to wait out. The length of a young collection is what was made since the last one and still lives, so
collecting on a clock bounds it by time: every PACE_S the youngest generation, every MIDDLE_EVERY-th time the middle
one, and every FULL_EVERY_S (10 minutes) a full collection. At 500 tables the young collections then walk a quarter
of a second's worth (about 3 ms each), the middle ones 15-37 ms, and on SQLite the acknowledgement's p99 fell from
92-153 ms to 53-102 ms on one machine (tests/benchmarks/bench_load.py, JOURNAL.md "twenty-second session"). The
collector spends more in all (1.0-1.7 % of the loop's minute against 0.4-0.8 %): objects that would have died before a
later collection are now walked once.

A full collection walks every tracked object that start-up did not freeze (24-91 ms at 500 tables), however long
since the last one, so it comes only every FULL_EVERY_S. What it alone frees is reference cycles that outlived a
middle collection: 80-300 objects a minute at 500 tables, so about 3,000 at most (a megabyte or so) wait for
it. Python's own trigger stays, at a count the pacer never lets it reach, as a backstop for a burst of allocations
while the loop cannot run the pacer.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable

PACE_S = 0.25  # 0.1 s and 0.5 s measured worse at 500 tables (JOURNAL.md)
MIDDLE_EVERY = 10  # collections of the youngest generation per collection of the middle one (Python's default)
FULL_EVERY_S = 600.0
BACKSTOP_YOUNG = 50_000  # allocations less deallocations: Python's own trigger, should the pacer fall behind


class CollectorPacer:
    """Runs the garbage collector's generations on a timer on the event loop; `start` turns Python's trigger down."""

    def __init__(self, *, collect: Callable[[int], object] = gc.collect, pace_s: float = PACE_S,
                 middle_every: int = MIDDLE_EVERY, full_every_s: float = FULL_EVERY_S) -> None:
        self._collect = collect
        self.pace_s, self.middle_every, self.full_every_s = pace_s, middle_every, full_every_s
        self._ticks = 0
        self._last_full: float | None = None
        self._handle: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def generation_due(self, now: float) -> int:
        """Which generation to collect at `now` (loop seconds); counts the tick."""
        if self._last_full is None:
            self._last_full = now
        self._ticks += 1
        if now - self._last_full >= self.full_every_s:
            self._last_full = now
            return 2
        return 1 if self._ticks % self.middle_every == 0 else 0

    def start(self) -> None:
        """Begin pacing on the running loop, with Python's own young trigger raised out of the way."""
        self._loop = asyncio.get_running_loop()
        _, middle, oldest = gc.get_threshold()
        gc.set_threshold(BACKSTOP_YOUNG, middle, oldest)
        self._last_full = self._loop.time()
        self._handle = self._loop.call_later(self.pace_s, self._tick)

    def stop(self) -> None:
        """Stop pacing (the process is closing)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _tick(self) -> None:
        assert self._loop is not None
        # The next tick first: a gc.callbacks hook that raises must not stop the pacing for good.
        self._handle = self._loop.call_later(self.pace_s, self._tick)
        self._collect(self.generation_due(self._loop.time()))
