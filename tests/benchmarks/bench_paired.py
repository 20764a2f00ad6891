"""Paired arena: several players each take one seat against the same opponents, on the same deals, match by match.

Match i is the deal and the seats of `dreamcats arena --seed S` (the first name's seat is the one each player takes
in turn), so two players differ only where their own choices differ. The paired difference of the win rate from the
first player, with a 95 % interval, needs far fewer matches than two separate arena runs to tell a small change from
noise. A player is a name `dreamcats arena` takes: a strength, a sparring partner or `module:function`.

Run: .venv/bin/python -m tests.benchmarks.bench_paired
     --players hard,tests.benchmarks.crossed_players:hard_play_sharp_wake [--opponent sharp] [--seats 2]
     [--penalty 5] [--matches 1000] [--seed 9201] [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor

from bot.arena import arena_deal, play_match
from bot.arena_common import lineup
from game.dreamcats import MatchSettings, MatchState, observe
from game.dreamcats.players import Player, get_player

TESTED = "tested"  # the seat that each compared player takes in turn (the first of the lineup, as in the arena)


def play_seat(args: argparse.Namespace, index: int, tested: Callable[[MatchState], Player]) -> float:
    """The tested seat's share of the win in match `index` (ties share); `tested` gives its player for the match
    (bench_oracle's players look at the live state)."""
    seated = lineup([TESTED] + [args.opponent] * (args.seats - 1), args.seats, index)
    state, rngs = arena_deal(args.seats, MatchSettings(point_limit=100, penalty=args.penalty), args.seed, index)
    player, opponent = tested(state), get_player(args.opponent)
    play_match(state, [player if name == TESTED else opponent for name in seated], rngs)
    winners = set(observe(state, None).winners)
    return 1.0 / len(winners) if seated.index(TESTED) in winners else 0.0


def paired_lines(wins: Mapping[str, Sequence[float]]) -> list[str]:
    """Each player's win rate and, after the first, its paired difference from the first (95 % interval, and in
    how many matches the result changed)."""
    names = list(wins)
    base, width = wins[names[0]], max(len(name) for name in names)
    lines = []
    for name in names:
        shares = wins[name]
        line = f"{name:<{width}} {sum(shares) / len(shares):6.1%}"
        if name != names[0]:
            diffs = [a - b for a, b in zip(shares, base, strict=True)]
            mean = sum(diffs) / len(diffs)
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
            changed = sum(1 for d in diffs if d)
            line += (f"   {mean * 100:+.1f} ± {1.96 * spread / math.sqrt(len(diffs)) * 100:.1f} points "
                     f"({changed} matches changed)")
        lines.append(line)
    return lines


def report(args: argparse.Namespace, wins: Mapping[str, Sequence[float]], who: str = "") -> list[str]:
    """The table the matches were played at, then paired_lines."""
    return [f"{who}against {args.opponent} at {args.seats} seats, penalty {args.penalty}, seed {args.seed}, "
            f"{args.matches} matches each (paired on the same deals)", *paired_lines(wins)]


def _always(player: Player) -> Callable[[MatchState], Player]:
    return lambda _state: player


def _play_chunk(indices: Sequence[int], args: argparse.Namespace) -> dict[str, list[float]]:
    players = {name: _always(get_player(name)) for name in args.players}
    return {name: [play_seat(args, i, players[name]) for i in indices] for name in args.players}


ChunkPlayer = Callable[[Sequence[int], argparse.Namespace], dict[str, list[float]]]


def play_paired(play_chunk: ChunkPlayer, names: Sequence[str], args: argparse.Namespace) -> dict[str, list[float]]:
    """Each name's share of the win in every match, in the same order of matches for every name: `play_chunk` (a
    module-level function, for the worker processes) plays some match indices for every name."""
    chunks = [range(start, args.matches, args.jobs) for start in range(args.jobs)]
    wins: dict[str, list[float]] = {name: [] for name in names}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for part in pool.map(play_chunk, chunks, [args] * len(chunks)):
            for name, shares in part.items():
                wins[name].extend(shares)
    return wins


def add_match_options(parser: argparse.ArgumentParser, *, matches: int, seed: int) -> None:
    """The options every paired benchmark takes: the table, the number of matches and the deals."""
    parser.add_argument("--matches", type=int, default=matches)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--penalty", type=int, default=5)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--opponent", default="sharp")
    parser.add_argument("--jobs", type=int, default=2)


def main(argv: Sequence[str]) -> int:
    """Print each player's win rate and its paired difference from the first."""
    parser = argparse.ArgumentParser(prog="bench_paired", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", required=True, help="comma-separated; the first is the one compared against")
    add_match_options(parser, matches=1000, seed=9201)
    args = parser.parse_args(list(argv))
    args.players = args.players.split(",")
    for name in args.players + [args.opponent]:
        get_player(name)  # an unknown name stops here, not in a worker process
    print("\n".join(report(args, play_paired(_play_chunk, args.players, args))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
