"""Play-outs of sampled deals (game.dreamcats.players.playout) and how hard's Wake up! weighs them."""

from __future__ import annotations

import random
from dataclasses import replace

from game.dreamcats import DiscardDrawn, Draw, MatchState, Slot, SwapDrawn, TakeDiscard, UseSwap, observe
from game.dreamcats.players.hard import MILD_WAKE
from game.dreamcats.players.playout import KEPT, Playout, power_chances, public_marks
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
    caller, sums = Playout(obs, 0).play([[9, 9, 9, 9], [0, 1, 0, 1]], [4, 4, 4], random.Random(1))
    assert caller == 1
    assert sums == [31, 2]  # seat 0 kept a 4 in place of a 9 before the call


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


# Every number 5, 6 and 7 lies face up: an unseen card of 5 points is Take 2, of 6 Peek 1, of 7 Swap 2.
SEEN_FIVES_TO_SEVENS = (5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 9)


def test_a_drawn_swap_2_hands_the_worst_card_for_the_leaders_lowest_read_card() -> None:
    state = rigged([[9, 9, 5, 5], [3, 4, 8, 8]], draw=[9, 0, 4, 4, 4], discard=SEEN_FIVES_TO_SEVENS)
    play(state, Draw(0), DiscardDrawn(0), Draw(1), SwapDrawn(1, 2))  # seat 1 kept a draw in position 3
    obs = observe(state, 0)
    assert power_chances(obs)[7] == 1.0
    caller, sums = Playout(obs, 0).play([[9, 9, 5, 5], [3, 4, 0, 8]], [7], random.Random(1))
    assert caller is None
    assert sums == [0 + 9 + 5 + 5, 3 + 4 + 9 + 8]  # its known 9 for the kept 0; a plain 7 kept would give [26, 15]


def test_a_drawn_peek_1_shows_an_own_unknown_card_and_a_low_one_brings_a_call() -> None:
    state = rigged([[1, 1, 0, 9], [9, 9, 9, 9]], draw=[5, 5, 5], discard=SEEN_FIVES_TO_SEVENS)
    obs = observe(state, 0)
    assert power_chances(obs)[6] == 1.0
    caller, _ = Playout(obs, 0).play([[1, 1, 0, 9], [9, 9, 9, 9]], [6, 6, 6], random.Random(1))
    assert caller == 0  # it knows 1, 1, 0 and calls at its next turn; seen as mere 6s, it would not know enough


def test_a_drawn_take_2_keeps_the_lower_of_the_next_two_cards_in_one_turn() -> None:
    state = rigged([[9, 9, 3, 3], [8, 8, 8, 8]], draw=[4, 4, 4], discard=SEEN_FIVES_TO_SEVENS)
    obs = observe(state, 0)
    assert power_chances(obs)[5] == 1.0
    caller, sums = Playout(obs, 0).play([[9, 9, 3, 3], [8, 8, 8, 8]], [5, 5, 5], random.Random(1))
    assert caller is None
    # One turn takes the whole pile: a 5 for a 9. Kept one at a time, the 5s would also replace the other 9.
    assert sums == [5 + 9 + 3 + 3, 32]


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


def test_a_table_played_on_from_a_rivals_turn_lets_it_call_at_once_or_only_after_that_turn() -> None:
    obs = observe(knows_its_low_dream(), 0)
    playout = Playout(obs, 0)
    deal, pile = [[9, 9, 9, 9], [0, 1, 0, 1]], [4, 4, 4]
    assert playout.run(playout.table(deal, pile), 1, random.Random(1), first_calls=True) == (1, [36, 2])
    caller, sums = playout.run(playout.table(deal, pile), 1, random.Random(1), first_calls=False)
    assert caller == 1
    assert sums == [31, 2]  # seat 1 played a turn first, then seat 0 kept a 4 in place of a 9
    assert deal == [[9, 9, 9, 9], [0, 1, 0, 1]] and pile == [4, 4, 4]  # the caller's lists are left as they were
