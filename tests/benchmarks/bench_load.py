"""Load benchmark: N live tables in one bot process, people and computer players clicking through a fake Discord.

Run: .venv/bin/python -m tests.benchmarks.bench_load --games 500 [--database URL] [--stress] [--restart]
     [--free-saves]

The bot runs as its own process (tests/benchmarks/load_bot.py, the real DreamcatsBot with its defaults: computer
pause 1.5 s, table edits at most once a second); this process runs the offline fake Discord (lean: no schema
checks, no revisions kept) and the people, so the bot's CPU, RSS and event-loop stalls are its own and the fake's
CPU is reported apart. Each table is a channel of its own with two people, who open a match (points 30 by
default), add one normal computer player and play it to the end, then open the next; they act only on what
Discord shows them, after an exponential think time (mean --think s; --stress: none, a person clicks as soon as
the table shows their turn). PostgreSQL URLs get a scratch database that is dropped afterwards. --free-saves makes a
live game's save return at once without touching the database: what the figures would be if storage cost nothing.
This process's garbage collector is off for the whole run (--fake-collects-while-opening: from the end of the
tables' opening, as before 2026-11-29; --fake-collects-freely: never, as before 2026-11-27), so that the fake's own
pauses are not timed as the bot's.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tests.benchmarks import load_process
from tests.benchmarks.load_bot import Counters, watch_loop
from tests.benchmarks.load_heap_lines import growth_lines, memory_lines, objects_lines
from tests.benchmarks.load_people import Tally
from tests.benchmarks.load_play import PlayingTable, show_people_their_tables
from tests.benchmarks.load_process import BotProcess, database_bytes, drop_database, process_cpu, scratch_database
from tests.benchmarks.load_report import Window, report_memory, report_window
from tests.benchmarks.load_restart import measure_restart
from tests.benchmarks.load_shown import newest_line, shown_text
from tests.benchmarks.load_slices import watch_slices
from tests.fakediscord import FakeDiscord


def build_world(fake: FakeDiscord, args: argparse.Namespace, tally: Tally) -> list[PlayingTable]:
    """Guilds of --per-guild channels, two people per channel."""
    rng, tables = random.Random(args.seed), []
    for index in range(args.games):
        if index % args.per_guild == 0:
            guild = fake.add_guild(f"Guild {index // args.per_guild}")
        channel = fake.add_channel(guild, f"table-{index}")
        people = (fake.add_user(f"a{index}", display_name=f"Ann{index}", guild=guild),
                  fake.add_user(f"b{index}", display_name=f"Ben{index}", guild=guild))
        tables.append(PlayingTable(fake, channel, people, tally, think=0.0 if args.stress else args.think,
                                   points=args.points, rng=random.Random(rng.random())))
    show_people_their_tables(fake, tables)
    return tables


def quiet_collector() -> None:
    """This process's garbage collector off to the end of the run, what it set up frozen first.

    This process holds the fake and every simulated person (1,000 at 500 tables): with Python's default collector
    its full collections paused it 0.4-1.4 s at a time, and a reply that arrived meanwhile was timed late. Until
    2026-11-29 the collector stayed on while the tables opened, and off only from there on, after one full
    collection: at 2,000 tables that collection held the fake long enough that 600-1,300 of the bot's answers came
    after Discord's 3 s by the fake's clock (JOURNAL.md, Load, "fifteenth session"); with more tables, its collections
    while the tables opened made thousands more.
    """
    gc.collect()
    gc.freeze()
    gc.disable()


def showing_tables(tables: list[PlayingTable]) -> int:
    """The tables whose table message the people see."""
    return sum(t.message is not None for t in tables)


def global_limit_line(kinds: Counter[str], seconds: float, tables: int) -> str:
    """The REST requests that count against Discord's global limit for a bot: every route but the interaction
    endpoints (an interaction's answer, its edits and follow-ups), which are exempt."""
    counted = sum(count for kind, count in kinds.items()
                  if not kind.split(" ", 1)[-1].startswith(("/interactions/", "/webhooks/")))
    return (f"REST requests under Discord's global limit (50/s for a bot unless Discord raises it; interaction "
            f"endpoints are exempt): {counted / seconds:.1f}/s, {counted / seconds / max(1, tables):.3f}/s per table "
            f"showing")


async def open_tables(tables: list[PlayingTable], rate: float) -> list[asyncio.Task[None]]:
    """Start every table's people, `rate` tables a second, and wait until every table has shown its first match
    (the first ones may have finished it since)."""
    tasks = []
    for table in tables:
        tasks.append(asyncio.create_task(table.run()))
        await asyncio.sleep(1 / rate)
    end = time.monotonic() + 60
    while not all(t.shown_once for t in tables) and time.monotonic() < end:
        await asyncio.sleep(0.2)
    return tasks


async def stop_tables(tables: list[PlayingTable], tasks: list[asyncio.Task[None]]) -> None:
    """Ask the people to stop, give them a moment to finish their clicks, then cancel."""
    for table in tables:
        table.stopping = True
    _, pending = await asyncio.wait(tasks, timeout=15)
    for task in pending:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def open_all(bot: BotProcess, fake: FakeDiscord, tables: list[PlayingTable], args: argparse.Namespace
                   ) -> tuple[list[asyncio.Task[None]], dict[str, Any], str]:
    """Open every table (half, then the rest) and say how it went; the people's tasks, the bot's stats once all are
    open, and the line on what the second half of the tables cost."""
    opening, opening_control = time.monotonic(), Counters()
    opening_watcher = asyncio.create_task(watch_loop(opening_control))
    gc.callbacks.append(opening_control.time_gc)
    half = len(tables) // 2
    tasks = await open_tables(tables[:half], args.open_rate)
    halfway = await bot.command("stats")
    tasks += await open_tables(tables[half:], args.open_rate)
    opened = await bot.command("stats")
    gc.callbacks.remove(opening_control.time_gc)
    opening_watcher.cancel()
    print(f"opened {sum(t.shown_once for t in tables)} of {args.games} tables in "
          f"{time.monotonic() - opening:.1f} s; meanwhile this process (fake + people) stalled up to "
          f"{opening_control.max_stall * 1000:.0f} ms, {opening_control.stalls_over_50ms} times over 50 ms, its "
          f"collector's longest pause {opening_control.max_gc_pause * 1000:.0f} ms "
          f"({opening_control.full_collections} full collections of {opening_control.collections}); "
          f"{len(fake.violations)} violations so far")
    grown, second = opened["rss"] - halfway["rss"], len(tables) - half
    return tasks, opened, (f"bot RSS, second half of the tables: {grown / 1024:.0f} KiB for {second}, "
                           f"{grown / max(1, second) / 1024:.0f} KiB per table once the shared caches are warm")


async def mark_heap(bot: BotProcess) -> None:
    """`--growth`'s mark, before the window: its walk of the heap holds the bot's loop, which the window must not
    count."""
    marked = time.perf_counter()
    mark = await bot.command("mark", timeout=120.0)
    held = (time.perf_counter() - marked) * 1000
    print(f"the heap's mark held the bot for {held:.0f} ms, before the window; the main process's RSS then "
          f"{mark['rss'] / 2**20:.1f} MiB")
    await asyncio.sleep(1.0)  # the clicks it held back are answered before the window begins


async def measure_window(bot: BotProcess, fake: FakeDiscord, tables: list[PlayingTable], tally: Tally,
                         args: argparse.Namespace) -> list[str]:
    """The measured window: the people play on for `--duration` seconds; its figures."""
    tally.reset()
    await bot.command("reset-stalls")
    if args.profile:
        await bot.command("profile-start")
    uploads, requests, kinds = dict(fake.uploads), fake.request_count, Counter(fake.request_kinds)
    before, cpu = await bot.command("stats"), process_cpu()
    control = Counters()  # the same stall monitor in this process: what the machine itself does to a loop
    watcher = asyncio.create_task(watch_loop(control))
    gc.callbacks.append(control.time_gc)
    if args.slices > 1:
        sliced = await watch_slices(bot, fake, tally, args.duration, args.slices)
    else:
        sliced = []
        await asyncio.sleep(args.duration)
    after, cpu = await bot.command("stats"), process_cpu() - cpu
    gc.callbacks.remove(control.time_gc)
    watcher.cancel()
    pictures = {name: count - uploads.get(name, 0) for name, count in fake.uploads.items()}
    if args.profile:
        await bot.command(f"profile-stop {Path(args.profile).resolve()}")
    window = Window(args.games, before, after, cpu, tally)
    lines = report_window(window) + sliced
    lines.append(f"control: this process's own loop (fake + people) stalled up to {control.max_stall * 1000:.0f} "
                 f"ms, {control.stalls_over_50ms} times over 50 ms (what the machine does to any loop); "
                 f"its garbage collector's longest pause {control.max_gc_pause * 1000:.0f} ms, "
                 f"{control.full_collections} full collections of {control.collections}")
    per = max(1.0, window.delta("interactions"))
    lines.append(f"REST requests per interaction: {(fake.request_count - requests) / per:.2f} (" + ", ".join(
        f"{kind} {count / per:.2f}" for kind, count in (fake.request_kinds - kinds).most_common(8)) + ")")
    showing, drawn = showing_tables(tables), pictures.get("table.png", 0)
    lines.append(global_limit_line(fake.request_kinds - kinds, args.duration, showing))
    lines.append("pictures sent per interaction: " + ", ".join(
        f"{name} {count / per:.2f}" for name, count in sorted(pictures.items())))
    lines.append(f"a table's picture: a new one every {args.duration * showing / max(1, drawn):.1f} s on average "
                 f"({drawn} table pictures sent in the window, {showing} tables showing)")
    return lines


async def bench(args: argparse.Namespace, url: str, directory: Path) -> None:
    """Run the whole benchmark and print the figures."""
    tally, log = Tally(), Path(tempfile.gettempdir()) / f"bench_load-bot-{os.getpid()}.log"  # kept after the run
    async with FakeDiscord(lean=True) as fake:
        tables = build_world(fake, args, tally)
        if not (args.fake_collects_freely or args.fake_collects_while_opening):
            quiet_collector()
        bot = await BotProcess.start_as_asked(fake, url, log, args)
        empty = await bot.wait_ready()
        size_before, kept_before = await database_bytes(url), await load_process.kept_bytes(url)
        tasks, opened, second_half = await open_all(bot, fake, tables, args)
        if args.fake_collects_while_opening:
            quiet_collector()
        await asyncio.sleep(args.warmup)
        if args.growth:
            await mark_heap(bot)
        lines = await measure_window(bot, fake, tables, tally, args)
        grown = await bot.command("growth", timeout=120.0) if args.growth else None  # at the window's end
        await stop_tables(tables, tasks)  # then: naming the holders holds the bot's loop for seconds
        if grown is not None:
            lines += growth_lines(grown | await bot.command("holders", timeout=300.0))
        lines.append(await newest_line(lambda: bot.command("shown"), lambda message_id: shown_text(fake, message_id)))
        lines += report_memory(max(1, showing_tables(tables)), empty, opened, await bot.command("stats"))
        lines.append(second_half)
        if args.objects:
            lines += objects_lines(await bot.command("objects"))
        if args.memory:
            lines += memory_lines(await bot.command("memory"))
        finished = (await bot.command("stats"))["finished"]
        if args.restart:
            await bot.kill()
            lines += await measure_restart(fake, tables, args, url, log)
        else:
            await bot.quit()
        growth = (await database_bytes(url) - size_before) / max(1, finished)
        lines.append(f"database: {growth / 1024:.1f} KiB growth per finished match ({finished} finished)"
                     + load_process.kept_line(kept_before, await load_process.kept_bytes(url), finished))
        violations = {v.rule for v in fake.violations}
        lines.append(f"fake Discord: {len(fake.violations)} violations {sorted(violations)}; bot log: {log}")
    # Only now: the first collection after the window walks everything it made (seconds at 1,000 tables), and
    # interactions that the fake holds meanwhile would be answered "late" by its own clock.
    gc.enable()
    print(f"bench_load: {args.games} tables, {'stress' if args.stress else f'think {args.think} s'}, "
          f"database {url.split(':')[0]}, duration {args.duration} s"
          + (", saves free (--free-saves: not the bot as deployed)" if args.free_saves else ""))
    print("\n".join(lines))


async def main_async(args: argparse.Namespace) -> None:
    """Set up the database (a scratch one on PostgreSQL), run, clean up."""
    if args.memory:  # the bot process inherits it; with --growth, deeper tracebacks for the sites that grew
        os.environ["BENCH_TRACEMALLOC"] = "growth" if args.growth else "1"
    with tempfile.TemporaryDirectory(prefix="bench_load-") as directory:
        url, scratch = await scratch_database(args.database, Path(directory))
        try:
            await bench(args, url, Path(directory))
        finally:
            if scratch is not None and args.database is not None:
                await drop_database(args.database, scratch)


def parse() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="live tables (default 100)")
    parser.add_argument("--database", help="SQLAlchemy URL (default: a new SQLite file); PostgreSQL: a scratch DB")
    parser.add_argument("--fake-collects-while-opening", action="store_true",
                        help="this process's garbage collector on until the tables have opened (as before "
                             "2026-11-29), then off after one full collection")
    parser.add_argument("--fake-collects-freely", action="store_true",
                        help="leave this process's garbage collector as Python sets it (as before 2026-11-27)")
    parser.add_argument("--think", type=float, default=2.0, help="people's mean think time in s (default 2)")
    parser.add_argument("--stress", action="store_true", help="people click as soon as it is their turn")
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds (default 60)")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before measuring (default 10)")
    parser.add_argument("--points", type=int, default=30, help="a match's point limit (default 30)")
    parser.add_argument("--open-rate", type=float, default=10.0, help="tables opened per second (default 10)")
    parser.add_argument("--per-guild", type=int, default=10, help="tables (channels) per guild (default 10)")
    parser.add_argument("--computer-pause", type=float, default=1.5)
    parser.add_argument("--defer-after", type=float, default=None,
                        help="defer a private answer not ready this long after the click (default: the bot's 1 s; "
                             "0 defers every one first, as the bot did before answering directly)")
    parser.add_argument("--edit-interval", type=float, default=1.0)
    parser.add_argument("--picture-processes", type=int, default=None,
                        help="processes that draw the public pictures (default: as the bot decides)")
    parser.add_argument("--restart", action="store_true", help="then kill the bot and time a restart")
    parser.add_argument("--profile", help="write a cProfile of the bot during the window to this path")
    parser.add_argument("--objects", action="store_true", help="print what the bot's heap holds, by type")
    parser.add_argument("--slices", type=int, default=1,
                        help="also print the window's figures in this many equal slices (do costs stay flat?)")
    parser.add_argument("--growth", action="store_true",
                        help="print what the bot's heap gained in the window, by type (with --memory also by "
                             "allocation site, 4 frames deep: much slower)")
    parser.add_argument("--memory", action="store_true",
                        help="trace the bot's Python allocations (slower) and print the lines that hold most")
    parser.add_argument("--free-saves", action="store_true",
                        help="a live game's save returns at once without the database: a bound on what storage adds "
                             "(not the bot as deployed; not with --restart)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.free_saves and args.restart:
        parser.error("--free-saves keeps no table to restart from")
    return args


if __name__ == "__main__":
    asyncio.run(main_async(parse()))
