"""One test per rule of RULES-dream21.md §4-5, on rigged tables."""

from __future__ import annotations

import pytest

from game.dream21 import (
    AceChoiceError,
    AlreadyDrewError,
    CardNotHeldError,
    Draw,
    Dream21Settings,
    EmptyPileError,
    Event,
    EventKind,
    HandResult,
    LeadWithoutDrawError,
    MustDrawError,
    OverTwentyOneError,
    Play,
    apply_action,
    hand_scores,
    legal_actions,
)
from game.errors import MatchOverError, NotYourTurnError, UnknownSeatError
from tests.game.dream21.support import c, rigged


def kinds(events: list[Event]) -> list[EventKind]:
    return [e.kind for e in events if e.private_to is None]


def test_the_leader_plays_any_card_without_drawing() -> None:
    state = rigged([["KS", "2H"], ["3C", "4C"]], draw=["5D"])
    assert Draw(0) not in legal_actions(state, 0)
    assert set(legal_actions(state, 0)) == {Play(0, c("KS")), Play(0, c("2H"))}
    with pytest.raises(LeadWithoutDrawError):
        apply_action(state, Draw(0))
    apply_action(state, Play(0, c("KS")))
    assert (state.hand.total, state.hand.turn, state.hand.play_pile) == (10, 1, [c("KS")])


def test_a_follower_must_draw_before_playing() -> None:
    state = rigged([["KS", "2H"], ["3C", "4C"]], draw=["5D", "6D"], play=["9H"], turn=1)
    assert legal_actions(state, 1) == [Draw(1)]
    with pytest.raises(MustDrawError):
        apply_action(state, Play(1, c("3C")))
    apply_action(state, Draw(1))
    assert state.hand.hands[1][-1] == c("5D") and state.hand.drawn == c("5D")
    assert Draw(1) not in legal_actions(state, 1)
    with pytest.raises(AlreadyDrewError):
        apply_action(state, Draw(1))
    apply_action(state, Play(1, c("5D")))
    assert (state.hand.total, state.hand.turn, state.hand.drawn) == (14, 0, None)


def test_with_the_pile_empty_a_follower_plays_without_drawing() -> None:
    state = rigged([["KS", "2H"], ["3C", "4C"]], play=["9H"], turn=1)
    assert set(legal_actions(state, 1)) == {Play(1, c("3C")), Play(1, c("4C"))}
    with pytest.raises(EmptyPileError):
        apply_action(state, Draw(1))


def test_a_card_making_exactly_21_may_be_played_without_drawing_and_both_are_offered() -> None:
    state = rigged([["KS", "2H"], ["7C", "4C", "5C"], ["8D"]], draw=["5D"], play=["9H", "5H"], turn=1)
    assert set(legal_actions(state, 1)) == {Draw(1), Play(1, c("7C"))}
    events = apply_action(state, Play(1, c("7C")))
    assert kinds(events) == [EventKind.PLAYED, EventKind.MADE_21]
    assert state.hand.draw_pile == [c("5D")]  # nothing was drawn


def test_an_ace_counts_1_or_11_at_the_players_choice_but_11_only_within_21() -> None:
    state = rigged([["AS", "2H"], ["AC", "4C"]], draw=["5D", "6D"])
    assert {Play(0, c("AS")), Play(0, c("AS"), ace_high=True)} <= set(legal_actions(state, 0))
    with pytest.raises(AceChoiceError):
        apply_action(state, Play(0, c("2H"), ace_high=True))
    apply_action(state, Play(0, c("AS"), ace_high=True))
    assert state.hand.total == 11
    apply_action(state, Draw(1))
    with pytest.raises(OverTwentyOneError):
        apply_action(state, Play(1, c("AC"), ace_high=True))
    assert Play(1, c("AC"), ace_high=True) not in legal_actions(state, 1)
    apply_action(state, Play(1, c("AC")))
    assert state.hand.total == 12


def test_an_ace_high_on_ten_makes_21_without_drawing() -> None:
    state = rigged([["KS", "2H"], ["AC", "4C"]], draw=["5D"], play=["QH"], turn=1)
    assert set(legal_actions(state, 1)) == {Draw(1), Play(1, c("AC"), ace_high=True)}
    apply_action(state, Play(1, c("AC"), ace_high=True))
    assert state.hand.tricks == [1, 0] and state.hand.turn == 1


def test_a_seat_that_cannot_play_after_drawing_takes_the_trick_and_the_seat_to_its_right_leads() -> None:
    state = rigged([["2S", "3S"], ["4S", "5S"], ["KC", "QC"]], draw=["JD", "2D"], play=["9H", "9S"], turn=2)
    events = apply_action(state, Draw(2))
    assert kinds(events) == [EventKind.DREW, EventKind.COULD_NOT_PLAY]
    hand = state.hand
    assert hand.tricks == [0, 0, 1] and hand.turn == 1 and hand.play_pile == [] and hand.total == 0
    assert c("JD") in hand.hands[2] and hand.drawn is None
    assert c("9H") in hand.taken and c("9S") in hand.taken


