"""The bot process of the load benchmark: the real DreamcatsBot pointed at a fake Discord in another process.

Run by bench_load.py (`python -c` calling `run_process`, see load_process.BotProcess.start) with `--api URL
--gateway URL --token T --database URL`.
Commands arrive one per line on stdin and each is answered by one JSON line on stdout:
`stats` (CPU seconds, RSS, interactions, accepted changes, the event loop's stalls), `reset-stalls`,
`profile-start`, `profile-stop PATH` (cProfile of this process), `mark`, `growth` (what the heap gained
between them, see load_growth) and `holders`, `quit`. Logging goes to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import itertools
import json
import logging
import os
import sys
import time
import tracemalloc
from collections.abc import Sequence
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.app import run_loop
from bot.client import DreamcatsBot
from bot.config import default_picture_processes
from bot.lateness import lateness_gauge
from bot.service import Table
from bot.views import holds
from tests.benchmarks.histogram import Histogram
from tests.benchmarks.load_growth import FRAMES, GrowthMark, rss_bytes
from tests.benchmarks.load_shown import newest_texts
from tests.benchmarks.load_usage import descendants, heap_report, memory_report, process_usage, thread_cpu

log = logging.getLogger(__name__)

TICK = 0.02  # how often the stall monitor wakes; a stall is the lateness of that wake-up


class Counters:
    """What the bot did, counted where it happens."""

    def __init__(self) -> None:
        self.interactions = 0
        self.changes = 0
        self.moves = 0
        self.finished = 0
        self.max_stall = 0.0
        self.stalls_over_50ms = 0
        self.stalls_in_collections = 0  # of those, the ones that the collector's pauses took half or more of
        self.stalls_running = 0  # the others in which the loop's thread ran (CPU) half or more of the time
        self.max_gc_pause = 0.0  # the longest pause of the cyclic garbage collector (any thread), seconds
        self.full_collections = 0
        self.collections = 0  # of any generation
        self.gc_seconds = 0.0  # all the collections' pauses together
        self.by_generation = [0, 0, 0]  # collections of each generation
        self.freed_by_generation = [0, 0, 0]  # objects in reference cycles each generation's collections freed
        self._gc_started = 0.0
        self._gc_cpu_started = 0.0
        self.longest_gc: tuple[float, float, int, int] = (0.0, 0.0, 0, 0)  # wall s, CPU s, generation, collected
        self.ready_at: float | None = None
        self.received: dict[int, float] = {}  # interaction id -> when the bot parsed it (perf_counter)
        self.acks = Histogram()  # seconds from parsing an interaction to sending its callback request
        self.saves = Histogram()  # seconds each live-game save took, from the service's call to its return
        self.group: Any = None  # the writer's GroupCommit, where there is one (its transactions and works)
        self.spacings: list[float] = []  # the table pictures' spacing, each second (s)
        self.lateness: list[tuple[float, bool]] = []  # bot.lateness: (level, busy), each second

    def acknowledged(self, interaction_id: int) -> None:
        """The interaction's callback request is being made: how long the bot took to get there."""
        started = self.received.pop(int(interaction_id), None)
        if started is not None:
            self.acks.add(time.perf_counter() - started)

    def time_gc(self, phase: str, info: dict[str, Any]) -> None:
        """gc.callbacks hook: how long each collection held the interpreter."""
        if phase == "start":
            self._gc_started = time.perf_counter()
            self._gc_cpu_started = time.thread_time()
            return
        wall = time.perf_counter() - self._gc_started
        if wall > self.max_gc_pause:
            self.longest_gc = (wall, time.thread_time() - self._gc_cpu_started, info["generation"], info["collected"])
        self.max_gc_pause = max(self.max_gc_pause, wall)
        self.full_collections += info["generation"] == 2
        self.collections += 1
        self.gc_seconds += wall
        self.by_generation[info["generation"]] += 1
        self.freed_by_generation[info["generation"]] += info["collected"]


