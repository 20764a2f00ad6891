"""The two-seat hard player: it reads the normal player's hand from its moves and plays out guessed deals."""

from __future__ import annotations

import random

from game.dream21 import Draw, MatchState, Observation, Play, apply_action, legal_actions, observe
from game.dream21.players import get_player
from game.dream21.players.belief import sample_hands
from game.dream21.players.common import unseen_counts
from game.dream21.players.heads_up import Search, decide, match_odds
from tests.game.dream21.support import c, rigged


def led_four() -> MatchState:
    """Seat 1 (a low hand) has led its highest card, a 4; seat 0 has drawn and must play."""
    state = rigged([["KS", "9S", "8S", "7S", "6S"], ["4C", "3C", "2C", "2D", "AC"]], draw=["5D", "QH", "JH"], turn=1)
    apply_action(state, Play(1, c("4C")))
    return state


def test_a_lead_shows_the_other_seat_kept_nothing_higher() -> None:
    state = led_four()
    obs = observe(state, 0)
    guesses = sample_hands(obs, 1, unseen_counts(obs), random.Random(1), 60)
    assert len(guesses) == 60
    assert all(len(hand) == 4 and max(hand) <= 4 and weight > 0 for hand, weight in guesses)


def test_hard_leaves_no_gap_of_11_to_a_seat_that_likely_keeps_an_ace() -> None:
    state = following()
    hard = get_player("hard")
    for seed in range(3):
        action = hard(observe(state, 0), legal_actions(state, 0), random.Random(seed))
        assert isinstance(action, Play) and action.card != c("6S")


def test_match_odds_count_a_tie_as_a_win_and_grow_with_the_lead() -> None:
    assert match_odds(0, 0) == 1.0 and match_odds(-1, 0) == 0.0
    odds = [match_odds(lead, 2) for lead in range(-4, 5)]
    assert odds == sorted(odds) and 0 < odds[0] < odds[-1] < 1


def leading() -> MatchState:
    """Seat 0 leads from a mixed hand; seat 1 has not moved yet."""
    return rigged([["KS", "9S", "6S", "3S", "AS"], ["8C", "7C", "5C", "4D", "2C"]], draw=["5D", "QH", "JH", "2H"],
                  turn=0)


def seat_0_to_play(state: MatchState) -> tuple[Observation, list[Play]]:
    """Seat 0's observation and the plays it may make."""
    return observe(state, 0), [action for action in legal_actions(state, 0) if isinstance(action, Play)]


def following() -> MatchState:
    """Seat 0 has drawn after seat 1's lead of a 4 and must follow."""
    state = led_four()
    apply_action(state, Draw(0))
    return state


def test_a_lead_weighed_again_with_one_contender_keeps_the_first_weighings_choice() -> None:
    obs, options = seat_0_to_play(leading())
    for seed in range(4):
        alone = decide(obs, options, random.Random(seed), Search(lead_guesses=0))
        # With one contender the second weighing has nothing to choose between: the first weighing's best stands.
        assert decide(obs, options, random.Random(seed), Search(lead_guesses=50, contenders=1)) == alone
    assert len({(play.card.value, play.value) for play in options}) > 1  # a real choice of leads


def test_a_follow_weighed_again_with_one_contender_keeps_the_first_weighings_choice() -> None:
    obs, options = seat_0_to_play(following())
    assert len({(play.card.value, play.value) for play in options}) > 1  # a real choice of follows
    for seed in range(4):
        alone = decide(obs, options, random.Random(seed), Search(follow_guesses=0))
        assert decide(obs, options, random.Random(seed), Search(follow_guesses=50, contenders=1)) == alone


def test_a_follow_is_weighed_again_over_more_guesses() -> None:
    obs, options = seat_0_to_play(following())
    changed = [seed for seed in range(60) if decide(obs, options, random.Random(seed), Search(follow_guesses=0))
               != decide(obs, options, random.Random(seed), Search(follow_guesses=50))]
    assert changed  # a close follow: the second weighing over more guesses overturns the first's choice (seeds 7, 58)
