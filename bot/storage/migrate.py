"""`dreamcats migrate`: bring the database schema up to date (the bot also does this when it starts)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

from bot.storage.database import (
    create_engine,
    current_revision,
    database_url,
    head_revision,
    new_revision,
    upgrade_to_head,
)


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
        return asyncio.run(_run(database_url(args.url), check=args.check, new=args.new))
    except Exception as exc:  # a command-line tool reports any failure in one line
        print(f"dreamcats migrate: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


async def _run(url: str, *, check: bool, new: str | None) -> int:
    engine = create_engine(url)
    try:
        before = await current_revision(engine)
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
