"""The load benchmark's helpers: the bot in its own process, a scratch database, and the size of the database."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import create_async_engine

from tests.fakediscord import FakeDiscord

LAUNCH = "from tests.benchmarks.load_bot import run_process; run_process()"


class BotProcess:
    """tests/benchmarks/load_bot.py's bot against the fake; commands on stdin, JSON answers on stdout."""

    def __init__(self, process: asyncio.subprocess.Process, log_path: Path) -> None:
        self.process, self.log_path = process, log_path

    @classmethod
    async def start(cls, fake: FakeDiscord, database_url: str, log_path: Path, *, computer_pause: float,
                    edit_interval: float, defer_after: float | None = None,
                    picture_processes: int | None = None, free_saves: bool = False) -> BotProcess:
        """Spawn the bot process (its stderr goes to `log_path`)."""
        log = log_path.open("ab")
        # Started with -c, not -m: multiprocessing imports a `-m` main module again in every picture process, and
        # this one imports the whole bot (discord, SQLAlchemy, the fake: about 90 MB). The deployed `dreamcats run`
        # script imports only bot.cli there (`python -m bot`: nothing), so -c measures the picture processes as
        # deployed.
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", LAUNCH, "--api", fake.api_base, "--gateway", fake.gateway_url,
            "--token", fake.token, "--database", database_url, "--computer-pause", str(computer_pause),
            "--edit-interval", str(edit_interval),
            *(["--defer-after", str(defer_after)] if defer_after is not None else []),
            *(["--picture-processes", str(picture_processes)] if picture_processes is not None else []),
            *(["--free-saves"] if free_saves else []),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=log, limit=1 << 20)
        log.close()
        return cls(process, log_path)

    @classmethod
    async def start_as_asked(cls, fake: FakeDiscord, database_url: str, log_path: Path,
                             args: argparse.Namespace) -> BotProcess:
        """Spawn the bot process with bench_load's options (at the start, and again for `--restart`)."""
        return await cls.start(fake, database_url, log_path, computer_pause=args.computer_pause,
                               edit_interval=args.edit_interval, defer_after=args.defer_after,
                               picture_processes=args.picture_processes, free_saves=args.free_saves)

    async def command(self, line: str, timeout: float = 30.0) -> dict[str, Any]:
        """Send one command, read its JSON answer."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line.encode() + b"\n")
        await self.process.stdin.drain()
        answer = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        if not answer:
            raise RuntimeError(f"the bot process ended; see {self.log_path}")
        result: dict[str, Any] = json.loads(answer)
        return result

    async def wait_ready(self, timeout: float = 120.0) -> dict[str, Any]:
        """Poll until discord.py's on_ready ran."""
        end = asyncio.get_running_loop().time() + timeout
        while asyncio.get_running_loop().time() < end:
            stats = await self.command("stats")
            if stats["ready_after"] is not None:
                return stats
            await asyncio.sleep(0.05)
        raise TimeoutError(f"the bot was not ready within {timeout} s; see {self.log_path}")

    async def quit(self) -> None:
        """Close the bot cleanly."""
        try:
            await self.command("quit", timeout=60)
        except (RuntimeError, TimeoutError, ConnectionError):
            pass
        await self.kill()

    async def kill(self) -> None:
        """Kill the process (a crash) if it still runs."""
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


async def scratch_database(url: str | None, directory: Path) -> tuple[str, str | None]:
    """The database URL to run on and, for PostgreSQL, the scratch database created for it (dropped later)."""
    if url is None or url.startswith("sqlite"):
        return url or f"sqlite+aiosqlite:///{directory / 'load.db'}", None
    name = f"dreamcats_load_{secrets.token_hex(4)}"
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    async with engine.connect() as connection:
        await connection.execute(text(f'CREATE DATABASE "{name}"'))
    await engine.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False), name


async def drop_database(url: str, name: str) -> None:
    """Drop the scratch PostgreSQL database."""
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    async with engine.connect() as connection:
        await connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    await engine.dispose()


async def database_bytes(url: str) -> int:
    """How big the database is (SQLite: the file and its WAL; PostgreSQL: pg_database_size)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = Path(parsed.database or "")
        return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    engine = create_async_engine(url)
    async with engine.connect() as connection:
        size = (await connection.execute(text("SELECT pg_database_size(current_database())"))).scalar_one()
    await engine.dispose()
    return int(size)


# What a finished match keeps for good: its record, seats, rounds and scores, and the ratings and names they update.
RECORD_TABLES = ("matches", "match_seats", "rounds", "round_scores", "player_ratings", "players")
_STORIES = text("SELECT COALESCE(SUM(LENGTH(value)), 0) FROM bot_state WHERE key LIKE 'look:%'")


async def kept_bytes(url: str) -> tuple[int, int] | None:
    """The bytes of the finished matches' tables (their indexes included) and of the rounds' stories for How did I
    do? (deleted after 30 days, bot.look_back); None where SQLite cannot say (built without its dbstat table)."""
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            if make_url(url).get_backend_name() == "sqlite":
                schema = await connection.execute(text("SELECT name, tbl_name FROM sqlite_schema"))
                owners = {name: table for name, table in schema.all()}
                pages = (await connection.execute(text("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"))).all()
                records = sum(int(size) for name, size in pages if owners.get(name) in RECORD_TABLES)
            else:
                sizes = [f"pg_total_relation_size('{table}')" for table in RECORD_TABLES]
                records = int((await connection.execute(text(f"SELECT {' + '.join(sizes)}"))).scalar_one())
            stories = int((await connection.execute(_STORIES)).scalar_one())
    except OperationalError:  # no dbstat in this SQLite
        return None
    finally:
        await engine.dispose()
    return records, stories


def kept_line(before: tuple[int, int] | None, after: tuple[int, int] | None, finished: int) -> str:
    """What of the growth a finished match keeps for good, and its stories (kept 30 days): per finished match."""
    if before is None or after is None:
        return ""
    per_match = [(later - earlier) / max(1, finished) / 1024 for earlier, later in zip(before, after, strict=True)]
    records, stories = per_match
    return (f"; of it, the matches' records {records:.1f} KiB (kept for good) and their rounds' stories {stories:.1f} "
            "KiB (kept 30 days); the rest: the live tables' rows, the other tables and SQLite's write-ahead log")


def process_cpu() -> float:
    """CPU seconds (user + system) of this process: the fake and the simulated people."""
    times = os.times()
    return times.user + times.system
