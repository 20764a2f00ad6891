"""A new duel's table still shows how the last one ended: its history begins with that duel's final round."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.catduel import CatDuelSettings, EventKind, MatchState, apply_action, legal_actions, new_match, observe


def _play_until(state: MatchState, done: Callable[[MatchState], bool], rng: random.Random) -> None:
    """Random legal choices until `done(state)` holds (or the match is over)."""
    while not state.over and not done(state):
        seat = observe(state, None).waiting_for[0]
        apply_action(state, rng.choice(list(legal_actions(state, seat))))


def test_the_second_duel_opens_with_the_first_duels_last_round_and_then_forgets_it() -> None:
    rng = random.Random(5)
    state = new_match(2, CatDuelSettings(best_of=3), rng)
    _play_until(state, lambda s: s.duel.number == 2, rng)
    assert not state.over and state.duel.round == 1
    kinds = [event.kind for event in observe(state, 0).history]
    first = state.results[0]
    assert kinds[0] is EventKind.ROUND_STARTED and observe(state, None).history[0].count == first.rounds
    assert EventKind.STRATEGY_SHOWN in kinds and EventKind.ROUND_ENDED in kinds
    ended = kinds.index(EventKind.DUEL_ENDED)
    assert kinds[ended + 1:ended + 3] == [EventKind.DUEL_STARTED, EventKind.ROUND_STARTED]
    assert observe(state, None).history[ended].seats == first.winners
    _play_until(state, lambda s: s.duel.round == 3 or s.duel.number == 3, rng)
    assert not state.over and state.duel.number == 2  # this seed: two rounds on, still in the second duel
    assert EventKind.DUEL_ENDED not in [event.kind for event in state.duel.history]  # only this duel's rounds


def test_the_last_duel_of_the_match_keeps_its_end_in_its_own_history() -> None:
    rng = random.Random(9)
    state = new_match(3, CatDuelSettings(), rng)
    _play_until(state, lambda s: False, rng)
    kinds = [event.kind for event in state.duel.history]
    assert state.over and kinds[-2:] == [EventKind.DUEL_ENDED, EventKind.MATCH_ENDED]
