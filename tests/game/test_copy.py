"""MatchState.copy: a copy and its original never change each other, at every step of random matches."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.dreamcats import MatchSettings, apply_action, legal_actions, match_to_dict, new_match


def _snapshot(state: object) -> str:
    return json.dumps(match_to_dict(state), sort_keys=True)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_a_copy_and_its_original_are_independent_at_every_step(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_match(seats, MatchSettings(point_limit=40), rng, starter=0)
    for _ in range(400):
        if state.over:
            break
        copy = state.copy()
        assert _snapshot(copy) == _snapshot(state)
        before = _snapshot(state)
        movers = [seat for seat in range(seats) if legal_actions(copy, seat)]
        action = rng.choice(legal_actions(copy, movers[0]))
        apply_action(copy, action)  # the copy moves on…
        assert _snapshot(state) == before  # …the original does not
        apply_action(state, action)  # the original makes the same move: the two agree again
        assert _snapshot(state) == _snapshot(copy)
