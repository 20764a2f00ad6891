"""Python's cyclic garbage collector, kept from pausing the bot's event loop for long.

A full collection walks every tracked object that is not frozen, holding the interpreter meanwhile. Start-up
freezes what start-up made (bot.client.freeze_startup_objects); with hundreds of live tables, the tables' own
objects (game states and their histories, tasks, locks, events: about 200 a table) still made each full
collection cost 20 ms of CPU at 150 tables and 120 ms at 300 (`bench_load --objects`).

So the survivors of each full collection are frozen as well: the next one walks only what was made since.
Frozen objects are still freed the moment nothing refers to them; only a reference cycle among them that turns
into garbage later waits, until the collector is thawed for one whole collection every THAW_EVERY_S (one longer
pause hours apart, instead of one every few seconds).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

THAW_EVERY_S = 6 * 3600.0


class SurvivorFreezer:
    """Freezes what survived each full collection, on the loop it was made for; thaws it all now and then."""

    def __init__(self, loop: asyncio.AbstractEventLoop, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._loop, self._clock = loop, clock
        self._thawed_at = clock()
        self._pending = False

    def install(self) -> None:
        """Start freezing the survivors of full collections."""
        if self._collected not in gc.callbacks:
            gc.callbacks.append(self._collected)

    def uninstall(self) -> None:
        """Stop (what is frozen stays frozen)."""
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        # Any thread may collect, and a collection is no place to move the collector's lists: do it on the loop.
        if phase != "stop" or info["generation"] != 2 or self._pending or self._loop.is_closed():
            return
        self._pending = True
        self._loop.call_soon_threadsafe(self.freeze_survivors)

    def freeze_survivors(self) -> None:
        """Freeze every tracked object; first thaw and collect everything if THAW_EVERY_S has passed."""
        self._pending = False
        if self._clock() - self._thawed_at >= THAW_EVERY_S:
            self._thawed_at = self._clock()
            gc.unfreeze()
            started = time.perf_counter()
            found = gc.collect()
            log.debug("thawed collection: %d unreachable objects in %.0f ms", found,
                      (time.perf_counter() - started) * 1000)
        gc.freeze()
