"""Benchmark: a picture process's memory while it draws the tables of many games, with and without trimming the heap.

Draws `--pictures` public table pictures (bot.picture_work.table_png, as a picture process does) of `--tables`
three-seat games with names of their own, each game moved on by one to three random legal moves between its
pictures, in this one process; prints its RSS every 1,000 pictures and the CPU per picture. `--trim-every N` trims
the C heap (glibc's malloc_trim) after every N-th picture; 0 (the default, as the bot) never trims. The C library's
and Pillow's own knobs can be tried through the environment (MALLOC_MMAP_THRESHOLD_=1048576, MALLOC_ARENA_MAX=1,
PILLOW_BLOCKS_MAX=32, ...). `--hasty` deflates as a hurried picture process does (bot.pictures.hurry).

Run: .venv/bin/python -m tests.benchmarks.bench_picture_heap [--tables 500] [--pictures 4000] [--trim-every 0]
     [--hasty]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from pathlib import Path

from bot import heap, picture_work
from bot.png_codec import use_zlib_ng
from game.dreamcats import Event, MatchSettings, MatchState, WakeUp, apply_action, legal_actions, new_match
from game.dreamcats import public_observation as public
from images.dreamcats.text import ENGLISH


def rss_mib() -> float:
    """This process's resident memory in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _moved_on(state: MatchState, rng: random.Random) -> list[Event]:
    """One to three random legal moves (no Wake up! while another move exists); the last move's events."""
    events: list[Event] = []
    for _ in range(rng.randrange(1, 4)):
        every = [action for seat in range(state.num_seats) for action in legal_actions(state, seat)]
        events = apply_action(state, rng.choice([a for a in every if not isinstance(a, WakeUp)] or every))
        if state.over:
            break
    return events


def main(argv: list[str] | None = None) -> int:
    """Draw the pictures and print the process's RSS as it goes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--pictures", type=int, default=4000)
    parser.add_argument("--trim-every", type=int, default=0)
    parser.add_argument("--hasty", action="store_true", help="deflate for speed, as while the drawers are behind")
    args = parser.parse_args(argv)
    use_zlib_ng(args.hasty)
    trimmer = heap.HeapTrimmer(args.trim_every, heap.malloc_trim()) if args.trim_every > 0 else None
    print(f"imported: {rss_mib():.0f} MiB")
    picture_work.warm_up()
    print(f"warm: {rss_mib():.0f} MiB")
    rng = random.Random(5)
    games = [(new_match(3, MatchSettings(), random.Random(i), starter=0),
              [f"Person {rng.randrange(10**6)}", f"Someone {rng.randrange(10**6)}", "Computer (normal)"])
             for i in range(args.tables)]
    cpu, size = 0.0, 0
    for count in range(1, args.pictures + 1):
        state, names = games[rng.randrange(len(games))]
        if state.over:
            state = new_match(3, MatchSettings(), rng, starter=0)
        events = _moved_on(state, rng)
        obs = public(state)
        started = time.process_time()
        png, _ = picture_work.table_png(dataclasses.replace(obs, known=dict(obs.known)), names, events, ENGLISH,
                                        "1:45 left")
        size += len(png)
        if trimmer is not None:
            trimmer.picture_drawn()  # as the bot's picture processes do (bot.heap)
        cpu += time.process_time() - started
        if count % 1000 == 0:
            print(f"{count} pictures: {rss_mib():.0f} MiB", flush=True)
    print(f"CPU per picture (drawing, encoding and trims): {cpu / args.pictures * 1000:.2f} ms, "
          f"{size / args.pictures / 1024:.1f} KiB; trim every {args.trim_every or 'never'}"
          f"{', deflated for speed' if args.hasty else ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
