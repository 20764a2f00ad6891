"""The round's public history in every observation (RULES.md §4: everything a seat does is public)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.dreamcats import (
    Draw,
    Event,
    EventKind,
    MatchSettings,
    Slot,
    SwapDrawn,
    UseSwap,
    apply_action,
    match_from_dict,
    match_to_dict,
    new_match,
    observe,
)
from game.dreamcats.players.history import handed_to, kept_from_draw, turns_taken
from game.dreamcats.serialize import FORMAT_VERSION
from tests.game.support import C, play, random_action, rigged
from tests.game.test_players import shuffle_hidden

RNGS = st.integers(min_value=0, max_value=2**32).map(random.Random)
MARKS = {EventKind.ROUND_STARTED, EventKind.ROUND_ENDED, EventKind.MATCH_ENDED}


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=2, max_value=5), RNGS, st.sampled_from([0.0, 0.05]))
def test_history_is_the_rounds_public_events_and_hides_nothing(seats: int, rng: random.Random, wake: float) -> None:
    state = new_match(seats, MatchSettings(point_limit=30), rng)
    seen: list[Event] = []  # the test's own record: public events since the round began
    while not state.over:
        round_number = state.round.number
        events = apply_action(state, random_action(state, rng, wake))
        if state.round.number != round_number:
            seen = []
            continue
        seen.extend(e for e in events if e.is_public and e.kind not in MARKS)
        views = [observe(state, viewer) for viewer in (*range(seats), None)]
        assert all(view.history == tuple(seen) for view in views)
        assert all(e.private_to is None and e.kind not in MARKS for e in views[0].history)
        viewer = rng.randrange(seats)
        twin, _ = shuffle_hidden(state, viewer, rng)
        assert observe(twin, viewer).history == views[viewer].history


def test_history_names_who_did_what_where_but_not_the_drawn_card() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[0, 9, 9, 9])
    play(state, Draw(0), SwapDrawn(0, 3))
    history = observe(state, 1).history
    assert [e.kind for e in history] == [EventKind.INITIAL_PEEK, EventKind.INITIAL_PEEK, EventKind.DREW,
                                         EventKind.SWAPPED_IN]
    assert history[-1].slots == (Slot(0, 3),) and history[-1].cards == (C.FOUR,)  # the 4 went face up, not the 0
    assert C.ZERO not in {card for event in history for card in event.cards}
    assert observe(state, 0).history == history


def test_kept_cards_follow_swap_two_and_turns_are_counted() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[0, C.SWAP_2, 9, 9])
    play(state, Draw(0), SwapDrawn(0, 3), Draw(1), UseSwap(1, Slot(0, 3), Slot(1, 1)))
    view = observe(state, 1)
    assert kept_from_draw(view) == {Slot(1, 1): 0}
    assert (turns_taken(view, 0), turns_taken(view, 1)) == (1, 1)


def test_a_card_a_rival_hands_over_with_swap_two_is_marked_with_whether_it_knew_the_card() -> None:
    state = rigged([[1, 2, 3, 4], [9, 6, 7, 8]], draw=[C.SWAP_2, C.SWAP_2, C.SWAP_2, 0, 9, 9], starter=1)
    play(state, Draw(1), UseSwap(1, Slot(1, 0), Slot(0, 2)))  # its known 9 into seat 0's slot 2
    assert handed_to(observe(state, 0), 0) == {Slot(0, 2): True}
    assert handed_to(observe(state, 1), 1) == {}  # the 3 it took is not marked for it
    play(state, Draw(0), UseSwap(0, Slot(0, 2), Slot(0, 3)))  # the mark follows the card
    play(state, Draw(1), UseSwap(1, Slot(1, 2), Slot(0, 0)))  # a card it never saw
    assert handed_to(observe(state, 0), 0) == {Slot(0, 3): True, Slot(0, 0): False}
    play(state, Draw(0), SwapDrawn(0, 3))  # the handed card is gone to the discard pile
    assert handed_to(observe(state, 0), 0) == {Slot(0, 0): False}


def test_history_survives_json_and_a_format_1_match_gets_it_back_by_replay() -> None:
    rng = random.Random(5)
    state = new_match(3, MatchSettings(), rng)
    for _ in range(40):
        apply_action(state, random_action(state, rng, 0.0))
    assert state.round.history
    data = match_to_dict(state)
    assert data["format"] == FORMAT_VERSION == 2
    assert match_from_dict(data) == state
    del data["round"]["history"]
    data["format"] = 1
    assert match_from_dict(data).round.history == state.round.history
