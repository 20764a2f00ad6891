"""The table text's log lines: rendered anew against kept (bot.texts.log_line), CPU per line.

Run: .venv/bin/python -m tests.benchmarks.bench_texts [--matches 3] [--repeat 6]

Every public event of seeded three-seat matches (normal computer players, points 100) becomes a table log entry, and
each entry is rendered `--repeat` times, as a table's text shows its last few lines again after every move (an entry
equal to an earlier one of the same match is found kept at once, as at a table).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bot import texts
from bot.arena import play_match
from bot.service import LogEntry
from bot.texts import log_line
from game.dreamcats import MatchSettings, MatchState, new_match
from game.dreamcats.players import get_player

Line = tuple[LogEntry, tuple[str, ...]]


def entries_of(matches: int) -> list[Line]:
    """The public events of the seeded matches, as table log entries, each with its table's names (every match has
    names of its own, as every table has its own people)."""
    entries: list[Line] = []

    def keep_public(state: MatchState, _seat: int) -> None:
        names = (f"Ana {index}", f"Bo {index}", "Bot Luna")
        entries.extend((LogEntry.of(e), names) for e in state.round.history[len(seen):] if e.is_public)
        seen[:] = state.round.history

    for index in range(matches):
        seen: list[object] = []
        state = new_match(3, MatchSettings(), random.Random(f"texts:{index}"))
        play_match(state, [get_player("normal")] * 3, [random.Random(f"texts:{index}:{s}") for s in range(3)],
                   after=keep_public)
    return entries


def per_line(render: Callable[[LogEntry, tuple[str, ...], str], str], entries: list[Line], repeat: int) -> float:
    """Microseconds of CPU per rendered line."""
    started = time.process_time()
    for entry, names in entries:
        for _ in range(repeat):
            render(entry, names, "en")
    return (time.process_time() - started) / (len(entries) * repeat) * 1e6


def main(argv: list[str] | None = None) -> None:
    """Print the CPU per line, rendered every time and kept."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=6, help="times each line is shown (default 6)")
    args = parser.parse_args(argv)
    entries = entries_of(args.matches)
    render = texts._log_line.__wrapped__  # the rendering behind the cache
    anew = per_line(lambda e, names, loc: render((e.kind, e.seat, e.cards, e.slots, e.count), names, loc), entries, 1)
    print(f"{len(entries)} log entries")
    print(f"log line rendered anew: {anew:.1f} us")
    print(f"log line kept, each shown {args.repeat} times: {per_line(log_line, entries, args.repeat):.1f} us")


if __name__ == "__main__":
    main()