class LoadBot(DreamcatsBot):
    """DreamcatsBot with counters around the store and the interaction event (nothing else changed)."""

    counters: Counters
    free_saves = False  # --free-saves: a live game's save returns at once, the database untouched

    async def setup_hook(self) -> None:
        """The bot's own start-up, then count accepted changes and finished matches."""
        await super().setup_hook()
        store: Any = self.service.store
        save, finish, counters, free = store.save, store.finish, self.counters, self.free_saves
        counters.group = getattr(self.db.writer, "group_commit", None)

        async def counted_save(table: Table) -> int:
            started = time.perf_counter()
            if free:  # a bound on what storage adds to the figures: every change saved at no cost
                await asyncio.sleep(0)
                version = table.version + 1
            else:
                version = await save(table)
            counters.saves.add(time.perf_counter() - started)
            counters.changes += 1
            counters.moves += table.state is not None
            return version

        async def counted_finish(table: Table, match: Any, ending: Sequence[int] | None = None) -> None:
            await finish(table, match, ending)
            counters.finished += 1
            counters.moves += 1

        store.save, store.finish = counted_save, counted_finish
        self._time_acknowledgements()

    def _time_acknowledgements(self) -> None:
        """Time each interaction inside the bot: from its gateway event parsed to its callback request begun."""
        parsers, counters = self._connection.parsers, self.counters
        parse = parsers["INTERACTION_CREATE"]
        respond = AsyncWebhookAdapter.create_interaction_response

        def timed_parse(data: Any) -> None:
            counters.received[int(data["id"])] = time.perf_counter()
            parse(data)

        def timed_respond(adapter: AsyncWebhookAdapter, interaction_id: int, *args: Any, **kwargs: Any) -> Any:
            counters.acknowledged(interaction_id)
            return respond(adapter, interaction_id, *args, **kwargs)

        parsers["INTERACTION_CREATE"] = timed_parse
        AsyncWebhookAdapter.create_interaction_response = timed_respond  # type: ignore[method-assign]

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Count every interaction (the tree and the dynamic items handle it)."""
        self.counters.interactions += 1

    async def on_ready(self) -> None:
        """Note when the bot became ready."""
        self.counters.ready_at = time.monotonic()


async def watch_loop(counters: Counters) -> None:
    """Measure how late the event loop wakes a short sleep: the longest time it was blocked."""
    while True:
        before, collected, ran = time.perf_counter(), counters.gc_seconds, time.thread_time()
        await asyncio.sleep(TICK)
        stall = time.perf_counter() - before - TICK
        counters.max_stall = max(counters.max_stall, stall)
        if stall > 0.05:  # a collection, a long step of the loop's own, or the thread waiting (interpreter, machine)
            counters.stalls_over_50ms += 1
            if counters.gc_seconds - collected >= stall / 2:
                counters.stalls_in_collections += 1
            elif time.thread_time() - ran >= stall / 2:
                counters.stalls_running += 1


async def watch_spacing(bot: LoadBot) -> None:
    """Note the table pictures' spacing (bot.frames) and how late clicks come (bot.lateness) every second; log the
    lateness every 5 s (the bot log then shows when the bot turned new tables away)."""
    for second in itertools.count(1):
        await asyncio.sleep(1.0)
        presenter = getattr(bot, "presenter", None)
        if presenter is not None:
            bot.counters.spacings.append(presenter.edit_spacing())
        bot.counters.lateness.append((bot.lateness.level, bot.lateness.busy))
        if second % 5 == 0:
            log.warning("bench: clicks %.2f s late (bot.lateness), busy: %s", bot.lateness.level, bot.lateness.busy)


def picture_processes(args: argparse.Namespace) -> int:
    """The picture processes asked for, else as many as `python -m bot` starts on this machine."""
    if args.picture_processes is not None:
        return int(args.picture_processes)
    return default_picture_processes(os.cpu_count() or 1)


def stats(counters: Counters, started: float) -> dict[str, Any]:
    """The figures bench_load.py reads (CPU and memory: the bot's process and the picture processes it started; their
    memory as PSS)."""
    cpu, below = os.times(), [process_usage(pid) for pid in descendants(os.getpid())]
    apart_cpu, apart_rss = sum(c for c, _ in below), sum(r for _, r in below)
    threads = thread_cpu() | ({"picture processes": apart_cpu} if below else {})
    return {"cpu": cpu.user + cpu.system + apart_cpu, "rss": rss_bytes() + apart_rss,
            "apart_rss": apart_rss, "interactions": counters.interactions,
            "changes": counters.changes, "moves": counters.moves, "finished": counters.finished,
            "max_stall": counters.max_stall, "stalls_over_50ms": counters.stalls_over_50ms,
            "stalls_in_collections": counters.stalls_in_collections, "stalls_running": counters.stalls_running,
            "max_gc_pause": counters.max_gc_pause, "longest_gc": counters.longest_gc,
            "full_collections": counters.full_collections,
            "collections": counters.collections,
            "by_generation": list(counters.by_generation), "freed_by_generation": list(counters.freed_by_generation),
            "gc_seconds": counters.gc_seconds,
            "ready_after": None if counters.ready_at is None else counters.ready_at - started, "started": started,
            "threads": threads, "now": time.monotonic(),
            "bot_acks": bot_quantiles(counters.acks), "bot_saves": bot_quantiles(counters.saves),
            "transactions": getattr(counters.group, "transactions", 0), "works": getattr(counters.group, "works", 0),
            "spacing": sum(counters.spacings) / len(counters.spacings) if counters.spacings else 0.0,
            "lateness": max((level for level, _ in counters.lateness), default=0.0),
            "busy_seconds": sum(busy for _, busy in counters.lateness)}


def bot_quantiles(values: Histogram) -> list[float]:
    """p50, p90, p99 and max, in seconds (load_report prints them)."""
    return [values.quantile(q) for q in (0.5, 0.9, 0.99, 1.0)]


async def serve_commands(bot: LoadBot, counters: Counters, started: float) -> None:
    """Answer bench_load.py's commands on stdin until `quit` or EOF."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    profile: cProfile.Profile | None = None
    growth = GrowthMark()
    while line := (await reader.readline()).decode().strip():
        command, _, argument = line.partition(" ")
        answer: dict[str, Any] = {"ok": True}
        if command == "stats":
            answer = stats(counters, started)
        elif command == "objects":  # what the heap holds, by type (for RSS per table and the collector's pauses)
            answer = heap_report()
        elif command == "memory":  # where the traced Python allocations are (bench_load.py --memory)
            answer = memory_report()
        elif command == "mark":  # the heap at a window's start (bench_load.py --growth)
            answer = growth.mark()
        elif command == "growth":  # what the heap gained since the mark
            answer = growth.growth()
        elif command == "holders":  # what holds the new objects that `growth` counted, then a trim
            answer = growth.holders_and_trim()
        elif command == "shown":  # each live table's newest text, by its message (bench_load.py, at the end)
            answer = {"tables": newest_texts(bot)}
        elif command == "reset-stalls":
            counters.max_stall, counters.stalls_over_50ms = 0.0, 0
            counters.stalls_in_collections = counters.stalls_running = 0
            counters.max_gc_pause, counters.full_collections, counters.collections = 0.0, 0, 0
            counters.gc_seconds = 0.0
            counters.longest_gc = (0.0, 0.0, 0, 0)
            counters.acks.clear()
            counters.saves.clear()
            counters.spacings.clear()
            counters.lateness.clear()
        elif command == "profile-start":
            profile = cProfile.Profile(time.thread_time)  # the event loop thread's own CPU, not GIL waits
            profile.enable()
        elif command == "profile-stop" and profile is not None:
            profile.disable()
            profile.dump_stats(argument)
        elif command == "quit":
            print(json.dumps(answer), flush=True)
            return
        print(json.dumps(answer), flush=True)


