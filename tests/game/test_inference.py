"""What hard reads from the opponents' public moves: caps on their cards, and the calls they did not make."""

from __future__ import annotations

from game.dreamcats import DiscardDrawn, Draw, Slot, SwapDrawn, observe
from game.dreamcats.players.inference import LEAVE_CAP, last_turns, slot_caps
from game.dreamcats.players.wake import WakeTuning, noncall_weights
from tests.game.support import play, rigged


def test_a_seat_that_leaves_a_discard_lying_has_no_card_far_above_it() -> None:
    assert LEAVE_CAP[0] == 0
    assert all(cap >= d for d, cap in enumerate(LEAVE_CAP))
    assert list(LEAVE_CAP) == sorted(LEAVE_CAP)


def test_a_kept_card_is_capped_by_the_card_it_replaced_and_so_are_the_keepers_known_cards() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[9, 3, 9, 9])
    play(state, Draw(0), DiscardDrawn(0), Draw(1), SwapDrawn(1, 1))
    caps = slot_caps(observe(state, 0))
    assert caps[Slot(1, 1)] == 6  # it kept the drawn card in place of its known 6
    assert caps[Slot(1, 0)] == 6  # the 6 was its worst known card
    assert caps[Slot(1, 2)] == 9  # a card it never saw says nothing
    assert caps[Slot(0, 0)] == 5  # seat 0 left a 0 lying with cards unseen: its known ones are not above the mean


def test_the_last_turn_remembers_what_the_seat_knew_and_gave_up() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[0, 3, 9, 9])
    play(state, Draw(0), SwapDrawn(0, 3), Draw(1), SwapDrawn(1, 1))
    turn = last_turns(observe(state, 0))[1]
    assert (turn.turns, turn.knew, turn.given) == (0, frozenset({0, 1}), {1: 6})


def test_deals_in_which_the_rival_would_have_called_last_turn_weigh_less() -> None:
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[0, 3, 9, 9])
    play(state, Draw(0), SwapDrawn(0, 3), Draw(1), SwapDrawn(1, 1))
    tuning = WakeTuning(noncall_weight=0.1, rival_start=20.0, rival_lead=0.0)
    mine = [1, 2, 3, 0]
    low, high = [mine, [0, 0, 0, 0]], [mine, [9, 9, 9, 9]]
    assert noncall_weights(observe(state, 0), 0, [low, high], tuning) == [0.1, 1.0]
