"""Observations (RULES.md §5): what one seat or a spectator may see, and nothing more."""

from __future__ import annotations

import dataclasses

import pytest

from game.dreamcats import Card, DiscardDrawn, Draw, Slot, Step, UseTakeTwo, WakeUp, observe, public_observation
from game.errors import UnknownSeatError
from tests.game.support import C, play, rigged


def test_an_observation_shows_the_table_and_the_seats_own_knowledge() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8], [0, 0, 0, 0]], draw=[9, 3, 9], discard=[9, 4], starter=1)
    view = observe(state, 1)
    assert (view.seat, view.num_seats, view.round_number, view.starter, view.turn) == (1, 3, 1, 1, 1)
    assert (view.step, view.draw_count, view.discard_pile, view.discard_top) == (Step.START, 3, (9, 4), Card.FOUR)
    assert dict(view.known) == {Slot(1, 0): C.FIVE, Slot(1, 1): C.SIX}
    assert view.known_slots == tuple(frozenset({Slot(s, 0), Slot(s, 1)}) for s in range(3))
    assert view.peeked == (True, True, True) and view.my_turn
    assert (view.holding, view.options, view.option_count) == (None, (), 0)
    assert (view.totals, view.results, view.last_result) == ((0, 0, 0), (), None)
    assert (view.point_limit, view.penalty, view.fixed_rounds, view.over) == (100, 5, None, False)
    assert not observe(state, 0).my_turn and not public_observation(state).my_turn


def test_the_public_observation_is_a_spectators() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9])
    play(state, Draw(0))
    view = public_observation(state)
    assert view.seat is None and dict(view.known) == {} and view.holding is None
    assert view == observe(state, None)


def test_the_drawn_card_is_seen_only_by_the_drawer_until_it_lands_face_up() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.TAKE_2, 3, 8, 9])
    play(state, Draw(0))
    assert observe(state, 0).holding is C.TAKE_2 and observe(state, 1).holding is None
    play(state, UseTakeTwo(0))
    assert observe(state, 0).options == (C.THREE, C.EIGHT)
    assert observe(state, 1).options == () and public_observation(state).options == ()
    assert observe(state, 1).option_count == 2


def test_an_observation_cannot_be_changed() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9])
    view = observe(state, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.turn = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.known[Slot(1, 0)] = C.ZERO  # type: ignore[index]


def test_an_observation_is_a_snapshot() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9, 9])
    view = observe(state, 0)
    play(state, Draw(0), DiscardDrawn(0))
    assert view.turn == 0 and view.discard_pile == (C.ZERO,) and view.draw_count == 3


def test_finished_rounds_are_public() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9])
    play(state, Draw(0), DiscardDrawn(0))
    play(state, WakeUp(1))
    view = public_observation(state)
    assert view.last_result is not None and view.last_result.dreams == ((1, 2, 3, 4), (5, 6, 7, 8))
    assert view.totals == (10, 26 + 5)


def test_only_seats_at_the_table_can_observe() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 9])
    for seat in (-1, 2):
        with pytest.raises(UnknownSeatError):
            observe(state, seat)
