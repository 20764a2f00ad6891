"""OpenSkill (Plackett-Luce) ratings and the running totals of a person, as pure functions.

The leaderboard ranks by the *ordinal* (mu - 3 sigma, a cautious estimate of skill) and shows it as
``display_rating = 1000 + 40 * ordinal``: a newcomer shows 1000, and the number climbs as the system grows
sure of a good player. Computer players take part in every update with a fixed rating per strength that is
never stored or changed, so beating a hard computer is worth more than beating an easy one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

from bot.storage.records import MatchRecord, SeatRecord, StorageError
from game.games import GAMES

MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma
DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 40.0
# (mu, sigma) of the computer strengths; a small sigma because they never change. Unknown ones play as "normal".
COMPUTER_RATINGS: dict[str, tuple[float, float]] = {"easy": (18.0, 2.0), "normal": (25.0, 2.0), "hard": (32.0, 2.0)}


class InvalidMatchRecordError(StorageError):
    """A MatchRecord that does not describe a possible match (nothing was written)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A person's rating and running totals in one server."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    matches: int = 0
    wins: int = 0
    rounds: int = 0
    round_score_sum: int = 0
    wakeup_calls: int = 0
    wakeup_successes: int = 0
    best_round: int | None = None

    @property
    def ordinal(self) -> float:
        """The cautious skill estimate the leaderboard sorts by."""
        return self.mu - 3.0 * self.sigma


def display_rating(ordinal: float) -> float:
    """The rating number people see, from the stored ordinal."""
    return DISPLAY_BASE + DISPLAY_SCALE * ordinal


def computer_rating(strength: str | None) -> tuple[float, float]:
    """The fixed (mu, sigma) a computer seat of this strength plays with."""
    return COMPUTER_RATINGS.get(strength or "normal", COMPUTER_RATINGS["normal"])


def placements(seats: Sequence[SeatRecord]) -> list[int]:
    """Each seat's place, 1 best: lower total is better, equal totals share a place, leavers share the last."""
    stayed = [seat.total for seat in seats if not seat.left_early]
    last = len(stayed) + 1
    return [last if seat.left_early else 1 + sum(total < seat.total for total in stayed) for seat in seats]


def check_record(record: MatchRecord) -> None:
    """Raise InvalidMatchRecordError unless the record describes a possible match."""
    mode = GAMES.get(record.game)
    if mode is None:
        raise InvalidMatchRecordError(f"There is no game {record.game!r}.")
    seats = len(record.seats)
    if not mode.min_seats <= seats <= mode.max_seats:  # each game its own: Dream 21 and Cat Duel seat six
        raise InvalidMatchRecordError(f"A match of {mode.title} has {mode.min_seats} to {mode.max_seats} seats, "
                                      f"not {seats}.")
    people = [seat.user_id for seat in record.seats if seat.user_id is not None]
    if len(set(people)) != len(people):
        raise InvalidMatchRecordError("A person can hold only one seat of a match.")
    numbers = [rnd.number for rnd in record.rounds]
    if len(set(numbers)) != len(numbers):
        raise InvalidMatchRecordError("Round numbers must be distinct.")
    for rnd in record.rounds:
        if len(rnd.sums) != seats or len(rnd.scores) != seats:
            raise InvalidMatchRecordError(f"Round {rnd.number} must have one sum and one score per seat.")
        if rnd.caller_seat is not None and not 0 <= rnd.caller_seat < seats:
            raise InvalidMatchRecordError(f"Round {rnd.number} names a caller seat that does not exist.")


Rating = tuple[float, float]


def rate_seats(seats: Sequence[SeatRecord], people: Mapping[int, Rating]) -> dict[int, Rating]:
    """New (mu, sigma) of every person seat, by seat index; `people` gives their current (mu, sigma) by seat."""
    if not people:
        return {}
    teams = []
    for index, seat in enumerate(seats):
        mu, sigma = people[index] if index in people else computer_rating(seat.strength)
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(place) for place in placements(seats)])
    return {index: (rated[index][0].mu, rated[index][0].sigma) for index in people}


def updated_standings(record: MatchRecord, before: Mapping[int, Standing]) -> dict[int, Standing]:
    """Every person's standing after this match, by user id; people missing from `before` start fresh."""
    check_record(record)
    seat_of = {seat.user_id: index for index, seat in enumerate(record.seats) if seat.user_id is not None}
    current = {user: before.get(user, Standing()) for user in seat_of}
    people = {index: (current[user].mu, current[user].sigma) for user, index in seat_of.items()}
    ratings = rate_seats(record.seats, people)
    return {user: _add_match(current[user], record, index, ratings[index]) for user, index in seat_of.items()}


def _add_match(old: Standing, record: MatchRecord, index: int, rating: Rating) -> Standing:
    seat = record.seats[index]
    scores = [rnd.scores[index] for rnd in record.rounds]
    calls = [rnd for rnd in record.rounds if rnd.caller_seat == index]
    best = min(scores, default=None)
    if old.best_round is not None and (best is None or old.best_round < best):
        best = old.best_round
    return replace(
        old,
        mu=rating[0],
        sigma=rating[1],
        matches=old.matches + 1,
        wins=old.wins + int(seat.winner and not seat.left_early),
        rounds=old.rounds + len(scores),
        round_score_sum=old.round_score_sum + sum(scores),
        wakeup_calls=old.wakeup_calls + len(calls),
        wakeup_successes=old.wakeup_successes + sum(bool(rnd.caller_succeeded) for rnd in calls),
        best_round=best,
    )
