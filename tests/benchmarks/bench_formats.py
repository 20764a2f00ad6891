"""Benchmark: the table picture in other file formats than the PNG in use, for issue 10's "the encoder's speed/size
trade-off": CPU time to encode, bytes, and how close the pixels stay to the frame as drawn (PSNR, dB; higher is
closer, and the PNG in use is not lossless either: it maps every colour to a fixed 256-colour palette).

Two frames: the README's 5-seat sample table and a 3-seat table a few turns in (the load benchmark's tables have
three seats). The PNG is encoded as the bot does (bands drawn over the cached layer, zlib-ng); JPEG and WebP are
Pillow's encoders on the whole RGB frame.

Run: .venv/bin/python -m tests.benchmarks.bench_formats [--runs 60]
"""

from __future__ import annotations

import argparse
import io
import math
import random
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageChops, ImageStat

import bot.picture_work  # noqa: F401  (installs zlib-ng, as every drawing process of the bot does)
from game.dreamcats import public_observation
from images.dreamcats import encode_png, render_table
from images.dreamcats.samples import DEADLINE, NAMES, a_few_turns_in, sample_observations
from tests.benchmarks.bench_images import _cpu_ms

FORMATS: dict[str, dict[str, Any]] = {
    "JPEG q85 4:2:0": {"format": "JPEG", "quality": 85, "subsampling": 2},
    "JPEG q85 4:2:2": {"format": "JPEG", "quality": 85, "subsampling": 1},
    "JPEG q90 4:4:4": {"format": "JPEG", "quality": 90, "subsampling": 0},
    "WebP q85 method 0": {"format": "WEBP", "quality": 85, "method": 0},
}


def _frames() -> dict[str, Image.Image]:
    """The 5-seat sample table and a 3-seat table four turns in, as drawn (RGB, with their layer notes)."""
    obs5, events, _mine = sample_observations()
    state = a_few_turns_in(3, random.Random(5), turns=4, position=1)
    return {"5 seats": render_table(obs5, NAMES, last_events=events, deadline=DEADLINE),
            "3 seats": render_table(public_observation(state), NAMES[:3], deadline=DEADLINE)}


def _saved(image: Image.Image, options: dict[str, Any]) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, **options)
    return buffer.getvalue()


def _psnr(drawn: Image.Image, data: bytes) -> float:
    with Image.open(io.BytesIO(data)) as decoded:
        difference = ImageChops.difference(drawn.convert("RGB"), decoded.convert("RGB"))
    mean_square = sum(ImageStat.Stat(difference).sum2) / (3 * drawn.width * drawn.height)
    return 10 * math.log10(255 ** 2 / mean_square) if mean_square else math.inf


def main(argv: list[str] | None = None) -> None:
    """Print CPU, bytes and PSNR of each format for each frame."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args(argv)
    print(f"{'frame':8} {'format':22} {'CPU ms':>7} {'KB':>5} {'PSNR dB':>8}  (median of {args.runs})")
    for label, frame in _frames().items():
        encoders: dict[str, Callable[[], bytes]] = {"PNG in use (palette)": lambda f=frame: encode_png(f)}
        rgb = frame.convert("RGB")
        for name, options in FORMATS.items():
            encoders[name] = lambda o=options, image=rgb: _saved(image, o)
        for name, encode in encoders.items():
            data = encode()
            print(f"{label:8} {name:22} {_cpu_ms({name: encode}, args.runs)[name]:7.2f} {len(data) / 1024:5.0f} "
                  f"{_psnr(rgb, data):8.1f}")


if __name__ == "__main__":
    main()
