"""Lobby rules on a Table: join, leave, add a computer player, start; each raises a named TableError."""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from bot.service.errors import (
    AlreadySeatedError,
    HostNotAwayError,
    LobbyFullError,
    NotEnoughSeatsError,
    NotHostError,
    NotInLobbyError,
    NotSeatedError,
    PickTakenError,
    StaleButtonError,
    TooManyGamesError,
)
from bot.service.rulebooks import rules_of
from bot.service.table import Person, Seat, Table

# Short, language-neutral cat names for computer players: they must fit on the table picture ("Bot Mochi").
# Games one person may host at once on a server (lobbies and matches): enough for a few channels, not a flood that
# keeps tables playing on with computer players for nobody.
MOST_HOSTED = 3
# How long a host may do nothing in the lobby before anyone seated may start the match (and host it): a host who
# walked away must not keep the others waiting until the lobby closes itself, nor start it behind a present host's back.
HOST_AWAY = timedelta(minutes=10)
COMPUTER_NAMES = ("Luna", "Miso", "Tofu", "Mochi", "Nori", "Pixel", "Kiwi", "Ziggy", "Yuki", "Pepper")


class UnknownStrengthError(NotInLobbyError):
    """No computer player has that strength."""



def check_hosting(tables: Iterable[Table], guild_id: int, host_id: int) -> None:
    """TooManyGamesError when the person already hosts MOST_HOSTED live games on this server."""
    if sum(1 for table in tables if table.guild_id == guild_id and table.host_id == host_id) >= MOST_HOSTED:
        raise TooManyGamesError(MOST_HOSTED)

def check_lobby(table: Table) -> None:
    """Lobby actions only happen before the match starts."""
    if table.state is not None:
        raise NotInLobbyError("The match has already started.")


def join(table: Table, person: Person) -> list[Any]:
    """Seat a person."""
    check_lobby(table)
    if table.seat_of(person.user_id) is not None:
        raise AlreadySeatedError("You already have a seat.")
    _check_room(table)
    table.seats.append(Seat(person.user_id, person.name, person.locale))
    table.invited = [user for user in table.invited if user != person.user_id]
    return []


def leave(table: Table, user_id: int) -> bool:
    """Unseat a person; the host role passes to the next person. True if nobody is left and the lobby closes."""
    check_lobby(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeatedError("You do not have a seat at this table.")
    del table.seats[seat]
    people = [s for s in table.seats if s.is_person]
    if not people:
        return True
    if user_id == table.host_id:
        assert people[0].user_id is not None
        table.host_id = people[0].user_id
    return False


def pick(table: Table, user_id: int, choice: str | None) -> list[Any]:
    """A seated person picks what they play as (Cat Duel: a cat) or takes it back (None); no two seats alike."""
    check_lobby(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeatedError("Take a seat first.")
    if choice is not None and any(other.choice == choice for i, other in enumerate(table.seats) if i != seat):
        raise PickTakenError("Someone else at this table has picked that already.")
    table.seats[seat].choice = choice
    return []


def _check_room(table: Table) -> None:
    if len(table.seats) >= table.mode.max_seats:
        raise LobbyFullError(table.mode.max_seats)


def add_computer(table: Table, user_id: int, strength: str, rng: random.Random) -> list[Any]:
    """A seated person adds a computer player of a strength; it gets a cat name not yet used at the table."""
    check_lobby(table)
    if table.seat_of(user_id) is None:
        raise NotSeatedError("Take a seat first.")
    if strength not in table.mode.players:
        raise UnknownStrengthError(f"Unknown strength {strength!r}.")
    _check_room(table)
    taken = {seat.name for seat in table.seats}
    free = [name for name in COMPUTER_NAMES if name not in taken] or [f"#{len(table.seats) + 1}"]
    # The stored name is the bare cat name; the bot shows it translated ("Bot Luna") with the strength apart.
    table.seats.append(Seat(None, rng.choice(free), strength=strength))
    return []


def remove_seat(table: Table, user_id: int, seat: int, occupant: int | None, computer: str | None = None) -> list[Any]:
    """The host takes a seat away (a person or a computer player); `occupant` is who the host saw there, and
    `computer` the computer player's name, where the menu said it."""
    check_lobby(table)
    if user_id != table.host_id:
        raise NotHostError("Only the host can remove a seat.")
    if not 0 <= seat < len(table.seats) or table.seats[seat].user_id != occupant or occupant == user_id:
        raise StaleButtonError("That seat has changed meanwhile.")
    if computer is not None and table.seats[seat].name[:len(computer)] != computer:  # a menu value is cut at 100
        raise StaleButtonError("That seat has changed meanwhile.")
    del table.seats[seat]
    return []


def check_takeover(table: Table, user_id: int, now: datetime, hosted: Iterable[Table]) -> None:
    """Whether someone other than the host may start the lobby: seated, the host away for HOST_AWAY, and within the
    hosting limit (`hosted`: the other live tables); raises the refusal."""
    if table.seat_of(user_id) is None:
        raise NotHostError("Only the host can start the match.")
    if now - table.host_last_active < HOST_AWAY:
        raise HostNotAwayError(int(HOST_AWAY.total_seconds() // 60))
    check_hosting(hosted, table.guild_id, user_id)


def start(table: Table, user_id: int, rng: random.Random, now: datetime, hosted: Iterable[Table] = ()) -> list[Any]:
    """The host starts the match: the game deals its first round (bot.service.rulebooks). Once the host has done
    nothing in the lobby for HOST_AWAY, anyone seated may start it and becomes the host (check_takeover)."""
    check_lobby(table)
    if user_id != table.host_id:
        check_takeover(table, user_id, now, hosted)
        table.host_id = user_id  # hosts from now on: the game's first turn (or deal) is the starter's, not the absent's
    if len(table.seats) < table.mode.min_seats:
        raise NotEnoughSeatsError(f"A match needs at least {table.mode.min_seats} seats.")
    rules_of(table).begin(table, rng)
    table.started_at = now
    return []
