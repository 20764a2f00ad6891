"""Benchmark: hard's Wake-up weighing against the truth, at every decision that passes its cheap gate.

Plays arena matches of hard against sharps (the deals and seats of `dreamcats arena --seed S`). Wherever hard may
call and passes its gate, the benchmark reads its weighing (`wake.wake_margins` on a copy of its generator, so the
match goes on as it would) and what calling is really worth there, from the live state: the call's utility with the
dreams as they lie, against the mean utility of playing on without calling now, over `--continuations` play-outs of
the rest of the round by the real players with the draw pile shuffled again (hard may still call later). It prints
the true difference (calling less playing on, in hard's cats of utility; 95 % intervals) by the weighing's margin,
for weighings whose call succeeds often enough and for the others. A well-set rule calls where the difference is
positive and waits where it is negative.

Run: .venv/bin/python -m tests.benchmarks.bench_wake_truth [--seats 4] [--matches 400] [--seed 8801]
     [--penalty 5] [--continuations 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bot.arena import arena_deal
from bot.arena_common import lineup
from game.dreamcats import MatchSettings, MatchState, Observation, WakeUp, apply_action, legal_actions, observe
from game.dreamcats.cards import POINTS
from game.dreamcats.players import Player, get_player
from game.dreamcats.players.belief import belief_of
from game.dreamcats.players.strategy import own_shifts
from game.dreamcats.players.wake import call_scores, utility, wake_margins

hard_module = importlib.import_module("game.dreamcats.players.hard")  # the package's `hard` is the player function
EDGES = (-99.0, -6.0, -4.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 5.0, 99.0)


@dataclass(frozen=True)
class Decision:
    """One gated decision: the weighing's margin and verdict, and the true worth of calling less playing on."""

    margin: float  # the margins added as hard adds them (>= 0 calls, when `often`)
    often: bool
    truth: float


def _copy(rng: random.Random) -> random.Random:
    copied = random.Random()
    copied.setstate(rng.getstate())
    return copied


def _acting(state: MatchState) -> tuple[int, bool]:
    """The seat that acts next, and whether that is an initial peek (a seat still to look at two cards)."""
    waiting = [s for s in range(state.num_seats) if not state.round.peeked[s]]
    return (waiting[0], True) if waiting else (state.round.turn, False)


def _played_on(state: MatchState, seat: int, players: Sequence[Player], rngs: Sequence[random.Random],
               shuffle: random.Random) -> tuple[int, ...]:
    """The round's scores when the seat does not call now and every seat plays on (the pile shuffled again)."""
    copy = state.copy()
    shuffle.shuffle(copy.round.draw_pile)
    number, first, own = copy.round.number, True, [_copy(rng) for rng in rngs]
    while not copy.over and copy.round.number == number:
        who, _peeking = _acting(copy)
        legal = legal_actions(copy, who)
        if first and who == seat:
            legal, first = [a for a in legal if not isinstance(a, WakeUp)], False
        apply_action(copy, players[who](observe(copy, who), legal, own[who]))
    return copy.results[-1].scores


def _weighed(obs: Observation, seat: int, rng: random.Random) -> tuple[float, bool] | None:
    """Hard's weighing of a call now (margin, often), or None where its cheap gate stops it first."""
    params = hard_module.card_params(obs)
    if not hard_module.passes_gate(belief_of(obs, params.owner_bias, own_shifts(obs, params)), params):
        return None
    tuning = hard_module.wake_tuning(obs)
    margins = wake_margins(obs, seat, _copy(rng), tuning)
    return margins.total(tuning), margins.often


def match_decisions(seats: int, penalty: int, seed: int, index: int, continuations: int) -> list[Decision]:
    """Every gated decision of hard in match `index`, with the truth."""
    state, rngs = arena_deal(seats, MatchSettings(point_limit=100, penalty=penalty), seed, index)
    seated = lineup(["hard"] + ["sharp"] * (seats - 1), seats, index)
    players, me = [get_player(name) for name in seated], seated.index("hard")
    shuffle, found = random.Random(f"truth:{seed}:{index}"), []
    while not state.over:
        who, peeking = _acting(state)
        obs, legal = observe(state, who), legal_actions(state, who)
        weighed = _weighed(obs, me, rngs[me]) if who == me and not peeking and WakeUp(me) in legal else None
        if weighed is not None:
            sums = [sum(POINTS[card] for card in dream) for dream in state.round.dreams]
            called = utility(obs, me, call_scores(sums, me, obs.penalty)[0])
            on = [utility(obs, me, _played_on(state, me, players, rngs, shuffle)) for _ in range(continuations)]
            found.append(Decision(weighed[0], weighed[1], called - sum(on) / len(on)))
        apply_action(state, players[who](obs, legal, rngs[who]))
    return found


def _mean(values: Sequence[float]) -> str:
    if not values:
        return "none"
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
    return f"{mean:+6.2f} ± {1.96 * spread / math.sqrt(len(values)):.2f} cats ({len(values)})"


def report(decisions: Sequence[Decision]) -> list[str]:
    """The true worth of calling less playing on, by the rule's verdict and by the weighing's margin."""
    calls = [d for d in decisions if d.often and d.margin >= 0]
    lines = [f"the rule calls: {_mean([d.truth for d in calls])}",
             f"the rule waits: {_mean([d.truth for d in decisions if d not in calls])}"]
    for often in (True, False):
        lines.append("succeeds often enough" if often else "succeeds too seldom")
        for low, high in zip(EDGES, EDGES[1:], strict=False):
            chosen = [d.truth for d in decisions if d.often is often and low <= d.margin < high]
            lines.append(f"  margin in [{low:g}, {high:g}): {_mean(chosen)}")
    return lines


def _chunk(args: argparse.Namespace, indices: Sequence[int]) -> list[Decision]:
    return [d for i in indices for d in match_decisions(args.seats, args.penalty, args.seed, i, args.continuations)]


def main(argv: Sequence[str] | None = None) -> int:
    """Collect the decisions in parallel and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=8801)
    parser.add_argument("--penalty", type=int, default=5)
    parser.add_argument("--continuations", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    chunks = [range(start, min(args.matches, start + 4)) for start in range(0, args.matches, 4)]
    with ProcessPoolExecutor(args.jobs) as pool:
        decisions = [d for part in pool.map(_chunk, [args] * len(chunks), chunks) for d in part]
    print(f"hard against sharps, {args.seats} seats, penalty {args.penalty}, seed {args.seed}, {args.matches} "
          f"matches: {len(decisions)} decisions past the gate; true worth of calling less playing on")
    print("\n".join(report(decisions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
