"""The heap trimming of the picture processes and of the bot's own picture threads: after every N-th picture, and
nothing where the C library cannot trim."""

from __future__ import annotations

import platform

import pytest

from bot.heap import TRIM_EVERY, HeapTrimmer, drawn_and_trimmed, malloc_trim, process_trimmer
from bot.pictures import draw


class CountingRelease:
    """A release that only counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1


def test_the_heap_is_trimmed_after_every_nth_picture_only() -> None:
    release = CountingRelease()
    trimmer = HeapTrimmer(4, release)
    seen = []
    for _ in range(10):
        trimmer.picture_drawn()
        seen.append(release.calls)
    assert seen == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2]


def test_without_a_trim_function_pictures_are_only_counted() -> None:
    trimmer = HeapTrimmer(1, None)
    for _ in range(3):
        trimmer.picture_drawn()
    assert trimmer.drawn == 3


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="malloc_trim is glibc's")
def test_glibc_trim_is_found_and_runs() -> None:
    trim = malloc_trim()
    assert trim is not None
    assert trim() in (0, 1)  # 1: memory was given back, 0: there was none to give


def test_a_picture_drawn_and_trimmed_is_the_drawing_s_own_result() -> None:
    results = [drawn_and_trimmed(lambda n: n * 2, n) for n in range(TRIM_EVERY + 1)]
    assert results == [n * 2 for n in range(TRIM_EVERY + 1)]


async def test_drawings_in_the_bot_s_own_picture_threads_trim_its_heap_every_nth_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    release = CountingRelease()
    trimmer = process_trimmer()
    monkeypatch.setattr(trimmer, "release", release)
    monkeypatch.setattr(trimmer, "drawn", 0)
    results = [await draw(lambda n=n: n * 3) for n in range(2 * TRIM_EVERY + 1)]
    assert results == [n * 3 for n in range(2 * TRIM_EVERY + 1)]
    assert (trimmer.drawn, release.calls) == (2 * TRIM_EVERY + 1, 2)
