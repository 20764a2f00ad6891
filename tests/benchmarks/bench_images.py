"""Benchmark: the cost of a picture, step by step, in CPU time (medians; the machine is shared, wall time is noise).

A 5-seat public table frame: render; the whole frame's palette mapping and deflate at zlib level 1 and at the former
level 3; the encoding in use (only the bands drawn on over the cached seat layer are mapped and deflated,
images.bands); bytes. A seat's private picture (images.dreamcats.dream), holding a drawn card and choosing after Take
2 with
its known cards shown: a cache miss (render, encode, alt text) and a hit (the key from the observation, then the
lookup: what the bot does for a picture it has drawn before); bytes. Then frames drawn through the bot's picture
pool (threads) and, for comparison, through a process pool: frames per second and CPU per frame, all processes
counted. Each encoding step is timed with the standard library's zlib and with zlib-ng (the bot's codec,
bot.png_codec), and over every golden scene of Dreamcats and Dream 21: mean CPU per picture (drawn and encoded) and
mean bytes.

Run: .venv/bin/python -m tests.benchmarks.bench_images [--runs N] [--frames N]
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import itertools
import os
import resource
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache

from PIL import Image

from game.dreamcats import Card, Step
from images.bands import STANDARD, Codec, use_codec
from images.dreamcats import (
    cached_picture,
    dream_of,
    dream_picture,
    encode_png,
    private_alt,
    render_dream,
    render_table,
)
from images.dreamcats.samples import DEADLINE, NAMES, sample_observations
from images.encode import COMPRESS_LEVEL, palette
from tests.images import scenarios as dreamcats_scenes
from tests.images.dream21 import scenarios as dream21_scenes

BUDGET_MS, BUDGET_KB = 20.0, 400
WORKERS = 2  # as bot.pictures.WORKERS (not imported: the benchmark must also run against older trees)


def _cpu_ms(steps: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Median CPU time of this thread per call of each step, in ms; the steps take turns, so load hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in steps}
    for _ in range(runs):
        for name, step in steps.items():
            start = time.thread_time()
            step()
            times[name].append((time.thread_time() - start) * 1000)
    return {name: statistics.median(values) for name, values in times.items()}


def _deflate(image: Image.Image, level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=level)
    return buffer.getvalue()


_sample = cache(sample_observations)  # played once per process: a frame's cost is drawing and encoding only


def table_frame(_: int = 0) -> bytes:
    """The sample 5-seat table, drawn and encoded (what one table edit costs)."""
    obs, events, _mine = _sample()
    return encode_png(render_table(obs, NAMES, last_events=events, deadline=DEADLINE))


_fresh = itertools.count()


def table_frame_new_names() -> bytes:
    """The sample table with names never drawn before: under load names and captions mostly miss the sprite caches."""
    obs, events, _mine = _sample()
    names = [f"{name} {next(_fresh)}" for name in NAMES]
    return encode_png(render_table(obs, names, last_events=events, deadline=DEADLINE))


def _all_cpu() -> float:
    """CPU seconds of this process and of its finished children."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _through(pool: Callable[[], Executor], frames: int) -> tuple[float, float]:
    """Frames per second (wall) and CPU ms per frame (every process), drawing `frames` frames through a pool."""
    with pool() as executor:
        list(executor.map(table_frame, range(2 * WORKERS)))  # warm every worker's caches first
        wall, cpu = time.perf_counter(), _all_cpu()
        list(executor.map(table_frame, range(frames)))
        wall_s = time.perf_counter() - wall
    return frames / wall_s, (_all_cpu() - cpu) * 1000 / frames


def _codecs() -> dict[str, Codec]:
    """The standard zlib and the bot's zlib-ng (absent from older trees)."""
    try:
        from bot.png_codec import ZLIB_NG
    except ImportError:
        return {"zlib": STANDARD}
    return {"zlib": STANDARD, "zlib-ng": ZLIB_NG}


def _scenes(runs: int) -> None:
    """Mean CPU ms (draw and encode) and KB per golden scene, for each codec."""
    scenes = {**dreamcats_scenes.SCENES, **dream21_scenes.SCENES}
    for scene in scenes.values():
        encode_png(scene())  # warm the layers and sprites (some scenes import the bot's texts, which installs zlib-ng)
    for name, codec in _codecs().items():
        use_codec(codec)
        start, size = time.thread_time(), 0
        for _ in range(runs):
            size = sum(len(encode_png(scene())) for scene in scenes.values())
        ms = (time.thread_time() - start) * 1000 / runs / len(scenes)
        print(f"golden scenes ({len(scenes)}), {name:7}: {ms:6.2f} ms  {size / len(scenes) / 1024:.1f} KB a picture")


def _per_codec(image: Image.Image, runs: int) -> None:
    """The banded encoding and the whole table frame, with each codec."""
    for name, codec in _codecs().items():
        use_codec(codec)
        ms = _cpu_ms({"banded": lambda: encode_png(image), "frame": table_frame}, runs)
        print(f"encode in use (bands), {name:7}: {ms['banded']:6.2f}  {len(encode_png(image)) / 1024:.0f} KB; "
              f"table frame (all of it): {ms['frame']:.2f}")


