"""Benchmark: the write path with N tables saving at once, and the load of N stored live tables at a restart.

    .venv/bin/python -m tests.benchmarks.bench_storage [--tables 50,200,500] [--seconds 5] [--rate 0]
        [--hog-ms 0] [--restart 500] [--database URL]

Each line ends with the CPU per save of the whole process and of the writer thread (a SQLite file's; 0 elsewhere);
`--tables 1` saves one table at a time, so that is the CPU of one save alone.

Every table saves a real mid-match payload (two people and a computer player, some turns played) through
SqlGameStore.save, as a move would. `--rate 0` saves as fast as the store allows (sustained writes/s at
saturation); `--rate R` spreads R saves/s over the tables with exponential pauses (latency at that load).
`--hog-ms H` blocks the event loop for H ms in every 2H, as a busy bot's loop does. The restart figure is a
fresh Database.open, SqlGameStore.load and GameService.resume over `--restart` stored live tables.
A PostgreSQL URL gets a scratch database of its own, dropped at the end. Default: a SQLite file in a temp dir.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import random
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg
from sqlalchemy import delete
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service import GameService, ManualClock, Person, table_from_payload
from bot.sqlstore import SqlGameStore
from bot.storage import Database, LiveGameRecord, create_live_game
from bot.storage.models import LiveGame
from game.dreamcats import InitialPeek, MatchSettings, legal_actions, observe
from game.dreamcats.players import choose
from tests.benchmarks.load_usage import thread_cpu
from tests.bot.fakes import MemoryGameStore, RecordingNotifier

ANA, BO = Person(1, "Ana"), Person(2, "Bo")


async def mid_match_payload(turns: int = 12) -> dict[str, Any]:
    """The payload of a running match after the initial peeks and `turns` turns."""
    rng = random.Random(5)
    service = GameService(MemoryGameStore(), RecordingNotifier(), clock=ManualClock(), computer_pause=0, rng=rng)
    table = await service.open_lobby(guild_id=1, channel_id=1, host=ANA, settings=MatchSettings(), locale="en")
    await service.join(table.game_id, BO)
    await service.add_computer(table.game_id, ANA.user_id, "normal")
    await service.start(table.game_id, ANA.user_id)
    for person in (ANA, BO):
        await service.play(table.game_id, person.user_id, lambda s: InitialPeek(s, (2, 3)))
    for _ in range(turns):
        await service.settled(table.game_id)
        table = service.get(table.game_id)
        assert table.state is not None and table.playing
        seat = table.state.round.turn
        person = ANA if table.seat_of(ANA.user_id) == seat else BO
        if table.seat_of(person.user_id) != seat:
            continue
        action = choose("easy", observe(table.state, seat), legal_actions(table.state, seat), rng)
        await service.play(table.game_id, person.user_id, lambda s, a=action: a, move_number=table.move_number)
    payload = service.get(table.game_id).to_payload()
    await service.shutdown()
    return payload


def _payload(template: dict[str, Any], n: int) -> dict[str, Any]:
    payload = copy.deepcopy(template)
    payload.update(game_id=f"bench{n}", guild_id=1000 + n % 50, channel_id=10_000 + n)
    return payload


async def seed(db: Database, template: dict[str, Any], count: int) -> None:
    """Store `count` live tables, each a copy of the template in a channel of its own."""
    for n in range(count):
        payload = _payload(template, n)

        async def insert(session: AsyncSession, p: dict[str, Any] = payload) -> LiveGameRecord:
            return await create_live_game(session, game_id=p["game_id"], guild_id=p["guild_id"],
                                          channel_id=p["channel_id"], payload=p)

        await db.write(insert)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def saves(db: Database, template: dict[str, Any], tables: int, seconds: float, rate: float,
                hog_ms: float) -> str:
    """Run `tables` tables saving for `seconds`; one line of figures."""
    store = SqlGameStore(db)
    await seed(db, template, tables)
    loaded = {stored.game_id: stored for stored in await store.load()}
    latencies: list[float] = []
    failures: dict[str, int] = {}
    stop = time.perf_counter() + seconds
    rng = random.Random(9)

    async def table_loop(n: int) -> None:
        stored = loaded[f"bench{n}"]
        table = table_from_payload(stored.payload, version=stored.version, message_id=None, deadline=None)
        if rate > 0:  # tables start spread out, as moves at a steady rate would
            await asyncio.sleep(rng.uniform(0, tables / rate))
        while time.perf_counter() < stop:
            start = time.perf_counter()
            try:
                table.version = await store.save(table)
            except Exception as exc:  # counted and shown: a failed save is the figure that matters most
                kind = f"{type(exc).__name__}: {str(exc)[:60]}"
                failures[kind] = failures.get(kind, 0) + 1
                stored = await store.in_channel(table.channel_id)
                table.version = stored.version if stored is not None else table.version
                continue
            latencies.append(time.perf_counter() - start)
            if rate > 0:
                await asyncio.sleep(min(rng.expovariate(rate / tables), max(stop - time.perf_counter(), 0)))

    async def hog() -> None:
        while time.perf_counter() < stop:
            time.sleep(hog_ms / 1000)  # the point: a loop that is busy elsewhere
            await asyncio.sleep(hog_ms / 1000)

    began, cpu_began, writer_began = time.perf_counter(), time.process_time(), writer_cpu()
    await asyncio.gather(*(table_loop(n) for n in range(tables)), *([hog()] if hog_ms > 0 else []))
    elapsed, cpu, writer = (time.perf_counter() - began, time.process_time() - cpu_began,
                            writer_cpu() - writer_began)
    await db.write(_clear)
    ms = [v * 1000 for v in latencies]
    return (f"tables={tables:4d} saves={len(ms):6d} writes/s={len(ms) / elapsed:7.0f} "
            f"p50={statistics.median(ms):6.1f} ms p99={_percentile(ms, 0.99):6.1f} ms max={max(ms):6.1f} ms "
            f"failed={sum(failures.values())}{' ' + repr(failures) if failures else ''} "
            f"CPU/save: process {1000 * cpu / len(ms):.3f} ms, writer thread {1000 * writer / len(ms):.3f} ms")


WRITER_THREAD = "dreamcats-writer"


def writer_cpu() -> float:
    """Seconds of CPU the writer thread of this process has used (0 where /proc cannot be read)."""
    return thread_cpu().get(WRITER_THREAD, 0.0)


async def _clear(session: AsyncSession) -> None:
    await session.execute(delete(LiveGame))


async def restart(url: str, template: dict[str, Any], count: int) -> str:
    """Store `count` live tables, then time a fresh open, load and resume as a restarting bot does."""
    db = await Database.open(url)
    await seed(db, template, count)
    await db.close()
    began = time.perf_counter()
    db = await Database.open(url)
    opened = time.perf_counter()
    stored = await SqlGameStore(db).load()
    loaded = time.perf_counter()
    service = GameService(SqlGameStore(db), RecordingNotifier(), clock=ManualClock(), computer_pause=3600)
    broken = await service.resume()
    resumed = time.perf_counter()
    assert broken == [] and len(service.tables) == len(stored) == count
    await service.shutdown()
    await db.write(_clear)
    await db.close()
    return (f"restart with {count} live tables: open {1000 * (opened - began):.0f} ms, "
            f"load {1000 * (loaded - opened):.0f} ms, resume (load + decode + drivers) "
            f"{1000 * (resumed - loaded):.0f} ms, total {1000 * (resumed - began):.0f} ms")


async def scratch_postgres(url: str) -> tuple[str, str]:
    """A new database on the server of `url`: (its URL, its name)."""
    name = f"dreamcats_bench_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(make_url(url).set(drivername="postgresql").render_as_string(False))
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return make_url(url).set(database=name).render_as_string(hide_password=False), name


async def drop_postgres(url: str, name: str) -> None:
    """Drop the scratch database."""
    admin = await asyncpg.connect(make_url(url).set(drivername="postgresql").render_as_string(False))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def main(args: argparse.Namespace) -> None:
    """Run the benchmark and print its figures."""
    template = await mid_match_payload()
    url, scratch = args.database, None
    if url is None:
        url = f"sqlite+aiosqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    elif make_url(url).get_backend_name() == "postgresql":
        url, scratch = await scratch_postgres(args.database)
    try:
        print(f"{make_url(url).get_backend_name()}: payload {len(str(template))} characters, "
              f"rate={'max' if args.rate == 0 else args.rate}/s, hog={args.hog_ms} ms")
        for count in (int(n) for n in args.tables.split(",") if n):
            db = await Database.open(url)
            try:
                print(await saves(db, template, count, args.seconds, args.rate, args.hog_ms), flush=True)
            finally:
                await db.close()
        if args.restart:
            print(await restart(url, template, args.restart))
    finally:
        if scratch is not None:
            await drop_postgres(args.database, scratch)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", default="50,200,500", help="comma-separated table counts (default 50,200,500)")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long each count saves (default 5)")
    parser.add_argument("--rate", type=float, default=0.0, help="saves/s over all tables; 0: as fast as possible")
    parser.add_argument("--hog-ms", type=float, default=0.0, help="block the loop H ms in every 2H (default 0)")
    parser.add_argument("--restart", type=int, default=500, help="live tables stored for the restart figure")
    parser.add_argument("--database", default=None, help="a database URL (default: a SQLite file in a temp dir)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))
