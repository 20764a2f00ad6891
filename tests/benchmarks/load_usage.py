"""What the load benchmark's bot process reads about itself: CPU by thread and by picture process (from /proc), and
reports of its heap and memory for `--objects` and `--memory`."""

from __future__ import annotations

import asyncio
import gc
import os
import threading
import time
import tracemalloc
from collections import Counter
from typing import Any

from PIL import Image

from tests.benchmarks.load_growth import trimmed_bytes


def thread_cpu() -> dict[str, float]:
    """CPU seconds per kind of thread (the name without its number): the loop, picture workers, database."""
    found = dict[str, float]()
    for thread in threading.enumerate():
        kind = thread.name.rstrip("0123456789_").split(" ")[0]
        found[kind] = found.get(kind, 0.0) + cpu_seconds(f"/proc/self/task/{thread.native_id}/stat")
    return found


def cpu_seconds(stat_path: str) -> float:
    """User and system CPU seconds from a /proc stat file (0 for a thread or process that is gone)."""
    try:
        with open(stat_path) as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (the picture processes and their fork server)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                children = [int(child) for child in handle.read().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *descendants(child)]
    return found


def process_usage(pid: int) -> tuple[float, int]:
    """CPU seconds and proportional set size of one process (its resident memory, the pages it shares with others
    divided among them): the picture processes share their start-up pages with the fork server (0 for one gone)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            pss = next(int(line.split()[1]) * 1024 for line in handle if line.startswith("Pss:"))
    except (OSError, StopIteration):
        return 0.0, 0
    return cpu_seconds(f"/proc/{pid}/stat"), pss


def heap_report() -> dict[str, Any]:
    """The collector's view of the heap: tracked objects by type, frozen ones, the widest containers, and what a
    full collection costs now (CPU of this thread, so other threads and processes do not inflate it)."""
    objects = gc.get_objects()
    widest = sorted(((len(gc.get_referents(o)), type(o).__name__) for o in objects), reverse=True)[:8]
    references = sum(len(gc.get_referents(o)) for o in objects)
    del objects
    gc.set_debug(gc.DEBUG_SAVEALL)  # keep what this collection finds, to say what makes reference cycles
    started = time.thread_time()
    garbage = gc.collect()
    first = time.thread_time() - started
    gc.set_debug(0)
    cycles = Counter(type(o).__qualname__ for o in gc.garbage).most_common(20)
    gc.garbage.clear()
    started = time.thread_time()
    gc.collect()
    again = time.thread_time() - started
    tasks = Counter(task.get_coro().__qualname__ for task in asyncio.all_tasks())  # type: ignore[union-attr]
    return {"garbage": garbage, "cycles": cycles, "again_ms": round(again * 1000, 1), "tasks": tasks.most_common(12),
            "objects": Counter(type(o).__name__ for o in gc.get_objects()).most_common(25),
            "tracked": len(gc.get_objects()), "frozen": gc.get_freeze_count(), "references": references,
            "widest": widest, "full_collection_ms": round(first * 1000, 1)}


def memory_report() -> dict[str, Any]:
    """With tracemalloc on (BENCH_TRACEMALLOC=1): the traced total and the source lines that allocated most."""
    images = [o for o in gc.get_objects() if isinstance(o, Image.Image)]
    pixels = Counter()
    for image in images:
        pixels[f"{image.width}x{image.height} {image.mode}"] += image.width * image.height * len(image.getbands())
    trimmed = trimmed_bytes()  # how much of the RSS is freed heap that glibc had kept
    if not tracemalloc.is_tracing():
        return {"traced": 0, "top": [], "trimmed": trimmed, "images": pixels.most_common(12),
                "image_bytes": sum(pixels.values())}
    snapshot = tracemalloc.take_snapshot()
    top = snapshot.statistics("lineno")[:15]
    return {"traced": sum(s.size for s in snapshot.statistics("filename")), "trimmed": trimmed,
            "images": pixels.most_common(12), "image_bytes": sum(pixels.values()),
            "top": [[str(s.traceback[0]), s.size // 1024, s.count] for s in top]}
