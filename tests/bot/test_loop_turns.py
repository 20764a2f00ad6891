"""A click's path costs no turn of the event loop that it does not wait for (issue 10): under load each turn of the
loop is milliseconds long, and Python 3.11's asyncio.wait_for and asyncio.wait put a task and a turn or two in the
way of work that never waits (a free table lock, a cached picture, a handler that answers at once)."""

from __future__ import annotations

import asyncio
import random

from bot.answers import meanwhile_after
from bot.service import GameService, ManualClock, Person
from game.dreamcats import MatchSettings
from tests.bot.fakes import MemoryGameStore, RecordingNotifier

ANA = Person(1, "Ana")


def _turn_marker() -> list[str]:
    """A list that gets an entry as soon as the event loop takes its next turn."""
    turned: list[str] = []
    asyncio.get_running_loop().call_soon(turned.append, "the loop turned")
    return turned


async def test_a_free_table_lock_is_taken_without_a_turn_of_the_loop() -> None:
    service = GameService(MemoryGameStore(), RecordingNotifier(), clock=ManualClock(), rng=random.Random(1))
    try:
        table = await service.open_lobby(guild_id=10, channel_id=20, host=ANA, settings=MatchSettings(),
                                         locale="en")
        seen: list[list[str]] = []

        def mutate(current: object) -> list[object]:
            seen.append(list(turned))
            return []

        turned = _turn_marker()
        await service.change(table.game_id, mutate)
        assert seen == [[]]  # the change ran before the loop turned (the store here never waits)
    finally:
        await service.shutdown()


async def test_a_block_that_never_waits_runs_inline_and_starts_nothing_beside_it() -> None:
    sides: list[str] = []

    async def side() -> None:
        sides.append("side")

    turned = _turn_marker()
    async with meanwhile_after(0.01, side):
        inside = list(turned)
    after = list(turned)
    await asyncio.sleep(0.03)
    assert (inside, after, sides) == ([], [], [])


async def test_a_slow_block_gets_its_side_and_outlasts_it() -> None:
    order: list[str] = []

    async def side() -> None:
        order.append("side begins")
        await asyncio.sleep(0.05)
        order.append("side ends")

    async with meanwhile_after(0.01, side):
        await asyncio.sleep(0.02)
        order.append("block ends")
    order.append("after the block")
    assert order == ["side begins", "block ends", "side ends", "after the block"]


async def test_a_failing_block_still_waits_for_its_side_and_raises() -> None:
    order: list[str] = []

    async def side() -> None:
        await asyncio.sleep(0.02)
        order.append("side ends")

    try:
        async with meanwhile_after(0.0, side):
            await asyncio.sleep(0.01)
            raise LookupError("the work failed")
    except LookupError as exc:
        order.append(str(exc))
    assert order == ["side ends", "the work failed"]
