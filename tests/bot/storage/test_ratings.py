"""The pure rating rules: places, computer ratings, the displayed number."""

from __future__ import annotations

from bot.storage.ratings import (
    COMPUTER_RATINGS,
    DEFAULT_MU,
    Standing,
    computer_rating,
    display_rating,
    placements,
    updated_standings,
)
from tests.bot.storage.conftest import match, seat


def test_lower_totals_place_higher_ties_share_and_leavers_are_last() -> None:
    assert placements([seat(1, 30), seat(2, 10), seat(3, 30), seat(4, 50)]) == [2, 1, 2, 4]
    assert placements([seat(1, 5, left_early=True), seat(2, 10), seat(3, 9, left_early=True)]) == [2, 1, 2]


def test_a_newcomer_shows_1000() -> None:
    assert display_rating(Standing().ordinal) == 1000.0
    assert display_rating(1.5) == 1060.0


def test_unknown_computer_strengths_play_as_normal() -> None:
    assert computer_rating("mybot:play") == computer_rating(None) == COMPUTER_RATINGS["normal"]


def test_beating_a_hard_computer_is_worth_more_than_beating_an_easy_one() -> None:
    hard = updated_standings(match(1, [seat(1, 10), seat(None, 20, strength="hard")]), {})[1]
    easy = updated_standings(match(1, [seat(1, 10), seat(None, 20, strength="easy")]), {})[1]
    assert hard.mu > easy.mu > DEFAULT_MU


def test_only_people_get_standings_and_computers_stay_fixed() -> None:
    record = match(1, [seat(1, 10), seat(None, 20), seat(2, 30)])
    after = updated_standings(record, {2: Standing(mu=30.0, sigma=3.0, matches=4)})
    assert set(after) == {1, 2}
    assert after[2].matches == 5 and after[2].mu < 30.0
    assert COMPUTER_RATINGS["normal"] == (25.0, 2.0)
