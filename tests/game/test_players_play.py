"""What the computer players do in hand-made positions: take good discards, peek, hand over high cards, wake up."""

from __future__ import annotations

import random

import pytest

from game.dreamcats import (
    Card,
    DiscardDrawn,
    Draw,
    InitialPeek,
    MatchSettings,
    MatchState,
    Slot,
    Step,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    WakeUp,
    legal_actions,
    new_match,
    observe,
)
from game.dreamcats.engine import apply_action
from game.dreamcats.players import choose
from game.dreamcats.players.belief import belief_of
from game.dreamcats.players.hard import HARD
from game.dreamcats.players.strategy import own_shifts
from game.dreamcats.players.wake import MATCH_WEIGHT, WakeTuning, round_scores_points, sampled_wake, utility
from tests.game.support import play, rigged


def table(mine: list[Card], *, top: Card = Card.EIGHT, held: Card | None = None, known: int = 2) -> MatchState:
    """Two seats, seat 0 to play and knowing its first `known` positions, with the given dream and discard."""
    state = new_match(2, MatchSettings(), random.Random(11), starter=0)
    for seat in range(2):
        apply_action(state, InitialPeek(seat, (0, 1)))
    rnd = state.round
    rnd.dreams[0] = list(mine)
    rnd.discard[-1] = top
    for position in range(2, known):
        rnd.knowledge.see(0, Slot(0, position))
    if held is not None:
        rnd.held, rnd.step = held, Step.HOLDING
    return state


def pick(strength: str, state: MatchState) -> object:
    """The strength's choice for seat 0."""
    return choose(strength, observe(state, 0), legal_actions(state, 0), random.Random(0))


@pytest.mark.parametrize("strength", ["easy", "normal", "hard"])
def test_takes_a_low_discard_in_place_of_a_known_nine(strength: str) -> None:
    state = table([Card.ONE, Card.NINE, Card.FOUR, Card.FOUR], top=Card.ZERO)
    assert pick(strength, state) == TakeDiscard(0, 1)


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_peek_one_looks_at_an_own_unknown_card(strength: str) -> None:
    state = table([Card.TWO, Card.ONE, Card.FIVE, Card.FIVE], held=Card.PEEK_1)
    choice = pick(strength, state)
    assert isinstance(choice, UsePeek) and choice.target.seat == 0 and choice.target.position in (2, 3)


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_swap_two_hands_a_known_high_card_to_the_opponent(strength: str) -> None:
    state = table([Card.NINE, Card.ONE, Card.TWO, Card.TWO], held=Card.SWAP_2, known=4)
    choice = pick(strength, state)
    assert isinstance(choice, UseSwap)
    assert {choice.first.seat, choice.second.seat} == {0, 1}
    assert Slot(0, 0) in (choice.first, choice.second)


def test_normal_wakes_up_with_a_known_tiny_dream_and_not_with_a_big_one() -> None:
    assert pick("normal", table([Card.ZERO, Card.ONE, Card.ZERO, Card.ONE], known=4)) == WakeUp(0)
    assert pick("normal", table([Card.NINE, Card.EIGHT, Card.ZERO, Card.ONE], known=4)) != WakeUp(0)


def test_hard_does_not_wake_up_with_a_big_dream() -> None:
    assert pick("hard", table([Card.NINE, Card.EIGHT, Card.SEVEN, Card.NINE], known=4)) != WakeUp(0)


def endgame(penalty: int, totals: tuple[int, int] = (85, 97)) -> MatchState:
    """Seat 0 knows both dreams: its 4 loses to the rival's 3; by default the rival (97) ends the match."""
    state = new_match(2, MatchSettings(point_limit=100, penalty=penalty), random.Random(11), starter=0)
    for seat in range(2):
        apply_action(state, InitialPeek(seat, (0, 1)))
    state.totals[:] = totals
    rnd = state.round
    rnd.dreams[0] = [Card.ONE, Card.ONE, Card.ONE, Card.ONE]
    rnd.dreams[1] = [Card.ZERO, Card.ONE, Card.ONE, Card.ONE]
    for position in range(4):
        for seat in range(2):
            rnd.knowledge.see(seat, Slot(1, position))
        rnd.knowledge.see(0, Slot(0, position))
    return state


def test_the_callers_side_of_a_wake_up_counts_the_penalty() -> None:
    # Calling fails: 4 + 5 = 9 against 3; at the end of the match 85 + 4 + 15 = 104 loses it where 89 would win.
    early, last = endgame(5, totals=(0, 0)), endgame(15)
    dreams = [[card.points for card in dream] for dream in early.round.dreams]
    assert utility(observe(early, 0), 0, round_scores_points(dreams, 0, 5)[1]) == 3 - (4 + 5)
    assert utility(observe(last, 0), 0, round_scores_points(dreams, 0, 15)[1]) == -MATCH_WEIGHT


@pytest.mark.parametrize("equity", [False, True])
def test_hard_does_not_call_a_wake_up_that_would_lose_the_match_on_the_penalty(equity: bool) -> None:
    # Without the penalty the call would look like a match win; even a lax threshold must not take it.
    state = endgame(15)
    lax = WakeTuning(base=1 - MATCH_WEIGHT, floor=1 - MATCH_WEIGHT, min_success=0.0, equity=equity)
    assert not sampled_wake(observe(state, 0), 0, random.Random(0), lax)
    assert pick("hard", state) != WakeUp(0)


def test_hard_calls_early_when_its_known_dream_is_far_below_the_rivals_unknown_one() -> None:
    state = table([Card.ZERO, Card.ONE, Card.ZERO, Card.ONE], known=4)
    assert pick("hard", state) == WakeUp(0)


def test_hard_replaces_first_the_card_a_rival_handed_over_with_swap_two() -> None:
    # Seat 1 hands its known 9 to seat 0's unseen slot 2: its worst card, likely high. Holding a 5, normal takes both
    # unseen cards of seat 0 for the mean and swaps into the last; hard swaps into the handed card's slot.
    state = rigged([[1, 2, 3, 4], [9, 6, 7, 8]], draw=[Card.SWAP_2, 5, 9, 9], starter=1)
    play(state, Draw(1), UseSwap(1, Slot(1, 0), Slot(0, 2)), Draw(0))
    assert pick("normal", state) == SwapDrawn(0, 3)
    assert pick("hard", state) == SwapDrawn(0, 2)


def test_hard_expects_an_own_card_that_a_rival_kept_to_be_low() -> None:
    # Seat 0's Swap 2 takes the 0 that seat 1 drew and kept, and the 6 it looked at: both unseen by seat 0.
    state = rigged([[1, 2, 3, 4], [5, 6, 7, 8]], draw=[0, Card.SWAP_2, 9, Card.SWAP_2, 9, 9], starter=1)
    play(state, Draw(1), SwapDrawn(1, 3), Draw(0), UseSwap(0, Slot(0, 3), Slot(1, 3)))
    play(state, Draw(1), DiscardDrawn(1), Draw(0), UseSwap(0, Slot(0, 2), Slot(1, 1)))
    obs = observe(state, 0)
    shifts = own_shifts(obs, HARD)
    assert shifts == {Slot(0, 3): HARD.own_kept, Slot(0, 2): HARD.own_looked}
    belief = belief_of(obs, HARD.owner_bias, shifts)
    assert belief.estimate(Slot(0, 3)) < belief.estimate(Slot(0, 2)) < belief.mean
