"""Easy slips now and then, but is never silly: it never swaps out a card it knows to be low for a higher one."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.dreamcats import (
    Action,
    MatchSettings,
    Observation,
    Slot,
    SwapDrawn,
    TakeDiscard,
    apply_action,
    legal_actions,
    new_match,
    observe,
)
from game.dreamcats.players import choose
from tests.game.test_players import acting_seat


def gives_up_a_known_lower_card(obs: Observation, action: Action) -> bool:
    """Whether the action puts a known card in place of a card the seat knows to be lower."""
    match action:
        case SwapDrawn(seat=seat, position=p) if obs.holding is not None:
            incoming = obs.holding
        case TakeDiscard(seat=seat, position=p):
            incoming = obs.discard_top
        case _:
            return False
    there = obs.known.get(Slot(seat, p))
    return there is not None and there.points < incoming.points


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=4), st.integers(min_value=0, max_value=2**32))
def test_easy_never_swaps_a_known_low_card_for_a_known_high_one(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_match(seats, MatchSettings(point_limit=30), rng)
    decisions = 0
    while not state.over:
        seat = acting_seat(state)
        view = observe(state, seat)
        action = choose("easy", view, legal_actions(state, seat), rng)
        assert not gives_up_a_known_lower_card(view, action), (action, dict(view.known), view.holding)
        decisions += 1
        apply_action(state, action)
    assert decisions > seats


def test_the_check_itself_spots_a_silly_swap() -> None:
    from game.dreamcats import Draw
    from tests.game.support import C, play, rigged

    state = rigged([[0, 1, 5, 5], [5, 6, 7, 8]], draw=[9, 9])
    play(state, Draw(0))
    view = observe(state, 0)
    assert gives_up_a_known_lower_card(view, SwapDrawn(0, 0))
    assert not gives_up_a_known_lower_card(view, SwapDrawn(0, 2)) and view.holding is C.NINE
