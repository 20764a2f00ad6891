"""What a live game's saves and reveals cost as a match goes on: each action and event converted once, stories kept.

Run: .venv/bin/python -m tests.benchmarks.bench_payload [--matches 5] [--seats 3] [--points 100] [--runs 200]

Plays seeded matches with "normal" computer players in every seat (the engine alone, no bot) and, whenever the
action log passes 100, 200, 300, ... actions, times `match_to_dict(stored=True)` (the Dreamcats part of a live game's
payload, which the bot converts for every save): once as it runs in the bot, where the match keeps the JSON text of
its action log and of its round's public history written so far (game.written_log) and a save converts and writes
only the newest actions and events, and once converting and writing both whole (a copy of the match with empty
WrittenLogs). CPU time per conversion, median over `--runs` repeats of each; the repeats of the first kind convert no
new action, as a save right after the previous one. At every round's end it also times the round's story for How did
I do? (`hindsight.story_of`, worked out at every reveal): taken from the history the match kept, and replayed from the
seed and the log as a match read back from storage needs (median of 10 replays); and at every 100 actions the move
number the bot asks about three times a click, counted on from the match's last count and counted over the whole
log as before.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from game.dreamcats import (
    InitialPeek,
    MatchSettings,
    MatchState,
    apply_action,
    legal_actions,
    match_to_dict,
    new_match,
    observe,
)
from game.dreamcats.hindsight import story_of
from game.dreamcats.mode import DREAMCATS
from game.dreamcats.players import choose
from game.written_log import WrittenLog

STORY_RUNS = 10  # a replay takes milliseconds


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


Marks = dict[int, tuple[list[float], list[float]]]


def measure(matches: int, seats: int, points: int, runs: int, seed: int) -> tuple[Marks, Marks, Marks]:
    """({log length: (µs as written, µs converted whole)}, {round: (µs for its story as kept, µs replayed)},
    {log length: (µs for the move number counted on, µs counting the whole log)})."""
    rng = random.Random(seed)
    payloads: Marks = {}
    stories: Marks = {}
    moves: Marks = {}
    for _ in range(matches):
        state = new_match(seats, MatchSettings(point_limit=points), rng, starter=0)
        next_mark = 100
        while not state.over:
            seat, rounds = _mover(state), len(state.results)
            apply_action(state, choose("normal", observe(state, seat), legal_actions(state, seat), rng))
            match_to_dict(state, stored=True)  # the bot converts the match at every save
            if len(state.log) >= next_mark:
                _add(payloads, next_mark, _median_us(lambda s=state: match_to_dict(s, stored=True), runs),
                     _median_us(lambda s=state: match_to_dict(_unwritten(s), stored=True), runs))
                _add(moves, next_mark, _median_us(lambda s=state: DREAMCATS.move_number(s), runs),
                     _median_us(lambda s=state: _moves_whole(s), runs))
                next_mark += 100
            if len(state.results) > rounds:  # a round's reveal: the bot works out its story for How did I do?
                number = len(state.results)
                _add(stories, number, _median_us(lambda s=state, n=number: story_of(s, n), runs),
                     _median_us(lambda s=state, n=number: story_of(replace(s, ended_round=None), n), STORY_RUNS))
    return payloads, stories, moves


def _moves_whole(state: MatchState) -> int:
    """The move number as it was counted before 2026-11-29: the whole log at every call."""
    return sum(1 for action in state.log if not isinstance(action, InitialPeek))


def _add(marks: Marks, mark: int, kept: float, whole: float) -> None:
    found = marks.setdefault(mark, ([], []))
    found[0].append(kept)
    found[1].append(whole)


def main() -> None:
    """Print the conversion's cost by how long the log is, and the story's by round."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--points", type=int, default=100)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    payloads, stories, moves = measure(args.matches, args.seats, args.points, args.runs, args.seed)
    print(f"bench_payload: {args.matches} matches to {args.points}, {args.seats} seats, normal players, "
          f"seed {args.seed}")
    _show(payloads, "log of {:4d}+ actions ({} matches): match_to_dict(stored) {:6.1f} us as written, {:6.1f} us "
                    "converting the log and the history whole")
    _show(moves, "log of {:4d}+ actions ({} matches): the move number {:5.2f} us counted on, {:5.1f} us counting the "
                 "whole log")
    _show(stories, "round {:2d}'s story at its reveal ({} matches): {:7.1f} us as the match kept it, {:7.1f} us "
                   "replaying the log")


def _show(marks: Marks, line: str) -> None:
    for mark in sorted(marks):
        kept, whole = marks[mark]
        print(line.format(mark, len(kept), statistics.median(kept), statistics.median(whole)))

if __name__ == "__main__":
    main()
