"""The garbage collector paced by the clock (bot.collector): which generation when, and on a running loop."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from typing import Any

import pytest

from bot.collector import BACKSTOP_YOUNG, CollectorPacer


@pytest.fixture
def python_thresholds() -> Iterator[tuple[int, int, int]]:
    """Python's collector thresholds, put back after the test (the pacer raises the young one)."""
    before = gc.get_threshold()
    yield before
    gc.set_threshold(*before)


def test_the_youngest_every_tick_the_middle_every_nth_and_a_full_one_on_its_clock() -> None:
    pacer = CollectorPacer(collect=lambda generation: None, pace_s=1.0, middle_every=3, full_every_s=10.0)
    due = [pacer.generation_due(float(second)) for second in range(1, 13)]
    # the clock starts at the first tick (1 s), so the full collection comes at 11 s, as the eleventh tick
    assert due == [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 2, 1]


def test_a_full_collection_waits_its_whole_interval_from_the_first_tick() -> None:
    pacer = CollectorPacer(collect=lambda generation: None, middle_every=1000, full_every_s=300.0)
    assert pacer.generation_due(5_000.0) == 0
    assert pacer.generation_due(5_299.0) == 0
    assert pacer.generation_due(5_300.0) == 2
    assert pacer.generation_due(5_301.0) == 0


async def test_on_a_running_loop_it_collects_until_stopped(python_thresholds: tuple[int, int, int]) -> None:
    collected: list[int] = []
    pacer = CollectorPacer(collect=collected.append, pace_s=0.005, middle_every=4, full_every_s=3600.0)
    pacer.start()
    assert gc.get_threshold() == (BACKSTOP_YOUNG, *python_thresholds[1:])
    await asyncio.sleep(0.2)
    pacer.stop()
    stopped_at = len(collected)
    await asyncio.sleep(0.05)
    assert stopped_at >= 8 and len(collected) == stopped_at
    assert collected[:8] == [0, 0, 0, 1, 0, 0, 0, 1]


async def test_it_runs_python_s_own_collections(python_thresholds: tuple[int, int, int]) -> None:
    generations: list[int] = []

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            generations.append(info["generation"])

    gc.callbacks.append(seen)
    pacer = CollectorPacer(pace_s=0.005, middle_every=3, full_every_s=3600.0)
    try:
        pacer.start()
        await asyncio.sleep(0.1)
    finally:
        pacer.stop()
        gc.callbacks.remove(seen)
    assert generations.count(0) >= 4 and generations.count(1) >= 2  # nothing allocates 50,000 objects meanwhile


async def test_a_collection_that_raises_does_not_stop_the_pacing(python_thresholds: tuple[int, int, int]) -> None:
    calls: list[int] = []

    def failing(generation: int) -> None:
        calls.append(generation)
        if len(calls) == 2:
            raise RuntimeError("a gc.callbacks hook failed")

    loop = asyncio.get_running_loop()
    seen: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _loop, context: seen.append(context))
    pacer = CollectorPacer(collect=failing, pace_s=0.005, middle_every=1000, full_every_s=3600.0)
    try:
        pacer.start()
        await asyncio.sleep(0.1)
    finally:
        pacer.stop()
        loop.set_exception_handler(None)
    assert len(calls) >= 5  # it went on after the second one raised
    assert [type(c.get("exception")) for c in seen] == [RuntimeError]  # reported once, by the loop