def test_with_the_pile_empty_a_seat_that_cannot_play_takes_the_trick_at_once() -> None:
    state = rigged([["2S", "3S"], ["9D", "5S"], ["KC", "QC"]], play=["5H"], turn=1)
    events = apply_action(state, Play(1, c("9D")))  # 14: seat 2 holds only tens and cannot draw
    assert kinds(events) == [EventKind.PLAYED, EventKind.COULD_NOT_PLAY]
    assert state.hand.tricks == [0, 0, 1] and state.hand.turn == 1


def test_exactly_21_gives_the_trick_to_the_previous_seat_and_the_maker_leads() -> None:
    state = rigged([["2S", "3S"], ["4S", "5S"], ["6C", "QC"]], draw=["JD", "2D"], play=["9H", "6S"], turn=2)
    events = apply_action(state, Play(2, c("6C")))
    assert events[1].kind is EventKind.MADE_21 and (events[1].seat, events[1].other) == (2, 1)
    assert state.hand.tricks == [0, 1, 0] and state.hand.turn == 2 and state.hand.play_pile == []


def test_the_previous_seat_of_seat_0_is_the_last_seat() -> None:
    state = rigged([["6C", "3S"], ["4S", "5S"], ["7C", "QC"]], draw=["JD"], play=["9H", "6S"], turn=0)
    apply_action(state, Play(0, c("6C")))
    assert state.hand.tricks == [0, 0, 1] and state.hand.turn == 0


def test_the_hand_ends_when_a_seat_plays_its_last_card_and_the_open_trick_goes_to_no_one() -> None:
    state = rigged([["KS"], ["4S", "5S"], ["7C", "QC"]], draw=["JD"])
    state.hand.tricks = [2, 1, 5]
    events = apply_action(state, Play(0, c("KS")))
    assert kinds(events) == [EventKind.PLAYED, EventKind.WENT_OUT, EventKind.HAND_ENDED, EventKind.HAND_STARTED]
    result = state.results[0]
    assert result.out == 0 and result.tricks == (2, 1, 5) and result.scores == (0, 0, 3)
    assert state.totals == [0, 0, 3] and state.hand.number == 2


def test_a_last_card_making_21_gives_the_previous_seat_the_trick_first() -> None:
    state = rigged([["2S", "3S"], ["6C"], ["KC", "QC"]], draw=["JD"], play=["9H", "6S"], turn=1)
    state.hand.tricks = [1, 0, 0]
    events = apply_action(state, Play(1, c("6C")))
    assert kinds(events)[:3] == [EventKind.PLAYED, EventKind.MADE_21, EventKind.WENT_OUT]
    assert state.results[0].tricks == (2, 0, 0) and state.results[0].scores == (2, 0, 0)


def test_scoring_follows_the_rulebook_example() -> None:
    # The out seat took 2 tricks: a seat with 2 scores 0, a seat with 5 scores 3, and nobody goes below 0.
    assert hand_scores((2, 2, 5, 1), out=0) == (0, 0, 3, 0)
    assert hand_scores((4, 1, 3), out=1) == (3, 0, 2)


def test_the_safety_stop_ends_a_hand_after_500_plays_and_scores_tricks_beyond_the_lowest() -> None:
    state = rigged([["2S", "3S"], ["4S", "5S"], ["7C", "QC"]], draw=["JD"])
    state.hand.plays, state.hand.tricks = 499, [3, 1, 2]
    events = apply_action(state, Play(0, c("2S")))
    assert EventKind.SAFETY_STOP in kinds(events)
    assert state.results[0].out is None and state.results[0].scores == (2, 0, 1)


def test_only_the_seat_in_turn_acts_with_its_own_cards() -> None:
    state = rigged([["2S", "3S"], ["4S", "5S"]], draw=["JD"])
    with pytest.raises(NotYourTurnError):
        apply_action(state, Play(1, c("4S")))
    with pytest.raises(CardNotHeldError):
        apply_action(state, Play(0, c("4S")))
    with pytest.raises(UnknownSeatError):
        apply_action(state, Play(2, c("4S")))
    assert legal_actions(state, 1) == [] and legal_actions(state, 5) == []


def test_nothing_happens_once_the_match_is_over() -> None:
    state = rigged([["2S"], ["4S", "5S"]], draw=["JD"], settings=Dream21Settings(hands_per_seat=1))
    state.results.append(HandResult(1, 1, 1, (0, 0), (0, 0), 9))  # the first of the two hands is over
    apply_action(state, Play(0, c("2S")))
    assert state.over and legal_actions(state, state.hand.turn) == []
    with pytest.raises(MatchOverError):
        apply_action(state, Play(1, c("4S")))
