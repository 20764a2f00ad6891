"""`dreamcats run`: configuration, logging, the bot, and a clean shutdown on SIGINT/SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

from bot.config import ConfigError, Settings, load_settings
from bot.storage.thread_loop import new_loop

log = logging.getLogger("bot")
EXIT_CONFIG = 2
T = TypeVar("T")


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run on uvloop where it is installed (Linux and macOS), on the standard loop elsewhere.

    uvloop runs the loop's own work (sockets, callbacks, timers) in C: under load most of the bot's main thread is
    that work, so it answers more clicks on the same core.
    """
    with asyncio.Runner(loop_factory=new_loop) as runner:
        return runner.run(main)


def setup_logging(level: str) -> None:
    """One line per record on stderr; discord.py's and Alembic's own chatter at WARNING unless debugging."""
    from bot.connection import quiet_libraries

    logging.basicConfig(level=level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s", stream=sys.stderr)
    quiet_libraries(level)


async def run(settings: Settings, stop: asyncio.Event | None = None, *, signals: bool = True,
              force_sync: bool = False) -> None:
    """Start the bot and stop it cleanly when `stop` is set (SIGINT or SIGTERM set it)."""
    from bot.client import make_bot
    from bot.connection import ConnectionLog
    from bot.repeated_lines import watch_repeats

    bot = make_bot(database_url=settings.database_url, dev_guild_id=settings.dev_guild_id, shard=settings.shard,
                   shards=settings.shards, freeze_startup=True, force_sync=force_sync,
                   picture_processes=settings.drawing_processes, busy_after=settings.busy_after_ms / 1000,
                   status_every=settings.status_every_s)
    loop = asyncio.get_running_loop()
    stop = stop or asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM) if signals else ():
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # ValueError: not the main thread
            loop.add_signal_handler(sig, stop.set)
    with contextlib.ExitStack() as watching:
        watching.callback(ConnectionLog().attach(bot))
        watching.callback(watch_repeats())  # while Discord or the database is down: a few lines a minute, not 1,000s
        async with bot:
            # reconnect=True: a dropped connection is retried with back-off (one line: bot.connection.ConnectionLog)
            runner = asyncio.create_task(bot.start(settings.discord_token, reconnect=True))
            stopper = asyncio.create_task(stop.wait())
            done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if stopper in done:
                log.info("shutting down")
                await bot.close()
            stopper.cancel()
            await asyncio.gather(runner, return_exceptions=stopper in done)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bot; one line on stderr and exit code 2 when the configuration or the token is wrong, 3 when Discord
    cannot be reached, 4 when its gateway refuses the session (shards, intents; bot.connection)."""
    parser = argparse.ArgumentParser(prog="dreamcats run", description="Run the Dreamcats Discord bot.")
    parser.add_argument("--env-file", help="a .env file to read (default: .env, if there is one)")
    parser.add_argument("--sync", action="store_true",
                        help="sync the slash commands even if they did not change since the last sync")
    args = parser.parse_args(list(argv or []))
    if args.env_file is not None and not Path(args.env_file).is_file():  # named, so meant: never silently skipped
        print(f"dreamcats: configuration error: --env-file {args.env_file} is not a file", file=sys.stderr)
        return EXIT_CONFIG
    try:
        settings = load_settings(args.env_file or ".env")
    except ConfigError as exc:
        print(f"dreamcats: configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    setup_logging(settings.log_level)
    try:
        run_loop(run(settings, force_sync=args.sync))
    except KeyboardInterrupt:
        pass
    except Exception as exc:
        from bot.connection import start_failure

        failure = start_failure(exc)  # a refused token, or Discord out of reach: one line, not a traceback
        if failure is None:
            raise
        print(failure.line, file=sys.stderr)
        return failure.code
    return 0
