"""`dreamcats demo`: one computer-only match written to a folder as pictures and a plain-English transcript."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bot.arena_common import ArenaUsageError
from bot.demo_out import DemoFolderError, make_out
from game.dreamcats import (
    Card,
    Event,
    EventKind,
    MatchSettings,
    MatchState,
    RoundResult,
    Slot,
    Step,
    apply_action,
    legal_actions,
    new_match,
    observe,
    public_observation,
)
from game.dreamcats.players import Player, UnknownPlayerError, get_player
from game.errors import SettingsError

CARD_NAMES = {Card.TAKE_2: "Take 2", Card.PEEK_1: "Peek 1", Card.SWAP_2: "Swap 2"}


def card_name(card: Card) -> str:
    """A card with its article: "a 9", "an 8", "a Take 2"."""
    name = CARD_NAMES.get(card, str(int(card)))
    return f"{'an' if name == '8' else 'a'} {name}"


def slot_name(slot: Slot, names: Sequence[str], actor: int | None) -> str:
    """ "its own position 2" for the actor's slot, else "Seat 1's position 2" (people count positions from 1)."""
    if slot.seat == actor:
        return f"its own position {slot.position + 1}"
    return f"{names[slot.seat]}'s position {slot.position + 1}"


def describe(event: Event, names: Sequence[str]) -> str:
    """What a public event says, as a clause ("drew from the pile"); never a face-down card."""
    if not event.is_public:
        raise ValueError("Only public events go into the transcript.")
    seat, cards, slots = event.seat, event.cards, event.slots
    match event.kind:
        case EventKind.INITIAL_PEEK:
            return "looked at " + " and ".join(f"position {s.position + 1}" for s in slots)
        case EventKind.WOKE_UP:
            return "called Wake up!"
        case EventKind.TOOK_DISCARD:
            return f"took the discarded {CARD_NAMES.get(cards[0], int(cards[0]))} into position " \
                f"{slots[0].position + 1} and put {card_name(cards[1])} on the discard pile"
        case EventKind.DREW:
            return "drew from the pile"
        case EventKind.SWAPPED_IN:
            return f"swapped it into position {slots[0].position + 1}, discarding {card_name(cards[0])}"
        case EventKind.DISCARDED:
            return f"discarded {card_name(cards[0])}"
        case EventKind.USED_TAKE_TWO:
            return "played Take 2"
        case EventKind.TAKE_TWO_DREW:
            return f"drew {event.count} more card{'s' if event.count != 1 else ''}"
        case EventKind.KEPT:
            return f"kept one of them (discarding {card_name(cards[0])})"
        case EventKind.USED_PEEK:
            return f"played Peek 1 to look at {slot_name(slots[0], names, seat)}"
        case EventKind.USED_SWAP:
            first, second = (slot_name(s, names, seat) for s in slots)
            return f"played Swap 2 to exchange {first} and {second}"
    return event.kind.value.replace("_", " ")


def turn_sentence(seat: int, events: Sequence[Event], names: Sequence[str]) -> str:
    """One sentence for a seat's turn: "Seat 2 drew from the pile and discarded a 9."."""
    clauses = [describe(e, names) for e in events]
    # A Take 2 turn has many steps: "then" before the last one reads better than a long run of "and".
    joiner = " and " if len(clauses) <= 2 else ", then "
    text = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + joiner + clauses[-1]
    return f"{names[seat]} {text}."


