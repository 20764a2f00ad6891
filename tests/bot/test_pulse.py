"""bot.pulse: the operator's status line, counted from real clicks through the fake Discord."""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from pathlib import Path

import pytest

from bot.client import DreamcatsBot
from bot.config import load_settings
from bot.pulse import Outcome, Pulse, Spread, Tables, resident_mib
from bot.service import ManualClock
from bot.views.click import HANDLERS, Click
from tests.bot.conftest import World


def test_a_spread_tells_its_percentiles_to_a_bucket_edge() -> None:
    spread = Spread()
    for ms in range(1, 101):
        spread.add(ms)
    assert (spread.percentile(0.5), spread.percentile(0.99)) == ("≤ 50 ms", "≤ 100 ms")
    spread.add(9_000)
    assert spread.percentile(1.0) == "> 5000 ms"
    assert Spread().percentile(0.5) == "—"


class Ticking:
    """A clock and a CPU clock that move only when told."""

    def __init__(self) -> None:
        self.now, self.cpu = 100.0, 5.0


def test_a_window_is_reported_once_then_begins_anew() -> None:
    ticks = Ticking()
    tables = Tables(matches=3, lobbies=1, finished=0)  # counted since the process started
    pulse = Pulse(lambda: tables, every_s=60, cpu=lambda: ticks.cpu, clock=lambda: ticks.now)
    for late_ms in (2, 4, 40):
        pulse.click(late_ms / 1000, 0.008, Outcome.DONE)
    pulse.click(0.001, 0.003, Outcome.REFUSED)
    pulse.click(0.001, 0.9, Outcome.FAILED)
    pulse.stalled(0.031)
    ticks.now, ticks.cpu, tables = 160.0, 35.0, Tables(matches=3, lobbies=0, finished=2)
    line = pulse.report()
    assert line is not None
    assert line.startswith("status, the last 60 s: 3 live table(s) (3 match(es), 0 lobby(ies)); 5 click(s) "
                           "(1 failed, 1 refused); late at their handlers p50 ≤ 2 ms, p99 ≤ 50 ms; handled in p50 "
                           "≤ 10 ms, p99 ≤ 1000 ms; 2 match(es) finished; the event loop's longest stall 31 ms; "
                           "CPU 50 % of a core (this process)")
    ticks.now, tables = 220.0, Tables(matches=3, lobbies=0, finished=2)
    again = pulse.report()
    assert again is not None and "0 click(s) (0 failed, 0 refused); 0 match(es) finished" in again
    assert "stall 0 ms" in again and "p50" not in again  # no click: no percentiles to tell


def test_a_quiet_bot_writes_nothing() -> None:
    pulse = Pulse(lambda: Tables(matches=0, lobbies=0, finished=0), every_s=60)
    assert pulse.report() is None


def test_resident_memory_is_read_from_proc_or_left_out(tmp_path: Path) -> None:
    mib = resident_mib()
    assert mib is None or 1 < mib < 100_000
    assert resident_mib(str(tmp_path / "no-such-file")) is None


async def test_the_stall_watch_sees_a_blocked_loop(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.pulse")
    pulse = Pulse(lambda: Tables(matches=1, lobbies=0, finished=0), every_s=0.4, watch_every_s=0.05)
    pulse.start()
    try:
        time.sleep(0.2)  # the loop runs nothing else meanwhile
        await asyncio.sleep(0.5)
    finally:
        pulse.stop()
    [first, *_] = [r.getMessage() for r in caplog.records]
    stall = int(re.search(r"longest stall (\d+) ms", first).group(1))  # type: ignore[union-attr]
    assert 140 <= stall < 1000


def test_the_operator_sets_how_often_or_never(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GabcDE.abcdefghijklmnopqrstuvwxyz0123")
    assert load_settings(env_file=None).status_every_s == 300
    monkeypatch.setenv("DREAMCATS_STATUS_EVERY_S", "0")
    assert load_settings(env_file=None).status_every_s == 0
    monkeypatch.setenv("DREAMCATS_STATUS_EVERY_S", "")
    assert load_settings(env_file=None).status_every_s == 300


async def test_a_running_bot_counts_its_clicks_tables_and_failures(
        world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.pulse")
    bot = DreamcatsBot(database_url=world.database_url, clock=ManualClock(), computer_pause=0.0, edit_interval=0.0,
                       rng=random.Random(3), status_every=3600.0)
    fake = world.fake
    async with fake.run(bot):
        start = await fake.slash(world.ana, world.games, "dreamcats start")
        assert start.reply is not None
        game_id = bot.service.tables[0].game_id
        await fake.click(world.bo, start.reply, f"dc:{game_id}:join")
        await fake.click(world.bo, start.reply, f"dc:{game_id}:start")  # only the host starts: refused kindly

        async def broken(click: Click) -> None:
            raise RuntimeError("a bug in the handler")

        monkeypatch.setitem(HANDLERS, "join", broken)
        await fake.click(world.cy, start.reply, f"dc:{game_id}:join")
        monkeypatch.undo()
        await fake.click(world.ana, start.reply, f"dc:{game_id}:start")
        await bot.presenter.idle()
        line = bot.pulse.report()
    assert line is not None and not fake.violations
    assert "1 live table(s) (1 match(es), 0 lobby(ies)); 4 click(s) (1 failed, 1 refused)" in line
    assert re.search(r"late at their handlers p50 ≤ \d+ ms, p99 ≤ \d+ ms; handled in p50 ≤ \d+ ms", line)
