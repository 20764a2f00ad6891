"""The service's clocks: time, sleeps, and callbacks later (timers that can be cancelled)."""

from __future__ import annotations

import asyncio

from bot.service import ManualClock, SystemClock


async def test_a_manual_timer_runs_once_its_virtual_time_has_come_and_in_order() -> None:
    clock, calls = ManualClock(), []
    clock.call_later(5, lambda: calls.append("five"))
    clock.call_later(2, lambda: calls.append("two"))
    await clock.advance(1)
    assert calls == []
    await clock.advance(10)
    assert calls == ["two", "five"]
    await clock.advance(10)
    assert calls == ["two", "five"]  # each runs once


async def test_a_cancelled_manual_timer_never_runs_and_one_due_now_runs_soon() -> None:
    clock, calls = ManualClock(), []
    clock.call_later(3, lambda: calls.append("cancelled")).cancel()
    clock.call_later(0, lambda: calls.append("now"))
    await asyncio.sleep(0)
    assert calls == ["now"]
    await clock.advance(5)
    assert calls == ["now"]


async def test_a_system_timer_runs_on_the_loop_after_its_delay_unless_cancelled() -> None:
    clock, ran, calls = SystemClock(), asyncio.Event(), []
    loop = asyncio.get_running_loop()
    started = loop.time()
    clock.call_later(0.05, ran.set)
    clock.call_later(0.01, lambda: calls.append("cancelled")).cancel()
    await asyncio.wait_for(ran.wait(), 2)
    assert loop.time() - started >= 0.04 and calls == []
