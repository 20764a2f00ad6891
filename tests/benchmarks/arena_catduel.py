"""Cat Duel's computer players against each other, until the bot offers the game (`dreamcats arena` will then).

    .venv/bin/python -m tests.benchmarks.arena_catduel --players hard,normal --matches 1000 --seed 1

Two seats (or more with --seats), best of 1 (the engine's default settings), the lineup rotated one seat each match
so every player sits everywhere equally. Prints each player's win rate with its 95 % (Wilson) interval (a shared win
counts for each winner) and its decision time p50/p99. Plays through the game-mode protocol (game.modes), so it
measures exactly what the contract tests check.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from bot.arena_common import lineup, percentile, wilson
from game.catduel.mode import CATDUEL


def play(names: list[str], seed: int, times: dict[str, list[float]]) -> tuple[int, ...]:
    """One match; the winning seats."""
    rng = random.Random(seed)
    state = CATDUEL.start(len(names), {}, rng)
    while not CATDUEL.is_over(state):
        for seat in CATDUEL.actors(state):
            if CATDUEL.is_over(state) or seat not in CATDUEL.actors(state):
                continue
            started = time.perf_counter()
            action = CATDUEL.computer_action(state, seat, names[seat], rng)
            times[names[seat]].append(time.perf_counter() - started)
            CATDUEL.apply_action(state, action)
    return CATDUEL.result(state).winners


def main() -> None:
    """Run the arena and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="hard,normal")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.players.split(",")
    wins: dict[str, int] = defaultdict(int)
    sat: dict[str, int] = defaultdict(int)
    times: dict[str, list[float]] = defaultdict(list)
    for index in range(args.matches):
        seated = lineup(names, args.seats, index)
        for name in {seated[seat] for seat in play(seated, args.seed * 1_000_003 + index, times)}:
            wins[name] += 1
        for name in set(seated):
            sat[name] += 1
    print(f"Cat Duel, {args.seats} seats, {args.matches} matches, seed {args.seed}")
    for name in dict.fromkeys(names):  # a name at several seats: one row (a match it won at any of them)
        low, high = wilson(wins[name], sat[name])
        p50, p99 = (percentile(times[name], q) * 1000 for q in (50, 99))
        print(f"{name:10} win rate {wins[name] / max(1, sat[name]):6.1%} ({low:.1%}-{high:.1%})  "
              f"decision p50 {p50:.2f} ms  p99 {p99:.2f} ms")


if __name__ == "__main__":
    main()
