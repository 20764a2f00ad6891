"""A sampled deal played on to the end of the round by sharp-like seats: what playing on instead of calling now brings.

From the start of the observing seat's turn (it does not call now), every seat, the observer included, plays as
sharp does (game.dreamcats.players.sharp), on points: it takes the discard when that beats a draw's expected gain,
else draws and keeps the card in place of its worst when lower, or uses a drawn special card's power when that
saves more: Take 2 (worth 1.6 draws) keeps the lower of the next two cards; Peek 1 (worth 1.5 cats) shows the seat
one of its own unknown cards; Swap 2 hands its worst card for the lowest-read card of the lowest-read rival, when
that gains more than keeping the card. A sampled pile holds points only, so a drawn 5, 6 or 7 is the special card of
those points with the chance that an unseen card of those points is one. At the start of each later turn a seat
calls Wake up! by sharp's rule: its own estimate (known cards, the unseen mean for the others) at most
10 − ½ × its turns (8 at 4–5 seats) and 3 below its reading of every other dream from what the table saw (a card kept
from the draw 2.5, one taken from the discard its face value, any other the unseen mean). The round ends at a call
or when a turn ends with the draw pile empty (RULES.md §6).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.dreamcats.actions import Slot
from game.dreamcats.cards import DREAM_SIZE, POINTS, SPECIALS, Card
from game.dreamcats.events import EventKind
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import unseen_cards
from game.dreamcats.players.history import swap_marks, turns_taken
from game.dreamcats.players.sharp import KEPT_VALUE, PEEK_OWN, SHARP_RULE, TAKE2_FACTOR

KEPT = -1.0  # the public mark of a card its owner drew and kept: the others read it as KEPT_VALUE
MAX_TURNS = 80  # a play-out longer than any round: a pile of 54 cards runs dry first
POWERS = {POINTS[card]: card for card in SPECIALS}  # 5: Take 2, 6: Peek 1, 7: Swap 2


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


def power_chances(obs: Observation) -> dict[int, float]:
    """Per points of a special card (5, 6, 7), the chance that an unseen card of those points is the special one."""
    return _chances(unseen_cards(obs))


def _chances(unseen: Sequence[Card]) -> dict[int, float]:
    chances = {}
    for points, special in POWERS.items():
        alike = sum(1 for card in unseen if POINTS[card] == points)
        chances[points] = sum(1 for card in unseen if card is special) / alike if alike else 0.0
    return chances


@dataclass(slots=True)
class Table:
    """One play-out's round as it goes: dreams and pile in points, who knows which own card, the table's marks."""

    dreams: list[list[int]]
    knows: list[list[bool]]
    marks: list[list[float | None]]
    turns: list[int]
    pile: list[int]
    top: int

    def put(self, seat: int, position: int, card: int, mark: float) -> None:
        """The card goes into the dream, seen by its owner; the one it replaces goes on the discard pile."""
        self.top, self.dreams[seat][position] = self.dreams[seat][position], card
        self.knows[seat][position], self.marks[seat][position] = True, mark

    def swap(self, first: Slot, second: Slot) -> None:
        """Swap 2 between two slots: marks move with their cards; a card is known to its new owner when marked."""
        a, b = self.marks[first.seat][first.position], self.marks[second.seat][second.position]
        d = self.dreams
        d[first.seat][first.position], d[second.seat][second.position] = (
            d[second.seat][second.position], d[first.seat][first.position])
        self.marks[first.seat][first.position], self.marks[second.seat][second.position] = b, a
        self.knows[first.seat][first.position] = b is not None and b != KEPT
        self.knows[second.seat][second.position] = a is not None and a != KEPT

    def sums(self) -> list[int]:
        """Every dream's sum."""
        return [sum(dream) for dream in self.dreams]


