"""Ending a round and a match (RULES.md §2 and §6): Wake up!, the empty draw pile, scores, starters, winners."""

from __future__ import annotations

import pytest

from game.dreamcats import (
    Card,
    DiscardDrawn,
    Draw,
    EventKind,
    InitialPeek,
    MatchSettings,
    RoundResult,
    Step,
    TakeDiscard,
    WakeUp,
    legal_actions,
    observe,
)
from game.dreamcats.scoring import match_is_over, round_scores, winners
from game.errors import MatchOverError
from tests.game.support import kinds, play, rigged

LOW, MID, HIGH = [0, 0, 1, 1], [1, 1, 1, 1], [9, 9, 9, 9]  # sums 2, 4, 36


def test_wake_up_ends_the_round_at_once_and_reveals_every_dream() -> None:
    state = rigged([LOW, HIGH, MID], draw=[9] * 5, discard=[0])
    events = play(state, WakeUp(0))
    assert kinds(events) == [EventKind.WOKE_UP, EventKind.ROUND_ENDED, EventKind.ROUND_STARTED]
    assert all(e.is_public and e.cards == () for e in events)
    assert events[1].seat == 0 and events[1].count == 1
    assert state.results == [
        RoundResult(1, ((0, 0, 1, 1), (9, 9, 9, 9), (1, 1, 1, 1)), (2, 36, 4), (2, 36, 4), 0, 0, True, 0)
    ]
    assert state.totals == [2, 36, 4]
    assert state.round.number == 2


def test_wake_up_on_the_very_first_turn() -> None:
    state = rigged([LOW, HIGH], draw=[9] * 5, peek=False)
    assert WakeUp(0) not in legal_actions(state, 0)  # the initial peek comes first
    play(state, InitialPeek(0, (2, 3)))
    assert WakeUp(0) in legal_actions(state, 0)
    play(state, WakeUp(0))  # seat 1 never peeked nor played
    assert state.results[0].caller == 0 and state.results[0].turns == 0
    assert state.results[0].scores == (2, 36)


def test_a_caller_tied_for_lowest_scores_its_sum() -> None:
    state = rigged([MID, [0, 0, 2, 2], HIGH], draw=[9] * 5, starter=0)
    play(state, WakeUp(0))
    result = state.results[0]
    assert result.sums == (4, 4, 36) and result.scores == (4, 4, 36)
    assert result.caller_succeeded is True


@pytest.mark.parametrize("penalty", [5, 15])
def test_a_caller_who_is_not_lowest_pays_the_penalty(penalty: int) -> None:
    state = rigged([MID, LOW, HIGH], draw=[9] * 5, settings=MatchSettings(penalty=penalty))
    play(state, WakeUp(0))
    result = state.results[0]
    assert result.sums == (4, 2, 36)
    assert result.scores == (4 + penalty, 2, 36)
    assert result.caller_succeeded is False
    assert state.totals == [4 + penalty, 2, 36]


def test_only_the_caller_can_be_penalised() -> None:
    assert round_scores([HIGH, LOW], caller=1, penalty=15) == ((36, 2), (36, 2), True)
    assert round_scores([HIGH, LOW], caller=0, penalty=15) == ((36, 2), (51, 2), False)
    assert round_scores([HIGH, LOW], caller=None, penalty=15) == ((36, 2), (36, 2), None)


def test_specials_in_a_dream_count_their_printed_value() -> None:
    state = rigged([[Card.TAKE_2, Card.PEEK_1, Card.SWAP_2, 0], HIGH], draw=[9] * 5)
    play(state, WakeUp(0))
    assert state.results[0].sums == (18, 36)


def test_an_empty_draw_pile_ends_the_round_with_the_last_player_as_ender() -> None:
    state = rigged([HIGH, LOW, MID], draw=[9, 9], discard=[0], starter=1)
    play(state, Draw(1), DiscardDrawn(1))
    assert state.round.number == 1 and state.round.turn == 2
    events = play(state, Draw(2), DiscardDrawn(2))
    assert kinds(events)[-2:] == [EventKind.ROUND_ENDED, EventKind.ROUND_STARTED]
    assert events[-2].seat is None
    result = state.results[0]
    assert (result.caller, result.ender, result.caller_succeeded, result.turns) == (None, 2, None, 2)
    assert result.scores == result.sums == (36, 2, 4)  # no penalty without a caller
    assert state.round.starter == state.round.turn == 0  # left of the ender


