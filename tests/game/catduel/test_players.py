"""The Cat Duel computer players: always legal, sensible, and honest (they decide from their own view only)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.catduel import (
    Ability,
    CatDuelSettings,
    Chance,
    MatchState,
    Move,
    apply_action,
    legal_actions,
    new_match,
    observe,
)
from game.catduel.players import PLAYERS, STRENGTHS
from tests.game.catduel.support import A, M, R, S, actors, guard, prelude, random_step, reshuffle_hidden, rigged


def positions(seats: int, seed: int, count: int) -> list[MatchState]:
    """Copies of a random match at `count` moments."""
    rng = random.Random(seed)
    state = new_match(seats, CatDuelSettings(wild_abilities=True), rng)
    taken: list[MatchState] = []
    while not state.over and len(taken) < count:
        if rng.random() < 0.2:
            taken.append(state.copy())
        apply_action(state, random_step(state, rng))
    return taken


@pytest.mark.parametrize("name", STRENGTHS)
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_players_choose_legal_actions_everywhere(name: str, seats: int) -> None:
    rng = random.Random(seats)
    for state in positions(seats, seats, 25):
        for seat in actors(state):
            legal = legal_actions(state, seat)
            assert PLAYERS[name](observe(state, seat), legal, rng) in legal


@pytest.mark.parametrize("name", STRENGTHS)
def test_players_are_honest_reshuffling_what_a_seat_cannot_see_never_changes_its_decision(name: str) -> None:
    rng = random.Random(9)
    for state in positions(5, 3, 30):
        for seat in actors(state):
            other = reshuffle_hidden(state, seat, rng)
            legal = legal_actions(state, seat)
            assert legal_actions(other, seat) == legal
            seed = rng.random()
            mine = PLAYERS[name](observe(state, seat), legal, random.Random(seed))
            theirs = PLAYERS[name](observe(other, seat), legal, random.Random(seed))
            assert mine == theirs


def test_normal_finishes_a_cat_at_1_hp() -> None:
    state = rigged([R, M, S], hps=[10, 1, 10])
    for seed in range(10):
        action = PLAYERS["normal"](observe(state, 0), legal_actions(state, 0), random.Random(seed))
        assert action.move is Move.SCRATCH and action.targets == (1,)  # type: ignore[union-attr]


def test_normal_guards_when_low_and_plays_its_reverse_scratch() -> None:
    state = rigged([R, M], hps=[3, 10], hands=[[Chance.REVERSE_SCRATCH], []])
    action = PLAYERS["normal"](observe(state, 0), legal_actions(state, 0), random.Random(1))
    assert action == guard(0, Chance.REVERSE_SCRATCH)


def test_normal_uses_spotlight_when_ready() -> None:
    state = rigged([A, R], ready=[Ability.SPOTLIGHT])
    action = PLAYERS["normal"](observe(state, 0), legal_actions(state, 0), random.Random(1))
    assert action == prelude(0, Ability.SPOTLIGHT)


def hard_moves(state: MatchState, seat: int, times: int) -> Counter[Move]:
    """How often the hard player picks each move from this position, over many random generators."""
    legal = legal_actions(state, seat)
    return Counter(PLAYERS["hard"](observe(state, seat), legal, random.Random(i)).move  # type: ignore[union-attr]
                   for i in range(times))


def test_hard_reads_the_public_reveals_guarding_against_a_cat_that_always_scratches_it() -> None:
    calm = rigged([R, M], hps=[10, 10], hands=[[Chance.GUARD_AND_HEAL], []])
    calm.duel.moves_shown = [[0, 0, 0], [8, 0, 0]]  # seat 1 always purred
    wild = rigged([R, M], hps=[10, 10], hands=[[Chance.GUARD_AND_HEAL], []])
    wild.duel.moves_shown = [[0, 0, 0], [0, 0, 8]]
    wild.duel.scratches_shown = [[0, 0], [8, 0]]
    assert hard_moves(wild, 0, 60)[Move.GUARD] > hard_moves(calm, 0, 60)[Move.GUARD] + 10


def test_hard_plays_a_mixed_strategy() -> None:
    state = rigged([R, M, S], hands=[[Chance.DOUBLE_SCRATCH, Chance.GUARD_AND_HEAL], [], []])
    assert len(hard_moves(state, 0, 60)) >= 2
