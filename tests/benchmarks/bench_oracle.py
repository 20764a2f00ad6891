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
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.dreamcats import MatchState, Observation
from game.dreamcats.actions import Action, Slot, WakeUp
from game.dreamcats.cards import DREAM_SIZE
from game.dreamcats.players import Player, get_player
from tests.benchmarks.bench_paired import add_match_options, play_paired, play_seat, report

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


def _oracle(variant: str) -> Callable[[MatchState], Player]:
    return lambda state: oracle_player(state, *VARIANTS[variant])


def _play_chunk(indices: Sequence[int], args: argparse.Namespace) -> dict[str, list[float]]:
    return {variant: [play_seat(args, i, _oracle(variant)) for i in indices] for variant in VARIANTS}


def main(argv: Sequence[str]) -> int:
    """Print each variant's win rate and its paired difference from plain hard, with a 95 % interval."""
    parser = argparse.ArgumentParser(prog="bench_oracle", description=(__doc__ or "").splitlines()[0])
    add_match_options(parser, matches=400, seed=9101)
    args = parser.parse_args(list(argv))
    print("\n".join(report(args, play_paired(_play_chunk, list(VARIANTS), args), "hard ")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
