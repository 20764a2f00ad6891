"""Dealing, dealer rotation, the number of hands, settings, the table log, and saving a match."""

from __future__ import annotations

import json
import random

import pytest

from game.dream21 import (
    FORMAT_VERSION,
    Draw,
    Dream21Settings,
    EventKind,
    Play,
    apply_action,
    describe,
    match_from_dict,
    match_from_seed,
    match_to_dict,
    new_match,
    observe,
    replay_of,
    standings,
)
from game.dream21.cards import shuffled_deck
from game.errors import CorruptStateError, SettingsError
from tests.game.dream21.support import c, random_action, rigged


def finish(seats: int, seed: int, settings: Dream21Settings | None = None) -> list[int]:
    """Play a seeded random match to its end; returns the dealer of every hand."""
    state = match_from_seed(seats, settings or Dream21Settings(), seed=seed, dealer=seats - 1)
    rng = random.Random(seed)
    while not state.over:
        apply_action(state, random_action(state, rng))
        assert state.hand.turn == (state.hand.dealer + 1) % seats or state.hand.plays or state.over
    return [r.dealer for r in state.results]


def test_five_cards_each_are_dealt_one_at_a_time_from_the_dealers_left_who_leads() -> None:
    state = match_from_seed(3, Dream21Settings(), seed=11, dealer=1)
    deck = shuffled_deck(random.Random("dream21:11:1"))
    hand = state.hand
    assert hand.hands[2][0] == deck[-1] and hand.hands[0][0] == deck[-2] and hand.hands[1][0] == deck[-3]
    assert [len(h) for h in hand.hands] == [5, 5, 5] and len(hand.draw_pile) == 52 - 15
    assert hand.turn == 2 and hand.leading


@pytest.mark.parametrize(("seats", "per_seat"), [(2, 1), (3, 2), (4, 1)])
def test_a_match_has_hands_per_seat_times_seats_hands_and_the_deal_passes_left(seats: int, per_seat: int) -> None:
    dealers = finish(seats, seed=seats * 10 + per_seat, settings=Dream21Settings(hands_per_seat=per_seat))
    assert len(dealers) == seats * per_seat
    assert dealers == [(seats - 1 + i) % seats for i in range(seats * per_seat)]


def test_without_a_host_the_first_dealer_comes_from_the_seed() -> None:
    dealers = {new_match(4, Dream21Settings(), random.Random(seed)).first_dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_match(4, Dream21Settings(), random.Random(5)) == new_match(4, Dream21Settings(), random.Random(5))


@pytest.mark.parametrize("bad", [0, 6, True, "2"])
def test_settings_outside_the_ranges_are_refused(bad: object) -> None:
    with pytest.raises(SettingsError):
        Dream21Settings(hands_per_seat=bad).validated()  # type: ignore[arg-type]


def test_settings_round_trip_and_seat_counts_are_checked() -> None:
    settings = Dream21Settings(hands_per_seat=4, turn_timer=60)
    assert Dream21Settings.from_dict(settings.to_dict()) == settings
    with pytest.raises(SettingsError):
        Dream21Settings.from_dict({"hands": 3})
    for seats in (1, 7):
        with pytest.raises(SettingsError):
            new_match(seats, Dream21Settings(), random.Random(1))
    with pytest.raises(SettingsError):
        new_match(3, Dream21Settings(), random.Random(1), dealer=3)


def test_a_drawn_card_is_private_to_the_drawer_and_the_log_reads_as_the_table_says() -> None:
    names = ["Ana", "Bo", "Cy"]
    state = rigged([["2S", "3S"], ["9D", "5S"], ["KC", "QC"]], draw=["7S", "JD"], play=["AH"], total=11, turn=1)
    drew = apply_action(state, Draw(1))
    assert [(e.card, e.private_to) for e in drew] == [(None, None), (c("7S"), 1)]
    assert observe(state, 1).drawn == c("7S") and observe(state, 0).drawn is None
    assert c("7S") not in [e.card for e in observe(state, 2).history]
    played = apply_action(state, Play(1, c("7S")))
    assert describe(played[0], names) == "Bo played 7♠ — total 18"
    stuck = apply_action(state, Draw(2))
    assert describe(stuck[-1], names) == "Cy could not play and takes the trick"
    state = rigged([["2S", "3S"], ["9D", "5S"]], draw=["7S"], play=["JH", "AH"], total=12, turn=1)
    made = apply_action(state, Play(1, c("9D")))
    assert describe(made[1], ["Ana", "Bo"]) == "Bo made 21: Ana takes the trick"


def test_standings_give_totals_and_every_seat_sharing_the_lowest() -> None:
    state = rigged([["KS"], ["4S", "5S"], ["7C", "QC"]], draw=["JD"])
    state.hand.tricks = [1, 1, 3]
    apply_action(state, Play(0, c("KS")))
    table = standings(state)
    assert table.totals == (0, 0, 2) and table.winners == (0, 1) and table.hands_played == 1 and not table.over


def test_a_saved_match_has_a_format_and_reads_back_equal() -> None:
    state = new_match(3, Dream21Settings(), random.Random(3))
    rng = random.Random(3)
    for _ in range(40):
        apply_action(state, random_action(state, rng))
    data = json.loads(json.dumps(match_to_dict(state)))
    assert data["format"] == FORMAT_VERSION
    assert match_from_dict(data) == state == replay_of(state)


def test_corrupt_saved_matches_are_refused() -> None:
    data = match_to_dict(new_match(2, Dream21Settings(), random.Random(3)))
    for broken in (
        {**data, "format": 99},
        {**data, "hand": {**data["hand"], "draw_pile": data["hand"]["draw_pile"][1:]}},
        {**data, "log": [{"kind": "fly", "seat": 0}]},
        {key: value for key, value in data.items() if key != "seed"},
    ):
        with pytest.raises(CorruptStateError):
            match_from_dict(broken)


def test_every_event_of_a_match_can_be_described() -> None:
    state = new_match(4, Dream21Settings(hands_per_seat=1), random.Random(8))
    rng, seen = random.Random(8), set()
    while not state.over:
        for event in apply_action(state, random_action(state, rng)):
            assert describe(event, ["A", "B", "C", "D"])
            seen.add(event.kind)
    assert {EventKind.HAND_ENDED, EventKind.MATCH_ENDED, EventKind.PLAYED, EventKind.DREW} <= seen


def test_a_finished_hand_keeps_its_last_move_which_the_next_hands_table_no_longer_shows() -> None:
    state = new_match(3, Dream21Settings(hands_per_seat=2), random.Random(5))
    rng, last_actions = random.Random(5), []
    while not state.over:
        hands = len(state.results)
        action = random_action(state, rng)
        apply_action(state, action)
        if len(state.results) > hands:
            last_actions.append(action)
    assert len(state.results) == 6
    for result, action in zip(state.results, last_actions, strict=True):
        played, *rest = result.last_moves
        assert isinstance(action, Play) and played.kind is EventKind.PLAYED and played.card == action.card
        assert all(event.is_public for event in result.last_moves)
        assert (result.out is not None) == (EventKind.WENT_OUT in {event.kind for event in rest})
    data = json.loads(json.dumps(match_to_dict(state)))
    assert match_from_dict(data).results == state.results  # kept with the match, and read back
    for result in data["results"]:
        del result["last_moves"]  # a match saved before the hands kept them
    assert all(r.last_moves == () for r in match_from_dict(data).results)