def test_a_turn_that_takes_the_discard_does_not_use_the_draw_pile() -> None:
    state = rigged([HIGH, LOW], draw=[9], discard=[0])
    play(state, TakeDiscard(0, 0))
    assert state.round.number == 1 and len(state.round.draw_pile) == 1


@pytest.mark.parametrize(("caller", "seats", "next_starter"), [(0, 3, 1), (1, 3, 2), (2, 3, 0), (4, 5, 0)])
def test_the_next_round_starts_left_of_the_caller(caller: int, seats: int, next_starter: int) -> None:
    state = rigged([MID] * seats, draw=[9] * 5, starter=caller)
    events = play(state, WakeUp(caller))
    assert events[-1].kind is EventKind.ROUND_STARTED and events[-1].seat == next_starter
    assert events[-1].count == 2
    assert (state.round.number, state.round.starter, state.round.turn) == (2, next_starter, next_starter)
    assert state.round.peeked == [False] * seats and state.round.step is Step.START


def test_the_match_ends_when_a_total_reaches_the_point_limit() -> None:
    state = rigged([LOW, HIGH], draw=[9] * 5, settings=MatchSettings(point_limit=36))
    events = play(state, WakeUp(0))
    assert kinds(events) == [EventKind.WOKE_UP, EventKind.ROUND_ENDED, EventKind.MATCH_ENDED]
    assert events[-1].count == 1  # one winner
    assert state.over and state.round.step is Step.OVER and state.round.number == 1
    assert observe(state, 0).over and observe(state, 0).winners == (0,)
    assert legal_actions(state, 0) == [] and legal_actions(state, 1) == []
    with pytest.raises(MatchOverError, match="The match is over."):
        play(state, WakeUp(0))


def test_the_match_ends_when_a_total_passes_the_point_limit() -> None:
    assert match_is_over(MatchSettings(point_limit=30), [12, 31], 1)
    assert match_is_over(MatchSettings(point_limit=30), [30, 2], 1)
    assert not match_is_over(MatchSettings(point_limit=30), [29, 29], 5)


def test_the_match_goes_on_below_the_point_limit() -> None:
    state = rigged([LOW, HIGH], draw=[9] * 5, settings=MatchSettings(point_limit=37))
    play(state, WakeUp(0))
    assert not state.over and state.round.number == 2


def test_a_fixed_number_of_rounds_replaces_the_point_limit() -> None:
    settings = MatchSettings(point_limit=30, fixed_rounds=2)
    state = rigged([LOW, HIGH], draw=[9] * 5, settings=settings)
    play(state, WakeUp(0))
    assert not state.over  # 36 is past the point limit, but two rounds are to be played
    play(state, InitialPeek(0, (0, 1)), InitialPeek(1, (0, 1)), WakeUp(1))
    assert state.over and len(state.results) == 2
    assert match_is_over(settings, [500, 0], 2) and not match_is_over(settings, [500, 0], 1)


def test_tied_lowest_totals_share_the_win() -> None:
    state = rigged([MID, [0, 0, 2, 2], HIGH], draw=[9] * 5, settings=MatchSettings(point_limit=30))
    events = play(state, WakeUp(0))
    assert state.over and events[-1].kind is EventKind.MATCH_ENDED and events[-1].count == 2
    assert observe(state, None).winners == (0, 1)
    assert winners([7, 3, 3, 9]) == (1, 2) and winners([5, 5]) == (0, 1) and winners([4, 9]) == (0,)


def test_totals_add_up_over_rounds() -> None:
    state = rigged([LOW, HIGH], draw=[9] * 5, settings=MatchSettings(point_limit=500))
    play(state, WakeUp(0))
    play(state, InitialPeek(0, (0, 1)), InitialPeek(1, (0, 1)), WakeUp(1))
    second = state.results[1]
    assert second.caller == 1 and second.scores[0] == second.sums[0]
    assert state.totals == [2 + second.scores[0], 36 + second.scores[1]]
