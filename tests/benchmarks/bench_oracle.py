"""What hard would win if it saw more than its seat may: an upper bound on what better reasoning could still gain.

Each match is played several times on the same deal and seats (those of `dreamcats arena --seed S`): by plain hard,
and by hard handed an observation that also shows cards it has not seen, either for every choice or for one kind of
choice only. The paired difference in win rate is what that knowledge is worth to hard's rules; what hard cannot
come to know from the table (its own unseen cards) bounds what any cleverer reading of the table could gain.

Run: .venv/bin/python -m tests.benchmarks.bench_oracle [--matches 400] [--seats 2] [--penalty 5] [--seed 9101]
     [--opponent sharp] [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from bot.arena import play_match
from bot.arena_common import lineup
from game.dreamcats import MatchSettings, MatchState, Observation, new_match, observe
from game.dreamcats.actions import Action, Slot, WakeUp
from game.dreamcats.cards import DREAM_SIZE
from game.dreamcats.players import Player, get_player

# Each variant: whose cards hard is shown, and for which choices ("all", "wake": Wake up! or not, "play": the rest).
VARIANTS = {
    "hard": ("none", "all"),
    "sees own cards": ("own", "all"),
    "sees own cards, for Wake up! only": ("own", "wake"),
    "sees own cards, for card play only": ("own", "play"),
    "sees every dream": ("every", "all"),
}


def shown(state: MatchState, obs: Observation, whose: str) -> Observation:
    """The observation with the chosen dreams' cards added to what the seat knows."""
    assert obs.seat is not None
    seats = [obs.seat] if whose == "own" else list(range(state.num_seats))
    extra = {Slot(s, p): state.round.dreams[s][p] for s in seats for p in range(DREAM_SIZE)}
    known_slots = list(obs.known_slots)
    known_slots[obs.seat] = frozenset(known_slots[obs.seat] | set(extra))
    return replace(obs, known={**obs.known, **extra}, known_slots=tuple(known_slots))


def oracle_player(state: MatchState, whose: str, choices: str) -> Player:
    """Hard that also sees `whose` cards of the live `state`; with `choices` "wake" or "play", only that kind of
    choice uses the view (the other comes from the seat's own observation)."""
    hard = get_player("hard")
    if whose == "none":
        return hard

    def play(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        twin = random.Random()
        twin.setstate(rng.getstate())
        seeing = hard(shown(state, obs, whose), legal, twin)
        if choices == "all":
            rng.setstate(twin.getstate())
            return seeing
        plain = hard(obs, legal, rng)
        if choices == "wake":  # the call from the view, the card play from the seat's own observation
            return seeing if isinstance(seeing, WakeUp) or isinstance(plain, WakeUp) else plain
        return plain if isinstance(plain, WakeUp) or isinstance(seeing, WakeUp) else seeing

    return play


def play_one(index: int, variant: str, args: argparse.Namespace) -> float:
    """Hard's share of the win in match `index` (ties share), playing `variant`."""
    seated = lineup(["hard"] + [args.opponent] * (args.seats - 1), args.seats, index)
    rngs = [random.Random(f"arena:{args.seed}:{index}:{s}") for s in range(args.seats)]
    settings = MatchSettings(point_limit=100, penalty=args.penalty)
    state = new_match(args.seats, settings, random.Random(f"arena:{args.seed}:{index}"))
    hard = oracle_player(state, *VARIANTS[variant])
    opponent = get_player(args.opponent)
    play_match(state, [hard if name == "hard" else opponent for name in seated], rngs)
    winners = set(observe(state, None).winners)
    hard_seat = seated.index("hard")
    return 1.0 / len(winners) if hard_seat in winners else 0.0


def _play_chunk(indices: Sequence[int], args: argparse.Namespace) -> dict[str, list[float]]:
    return {variant: [play_one(i, variant, args) for i in indices] for variant in VARIANTS}


def main(argv: Sequence[str]) -> int:
    """Print each variant's win rate and its paired difference from plain hard, with a 95 % interval."""
    parser = argparse.ArgumentParser(prog="bench_oracle", description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--penalty", type=int, default=5)
    parser.add_argument("--seed", type=int, default=9101)
    parser.add_argument("--opponent", default="sharp")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(list(argv))
    chunks = [range(start, args.matches, args.jobs) for start in range(args.jobs)]
    wins: dict[str, list[float]] = {variant: [] for variant in VARIANTS}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for part in pool.map(_play_chunk, chunks, [args] * len(chunks)):
            for variant, shares in part.items():
                wins[variant].extend(shares)
    print(f"hard against {args.opponent} at {args.seats} seats, penalty {args.penalty}, seed {args.seed}, "
          f"{args.matches} matches each (paired on the same deals)")
    for variant, shares in wins.items():
        line = f"{variant:<36} {sum(shares) / len(shares):6.1%}"
        if variant != "hard":
            diffs = [a - b for a, b in zip(shares, wins["hard"], strict=True)]
            mean = sum(diffs) / len(diffs)
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
            line += f"   {mean * 100:+.1f} ± {1.96 * spread / math.sqrt(len(diffs)) * 100:.1f} points"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
