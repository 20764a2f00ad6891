"""The writer's and reader's thread loop: results, errors and cancellation cross over, and bursts share wake-ups."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator

import pytest

from bot.storage.thread_loop import ThreadLoop


class StorageHiccupError(Exception):
    """A failure raised on the thread, to be seen by the caller."""


@pytest.fixture
async def thread_loop() -> AsyncIterator[ThreadLoop]:
    """A ThreadLoop stopped after the test."""
    loop = ThreadLoop("test-thread-loop")
    yield loop
    await loop.stop()


async def _where() -> str:
    return threading.current_thread().name


async def _fail() -> None:
    raise StorageHiccupError("disk full")


async def test_a_coroutine_runs_on_the_thread_and_its_result_comes_back(thread_loop: ThreadLoop) -> None:
    assert await thread_loop.run(_where()) == "test-thread-loop"


async def test_an_exception_on_the_thread_reaches_the_caller(thread_loop: ThreadLoop) -> None:
    with pytest.raises(StorageHiccupError, match="disk full"):
        await thread_loop.run(_fail())


async def test_a_burst_of_jobs_all_finish_in_order_of_their_own_results(thread_loop: ThreadLoop) -> None:
    async def echo(number: int) -> int:
        await asyncio.sleep(0)
        return number

    results = await asyncio.gather(*(thread_loop.run(echo(n)) for n in range(500)))
    assert results == list(range(500))


async def test_a_burst_while_the_thread_is_busy_costs_one_wake_up(thread_loop: ThreadLoop) -> None:
    gate, holding = threading.Event(), threading.Event()

    async def busy() -> None:
        holding.set()
        gate.wait(5)  # the thread's loop is busy: nothing it is handed can start yet

    async def quick(number: int) -> int:
        return number

    first = thread_loop.submit(busy())
    assert await asyncio.to_thread(holding.wait, 5)
    before = thread_loop.wake_ups
    futures = [thread_loop.submit(quick(n)) for n in range(100)]
    gate.set()
    await asyncio.wrap_future(first)
    assert [await asyncio.wrap_future(f) for f in futures] == list(range(100))
    assert thread_loop.wake_ups - before == 1


async def test_cancelling_the_wait_cancels_the_job_on_the_thread(thread_loop: ThreadLoop) -> None:
    started, cancelled = threading.Event(), threading.Event()

    async def long_job() -> None:
        started.set()
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    waiting = asyncio.ensure_future(thread_loop.run(long_job()))
    assert await asyncio.to_thread(started.wait, 5)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await asyncio.to_thread(cancelled.wait, 5)


async def test_a_job_cancelled_before_it_starts_never_runs(thread_loop: ThreadLoop) -> None:
    ran = threading.Event()

    async def job() -> None:
        ran.set()

    gate, holding = threading.Event(), threading.Event()

    async def blocker() -> None:
        holding.set()
        gate.wait(5)  # holds the thread's loop so the next job cannot start yet

    blocking = thread_loop.submit(blocker())
    assert await asyncio.to_thread(holding.wait, 5)
    future = thread_loop.submit(job())
    assert future.cancel()
    gate.set()
    await asyncio.wrap_future(blocking)
    await thread_loop.run(asyncio.sleep(0))
    assert future.cancelled() and not ran.is_set()


async def test_the_thread_runs_uvloop_where_it_is_installed(thread_loop: ThreadLoop) -> None:
    uvloop = pytest.importorskip("uvloop", reason="uvloop is not installed here (Windows): the standard loop is used")

    async def running_loop() -> asyncio.AbstractEventLoop:
        return asyncio.get_running_loop()

    assert isinstance(await thread_loop.run(running_loop()), uvloop.Loop)
