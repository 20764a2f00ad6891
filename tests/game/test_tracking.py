"""Where the cards a seat looked at lie now, read from the round's public history alone."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.dreamcats import (
    Draw,
    EventKind,
    InitialPeek,
    MatchSettings,
    Slot,
    SwapDrawn,
    UseSwap,
    apply_action,
    new_match,
    observe,
)
from game.dreamcats.tracking import seen_since
from tests.game.support import C, play, random_action, rigged


def test_a_peeked_card_is_followed_through_swap_two_and_dropped_when_replaced() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, C.SWAP_2, 9, 9], peek=False)
    play(state, InitialPeek(0, (0, 1)), InitialPeek(1, (2, 3)))
    assert seen_since(observe(state, 0).history, 0) == (Slot(0, 0), Slot(0, 1))
    start = len(observe(state, 0).history)
    play(state, Draw(0), SwapDrawn(0, 1))  # the peeked 2 goes face up on the discard pile; the drawn 9 is seen
    play(state, Draw(1), UseSwap(1, Slot(0, 0), Slot(1, 1)))  # the peeked 1 now lies in seat 1's dream
    history = observe(state, 0).history
    assert seen_since(history, 0) == (Slot(1, 1), Slot(0, 1))
    assert seen_since(history, 0, start) == (Slot(0, 1),)  # only what it saw from then on: the 9 it kept
    assert observe(state, 0).known[Slot(1, 1)] == C.ONE and observe(state, 0).known[Slot(0, 1)] == C.NINE
    assert seen_since(observe(state, 1).history, 1) == (Slot(1, 2), Slot(1, 3))


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=2, max_value=5), st.integers(min_value=0, max_value=2**32))
def test_every_card_a_seat_saw_lies_where_the_seat_knows_it(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_match(seats, MatchSettings(fixed_rounds=1), rng)
    seen: list[Counter[C]] = [Counter() for _ in range(seats)]  # every card each seat looked at, by value
    while not state.over:
        before = state.round.number
        events = apply_action(state, random_action(state, rng, 0.02))
        if state.over or state.round.number != before:
            break
        for event in events:  # what a seat saw of a dream card: its private view of the event
            if event.private_to is not None and event.kind in (EventKind.INITIAL_PEEK, EventKind.USED_PEEK,
                                                               EventKind.SWAPPED_IN):
                kept = event.cards[1:] if event.kind is EventKind.SWAPPED_IN else event.cards  # (given, kept)
                seen[event.private_to].update(kept)
        for seat in range(seats):
            view = observe(state, seat)
            now = seen_since(view.history, seat)
            assert len(set(now)) == len(now) and all(slot in view.known for slot in now)
            assert not Counter(view.known[slot] for slot in now) - seen[seat]  # only cards it really saw
