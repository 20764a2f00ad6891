"""Hard's Wake up! tuning by table: the milder belief about a rival's kept cards at two seats and a cheap penalty."""

from __future__ import annotations

import random
from dataclasses import replace

from game.dreamcats import (
    DiscardDrawn,
    Draw,
    InitialPeek,
    MatchSettings,
    MatchState,
    Slot,
    SwapDrawn,
    TakeDiscard,
    UseSwap,
    observe,
)
from game.dreamcats.engine import apply_action, new_match
from game.dreamcats.observation import Observation
from game.dreamcats.players.belief import unseen_cards
from game.dreamcats.players.hard import (
    HARD_WAKE,
    HARD_WAKE_CROWDED,
    HARD_WAKE_CROWDED_RISKY,
    HARD_WAKE_RISKY,
    wake_tuning,
)
from game.dreamcats.players.history import card_origins
from game.dreamcats.players.inference import slot_caps
from game.dreamcats.players.wake import WakeTuning, sample_deals
from tests.game.support import play, rigged


def started(seats: int, penalty: int) -> MatchState:
    """A fresh match with every seat's initial peek done; seat 1 is to play."""
    state = new_match(seats, MatchSettings(penalty=penalty), random.Random(5), starter=1)
    for seat in range(seats):
        apply_action(state, InitialPeek(seat, (0, 1)))
    return state


def rival_kept_a_draw() -> Observation:
    """Seat 0's view after the rival drew a card and kept it in its position 3 (a card only the rival saw)."""
    state = started(2, 5)
    apply_action(state, Draw(1))
    apply_action(state, SwapDrawn(1, 2))
    return observe(state, 0)


def test_the_tuning_follows_the_seats_and_the_penalty() -> None:
    assert wake_tuning(observe(started(2, 5), 1)) == HARD_WAKE
    assert wake_tuning(observe(started(2, 15), 1)) == HARD_WAKE_RISKY
    assert wake_tuning(observe(started(4, 5), 1)) == HARD_WAKE_CROWDED
    assert wake_tuning(observe(started(4, 15), 1)) == HARD_WAKE_CROWDED_RISKY


def test_a_rivals_kept_card_is_low_but_less_so_at_a_cheap_penalty() -> None:
    obs = rival_kept_a_draw()
    pool = [card.points for card in unseen_cards(obs)]
    mean = sum(pool) / len(pool)

    def kept_mean(tuning: WakeTuning) -> float:
        deals = sample_deals(obs, 0, random.Random(3), replace(tuning, samples=3000))
        return sum(dreams[1][2] for dreams, _ in deals) / len(deals)

    mild, steep = kept_mean(HARD_WAKE), kept_mean(HARD_WAKE_RISKY)
    assert steep + 0.5 < mild < mean - 0.5


def test_a_rivals_dealt_cards_it_has_not_looked_at_are_any_unseen_card_under_both() -> None:
    obs = rival_kept_a_draw()
    pool = [card.points for card in unseen_cards(obs)]
    mean = sum(pool) / len(pool)
    for tuning in (HARD_WAKE, HARD_WAKE_RISKY):
        deals = sample_deals(obs, 0, random.Random(4), replace(tuning, samples=3000))
        assert abs(sum(dreams[1][3] for dreams, _ in deals) / len(deals) - mean) < 0.5


def swapped_a_rivals_kept_card() -> MatchState:
    """Seat 1 drew a 0 and kept it in its position 3; seat 0 then used Swap 2 to trade its unseen position 4 for it."""
    state = rigged([[1, 2, 9, 9], [3, 4, 8, 8]], draw=[9, 0, 12, 5, 5, 5])
    play(state, Draw(0), DiscardDrawn(0), Draw(1), SwapDrawn(1, 2), Draw(0), UseSwap(0, Slot(0, 3), Slot(1, 2)))
    return state


def test_a_card_keeps_its_keeper_when_swap_2_moves_it_but_not_the_card_handed_away() -> None:
    origins = card_origins(observe(swapped_a_rivals_kept_card(), 1))
    assert origins[Slot(0, 3)] == (True, 1)
    assert Slot(1, 2) not in origins
    assert origins[Slot(0, 0)] == (False, 0) and origins[Slot(1, 1)] == (False, 1)


def test_my_unseen_card_that_a_rival_kept_is_drawn_low() -> None:
    obs = observe(swapped_a_rivals_kept_card(), 0)
    assert Slot(0, 3) not in obs.known

    def mine_mean(own_origins: bool) -> float:
        tuning = replace(HARD_WAKE, samples=3000, own_origins=own_origins)
        deals = sample_deals(obs, 0, random.Random(6), tuning)
        return sum(dreams[0][3] for dreams, _ in deals) / len(deals)

    assert mine_mean(True) + 1.0 < mine_mean(False)


def test_a_seat_that_took_the_discard_gave_up_its_worst_known_card() -> None:
    state = rigged([[5, 5, 5, 5], [3, 2, 9, 9]], draw=[1, 5, 5])
    play(state, Draw(0), DiscardDrawn(0), TakeDiscard(1, 0))
    obs = observe(state, 0)
    assert slot_caps(obs)[Slot(1, 1)] == 9
    assert slot_caps(obs, took_caps=True)[Slot(1, 1)] == 3
