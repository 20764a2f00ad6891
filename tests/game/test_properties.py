"""Properties of whole random matches (hypothesis): 2-5 seats, many seeds, random legal and illegal play."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.dreamcats import (
    Action,
    Card,
    DiscardDrawn,
    Draw,
    GameError,
    InitialPeek,
    KeepCard,
    MatchSettings,
    MatchState,
    Slot,
    Step,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
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
from tests.game.support import Witness, all_cards, expected_table, newly_face_up, random_action, table_of

FULL_DECK = Counter(full_deck())
SEATS = st.integers(min_value=2, max_value=5)
# A seed, not st.randoms(): a whole match draws thousands of numbers, far too many for hypothesis to shrink.
RNGS = st.integers(min_value=0, max_value=2**32).map(random.Random)
MATCH_SETTINGS = st.builds(
    MatchSettings,
    point_limit=st.sampled_from([30, 45]),
    penalty=st.sampled_from([5, 15]),
    fixed_rounds=st.none() | st.integers(min_value=1, max_value=3),
)
WAKE = st.sampled_from([0.0, 0.05, 0.3])
# Example counts keep the whole file under 10 s on this 2-core machine.
CHEAP = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def start(seats: int, rng: random.Random, match_settings: MatchSettings) -> MatchState:
    """A new match whose host is a random seat or nobody."""
    return new_match(seats, match_settings, rng, starter=rng.choice([None, *range(seats)]))


@CHEAP
@given(SEATS, RNGS, MATCH_SETTINGS, WAKE)
def test_cards_move_as_the_rules_say_and_rounds_score_by_the_rules(
    seats: int, rng: random.Random, match_settings: MatchSettings, wake: float
) -> None:
    state = start(seats, rng, match_settings)
    while not state.over:
        assert all_cards(state) == FULL_DECK
        rnd = state.round
        assert rnd.step is not Step.START or rnd.draw_pile  # a turn never starts on an empty pile
        action = random_action(state, rng, wake)
        expected = expected_table(state, action)
        dreams, pile, totals = [list(d) for d in rnd.dreams], len(rnd.draw_pile), list(state.totals)
        rounds_before = len(state.results)
        apply_action(state, action)
        if len(state.results) > rounds_before:
            assert [list(d) for d in state.results[-1].dreams] == expected.dreams
            assert isinstance(action, WakeUp) or not expected.draw_pile
            _check_round_end(state, action, dreams, pile, totals)
        else:
            assert table_of(state) == expected, action
    assert all_cards(state) == FULL_DECK
    fixed = match_settings.fixed_rounds
    assert len(state.results) == fixed if fixed else max(state.totals) >= match_settings.point_limit
    assert state.totals == [sum(r.scores[s] for r in state.results) for s in range(seats)]


def _check_round_end(state: MatchState, action: Action, dreams: list[list[Card]], pile: int, totals: list[int]) -> None:
    result, seats = state.results[-1], state.num_seats
    assert result.sums == tuple(sum(card.points for card in dream) for dream in result.dreams)
    assert state.totals == [t + s for t, s in zip(totals, result.scores, strict=True)]
    if isinstance(action, WakeUp):
        assert (result.caller, result.ender) == (action.seat, action.seat)
        assert [list(d) for d in result.dreams] == dreams
        lowest = min(result.sums)
        penalty = state.settings.penalty if result.sums[action.seat] > lowest else 0
        assert result.caller_succeeded is (penalty == 0)
        assert result.scores == tuple(s + (penalty if seat == action.seat else 0) for seat, s in enumerate(result.sums))
    else:
        assert pile <= 2  # the draw pile ran out during this turn
        assert (result.caller, result.ender, result.caller_succeeded) == (None, action.seat, None)
        assert result.scores == result.sums
    if not state.over:
        assert state.round.starter == state.round.turn == (result.ender + 1) % seats
        assert state.round.number == result.number + 1 == len(state.results) + 1


@settings(max_examples=25, deadline=None)
@given(SEATS, RNGS, MATCH_SETTINGS, WAKE)
def test_observations_hold_exactly_what_each_seat_may_know(
    seats: int, rng: random.Random, match_settings: MatchSettings, wake: float
) -> None:
    state = start(seats, rng, match_settings)
    witness = Witness(seats)
    while not state.over:
        witness.feed(apply_action(state, random_action(state, rng, wake)))
        for viewer in witness.viewers:
            view = observe(state, viewer)
            assert dict(view.known) == witness.known[viewer]
            assert view.holding == witness.holding[viewer]
            assert view.options == witness.options[viewer]
            if viewer is not None:
                assert view.known_slots[viewer] == set(witness.known[viewer])
        viewer = rng.choice(witness.viewers)
        assert observe(_shuffle_hidden(state, witness.known[viewer], viewer, rng), viewer) == observe(state, viewer)


def _shuffle_hidden(state: MatchState, known: dict[Slot, Card], viewer: int | None, rng: random.Random) -> MatchState:
    """A copy of the match whose cards hidden from the viewer are shuffled among their places."""
    copy = match_from_dict(match_to_dict(state))
    rnd = copy.round
    places: list[tuple[list[Card], int]] = [(rnd.draw_pile, i) for i in range(len(rnd.draw_pile))]
    places += [(rnd.dreams[s], p) for s in range(copy.num_seats) for p in range(4) if Slot(s, p) not in known]
    if viewer != rnd.turn:
        places += [(rnd.options, i) for i in range(len(rnd.options))]
        if rnd.held is not None:
            holder = [rnd.held]
            places.append((holder, 0))
    cards = [where[index] for where, index in places]
    rng.shuffle(cards)
    for (where, index), card in zip(places, cards, strict=True):
        where[index] = card
    if viewer != rnd.turn and rnd.held is not None:
        rnd.held = holder[0]
    return copy


@CHEAP
@given(SEATS, RNGS, MATCH_SETTINGS, WAKE)
def test_public_events_never_show_a_face_down_card(
    seats: int, rng: random.Random, match_settings: MatchSettings, wake: float
) -> None:
    state = start(seats, rng, match_settings)
    while not state.over:
        action = random_action(state, rng, wake)
        face_up = newly_face_up(state, action)
        events = apply_action(state, action)
        shown = Counter(card for event in events if event.is_public for card in event.cards)
        assert not shown - face_up, (action, events)
        assert all(event.private_to in (None, action.seat) for event in events)


@settings(max_examples=15, deadline=None)
@given(SEATS, RNGS, st.integers(min_value=1, max_value=2), WAKE)
def test_serialization_and_replay_round_trip_at_every_step(
    seats: int, rng: random.Random, rounds: int, wake: float
) -> None:
    state = start(seats, rng, MatchSettings(fixed_rounds=rounds, penalty=rng.choice([5, 15])))
    while True:
        assert match_from_dict(json.loads(json.dumps(match_to_dict(state)))) == state
        assert replay_of(state) == state
        if state.over:
            break
        apply_action(state, random_action(state, rng, wake))


def _any_action(rng: random.Random, seats: int) -> Action:
    """Any action shape with any parameters, mostly illegal ones."""
    seat, position = rng.randint(-1, seats), rng.randint(-1, 4)

    def slot() -> Slot:
        return Slot(rng.randint(-1, seats), rng.randint(-1, 4))

    shapes: list[Action] = [
        InitialPeek(seat, (position, rng.randint(-1, 4))), WakeUp(seat), TakeDiscard(seat, position), Draw(seat),
        SwapDrawn(seat, position), DiscardDrawn(seat), UseTakeTwo(seat), KeepCard(seat, rng.randint(-1, 2)),
        UsePeek(seat, slot()), UseSwap(seat, slot(), slot()),
    ]
    return rng.choice(shapes)


@FAST
@given(SEATS, RNGS, MATCH_SETTINGS, WAKE)
def test_random_actions_apply_or_raise_and_change_nothing(
    seats: int, rng: random.Random, match_settings: MatchSettings, wake: float
) -> None:
    state = start(seats, rng, match_settings)
    while not state.over:
        for _ in range(3):
            action = _any_action(rng, seats)
            before = match_to_dict(state)
            legal = action in legal_actions(state, action.seat)
            try:
                apply_action(state, action)
            except GameError:
                assert not legal
                assert match_to_dict(state) == before
            else:
                assert legal
        if not state.over:
            apply_action(state, random_action(state, rng, wake))
    for _ in range(seats):
        action = _any_action(rng, seats)
        try:
            apply_action(state, action)
        except GameError as error:
            assert str(error)
        else:
            raise AssertionError(f"{action} was applied after the match ended")


def _candidates(state: MatchState, seat: int) -> set[Action]:
    """A superset of every action the seat could take: all shapes with all parameters, in range or just out."""
    seats, positions = range(-1, state.num_seats + 1), range(-1, 5)
    slots = [Slot(s, p) for s in seats for p in positions]
    found: set[Action] = {WakeUp(seat), Draw(seat), DiscardDrawn(seat), UseTakeTwo(seat)}
    found.update(InitialPeek(seat, pair) for pair in product(positions, positions))
    found.update(TakeDiscard(seat, p) for p in positions)
    found.update(SwapDrawn(seat, p) for p in positions)
    found.update(KeepCard(seat, i) for i in range(-1, 3))
    found.update(UsePeek(seat, slot) for slot in slots)
    swap_slots = slots if state.round.held is Card.SWAP_2 and seat == state.round.turn else slots[::7]
    found.update(UseSwap(seat, a, b) for a, b in product(swap_slots, swap_slots))
    return found


def _passes(state: MatchState, action: Action) -> bool:
    try:
        check_action(state, action)
    except GameError:
        return False
    return True


@settings(max_examples=12, deadline=None)
@given(SEATS, RNGS, WAKE)
def test_legal_actions_are_exactly_the_actions_that_pass_the_checks(
    seats: int, rng: random.Random, wake: float
) -> None:
    state = start(seats, rng, MatchSettings(fixed_rounds=1))
    while True:
        for seat in range(-1, seats + 1):
            legal = legal_actions(state, seat)
            assert len(legal) == len(set(legal))
            assert set(legal) == {a for a in _candidates(state, seat) if _passes(state, a)}
        if state.over:
            break
        apply_action(state, random_action(state, rng, wake))
