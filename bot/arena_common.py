"""What both arenas share: the Wilson interval, percentiles, seating, the progress bar and sharing out matches."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NoReturn, TextIO, TypeVar

from tqdm import tqdm


class ArenaUsageError(ValueError):
    """A command line the arena or the demo cannot play: no player, or a table size the game does not seat."""


def wilson(wins: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); `wins` may count shared wins as fractions."""
    if trials == 0:
        return 0.0, 1.0
    p = wins / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def lineup(names: Sequence[str], seats: int, match_index: int) -> list[str]:
    """The player name at each seat: the names cycled over the seats, rotated by one seat every match."""
    cycled = [names[i % len(names)] for i in range(seats)]
    shift = match_index % seats
    return cycled[-shift:] + cycled[:-shift] if shift else cycled


T = TypeVar("T")
# Plays the matches with these indices: (names, seats, indices, settings, seed, progress, total) -> tally per name.
IndexRunner = Callable[[list[str], int, Sequence[int], Any, int, Callable[[int, int], None] | None, int],
                       dict[str, T]]


def share_matches(
    run: IndexRunner[T], merge: Callable[[T, T], None], names: Sequence[str], seats: int, matches: int,
    settings: Any, seed: int, progress: Callable[[int, int], None] | None, jobs: int,
) -> dict[str, T]:
    """Play matches 0..matches-1 with `run`, in `jobs` processes when more than one, merging each name's tallies.

    `run` must be a module-level function (it is sent to the processes); match i is the same whatever `jobs` is.
    """
    if jobs <= 1:
        return run(list(names), seats, range(matches), settings, seed, progress, matches)
    chunks = [range(start, matches, jobs) for start in range(jobs)]
    tallies: dict[str, T] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run, list(names), seats, chunk, settings, seed, None, 0) for chunk in chunks]
        for done, future in enumerate(futures, start=1):
            for name, part in future.result().items():
                if name in tallies:
                    merge(tallies[name], part)
                else:
                    tallies[name] = part
            if progress is not None:
                progress(sum(len(c) for c in chunks[:done]), matches)
    return tallies


def progress_bar(stream: TextIO) -> Callable[[int, int], None]:
    """A progress callback: a bar with the rate and the time left on a terminal, nothing when not on one."""
    bar: tqdm[NoReturn] | None = None

    def show(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:  # disable=None: quiet when the stream is piped or logged
            bar = tqdm(total=total, desc="arena", unit=" matches", file=stream, disable=None, dynamic_ncols=True)
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return show
