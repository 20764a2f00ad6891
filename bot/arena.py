"""`dreamcats arena`: seeded matches between computer players, with win rates and timings per player."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.arena_common import ArenaUsageError, lineup, percentile, progress_bar, share_matches, wilson
from game.dreamcats import MatchSettings, MatchState, apply_action, legal_actions, new_match, observe
from game.dreamcats.players import Player, UnknownPlayerError, get_player
from game.errors import SettingsError

Decision = Callable[[MatchState, int], None]


@dataclass(slots=True)
class Tally:
    """Everything the arena counts for one player name over all its seats."""

    matches: int = 0
    wins: float = 0.0  # a match won outright counts 1, a tie for the win 1 / the number of tied seats
    rounds: int = 0
    round_points: int = 0
    own_turns: int = 0
    calls: int = 0
    successful_calls: int = 0
    times: list[float] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Summary:
    """One printed row of the arena's table."""

    name: str
    matches: int
    win_rate: float
    low: float
    high: float
    mean_round_score: float
    turns_per_round: float
    wakeups: int
    wakeup_success: float | None
    p50_ms: float
    p99_ms: float


def play_match(
    state: MatchState, players: Sequence[Player], rngs: Sequence[random.Random],
    on_decision: Callable[[int, float], None] | None = None, after: Decision | None = None,
) -> MatchState:
    """Play the match to its end, each seat choosing from its own observation; returns the finished state."""
    while not state.over:
        waiting = [s for s in range(state.num_seats) if not state.round.peeked[s]]
        seat = waiting[0] if waiting else state.round.turn
        obs, legal = observe(state, seat), legal_actions(state, seat)
        started = time.perf_counter()
        action = players[seat](obs, legal, rngs[seat])
        elapsed = time.perf_counter() - started
        if on_decision is not None and not waiting:
            on_decision(seat, elapsed)
        apply_action(state, action)
        if after is not None:
            after(state, seat)
    return state


def arena_deal(seats: int, settings: MatchSettings, seed: int, index: int) -> tuple[MatchState, list[random.Random]]:
    """Match `index` of an arena run with `seed`: its new state and each seat's random generator (the same whatever
    plays it, so that players can be compared on the same deals)."""
    rngs = [random.Random(f"arena:{seed}:{index}:{s}") for s in range(seats)]
    return new_match(seats, settings, random.Random(f"arena:{seed}:{index}")), rngs


def run_arena(
    names: Sequence[str], seats: int, matches: int, settings: MatchSettings, seed: int,
    progress: Callable[[int, int], None] | None = None, jobs: int = 1,
) -> dict[str, Tally]:
    """Play the matches and count, per player name; `jobs` > 1 shares them among that many processes.

    Match i is the same deal and the same seats whatever the number of jobs, so results do not depend on it.
    """
    return share_matches(_run_indices, _merge, names, seats, matches, settings, seed, progress, jobs)


def _run_indices(
    names: Sequence[str], seats: int, indices: Sequence[int], settings: MatchSettings, seed: int,
    progress: Callable[[int, int], None] | None = None, total: int = 0,
) -> dict[str, Tally]:
    players = {name: get_player(name) for name in names}
    tallies = {name: Tally() for name in names}
    for done, index in enumerate(indices, start=1):
        seated = lineup(names, seats, index)

        def record(seat: int, elapsed: float, seated: list[str] = seated) -> None:
            tallies[seated[seat]].times.append(elapsed)

        state, rngs = arena_deal(seats, settings, seed, index)
        play_match(state, [players[n] for n in seated], rngs, on_decision=record)
        _count(state, seated, tallies)
        if progress is not None:
            progress(done, total)
    return tallies


def _merge(into: Tally, part: Tally) -> None:
    into.matches += part.matches
    into.wins += part.wins
    into.rounds += part.rounds
    into.round_points += part.round_points
    into.own_turns += part.own_turns
    into.calls += part.calls
    into.successful_calls += part.successful_calls
    into.times.extend(part.times)


def _count(state: MatchState, seated: Sequence[str], tallies: dict[str, Tally]) -> None:
    winners = set(observe(state, None).winners)
    for seat, name in enumerate(seated):
        tally = tallies[name]
        tally.matches += 1
        tally.wins += 1.0 / len(winners) if seat in winners else 0.0
        for result in state.results:
            tally.rounds += 1
            tally.round_points += result.scores[seat]
            tally.own_turns += result.turns // state.num_seats + (
                (seat - _starter_of(state, result.number)) % state.num_seats < result.turns % state.num_seats
            )
            if result.caller == seat:
                tally.calls += 1
                tally.successful_calls += bool(result.caller_succeeded)


