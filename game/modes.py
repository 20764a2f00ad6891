"""Game modes: the one small protocol every game of the family offers the bot and the arena (issue 13).

A game is a package of game/ (game/dreamcats/, game/dream21/, game/catduel/) and one `GameMode`
value that names its parts: start a match from settings and a random generator, the legal actions of a seat,
apply an action (its public and private events), a seat's or the spectators' observation, a JSON round trip,
replay from the seed and the action log, the result for the standings, and its computer players. Code that plays
any game (the arena, the contract tests, later the bot's service) sees only this; game.games lists them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Generic, TypeVar

S = TypeVar("S")  # the game's match state
A = TypeVar("A")  # its actions
V = TypeVar("V")  # its observations


class UnknownGameError(LookupError):
    """No game of that name."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What the standings keep of a finished match: each seat's total (lower is better) and the winners."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def lowest_wins(cls, totals: Sequence[int]) -> MatchResult:
        """Every game of the family: the seats sharing the lowest total win."""
        best = min(totals)
        return cls(tuple(totals), tuple(seat for seat, total in enumerate(totals) if total == best))


@dataclass(frozen=True, slots=True)
class GameMode(Generic[S, A, V]):
    """One game of the family, through the functions of its engine."""

    key: str  # stored with every match and live game ("dreamcats", "dream21")
    title: str  # its name in English
    min_seats: int
    max_seats: int
    start: Callable[[int, Mapping[str, Any], random.Random], S]  # seats, settings as data (its defaults if empty)
    legal_actions: Callable[[S, int], Sequence[A]]
    apply_action: Callable[[S, A], Sequence[Any]]  # the events: an illegal action raises GameError, changing nothing
    observe: Callable[[S, int | None], V]  # None: the spectators' view
    to_dict: Callable[[S], dict[str, Any]]
    # to_dict for a store: what only grows (the log) as game.written_log.JsonText, written once per item across saves
    to_stored: Callable[[S], dict[str, Any]]
    from_dict: Callable[[dict[str, Any]], S]
    action_to_dict: Callable[[A], dict[str, Any]]
    action_from_dict: Callable[[dict[str, Any]], A]
    replay_of: Callable[[S], S]  # the same match rebuilt from its seed and action log
    result: Callable[[S], MatchResult]
    players: Mapping[str, Callable[[V, Sequence[A], random.Random], A]]  # by strength, easiest first
    read_settings: Callable[[Mapping[str, Any]], Any]  # the settings object of that data, validated (defaults: {})
    turn: Callable[[S], int | None]  # whose turn it is (None once the match is over)
    # (round or hand number, turns finished in it): changes exactly when a new turn begins
    turn_key: Callable[[S], tuple[int, int]]
    move_number: Callable[[S], int]  # turn actions made so far: a button shown before the latest one is stale
    num_seats: Callable[[S], int] = attrgetter("num_seats")  # every state so far names them alike
    is_over: Callable[[S], bool] = attrgetter("over")

    def actors(self, state: S) -> list[int]:
        """The seats that may act now (Dreamcats lets any seat make its initial peek; most games have one)."""
        if self.is_over(state):
            return []
        return [seat for seat in range(self.num_seats(state)) if self.legal_actions(state, seat)]

    def computer_action(self, state: S, seat: int, strength: str, rng: random.Random) -> A:
        """What the computer player of that strength does for the seat, from the seat's observation only."""
        player = self.players.get(strength)
        if player is None:
            raise UnknownGameError(f"{self.title} has no computer player {strength!r}.")
        return player(self.observe(state, seat), self.legal_actions(state, seat), rng)


__all__ = ["GameMode", "MatchResult", "UnknownGameError"]
