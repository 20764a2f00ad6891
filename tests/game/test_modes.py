"""The game-mode contract (game.modes), checked the same way for every game in game.games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import GameError
from game.games import GAMES, game_mode
from game.modes import GameMode, UnknownGameError
from tests.game.support import plain

MAX_STEPS = 5000
CHECK_EVERY = 37  # the round trip and the replay are checked at every 37th step and at the end
CONTRACT: dict[str, GameMode[Any, Any, Any]] = GAMES


def _play(mode: GameMode[Any, Any, Any], seats: int, seed: int) -> tuple[Any, int]:
    """A whole match between computer players of every strength; the state and the number of actions."""
    rng = random.Random(seed)
    state = mode.start(seats, {}, rng)
    strengths = list(mode.players)
    steps = 0
    while not mode.is_over(state) and steps < MAX_STEPS:
        actors = mode.actors(state)
        assert actors, "a running match always waits for someone"
        seat = rng.choice(actors)
        action = mode.computer_action(state, seat, strengths[seat % len(strengths)], rng)
        assert action in mode.legal_actions(state, seat)
        mode.apply_action(state, action)
        steps += 1
        if steps % CHECK_EVERY == 0:
            _check_stored_and_replayed(mode, state)
            _check_repeat_is_refused_cleanly(mode, state, seat, action)
    return state, steps


def _check_stored_and_replayed(mode: GameMode[Any, Any, Any], state: Any) -> None:
    data = mode.to_dict(state)
    assert mode.to_dict(mode.from_dict(data)) == data
    assert mode.to_dict(mode.replay_of(state)) == data
    # What a store writes (the log as text kept across saves) reads back as the same JSON.
    assert json.loads(json.dumps(plain(mode.to_stored(state)))) == json.loads(json.dumps(data))


def _check_repeat_is_refused_cleanly(mode: GameMode[Any, Any, Any], state: Any, seat: int, action: Any) -> None:
    if action in mode.legal_actions(state, seat):
        return
    before = mode.to_dict(state)
    with pytest.raises(GameError):
        mode.apply_action(state, action)
    assert mode.to_dict(state) == before


@pytest.mark.parametrize("key", list(CONTRACT))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 4))
def test_every_game_plays_to_its_end_by_the_contract(key: str, seed: int, extra: int) -> None:
    mode = CONTRACT[key]
    seats = min(mode.max_seats, mode.min_seats + extra)
    state, steps = _play(mode, seats, seed)
    assert mode.is_over(state), f"{mode.title} did not end in {MAX_STEPS} actions"
    _check_stored_and_replayed(mode, state)
    result = mode.result(state)
    assert len(result.totals) == seats
    assert result.winners == tuple(s for s, total in enumerate(result.totals) if total == min(result.totals))
    assert mode.actors(state) == [] and steps > 0


# Per game, the observation's fields that hold what only its seat may see (its cards, its held card, its choice).
PRIVATE_FIELDS = {"dreamcats": ("known", "holding", "options"), "dream21": ("hand", "drawn"),
                  "catduel": ("hand", "my_prelude", "my_strategy")}


@pytest.mark.parametrize("key", list(CONTRACT))
def test_actions_survive_json_spectators_see_nothing_private_and_each_seat_its_own(key: str) -> None:
    mode = CONTRACT[key]
    state = mode.start(mode.min_seats, {}, random.Random(5))
    for seat in mode.actors(state):
        for action in mode.legal_actions(state, seat):
            assert mode.action_from_dict(mode.action_to_dict(action)) == action
    seat = mode.actors(state)[0]
    mode.apply_action(state, mode.legal_actions(state, seat)[0])  # Dreamcats: an initial peek shows two cards
    public = mode.observe(state, None)
    assert public.seat is None and not any(getattr(public, name) for name in PRIVATE_FIELDS[key])
    mine, other = mode.observe(state, seat), mode.observe(state, 1 - seat)
    assert any(getattr(mine, name) for name in PRIVATE_FIELDS[key])
    assert [getattr(mine, name) for name in PRIVATE_FIELDS[key]] != [getattr(other, name) for name in
                                                                      PRIVATE_FIELDS[key]]


def test_the_flagship_comes_first_and_an_unknown_game_is_refused() -> None:
    assert list(GAMES)[0] == "dreamcats"
    assert {mode.title for mode in GAMES.values()} >= {"Dreamcats", "Dream 21", "Cat Duel"}
    with pytest.raises(UnknownGameError):
        game_mode("chess")
    with pytest.raises(UnknownGameError):
        game_mode("dreamcats").computer_action(GAMES["dreamcats"].start(2, {}, random.Random(1)), 0, "genius",
                                                random.Random(1))
