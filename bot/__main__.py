"""`python -m bot` runs the bot."""

from bot.cli import main

raise SystemExit(main(["run"]))
