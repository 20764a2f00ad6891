"""`dreamcats migrate`: bring the database schema up to date (the bot also does this when it starts)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from bot.config import ConfigError
from bot.database_urls import UnsupportedDatabaseError
from bot.storage.database import (
    create_engine,
    current_revision,
    database_url,
    head_revision,
    new_revision,
    upgrade_to_head,
)

EXIT_CONFIG, EXIT_DATABASE = 2, 5  # as the bot's own (bot.app, bot.connection)
STOP_GRACE_S = 0.1


def main(argv: Sequence[str] | None = None) -> int:
    """Upgrade the database to the newest schema, or with --check only say whether it is; return an exit code."""
    parser = argparse.ArgumentParser(prog="dreamcats migrate", description=main.__doc__)
    parser.add_argument("--url", help="database URL (default: DATABASE_URL from the environment or .env, else "
                                      "sqlite:///dreamcats.db)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if migrations are pending")
    parser.add_argument("--new", metavar="MESSAGE",
                        help="(developers) write a migration for what the models changed since head")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        url = database_url(args.url)
    except (ConfigError, UnsupportedDatabaseError, ArgumentError) as exc:
        print(f"dreamcats migrate: configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    if args.check and _sqlite_file_missing(url):  # --check changes nothing: not even an empty file made
        print(f"database at nothing, newest is {head_revision()}")
        return 1
    try:
        return asyncio.run(_run(url, check=args.check, new=args.new))
    except CannotOpenError as exc:  # as the bot says it at start (bot.connection)
        print(f"dreamcats migrate: cannot open the database ({exc}); check the URL (and that its server runs)",
              file=sys.stderr)
        return EXIT_DATABASE
    except Exception as exc:  # a command-line tool reports any failure in one line
        print(f"dreamcats migrate: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_CONFIG


def _sqlite_file_missing(url: str) -> bool:
    """Whether the URL names a SQLite file that does not exist (opening it would make an empty one)."""
    parsed = make_url(url)
    file = parsed.database
    return parsed.get_backend_name() == "sqlite" and file is not None and file not in ("", ":memory:") and (
        not Path(file).exists())


class CannotOpenError(Exception):
    """The database could not be reached or opened at all (not a migration that failed on it)."""


async def _run(url: str, *, check: bool, new: str | None) -> int:
    engine = create_engine(url)
    try:
        try:
            before = await current_revision(engine)  # the first connection: failing here, the database is not open
        except (DBAPIError, OSError) as exc:
            cause = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
            # aiosqlite stops a connection that failed to open by answering a future on this loop from its thread:
            # a moment for that, or the thread meets the loop closed (asyncio.run ends right after this).
            await asyncio.sleep(STOP_GRACE_S)
            raise CannotOpenError(f"{type(cause).__name__}: {cause}") from exc
        head = head_revision()
        if new is not None:
            await upgrade_to_head(engine)
            print(f"wrote {await new_revision(engine, new)}")
            return 0
        if check:
            print(f"database at {before or 'nothing'}, newest is {head}")
            return 0 if before == head else 1
        await upgrade_to_head(engine)
        after = await current_revision(engine)
        print(f"database at {after} (was {before or 'empty'})")
        return 0
    finally:
        await engine.dispose()
