"""The load benchmark's restart (`--restart`): the bot killed with every table live, a new process started, and the
time until every live table answers a click, split into the interpreter's imports, getting ready and the clicks."""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from tests.benchmarks.load_people import Tally
from tests.benchmarks.load_play import PlayingTable
from tests.benchmarks.load_process import BotProcess
from tests.benchmarks.load_report import percentile
from tests.fakediscord import FakeDiscord


async def measure_restart(fake: FakeDiscord, tables: list[PlayingTable], args: argparse.Namespace, url: str,
                          log: Path) -> list[str]:
    """Kill the bot with every table live, start a new one and time until every table answers a click."""
    started = time.monotonic()
    bot = await BotProcess.start_as_asked(fake, url, log, args)  # --free-saves never comes with --restart
    ready = await bot.wait_ready()
    tally = Tally()
    live = [t for t in tables if t.message is not None and not t.over]
    for table in live:
        table.tally, table.think = tally, 0.0
    clicked = time.monotonic() - started
    answers = await asyncio.gather(*(t.press(t.seats[0].user, t.message, f"dc:{t.game_id}:dream")
                                     for t in live if t.message is not None))
    everyone = time.monotonic() - started
    await bot.quit()
    answered = sum(a is not None for a in answers)
    imports = ready["started"] - started  # one clock (CLOCK_MONOTONIC) for both processes
    return [f"restart: the interpreter and its imports {imports:.2f} s, then ready (on_ready) "
            f"{ready['ready_after']:.2f} s later; {answered} of {len(live)} live tables, each clicked "
            f"{clicked:.2f} s after the process started, answered by {everyone:.2f} s (ack p99 "
            f"{percentile(tally.acks, 0.99) * 1000:.0f} ms, failures {len(tally.failures)})"]
