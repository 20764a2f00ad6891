"""Hard's keep-or-throw choice for a drawn number card at two seats, weighed by play-outs
(game.dreamcats.players.keep)."""

from __future__ import annotations

import random

from game.dreamcats import DiscardDrawn, Draw, SwapDrawn, legal_actions, observe
from game.dreamcats.actions import Slot
from game.dreamcats.players.belief import belief_of
from game.dreamcats.players.hard import HARD_WAKE, hard
from game.dreamcats.players.keep import keep_choices, keep_rng, keep_values, weighed_keep, weighs_keep
from tests.game.support import play, rigged
from tests.game.test_playout import knows_its_low_dream


def test_the_choices_are_to_throw_or_to_replace_the_highest_known_card_or_an_unknown_one() -> None:
    state = rigged([[3, 8, 4, 6], [5, 5, 5, 5]], draw=[2, 9, 9])
    play(state, Draw(0))
    obs = observe(state, 0)
    belief = belief_of(obs)
    choices = keep_choices(belief, SwapDrawn(0, 1))
    assert DiscardDrawn(0) in choices and SwapDrawn(0, 1) in choices
    assert SwapDrawn(0, 0) not in choices  # the known 3 stays: the known 8 is the better card to replace
    assert len([c for c in choices if isinstance(c, SwapDrawn) and c.position in (2, 3)]) == 1


def test_a_low_card_kept_before_the_rivals_likely_call_is_worth_about_what_it_saves() -> None:
    state = knows_its_low_dream()  # the rival kept two low cards: in most sampled deals it calls at its next turn
    play(state, Draw(0))  # seat 0 holds a 5 and knows two 9s
    obs = observe(state, 0)
    rows = keep_values(obs, [DiscardDrawn(0), SwapDrawn(0, 0)], keep_rng(obs), HARD_WAKE)
    gain = sum(kept - thrown for thrown, kept in rows) / len(rows)
    # 9 - 5 = 4 cats in a deal that ends at the rival's next turn; less where my later draws would have saved some
    assert len(rows) == HARD_WAKE.samples and 2.0 < gain <= 4.0


def test_hard_keeps_the_low_card_in_place_of_a_known_nine_and_weighs_the_same_way_twice() -> None:
    state = knows_its_low_dream()
    play(state, Draw(0))
    obs = observe(state, 0)
    action = hard(obs, legal_actions(state, 0), random.Random(3))
    assert isinstance(action, SwapDrawn) and Slot(0, action.position) in obs.known
    belief = belief_of(obs)
    assert weighed_keep(belief, DiscardDrawn(0), HARD_WAKE) == weighed_keep(belief, DiscardDrawn(0), HARD_WAKE)
    assert weighed_keep(belief, DiscardDrawn(0), HARD_WAKE) != DiscardDrawn(0)  # 4 cats beat the margin


def test_only_a_drawn_number_card_at_two_seats_is_weighed() -> None:
    two = rigged([[3, 8, 4, 6], [5, 5, 5, 5]], draw=[2, 11, 9])
    play(two, Draw(0))
    assert weighs_keep(observe(two, 0), SwapDrawn(0, 1))
    assert not weighs_keep(observe(two, 0), Draw(0))
    play(two, SwapDrawn(0, 1), Draw(1))  # seat 1 holds Peek 1, a special card
    assert not weighs_keep(observe(two, 1), DiscardDrawn(1))
    four = rigged([[3, 8, 4, 6], [5, 5, 5, 5], [5, 5, 5, 5], [5, 5, 5, 5]], draw=[2, 9, 9])
    play(four, Draw(0))
    assert not weighs_keep(observe(four, 0), SwapDrawn(0, 1))
