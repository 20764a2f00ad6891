"""Dreamcats as a game mode (game.modes): the flagship's engine and computer players behind the common protocol."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import Any

from game.dreamcats.actions import Action, InitialPeek, action_from_dict, action_to_dict
from game.dreamcats.engine import MAX_SEATS, MIN_SEATS, apply_action, new_match
from game.dreamcats.observation import Observation, observe
from game.dreamcats.players import STRENGTHS, get_player
from game.dreamcats.rules import legal_actions
from game.dreamcats.serialize import match_from_dict, match_to_dict, replay_of
from game.dreamcats.settings import MatchSettings
from game.dreamcats.state import MatchState
from game.modes import GameMode, MatchResult


def _read_settings(data: Mapping[str, Any]) -> MatchSettings:
    return MatchSettings.from_dict(dict(data))  # {}: the defaults


def _start(num_seats: int, settings: Mapping[str, Any], rng: random.Random) -> MatchState:
    return new_match(num_seats, _read_settings(settings), rng)


def _move_number(state: MatchState) -> int:
    """Initial peeks are not turn actions: any seat makes its own at any moment of the first turns.

    Counted on from the match's last count (its log only grows): the bot asks for it several times a click, and
    walking the whole log cost more the longer the match ran.
    """
    length, moves = state.moves_counted or (0, 0)
    if length > len(state.log):  # not this log's count (a log is never shortened): count it whole
        length, moves = 0, 0
    moves += sum(1 for action in state.log[length:] if not isinstance(action, InitialPeek))
    state.moves_counted = (len(state.log), moves)
    return moves


def _result(state: MatchState) -> MatchResult:
    return MatchResult.lowest_wins(state.totals)


DREAMCATS: GameMode[MatchState, Action, Observation] = GameMode(
    key="dreamcats",
    title="Dreamcats",
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
    players={strength: get_player(strength) for strength in STRENGTHS},
    read_settings=_read_settings,
    turn=lambda state: None if state.over else state.round.turn,
    turn_key=lambda state: (state.round.number, state.round.turns_played),
    move_number=_move_number,
)

__all__ = ["DREAMCATS"]
