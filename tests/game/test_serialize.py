"""Serialization (a JSON-safe dict with a format version) and replays from the seed and the action log."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.dreamcats import (
    CorruptStateError,
    Event,
    InitialPeek,
    KeepCard,
    MatchSettings,
    MatchState,
    Slot,
    action_from_dict,
    action_to_dict,
    legal_actions,
    match_from_dict,
    match_to_dict,
    new_match,
    replay,
    replay_of,
)
from game.dreamcats.actions import DiscardDrawn, Draw, SwapDrawn, TakeDiscard, UsePeek, UseSwap, UseTakeTwo, WakeUp
from game.dreamcats.engine import apply_action
from game.dreamcats.mode import DREAMCATS
from game.dreamcats.serialize import FORMAT_VERSION, event_to_dict
from tests.game.support import plain, random_steps

ACTIONS = [
    InitialPeek(2, (1, 3)), WakeUp(0), TakeDiscard(1, 3), Draw(4), SwapDrawn(0, 2), DiscardDrawn(1), UseTakeTwo(2),
    KeepCard(3, 1), UsePeek(0, Slot(2, 3)), UseSwap(1, Slot(0, 0), Slot(4, 3)),
]


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_round_trip_through_json(action: object) -> None:
    data = action_to_dict(action)  # type: ignore[arg-type]
    assert action_from_dict(json.loads(json.dumps(data))) == action


@pytest.mark.parametrize(
    "data", [{}, {"kind": "peek0", "seat": 0, "positions": [1]}, {"kind": "take", "seat": "x", "position": 1},
             {"kind": "swap2", "seat": 0, "first": [0], "second": [1, 1]}, {"kind": "draw"}],
)
def test_unreadable_actions(data: dict[str, object]) -> None:
    with pytest.raises(CorruptStateError, match="Unreadable action"):
        action_from_dict(data)


def _played(seats: int, seed: int, steps: int) -> object:
    rng = random.Random(seed)
    state = new_match(seats, MatchSettings(point_limit=60), rng)
    for count, action in enumerate(random_steps(state, rng)):
        if count == steps:
            break
        apply_action(state, action)
    return state


@pytest.mark.parametrize(("seats", "seed", "steps"), [(2, 1, 0), (3, 2, 17), (4, 3, 60), (5, 4, 10_000)])
def test_a_match_round_trips_through_json(seats: int, seed: int, steps: int) -> None:
    state = _played(seats, seed, steps)
    data = match_to_dict(state)  # type: ignore[arg-type]
    assert data["format"] == FORMAT_VERSION
    text = json.dumps(data)
    assert match_from_dict(json.loads(text)) == state
    assert json.dumps(match_to_dict(match_from_dict(json.loads(text)))) == text


def test_a_finished_match_replays_from_its_seed_and_log() -> None:
    state = _played(3, 9, 10_000)
    assert state.over  # type: ignore[attr-defined]
    assert replay_of(state) == state  # type: ignore[arg-type]
    assert replay(3, state.settings, state.seed, state.first_starter, list(state.log)) == state  # type: ignore[attr-defined]


def test_an_unknown_format_is_refused() -> None:
    data = match_to_dict(new_match(2, MatchSettings(), random.Random(1)))
    data["format"] = FORMAT_VERSION + 1
    with pytest.raises(CorruptStateError, match=f"Unknown match format {FORMAT_VERSION + 1}."):
        match_from_dict(data)


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("seed",), "abc"),
        (("settings",), {"penalty": 6}),
        (("round", "step"), "dancing"),
        (("round", "dreams"), "nope"),
        (("round", "knowledge"), []),
        (("round", "turn"), 9),
        (("round", "held"), 3),
        (("round", "peeked"), [True]),
        (("num_seats",), 7),
        (("totals",), [0]),
        (("over",), True),
        (("log",), [{"kind": "nope"}]),
    ],
)
def test_broken_match_data_is_refused(path: tuple[str, ...], value: object) -> None:
    data = match_to_dict(new_match(3, MatchSettings(), random.Random(1)))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(CorruptStateError):
        match_from_dict(data)


def test_a_missing_field_is_refused() -> None:
    data = match_to_dict(new_match(3, MatchSettings(), random.Random(1)))
    del data["round"]["draw_pile"]
    with pytest.raises(CorruptStateError, match="Unreadable match data"):
        match_from_dict(data)


def _slots_known(state: MatchState) -> list[Slot]:
    return [slot for known in state.round.knowledge.sets for slot in known]


def test_equal_moves_and_known_slots_are_kept_once_in_play_and_after_a_reload() -> None:
    state = new_match(3, MatchSettings(point_limit=30), random.Random(8))
    for action in random_steps(state, random.Random(9)):
        apply_action(state, action)  # every action a new object, as the bot's clicks and players make them
    reloaded = match_from_dict(json.loads(json.dumps(match_to_dict(state))))
    for match in (state, reloaded):
        # The moves that name slots (Peek 1, Swap 2) are kept as they come: rare, with many possible values.
        log = [a for a in match.log if not isinstance(a, UsePeek | UseSwap)]
        assert len({id(a) for a in log}) == len(set(log)) < len(log) // 2
    slots = _slots_known(state) + _slots_known(reloaded)
    assert len(slots) > len(set(slots)) and len({id(s) for s in slots}) == len(set(slots))


def test_equal_public_events_are_kept_once_across_matches_and_after_a_reload() -> None:
    seen: list[Event] = []
    for seed in (8, 9):  # two tables: equal events of different tables are one instance too
        state = new_match(3, MatchSettings(point_limit=30), random.Random(seed))
        for action in random_steps(state, random.Random(seed + 100)):
            apply_action(state, action)
            if len(state.round.history) > 6:
                reloaded = match_from_dict(json.loads(json.dumps(match_to_dict(state))))
                seen.extend(state.round.history + reloaded.round.history)
    assert len(seen) > 2 * len(set(seen)) and len({id(event) for event in seen}) == len(set(seen))


def _copies_along_a_match(seats: int, seed: int) -> Iterator[list[MatchState]]:
    """Play a random match, keeping copies now and then and sometimes going on from an older one (as a refused save
    leaves the service with the copy before it); after each action, a few copies and the newest state to look at."""
    rng = random.Random(seed)
    state = new_match(seats, MatchSettings(point_limit=40), rng, starter=0)
    copies = [state]
    for _ in range(300):
        if state.over:
            return
        movers = [seat for seat in range(seats) if legal_actions(state, seat)]
        apply_action(state, rng.choice(legal_actions(state, movers[0])))
        if rng.random() < 0.2:
            copies.append(state.copy())
        if rng.random() < 0.1:
            state = rng.choice(copies).copy()
        yield rng.sample(copies, k=min(2, len(copies))) + [state]


@settings(max_examples=30, deadline=None)
@given(seats=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_the_written_log_matches_the_log_whichever_copy_is_written_when(seats: int, seed: int) -> None:
    # A match's copies share the form of its log and of its round's history written so far (WrittenLog): each copy,
    # written at any moment and in any order, still writes exactly its own log and history, as if converted whole.
    for looked_at in _copies_along_a_match(seats, seed):
        for written in looked_at:
            data = plain(match_to_dict(written, stored=True))
            assert data["log"] == _json([action_to_dict(a) for a in written.log])
            assert data["round"]["history"] == _json([event_to_dict(e) for e in written.round.history])
            assert data == _json(match_to_dict(written)) and match_from_dict(data) == written


def _json(value: object) -> object:
    return json.loads(json.dumps(value))


@settings(max_examples=30, deadline=None)
@given(seats=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_the_move_number_counted_on_is_the_count_of_turn_actions(seats: int, seed: int) -> None:
    # The move number is counted on from the match's last count (its log only grows); asked of any copy at any
    # moment, also of an older copy that a refused save left behind, it is the number of non-peek actions in its log,
    # and a match read back from storage counts the same.
    for looked_at in _copies_along_a_match(seats, seed):
        for asked in looked_at:
            assert DREAMCATS.move_number(asked) == sum(1 for a in asked.log if not isinstance(a, InitialPeek))
        newest = looked_at[-1]
        assert DREAMCATS.move_number(match_from_dict(match_to_dict(newest))) == DREAMCATS.move_number(newest)