async def main(args: argparse.Namespace) -> None:
    """Log in to the fake, serve commands, close cleanly."""
    started = time.monotonic()
    if os.environ.get("BENCH_TRACEMALLOC"):
        tracemalloc.start(FRAMES if os.environ["BENCH_TRACEMALLOC"] == "growth" else 1)
    discord.http.Route.BASE = args.api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    bot = LoadBot(database_url=args.database, computer_pause=args.computer_pause, edit_interval=args.edit_interval,
                  freeze_startup=True, picture_processes=picture_processes(args),  # as `python -m bot` does
                  status_every=60.0)  # the operator's status line once a minute, beside the benchmark's window
    if args.defer_after is not None:
        holds.DEFER_AFTER = args.defer_after
    if os.environ.get("BENCH_BUSY_AFTER"):  # an experiment: another threshold for bot.lateness
        bot.lateness = lateness_gauge(float(os.environ["BENCH_BUSY_AFTER"]))
    bot.counters = Counters()
    bot.free_saves = args.free_saves
    gc.callbacks.append(bot.counters.time_gc)
    bot._connection.guild_ready_timeout = 0.05  # discord.py otherwise waits 2 s after the last guild
    watcher = asyncio.create_task(watch_loop(bot.counters))
    spacing = asyncio.create_task(watch_spacing(bot))
    runner = asyncio.create_task(bot.start(args.token))
    await serve_commands(bot, bot.counters, started)
    watcher.cancel()
    spacing.cancel()
    await bot.close()
    await asyncio.gather(runner, return_exceptions=True)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line bench_load.py gives."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--computer-pause", type=float, default=1.5)
    parser.add_argument("--defer-after", type=float, default=None)
    parser.add_argument("--edit-interval", type=float, default=1.0)
    parser.add_argument("--picture-processes", type=int, default=None)
    parser.add_argument("--free-saves", action="store_true")
    return parser.parse_args(argv)


def run_process() -> None:
    """The bot process's start (bench_load.py runs it with `python -c`, see load_process.BotProcess.start)."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    logging.getLogger("bot.pulse").setLevel(logging.INFO)  # the operator's status line, beside the benchmark's figures
    run_loop(main(parse()))


if __name__ == "__main__":
    run_process()
