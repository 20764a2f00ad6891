"""Cat Duel as a game mode (game.modes): its engine and computer players behind the common protocol.

Choices are simultaneous, so `turn` is the lowest seat still to choose in the current phase (None once the
match is over) and `GameMode.actors` lists every seat that may choose or change its choice. `turn_key` is
(rounds begun in the match, 0 in a prelude / 1 in the strategy phase): it changes exactly when a new phase of
choosing begins. `move_number` counts every choice made, changes included.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import Any

from game.catduel.actions import Action, action_from_dict, action_to_dict
from game.catduel.engine import MAX_SEATS, MIN_SEATS, apply_action, new_match
from game.catduel.observation import Observation, observe
from game.catduel.players import PLAYERS
from game.catduel.rules import legal_actions
from game.catduel.scoring import totals
from game.catduel.serialize import match_from_dict, match_to_dict, replay_of
from game.catduel.settings import CatDuelSettings
from game.catduel.state import MatchState, Phase
from game.modes import GameMode, MatchResult


def _start(num_seats: int, settings: Mapping[str, Any], rng: random.Random) -> MatchState:
    return new_match(num_seats, _read_settings(settings), rng)


def _read_settings(data: Mapping[str, Any]) -> CatDuelSettings:
    return CatDuelSettings.from_dict(dict(data))  # {}: the defaults


def _turn(state: MatchState) -> int | None:
    if state.over:
        return None
    waiting = observe(state, None).waiting_for
    return waiting[0] if waiting else None


def _turn_key(state: MatchState) -> tuple[int, int]:
    return (state.rounds_so_far, 0 if state.duel.phase is Phase.PRELUDE else 1)


def _result(state: MatchState) -> MatchResult:
    return MatchResult.lowest_wins(totals(state))


CATDUEL: GameMode[MatchState, Action, Observation] = GameMode(
    key="catduel",
    title="Cat Duel",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    start=_start,
    legal_actions=legal_actions,
    apply_action=apply_action,
    observe=observe,
    to_dict=match_to_dict,
    to_stored=partial(match_to_dict, stored=True),
    from_dict=match_from_dict,
    action_to_dict=action_to_dict,
    action_from_dict=action_from_dict,
    replay_of=replay_of,
    result=_result,
    players=dict(PLAYERS),
    read_settings=_read_settings,
    turn=_turn,
    turn_key=_turn_key,
    move_number=lambda state: len(state.log),
)

__all__ = ["CATDUEL"]
