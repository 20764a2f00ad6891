"""Dream 21 as a game mode (game.modes): its engine and computer players behind the common protocol."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import Any

from game.dream21.actions import Action, action_from_dict, action_to_dict
from game.dream21.engine import MAX_SEATS, MIN_SEATS, apply_action, new_match
from game.dream21.events import EventKind
from game.dream21.observation import Observation, observe
from game.dream21.players import PLAYERS
from game.dream21.rules import legal_actions
from game.dream21.scoring import standings
from game.dream21.serialize import match_from_dict, match_to_dict, replay_of
from game.dream21.settings import Dream21Settings
from game.dream21.state import MatchState
from game.modes import GameMode, MatchResult

_TURN_ENDS = frozenset({EventKind.PLAYED, EventKind.COULD_NOT_PLAY})


def _start(num_seats: int, settings: Mapping[str, Any], rng: random.Random) -> MatchState:
    return new_match(num_seats, _read_settings(settings), rng)


def _read_settings(data: Mapping[str, Any]) -> Dream21Settings:
    return Dream21Settings.from_dict(dict(data))  # {}: the defaults


def _turn_key(state: MatchState) -> tuple[int, int]:
    """Every turn ends with exactly one card played or one trick taken by a seat that could not play."""
    ended = sum(1 for event in state.hand.history if event.kind in _TURN_ENDS)
    return (state.hand.number, ended)


def _result(state: MatchState) -> MatchResult:
    now = standings(state)
    return MatchResult(now.totals, now.winners)


DREAM21: GameMode[MatchState, Action, Observation] = GameMode(
    key="dream21",
    title="Dream 21",
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
    turn=lambda state: None if state.over else state.hand.turn,
    turn_key=_turn_key,
    move_number=lambda state: len(state.log),
)

__all__ = ["DREAM21"]
