"""Where the cards of a seat's initial peek lie now, read from the round's public history alone."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.dreamcats import Draw, InitialPeek, MatchSettings, Slot, SwapDrawn, UseSwap, apply_action, new_match, observe
from game.dreamcats.tracking import initial_peek_now
from tests.game.support import C, play, random_action, rigged


def test_a_peeked_card_is_followed_through_swap_two_and_dropped_when_replaced() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, C.SWAP_2, 9, 9], peek=False)
    play(state, InitialPeek(0, (0, 1)), InitialPeek(1, (2, 3)))
    assert initial_peek_now(observe(state, 0).history, 0) == (Slot(0, 0), Slot(0, 1))
    play(state, Draw(0), SwapDrawn(0, 1))  # the peeked 2 goes face up on the discard pile
    play(state, Draw(1), UseSwap(1, Slot(0, 0), Slot(1, 1)))  # the peeked 1 now lies in seat 1's dream
    assert initial_peek_now(observe(state, 0).history, 0) == (Slot(1, 1),)
    assert observe(state, 0).known[Slot(1, 1)] == C.ONE
    assert initial_peek_now(observe(state, 1).history, 1) == (Slot(1, 2), Slot(1, 3))


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=2, max_value=5), st.integers(min_value=0, max_value=2**32))
def test_where_the_peeked_cards_lie_the_seat_knows_them_and_they_are_the_cards_it_saw(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_match(seats, MatchSettings(fixed_rounds=1), rng)
    seen: list[Counter[C]] = [Counter() for _ in range(seats)]
    while not state.over:
        before = state.round.number
        action = random_action(state, rng, 0.02)
        if isinstance(action, InitialPeek):
            dream = state.round.dreams[action.seat]
            seen[action.seat] = Counter(dream[p] for p in action.positions)
        apply_action(state, action)
        if state.over or state.round.number != before:
            break
        for seat in range(seats):
            view = observe(state, seat)
            now = initial_peek_now(view.history, seat)
            assert all(slot in view.known for slot in now)
            assert not Counter(view.known[slot] for slot in now) - seen[seat]
