"""What the table's text edit after a move costs the event loop: its text and its buttons' JSON.

Run: .venv/bin/python -m tests.benchmarks.bench_table_edit [--runs 2000] [--seats 3]

A Dreamcats table in play (seeded, a few turns in, Polish and English) is shown as the presenter's text edit shows
it (bot.presenter: `table_content` and `component_rows(table_items)`); its buttons' rows are also made from built
GameButtons, as they were before the table's buttons became specs (bot.views.items.ButtonSpec), and as a whole view
(make_view(...).to_components(), what a picture's edit still sends). CPU time per call, median of `--runs` calls.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bot.service import Seat, Table
from bot.views.public import table_content, table_items
from bot.views.shown import component_rows, make_view
from game.dreamcats import MatchSettings, apply_action, legal_actions, new_match

NAMES = ["Ana", "Bo", "Ela", "Miso", "Kuba"]


def table_in_play(seats: int, locale: str) -> Table:
    """A seeded table a few turns into its first round."""
    rng = random.Random(7)
    state = new_match(seats, MatchSettings(), rng, starter=0)
    for _ in range(12):
        every = [action for seat in range(seats) for action in legal_actions(state, seat)]
        apply_action(state, rng.choice(every))
    people = [Seat(100 + n, NAMES[n]) for n in range(seats)]
    return Table("0123456789ab", 1, 2, 10, MatchSettings(), locale, people, datetime(2026, 11, 29, tzinfo=UTC),
                 state=state, message_id=30)


def median_us(call: Callable[[], Any], runs: int) -> float:
    """CPU time of one call in µs, median of `runs` calls."""
    times = []
    for _ in range(runs):
        started = time.process_time_ns()
        call()
        times.append(time.process_time_ns() - started)
    return statistics.median(times) / 1000


def parts(table: Table) -> dict[str, Callable[[], Any]]:
    """The parts of the table's edits, by name."""
    return {
        "text (table_content)": lambda: table_content(table),
        "buttons as specs, their rows (in use)": lambda: component_rows(table_items(table)),
        "buttons built, their rows (before)": lambda: component_rows([s.item() for s in table_items(table)]),
        "buttons as a whole view (a picture's edit)": lambda: make_view(*table_items(table)).to_components(),
    }


def main() -> None:
    """Time the parts of a text edit and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args()
    for locale in ("en", "pl"):
        for name, call in parts(table_in_play(args.seats, locale)).items():
            print(f"{locale}, {args.seats} seats, {name}: {median_us(call, args.runs):.1f} µs")


if __name__ == "__main__":
    main()
