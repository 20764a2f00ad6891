"""The load benchmark's lines about the bot's heap: what `--growth`, `--objects` and `--memory` ask the bot process
for (tests/benchmarks/load_bot.py's `growth` and `holders`, `objects`, `memory` commands), as the report prints it."""

from __future__ import annotations

from typing import Any


def growth_lines(grown: dict[str, Any]) -> list[str]:
    """What the heap gained between the mark at the window's start and its end (`--growth`)."""
    return [
        f"bot heap gained in the window: {grown['tracked_gain']} tracked objects (now {grown['tracked']}), RSS "
        f"{grown['rss_gain'] / 2**20:+.1f} MiB (the main process), Python's small blocks {grown['blocks_gain']:+d}, "
        f"malloc in use {grown['malloc_used_gain'] / 2**20:+.1f} MiB and free but kept "
        f"{grown['malloc_free_gain'] / 2**20:+.1f} MiB; by type: {grown['types']}",
        f"bot heap: what holds the new objects of the types that gained most (a sample of each): {grown['holders']}",
        f"bot containers that gained most entries (what holds them, entries at the window's start, at its end): "
        f"{grown['containers']}",
        f"bot caches that changed (name/bound, entries at the window's start, at its end): {grown['caches']}",
        f"bot traced allocations gained, by site (KiB, blocks): {grown['sites']}",
        f"bot RSS given back by malloc_trim after the window: {grown['trimmed'] / 2**20:.1f} MiB (the RSS at the end "
        "below is after it)",
    ]


def objects_lines(heap: dict[str, Any]) -> list[str]:
    """The collector's view of the heap at the end (`--objects`)."""
    return [
        f"bot heap: {heap['tracked']} tracked objects ({heap['references']} references), {heap['frozen']} frozen; a "
        f"full collection now: {heap['full_collection_ms']} ms CPU, {heap['garbage']} unreachable found; at once "
        f"again: {heap['again_ms']} ms",
        f"bot heap by type: {heap['objects']}",
        f"bot tasks by coroutine: {heap['tasks']}",
        f"unreachable (reference cycles) by type: {heap['cycles']}",
        f"bot heap, widest containers (references, type): {heap['widest']}",
    ]


def memory_lines(memory: dict[str, Any]) -> list[str]:
    """Pillow's images alive, what a trim gives back and tracemalloc's largest sites (`--memory`)."""
    return [
        f"bot RSS given back by malloc_trim: {memory['trimmed'] / 2**20:.1f} MiB",
        f"bot Pillow images alive: {memory['image_bytes'] / 2**20:.1f} MiB of pixels; by size: {memory['images']}",
        f"bot Python allocations (tracemalloc): {memory['traced'] / 2**20:.1f} MiB; largest by line (KiB, blocks): "
        f"{memory['top']}",
    ]
