"""`dreamcats demo --game dream21`: one computer-only Dream 21 match written to a folder as pictures and a transcript.

The folder gets the public table after every play (`play_NNNN.png`), the first seat's private hand at each of its
turns (`seat1_NNNN.png`, as that seat's ephemeral reply would show it), every hand's scores (`hand_NN_end.png`),
the final standings and `transcript.txt`, written only from public events.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.demo_folder import DemoFolder, seat_labels
from bot.demo_out import DemoFolderError, make_out
from game.dream21 import (
    Dream21Settings,
    Event,
    EventKind,
    MatchState,
    apply_action,
    describe,
    legal_actions,
    new_match,
    observe,
    public_observation,
)
from game.dream21.players import UnknownPlayerError, get_player
from game.errors import SettingsError
from images.dream21 import render_hand, render_hand_end, render_standings, render_trick


class Recorder(DemoFolder):
    """Writes the pictures as the match goes and keeps the transcript's lines."""

    def __init__(self, out: Path, names: Sequence[str]) -> None:
        super().__init__(out, names)
        self.plays = 0

    def before(self, state: MatchState, seat: int) -> None:
        """The first seat's private hand when it is about to act."""
        if seat == 0:
            self.save(f"seat1_{self.plays + 1:04d}.png", render_hand(observe(state, 0), names=self.names))

    def after(self, state: MatchState, events: Sequence[Event]) -> None:
        """The public events in the transcript, the table after the play, each finished hand's scores."""
        public = [event for event in events if event.is_public]
        self.lines.extend(describe(event, self.names) for event in public)
        self.plays += 1
        self.save(f"play_{self.plays:04d}.png", render_trick(public_observation(state), self.names))
        if any(event.kind is EventKind.HAND_ENDED for event in public):
            result = state.results[-1]
            self.save(f"hand_{result.number:02d}_end.png", render_hand_end(result, self.names, state.totals))

    def finish(self, state: MatchState) -> None:
        """The final standings, then transcript.txt."""
        winners = public_observation(state).winners
        self.save("standings.png", render_standings(state.totals, self.names, winners, state.results))
        ranked = sorted(range(state.num_seats), key=lambda s: state.totals[s])
        self.lines.append("\nFinal standings:")
        self.lines.extend(f"  {self.names[s]}: {state.totals[s]}" for s in ranked)
        self.lines.append("Winner: " + " and ".join(self.names[s] for s in winners) + ".")
        self.write_transcript()


def run_demo(out: Path, seats: int, seed: int, strengths: Sequence[str], settings: Dream21Settings) -> MatchState:
    """Play one computer-only match into `out`; returns the finished match."""
    chosen = [strengths[s % len(strengths)] for s in range(seats)]
    players = [get_player(name) for name in chosen]
    rngs = [random.Random(f"demo21:{seed}:{s}") for s in range(seats)]
    state = new_match(seats, settings, random.Random(f"demo21:{seed}"), dealer=0)
    recorder = Recorder(out, seat_labels(chosen, seats))
    recorder.lines.append(f"Dream 21 demo: {seats} computer players, seed {seed}, "
                          f"{state.hands_in_match} hands.")
    recorder.lines.append(f"Hand 1: {recorder.names[state.hand.dealer]} deals.")
    while not state.over:
        seat = state.hand.turn
        recorder.before(state, seat)
        action = players[seat](observe(state, seat), legal_actions(state, seat), rngs[seat])
        recorder.after(state, apply_action(state, action))
    recorder.finish(state)
    return state


def main(argv: Sequence[str]) -> int:
    """Play the demo match and say where it went."""
    parser = argparse.ArgumentParser(prog="dreamcats demo --game dream21",
                                     description="Play one computer-only Dream 21 match to a folder.")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write into")
    parser.add_argument("--seats", type=int, default=4, help="2 to 6")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", default="hard,normal,easy", help="cycled over the seats")
    parser.add_argument("--hands-per-seat", type=int, default=1, help="hands each seat deals (1-5; default 1)")
    args = parser.parse_args(list(argv))
    try:
        settings = Dream21Settings(hands_per_seat=args.hands_per_seat).validated()
        make_out(args.out)
        run_demo(args.out, args.seats, args.seed, args.players.split(","), settings)
    except (UnknownPlayerError, SettingsError, DemoFolderError) as exc:
        print(f"dreamcats demo: {exc}", file=sys.stderr)
        return 2
    print(f"Wrote pictures and a transcript to {args.out}")
    return 0
