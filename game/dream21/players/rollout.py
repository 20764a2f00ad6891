"""Fast play-outs of the rest of a hand, on card values only, for the hard player's look-ahead.

The unseen cards are dealt at random to the other seats and the pile (a determinization); every seat then
plays the plain policy: make 21 if it can, draw when it must, shed its highest card, keep aces for last.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.dream21.cards import ACE_HIGH, TARGET

MAX_STEPS = 200  # a play-out is cut here and scored as it stands (a hand lasts well under 100 plays)


@dataclass(slots=True)
class Table:
    """A hand reduced to values (ace 1): hands, the pile (top last), the trick total and the tricks taken."""

    hands: list[list[int]]
    pile: list[int]
    total: int
    turn: int
    tricks: list[int]
    out: int | None = None

    def copy(self) -> Table:
        """An independent copy."""
        return Table([list(h) for h in self.hands], list(self.pile), self.total, self.turn, list(self.tricks))


def deal_unseen(mine: Sequence[int], seat: int, sizes: Sequence[int], unseen: list[int], rng: random.Random,
                total: int, turn: int, tricks: Sequence[int]) -> Table:
    """One guess at the hidden cards: the unseen values shuffled into the other hands, the rest the pile."""
    cards = list(unseen)
    rng.shuffle(cards)
    hands: list[list[int]] = []
    for s, size in enumerate(sizes):
        if s == seat:
            hands.append(list(mine))
        else:
            hands.append(cards[:size])
            del cards[:size]
    return Table(hands, cards, total, turn, list(tricks))


def play(table: Table, seat: int, value: int, counted: int) -> None:
    """The seat plays a card of this value counting `counted`; the trick and the turn move on."""
    n = len(table.hands)
    table.hands[seat].remove(value)
    table.total += counted
    made_21 = table.total == TARGET
    if made_21:
        table.tricks[(seat - 1) % n] += 1
        table.total = 0
    if not table.hands[seat]:
        table.out = seat
        return
    table.turn = seat if made_21 else (seat + 1) % n


def finish(table: Table) -> Table:
    """Play the hand out with the plain policy for every seat."""
    n = len(table.hands)
    for _ in range(MAX_STEPS):
        if table.out is not None:
            break
        seat, hand = table.turn, table.hands[table.turn]
        if table.total == 0:
            lead = max(hand, key=_shed_order)
            play(table, seat, lead, lead)
            continue
        gap = TARGET - table.total
        exact = _exact(hand, gap)
        if exact is None and table.pile:
            hand.append(table.pile.pop())
            exact = _exact(hand, gap)
        if exact is not None:
            play(table, seat, exact, gap)
            continue
        fitting = [v for v in hand if v <= gap]
        if not fitting:
            table.tricks[seat] += 1  # stuck: takes the trick, the seat to its right leads
            table.total = 0
            table.turn = (seat - 1) % n
            continue
        card = max(fitting, key=_shed_order)
        play(table, seat, card, card)
    return table


def _exact(hand: list[int], gap: int) -> int | None:
    if gap in hand and gap <= 10:
        return gap
    if gap == ACE_HIGH and 1 in hand:
        return 1
    return None


def _shed_order(value: int) -> tuple[bool, int]:
    return (value != 1, value)


def seat_result(table: Table, seat: int) -> float:
    """The seat's hand score against the others' average (higher is better for the seat)."""
    scores = hand_scores(table.tricks, table.out)
    others = [score for s, score in enumerate(scores) if s != seat]
    return sum(others) / len(others) - scores[seat]


def hand_scores(tricks: Sequence[int], out: int | None) -> list[int]:
    """Each seat's hand score: its tricks above those of the seat that went out (else the fewest); 0 for that seat."""
    base = min(tricks) if out is None else tricks[out]
    return [0 if s == out else max(0, t - base) for s, t in enumerate(tricks)]


def duel_finish(hands: tuple[list[int], list[int]], pile: list[int], total: int, turn: int,
                tricks: list[int]) -> int:
    """`finish` for two seats, about three times faster: plays on in place, returns the seat out (-1: none).

    The plain policy sheds the highest fitting value, which is a non-ace whenever one fits.
    """
    for _ in range(MAX_STEPS):
        hand = hands[turn]
        if total == 0:
            lead = max(hand)
            hand.remove(lead)
            if not hand:
                return turn
            total, turn = lead, turn ^ 1
            continue
        gap = TARGET - total
        made = gap if gap <= 10 and gap in hand else 1 if gap == ACE_HIGH and 1 in hand else 0
        if not made and pile:
            card = pile.pop()
            hand.append(card)
            made = card if card == gap or (gap == ACE_HIGH and card == 1) else 0
        if made:
            hand.remove(made)
            tricks[turn ^ 1] += 1
            total = 0
            if not hand:
                return turn
            continue
        best = 0
        for value in hand:
            if best < value <= gap:
                best = value
        if not best:
            tricks[turn] += 1  # stuck: takes the trick, the other seat leads
            total, turn = 0, turn ^ 1
            continue
        hand.remove(best)
        if not hand:
            return turn
        total, turn = total + best, turn ^ 1
    return -1
