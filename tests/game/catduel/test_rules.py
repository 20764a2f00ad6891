"""One test per named check, the secret and changeable choices, the cats table (§1) and the settings."""

from __future__ import annotations

import random

import pytest

from game.catduel import (
    Ability,
    AbilityCoolingError,
    AbilityNotOwnedError,
    Action,
    CardMoveMismatchError,
    CardNotHeldError,
    Cat,
    CatDuelSettings,
    Chance,
    Choose,
    EventKind,
    MatchOverError,
    MatchState,
    Move,
    NoPreludeChoiceError,
    NotAMoveError,
    NotPreludeAbilityError,
    SettingsError,
    TargetError,
    UnknownSeatError,
    WrongPhaseError,
    apply_action,
    check_action,
    legal_actions,
    match_from_seed,
    new_match,
)
from game.errors import GameError
from tests.game.catduel.support import A, E, M, R, S, guard, kinds, play, prelude, purr, rigged, scratch

DS, GH, CG = Chance.DOUBLE_SCRATCH, Chance.GUARD_AND_HEAL, Chance.CANT_GUARD


def refused(state: MatchState, action: Action, error: type[GameError]) -> None:
    """The action raises that error (and `apply_action` changes nothing)."""
    before = state.copy()
    with pytest.raises(error):
        apply_action(state, action)
    assert state == before


def test_the_cats_table() -> None:
    table = {cat: (cat.start_hp, cat.ability) for cat in Cat}
    assert table == {
        Cat.PERSIAN: (8, Ability.REJUVENATION), Cat.RAGDOLL: (10, Ability.GENTLEMAN),
        Cat.MAINE_COON: (10, Ability.HUNTING), Cat.EXOTIC_SHORTHAIR: (10, Ability.RECYCLING),
        Cat.SIAMESE: (10, Ability.LONELINESS), Cat.ABYSSINIAN: (10, Ability.SPOTLIGHT),
    }


def test_picked_cats_are_kept_and_the_others_get_random_free_ones_and_two_hands_of_two() -> None:
    state = new_match(4, CatDuelSettings(), random.Random(3), cats=[None, Cat.PERSIAN, None, Cat.SIAMESE])
    assert state.cats[1] is Cat.PERSIAN and state.cats[3] is Cat.SIAMESE and len(set(state.cats)) == 4
    assert [cat.hp for cat in state.duel.seats] == [c.start_hp for c in state.cats]
    assert [len(cat.hand) for cat in state.duel.seats] == [2, 2, 2, 2] and len(state.duel.deck) == 19
    with pytest.raises(SettingsError):
        new_match(2, CatDuelSettings(), random.Random(3), cats=[Cat.PERSIAN, Cat.PERSIAN])


@pytest.mark.parametrize("bad", [{"best_of": 2}, {"turn_timer": 10}, {"turn_timer": 301}, {"wild_abilities": 1}])
def test_settings_outside_the_rules_are_refused(bad: dict[str, int]) -> None:
    with pytest.raises(SettingsError):
        CatDuelSettings.from_dict(bad)


@pytest.mark.parametrize("seats", [1, 7])
def test_two_to_six_seats(seats: int) -> None:
    with pytest.raises(SettingsError):
        match_from_seed(seats, CatDuelSettings(), 1, tuple(Cat)[:min(seats, 6)])


def test_nothing_happens_once_the_match_is_over_and_unknown_seats_are_refused() -> None:
    state = rigged([R, M], hps=[1, 10])
    refused(state, scratch(7, 0), UnknownSeatError)
    play(state, purr(0), scratch(1, 0))
    assert state.over
    refused(state, guard(1), MatchOverError)
    assert legal_actions(state, 1) == []


def test_prelude_choices_come_in_the_prelude_and_strategies_after() -> None:
    state = rigged([S, R], ready=[Ability.LONELINESS])
    refused(state, purr(0), WrongPhaseError)
    refused(state, prelude(1), NoPreludeChoiceError)
    refused(state, prelude(0, Ability.REJUVENATION), NotPreludeAbilityError)
    refused(state, prelude(0, Ability.SPOTLIGHT), AbilityNotOwnedError)
    play(state, prelude(0))
    refused(state, prelude(0), WrongPhaseError)


