"""Decision time of each computer player: p50, p99 and max over seeded matches at 2 to 5 seats.

Run: .venv/bin/python -m tests.benchmarks.bench_players [matches per table size, default 20]
"""

from __future__ import annotations

import random
import sys
import time

from bot.arena import percentile, play_match
from game.dreamcats import MatchSettings, new_match
from game.dreamcats.players import STRENGTHS, get_player


def measure(strength: str, seats: int, matches: int) -> list[float]:
    """Seconds per decision (initial peeks excluded) with the strength in every seat."""
    times: list[float] = []
    for index in range(matches):
        state = new_match(seats, MatchSettings(), random.Random(f"bench:{seats}:{index}"))
        rngs = [random.Random(f"bench:{seats}:{index}:{s}") for s in range(seats)]
        play_match(state, [get_player(strength)] * seats, rngs, on_decision=lambda _seat, t: times.append(t))
    return times


def main(argv: list[str]) -> int:
    """Print one line per strength and table size."""
    matches = int(argv[0]) if argv else 20
    print(f"{'player':<8} {'seats':>5} {'decisions':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for strength in (*STRENGTHS, "sharp"):
        for seats in (2, 3, 4, 5):
            started = time.perf_counter()
            times = measure(strength, seats, matches)
            print(f"{strength:<8} {seats:>5} {len(times):>9} {percentile(times, 50) * 1000:>8.2f}"
                  f" {percentile(times, 99) * 1000:>8.2f} {max(times) * 1000:>8.2f}"
                  f"   ({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
