"""The hard player face to face: its round arithmetic agrees with the engine, it stays honest and sharp, and its table
of chances is built only when first needed."""

from __future__ import annotations

import itertools
import random

import pytest

from game.catduel import CatDuelSettings, Chance, Choose, Move, legal_actions, new_match, observe
from game.catduel.cards import cards_for
from game.catduel.players import PLAYERS
from game.catduel.players.duel import Side, settle, value, win_chance
from game.catduel.players.reading import card_odds, strategies, unseen
from tests.game.catduel.support import M, R, actors, play, random_step, reshuffle_hidden, rigged
from tests.probe import printed_by


def strategies_with(move: Move, seat: int) -> list[Choose]:
    """Every strategy of a seat for this move (scratching the other seat of two), with or without a card."""
    targets = (1 - seat,) if move is Move.SCRATCH else ()
    return [Choose(seat, move, targets, card) for card in (None, *cards_for(move))]


PAIRS = [(a, b) for m, n in itertools.product(Move, Move) for a in strategies_with(m, 0) for b in strategies_with(n, 1)]


@pytest.mark.parametrize(("mine", "theirs"), PAIRS)
def test_settle_agrees_with_the_engine_when_the_order_cannot_matter(mine: Choose, theirs: Choose) -> None:
    hands = [[mine.card] if mine.card else [], [theirs.card] if theirs.card else []]
    state = rigged([R, M], hps=[10, 10], hands=hands)
    play(state, mine, theirs)
    a, b, _ = settle(Side(10, mine.move, mine.card), Side(10, theirs.move, theirs.card), True)
    assert (a, b) == (state.duel.seats[0].hp, state.duel.seats[1].hp)


def test_the_first_scratch_settled_knocks_out_and_the_second_does_nothing() -> None:
    assert settle(Side(1, Move.SCRATCH), Side(1, Move.SCRATCH), True)[:2] == (1, 0)
    assert settle(Side(1, Move.SCRATCH), Side(1, Move.SCRATCH), False)[:2] == (0, 1)


def test_the_win_chance_grows_with_my_hp_and_falls_with_theirs() -> None:
    table = win_chance()
    assert all(table[a][10] <= table[a + 1][10] for a in range(1, 19))
    assert all(table[10][b] >= table[10][b + 1] for b in range(1, 19))
    assert value(0, 5) == 0.0 and value(5, 0) == 1.0 and value(0, 0) == 0.5 and value(20, 12) == 1.0


def test_the_guessed_cards_are_chances_that_add_up() -> None:
    obs = observe(rigged([R, M], hands=[[Chance.REVERSE_SCRATCH], [Chance.CANT_GUARD]]), 0)
    for move in Move:
        odds = card_odds(unseen(obs), move, 4)
        assert abs(sum(p for p, _ in odds) - 1) < 1e-9 and all(p > 0 for p, _ in odds)
    assert abs(sum(p for p, _ in strategies(obs, 0, 1)) - 1) < 1e-9


def test_hard_is_honest_face_to_face() -> None:
    rng = random.Random(5)
    for game in range(6):
        state = new_match(2, CatDuelSettings(wild_abilities=True), random.Random(game))
        while not state.over:
            for seat in actors(state):
                legal = legal_actions(state, seat)
                seed = rng.random()
                mine = PLAYERS["hard"](observe(state, seat), legal, random.Random(seed))
                other = reshuffle_hidden(state, seat, rng)
                assert PLAYERS["hard"](observe(other, seat), legal, random.Random(seed)) == mine
                assert mine in legal
            play(state, random_step(state, rng))


def test_hard_finishes_a_cat_it_can_knock_out() -> None:
    state = rigged([R, M], hps=[10, 1], hands=[[Chance.CANT_GUARD], []])
    legal = legal_actions(state, 0)
    picks = [PLAYERS["hard"](observe(state, 0), legal, random.Random(i)) for i in range(20)]
    assert all(p == Choose(0, Move.SCRATCH, (1,), Chance.CANT_GUARD) for p in picks)


def test_the_win_chance_table_is_built_at_its_first_use_not_when_the_players_are_imported() -> None:
    """The table takes about 0.1 s to build: a bot starting up imports every game's players and must not pay for it."""
    probe = ("import game.games; from game.catduel.players.duel import win_chance; "
             "print(win_chance.cache_info().currsize)")
    assert printed_by("-c", probe) == "0"