def _starter_of(state: MatchState, number: int) -> int:
    if number == 1:
        return state.first_starter
    return (state.results[number - 2].ender + 1) % state.num_seats


def summarize(tallies: dict[str, Tally]) -> list[Summary]:
    """One summary row per player name, in the order given."""
    rows = []
    for name, t in tallies.items():
        low, high = wilson(t.wins, t.matches)
        rows.append(Summary(
            name, t.matches, t.wins / t.matches if t.matches else 0.0, low, high,
            t.round_points / t.rounds if t.rounds else 0.0, t.own_turns / t.rounds if t.rounds else 0.0,
            t.calls, t.successful_calls / t.calls if t.calls else None,
            percentile(t.times, 50) * 1000, percentile(t.times, 99) * 1000,
        ))
    return rows


def format_table(rows: Sequence[Summary]) -> str:
    """The arena's results as a plain text table."""
    header = f"{'player':<24} {'seats':>6} {'win rate':>9} {'95% CI':>15} {'round score':>11} {'turns/round':>11}"
    header += f" {'wake-ups':>8} {'success':>8} {'p50 ms':>7} {'p99 ms':>7}"
    lines = [header]
    for r in rows:
        success = "-" if r.wakeup_success is None else f"{r.wakeup_success:.0%}"
        lines.append(
            f"{r.name:<24} {r.matches:>6} {r.win_rate:>9.1%} {f'{r.low:.1%}-{r.high:.1%}':>15}"
            f" {r.mean_round_score:>11.2f} {r.turns_per_round:>11.2f} {r.wakeups:>8} {success:>8}"
            f" {r.p50_ms:>7.2f} {r.p99_ms:>7.2f}"
        )
    return "\n".join(lines)


GAME_DEFAULTS = {"points": 100, "penalty": 5, "hands": 2, "duels": 1}  # each option's game's default


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The arena's command line."""
    parser = argparse.ArgumentParser(prog="dreamcats arena", description="Play computer players against each other.")
    parser.add_argument("--players", default="hard,normal",
                        help="comma-separated: easy, normal, hard, or module:function; Dreamcats also sharp, eager, "
                             "cautious (Cat Duel: easy, normal, hard only)")
    parser.add_argument("--seats", type=int, default=2,
                        help="2 to 5 seats (Dream 21 and Cat Duel: 6); the players are cycled over them")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--points", type=int, help="Dreamcats: the point limit (default 100)")
    parser.add_argument("--penalty", type=int, help="Dreamcats: the penalty, 5 or 15 (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to share the matches among (at least 1)")
    parser.add_argument("--game", choices=("dreamcats", "dream21", "catduel"), default="dreamcats")
    parser.add_argument("--hands", type=int, help="Dream 21: hands per seat (1 to 5; default 2)")
    parser.add_argument("--duels", type=int, help="Cat Duel: best of 1, 3 or 5 duels (default 1)")
    args = parser.parse_args(list(argv))
    for option, game in (("points", "dreamcats"), ("penalty", "dreamcats"), ("hands", "dream21"), ("duels", "catduel")):
        if getattr(args, option) is not None and args.game != game:  # never silently ignored
            parser.error(f"--{option} is for --game {game} only")
        if getattr(args, option) is None:
            setattr(args, option, GAME_DEFAULTS[option])
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    return args


def main(argv: Sequence[str]) -> int:
    """Run the arena and print one row per player."""
    args = parse(argv)
    if args.game == "dream21":
        from bot.arena21 import main as arena21_main

        return arena21_main(args)
    if args.game == "catduel":
        from bot.arena_catduel import main as catduel_main

        return catduel_main(args)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    try:
        settings = MatchSettings(point_limit=args.points, penalty=args.penalty).validated()
        if not names or not 2 <= args.seats <= 5 or args.matches < 1:
            raise ArenaUsageError("Give at least one player, 2 to 5 seats and at least one match.")
        for name in names:
            get_player(name)
    except (UnknownPlayerError, SettingsError, ArenaUsageError) as exc:
        print(f"dreamcats arena: {exc}", file=sys.stderr)
        return 2
    # Outside the try: an engine's own error during play is a bug to show with its traceback, not a usage line.
    tallies = run_arena(names, args.seats, args.matches, settings, args.seed, progress_bar(sys.stderr), args.jobs)
    print(format_table(summarize(tallies)))
    return 0
