"""The public Cat Duel picture and its alt text show nothing hidden: changing every hand and every unrevealed
choice changes neither; the private picture shows only its own seat's cards and choice."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.catduel import Chance, Choose, Move, apply_action, legal_actions, observe
from images.catduel import ENGLISH, hand_alt, render_hand, render_table, table_alt
from tests.images.catduel.scenarios import NAMES, after_rounds, played_until


def _hide_differently(seed: int, rounds: int, move: Move) -> tuple[bytes, str]:
    """The public picture and alt text after one seat chose `move` and every hand was dealt anew."""
    state = played_until(3, seed, after_rounds(rounds))
    seat = observe(state, None).waiting_for[0]
    apply_action(state, next(a for a in legal_actions(state, seat) if isinstance(a, Choose) and a.move is move))
    rng = random.Random(move.value)
    for cat in state.duel.seats:  # the same number of cards, other cards
        cat.hand = [rng.choice(list(Chance)) for _ in cat.hand]
    public = observe(state, None)
    return render_table(public, NAMES[:3]).tobytes(), table_alt(public, NAMES[:3], ENGLISH)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), rounds=st.integers(0, 4))
def test_a_secret_choice_and_the_hands_never_show_on_the_table(seed: int, rounds: int) -> None:
    guarded = _hide_differently(seed, rounds, Move.GUARD)
    purred = _hide_differently(seed, rounds, Move.PURR)
    assert guarded == purred


def test_the_private_picture_names_its_own_cards_and_choice_only() -> None:
    state = played_until(3, 9, after_rounds(2))
    seat = observe(state, None).waiting_for[0]
    apply_action(state, next(a for a in legal_actions(state, seat) if isinstance(a, Choose) and a.move is Move.GUARD))
    mine = observe(state, seat)
    alt = hand_alt(mine, NAMES[:3], ENGLISH)
    assert "Your choice: Guard" in alt and all(ENGLISH.word(card) in alt for card in mine.hand)
    other = observe(state, (seat + 1) % 3)
    assert "Guard" not in hand_alt(other, NAMES[:3], ENGLISH).split("Your chance cards")[0]
    assert render_hand(mine, NAMES[:3]).size == render_hand(other, NAMES[:3]).size
