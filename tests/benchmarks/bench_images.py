"""Benchmark: a 5-seat public table frame, render + PNG encode, and the bare encode of the same frame (the floor).

Run: .venv/bin/python -m tests.benchmarks.bench_images [--runs N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from images import encode_png, render_table
from images.samples import DEADLINE, NAMES, sample_observations

BUDGET_MS, BUDGET_KB = 20.0, 400


def _median_ms(func: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _plain_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Print the median times and the file size; exit 1 if over budget."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args(argv)
    obs, events, _ = sample_observations()

    def frame() -> bytes:
        return encode_png(render_table(obs, NAMES, last_events=events, deadline=DEADLINE))

    cold_start = time.perf_counter()
    data = frame()
    cold = (time.perf_counter() - cold_start) * 1000
    image = render_table(obs, NAMES, last_events=events, deadline=DEADLINE)
    render_only = _median_ms(lambda: render_table(obs, NAMES, last_events=events, deadline=DEADLINE), args.runs)
    full = _median_ms(frame, args.runs)
    floor = _median_ms(lambda: encode_png(image), args.runs)
    plain = _median_ms(lambda: _plain_png(image), args.runs)
    size_kb = len(data) / 1024
    print(f"frame {image.width}x{image.height} {image.mode}, {args.runs} runs each")
    print(f"first frame (cold caches): {cold:.1f} ms")
    print(f"render only:               {render_only:.2f} ms median")
    print(f"bare PNG encode (floor):   {floor:.2f} ms median (encode_png: palette map + deflate)")
    print(f"plain RGB PNG, level 1:    {plain:.2f} ms median, {len(_plain_png(image)) / 1024:.0f} KB (for comparison)")
    print(f"render + encode:           {full:.2f} ms median (budget {BUDGET_MS:.0f} ms)")
    print(f"PNG size:                  {size_kb:.0f} KB (budget {BUDGET_KB} KB)")
    return 0 if full <= BUDGET_MS and size_kb <= BUDGET_KB else 1


if __name__ == "__main__":
    raise SystemExit(main())
