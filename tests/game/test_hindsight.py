"""A finished round in hindsight: origins of the revealed cards, what each seat knew, and its turns looked back on."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.dreamcats import (
    Action,
    CorruptStateError,
    Draw,
    InitialPeek,
    MatchSettings,
    MatchState,
    Slot,
    Step,
    SwapDrawn,
    TakeDiscard,
    UseSwap,
    WakeUp,
    apply_action,
    new_match,
)
from game.dreamcats.cards import DREAM_SIZE, points_of
from game.dreamcats.hindsight import (
    DEALT,
    Origin,
    Placed,
    RoundNotFinishedError,
    RoundStory,
    TurnCheck,
    known_at_end,
    look_back,
    origins,
    story_of,
    sums_at_turns,
)
from tests.game.support import C, play, random_action, rigged

RNGS = st.integers(min_value=0, max_value=2**32).map(random.Random)


def _rigged_story(state: MatchState, *actions: Action) -> RoundStory:
    """Play a rigged first round to its end; its story (a rigged deal cannot be replayed from the seed)."""
    rnd = state.round
    play(state, *actions)
    return RoundStory(state.results[0], tuple(rnd.history), state.settings.penalty)


def _two_turns_each() -> RoundStory:
    """Ana keeps a drawn 0, Bo takes the discarded 4, Ana swaps her position 3 with Bo's 2, Bo calls and fails."""
    state = rigged([[1, 2, 3, 4], [9, 9, 9, 9]], draw=[0, C.SWAP_2, 5, 5, 5], discard=(8,))
    return _rigged_story(state, Draw(0), SwapDrawn(0, 3), TakeDiscard(1, 0), Draw(0),
                         UseSwap(0, Slot(0, 2), Slot(1, 1)), WakeUp(1))


def test_a_rigged_round_looked_back_on_by_each_seat() -> None:
    story = _two_turns_each()
    assert story.result.dreams == ((C.ONE, C.TWO, C.NINE, C.ZERO), (C.FOUR, C.THREE, C.NINE, C.NINE))
    assert origins(story) == (
        (DEALT, DEALT, Placed(Origin.SWAPPED, 0), Placed(Origin.DRAWN, 0)),
        (Placed(Origin.DISCARD, 1), Placed(Origin.SWAPPED, 0), DEALT, DEALT),
    )

    ana = look_back(story, 0)
    assert [(c.card, c.known) for c in ana.cards] == [(C.ONE, True), (C.TWO, True), (C.NINE, False), (C.ZERO, True)]
    assert ana.turns == (TurnCheck(1, 10, 36), TurnCheck(2, 6, 31))
    assert all(t.would_succeed for t in ana.turns) and ana.turns[1].margin == 25
    assert not ana.called and ana.succeeded is None and ana.score == 12
    assert ana.best == TurnCheck(2, 6, 31) and ana.missed == 6  # calling on her turn 2 would have saved 6 points

    bo = look_back(story, 1)
    # Bo knew the 4 he took (everyone did); his peeked position 2 went to Ana, and the 3 that came was never seen.
    assert [(c.card, c.known) for c in bo.cards] == [(C.FOUR, True), (C.THREE, False), (C.NINE, False),
                                                      (C.NINE, False)]
    assert bo.turns == (TurnCheck(1, 36, 6), TurnCheck(2, 25, 12))
    assert not any(t.would_succeed for t in bo.turns) and bo.turns[1].margin == -13
    assert bo.called and bo.succeeded is False and bo.score == 30
    assert bo.best == TurnCheck(2, 25, 12) and bo.missed == 0  # his call was his least bad moment


def test_a_seat_without_a_turn_has_nothing_to_look_back_on() -> None:
    story = _rigged_story(rigged([[0, 0, 1, 1], [5, 5, 5, 5]], draw=[3, 3]), WakeUp(0))
    bo = look_back(story, 1)
    assert bo.turns == () and bo.best is None and bo.missed == 0 and bo.score == 20


