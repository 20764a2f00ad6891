"""`dreamcats demo --game catduel`: one computer-only Cat Duel match written to a folder as pictures and a transcript.

The folder gets the public table after every reveal (`round_NNNN.png`: the arrows of who scratched whom and the HP
after it), the first seat's private hand when each round's choosing begins (`seat1_NNNN.png`, as that seat's
ephemeral reply would show it), the final standings and `transcript.txt`, written only from public events: a
choice is in it only once it was revealed.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.arena_catduel import check_players
from bot.arena_common import ArenaUsageError
from bot.catduel.words import reveal_lines
from bot.demo_folder import DemoFolder, seat_labels
from bot.demo_out import DemoFolderError, make_out
from game.catduel import (
    CatDuelSettings,
    Event,
    EventKind,
    MatchState,
    apply_action,
    legal_actions,
    new_match,
    observe,
    public_observation,
)
from game.catduel.mode import CATDUEL
from game.catduel.players import PLAYERS
from game.errors import SettingsError
from images.catduel import last_reveal, render_hand, render_standings, render_table


class Recorder(DemoFolder):
    """Writes the pictures as the match goes and keeps the transcript's lines."""

    def __init__(self, out: Path, names: Sequence[str]) -> None:
        super().__init__(out, names)
        self.reveals = 0

    def choosing(self, state: MatchState) -> None:
        """The first seat's private hand as a round's choosing begins (while its cat is in)."""
        if 0 in observe(state, None).living:
            self.save(f"seat1_{self.reveals + 1:04d}.png", render_hand(observe(state, 0), self.names))

    def after(self, state: MatchState, events: Sequence[Event]) -> bool:
        """The reveal in the transcript and the table after it; True when a round ended (a new one may begin)."""
        public = [event for event in events if event.is_public]
        ended = next((event for event in public if event.kind is EventKind.ROUND_ENDED), None)
        if ended is None:
            return False
        self.reveals += 1
        obs = public_observation(state)
        duel_ended = next((event for event in public if event.kind is EventKind.DUEL_ENDED), None)
        self.lines.append(f"\nDuel {duel_ended.count if duel_ended else obs.duel}, round {ended.count}:")
        self.lines.extend(f"  {line}" for line in reveal_lines(last_reveal(obs.history), self.names, "en"))
        self.save(f"round_{self.reveals:04d}.png", render_table(obs, self.names))
        return True

    def finish(self, state: MatchState) -> None:
        """The final standings, then transcript.txt."""
        obs = public_observation(state)
        self.save("standings.png", render_standings(obs, self.names))
        self.lines.append("\nDuels won:")
        self.lines.extend(f"  {self.names[s]}: {obs.wins[s]}"
                          for s in sorted(range(obs.num_seats), key=lambda s: -obs.wins[s]))
        winners = [s for s in range(obs.num_seats) if obs.wins[s] == max(obs.wins)]
        self.lines.append("Winner: " + " and ".join(self.names[s] for s in winners) + ".")
        self.write_transcript()


def run_demo(out: Path, seats: int, seed: int, strengths: Sequence[str], settings: CatDuelSettings) -> MatchState:
    """Play one computer-only match into `out`; returns the finished match."""
    chosen = [strengths[s % len(strengths)] for s in range(seats)]
    rng = random.Random(f"democd:{seed}")
    state = new_match(seats, settings, rng)
    recorder = Recorder(out, seat_labels(chosen, seats))
    recorder.lines.append(f"Cat Duel demo: {seats} computer players, seed {seed}, best of {settings.best_of}.")
    recorder.choosing(state)
    while not state.over:
        seat = observe(state, None).waiting_for[0]  # actors() also lists seats that may still change their choice
        action = PLAYERS[chosen[seat]](observe(state, seat), legal_actions(state, seat), rng)
        if recorder.after(state, apply_action(state, action)) and not state.over:
            recorder.choosing(state)
    recorder.finish(state)
    return state


def main(argv: Sequence[str]) -> int:
    """Play the demo match and say where it went."""
    parser = argparse.ArgumentParser(prog="dreamcats demo --game catduel",
                                     description="Play one computer-only Cat Duel match to a folder.")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write into")
    parser.add_argument("--seats", type=int, default=3, help="2 to 6")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", default="hard,normal,easy", help="cycled over the seats")
    parser.add_argument("--duels", type=int, default=3, help="best of 1, 3 or 5 duels (default 3)")
    args = parser.parse_args(list(argv))
    try:
        settings = CatDuelSettings(best_of=args.duels).validated()
        if not CATDUEL.min_seats <= args.seats <= CATDUEL.max_seats:
            raise ArenaUsageError(f"Cat Duel needs {CATDUEL.min_seats} to {CATDUEL.max_seats} seats.")
        names = args.players.split(",")
        check_players(names)
        make_out(args.out)
    except (SettingsError, ArenaUsageError, DemoFolderError) as exc:
        print(f"dreamcats demo: {exc}", file=sys.stderr)
        return 2
    run_demo(args.out, args.seats, args.seed, names, settings)
    print(f"Wrote pictures and a transcript to {args.out}")
    return 0
