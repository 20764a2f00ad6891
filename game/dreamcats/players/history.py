"""What a seat can read from the round's public history: whose drawn cards went where, and how many turns it took."""

from __future__ import annotations

from typing import TypeVar

from game.dreamcats.actions import Slot
from game.dreamcats.events import Event, EventKind
from game.dreamcats.observation import Observation

T = TypeVar("T")
TURN_OPENERS = frozenset({EventKind.TOOK_DISCARD, EventKind.DREW})  # every turn but a Wake up! opens with one


def kept_from_draw(obs: Observation) -> dict[Slot, int]:
    """The dream slots holding a card that a seat drew and kept (only it saw the card), and that seat.

    The card's origin moves with it when Swap 2 exchanges it; a card taken face up from the discard is no secret.
    """
    kept: dict[Slot, int] = {}
    for event in obs.history:
        if event.kind is EventKind.SWAPPED_IN and event.seat is not None:
            kept[event.slots[0]] = event.seat
        elif event.kind is EventKind.TOOK_DISCARD:
            kept.pop(event.slots[0], None)
        elif event.kind is EventKind.USED_SWAP:
            swap_marks(kept, *event.slots)
    return kept


def swap_marks(marks: dict[Slot, T], first: Slot, second: Slot) -> None:
    """Swap 2 moved the cards in the two slots: so does whatever is noted about them."""
    a, b = marks.pop(first, None), marks.pop(second, None)
    if a is not None:
        marks[second] = a
    if b is not None:
        marks[first] = b


def turns_taken(obs: Observation, seat: int) -> int:
    """How many turns the seat has begun this round (at the start of a turn: how many it has played)."""
    return sum(1 for event in obs.history if event.seat == seat and event.kind in TURN_OPENERS)


def card_origins(obs: Observation) -> dict[Slot, tuple[bool, int]]:
    """Per dream slot whose card a seat chose to keep, that seat and whether it drew the card (else looked at it).

    The origin moves with the card under Swap 2, except for the card the swapper hands away from its own dream:
    that one it chose to give up, not to keep.
    """
    origins: dict[Slot, tuple[bool, int]] = {}
    for event in obs.history:
        seat = event.seat
        if seat is None:
            continue
        if event.kind is EventKind.INITIAL_PEEK:
            origins.update((slot, (False, seat)) for slot in event.slots)
        elif event.kind is EventKind.USED_PEEK and event.slots[0].seat == seat:
            origins.setdefault(event.slots[0], (False, seat))
        elif event.kind is EventKind.SWAPPED_IN:
            origins[event.slots[0]] = (True, seat)
        elif event.kind is EventKind.TOOK_DISCARD:
            origins.pop(event.slots[0], None)
        elif event.kind is EventKind.USED_SWAP:
            first, second = event.slots
            a, b = origins.pop(first, None), origins.pop(second, None)
            if b is not None and not (second.seat == seat != first.seat):
                origins[first] = b
            if a is not None and not (first.seat == seat != second.seat):
                origins[second] = a
    return origins


def handed_to(obs: Observation, seat: int) -> dict[Slot, bool]:
    """The seat's slots holding a card that a rival handed it from the rival's own dream with Swap 2, each with
    whether that rival knew the card then (it gives away its worst card: one it knew is likely high).

    The mark moves with the card under a later Swap 2 and goes when the card leaves the dreams.
    """
    handed: dict[Slot, bool] = {}
    knows: list[set[Slot]] = [set() for _ in range(obs.num_seats)]
    for event in obs.history:
        actor, kind = event.seat, event.kind
        if actor is None:
            continue
        if kind in (EventKind.SWAPPED_IN, EventKind.TOOK_DISCARD):
            handed.pop(event.slots[0], None)
        elif kind is EventKind.USED_SWAP:
            first, second = event.slots
            swap_marks(handed, first, second)
            if actor != seat and {first.seat, second.seat} == {actor, seat}:
                given, received = (first, second) if first.seat == actor else (second, first)
                handed[received] = given in knows[actor]
        note_knowledge(knows, event)
    return handed


def note_knowledge(knows: list[set[Slot]], event: Event) -> None:
    """Who knows which slot's card after a public event (knows[seat]: the slots whose card that seat has seen).

    A peek shows the peeker; a card swapped in from a draw is known only to its new owner; a card taken from the
    discard pile was face up, so everyone knows it; Swap 2 moves what each seat knows with the cards.
    """
    actor, kind = event.seat, event.kind
    if actor is None:
        return
    if kind is EventKind.INITIAL_PEEK:
        knows[actor].update(event.slots)
    elif kind is EventKind.USED_PEEK:
        knows[actor].add(event.slots[0])
    elif kind is EventKind.SWAPPED_IN:
        for known in knows:
            known.discard(event.slots[0])
        knows[actor].add(event.slots[0])
    elif kind is EventKind.TOOK_DISCARD:
        for known in knows:
            known.add(event.slots[0])
    elif kind is EventKind.USED_SWAP:
        swap_known(knows, *event.slots)


def swap_known(knows: list[set[Slot]], first: Slot, second: Slot) -> None:
    """Swap 2 moved the two cards: whoever knew one of them now knows it in the other slot."""
    for known in knows:
        had_first, had_second = first in known, second in known
        known.discard(first)
        known.discard(second)
        if had_first:
            known.add(second)
        if had_second:
            known.add(first)
