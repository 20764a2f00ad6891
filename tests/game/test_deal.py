"""Setting up a round (RULES.md §3): seeded shuffle, deal order, the discard, the starter, the initial peek."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.dreamcats import (
    Card,
    Draw,
    EventKind,
    GameError,
    InitialPeek,
    MatchSettings,
    SettingsError,
    Slot,
    Step,
    WakeUp,
    apply_action,
    full_deck,
    legal_actions,
    match_from_seed,
    new_match,
    observe,
)
from game.dreamcats.cards import shuffled_deck
from game.dreamcats.engine import deal_round
from game.errors import AlreadyPeekedError, InitialPeekRequiredError
from tests.game.support import all_cards, kinds


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_a_new_round_holds_all_54_cards(seats: int) -> None:
    state = new_match(seats, MatchSettings(), random.Random(seats))
    rnd = state.round
    assert [len(dream) for dream in rnd.dreams] == [4] * seats
    assert len(rnd.discard) == 1
    assert len(rnd.draw_pile) == 54 - 4 * seats - 1
    assert all_cards(state) == Counter(full_deck())
    assert (rnd.number, rnd.step, rnd.held, rnd.options, rnd.turns_played) == (1, Step.START, None, [], 0)
    assert rnd.peeked == [False] * seats


def test_the_same_seed_deals_the_same_match() -> None:
    first = new_match(4, MatchSettings(), random.Random(99))
    again = new_match(4, MatchSettings(), random.Random(99))
    other = new_match(4, MatchSettings(), random.Random(100))
    assert first == again
    assert first.seed != other.seed and first.round.dreams != other.round.dreams
    assert match_from_seed(4, MatchSettings(), first.seed, first.first_starter) == first


def test_a_known_seed_always_deals_the_same_cards() -> None:
    # Pinned so that a saved match replays identically in later versions of the engine.
    state = match_from_seed(3, MatchSettings(), 12345, 0)
    assert [[int(c) for c in dream] for dream in state.round.dreams] == [[1, 3, 7, 6], [5, 6, 8, 7], [3, 9, 4, 0]]
    assert state.round.discard == [Card.NINE]
    assert [int(c) for c in state.round.draw_pile[-5:]] == [9, 2, 7, 10, 8]  # 8 is the top


def test_cards_are_dealt_one_at_a_time_in_seat_order_then_the_discard() -> None:
    deck = shuffled_deck(random.Random("dreamcats:777:1"))
    rnd = deal_round(3, 777, number=1, starter=2)
    top_first = deck[::-1]
    for position in range(4):
        for seat in range(3):
            assert rnd.dreams[seat][position] == top_first[position * 3 + seat]
    assert rnd.discard == [top_first[12]]
    assert rnd.draw_pile == deck[: 54 - 13]
    assert rnd.draw_pile[-1] == top_first[13]  # the next card to draw


def test_each_round_is_shuffled_anew() -> None:
    assert deal_round(2, 5, 1, 0).dreams != deal_round(2, 5, 2, 0).dreams


def test_the_host_starts_the_first_round() -> None:
    for starter in range(3):
        state = new_match(3, MatchSettings(), random.Random(1), starter=starter)
        assert state.round.turn == state.round.starter == state.first_starter == starter


def test_without_a_host_a_random_seat_starts_but_the_seed_decides_it() -> None:
    starters = {new_match(4, MatchSettings(), random.Random(seed)).round.turn for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    state = new_match(4, MatchSettings(), random.Random(3))
    assert match_from_seed(4, MatchSettings(), state.seed, None).first_starter == state.first_starter


@pytest.mark.parametrize("seats", [0, 1, 6, 2.0])
def test_two_to_five_seats(seats: int) -> None:
    with pytest.raises(SettingsError, match="Dreamcats needs 2 to 5 seats"):
        new_match(seats, MatchSettings(), random.Random(1))


@pytest.mark.parametrize("starter", [-1, 3, True])
def test_the_starter_must_be_a_seat(starter: int) -> None:
    with pytest.raises(SettingsError, match="The starting seat must be 0 to 2"):
        new_match(3, MatchSettings(), random.Random(1), starter=starter)


def test_new_match_validates_the_settings() -> None:
    with pytest.raises(SettingsError, match="point limit"):
        new_match(3, MatchSettings(point_limit=10), random.Random(1))


def test_initial_peek_shows_two_own_cards_privately() -> None:
    state = new_match(3, MatchSettings(), random.Random(5), starter=0)
    dream = list(state.round.dreams[1])
    events = apply_action(state, InitialPeek(1, (3, 1)))
    assert kinds(events) == [EventKind.INITIAL_PEEK, EventKind.INITIAL_PEEK]
    shown, secret = events
    assert shown.is_public and shown.seat == 1 and shown.cards == () and shown.slots == (Slot(1, 1), Slot(1, 3))
    assert secret.private_to == 1 and secret.cards == (dream[1], dream[3])
    assert dict(observe(state, 1).known) == {Slot(1, 1): dream[1], Slot(1, 3): dream[3]}
    assert dict(observe(state, 0).known) == {} and dict(observe(state, None).known) == {}
    assert observe(state, 0).peeked == (False, True, False)


def test_the_initial_peek_is_required_before_a_first_action() -> None:
    state = new_match(2, MatchSettings(), random.Random(5), starter=0)
    assert set(legal_actions(state, 0)) == {InitialPeek(0, pair) for pair in _PAIRS}
    for action in (Draw(0), WakeUp(0)):
        with pytest.raises(InitialPeekRequiredError, match="First look at two of your cards."):
            apply_action(state, action)
    apply_action(state, InitialPeek(0, (0, 1)))
    assert WakeUp(0) in legal_actions(state, 0) and Draw(0) in legal_actions(state, 0)


def test_other_seats_may_peek_at_any_time_before_their_first_action_but_only_once() -> None:
    state = new_match(3, MatchSettings(), random.Random(5), starter=0)
    apply_action(state, InitialPeek(2, (2, 3)))  # long before its turn
    apply_action(state, InitialPeek(0, (0, 1)))
    apply_action(state, Draw(0))
    assert legal_actions(state, 1) == [InitialPeek(1, pair) for pair in _PAIRS]  # even mid-turn of seat 0
    apply_action(state, InitialPeek(1, (0, 3)))
    assert legal_actions(state, 1) == [] and legal_actions(state, 2) == []
    with pytest.raises(AlreadyPeekedError, match="You already looked at two of your cards this round."):
        apply_action(state, InitialPeek(1, (1, 2)))


def test_the_peek_is_made_again_each_round() -> None:
    state = new_match(2, MatchSettings(), random.Random(5), starter=0)
    apply_action(state, InitialPeek(0, (0, 1)))
    apply_action(state, WakeUp(0))
    assert state.round.number == 2 and state.round.peeked == [False, False]
    assert legal_actions(state, 1) == [InitialPeek(1, pair) for pair in _PAIRS]


@pytest.mark.parametrize("positions", [(0, 0), (0, 4), (-1, 2), (0, 1, 2), (1,)])
def test_the_peek_needs_two_different_positions(positions: tuple[int, int]) -> None:
    state = new_match(2, MatchSettings(), random.Random(5))
    with pytest.raises(GameError):
        apply_action(state, InitialPeek(0, positions))
    assert state.round.peeked == [False, False] and state.log == []


def test_peek_positions_are_a_set() -> None:
    assert InitialPeek(0, (3, 1)) == InitialPeek(0, (1, 3))
    assert InitialPeek(0, (3, 1)).positions == (1, 3)


_PAIRS = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
