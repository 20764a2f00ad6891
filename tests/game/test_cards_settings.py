"""The deck of RULES.md §1 and the match settings of §2, §5 and §7."""

from __future__ import annotations

from collections import Counter

import pytest

from game.dreamcats import DECK_SIZE, DREAM_SIZE, SPECIALS, Card, MatchSettings, SettingsError, full_deck


def test_the_deck_has_54_cards() -> None:
    assert DECK_SIZE == 54 == len(full_deck())
    assert DREAM_SIZE == 4


def test_copies_of_each_card() -> None:
    counts = Counter(full_deck())
    assert all(counts[Card(n)] == 4 for n in range(9))
    assert counts[Card.NINE] == 9
    assert counts[Card.TAKE_2] == counts[Card.PEEK_1] == counts[Card.SWAP_2] == 3
    assert sum(counts[Card(n)] for n in range(9)) == 36


def test_card_values() -> None:
    assert [Card(n).points for n in range(10)] == list(range(10))
    assert (Card.TAKE_2.points, Card.PEEK_1.points, Card.SWAP_2.points) == (5, 6, 7)
    assert sum(card.points for card in full_deck()) == 4 * sum(range(9)) + 9 * 9 + 3 * (5 + 6 + 7)


def test_only_the_three_powers_are_special() -> None:
    assert SPECIALS == (Card.TAKE_2, Card.PEEK_1, Card.SWAP_2)
    assert [card for card in Card if card.is_special] == list(SPECIALS)


def test_default_settings() -> None:
    settings = MatchSettings()
    assert settings.validated() is settings
    assert (settings.point_limit, settings.penalty, settings.fixed_rounds) == (100, 5, None)
    assert (settings.memory_aid, settings.reveal_time, settings.turn_timer) == (False, 20, 120)


@pytest.mark.parametrize(
    "settings",
    [
        MatchSettings(point_limit=30),
        MatchSettings(point_limit=500),
        MatchSettings(penalty=15),
        MatchSettings(fixed_rounds=1),
        MatchSettings(fixed_rounds=50),
        MatchSettings(memory_aid=True),
        MatchSettings(reveal_time=None),
        MatchSettings(reveal_time=5),
        MatchSettings(reveal_time=120),
        MatchSettings(turn_timer=30),
        MatchSettings(turn_timer=900),
    ],
)
def test_allowed_settings(settings: MatchSettings) -> None:
    assert settings.validated() == settings


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (MatchSettings(point_limit=29), "The point limit must be a whole number from 30 to 500, not 29."),
        (MatchSettings(point_limit=501), "The point limit must be a whole number from 30 to 500, not 501."),
        (MatchSettings(point_limit=True), "The point limit must be a whole number from 30 to 500, not True."),
        (MatchSettings(penalty=10), "The penalty must be 5 or 15 (risky), not 10."),
        (MatchSettings(penalty=5.0), "The penalty must be 5 or 15 (risky), not 5.0."),  # type: ignore[arg-type]
        (MatchSettings(fixed_rounds=0), "The number of rounds must be a whole number from 1 to 50, not 0."),
        (MatchSettings(reveal_time=4), "The reveal time must be a whole number from 5 to 120, not 4."),
        (MatchSettings(reveal_time=121), "The reveal time must be a whole number from 5 to 120, not 121."),
        (MatchSettings(turn_timer=29), "The turn timer must be a whole number from 30 to 900, not 29."),
        (MatchSettings(turn_timer=901), "The turn timer must be a whole number from 30 to 900, not 901."),
        (MatchSettings(memory_aid=1), "The memory aid is either on or off."),  # type: ignore[arg-type]
    ],
)
def test_settings_validation_messages(settings: MatchSettings, message: str) -> None:
    with pytest.raises(SettingsError) as caught:
        settings.validated()
    assert str(caught.value) == message


def test_settings_dict_round_trip() -> None:
    settings = MatchSettings(point_limit=50, penalty=15, fixed_rounds=3, memory_aid=True, reveal_time=None)
    assert MatchSettings.from_dict(settings.to_dict()) == settings


def test_settings_from_dict_rejects_unknown_and_bad_values() -> None:
    with pytest.raises(SettingsError, match="Unknown match setting"):
        MatchSettings.from_dict({"point_limit": 100, "colour": "blue"})
    with pytest.raises(SettingsError, match="penalty"):
        MatchSettings.from_dict({"penalty": 7})
