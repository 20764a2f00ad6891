"""Match equity: a seat's winning chance from the totals, and a round's scores weighed by it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.dreamcats.players.equity import MatchEquity, rounds_of, rounds_to_limit, win_chance

TOTALS = st.lists(st.integers(0, 99), min_size=2, max_size=5)


@given(TOTALS, st.floats(0.5, 10.0))
def test_the_seats_chances_add_up_to_one(totals: list[int], rounds: float) -> None:
    chances = [win_chance(totals, seat, rounds) for seat in range(len(totals))]
    assert sum(chances) == pytest.approx(1.0, abs=0.02)


@given(TOTALS, st.floats(0.5, 10.0))
def test_a_lower_total_never_wins_less_often(totals: list[int], rounds: float) -> None:
    lower = [totals[0] - 1, *totals[1:]]
    assert win_chance(lower, 0, rounds) >= win_chance(totals, 0, rounds)


def test_a_finished_match_is_won_lost_or_shared_outright() -> None:
    assert win_chance([98, 101], 0, 0) == 1.0
    assert win_chance([101, 98], 0, 0) == 0.0
    assert win_chance([90, 90, 104], 1, 0) == 0.5


def test_near_an_even_standing_a_round_is_worth_about_its_lead() -> None:
    worth = MatchEquity([40, 40], 0, rounds_to_limit(100)).worth
    assert worth([9, 9]) == pytest.approx(0.0, abs=0.01)
    assert worth([4, 14]) == pytest.approx(10.0, abs=1.5)
    assert worth([14, 4]) == pytest.approx(-10.0, abs=1.5)


def test_a_round_that_loses_the_match_weighs_more_than_its_lead_when_ahead() -> None:
    # 80 against 90: scoring 25 to 5 loses the match at 105, far more than the 20 cats of lead it gives up.
    assert MatchEquity([80, 90], 0, rounds_to_limit(100)).worth([25, 5]) < -30.0


def test_a_match_of_fixed_rounds_ends_after_its_last_round() -> None:
    # The last of 5 rounds: 3 cats ahead after it wins the match whatever the totals' distance from any limit.
    worth = MatchEquity([10, 10], 0, rounds_of(5, 5)).worth
    assert worth([5, 8]) > 0 > worth([8, 5])
    assert worth([5, 8]) == pytest.approx(-worth([8, 5]))
