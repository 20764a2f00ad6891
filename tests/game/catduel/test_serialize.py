"""The JSON form of a match (format version, refusing corrupt data), actions, and what each viewer is shown."""

from __future__ import annotations

import json

import pytest

from game.catduel import (
    FORMAT_VERSION,
    Ability,
    Chance,
    CorruptStateError,
    Move,
    Strategy,
    action_from_dict,
    action_to_dict,
    match_from_dict,
    match_to_dict,
    observe,
)
from tests.game.catduel.support import M, R, S, guard, play, prelude, rigged, scratch


def test_a_match_round_trips_through_json_with_its_format_version() -> None:
    state = rigged([R, M, S], hands=[[Chance.CANT_GUARD], [], []])
    play(state, scratch(0, 1, card=Chance.CANT_GUARD))
    data = json.loads(json.dumps(match_to_dict(state)))
    assert data["format"] == FORMAT_VERSION and data["game"] == "catduel"
    assert match_from_dict(data) == state


@pytest.mark.parametrize("spoil", ["format", "cards", "seats", "garbage"])
def test_corrupt_match_data_is_refused(spoil: str) -> None:
    data = json.loads(json.dumps(match_to_dict(rigged([R, M]))))
    if spoil == "format":
        data["format"] = FORMAT_VERSION + 1
    elif spoil == "cards":
        data["duel"]["deck"].pop()
    elif spoil == "seats":
        data["wins"].append(0)
    else:
        data["duel"]["seats"][0]["cat"] = "tiger"
    with pytest.raises(CorruptStateError):
        match_from_dict(data)


def test_actions_round_trip_and_bad_ones_are_refused() -> None:
    for action in (scratch(0, 1, 2, card=Chance.DOUBLE_SCRATCH), guard(1), prelude(2), prelude(2, Ability.SPOTLIGHT)):
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
    with pytest.raises(CorruptStateError):
        action_from_dict({"kind": "choose", "seat": 0, "move": "nap", "targets": [], "card": None})
    # A stored choice that cannot be read is a seat's secret until the reveal: the error (logged when a game cannot
    # be resumed) names the kind and the seat, not the move, its targets or its card.
    with pytest.raises(CorruptStateError) as refused:
        action_from_dict({"kind": "choose", "seat": 1, "move": "scratch", "targets": [2], "card": "can't_be_read"})
    assert "scratch" not in str(refused.value) and "can't_be_read" not in str(refused.value)
    assert "'choose'" in str(refused.value) and "seat 1" in str(refused.value)


def test_a_chosen_strategy_shows_only_to_its_seat_until_the_reveal() -> None:
    state = rigged([R, M, S], hands=[[Chance.CANT_GUARD], [Chance.GUARD_AND_HEAL], []])
    play(state, scratch(0, 1, card=Chance.CANT_GUARD))
    mine, theirs, public = observe(state, 0), observe(state, 1), observe(state, None)
    assert mine.my_strategy == Strategy(Move.SCRATCH, (1,), Chance.CANT_GUARD)
    assert theirs.my_strategy is None and public.my_strategy is None
    assert theirs.chosen == (0,) and theirs.waiting_for == (1, 2)
    assert theirs.hand == (Chance.GUARD_AND_HEAL,) and public.hand == () and theirs.hand_sizes == (1, 1, 0)
