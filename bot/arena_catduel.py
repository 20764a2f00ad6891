"""`dreamcats arena --game catduel`: seeded Cat Duel matches between computer players, win rates and timings.

Plays through the game-mode protocol (game.modes), exactly as the bot does: every seat still to choose chooses,
in seat order, from its own observation. The lineup is rotated one seat each match, so every player sits
everywhere equally; a shared win counts for each winner, and a name at several seats counts a match it won at any
of them once. Match i is the same whatever --jobs is.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.arena_common import ArenaUsageError, lineup, percentile, progress_bar, share_matches, wilson
from game.catduel import CatDuelSettings, MatchState
from game.catduel.mode import CATDUEL
from game.errors import SettingsError


class UnknownCatDuelPlayerError(ArenaUsageError):
    """No Cat Duel computer player has that name."""


@dataclass(slots=True)
class DuelTally:
    """What the Cat Duel arena counts for one player name over all its seats."""

    matches: int = 0
    wins: int = 0
    duels: int = 0
    duels_won: int = 0
    times: list[float] = field(default_factory=list)

    def merge(self, part: DuelTally) -> None:
        """Add another tally's counts to this one."""
        self.matches += part.matches
        self.wins += part.wins
        self.duels += part.duels
        self.duels_won += part.duels_won
        self.times.extend(part.times)


def play_match(seated: Sequence[str], settings: CatDuelSettings, seed: int,
               timed: Callable[[int, float], None] | None = None) -> MatchState:
    """One match between the seated players (strength names), from this seed."""
    rng = random.Random(seed)
    state: MatchState = CATDUEL.start(len(seated), settings.to_dict(), rng)
    while not state.over:
        for seat in CATDUEL.actors(state):
            if state.over or seat not in CATDUEL.actors(state):
                continue
            started = time.perf_counter()
            action = CATDUEL.computer_action(state, seat, seated[seat], rng)
            if timed is not None:
                timed(seat, time.perf_counter() - started)
            CATDUEL.apply_action(state, action)
    return state


def run_arena(names: list[str], seats: int, matches: int, settings: CatDuelSettings, seed: int,
              progress: Callable[[int, int], None] | None = None, jobs: int = 1) -> dict[str, DuelTally]:
    """Play the matches (in `jobs` processes) and tally each player name."""
    check_players(names)
    return share_matches(_run_indices, DuelTally.merge, names, seats, matches, settings, seed, progress, jobs)


def check_players(names: Sequence[str]) -> None:
    """Refuse a name that is not one of Cat Duel's computer players."""
    unknown = [name for name in names if name not in CATDUEL.players]
    if unknown:
        raise UnknownCatDuelPlayerError(f"Cat Duel has no computer player {unknown[0]!r}; "
                                        f"there are {', '.join(CATDUEL.players)}.")


def _run_indices(names: list[str], seats: int, indices: Sequence[int], settings: CatDuelSettings, seed: int,
                 progress: Callable[[int, int], None] | None = None, total: int = 0) -> dict[str, DuelTally]:
    tallies = {name: DuelTally() for name in names}
    for done, index in enumerate(indices, start=1):
        seated = lineup(names, seats, index)

        def record(seat: int, elapsed: float, seated: list[str] = seated) -> None:
            tallies[seated[seat]].times.append(elapsed)

        state = play_match(seated, settings, seed * 1_000_003 + index, record)
        _count(state, seated, tallies)
        if progress is not None:
            progress(done, total)
    return tallies


def _count(state: MatchState, seated: Sequence[str], tallies: dict[str, DuelTally]) -> None:
    winners = {seated[seat] for seat in CATDUEL.result(state).winners}
    for name in set(seated):
        tally = tallies[name]
        tally.matches += 1
        tally.wins += name in winners
        tally.duels += len(state.results)
        tally.duels_won += sum(1 for result in state.results if any(seated[s] == name for s in result.winners))


def format_table(tallies: dict[str, DuelTally]) -> str:
    """One row per player: win rate with its 95 % interval, duels won, and decision time."""
    lines = [f"{'player':10} {'win rate':>9} {'95% interval':>15} {'duels won':>10} {'p50 ms':>7} {'p99 ms':>7}"]
    for name, tally in tallies.items():
        low, high = wilson(tally.wins, tally.matches)
        p50, p99 = (percentile(tally.times, q) * 1000 if tally.times else 0.0 for q in (50, 99))
        duels = tally.duels_won / tally.duels if tally.duels else 0.0
        lines.append(f"{name:10} {tally.wins / max(1, tally.matches):9.1%} {f'{low:.1%}-{high:.1%}':>15} "
                     f"{duels:10.1%} {p50:7.2f} {p99:7.2f}")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    """Run the Cat Duel arena from `dreamcats arena`'s parsed command line."""
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    try:
        settings = CatDuelSettings(best_of=args.duels).validated()
        if not names or not CATDUEL.min_seats <= args.seats <= CATDUEL.max_seats or args.matches < 1:
            raise ArenaUsageError(f"Give at least one player, {CATDUEL.min_seats} to {CATDUEL.max_seats} seats "
                                  "and at least one match.")
        check_players(names)
    except (SettingsError, ArenaUsageError) as exc:
        print(f"dreamcats arena: {exc}", file=sys.stderr)
        return 2
    tallies = run_arena(names, args.seats, args.matches, settings, args.seed, progress_bar(sys.stderr), args.jobs)
    print(format_table(tallies))
    return 0