def _whole(runs: int) -> None:
    """Pictures drawn on no cached layer (reveals, standings, private pictures): Pillow's PNG writer at zlib level 1
    against the encoding in use (mapped to the palette and deflated whole by the codec installed, zlib-ng here)."""
    codecs = _codecs()
    use_codec(codecs.get("zlib-ng", codecs["zlib"]))
    for name in ("reveal_5_empty_pile", "standings_4_many_rounds", "private_5_choosing"):
        picture = dreamcats_scenes.SCENES[name]().convert("RGB")
        picture.info.clear()  # as drawn, not from a layer
        mapped = picture.quantize(palette=palette(), dither=Image.Dither.NONE)
        ms = _cpu_ms({"pillow": lambda p=picture: _deflate(p.quantize(palette=palette(), dither=Image.Dither.NONE),
                                                           COMPRESS_LEVEL),
                      "in use": lambda p=picture: encode_png(p)}, runs)
        print(f"{name} {picture.width}x{picture.height}, whole: Pillow's writer {ms['pillow']:5.2f} ms "
              f"{len(_deflate(mapped, COMPRESS_LEVEL)) / 1024:.0f} KB; in use {ms['in use']:5.2f} ms "
              f"{len(encode_png(picture)) / 1024:.0f} KB")


def main(argv: list[str] | None = None) -> int:
    """Print each step's figure; exit 1 if the table frame is over budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args(argv)
    obs, events, mine = _sample()
    cold = time.thread_time()
    data = table_frame()
    cold_ms = (time.thread_time() - cold) * 1000
    image = render_table(obs, NAMES, last_events=events, deadline=DEADLINE)
    mapped = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    holding = dataclasses.replace(mine, turn=0, step=Step.HOLDING, holding=Card.SEVEN)
    choosing = dataclasses.replace(mine, turn=0, step=Step.CHOOSING, options=(Card.TAKE_2, Card.NINE), option_count=2)
    drawn, chosen = dream_of(holding, NAMES, ()), dream_of(choosing, NAMES, set(mine.known))
    dream_picture(drawn)
    ms = _cpu_ms({
        "render": lambda: render_table(obs, NAMES, last_events=events, deadline=DEADLINE),
        "map": lambda: image.quantize(palette=palette(), dither=Image.Dither.NONE),
        "deflate": lambda: _deflate(mapped, COMPRESS_LEVEL),
        "deflate3": lambda: _deflate(mapped, 3),
        "banded": lambda: encode_png(image),
        "frame": table_frame,
        "frame, new names": table_frame_new_names,
        "dream render": lambda: render_dream(drawn),
        "dream miss": lambda: (encode_png(render_dream(drawn)), private_alt(drawn)),  # as dream_picture's miss
        "dream miss choosing": lambda: (encode_png(render_dream(chosen)), private_alt(chosen)),
        "dream hit x1000": lambda: [cached_picture(dream_of(holding, NAMES, ())) for _ in range(1000)],
    }, args.runs)
    print(f"5-seat table {image.width}x{image.height}, CPU time of one thread, median of {args.runs} (ms)")
    print(f"first frame (cold caches):  {cold_ms:7.2f}")
    print(f"render:                     {ms['render']:7.2f}")
    print(f"whole frame: palette map:   {ms['map']:7.2f}")
    print(f"whole frame: deflate lvl 3: {ms['deflate3']:7.2f}  {len(_deflate(mapped, 3)) / 1024:.0f} KB (former)")
    level_kb = len(_deflate(mapped, COMPRESS_LEVEL)) / 1024
    print(f"whole frame: deflate lvl {COMPRESS_LEVEL}: {ms['deflate']:7.2f}  {level_kb:.0f} KB")
    print(f"encode in use (bands):      {ms['banded']:7.2f}  {len(data) / 1024:.0f} KB (drawn-on bands)")
    print(f"table frame (all of it):    {ms['frame']:7.2f}  (budget {BUDGET_MS:.0f} ms, {BUDGET_KB} KB)")
    print(f"table frame, new names:     {ms['frame, new names']:7.2f}  (names and caption drawn anew)")
    size = "x".join(map(str, render_dream(drawn).size))
    print(f"private picture {size}, a drawn card: render {ms['dream render']:.2f}")
    print(f"private picture, cache miss: {ms['dream miss']:6.2f}  {len(encode_png(render_dream(drawn))) / 1024:.0f} KB "
          f"(render, encode, alt text)")
    print(f"private picture, cache miss: {ms['dream miss choosing']:6.2f}  "
          f"{len(encode_png(render_dream(chosen))) / 1024:.0f} KB (choosing after Take 2, known cards shown)")
    print(f"private picture, cache hit:  {ms['dream hit x1000']:6.1f} us (key from the observation, lookup; "
          f"timed 1000 at a time)")
    _per_codec(image, args.runs)
    _whole(args.runs)
    _scenes(max(1, args.runs // 20))
    use_codec(STANDARD)
    for name, pool in (("thread pool", lambda: ThreadPoolExecutor(WORKERS)),
                       ("process pool", lambda: ProcessPoolExecutor(WORKERS))):
        rate, per_frame = _through(pool, args.frames)
        print(f"{name} of {WORKERS}, {args.frames} frames: {rate:6.1f} frames/s, {per_frame:.2f} ms CPU per frame "
              f"(all processes; {os.cpu_count()} cores, shared)")
    return 0 if ms["frame"] <= BUDGET_MS and len(data) <= BUDGET_KB * 1024 else 1


if __name__ == "__main__":
    raise SystemExit(main())
