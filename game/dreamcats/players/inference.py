"""What an opponent's public moves say about the cards it knows: an upper bound on the card in every dream slot.

A card-counting seat keeps a drawn card only when it beats its worst card (the card it gives up is then face up),
throws a drawn card away only when its known cards are all lower, and leaves a discard lying only when its worst
card is barely above it. Each of these caps the cards the seat knew at that moment; a cap follows its card when
Swap 2 moves it, and a fresh card in a slot starts a fresh cap.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.dreamcats.actions import Slot
from game.dreamcats.cards import COPIES, DREAM_SIZE, POINTS
from game.dreamcats.events import EventKind
from game.dreamcats.observation import Observation
from game.dreamcats.players.history import note_knowledge

OPEN_WORST = 5  # a seat with a card it has not seen takes that card for about the mean: its worst is at least this


def _draw_gain(worst: int) -> float:
    counts = [0] * 10
    for card, copies in COPIES.items():
        counts[POINTS[card]] += copies
    return sum(c * (worst - v) for v, c in enumerate(counts) if v < worst) / sum(counts)


# LEAVE_CAP[d]: the highest worst card of a seat that leaves a discard of d points lying (w - d <= draw gain of w).
LEAVE_CAP = tuple(max(w for w in range(10) if w - d <= _draw_gain(w) or w <= d) for d in range(10))


def slot_caps(obs: Observation, took_caps: bool = False) -> dict[Slot, int]:
    """Per dream slot, the highest points its card can have by what its owner did (9: nothing known)."""
    n = obs.num_seats
    caps = {Slot(s, p): 9 for s in range(n) for p in range(DREAM_SIZE)}
    knows: list[set[Slot]] = [set() for _ in range(n)]
    pile = [POINTS[obs.discard_pile[0]]] if obs.discard_pile else [9]
    held_cap = 9

    def cap_known(seat: int, bound: int, slots: Iterable[Slot] | None = None) -> None:
        for slot in knows[seat] if slots is None else slots:
            if slot.seat == seat:
                caps[slot] = min(caps[slot], bound)

    def open_slots(seat: int) -> bool:
        return any(Slot(seat, p) not in knows[seat] for p in range(DREAM_SIZE))

    for event in obs.history:
        seat, kind = event.seat, event.kind
        if seat is None:
            continue
        if kind is EventKind.DREW:
            cap_known(seat, max(LEAVE_CAP[pile[-1]], OPEN_WORST) if open_slots(seat) else LEAVE_CAP[pile[-1]])
            held_cap = 9
        elif kind is EventKind.KEPT:
            held_cap = POINTS[event.cards[0]]  # it kept the lower of the two
            pile.append(held_cap)
        elif kind is EventKind.DISCARDED:
            cap_known(seat, POINTS[event.cards[0]])
            pile.append(POINTS[event.cards[0]])
        elif kind is EventKind.SWAPPED_IN:
            slot, given = event.slots[0], POINTS[event.cards[0]]
            worst = given if slot in knows[seat] else OPEN_WORST
            cap_known(seat, worst)
            caps[slot] = min(worst, held_cap)
            pile.append(given)
        elif kind is EventKind.TOOK_DISCARD:
            slot = event.slots[0]
            if took_caps:  # it gave up its worst card, so its other known cards lie at or below that one
                cap_known(seat, POINTS[event.cards[1]] if slot in knows[seat] else OPEN_WORST)
            pile.pop()
            pile.append(POINTS[event.cards[1]])
            caps[slot] = POINTS[event.cards[0]]
        elif kind is EventKind.USED_PEEK:
            pile.append(POINTS[event.cards[0]])
        elif kind is EventKind.USED_SWAP:
            first, second = event.slots
            caps[first], caps[second] = caps[second], caps[first]
            pile.append(POINTS[event.cards[0]])
        elif kind is EventKind.USED_TAKE_TWO:
            pile.append(POINTS[event.cards[0]])
        note_knowledge(knows, event)
    return caps


@dataclass(frozen=True, slots=True)
class LastTurn:
    """A seat's own dream as it stood when its latest turn began: what it knew, and the cards it gave up since."""

    seat: int
    turns: int  # the turns it had played before that one
    knew: frozenset[int]  # own positions it knew then
    given: dict[int, int]  # position -> points of the card that lay there then (now face up)


def last_turns(obs: Observation) -> dict[int, LastTurn]:
    """Per seat that has had a turn this round, how its dream stood at the start of its latest turn."""
    n = obs.num_seats
    knows: list[set[Slot]] = [set() for _ in range(n)]
    turns = [0] * n
    found: dict[int, LastTurn] = {}
    for event in obs.history:
        seat, kind = event.seat, event.kind
        if seat is None:
            continue
        if kind in (EventKind.DREW, EventKind.TOOK_DISCARD):
            found[seat] = LastTurn(seat, turns[seat], frozenset(s.position for s in knows[seat] if s.seat == seat), {})
            turns[seat] += 1
        if kind in (EventKind.SWAPPED_IN, EventKind.TOOK_DISCARD):
            slot = event.slots[0]
            given = event.cards[0] if kind is EventKind.SWAPPED_IN else event.cards[1]
            if slot.seat in found:
                found[slot.seat].given.setdefault(slot.position, POINTS[given])
        elif kind is EventKind.USED_SWAP:
            for s in (event.slots[0].seat, event.slots[1].seat):
                found.pop(s, None)  # its dream moved under it: no snapshot to trust
        note_knowledge(knows, event)
    return found


__all__ = ["LEAVE_CAP", "LastTurn", "last_turns", "slot_caps"]
