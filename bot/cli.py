"""The `dreamcats` command: run the bot, migrate the database, the arena and the offline demo."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

# Each command's own options (and its --help) belong to the module that does the work, imported only when used.
COMMANDS = {
    "run": "run the Discord bot (the default)",
    "migrate": "bring the database schema up to date",
    "arena": "play computer players against each other and compare them",
    "demo": "play one computer-only match into a folder",
}


def parser() -> argparse.ArgumentParser:
    """The top-level command line: a sub-command, whose own arguments are parsed by its module."""
    top = argparse.ArgumentParser(prog="dreamcats", description="Dreamcats, the memory card game bot.",
                                  epilog="`dreamcats COMMAND --help` shows the options of a command.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for name, summary in COMMANDS.items():
        # No -h here: `dreamcats run --help` reaches the module's own parser, which knows the options.
        commands.add_parser(name, help=summary, add_help=False)
    return top


def _handler(command: str) -> Callable[[list[str]], int]:
    if command == "migrate":
        from bot.storage.migrate import main as migrate_main

        return migrate_main
    if command == "arena":
        from bot.arena import main as arena_main

        return arena_main
    if command == "demo":
        from bot.demo import main as demo_main

        return demo_main
    from bot.app import main as run_main

    return run_main


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the sub-command and hand the rest of the command line to the module that does the work."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] not in COMMANDS and args[0] not in ("-h", "--help"):
        if not args[0].startswith("-"):  # a mistyped command, not the bot's options
            parser().error(f"unknown command {args[0]!r} (choose from {', '.join(COMMANDS)})")
        args.insert(0, "run")  # `dreamcats --env-file prod.env` runs the bot, as before
    parsed, rest = parser().parse_known_args(args)
    return _handler(parsed.command or "run")(rest)


if __name__ == "__main__":
    raise SystemExit(main())
