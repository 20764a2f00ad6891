"""Latencies kept as counts in log-spaced bins: quantiles to about 1 %, in constant memory.

The bot process of the load benchmark counts every acknowledgement and every save; a list of floats grew by about
2.5 MiB a minute at 500 tables, which hid whether the bot's own memory stayed flat (bench_load.py --slices).
"""

from __future__ import annotations

import math

SMALLEST = 1e-5  # seconds: the first bin's upper edge (anything faster lands in it)
RATIO = 1.01  # each bin's upper edge over the one before: values are given to within 1 %
BINS = int(math.log(1e4 / SMALLEST, RATIO)) + 2  # up to about 10,000 s, and one bin for anything slower


class Histogram:
    """Counts of values in log-spaced bins, with the largest value kept exactly."""

    def __init__(self) -> None:
        self.counts = [0] * BINS
        self.total = 0
        self.largest = 0.0

    def add(self, value: float) -> None:
        """Count one value (seconds)."""
        index = 0 if value <= SMALLEST else min(BINS - 1, math.ceil(math.log(value / SMALLEST, RATIO)))
        self.counts[index] += 1
        self.total += 1
        self.largest = max(self.largest, value)

    def clear(self) -> None:
        """Forget every value."""
        self.counts = [0] * BINS
        self.total, self.largest = 0, 0.0

    def quantile(self, share: float) -> float:
        """The upper edge of the bin holding the value below which `share` of the values lie (0 for none); the
        largest value itself for share 1."""
        if self.total == 0:
            return 0.0
        if share >= 1.0:
            return self.largest
        rank, seen = min(self.total - 1, int(share * self.total)), 0
        for index, count in enumerate(self.counts):
            seen += count
            if seen > rank:
                return min(self.largest, SMALLEST * RATIO**index)
        return self.largest
