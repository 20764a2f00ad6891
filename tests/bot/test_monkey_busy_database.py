"""The monkey at the tables while the database stays busy for stretches (every read and write refused as if its
deadline had passed): every click and command is answered, a busy database is a WARNING and never an ERROR, and
once it is back every table's own steps (computer turns, turn timers) go on without anyone clicking."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

from bot.service import ManualClock
from bot.storage import Database, StorageBusyError
from tests.bot.conftest import World, make_bot
from tests.bot.test_monkey import SHORT, TIME_JUMPS, check_afterwards, press_something, run_command

STEPS = 120


class Busy:
    """Whether the database is busy now: while it is, the bot's every database call fails as its deadline passing."""

    def __init__(self) -> None:
        self.now = False

    def refusing(self, call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        """`call`, refused while the database is busy."""
        async def refused_while_busy(database: Database, *args: Any, **kwargs: Any) -> Any:
            if self.now:
                raise StorageBusyError("The database stayed busy; nothing was written.")
            return await call(database, *args, **kwargs)
        return refused_while_busy


@pytest.fixture
def busy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Busy]:
    state = Busy()
    for name in ("write", "write_core", "read"):
        monkeypatch.setattr(Database, name, state.refusing(getattr(Database, name)))
    yield state


@pytest.mark.parametrize(("game", "seed"), [("catduel", 700)])
async def test_random_clicks_with_the_database_busy_at_times(world: World, game: str, seed: int, busy: Busy,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    rng, clock = random.Random(seed), ManualClock()
    people = [world.ana, world.bo, world.cy, world.eve]
    runner = world.fake.run(make_bot(world, seed=seed, clock=clock))
    await runner.start()
    try:
        await world.fake.slash(world.ana, world.games, "dreamcats start", game=game, **SHORT[game])
        records, busy_until = [], -1
        for step in range(STEPS):
            if step == busy_until:
                busy.now = False
            elif not busy.now and rng.random() < 0.05 and step < STEPS - 30:
                busy.now, busy_until = True, step + rng.randint(5, 25)
            roll, person = rng.random(), rng.choice(people)
            if roll < 0.12:
                await clock.advance(rng.choice(TIME_JUMPS))
                await world.fake.idle()
            elif roll < 0.16:
                records.append(await run_command(world, person, game, rng))
            else:
                record = await press_something(world, person, rng)
                if record is None:
                    record = await world.fake.slash(person, world.games, "dreamcats start", game=game, **SHORT[game])
                records.append(record)
        busy.now = False
        assert all(r.response_type is not None for r in records)
        assert any("failed" in r.getMessage() and r.levelno == logging.WARNING for r in caplog.records)
        service = runner.client.service
        before = {t.game_id: t.version for t in service.tables if t.playing}
        for _ in range(20):  # nobody clicks: every turn timer runs out, computer players move, rounds go on
            await clock.advance(61)
            await asyncio.sleep(0.05)  # the storage threads keep real time
            await world.fake.idle()
            stuck = [t.game_id for t in service.tables if t.game_id in before and t.version == before[t.game_id]]
            if not stuck:
                break
        assert before and stuck == []
        await check_afterwards(world, people, game, rng, caplog)
    finally:
        busy.now = False
        await runner.stop()
