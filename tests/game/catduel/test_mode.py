"""Cat Duel behind the game-mode protocol: simultaneous actors, turn, turn_key and move_number."""

from __future__ import annotations

from game.catduel import Ability, CatDuelSettings
from game.catduel.mode import CATDUEL
from tests.game.catduel.support import A, M, R, S, guard, play, prelude, purr, rigged, scratch


def test_every_seat_with_a_choice_is_an_actor_and_turn_is_the_lowest_still_to_choose() -> None:
    state = rigged([R, M, S])
    assert CATDUEL.actors(state) == [0, 1, 2] and CATDUEL.turn(state) == 0
    key, moves = CATDUEL.turn_key(state), CATDUEL.move_number(state)
    play(state, guard(0), purr(2))
    assert CATDUEL.actors(state) == [0, 1, 2]  # a seat that has chosen may still change its choice
    assert CATDUEL.turn(state) == 1 and CATDUEL.turn_key(state) == key
    assert CATDUEL.move_number(state) == moves + 2
    play(state, scratch(1, 0))
    assert CATDUEL.turn_key(state) == (key[0] + 1, 1) and CATDUEL.turn(state) == 0


def test_a_prelude_has_its_own_turn_key_and_only_its_seats_act() -> None:
    state = rigged([R, A, S], ready=[Ability.SPOTLIGHT, Ability.LONELINESS])
    assert CATDUEL.actors(state) == [1, 2] and CATDUEL.turn(state) == 1
    assert CATDUEL.turn_key(state) == (1, 0)
    play(state, prelude(2, Ability.LONELINESS), prelude(1))
    assert CATDUEL.turn_key(state) == (1, 1) and CATDUEL.actors(state) == [0, 1]


def test_the_result_and_settings_through_the_mode() -> None:
    state = rigged([R, M], hps=[1, 10])
    play(state, purr(0), scratch(1, 0))
    assert CATDUEL.is_over(state) and CATDUEL.turn(state) is None and CATDUEL.actors(state) == []
    assert CATDUEL.result(state).winners == (1,) and CATDUEL.result(state).totals == (1, 0)
    assert CATDUEL.read_settings({"best_of": 3}) == CatDuelSettings(best_of=3)
    assert CATDUEL.read_settings({}) == CatDuelSettings()
