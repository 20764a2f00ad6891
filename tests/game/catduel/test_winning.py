"""Winning (RULES-catduel.md §7): 20 HP, the last cat in, cats out together, best of 3 and 5, the safety stop."""

from __future__ import annotations

from game.catduel import Ability, CatDuelSettings, Chance, EventKind, MatchState, Phase, totals
from game.catduel.mode import CATDUEL
from tests.game.catduel.support import E, M, P, R, actors, guard, kinds, play, prelude, purr, rigged, scratch

DP, CRIT = Chance.DOUBLE_PURRING, Ability.CRITICAL_HIT


def test_20_hp_at_the_end_of_a_round_wins() -> None:
    state = rigged([R, M], hps=[19, 5])
    events = play(state, purr(0), guard(1))
    assert state.over and state.results[0].winners == (0,)
    assert kinds(events, EventKind.DUEL_ENDED)[0].seats == (0,)
    assert kinds(events, EventKind.MATCH_ENDED)[0].seats == (0,)


def test_several_at_20_the_highest_wins_and_equal_share() -> None:
    state = rigged([R, M, E], hps=[19, 19, 19], hands=[[DP], [], []])
    play(state, purr(0, DP), purr(1), guard(2))
    assert state.results[0].winners == (0,)
    state = rigged([R, M, E], hps=[19, 19, 19])
    play(state, purr(0), purr(1), guard(2))
    assert state.results[0].winners == (0, 1)


def test_the_last_cat_in_wins() -> None:
    state = rigged([R, M, E], hps=[1, 1, 10])
    play(state, purr(0), guard(1), scratch(2, 0))
    assert not state.over and state.duel.living() == [1, 2]
    play(state, purr(1), scratch(2, 1))
    assert state.results[0].winners == (2,) and state.over


def test_cats_going_out_in_the_same_round_share_the_win() -> None:
    state = rigged([R, M], hps=[1, 1], wild=[None, CRIT], ready=[CRIT])
    play(state, prelude(1, CRIT))
    events = play(state, purr(0), scratch(1, 0))  # the purr attacked costs 1, then Critical Hit costs 1
    assert [e.seat for e in kinds(events, EventKind.OUT)] == [0, 1]
    assert state.results[0].winners == (0, 1) and state.over


def test_a_cat_knocked_out_first_in_the_settlement_does_not_scratch() -> None:
    state = rigged([R, M], hps=[1, 1])
    # Whoever settles first knocks the other out, whose scratch then does nothing: one winner.
    events = play(state, scratch(0, 1), scratch(1, 0))
    first = kinds(events, EventKind.ORDER)[0].seats[0]
    assert [e.seat for e in kinds(events, EventKind.HIT)] == [first]
    assert state.results[0].winners == (first,)


def test_the_safety_stop_ends_a_duel_after_round_200() -> None:
    state = rigged([R, M, E], hps=[4, 7, 7])
    state.duel.round = 200
    play(state, guard(0), purr(1), purr(2))
    assert state.over and state.results[0].winners == (1, 2) and state.results[0].rounds == 200


def test_best_of_3_plays_duels_until_a_seat_has_two_wins() -> None:
    state = rigged([R, P], hps=[10, 1], settings=CatDuelSettings(best_of=3))
    events = play(state, scratch(0, 1), purr(1))
    assert not state.over and state.wins == [1, 0] and state.duel.number == 2
    assert kinds(events, EventKind.DUEL_STARTED)[0].count == 2
    assert [cat.hp for cat in state.duel.seats] == [10, 8]  # a fresh duel at full HP
    assert [len(cat.hand) for cat in state.duel.seats] == [2, 2] and len(state.duel.deck) == 23
    win_duel(state, 0)
    assert state.over and state.wins == [2, 0] and totals(state) == (0, 2)
    assert CATDUEL.result(state).winners == (0,)


def test_best_of_5_needs_three_and_a_shared_duel_counts_for_both() -> None:
    state = rigged([R, P], hps=[1, 1], wild=[None, CRIT], ready=[CRIT], settings=CatDuelSettings(best_of=5))
    play(state, prelude(1, CRIT), purr(0), scratch(1, 0))
    assert state.wins == [1, 1]
    win_duel(state, 1)
    assert not state.over and state.wins == [1, 2]
    win_duel(state, 1)
    assert state.over and state.wins == [1, 3] and CATDUEL.result(state).winners == (1,)


def win_duel(state: MatchState, seat: int) -> None:
    """The seat scratches its opponent out (two seats), the other purring; both pass in any prelude."""
    other = 1 - seat
    number = state.duel.number
    while state.duel.number == number and not state.over:
        if state.duel.phase is Phase.PRELUDE:
            play(state, *(prelude(s) for s in actors(state)))
        play(state, *sorted([scratch(seat, other), purr(other)], key=lambda a: a.seat))
