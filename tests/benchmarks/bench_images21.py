"""Benchmark: a Dream 21 public table frame (render and encode), a private hand, in CPU time (medians).

Run: .venv/bin/python -m tests.benchmarks.bench_images21 [--runs N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import cache, partial

from game.dream21 import (
    Dream21Settings,
    MatchState,
    Observation,
    apply_action,
    legal_actions,
    new_match,
    observe,
    public_observation,
)
from game.dream21.players import get_player
from images import encode_png
from images.dream21 import hand_alt, render_hand, render_trick, trick_alt

BUDGET_MS, BUDGET_KB = 20.0, 400
NAMES = ("Ana", "Bartłomiej Żółć", "Chika 🐱🌸", "Dawid the extraordinarily long-named player", "Ela", "Fu")


@cache
def table(num_seats: int) -> MatchState:
    """A match of the easy player some way into its second hand, mid-trick (three cards or more)."""
    state = new_match(num_seats, Dream21Settings(), random.Random(num_seats), dealer=0)
    player, rng = get_player("easy"), random.Random(num_seats)
    while not (state.results and len(state.hand.play_pile) >= 3):
        seat = state.hand.turn
        apply_action(state, player(observe(state, seat), legal_actions(state, seat), rng))
    return state


def trick_frame(obs: Observation, names: tuple[str, ...]) -> bytes:
    """The public table drawn and encoded: what one table edit costs."""
    return encode_png(render_trick(obs, names))


def _cpu_ms(steps: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Median CPU time of this thread per call of each step, in ms; the steps take turns, so load hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in steps}
    for _ in range(runs):
        for name, step in steps.items():
            start = time.thread_time()
            step()
            times[name].append((time.thread_time() - start) * 1000)
    return {name: statistics.median(values) for name, values in times.items()}


def main(argv: list[str] | None = None) -> int:
    """Print each figure; exit 1 if a table frame is over budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args(argv)
    steps: dict[str, Callable[[], object]] = {}
    sizes: dict[str, int] = {}
    for seats in (2, 4, 6):
        obs, names = public_observation(table(seats)), NAMES[:seats]
        cold = time.thread_time()
        sizes[f"{seats}"] = len(trick_frame(obs, names))
        print(f"{seats}-seat table: first frame (cold caches) {(time.thread_time() - cold) * 1000:.1f} ms")
        steps[f"render {seats}"] = partial(render_trick, obs, names)
        steps[f"frame {seats}"] = partial(trick_frame, obs, names)
        steps[f"alt {seats}"] = partial(trick_alt, obs, names)
    state = table(4)
    mine = observe(state, state.hand.turn)
    encode_png(render_hand(mine, names=NAMES[:4]))
    steps["hand"] = lambda: (encode_png(render_hand(mine, names=NAMES[:4])), hand_alt(mine, names=NAMES[:4]))
    ms = _cpu_ms(steps, args.runs)
    worst = 0.0
    for seats in (2, 4, 6):
        frame = ms[f"frame {seats}"]
        worst = max(worst, frame)
        print(f"{seats}-seat table: render {ms[f'render {seats}']:6.2f} ms, render + encode_png {frame:6.2f} ms, "
              f"{sizes[str(seats)] / 1024:.0f} KB, alt text {ms[f'alt {seats}'] * 1000:.0f} us")
    print(f"private hand: render + encode_png + alt {ms['hand']:6.2f} ms")
    print(f"budget: {BUDGET_MS:.0f} ms and {BUDGET_KB} KB per table frame; CPU time of one thread, "
          f"median of {args.runs}")
    return 0 if worst <= BUDGET_MS and max(sizes.values()) <= BUDGET_KB * 1024 else 1


if __name__ == "__main__":
    raise SystemExit(main())
