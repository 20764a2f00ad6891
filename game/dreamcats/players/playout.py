"""A sampled deal played on to the end of the round by sharp-like seats: what playing on instead of calling now brings.

From the start of the observing seat's turn (it does not call now), every seat, the observer included, plays
sharp's card play on points alone: it takes the discard when that beats a draw's expected gain, else draws and keeps
the card in place of its worst when lower (a special card counts its points; no power is used). At the start of each
later turn a seat calls Wake up! by sharp's rule: its own estimate (known cards, the unseen mean for the others) at
most 10 − ½ × its turns (8 at 4–5 seats) and 3 below its reading of every other dream from what the table saw (a
card kept from the draw 2.5, one taken from the discard its face value, any other the unseen mean). The round ends at
a call or when a turn ends with the draw pile empty (RULES.md §6).
"""

from __future__ import annotations

import random

from game.dreamcats.actions import Slot
from game.dreamcats.cards import DREAM_SIZE, POINTS
from game.dreamcats.events import EventKind
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import unseen_cards
from game.dreamcats.players.history import swap_marks, turns_taken
from game.dreamcats.players.sharp import KEPT_VALUE, SHARP_RULE

KEPT = -1.0  # the public mark of a card its owner drew and kept: the others read it as KEPT_VALUE
MAX_TURNS = 80  # a play-out longer than any round: a pile of 54 cards runs dry first


def public_marks(obs: Observation) -> dict[Slot, float]:
    """Per dream slot, what every seat saw go there: the face value of a card taken from the discard, or KEPT."""
    marks: dict[Slot, float] = {}
    for event in obs.history:
        if event.kind is EventKind.TOOK_DISCARD:
            marks[event.slots[0]] = float(POINTS[event.cards[0]])
        elif event.kind is EventKind.SWAPPED_IN:
            marks[event.slots[0]] = KEPT
        elif event.kind is EventKind.USED_SWAP:
            swap_marks(marks, *event.slots)
    return marks


def playout_rng(obs: Observation) -> random.Random:
    """A generator for one weighing's play-outs, from the observation alone: the seat's own stream stays as it was,
    so that two players differing only in their play-outs draw the same sampled deals."""
    return random.Random(f"{obs.round_number}:{len(obs.history)}:{obs.seat}:{obs.totals}")


class Playout:
    """The fixed part of one weighing: who knows which own card, the table's marks, the turns, the unseen cards."""

    def __init__(self, obs: Observation, seat: int) -> None:
        self.seat, self.seats = seat, obs.num_seats
        self.pool = [POINTS[card] for card in unseen_cards(obs)]
        self.mean = sum(self.pool) / len(self.pool) if self.pool else 4.5
        marks = public_marks(obs)
        self.marks = [[marks.get(Slot(s, p)) for p in range(DREAM_SIZE)] for s in range(self.seats)]
        self.knows = [[Slot(s, p) in (obs.known if s == seat else obs.known_slots[s]) for p in range(DREAM_SIZE)]
                      for s in range(self.seats)]
        self.turns = [turns_taken(obs, s) for s in range(self.seats)]
        self.start = SHARP_RULE.start if self.seats <= 3 else SHARP_RULE.crowded
        self.top = POINTS[obs.discard_top] if obs.discard_pile else 9
        self._gains: dict[float, float] = {}

    def draw_gain(self, worst: float) -> float:
        """The expected cats a draw saves when the worst own card is worth `worst`."""
        if worst not in self._gains:
            pool = self.pool
            self._gains[worst] = sum(max(0.0, worst - u) for u in pool) / len(pool) if pool else 0.0
        return self._gains[worst]

    def reading(self, marks: list[float | None]) -> float:
        """Another seat's reading of a dream from what the table saw go into it."""
        return sum(KEPT_VALUE if m == KEPT else self.mean if m is None else m for m in marks)

    def play(self, dreams: list[list[int]], left: list[int], rng: random.Random) -> tuple[int | None, list[int]]:
        """Play a deal (every dream's points, the draw pile's points in any order) on from the start of the seat's
        turn without a call now: the caller (None when the pile ran dry) and every dream's final sum."""
        dreams, knows, marks = [list(d) for d in dreams], [list(k) for k in self.knows], [list(m) for m in self.marks]
        turns, pile, top, seat = list(self.turns), list(left), self.top, self.seat
        rng.shuffle(pile)
        for turn in range(MAX_TURNS):
            own = [dreams[seat][p] if knows[seat][p] else self.mean for p in range(DREAM_SIZE)]
            if turn and self._calls(seat, sum(own), turns[seat], marks):
                return seat, [sum(d) for d in dreams]
            position = max(range(DREAM_SIZE), key=lambda p: (own[p], knows[seat][p]))
            worst = own[position]
            if top < worst and worst - top > self.draw_gain(worst):
                card, mark = top, float(top)
            elif not pile:
                break
            else:
                card, mark = pile.pop(), KEPT
                if card >= worst:
                    top, card = card, -1  # thrown away: it lies on the discard
            if card >= 0:
                top, dreams[seat][position] = dreams[seat][position], card
                knows[seat][position], marks[seat][position] = True, mark
            turns[seat] += 1
            if not pile:
                break
            seat = (seat + 1) % self.seats
        return None, [sum(d) for d in dreams]

    def _calls(self, seat: int, estimate: float, turns: int, marks: list[list[float | None]]) -> bool:
        if estimate > self.start - SHARP_RULE.per_turn * turns:
            return False
        lowest = min(self.reading(marks[s]) for s in range(self.seats) if s != seat)
        return estimate + SHARP_RULE.lead <= lowest


__all__ = ["KEPT", "Playout", "playout_rng", "public_marks"]