def test_a_cooling_prelude_ability_is_refused() -> None:
    state = rigged([S, A], ready=[Ability.SPOTLIGHT])
    state.duel.seats[0].ready_from = {Ability.LONELINESS: 3}
    refused(state, prelude(0, Ability.LONELINESS), NoPreludeChoiceError)
    state.duel.seats[0].abilities = (Ability.LONELINESS, Ability.CRITICAL_HIT)
    refused(state, prelude(0, Ability.LONELINESS), AbilityCoolingError)
    check_action(state, prelude(0, Ability.CRITICAL_HIT))


@pytest.mark.parametrize("action", [
    Choose(0, Move.PURR, (1,)), Choose(0, Move.GUARD, (0,)), scratch(0), scratch(0, 0), scratch(0, 5),
    scratch(0, 1, 2), scratch(0, 1, 1, card=DS), scratch(0, 3),
])
def test_targets_purr_and_guard_yourself_a_scratch_one_other_living_cat(action: Choose) -> None:
    state = rigged([R, M, E, S], hps=[10, 10, 10, 10], hands=[[DS], [], [], []])
    state.duel.seats[3].out_round = 1
    refused(state, action, TargetError)


def test_a_move_must_be_purr_guard_or_scratch() -> None:
    refused(rigged([R, M]), Choose(0, "nap", ()), NotAMoveError)  # type: ignore[arg-type]


def test_double_scratch_allows_two_targets() -> None:
    state = rigged([R, M, E], hands=[[DS], [], []])
    check_action(state, scratch(0, 1, 2, card=DS))
    assert scratch(0, 2, 1, card=DS) in legal_actions(state, 0)


def test_the_card_must_be_held_and_go_with_the_move() -> None:
    state = rigged([R, M], hands=[[GH], []])
    refused(state, purr(0, Chance.DOUBLE_PURRING), CardNotHeldError)
    refused(state, purr(0, GH), CardMoveMismatchError)
    check_action(state, guard(0, GH))


def test_legal_actions_are_every_move_target_and_matching_card() -> None:
    state = rigged([R, M, E], hands=[[DS, GH], [], []])
    legal = set(legal_actions(state, 0))
    assert legal == {purr(0), guard(0), guard(0, GH), scratch(0, 1), scratch(0, 2), scratch(0, 1, card=DS),
                     scratch(0, 2, card=DS), scratch(0, 1, 2, card=DS), scratch(0, 2, 1, card=DS)}


def test_a_choice_is_secret_may_change_and_the_last_one_counts() -> None:
    state = rigged([R, M, E], hands=[[CG], [], []])
    events = play(state, scratch(0, 1, card=CG), guard(0), scratch(1, 0))
    assert [(e.kind, e.seat, e.move, e.card) for e in events] == [(EventKind.CHOSE, s, None, None) for s in (0, 0, 1)]
    events = apply_action(state, purr(2))
    shown = {e.seat: (e.move, e.card) for e in kinds(events, EventKind.STRATEGY_SHOWN)}
    assert shown == {0: (Move.GUARD, None), 1: (Move.SCRATCH, None), 2: (Move.PURR, None)}
    assert state.duel.seats[0].hand == [CG] and state.duel.seats[0].hp == 10  # the guard stopped the scratch


def test_the_settlement_order_goes_round_the_living_cats_from_a_random_start() -> None:
    living = [0, 1, 3, 4]
    seen = set()
    for seed in range(8):
        state = rigged([R, M, E, S, A], seed=seed)
        state.duel.seats[2].out_round = 1
        events = play(state, guard(0), guard(1), guard(3), guard(4))
        order = kinds(events, EventKind.ORDER)[0]
        start = living.index(order.seats[0])
        step = order.count
        assert step in (1, -1) and list(order.seats) == [living[(start + step * i) % 4] for i in range(4)]
        seen.add((order.seats[0], step))
    assert len({start for start, _ in seen}) >= 2 and {step for _, step in seen} == {1, -1}  # random, both ways
