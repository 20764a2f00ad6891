"""Seeded whole matches between the computer players, 2 to 6 seats, best of 1, 3 and 5, wild abilities on and off."""

from __future__ import annotations

import random

import pytest

from game.catduel import (
    CatDuelSettings,
    EventKind,
    MatchState,
    apply_action,
    legal_actions,
    new_match,
    observe,
    replay_of,
)
from game.catduel.players import PLAYERS, STRENGTHS
from tests.game.catduel.support import FULL, actors, all_cards


def play_out(seats: int, chosen: CatDuelSettings, seed: int) -> tuple[MatchState, list[EventKind]]:
    """A whole match: each seat a computer player of some strength, the actor picked at random."""
    rng = random.Random(seed)
    state = new_match(seats, chosen, rng)
    kinds: list[EventKind] = []
    while not state.over:
        seat = rng.choice(actors(state))
        player = PLAYERS[STRENGTHS[seat % len(STRENGTHS)]]
        action = player(observe(state, seat), legal_actions(state, seat), rng)
        kinds.extend(event.kind for event in apply_action(state, action))
        assert all_cards(state) == FULL
    return state, kinds


@pytest.mark.parametrize(("seats", "best_of", "wild"), [(2, 5, False), (3, 3, True), (4, 1, True), (5, 1, False),
                                                        (6, 1, False)])
def test_a_seeded_match_plays_to_the_end_and_replays(seats: int, best_of: int, wild: bool) -> None:
    state, kinds = play_out(seats, CatDuelSettings(best_of=best_of, wild_abilities=wild), seed=seats * 11)
    needed = best_of // 2 + 1
    assert max(state.wins) == needed and len(state.results) >= needed
    assert kinds.count(EventKind.DUEL_ENDED) == len(state.results) and kinds[-1] is EventKind.MATCH_ENDED
    assert sum(len(r.winners) for r in state.results) == sum(state.wins)
    assert all(r.rounds >= 1 for r in state.results)
    assert replay_of(state) == state


def test_the_same_seed_plays_the_same_match() -> None:
    first, _ = play_out(3, CatDuelSettings(), seed=5)
    second, _ = play_out(3, CatDuelSettings(), seed=5)
    assert first == second