def test_only_finished_rounds_have_a_story() -> None:
    state = new_match(2, MatchSettings(), random.Random(5), starter=0)
    play(state, InitialPeek(0, (0, 1)))
    with pytest.raises(RoundNotFinishedError):
        story_of(state, 1)
    play(state, WakeUp(0))
    assert story_of(state, 1).result == state.results[0]
    with pytest.raises(RoundNotFinishedError):
        story_of(state, 2)
    with pytest.raises(ValueError, match="no seat"):
        look_back(story_of(state, 1), 2)


def test_a_match_whose_log_does_not_replay_to_its_results_is_refused() -> None:
    state = rigged([[0, 0, 1, 1], [5, 5, 5, 5]], draw=[3, 3])
    play(state, WakeUp(0))
    state.ended_round = None  # as a match read back from storage: its story must come from replaying its log
    with pytest.raises((CorruptStateError, RoundNotFinishedError)):
        story_of(state, 1)


def test_a_story_survives_json_and_a_broken_one_is_refused() -> None:
    story = _two_turns_each()
    data = json.loads(json.dumps(story.to_dict()))
    assert RoundStory.from_dict(data) == story
    broken = [
        {**data, "format": 99},
        {**data, "penalty": "lots"},
        {**data, "history": [*data["history"], {"kind": "used_swap", "seat": 0, "cards": [], "slots": [[0, 9], [1, 0]],
                                                "count": 0}]},
        {**data, "history": [{"kind": "took_discard", "seat": 1, "cards": [4], "slots": [[1, 0]], "count": 0}]},
        {**data, "result": {**data["result"], "sums": [1, 2]}},
        {"format": 1},
    ]
    for bad in broken:
        with pytest.raises(CorruptStateError):
            RoundStory.from_dict(bad)


def _record_round(state: MatchState, rng: random.Random) -> tuple[list[tuple[int, tuple[int, ...]]], dict[Slot, Placed],
                                                                 list[set[Slot]]]:
    """Play the round in play to its end; the test's own record of turn starts, origins and final knowledge."""
    number, starts, placed = state.round.number, [], {}
    while state.round.number == number and not state.over:
        rnd = state.round
        action: Action = random_action(state, rng, 0.05)
        if rnd.step is Step.START and not isinstance(action, InitialPeek):
            starts.append((action.seat, tuple(points_of(d) for d in rnd.dreams)))
        match action:
            case TakeDiscard(seat=seat, position=p):
                placed[Slot(seat, p)] = Placed(Origin.DISCARD, seat)
            case SwapDrawn(seat=seat, position=p):
                placed[Slot(seat, p)] = Placed(Origin.DRAWN, seat)
            case UseSwap(seat=seat, first=a, second=b):
                placed[a] = placed[b] = Placed(Origin.SWAPPED, seat)
        apply_action(state, action)
    return starts, placed, [set(known) for known in rnd.knowledge.sets]


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=2, max_value=5), RNGS)
def test_every_finished_round_is_told_from_what_was_revealed(seats: int, rng: random.Random) -> None:
    state = new_match(seats, MatchSettings(point_limit=30), rng)
    while not state.over:
        starts, placed, knowledge = _record_round(state, rng)
        story = story_of(state, len(state.results))
        # The history the match kept when the round ended is the one its log replays to (a match read back has none).
        assert story == story_of(replace(state, ended_round=None), len(state.results))
        # The story holds only what everyone saw: public moves, and the dreams turned face up.
        assert all(event.is_public for event in story.history)
        assert "private_to" not in json.dumps(story.to_dict())
        # Undoing the public moves from the revealed dreams gives the dreams as they were at every turn's start.
        assert sums_at_turns(story) == starts
        assert known_at_end(story).sets == knowledge
        told = origins(story)
        for seat in range(seats):
            assert told[seat] == tuple(placed.get(Slot(seat, p), DEALT) for p in range(DREAM_SIZE))
            hindsight = look_back(story, seat)
            # Every card reported is the seat's own revealed card, with an origin; and every turn it began is there.
            assert tuple(c.card for c in hindsight.cards) == story.result.dreams[seat]
            assert len(hindsight.turns) == sum(1 for whose, _ in starts if whose == seat)
            assert hindsight.score == story.result.scores[seat]
            if hindsight.called:  # its call is its last turn: calling then scored what it scored
                assert hindsight.turns[-1].score(story.penalty) == hindsight.score and hindsight.missed >= 0
