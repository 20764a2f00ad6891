"""Properties of whole random matches (hypothesis): 2-6 seats, many seeds, random legal and illegal choices."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.catduel import (
    CatDuelSettings,
    EventKind,
    GameError,
    MatchState,
    apply_action,
    legal_actions,
    match_from_dict,
    match_to_dict,
    new_match,
    observe,
    replay_of,
)
from game.catduel.rules import candidates
from tests.game.catduel.support import FULL, all_cards, hp_changes, random_step, reshuffle_hidden

SEATS = st.integers(min_value=2, max_value=6)
RNGS = st.integers(min_value=0, max_value=2**32).map(random.Random)  # a seed: a match draws too much to shrink
SETTINGS = st.builds(CatDuelSettings, wild_abilities=st.booleans())  # best of 3 and 5: tests/.../test_match.py
REPLAY_EVERY, REPLAY_ALWAYS = 40, 60  # replay at every one of the first 60 steps, then every 40th and at the end


def start(seats: int, chosen: CatDuelSettings, rng: random.Random) -> MatchState:
    """A new match with random cats."""
    return new_match(seats, chosen, rng)


@settings(max_examples=3, deadline=None)
@given(SEATS, SETTINGS, RNGS)
def test_cards_hp_and_cats_out_are_accounted_for_and_json_and_replay_agree(
        seats: int, chosen: CatDuelSettings, rng: random.Random) -> None:
    state = start(seats, chosen, rng)
    while not state.over:
        before, duel = [cat.hp for cat in state.duel.seats], state.duel.number
        out = [s for s, cat in enumerate(state.duel.seats) if not cat.is_in]
        events = apply_action(state, random_step(state, rng))
        after = [cat.hp for cat in state.duel.seats] if state.duel.number == duel else list(state.results[-1].hps)
        changes = hp_changes(events)
        assert [a - b for a, b in zip(after, before, strict=True)] == [changes.get(s, 0) for s in range(seats)]
        assert all_cards(state) == FULL
        touched = {e.seat for e in events if e.kind is not EventKind.DUEL_STARTED and e.seat is not None}
        assert not touched & set(out), "a cat that is out acted or was changed"
        if state.duel.number == duel:
            assert all(not legal_actions(state, s) for s in out)
        assert match_from_dict(json.loads(json.dumps(match_to_dict(state)))) == state
        if len(state.log) <= REPLAY_ALWAYS or len(state.log) % REPLAY_EVERY == 0:
            assert replay_of(state) == state
    assert replay_of(state) == state


@settings(max_examples=3, deadline=None)
@given(SEATS, RNGS)
def test_illegal_actions_change_nothing_and_no_view_holds_a_secret(seats: int, rng: random.Random) -> None:
    state = start(seats, CatDuelSettings(wild_abilities=True), rng)
    while not state.over:
        seat = rng.randrange(seats)
        named = [*candidates(state, seat), *candidates(state, rng.randrange(seats))]
        before = state.copy()
        for action in rng.sample(named, min(6, len(named))):
            if action in legal_actions(state, action.seat):
                continue
            try:
                apply_action(state, action)
            except GameError:
                pass
            else:
                raise AssertionError(f"{action} was applied")
            assert state == before
        for viewer in [None, *range(seats)]:
            assert observe(reshuffle_hidden(state, viewer, rng), viewer) == observe(state, viewer)
        events = apply_action(state, random_step(state, rng))
        for event in events:
            assert event.private_to is not None or event.kind is not EventKind.CHOSE or event.move is None
            assert event.private_to is not None or event.kind is not EventKind.DREW or event.card is None \
                or event.cause in ("recycling", "hunting")
