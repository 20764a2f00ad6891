"""`dreamcats arena --game dream21`: seeded Dream 21 matches between computer players, with win rates and timings."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.arena_common import ArenaUsageError, lineup, percentile, progress_bar, share_matches, wilson
from game.dream21 import Dream21Settings, MatchState, apply_action, legal_actions, new_match, observe, winners
from game.dream21.players import Player, UnknownPlayerError, get_player
from game.errors import SettingsError

MIN_SEATS, MAX_SEATS = 2, 6


@dataclass(slots=True)
class Tally21:
    """Everything the Dream 21 arena counts for one player name over all its seats."""

    matches: int = 0
    wins: int = 0
    hands: int = 0
    hand_points: int = 0
    tricks: int = 0
    outs: int = 0
    times: list[float] = field(default_factory=list)

    def merge(self, part: Tally21) -> None:
        """Add another tally's counts to this one."""
        self.matches += part.matches
        self.wins += part.wins
        self.hands += part.hands
        self.hand_points += part.hand_points
        self.tricks += part.tricks
        self.outs += part.outs
        self.times.extend(part.times)


def play_match(
    state: MatchState, players: Sequence[Player], rngs: Sequence[random.Random],
    on_decision: Callable[[int, float], None] | None = None,
) -> MatchState:
    """Play the match to its end, each seat choosing from its own observation; returns the finished state."""
    while not state.over:
        seat = state.hand.turn
        obs, legal = observe(state, seat), legal_actions(state, seat)
        started = time.perf_counter()
        action = players[seat](obs, legal, rngs[seat])
        if on_decision is not None:
            on_decision(seat, time.perf_counter() - started)
        apply_action(state, action)
    return state


def run_arena(
    names: Sequence[str], seats: int, matches: int, settings: Dream21Settings, seed: int,
    progress: Callable[[int, int], None] | None = None, jobs: int = 1,
) -> dict[str, Tally21]:
    """Play the matches and count per player name; match i is the same deal and seats whatever `jobs` is."""
    return share_matches(_run_indices, Tally21.merge, names, seats, matches, settings, seed, progress, jobs)


def _run_indices(
    names: Sequence[str], seats: int, indices: Sequence[int], settings: Dream21Settings, seed: int,
    progress: Callable[[int, int], None] | None = None, total: int = 0,
) -> dict[str, Tally21]:
    players = {name: get_player(name) for name in names}
    tallies = {name: Tally21() for name in names}
    for done, index in enumerate(indices, start=1):
        seated = lineup(names, seats, index)
        rngs = [random.Random(f"arena21:{seed}:{index}:{s}") for s in range(seats)]

        def record(seat: int, elapsed: float, seated: list[str] = seated) -> None:
            tallies[seated[seat]].times.append(elapsed)

        state = new_match(seats, settings, random.Random(f"arena21:{seed}:{index}"))
        play_match(state, [players[n] for n in seated], rngs, on_decision=record)
        _count(state, seated, tallies)
        if progress is not None:
            progress(done, total)
    return tallies


def _count(state: MatchState, seated: Sequence[str], tallies: dict[str, Tally21]) -> None:
    best = set(winners(state.totals))
    for seat, name in enumerate(seated):
        tally = tallies[name]
        tally.matches += 1
        tally.wins += seat in best
        for result in state.results:
            tally.hands += 1
            tally.hand_points += result.scores[seat]
            tally.tricks += result.tricks[seat]
            tally.outs += result.out == seat


def format_table(tallies: dict[str, Tally21]) -> str:
    """The arena's results as a plain text table, one row per player name (ties count as wins for all)."""
    header = f"{'player':<24} {'seats':>6} {'win rate':>9} {'95% CI':>15} {'hand score':>10} {'tricks/hand':>11}"
    lines = [header + f" {'out':>6} {'p50 ms':>7} {'p99 ms':>7}"]
    for name, t in tallies.items():
        low, high = wilson(t.wins, t.matches)
        hands = max(t.hands, 1)
        lines.append(
            f"{name:<24} {t.matches:>6} {t.wins / max(t.matches, 1):>9.1%} {f'{low:.1%}-{high:.1%}':>15}"
            f" {t.hand_points / hands:>10.2f} {t.tricks / hands:>11.2f} {t.outs / hands:>6.1%}"
            f" {percentile(t.times, 50) * 1000:>7.2f} {percentile(t.times, 99) * 1000:>7.2f}"
        )
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    """Run the Dream 21 arena from the arena's parsed command line and print one row per player."""
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    try:
        settings = Dream21Settings(hands_per_seat=args.hands).validated()
        if not names or not MIN_SEATS <= args.seats <= MAX_SEATS or args.matches < 1:
            raise ArenaUsageError(
                f"Give at least one player, {MIN_SEATS} to {MAX_SEATS} seats and at least one match.")
        for name in names:
            get_player(name)
    except (UnknownPlayerError, SettingsError, ArenaUsageError) as exc:
        print(f"dreamcats arena: {exc}", file=sys.stderr)
        return 2
    tallies = run_arena(names, args.seats, args.matches, settings, args.seed, progress_bar(sys.stderr), args.jobs)
    print(format_table(tallies))
    return 0
