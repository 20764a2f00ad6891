"""The `dreamcats` command: run the bot, migrate the database, the arena and the offline demo."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the sub-command and hand over to the module that does the work."""
    args = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="dreamcats", description="Dreamcats, the memory card game bot.")
    parser.add_argument("command", choices=["run", "migrate", "arena", "demo"], nargs="?", default="run")
    parsed, rest = parser.parse_known_args(args)
    if parsed.command == "run":
        from bot.app import main as run_main

        return run_main(rest)
    if parsed.command == "migrate":
        from bot.storage.migrate import main as migrate_main

        return migrate_main(rest)
    if parsed.command == "arena":
        from bot.arena import main as arena_main

        return arena_main(rest)
    from bot.demo import main as demo_main

    return demo_main(rest)


if __name__ == "__main__":
    raise SystemExit(main())
