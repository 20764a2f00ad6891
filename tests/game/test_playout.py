"""Play-outs of sampled deals (game.dreamcats.players.playout) and how hard's Wake up! weighs them."""

from __future__ import annotations

import random
from dataclasses import replace

from game.dreamcats import DiscardDrawn, Draw, MatchState, Slot, SwapDrawn, TakeDiscard, UseSwap, observe
from game.dreamcats.players.hard import MILD_WAKE
from game.dreamcats.players.playout import KEPT, Playout, public_marks
from game.dreamcats.players.wake import sampled_wake
from tests.game.support import play, rigged


def knows_its_low_dream() -> MatchState:
    """Seat 1 has drawn and kept a 0 and a 1 and knows its whole dream (0, 1, 0, 1); seat 0 holds four 9s and is to
    play, with three 5s left in the pile."""
    state = rigged([[9, 9, 9, 9], [0, 1, 5, 5]], draw=[9, 0, 9, 1, 5, 5, 5])
    play(state, Draw(0), DiscardDrawn(0), Draw(1), SwapDrawn(1, 2), Draw(0), DiscardDrawn(0), Draw(1), SwapDrawn(1, 3))
    return state


def knows_a_tiny_dream() -> MatchState:
    """Seat 0 knows its whole dream (0, 0, 1, 1) and is to play; seat 1 threw two 9s away."""
    state = rigged([[0, 0, 5, 5], [9, 9, 9, 9]], draw=[1, 9, 1, 9, 5, 5, 5, 5])
    play(state, Draw(0), SwapDrawn(0, 2), Draw(1), DiscardDrawn(1), Draw(0), SwapDrawn(0, 3), Draw(1), DiscardDrawn(1))
    return state


def test_the_table_marks_a_card_taken_from_the_discard_and_a_kept_draw_and_swap_2_moves_the_marks() -> None:
    state = rigged([[1, 2, 9, 9], [3, 4, 8, 8]], draw=[0, 12, 5, 5])
    play(state, TakeDiscard(0, 2), Draw(1), SwapDrawn(1, 3))
    assert public_marks(observe(state, 1)) == {Slot(0, 2): 0.0, Slot(1, 3): KEPT}
    play(state, Draw(0), UseSwap(0, Slot(0, 2), Slot(1, 3)))
    assert public_marks(observe(state, 1)) == {Slot(0, 2): KEPT, Slot(1, 3): 0.0}


def test_a_rival_that_knows_a_low_dream_calls_at_its_next_turn() -> None:
    obs = observe(knows_its_low_dream(), 0)
    caller, sums = Playout(obs, 0).play([[9, 9, 9, 9], [0, 1, 0, 1]], [5, 5, 5], random.Random(1))
    assert caller == 1
    assert sums == [32, 2]  # seat 0 kept a 5 in place of a 9 before the call


def test_a_play_out_ends_without_a_caller_when_the_pile_runs_dry() -> None:
    obs = observe(knows_its_low_dream(), 0)
    caller, sums = Playout(obs, 0).play([[9, 9, 9, 9], [0, 1, 0, 1]], [], random.Random(1))
    assert caller is None
    assert sums == [36, 2]


def test_the_same_generator_plays_the_same_play_out() -> None:
    obs = observe(knows_a_tiny_dream(), 0)
    deal = [[0, 0, 1, 1], [9, 7, 3, 6]]
    pile = [5, 2, 8, 0, 9, 4, 1, 6]
    first = Playout(obs, 0).play(deal, pile, random.Random(7))
    assert first == Playout(obs, 0).play(deal, pile, random.Random(7))
    assert sorted(pile) == [0, 1, 2, 4, 5, 6, 8, 9]  # the caller's lists are left as they were


def test_the_play_outs_margin_enters_the_call_and_the_success_gate_stays() -> None:
    tiny = observe(knows_a_tiny_dream(), 0)
    assert sampled_wake(tiny, 0, random.Random(2), MILD_WAKE)
    against = replace(MILD_WAKE, playout_weight=1.0, playout_offset=1000.0)  # playing on counts far more
    assert not sampled_wake(tiny, 0, random.Random(2), against)

    opening = observe(knows_its_low_dream(), 0)  # four 9s: a call would fail whatever the play-outs say
    keen = replace(MILD_WAKE, playout_weight=1.0, playout_offset=-1000.0)
    assert not sampled_wake(opening, 0, random.Random(2), keen)
    assert sampled_wake(opening, 0, random.Random(2), replace(keen, min_success=0.0))
    assert not sampled_wake(opening, 0, random.Random(2), replace(MILD_WAKE, min_success=0.0))
