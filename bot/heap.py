"""Giving freed C heap back to the system after every TRIM_EVERY-th picture: in the picture processes, and in the
bot's own process, whose picture threads draw the private pictures (bot.pictures.draw).

A picture is drawn through several full-size Pillow images (the frame, crops, the palette-mapped rows), and glibc
keeps what they free in its heap for the next ones, in pieces that fragment: a process drawing the tables of 500
games grew from 79 to 125-130 MiB that way. Trimming the heap after every 64th picture held it at 95-101 MiB at most
readings, for about 1 ms of CPU a trim, 0.02 ms a picture (tests/benchmarks/bench_picture_heap.py; JOURNAL.md,
Load figures). A trim every 30 s had given back too little: a busy process fills the heap again within seconds.
Mapping every large block apart (MALLOC_MMAP_THRESHOLD_) held it lower still but cost 3-5 ms a picture.

The bot's own process did the same more slowly: at 500 tables its RSS grew about 1 MiB a minute for at least 25
minutes while its tracked objects and Python's small blocks stayed flat; what grew was glibc's free but kept heap
(+19.5 MiB in 25 minutes; a trim after a 5-minute window gave 13 MiB back). Its picture threads now trim after every
64th drawing too (in the drawing thread, off the event loop), which cut that growth from about 0.9 to about 0.3 MiB a
minute over 20 minutes for no CPU per interaction that the benchmark could see (bench_load.py --slices; JOURNAL.md
"twenty-third session").

Where the C library has no malloc_trim (musl, macOS, Windows) nothing is trimmed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
TRIM_EVERY = 64  # pictures


class HeapTrimmer:
    """Calls `release` after every `every`-th picture drawn (never when `release` is None)."""

    def __init__(self, every: int, release: Callable[[], object] | None) -> None:
        self.every, self.release, self.drawn = every, release, 0

    def picture_drawn(self) -> None:
        """Count one picture; trim the heap if it is the every-th."""
        self.drawn += 1  # two picture threads may count at once: a count lost to the race only delays a trim
        if self.release is not None and self.drawn % self.every == 0:
            self.release()


@functools.cache
def malloc_trim() -> Callable[[], object] | None:
    """glibc's malloc_trim(0), or None where the C library has none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return functools.partial(trim, 0)


@functools.cache
def process_trimmer() -> HeapTrimmer:
    """This process's trimmer, which every picture drawn in it counts towards."""
    return HeapTrimmer(TRIM_EVERY, malloc_trim())


def drawn_and_trimmed(function: Callable[..., T], *args: Any) -> T:
    """Draw a picture (in a picture process, or in the bot's own picture threads), then count it."""
    result = function(*args)
    process_trimmer().picture_drawn()
    return result
