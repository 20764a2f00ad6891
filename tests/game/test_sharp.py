"""Sharp, the sparring partner of issue 11: its valuation, its Wake up! rule, its discards, Peek 1 and Swap 2."""

from __future__ import annotations

import random

import pytest

from game.dreamcats import (
    Action,
    DiscardDrawn,
    Draw,
    MatchState,
    Slot,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    WakeUp,
    legal_actions,
    observe,
)
from game.dreamcats.players import get_player
from game.dreamcats.players.sharp import KEPT_VALUE, sharp, sharp_view, wake_threshold
from tests.game.support import C, play, rigged

DECK_POINTS = 4 * sum(range(9)) + 9 * 9 + 3 * (5 + 6 + 7)


def pick(state: MatchState, seat: int = 0) -> Action:
    """Sharp's choice for the seat."""
    return sharp(observe(state, seat), legal_actions(state, seat), random.Random(0))


def know(state: MatchState, seat: int, *slots: Slot) -> None:
    """Let the seat know more slots."""
    for slot in slots:
        state.round.knowledge.see(seat, slot)


def test_an_unseen_card_is_worth_the_mean_of_the_unseen_and_a_kept_one_2_5() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 0, 9, 9, 9], discard=[0])
    view = sharp_view(observe(state, 0))
    assert view.mean == pytest.approx((DECK_POINTS - 0 - 1 - 2) / 51)
    assert view.estimate(Slot(0, 2)) == view.estimate(Slot(1, 0)) == view.mean
    play(state, Draw(0), DiscardDrawn(0), Draw(1), SwapDrawn(1, 3))
    view = sharp_view(observe(state, 0))
    assert view.mean == pytest.approx((DECK_POINTS - 0 - 1 - 2 - 9 - 8) / 49)  # the 9 and the 8 lie face up
    assert view.estimate(Slot(1, 3)) == KEPT_VALUE
    assert view.dream(1) == pytest.approx(3 * view.mean + KEPT_VALUE)


def test_sharp_gets_its_name_in_the_arena_but_is_no_discord_strength() -> None:
    from game.dreamcats.players import STRENGTHS

    assert get_player("sharp") is sharp and "sharp" not in STRENGTHS


def test_wakes_at_ten_on_its_first_turn_when_three_below_every_rival() -> None:
    state = rigged([[2, 3, 2, 3], [5, 6, 7, 8]], draw=[9] * 8)
    know(state, 0, Slot(0, 2), Slot(0, 3))
    assert wake_threshold(sharp_view(observe(state, 0))) == 10.0
    assert pick(state) == WakeUp(0)


def test_the_threshold_falls_half_a_cat_per_own_turn_and_is_8_at_four_seats() -> None:
    state = rigged([[2, 3, 2, 3], [5, 6, 7, 8]], draw=[9] * 8)
    know(state, 0, Slot(0, 2), Slot(0, 3))
    play(state, Draw(0), DiscardDrawn(0), Draw(1), DiscardDrawn(1))
    assert wake_threshold(sharp_view(observe(state, 0))) == 9.5
    assert pick(state) != WakeUp(0)  # a sum of 10 is no longer low enough
    crowded = rigged([[2, 3, 2, 3], [5, 6, 7, 8], [5, 6, 7, 8], [5, 6, 7, 8]], draw=[9] * 8)
    assert wake_threshold(sharp_view(observe(crowded, 0))) == 8.0


def test_no_wake_up_without_a_lead_of_three() -> None:
    state = rigged([[1, 1, 1, 1], [1, 1, 1, 3]], draw=[9] * 8)
    know(state, 0, *(Slot(s, p) for s in (0, 1) for p in range(4)))
    assert pick(state) != WakeUp(0)  # 4 against 6
    state.round.dreams[1][3] = C.FOUR
    assert pick(state) == WakeUp(0)  # 4 against 7


def test_takes_the_discard_only_when_it_beats_the_gain_of_a_draw() -> None:
    state = rigged([[1, 9, 3, 4], [5, 6, 7, 8]], draw=[9] * 8, discard=[0])
    assert pick(state) == TakeDiscard(0, 1)
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9] * 8, discard=[5])
    assert pick(state) == Draw(0)  # a 5 over an unknown card (about 5.4) saves less than a draw is worth


def test_peek_one_looks_at_its_own_unknown_card_first() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[C.PEEK_1, 9, 9])
    play(state, Draw(0))
    assert pick(state) == UsePeek(0, Slot(0, 2))
    know(state, 0, Slot(0, 2), Slot(0, 3))
    state.round.dreams[0][2:] = [C.ZERO, C.ONE]
    choice = pick(state)
    assert isinstance(choice, UsePeek) and choice.target in (Slot(1, 0), Slot(1, 1))  # the cards it keeps


def test_swap_two_hands_its_worst_card_for_the_leaders_best() -> None:
    state = rigged([[9, 1, 3, 4], [5, 6, 7, 8], [5, 6, 7, 8]], draw=[9, 9, 0, C.SWAP_2, 9, 9])
    know(state, 0, Slot(0, 2), Slot(0, 3))
    play(state, Draw(0), DiscardDrawn(0), Draw(1), DiscardDrawn(1), Draw(2), SwapDrawn(2, 2))
    play(state, Draw(0))  # seat 0 holds Swap 2; seat 2 kept a drawn card in its position 3: the leader's best
    assert pick(state) == UseSwap(0, Slot(0, 0), Slot(2, 2))
