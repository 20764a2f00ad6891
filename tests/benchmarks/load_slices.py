"""The measured window cut into equal slices, one line each (bench_load.py --slices): whether a table's costs stay
flat over minutes, or how they move."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.benchmarks.load_people import Tally
from tests.benchmarks.load_process import BotProcess
from tests.benchmarks.load_report import percentile
from tests.fakediscord import FakeDiscord

MAIN, PICTURES, WRITER = "MainThread", "picture processes", "dreamcats-writer"


async def watch_slices(bot: BotProcess, fake: FakeDiscord, tally: Tally, duration: float, slices: int) -> list[str]:
    """Sleep through the window in `slices` equal parts; the figures of each part."""
    lines: list[str] = []
    before, acks, uploads = await bot.command("stats"), len(tally.acks), dict(fake.uploads)
    for number in range(slices):
        await asyncio.sleep(duration / slices)
        after, uploaded = await bot.command("stats"), dict(fake.uploads)
        lines.append(slice_line(number, before, after, tally.acks[acks:], uploads, uploaded))
        before, acks, uploads = after, len(tally.acks), uploaded
    return lines


def slice_line(number: int, before: dict[str, Any], after: dict[str, Any], acks: list[float],
               uploads: dict[str, int], uploaded: dict[str, int]) -> str:
    """One slice: its rates, acknowledgements, CPU per interaction by part, pictures per interaction and RSS."""
    seconds = after["now"] - before["now"]
    interactions = max(1, after["interactions"] - before["interactions"])

    def per(key: str) -> float:
        return (after["threads"].get(key, 0.0) - before["threads"].get(key, 0.0)) / interactions * 1000

    pictures = {name: (count - uploads.get(name, 0)) / interactions for name, count in uploaded.items()}
    return (f"slice {number + 1}: {interactions / seconds:.1f} interactions/s, "
            f"{(after['moves'] - before['moves']) / seconds:.1f} moves/s, "
            f"{after['finished'] - before['finished']} matches finished; ack p50 / p99 "
            f"{percentile(acks, 0.5) * 1000:.1f} / {percentile(acks, 0.99) * 1000:.1f} ms; CPU "
            f"{(after['cpu'] - before['cpu']) / interactions * 1000:.2f} ms per interaction (main {per(MAIN):.2f}, "
            f"pictures {per(PICTURES):.2f}, writer {per(WRITER):.2f}); per interaction table.png "
            f"{pictures.get('table.png', 0.0):.3f}, dream.png {pictures.get('dream.png', 0.0):.3f}; RSS "
            f"{(after['rss'] - after.get('apart_rss', 0)) / 2**20:.1f} MiB (main process)")