class Playout:
    """The fixed part of one weighing: who knows which own card, the table's marks, the turns, the unseen cards;
    without `powers`, every drawn card counts its points alone (no power is used)."""

    def __init__(self, obs: Observation, seat: int, powers: bool = True) -> None:
        self.seat, self.seats = seat, obs.num_seats
        unseen = unseen_cards(obs)
        self.pool = [POINTS[card] for card in unseen]
        self.mean = sum(self.pool) / len(self.pool) if self.pool else 4.5
        self.powers = _chances(unseen) if powers else {}  # without: every card counts its points alone
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
        return sum(self.read(m) for m in marks)

    def read(self, mark: float | None) -> float:
        """Another seat's reading of one card from what the table saw go there."""
        return KEPT_VALUE if mark == KEPT else self.mean if mark is None else mark

    def play(self, dreams: list[list[int]], left: list[int], rng: random.Random) -> tuple[int | None, list[int]]:
        """Play a deal (every dream's points, the draw pile's points in any order) on from the start of the seat's
        turn without a call now: the caller (None when the pile ran dry) and every dream's final sum."""
        table = self.table(dreams, left)
        rng.shuffle(table.pile)
        return self.run(table, self.seat, rng, first_calls=False)

    def table(self, dreams: list[list[int]], left: list[int]) -> Table:
        """A deal laid out as the table stands now (own copies of its lists): dreams and pile in points, the draw
        pile in the order given."""
        return Table([list(d) for d in dreams], [list(k) for k in self.knows], [list(m) for m in self.marks],
                      list(self.turns), list(left), self.top)

    def run(self, table: Table, seat: int, rng: random.Random, first_calls: bool) -> tuple[int | None, list[int]]:
        """Play the table on from the start of `seat`'s turn (a call then only with `first_calls`): the caller (None
        when the pile ran dry) and every dream's final sum."""
        for turn in range(MAX_TURNS):
            own = [table.dreams[seat][p] if table.knows[seat][p] else self.mean for p in range(DREAM_SIZE)]
            if (turn or first_calls) and self._calls(seat, sum(own), table.turns[seat], table.marks):
                return seat, table.sums()
            position = max(range(DREAM_SIZE), key=lambda p: (own[p], table.knows[seat][p]))
            worst = own[position]
            if table.top < worst and worst - table.top > self.draw_gain(worst):
                table.put(seat, position, table.top, float(table.top))
            elif not table.pile:
                break
            else:
                self._draw(table, Slot(seat, position), worst, rng)
            table.turns[seat] += 1
            if not table.pile:
                break
            seat = (seat + 1) % self.seats
        return None, table.sums()

    def _draw(self, table: Table, worst_slot: Slot, worst: float, rng: random.Random) -> None:
        """Draw and keep the card in place of the worst own card, throw it away, or use its power: whatever saves
        most by sharp's reckoning."""
        card = table.pile.pop()
        power = POWERS[card] if card in self.powers and rng.random() < self.powers[card] else None
        table.top = card  # thrown away or used: the card lies on the discard pile, unless kept below
        saved = worst - card
        best = max(saved, 0.0)  # keeping the card, or throwing it away
        if power is Card.TAKE_2 and TAKE2_FACTOR * self.draw_gain(worst) > best:
            self._take_two(table, worst_slot, worst)
        elif power is Card.PEEK_1 and not all(table.knows[worst_slot.seat]) and PEEK_OWN > best:
            table.knows[worst_slot.seat][table.knows[worst_slot.seat].index(False)] = True
        elif power is Card.SWAP_2 and (target := self._swap_target(table, worst_slot.seat, worst, best)):
            table.swap(worst_slot, target)
        elif saved > 0:
            table.put(worst_slot.seat, worst_slot.position, card, KEPT)

    def _take_two(self, table: Table, worst_slot: Slot, worst: float) -> None:
        """Take 2: the lower of the next two cards is kept in place of the worst when lower, the other thrown away."""
        drawn = [table.pile.pop() for _ in range(min(2, len(table.pile)))]
        if not drawn:
            return
        kept = min(drawn)
        if len(drawn) == 2:
            table.top = max(drawn)
        if kept < worst:
            table.put(worst_slot.seat, worst_slot.position, kept, KEPT)
        else:
            table.top = kept

    def _swap_target(self, table: Table, seat: int, worst: float, best: float) -> Slot | None:
        """Swap 2's target: the lowest-read card of the lowest-read rival, when handing it the worst card gains
        more than keeping the drawn card would."""
        leader = min((s for s in range(self.seats) if s != seat), key=lambda s: self.reading(table.marks[s]))
        readings = [self.read(mark) for mark in table.marks[leader]]
        position = min(range(DREAM_SIZE), key=readings.__getitem__)
        return Slot(leader, position) if worst - readings[position] > best else None

    def _calls(self, seat: int, estimate: float, turns: int, marks: list[list[float | None]]) -> bool:
        if estimate > self.start - SHARP_RULE.per_turn * turns:
            return False
        lowest = min(self.reading(marks[s]) for s in range(self.seats) if s != seat)
        return estimate + SHARP_RULE.lead <= lowest


__all__ = ["KEPT", "Playout", "Table", "playout_rng", "power_chances", "public_marks"]