def reveal_lines(result: RoundResult, names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """The round's reveal: every dream face up, the sums, the scores and the totals."""
    how = "the draw pile ran out" if result.caller is None else (
        f"{names[result.caller]} called Wake up! and " + ("made it" if result.caller_succeeded else "took the penalty"))
    lines = [f"Round {result.number} is over after {result.turns} turns: {how}."]
    for seat, dream in enumerate(result.dreams):
        shown = ", ".join(CARD_NAMES.get(c, str(int(c))) for c in dream)
        lines.append(f"  {names[seat]}: {shown} = {result.sums[seat]}, scores {result.scores[seat]},"
                     f" total {totals[seat]}")
    return lines


class Recorder:
    """Writes the transcript and the pictures (`pictures`: load_pictures)."""

    def __init__(self, out: Path, names: Sequence[str], pictures: dict[str, Callable[..., Any]]) -> None:
        self.out, self.names, self.pictures = out, list(names), pictures
        self.lines: list[str] = []
        self.turn_events: list[Event] = []
        self.turn_number = 0

    def act(self, state: MatchState, seat: int, events: Sequence[Event]) -> None:
        """Record what one action made public, closing the turn when it is over."""
        for event in events:
            if not event.is_public or event.kind is EventKind.MATCH_ENDED:
                continue
            if event.kind is EventKind.ROUND_ENDED:
                self._close_turn(state, seat, picture=False)  # the reveal picture shows how it ended
                self._round_over(state)
            elif event.kind is EventKind.ROUND_STARTED:
                self.lines.append(f"\nRound {event.count} begins; {self.names[event.seat or 0]} plays first.")
            elif event.kind is EventKind.INITIAL_PEEK:
                self.lines.append(turn_sentence(seat, [event], self.names))
            else:
                self.turn_events.append(event)
        if state.round.step is Step.START or state.over:
            self._close_turn(state, seat)

    def _close_turn(self, state: MatchState, seat: int, picture: bool = True) -> None:
        if not self.turn_events:
            return
        self.lines.append(turn_sentence(seat, self.turn_events, self.names))
        self.turn_number += 1
        if picture:
            image = self.pictures["render_table"](public_observation(state), self.names, last_events=self.turn_events)
            self._save(f"turn_{self.turn_number:04d}.png", image)
        self.turn_events = []

    def _round_over(self, state: MatchState) -> None:
        result = state.results[-1]
        totals = [sum(r.scores[s] for r in state.results) for s in range(state.num_seats)]
        self.lines.extend(reveal_lines(result, self.names, totals))
        image = self.pictures["render_reveal"](result, self.names, totals, penalty=state.settings.penalty)
        self._save(f"round_{result.number:02d}_reveal.png", image)

    def finish(self, state: MatchState) -> None:
        """The final standings, then write transcript.txt."""
        winners = observe(state, None).winners
        ranked = sorted(range(state.num_seats), key=lambda s: state.totals[s])
        self.lines.append("\nFinal standings:")
        self.lines.extend(f"  {self.names[s]}: {state.totals[s]}" for s in ranked)
        self.lines.append("Winner: " + " and ".join(self.names[s] for s in winners) + ".")
        image = self.pictures["render_standings"](state.totals, self.names, winners, state.results)
        self._save("standings.png", image)
        (self.out / "transcript.txt").write_text("\n".join(self.lines).lstrip("\n") + "\n", encoding="utf-8")

    def _save(self, name: str, image: Any) -> None:
        (self.out / name).write_bytes(self.pictures["encode_png"](image))


def load_pictures() -> dict[str, Callable[..., Any]]:
    """Dreamcats' drawing functions (images.dreamcats): the table, a round's reveal, the standings, and the PNG."""
    from images import dreamcats as drawn  # only when a demo is written: the other commands need no Pillow loaded

    return {name: getattr(drawn, name) for name in ("render_table", "render_reveal", "render_standings", "encode_png")}


def run_demo(out: Path, seats: int, seed: int, names: Sequence[str], settings: MatchSettings,
             pictures: dict[str, Callable[..., Any]]) -> MatchState:
    """Play one computer-only match and write it into `out`; returns the finished match."""
    strengths = [names[s % len(names)] for s in range(seats)]
    players: list[Player] = [get_player(n) for n in strengths]
    labels = [f"Seat {s + 1} ({strengths[s]})" for s in range(seats)]
    rngs = [random.Random(f"demo:{seed}:{s}") for s in range(seats)]
    state = new_match(seats, settings, random.Random(f"demo:{seed}"), starter=0)
    recorder = Recorder(out, labels, pictures)
    recorder.lines.append(f"Dreamcats demo: {seats} computer players, seed {seed}, play to {settings.point_limit}.")
    recorder.lines.append(f"\nRound 1 begins; {labels[0]} plays first.")
    while not state.over:
        waiting = [s for s in range(seats) if not state.round.peeked[s]]
        seat = waiting[0] if waiting else state.round.turn
        action = players[seat](observe(state, seat), legal_actions(state, seat), rngs[seat])
        recorder.act(state, seat, apply_action(state, action))
    recorder.finish(state)
    return state


GAMES = ("dreamcats", "dream21", "catduel")


def main(argv: Sequence[str]) -> int:
    """Play the demo match and say where it went (`--game dream21`: bot.demo21)."""
    chooser = argparse.ArgumentParser(add_help=False)
    chooser.add_argument("--game", choices=GAMES, default="dreamcats")
    chosen, rest = chooser.parse_known_args(list(argv))
    if chosen.game == "dream21":
        from bot.demo21 import main as dream21_main

        return dream21_main(rest)
    if chosen.game == "catduel":
        from bot.demo_catduel import main as catduel_main

        return catduel_main(rest)
    parser = argparse.ArgumentParser(prog="dreamcats demo", description="Play one computer-only match to a folder.")
    parser.add_argument("--game", choices=GAMES, default="dreamcats", help="the game (default dreamcats)")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write into")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", default="hard,normal,easy", help="cycled over the seats")
    parser.add_argument("--points", type=int, default=100, help="the point limit")
    args = parser.parse_args(list(argv))
    try:
        settings = MatchSettings(point_limit=args.points).validated()
        if not 2 <= args.seats <= 5:
            raise ArenaUsageError("Dreamcats needs 2 to 5 seats.")
        names = args.players.split(",")
        for name in names:
            get_player(name)
        make_out(args.out)
    except (UnknownPlayerError, SettingsError, ArenaUsageError, DemoFolderError) as exc:
        print(f"dreamcats demo: {exc}", file=sys.stderr)
        return 2
    run_demo(args.out, args.seats, args.seed, names, settings, load_pictures())
    print(f"Wrote pictures and a transcript to {args.out}")
    return 0
