"""Giving freed C heap back to the system in the picture processes, after every TRIM_EVERY-th picture.

A picture is drawn through several full-size Pillow images (the frame, crops, the palette-mapped rows), and glibc
keeps what they free in its heap for the next ones, in pieces that fragment: a process drawing the tables of 500
games grew from 79 to 125-130 MiB that way. Trimming the heap after every 64th picture held it at 95-101 MiB at most
readings, for about 1 ms of CPU a trim, 0.02 ms a picture (tests/benchmarks/bench_picture_heap.py; JOURNAL.md,
Load figures). A trim every 30 s had given back too little: a busy process fills the heap again within seconds.
Mapping every large block apart (MALLOC_MMAP_THRESHOLD_) held it lower still but cost 3-5 ms a picture.

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
        self.drawn += 1
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
def _trimmer() -> HeapTrimmer:
    return HeapTrimmer(TRIM_EVERY, malloc_trim())


def drawn_and_trimmed(function: Callable[..., T], *args: Any) -> T:
    """Draw a picture in a picture process (a module-level function of picklable values), then count it."""
    result = function(*args)
    _trimmer().picture_drawn()
    return result
