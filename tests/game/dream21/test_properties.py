"""Properties of whole random matches (hypothesis): 2-6 seats, many seeds, random legal and illegal play."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.dream21 import (
    Card,
    Dream21Settings,
    EventKind,
    GameError,
    MatchState,
    Play,
    apply_action,
    check_action,
    full_deck,
    legal_actions,
    match_from_dict,
    match_to_dict,
    new_match,
    observe,
    replay_of,
)
from tests.game.dream21.support import actions_of, all_cards, every_action, random_action

FULL_DECK = Counter(full_deck())
SEATS = st.integers(min_value=2, max_value=6)
RNGS = st.integers(min_value=0, max_value=2**32).map(random.Random)  # a seed: a match draws too much to shrink
ONE_HAND = Dream21Settings(hands_per_seat=1)
FAST = settings(max_examples=25)


def start(seats: int, rng: random.Random) -> MatchState:
    """A new one-hand-per-seat match dealt by a random seat or by nobody."""
    dealer = rng.choice([None, rng.randrange(seats)])
    return new_match(seats, ONE_HAND, rng, dealer)


def hidden_from(state: MatchState, seat: int | None) -> set[Card]:
    """The cards the seat may not know: the draw pile and every other seat's hand."""
    hand = state.hand
    return {*hand.draw_pile, *(card for s, cards in enumerate(hand.hands) if s != seat for card in cards)}


def cards_in(state: MatchState, seat: int | None) -> set[Card]:
    """Every card an observation names anywhere."""
    view = observe(state, seat)
    named = {*view.hand, *view.play_pile, *(e.card for e in view.history if e.card is not None)}
    return named | ({view.drawn} if view.drawn is not None else set())


@FAST
@given(SEATS, RNGS)
def test_every_card_is_accounted_for_and_the_total_never_passes_21(seats: int, rng: random.Random) -> None:
    state = start(seats, rng)
    while not state.over:
        apply_action(state, random_action(state, rng))
        hand = state.hand
        assert Counter(all_cards(state)) == FULL_DECK
        assert sum(card.value for card in hand.play_pile) <= hand.total <= 20
        assert sum(hand.tricks) * 2 <= len(hand.taken) and (all(hand.hands) or state.over)


@FAST
@given(SEATS, RNGS)
def test_hands_are_scored_by_the_rulebook_and_totals_add_up(seats: int, rng: random.Random) -> None:
    state = start(seats, rng)
    while not state.over:
        apply_action(state, random_action(state, rng))
    assert len(state.results) == seats
    for result in state.results:
        assert result.out is not None
        base = result.tricks[result.out]
        for seat, score in enumerate(result.scores):
            assert score == (0 if seat == result.out else max(0, result.tricks[seat] - base))
    assert state.totals == [sum(r.scores[s] for r in state.results) for s in range(seats)]


@settings(max_examples=3)
@given(SEATS, RNGS)
def test_replay_and_the_json_round_trip_equal_the_match_at_every_step(seats: int, rng: random.Random) -> None:
    state = start(seats, rng)
    while not state.over:
        apply_action(state, random_action(state, rng))
        assert match_from_dict(json.loads(json.dumps(match_to_dict(state)))) == state
        if len(state.log) % 15 == 0:
            assert replay_of(state) == state


@settings(max_examples=12)
@given(SEATS, RNGS)
def test_no_observation_holds_a_card_its_seat_may_not_know(seats: int, rng: random.Random) -> None:
    state = start(seats, rng)
    while not state.over:
        for seat in [None, *range(seats)]:
            assert not cards_in(state, seat) & hidden_from(state, seat)
        events = apply_action(state, random_action(state, rng))
        for event in events:
            if event.private_to is None and event.card is not None:
                assert event.kind is EventKind.PLAYED  # the only public event naming a card: it lies face up


@settings(max_examples=4)
@given(SEATS, RNGS)
def test_legal_actions_are_exactly_the_ones_that_pass_the_checks(seats: int, rng: random.Random) -> None:
    state = start(seats, rng)
    while not state.over:
        legal = set(legal_actions(state, state.hand.turn))
        assert legal
        for action in (*actions_of(state.hand.turn), *actions_of(rng.randrange(seats))):
            try:
                check_action(state, action)
            except GameError:
                assert action not in legal
            else:
                # Only the seat in turn may act; a legal play of an ace is listed both ways where both fit.
                assert action in legal or (isinstance(action, Play) and not action.card.is_ace and action.ace_high)
        apply_action(state, random_action(state, rng))


@settings(max_examples=10)
@given(SEATS, RNGS)
def test_an_illegal_action_raises_and_changes_nothing(seats: int, rng: random.Random) -> None:
    state = start(seats, rng)
    while not state.over:
        legal = legal_actions(state, state.hand.turn)
        illegal = [a for a in rng.sample(every_action(state), 4) if a not in legal]
        before = state.copy()
        for action in illegal:
            try:
                apply_action(state, action)
            except GameError:
                pass
            else:
                raise AssertionError(f"{action} was applied")
            assert state == before
        apply_action(state, rng.choice(legal))
