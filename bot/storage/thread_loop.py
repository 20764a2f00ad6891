"""An event loop on a thread of its own, handed work without waking it when it is already awake.

`asyncio.run_coroutine_threadsafe` writes a byte to the target loop's wake-up socket for every coroutine, and
that send releases the interpreter on the caller's thread: the bot's loop then waits to take it back from a drawing
or writing thread (up to the switch interval, 1 ms). At 200 tables, with a save and a read for most clicks, that
was about a sixth of the loop's samples (a py-spy profile of the load benchmark). Here the work goes into a queue
(a put that never leaves the interpreter), and the loop is woken only when no wake-up is already pending: under
load, one wake-up drains many saves. The loop is uvloop's where it is installed: its wake-up is a C call that keeps
the interpreter, where the standard loop's socket send lets go of it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")
_Job = tuple[Coroutine[Any, Any, Any], "concurrent.futures.Future[Any]"]


def new_loop() -> asyncio.AbstractEventLoop:
    """A new event loop: uvloop's where it is installed, else the standard one (bot.app.run_loop's too)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


class ThreadLoop:
    """A private event loop running on a daemon thread, fed coroutines from any other thread."""

    def __init__(self, name: str) -> None:
        self.loop = new_loop()
        self._inbox: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._wake_pending = False
        self.wake_ups = 0  # how often a submit had to wake the loop (fewer than submits under load)
        self._thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self._thread.start()

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run the coroutine on the thread's loop; its result (or exception, or cancellation) in the future."""
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self._inbox.put((coroutine, future))
        # Safe without a lock: the loop clears the flag before it drains, so a job put before a stale True is
        # still drained, and a False seen late costs one extra wake-up.
        if not self._wake_pending:
            self._wake_pending = True
            self.wake_ups += 1
            self.loop.call_soon_threadsafe(self._drain)
        return future

    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Await the coroutine's result from another loop (cancelling the wait cancels the coroutine)."""
        return await asyncio.wrap_future(self.submit(coroutine))

    def _drain(self) -> None:
        self._wake_pending = False
        while True:
            try:
                coroutine, future = self._inbox.get_nowait()
            except queue.Empty:
                return
            self._start(coroutine, future)

    def _start(self, coroutine: Coroutine[Any, Any, Any], future: concurrent.futures.Future[Any]) -> None:
        if future.cancelled():
            coroutine.close()
            return
        task = self.loop.create_task(coroutine)
        future.add_done_callback(lambda done: self._cancel_if(done, task))
        task.add_done_callback(lambda done: _settle(future, done))

    def _cancel_if(self, future: concurrent.futures.Future[Any], task: asyncio.Task[Any]) -> None:
        if future.cancelled() and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(task.cancel)

    async def stop(self) -> None:
        """Stop the loop, wait for its thread, close it."""
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        await asyncio.to_thread(self._thread.join)
        self.loop.close()


def _settle(future: concurrent.futures.Future[Any], task: asyncio.Task[Any]) -> None:
    """Copy a finished task's outcome to the future (as asyncio.run_coroutine_threadsafe does)."""
    if task.cancelled():
        future.cancel()
    if not future.set_running_or_notify_cancel():
        return
    error = task.exception()
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(task.result())
