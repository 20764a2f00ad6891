"""Random legal self-play on one core (CPU time of this process): how many turns and rounds per second the engine plays.

Run: .venv/bin/python -m tests.benchmarks.bench_engine [--seconds 5] [--seats 4] [--no-wake-up] [--profile]

Every decision (initial peeks included) is a uniform random choice from `legal_actions`. A turn is one
seat's turn from its first move (Wake up!, take the discard, or draw) to the next seat's; a round ends by
Wake up! or an empty draw pile.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from game.dreamcats import Draw, MatchSettings, TakeDiscard, WakeUp, apply_action, legal_actions, new_match

TURN_STARTS = (WakeUp, TakeDiscard, Draw)


def play_matches(seconds: float, seats: int, seed: int, wake: bool = True) -> tuple[int, int, int, float]:
    """Play whole random matches for about `seconds`; return (matches, rounds, turns, elapsed).

    Without `wake`, nobody calls Wake up!, so every round runs until the draw pile is empty.
    """
    rng = random.Random(seed)
    settings = MatchSettings(point_limit=100)
    matches = rounds = turns = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_match(seats, settings, rng, starter=0)
        while not state.over:
            seat = state.round.turn
            # Seats that have not peeked yet do it in a random order before (or at) their first turn.
            unpeeked = [s for s, done in enumerate(state.round.peeked) if not done and s != seat]
            if unpeeked and rng.random() < 0.5:
                seat = rng.choice(unpeeked)
            legal = legal_actions(state, seat)
            if not wake:
                legal = [a for a in legal if type(a) is not WakeUp]
            action = rng.choice(legal)
            if type(action) in TURN_STARTS:
                turns += 1
            apply_action(state, action)
        matches += 1
        rounds += len(state.results)
    return matches, rounds, turns, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print turns/s and rounds/s."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-wake-up", action="store_true", help="never call Wake up!: long rounds")
    parser.add_argument("--profile", action="store_true", help="print the cProfile top 25 instead")
    args = parser.parse_args(argv)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play_matches, args.seconds, args.seats, args.seed, not args.no_wake_up)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0
    matches, rounds, turns, elapsed = play_matches(args.seconds, args.seats, args.seed, not args.no_wake_up)
    mode = "no Wake up!" if args.no_wake_up else "uniform over legal actions"
    print(f"{args.seats} seats, {mode}, {elapsed:.1f} s CPU: {matches} matches, {rounds} rounds, {turns} turns")
    print(f"{turns / elapsed:,.0f} turns/s  {rounds / elapsed:,.0f} rounds/s  ({turns / rounds:.1f} turns/round)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
