"""Where a thread's CPU goes, by library: a py-spy profile's samples attributed to the innermost Python frame.

A sample's innermost Python frame is the code that ran, or that called the C code that ran (a C builtin, the
interpreter's dict and string work), so summing samples by the top-level package of that frame's file says how much
of the thread's time each library spent: discord.py, aiohttp, asyncio (with uvloop, whose C loop shows as the
`asyncio/runners.py` frame that runs it), the bot's own `bot/`, `game/` and `images/`.

Record the bot under load (its pid is the `tests.benchmarks.load_bot` process), then read the file:
    .venv/bin/py-spy record -p <bot pid> -d 35 -r 100 -f raw --nonblocking -o /tmp/spy.txt
    .venv/bin/python -m tests.benchmarks.spy_shares /tmp/spy.txt [--root "<module> (<string>:1)"] [--files 20]
        [--functions 40]
The default root is the load bot's main thread (started by `python -c`), which runs the event loop. `--functions N`
also lists the N functions found in the most samples anywhere on the stack (inclusive: a coroutine's own frames,
as the loop resumed it, and everything it called).
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterable, Iterator

LOOP_ROOT = "<module> (<string>:1)"
FRAME_FILE = re.compile(r"\(([^()]*?)(?::\d+)?\)$")
FRAME_LINE = re.compile(r":\d+\)$")


def frame_file(frame: str) -> str:
    """The file a py-spy frame ("function (path/file.py:line)") ran in; "?" when it names none."""
    match = FRAME_FILE.search(frame)
    return match.group(1) if match else "?"


def package_of(path: str) -> str:
    """The top-level package of a file as py-spy shortens it ("aiohttp/client.py": aiohttp); a bare module is
    the standard library's."""
    return path.split("/", 1)[0] if "/" in path else "stdlib"


def thread_stacks(lines: Iterable[str], root: str) -> Iterator[tuple[list[str], int]]:
    """Each stack of py-spy's raw output that starts at `root` (one thread's), as its frames and its sample count."""
    for line in lines:
        stack, _, count = line.rstrip().rpartition(" ")
        frames = stack.split(";")
        if stack and frames[0].startswith(root):
            yield frames, int(count)


def innermost_files(lines: Iterable[str], root: str) -> Counter[str]:
    """Samples per innermost file, over the stacks that start at `root`."""
    files: Counter[str] = Counter()
    for frames, count in thread_stacks(lines, root):
        files[frame_file(frames[-1])] += count
    return files


def inclusive_functions(lines: Iterable[str], root: str) -> Counter[str]:
    """Samples per function ("name (file)"), counted once per sample wherever it is on the stack, over the stacks
    that start at `root`."""
    functions: Counter[str] = Counter()
    for frames, count in thread_stacks(lines, root):
        for name in dict.fromkeys(FRAME_LINE.sub(")", frame) for frame in frames):  # once each, in stack order
            functions[name] += count
    return functions


def share_lines(counts: Counter[str], top: int, total: int | None = None, width: int = 48,
                cut: bool = False) -> list[str]:
    """One line per entry, most samples first: samples and share of `total` (of all the counts if None); names
    padded to `width`, and cut to it with `cut`."""
    total = total or sum(counts.values()) or 1
    return [f"{name[:width] if cut else name:<{width}} {samples:>6} {100 * samples / total:5.1f} %"
            for name, samples in counts.most_common(top)]


def main() -> None:
    """Print the thread's samples by package, then by file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", help="py-spy's raw output (record -f raw)")
    parser.add_argument("--root", default=LOOP_ROOT, help="the first frame of the thread's stacks")
    parser.add_argument("--files", type=int, default=20, help="how many files to list")
    parser.add_argument("--functions", type=int, default=0, help="how many functions to list, inclusive")
    args = parser.parse_args()
    with open(args.profile, encoding="utf-8") as profile:
        lines = profile.readlines()
    files = innermost_files(lines, args.root)
    packages: Counter[str] = Counter()
    for path, samples in files.items():
        packages[package_of(path)] += samples
    print(f"{sum(files.values())} samples of the thread; by package:")
    print("\n".join(share_lines(packages, 15)))
    print("by file:")
    print("\n".join(share_lines(files, args.files)))
    if args.functions:
        samples = sum(files.values())
        print(f"by function, inclusive (a share of the {samples} samples):")
        functions = inclusive_functions(lines, args.root)
        print("\n".join(share_lines(functions, args.functions, total=samples, width=90, cut=True)))


if __name__ == "__main__":
    main()
