"""No Dream 21 picture or alt text depends on a card its viewer may not see: other hands, the draw pile's order."""

from __future__ import annotations

import random
from functools import cache, partial

import pytest

from game.dream21 import MatchState, observe, public_observation
from images.dream21 import hand_alt, render_hand, render_trick, trick_alt
from tests.images.dream21.scenarios import NAMES, long_trick_state, played_until, stuck_6_state, trick_4_state


def with_hidden_moved(state: MatchState, viewer: int | None, seed: int) -> MatchState:
    """A copy in which every card the viewer cannot see changed place (hand sizes kept); the rest is the same."""
    other = state.copy()
    hand = other.hand
    hidden = [s for s in range(other.num_seats) if s != viewer]
    pool = [card for s in hidden for card in hand.hands[s] if card != hand.drawn] + list(hand.draw_pile)
    rng = random.Random(seed)
    moved = pool[:]
    while len(set(pool)) > 1 and moved == pool:
        rng.shuffle(moved)
    cards = iter(moved)
    for s in hidden:
        hand.hands[s] = [card if card == hand.drawn else next(cards) for card in hand.hands[s]]
    hand.draw_pile = list(cards)
    assert sorted(pool) == sorted([c for s in hidden for c in hand.hands[s] if c != hand.drawn] + hand.draw_pile)
    return other


def _after(actions: int, state: MatchState) -> bool:
    return len(state.log) == actions


@cache
def states() -> list[MatchState]:
    """Tables of 2 to 6 seats at many moments of play, the golden scenes among them."""
    found = [trick_4_state(), stuck_6_state(), long_trick_state()]
    for seats in range(2, 7):
        for actions in (3, 11, 29):
            found.append(played_until(seats, 100 + seats, partial(_after, actions)))
    return found


@pytest.mark.parametrize("index", range(18))
def test_public_table_is_the_same_whatever_the_hidden_cards(index: int) -> None:
    state = states()[index]
    moved = with_hidden_moved(state, None, index)
    assert moved.hand.hands != state.hand.hands or moved.hand.draw_pile != state.hand.draw_pile
    names = NAMES[: state.num_seats]
    before, after = public_observation(state), public_observation(moved)
    assert render_trick(before, names).tobytes() == render_trick(after, names).tobytes()
    assert trick_alt(before, names) == trick_alt(after, names)


@pytest.mark.parametrize("index", range(0, 18, 2))
def test_private_hand_is_the_same_whatever_the_others_hold(index: int) -> None:
    state = states()[index]
    for seat in {state.hand.turn, (state.hand.turn + 1) % state.num_seats}:
        moved = with_hidden_moved(state, seat, index)
        names = NAMES[: state.num_seats]
        before, after = observe(state, seat), observe(moved, seat)
        assert render_hand(before, names=names).tobytes() == render_hand(after, names=names).tobytes()
        assert hand_alt(before, names=names) == hand_alt(after, names=names)


def test_the_public_table_refuses_a_seat_view() -> None:
    state = trick_4_state()
    with pytest.raises(AssertionError):
        render_trick(observe(state, 0), NAMES[:4])
    with pytest.raises(AssertionError):
        trick_alt(observe(state, 0), NAMES[:4])
    with pytest.raises(AssertionError):
        render_hand(public_observation(state))
