"""One test per line of the ability table (RULES-catduel.md §6), the cooldowns, and the hand and deck rules (§2)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.catduel import (
    Ability,
    CatDuelSettings,
    CatOutError,
    Chance,
    EventKind,
    Phase,
    SkippingRoundError,
    apply_action,
    legal_actions,
    new_match,
)
from tests.game.catduel.support import (
    FULL,
    A,
    E,
    M,
    P,
    R,
    S,
    guard,
    kinds,
    play,
    prelude,
    purr,
    rigged,
    scratch,
)

DS, CG, CR, GH = Chance.DOUBLE_SCRATCH, Chance.CANT_GUARD, Chance.CANT_REVERSE, Chance.GUARD_AND_HEAL
CRIT, LONE, SPOT = Ability.CRITICAL_HIT, Ability.LONELINESS, Ability.SPOTLIGHT


def test_rejuvenation_gains_1_in_the_postlude_then_waits_two_rounds() -> None:
    state = rigged([P, R], ready=[Ability.REJUVENATION])
    gained = []
    for _ in range(4):
        before = state.duel.seats[0].hp
        play(state, guard(0), guard(1))
        gained.append(state.duel.seats[0].hp - before)
    assert gained == [1, 0, 0, 1]


def test_gentleman_earns_a_card_for_stopping_2_damage_but_not_1() -> None:
    state = rigged([R, M], hands=[[], [DS]])
    events = play(state, guard(0), scratch(1, 0, card=DS))
    assert len(state.duel.seats[0].hand) == 1 and state.duel.seats[0].hp == 10
    assert [e.cause for e in kinds(events, EventKind.EARNED)] == ["gentleman"]
    state = rigged([R, M])
    play(state, guard(0), scratch(1, 0))
    assert state.duel.seats[0].hand == []


def test_hunting_brings_cant_guard_or_cant_reverse_after_two_rounds_without() -> None:
    state = rigged([M, R])
    play(state, guard(0), guard(1))
    assert state.duel.seats[0].hand == []
    events = play(state, guard(0), guard(1))
    assert state.duel.seats[0].hand in ([CG], [CR])
    assert [e.ability for e in kinds(events, EventKind.ABILITY)] == [Ability.HUNTING]


def test_hunting_counts_again_when_the_hand_holds_one() -> None:
    state = rigged([M, R], hands=[[CG], []])
    play(state, guard(0), guard(1))
    play(state, scratch(0, 1, card=CG), guard(1))  # ends round 2 without: one round so far
    assert state.duel.seats[0].hand == []
    play(state, guard(0), guard(1))
    assert len(state.duel.seats[0].hand) == 1


def test_hunting_takes_from_the_used_pile_when_the_deck_has_none_and_nothing_when_none_is_left() -> None:
    state = rigged([M, R], hands=[[], [CG, CG, CG, CR, CR]], used=[CR])
    play(state, guard(0), guard(1))
    events = play(state, guard(0), guard(1))
    assert state.duel.seats[0].hand == [CR] and CR not in state.duel.used
    assert kinds(events, EventKind.DREW)[0].card is CR  # taken face up from the used pile: public
    state = rigged([M, R, E], hands=[[], [CG, CG, CG, CR, CR], [CR]])
    play(state, guard(0), guard(1), guard(2))
    events = play(state, guard(0), guard(1), guard(2))
    assert state.duel.seats[0].hand == [] and not kinds(events, EventKind.ABILITY)


def test_recycling_takes_a_random_card_from_the_used_pile_then_waits() -> None:
    state = rigged([E, R], used=[GH], ready=[Ability.RECYCLING])
    play(state, guard(0), guard(1))
    assert state.duel.seats[0].hand == [GH] and state.duel.used == []
    assert state.duel.seats[0].ready_from[Ability.RECYCLING] == 4


def test_recycling_waits_ready_while_the_used_pile_is_empty() -> None:
    state = rigged([E, R], ready=[Ability.RECYCLING])
    play(state, guard(0), guard(1))
    assert Ability.RECYCLING not in state.duel.seats[0].ready_from and state.duel.seats[0].hand == []


def test_loneliness_skips_the_round_draws_2_and_scratches_still_hit() -> None:
    state = rigged([S, M], ready=[LONE])
    assert state.duel.phase is Phase.PRELUDE and legal_actions(state, 1) == []
    events = play(state, prelude(0, LONE))
    assert len(state.duel.seats[0].hand) == 2 and [e.ability for e in kinds(events, EventKind.PRELUDE_SHOWN)] == [LONE]
    with pytest.raises(SkippingRoundError):
        apply_action(state, purr(0))
    assert legal_actions(state, 0) == []
    events = play(state, scratch(1, 0, card=None))
    assert state.duel.seats[0].hp == 9 and kinds(events, EventKind.SKIPPED)[0].seat == 0
    assert state.duel.seats[0].ready_from[LONE] == 4


def test_a_prelude_choice_is_secret_and_may_change_until_all_have_chosen() -> None:
    state = rigged([S, A, R], ready=[LONE, SPOT])
    events = play(state, prelude(0, LONE), prelude(0, None))
    assert [e.ability for e in events] == [None, None] and state.duel.phase is Phase.PRELUDE
    events = play(state, prelude(1, SPOT))
    assert [(e.seat, e.ability) for e in kinds(events, EventKind.PRELUDE_SHOWN)] == [(0, None), (1, SPOT)]
    assert state.duel.phase is Phase.STRATEGY and state.duel.seats[0].hand == []


@pytest.mark.parametrize("seed", range(6))
def test_spotlight_settles_first_so_its_scratch_knocks_out_before_being_scratched(seed: int) -> None:
    state = rigged([R, A, M], hps=[1, 10, 10], ready=[SPOT], seed=seed)
    play(state, prelude(1, SPOT))
    events = play(state, scratch(0, 1), scratch(1, 0), guard(2))
    assert kinds(events, EventKind.ORDER)[0].seats[0] == 1
    assert state.duel.seats[1].hp == 10 and not state.duel.seats[0].is_in
    assert [e.seat for e in kinds(events, EventKind.NO_EFFECT)] == []  # its scratch is skipped, not settled


def test_critical_hit_doubles_double_scratch_to_4_and_costs_1_in_the_postlude() -> None:
    state = rigged([M, R], hands=[[DS], []], wild=[CRIT, None], ready=[CRIT])
    play(state, prelude(0, CRIT))
    events = play(state, scratch(0, 1, card=DS), scratch(1, 0))
    assert [cat.hp for cat in state.duel.seats] == [8, 6]
    assert [(e.seat, e.amount, e.cause) for e in kinds(events, EventKind.HP)][-1] == (0, -1, "critical_hit")


def test_critical_hit_with_a_split_double_scratch_deals_2_to_each() -> None:
    state = rigged([M, R, E], hands=[[DS], [], []], wild=[CRIT, None, None], ready=[CRIT])
    play(state, prelude(0, CRIT))
    play(state, scratch(0, 1, 2, card=DS), scratch(1, 0), scratch(2, 1))
    assert [cat.hp for cat in state.duel.seats] == [8, 7, 8]


def test_attacker_earns_a_card_for_2_damage_in_one_scratch_but_not_on_a_purr() -> None:
    state = rigged([M, R], hands=[[DS], []], wild=[Ability.ATTACKER, None])
    play(state, scratch(0, 1, card=DS), scratch(1, 0))
    assert len(state.duel.seats[0].hand) == 1 and state.duel.seats[1].hp == 8
    state = rigged([M, R], hands=[[DS], []], wild=[Ability.ATTACKER, None])
    play(state, scratch(0, 1, card=DS), purr(1))
    assert state.duel.seats[0].hand == [] and state.duel.seats[1].hp == 9


def test_wild_abilities_give_each_seat_attacker_or_critical_hit_besides_its_own() -> None:
    state = new_match(6, CatDuelSettings(wild_abilities=True), random.Random(4))
    for seat, cat in enumerate(state.duel.seats):
        assert cat.abilities == (state.cats[seat].ability, state.wild[seat])
        assert state.wild[seat] in (Ability.ATTACKER, CRIT)
    plain = new_match(6, CatDuelSettings(), random.Random(4))
    assert all(len(cat.abilities) == 1 for cat in plain.duel.seats)


def test_a_card_drawn_beyond_5_is_discarded_face_up() -> None:
    state = rigged([S, M], hands=[[CG, CG, CR, CR], []], ready=[LONE])
    top = state.duel.deck[-2]
    events = play(state, prelude(0, LONE))
    assert len(state.duel.seats[0].hand) == 5 and state.duel.used == [top]
    assert [e.card for e in kinds(events, EventKind.DISCARDED)] == [top]


def test_an_empty_deck_is_remade_from_the_used_pile_and_nothing_is_drawn_when_both_are_empty() -> None:
    rest = sorted((FULL - Counter({CG: 2})).elements())
    state = rigged([S, M], hands=[[CG], [CG]], used=rest, ready=[LONE])
    events = play(state, prelude(0, LONE))
    assert kinds(events, EventKind.RESHUFFLED) and len(state.duel.deck) == 23 and state.duel.used == []
    everything = sorted(FULL.elements())
    hands = [everything[i:i + 5] for i in range(0, 25, 5)] + [everything[25:]]
    state = rigged([S, M, P, R, E, A], hands=hands[::-1], ready=[LONE])
    play(state, prelude(0, LONE))
    assert len(state.duel.seats[0].hand) == 2 and not state.duel.deck and not state.duel.used


def test_a_cat_at_0_hp_is_out_at_once_its_cards_go_to_the_used_pile_and_it_never_acts_again() -> None:
    state = rigged([R, M, E], hps=[1, 10, 10], hands=[[GH, CG], [], []])
    events = play(state, scratch(0, 1), scratch(1, 0), guard(2))
    assert not state.duel.seats[0].is_in and sorted(state.duel.used) == sorted([GH, CG])
    assert kinds(events, EventKind.OUT)[0].seat == 0
    assert legal_actions(state, 0) == []
    with pytest.raises(CatOutError):
        apply_action(state, guard(0))
