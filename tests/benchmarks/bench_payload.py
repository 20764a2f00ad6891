"""A live game's save payload: what converting it costs as a match goes on, each action and event converted once.

Run: .venv/bin/python -m tests.benchmarks.bench_payload [--matches 5] [--seats 3] [--points 100] [--runs 200]

Plays seeded matches with "normal" computer players in every seat (the engine alone, no bot) and, whenever the
action log passes 100, 200, 300, ... actions, times `match_to_dict` (the Dreamcats part of a live game's payload,
which the bot converts for every save): once as it runs in the bot, where the match keeps the form of its action log
and of its round's public history written so far (game.written_log) and a save converts only the newest actions and
events, and once converting both whole as before (a copy of the match with empty WrittenLogs). CPU time per
conversion, median over `--runs` repeats of each; the repeats of the first kind convert no new action, as a save
right after the previous one.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from game.dreamcats import MatchSettings, MatchState, apply_action, legal_actions, match_to_dict, new_match, observe
from game.dreamcats.players import choose
from game.written_log import WrittenLog


def _mover(state: MatchState) -> int:
    return next(seat for seat in range(state.num_seats) if legal_actions(state, seat))


def _unwritten(state: MatchState) -> MatchState:
    """The same match with nothing written yet: its log and its round's history are converted whole."""
    return replace(state, written_log=WrittenLog(), round=replace(state.round, written_history=WrittenLog()))


def _median_us(convert: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.process_time()
        convert()  # type: ignore[operator]
        times.append(time.process_time() - began)
    return statistics.median(times) * 1e6


def measure(matches: int, seats: int, points: int, runs: int, seed: int) -> dict[int, tuple[list[float], list[float]]]:
    """{log length: (microseconds with the written log, microseconds converting it whole)} over the matches."""
    rng = random.Random(seed)
    found: dict[int, tuple[list[float], list[float]]] = {}
    for _ in range(matches):
        state = new_match(seats, MatchSettings(point_limit=points), rng, starter=0)
        next_mark = 100
        while not state.over:
            seat = _mover(state)
            apply_action(state, choose("normal", observe(state, seat), legal_actions(state, seat), rng))
            match_to_dict(state)  # the bot converts the match at every save
            if len(state.log) >= next_mark:
                kept = _median_us(lambda s=state: match_to_dict(s), runs)
                whole = _median_us(lambda s=state: match_to_dict(_unwritten(s)), runs)
                with_log, converted_whole = found.setdefault(next_mark, ([], []))
                with_log.append(kept)
                converted_whole.append(whole)
                next_mark += 100
    return found


def main() -> None:
    """Print the conversion's cost by how long the log is."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--points", type=int, default=100)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = measure(args.matches, args.seats, args.points, args.runs, args.seed)
    print(f"bench_payload: {args.matches} matches to {args.points}, {args.seats} seats, normal players, "
          f"seed {args.seed}")
    for mark in sorted(found):
        with_log, whole = found[mark]
        print(f"log of {mark:4d}+ actions ({len(with_log)} matches): match_to_dict "
              f"{statistics.median(with_log):6.1f} us as written, "
              f"{statistics.median(whole):6.1f} us converting the log and the history whole")


if __name__ == "__main__":
    main()
