"""What live matches cost the garbage collector: tracked objects and a full collection's CPU, for N matches in play.

Run: .venv/bin/python -m tests.benchmarks.bench_heap [--matches 500] [--actions 200] [--seats 3]

Each match is dealt from its own seed and played `--actions` random legal actions in (the engine's log, rounds,
knowledge and public history as a live table holds them); everything imported before is frozen out of the
collector, as the bot does at start-up. Prints the objects the collector tracks and the CPU of a full collection
(the fastest and the median of 7). Give one count of actions per run: a count measured after another in the same
process walks the heap the first one left behind, and reads slower.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from game.dreamcats import MatchSettings, MatchState, new_match
from game.dreamcats.engine import apply_action
from tests.game.support import random_action


def matches_in_play(count: int, seats: int, actions: int) -> list[MatchState]:
    """`count` seeded matches, each `actions` random legal actions in (fewer if one ends first)."""
    states = []
    for index in range(count):
        state = new_match(seats, MatchSettings(), random.Random(f"heap:{index}"))
        rng = random.Random(f"heap:{index}:play")
        for _ in range(actions):
            if state.over:
                break
            apply_action(state, random_action(state, rng, 0.01))
        states.append(state)
    return states


def full_collections(times: int = 7) -> list[float]:
    """CPU milliseconds of `times` full collections in a row."""
    spent = []
    for _ in range(times):
        started = time.thread_time()
        gc.collect()
        spent.append((time.thread_time() - started) * 1000)
    return spent


def main(argv: list[str] | None = None) -> None:
    """Print one line per number of actions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--actions", default="200", help="comma-separated actions into each match")
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args(argv)
    gc.collect()
    gc.freeze()
    for actions in (int(a) for a in args.actions.split(",")):
        states = matches_in_play(args.matches, args.seats, actions)
        gc.collect()
        spent = full_collections()
        print(f"{args.matches} matches, {actions} actions in: {len(gc.get_objects()):,} tracked objects, "
              f"a full collection {min(spent):.1f} ms (median {statistics.median(spent):.1f} ms)")
        del states


if __name__ == "__main__":
    main()
