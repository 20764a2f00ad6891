"""One test per line of the chance card table (RULES-catduel.md §2) and of §4-§5, with the combinations."""

from __future__ import annotations

from game.catduel import Ability, Chance, EventKind
from tests.game.catduel.support import E, M, P, R, S, guard, hp_changes, kinds, play, prelude, purr, rigged, scratch

DP, GP, PD = Chance.DOUBLE_PURRING, Chance.GUARANTEED_PURRING, Chance.PURR_AND_DRAW
RS, GH, GD = Chance.REVERSE_SCRATCH, Chance.GUARD_AND_HEAL, Chance.GUARD_AND_DRAW
CR, CG, DS = Chance.CANT_REVERSE, Chance.CANT_GUARD, Chance.DOUBLE_SCRATCH


def test_a_plain_purr_gains_1_and_a_guard_nobody_scratched_does_nothing() -> None:
    state = rigged([R, M])
    events = play(state, purr(0), guard(1))
    assert hp_changes(events) == {0: 1}
    assert [cat.hp for cat in state.duel.seats] == [11, 10]


def test_a_scratch_on_a_scratching_cat_deals_1_each_way() -> None:
    state = rigged([R, M])
    play(state, scratch(0, 1), scratch(1, 0))
    assert [cat.hp for cat in state.duel.seats] == [9, 9]


def test_double_purring_gains_2_if_not_attacked_and_loses_1_if_attacked() -> None:
    state = rigged([R, M, E], hands=[[DP], [DP], []])
    play(state, purr(0, DP), purr(1, DP), scratch(2, 1))
    assert [cat.hp for cat in state.duel.seats] == [12, 9, 10]


def test_guaranteed_purring_gains_1_even_under_two_scratches() -> None:
    state = rigged([R, M, E], hands=[[GP], [], [DS]])
    events = play(state, purr(0, GP), scratch(1, 0), scratch(2, 0, card=DS))
    assert [cat.hp for cat in state.duel.seats] == [11, 10, 10]
    assert len(kinds(events, EventKind.ATTACKED)) == 2


def test_a_purring_cat_attacked_by_two_scratches_loses_exactly_1() -> None:
    state = rigged([R, M, E], hands=[[], [], [DS]])
    play(state, purr(0), scratch(1, 0), scratch(2, 0, card=DS))
    assert state.duel.seats[0].hp == 9


def test_purr_and_draw_draws_only_if_the_purr_succeeds() -> None:
    state = rigged([R, M], hands=[[PD], [PD]])
    play(state, purr(0, PD), scratch(1, 0))
    assert state.duel.seats[0].hand == [] and state.duel.seats[0].hp == 9
    state = rigged([R, M], hands=[[PD], []])
    top = state.duel.deck[-1]
    play(state, purr(0, PD), guard(1))
    assert state.duel.seats[0].hand == [top] and len(state.duel.deck) == 25
    assert state.duel.seats[0].hp == 11


def test_reverse_scratch_sends_a_stopped_scratch_back() -> None:
    state = rigged([R, M], hands=[[RS], []])
    events = play(state, guard(0, RS), scratch(1, 0))
    assert [cat.hp for cat in state.duel.seats] == [10, 9]
    assert kinds(events, EventKind.REVERSED)[0].seat == 1


def test_guard_and_heal_heals_only_after_stopping_a_scratch() -> None:
    state = rigged([R, M], hands=[[GH], []])
    play(state, guard(0, GH), scratch(1, 0))
    assert state.duel.seats[0].hp == 11
    state = rigged([R, M], hands=[[GH], []])
    play(state, guard(0, GH), purr(1))
    assert state.duel.seats[0].hp == 10 and state.duel.used == [GH]  # used up all the same


def test_guard_and_draw_draws_only_after_stopping_a_scratch() -> None:
    state = rigged([R, M], hands=[[GD], []])
    play(state, guard(0, GD), scratch(1, 0))
    assert len(state.duel.seats[0].hand) == 1
    state = rigged([R, M], hands=[[GD], []])
    play(state, guard(0, GD), guard(1))
    assert state.duel.seats[0].hand == []


def test_cant_reverse_makes_a_reverse_scratch_only_dodge() -> None:
    state = rigged([R, M], hands=[[RS], [CR]])
    events = play(state, guard(0, RS), scratch(1, 0, card=CR))
    assert [cat.hp for cat in state.duel.seats] == [10, 10]
    assert kinds(events, EventKind.STOPPED) and not kinds(events, EventKind.REVERSED)


def test_cant_guard_hits_a_guarding_cat() -> None:
    state = rigged([R, M], hands=[[], [CG]])
    play(state, guard(0), scratch(1, 0, card=CG))
    assert state.duel.seats[0].hp == 9


def test_cant_guard_against_reverse_scratch_hits_and_nothing_is_reversed() -> None:
    state = rigged([R, M], hands=[[RS, GH], [CG]])
    events = play(state, guard(0, RS), scratch(1, 0, card=CG))
    assert [cat.hp for cat in state.duel.seats] == [9, 10]
    assert not kinds(events, EventKind.REVERSED) and not kinds(events, EventKind.STOPPED)
    assert sorted(state.duel.used) == sorted([RS, CG]) and state.duel.seats[0].hand == [GH]


def test_double_scratch_deals_2_to_one_target() -> None:
    state = rigged([R, M], hands=[[], [DS]])
    play(state, scratch(0, 1), scratch(1, 0, card=DS))
    assert [cat.hp for cat in state.duel.seats] == [8, 9]


def test_double_scratch_split_across_two_targets_deals_1_each() -> None:
    state = rigged([R, M, E], hands=[[DS], [], []])
    events = play(state, scratch(0, 1, 2, card=DS), scratch(1, 2), guard(2))
    assert [cat.hp for cat in state.duel.seats] == [10, 9, 10]
    assert {(e.seat, e.other, e.amount) for e in kinds(events, EventKind.HIT)} == {(0, 1, 1)}
    assert {(e.seat, e.other) for e in kinds(events, EventKind.STOPPED)} == {(0, 2), (1, 2)}


def test_a_scratch_on_a_cat_that_skips_hits_it() -> None:
    state = rigged([S, M], ready=[Ability.LONELINESS])
    play(state, prelude(0, Ability.LONELINESS), scratch(1, 0))
    assert state.duel.seats[0].hp == 9


def test_the_card_played_goes_to_the_used_pile_whether_or_not_it_worked() -> None:
    state = rigged([P, M], hands=[[DP, GH], [CG]])
    play(state, purr(0, DP), guard(1))
    assert state.duel.used == [DP] and state.duel.seats[0].hand == [GH]


def test_hp_has_no_upper_limit_below_the_win() -> None:
    state = rigged([R, M, E], hps=[19, 10, 10], hands=[[DP], [], []])
    play(state, purr(0, DP), guard(1), guard(2))
    assert state.duel.seats[0].hp == 21 and state.over
