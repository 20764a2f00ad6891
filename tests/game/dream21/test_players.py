"""The Dream 21 computer players: always legal, never passing up 21, honest, and counting cards."""

from __future__ import annotations

import random

import pytest

from game.dream21 import (
    Dream21Settings,
    MatchState,
    Play,
    apply_action,
    legal_actions,
    new_match,
    observe,
)
from game.dream21.players import PLAYERS, STRENGTHS, UnknownPlayerError, get_player
from tests.game.dream21.support import c, random_action, rigged


def positions(seats: int, seed: int, count: int) -> list[MatchState]:
    """Copies of a random match at `count` moments, each with the seat in turn to decide."""
    rng = random.Random(seed)
    state = new_match(seats, Dream21Settings(hands_per_seat=1), rng)
    taken: list[MatchState] = []
    while not state.over and len(taken) < count:
        if rng.random() < 0.3:
            taken.append(state.copy())
        apply_action(state, random_action(state, rng))
    return taken


@pytest.mark.parametrize("name", STRENGTHS)
@pytest.mark.parametrize("seats", [2, 3, 6])
def test_players_finish_matches_with_legal_actions(name: str, seats: int) -> None:
    player, rng = get_player(name), random.Random(seats)
    state = new_match(seats, Dream21Settings(hands_per_seat=1), rng)
    while not state.over:
        seat = state.hand.turn
        legal = legal_actions(state, seat)
        action = player(observe(state, seat), legal, rng)
        assert action in legal
        apply_action(state, action)
    assert len(state.results) == seats


@pytest.mark.parametrize("name", STRENGTHS)
def test_every_player_makes_21_without_drawing_when_it_can(name: str) -> None:
    state = rigged([["KS", "2H"], ["7C", "4C", "KC"]], draw=["5D"], play=["9H", "5H"], turn=1)
    action = get_player(name)(observe(state, 1), legal_actions(state, 1), random.Random(1))
    assert action == Play(1, c("7C"))


@pytest.mark.parametrize("name", STRENGTHS)
def test_a_player_never_plays_an_ace_high_for_nothing(name: str) -> None:
    state = rigged([["AS", "2H"], ["7C", "4C", "KC"]], draw=["5D"])
    legal = legal_actions(state, 0)
    assert any(isinstance(a, Play) and a.ace_high for a in legal)  # the ace may be played high here
    for seed in range(20):
        action = get_player(name)(observe(state, 0), legal, random.Random(seed))
        assert not (isinstance(action, Play) and action.ace_high), seed


@pytest.mark.parametrize("name", STRENGTHS)
@pytest.mark.parametrize("seats", [2, 4])
def test_reshuffling_every_card_the_seat_does_not_know_never_changes_its_decision(name: str, seats: int) -> None:
    player = get_player(name)
    for number, state in enumerate(positions(seats, seed=seats * 100 + len(name), count=8)):
        seat, hand = state.hand.turn, state.hand
        other = state.copy()
        others = [cards for s, cards in enumerate(other.hand.hands) if s != seat]
        hidden = [*other.hand.draw_pile, *(card for cards in others for card in cards)]
        random.Random(number).shuffle(hidden)
        for cards in others:
            cards[:] = [hidden.pop() for _ in cards]
        other.hand.draw_pile[:] = hidden
        assert other.hand.hands != hand.hands or other.hand.draw_pile != hand.draw_pile or not hidden
        mine = player(observe(state, seat), legal_actions(state, seat), random.Random(number))
        theirs = player(observe(other, seat), legal_actions(other, seat), random.Random(number))
        assert mine == theirs


def test_the_registry_names_the_strengths_and_loads_functions() -> None:
    assert set(PLAYERS) == set(STRENGTHS) == {"easy", "normal", "hard"}
    assert get_player("game.dream21.players.easy:easy") is PLAYERS["easy"]
    for bad in ("nightmare", "game.dream21.players.easy:nothing", "no.such.module:f", "game.dream21.cards:TARGET"):
        with pytest.raises(UnknownPlayerError):
            get_player(bad)
