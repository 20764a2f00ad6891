"""The operator's status line: every few minutes, one INFO line on how the bot served its players since the last.

Why (issue 10): the log otherwise speaks only of failures, so an operator of a busy bot could not tell a healthy one
from one that answers every click a second late, short of running the load benchmark. Every
`DREAMCATS_STATUS_EVERY_S` seconds (default 300; 0: never) the bot writes, for the time since the last line: its live
tables (matches and lobbies), the clicks on its buttons and menus with how many failed (the person got the apology) and
how many were refused (a stale button, not their turn: a friendly line), how late the clicks reached their handlers and
how long the handlers took (p50 and p99, to the edge of a fixed bucket), the matches finished, the event loop's longest
stall, this process's CPU (the picture processes apart) and its resident memory. A quiet bot (no table, no click)
writes nothing. The line names no card, no custom_id and no person.

What it costs a click: two counts into fixed buckets and one into a counter. The stall watch is a timer on the event
loop, ten times a second.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from bot.service import Table

log = logging.getLogger(__name__)
# How often the stall watch wakes; a stall is how late it woke. A stall that ends between two wake-ups is not seen, so
# they are close together: ten cheap timer callbacks a second.
WATCH_EVERY_S = 0.1
# Bucket edges (ms): a percentile is told as the edge of the bucket it fell in ("p99 ≤ 70 ms").
EDGES_MS = (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000)


class Outcome(Enum):
    """How a click ended: its move made (or its answer given), refused with a friendly line, or failed."""

    DONE = "done"
    REFUSED = "refused"
    FAILED = "failed"


@dataclass
class Spread:
    """How many values fell in each bucket of EDGES_MS (the last: beyond them): percentiles in bounded memory."""

    counts: list[int] = field(default_factory=lambda: [0] * (len(EDGES_MS) + 1))
    total: int = 0

    def add(self, ms: float) -> None:
        """Count one value, in milliseconds."""
        self.counts[bisect_left(EDGES_MS, ms)] += 1
        self.total += 1

    def percentile(self, share: float) -> str:
        """The bucket edge under which `share` of the values fell: "≤ 50 ms", or "> 5000 ms" beyond the last."""
        wanted, seen = share * self.total, 0
        for index, count in enumerate(self.counts):
            seen += count
            if seen >= wanted and count:
                return f"≤ {EDGES_MS[index]} ms" if index < len(EDGES_MS) else f"> {EDGES_MS[-1]} ms"
        return "—"


@dataclass
class Window:
    """What happened since the last status line."""

    clicks: dict[Outcome, int] = field(default_factory=lambda: dict.fromkeys(Outcome, 0))
    late: Spread = field(default_factory=Spread)
    took: Spread = field(default_factory=Spread)
    longest_stall_s: float = 0.0


@dataclass(frozen=True)
class Tables:
    """The live tables as the status line counts them."""

    matches: int
    lobbies: int
    finished: int  # matches finished since the process started


class Pulse:
    """Counts clicks and stalls between status lines; `start` writes one every `every_s` on the running loop."""

    def __init__(self, tables: Callable[[], Tables], *, every_s: float, watch_every_s: float = WATCH_EVERY_S,
                 cpu: Callable[[], float] = time.process_time, clock: Callable[[], float] = time.monotonic) -> None:
        self.every_s, self.watch_every_s = every_s, watch_every_s
        self._tables, self._cpu, self._clock = tables, cpu, clock
        self._window = Window()
        self._since, self._cpu_since, self._finished_since = clock(), cpu(), 0
        self._writer: asyncio.TimerHandle | None = None
        self._watcher: asyncio.TimerHandle | None = None
        self._watch_due = 0.0

    def click(self, late_s: float, took_s: float, outcome: Outcome) -> None:
        """Count one click: how late it reached its handler, how long the handler took, how it ended."""
        window = self._window
        window.clicks[outcome] += 1
        window.late.add(late_s * 1000)
        window.took.add(took_s * 1000)

    def stalled(self, seconds: float) -> None:
        """The event loop ran nothing else for this long (the stall watch woke this late)."""
        self._window.longest_stall_s = max(self._window.longest_stall_s, seconds)

    def report(self) -> str | None:
        """The status line for the time since the last one (None for a quiet bot), and a new window begun."""
        window, tables = self._window, self._tables()
        now, cpu = self._clock(), self._cpu()
        seconds, used = max(now - self._since, 1e-9), cpu - self._cpu_since
        finished = tables.finished - self._finished_since
        self._window, self._since, self._cpu_since, self._finished_since = Window(), now, cpu, tables.finished
        if not window.late.total and not tables.matches and not tables.lobbies and not finished:
            return None
        return status_line(seconds, tables, finished, window, used / seconds, resident_mib())

    def start(self) -> None:
        """Write a status line every `every_s` seconds and watch for stalls, on the running loop (0: neither)."""
        if self.every_s <= 0:
            return
        loop = asyncio.get_running_loop()
        self._writer = loop.call_later(self.every_s, self._write)
        self._watch_due = loop.time() + self.watch_every_s
        self._watcher = loop.call_later(self.watch_every_s, self._watch)

    def stop(self) -> None:
        """Stop writing and watching (the bot is closing)."""
        for handle in (self._writer, self._watcher):
            if handle is not None:
                handle.cancel()
        self._writer = self._watcher = None

    def _write(self) -> None:
        # The next one first: a line that fails to be written must not end the status lines for good.
        self._writer = asyncio.get_running_loop().call_later(self.every_s, self._write)
        line = self.report()
        if line is not None:
            log.info("%s", line)

    def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        self.stalled(max(0.0, loop.time() - self._watch_due))
        self._watch_due = loop.time() + self.watch_every_s
        self._watcher = loop.call_later(self.watch_every_s, self._watch)


def status_line(seconds: float, tables: Tables, finished: int, window: Window, cores: float,
                rss_mib: float | None) -> str:
    """The operator's line for one window (see the module's docstring)."""
    clicks = window.clicks
    parts = [
        f"status, the last {seconds:.0f} s: {tables.matches + tables.lobbies} live table(s) ({tables.matches} "
        f"match(es), {tables.lobbies} lobby(ies))",
        f"{window.late.total} click(s) ({clicks[Outcome.FAILED]} failed, {clicks[Outcome.REFUSED]} refused)",
    ]
    if window.late.total:
        parts.append(f"late at their handlers p50 {window.late.percentile(0.5)}, p99 {window.late.percentile(0.99)}")
        parts.append(f"handled in p50 {window.took.percentile(0.5)}, p99 {window.took.percentile(0.99)}")
    parts += [f"{finished} match(es) finished",
              f"the event loop's longest stall {window.longest_stall_s * 1000:.0f} ms",
              f"CPU {cores * 100:.0f} % of a core (this process)"]
    if rss_mib is not None:
        parts.append(f"RSS {rss_mib:.0f} MiB")
    return "; ".join(parts)


def resident_mib(statm: str = "/proc/self/statm") -> float | None:
    """This process's resident memory in MiB (Linux's /proc), else None."""
    try:
        with open(statm, encoding="ascii") as numbers:
            pages = int(numbers.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def table_counts(tables: Sequence[Table], finished: int) -> Tables:
    """Tables from the service's live tables (a table with no game state yet is a lobby)."""
    lobbies = sum(1 for table in tables if table.state is None)
    return Tables(matches=len(tables) - lobbies, lobbies=lobbies, finished=finished)
