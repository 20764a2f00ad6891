"""Turns at drawing table pictures: a few at a time, first come first served, and edit spacing that widens under load.

Each game's worker (bot.presenter) asks for a turn before it draws its table. A game waits for at most one turn at a
time and takes the newest state of its table only once its turn has come, so a burst of moves at one table costs one
drawing, and a frame that could not be drawn in time is replaced by the newest one instead of being drawn late.
How long a game now waits for its turn is the load: the pause after each table edit grows with it, so that a busy
bot draws each table less often rather than falling behind.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager

WIDEN_CAP = 3.0  # the widest spacing, as a multiple of the base edit interval
# Drawers only urgent pictures may take beyond the ordinary ones. A picture holds its drawer until the event loop has
# taken the drawn frame back, which under load is mostly the loop's latency (50-400 ms), not the drawing's few ms:
# with urgent pictures held to the ordinary drawers, tables moving below a round's reveal waited for Next round 31 s
# at 1,000 tables (tests/benchmarks/bench_load.py). More ordinary drawers would draw more frames for the same tables.
URGENT_EXTRA = 4
FIRST_GUESS = 0.02  # seconds a drawing takes, until one has been timed
SMOOTHING = 0.1  # weight of the latest drawing in the running average of drawing times
# How far behind the drawers are (a game's wait for a turn, as a share of the base interval) from which frames are
# deflated for speed rather than size (bot.pictures.hurry): from halfway to the widest spacing, where drawing more
# cheaply lets the spacing narrow again.
BEHIND_SHARE = 0.5


class FrameTurns:
    """At most `drawers` table pictures drawn at once (urgent ones may take `urgent_extra` more); the edit spacing
    after a drawing grows with the queue."""

    def __init__(self, drawers: int, edit_interval: float, max_edit_interval: float | None = None,
                 urgent_extra: int = URGENT_EXTRA) -> None:
        assert drawers >= 1 and urgent_extra >= 0
        self.drawers = drawers
        self.urgent_extra = urgent_extra
        self.edit_interval = edit_interval
        self.max_edit_interval = max_edit_interval  # None: WIDEN_CAP times the base
        self._held = 0  # drawers in use, ordinary and extra
        self._waiters: list[tuple[int, int, asyncio.Future[None]]] = []  # (0 urgent / 1 not, arrival, future)
        self._keyed: dict[Hashable, asyncio.Future[None]] = {}  # the waiting turns that may be hurried, by key
        self._arrivals = itertools.count()
        self.waiting = 0
        self.drawing = 0
        self.draw_time = FIRST_GUESS

    @asynccontextmanager
    async def turn(self, *, urgent: bool = False, key: Hashable | None = None) -> AsyncIterator[None]:
        """Wait for a free drawer and hold it while drawing: urgent turns first, then first come, first served.

        Urgent is for a table that cannot be shown at all until its picture is drawn (a new table message). A turn
        with a `key` may be made urgent while it waits (`hurry`).
        """
        self.waiting += 1
        try:
            await self._acquire(urgent, key)
        finally:
            self.waiting -= 1
        self.drawing += 1
        started = time.perf_counter()
        try:
            yield
        finally:
            self.draw_time += SMOOTHING * (time.perf_counter() - started - self.draw_time)
            self.drawing -= 1
            self._release()

    def _room(self, urgent: bool) -> bool:
        """Whether a turn of this kind may start now (urgent ones also take the extra drawers)."""
        return self._held < self.drawers + (self.urgent_extra if urgent else 0)

    def hurry(self, key: Hashable) -> None:
        """Make the turn waiting under `key` (if any) urgent: it now goes before the ordinary ones."""
        granted = self._keyed.get(key)
        if granted is not None and not granted.done():
            # Its ordinary entry stays in the queue: once granted, it is passed by like a cancelled one.
            heapq.heappush(self._waiters, (0, next(self._arrivals), granted))
            self._grant()

    async def _acquire(self, urgent: bool, key: Hashable | None) -> None:
        ahead = bool(self._waiters) and (not urgent or self._waiters[0][0] == 0)  # waiters that go first
        if self._room(urgent) and not ahead:
            self._held += 1
            return
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (0 if urgent else 1, next(self._arrivals), granted))
        if key is not None:
            self._keyed[key] = granted
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():  # handed a drawer just as it was cancelled: pass it on
                self._release()
            raise
        finally:
            if key is not None and self._keyed.get(key) is granted:
                del self._keyed[key]

    def _release(self) -> None:
        self._held -= 1
        self._grant()

    def _grant(self) -> None:
        """Hand the free drawers to the waiting turns, urgent ones first."""
        while self._waiters and self._room(self._waiters[0][0] == 0):
            _, _, granted = heapq.heappop(self._waiters)
            if not granted.done():  # a cancelled waiter is skipped
                self._held += 1
                granted.set_result(None)

    def queue_delay(self) -> float:
        """About how long a game that asks for a turn now will wait for it (seconds)."""
        return self.waiting * self.draw_time / self.drawers

    def behind(self) -> bool:
        """Whether games wait long enough for a drawer that frames should be made quickly rather than small."""
        return self.edit_interval > 0 and self.queue_delay() >= BEHIND_SHARE * self.edit_interval

    def spacing(self) -> float:
        """The pause after a table edit: the base interval while drawers keep up, widening as games queue for one."""
        base = self.edit_interval
        widest = WIDEN_CAP * base if self.max_edit_interval is None else self.max_edit_interval
        if base <= 0:
            return 0.0
        # A queue as long as the base interval means the tables ask for more drawings than the drawers can make:
        # spacing them to the widest then brings the demand down by about that factor.
        return base + (widest - base) * min(1.0, self.queue_delay() / base)
