"""Play again: a new lobby from a finished match, in the same channel with the same settings.

Who is where in the new lobby (what players and server admins expect; the issue is silent on some of it):

- The host is the last match's host, seated, if they stayed to its end; if they left it, the presser hosts when
  they played it to the end, else the first person who did. A host who does not want to host presses Leave, which
  passes the role on as in any lobby.
- The presser takes a seat too (pressing is joining), room permitting. Anyone who sees the standings may press it,
  also someone who was not in the match: like `/dreamcats start`, opening a lobby is open to everyone.
- The computer players come back by themselves, with their names and strengths.
- The other people who played to the end are listed as invited: their one click is Join. People who left the match
  are not invited. Nobody is pinged (the list names them; turn pings are their own choice).
- The button is stale once a later match finished in the channel; while a game or lobby is open there it opens
  nothing (a double click makes one lobby: the channel's lock lets the second find the first).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.errors import StaleButtonError
from bot.service.service import GameService
from bot.service.table import Person, Seat, Table
from bot.storage.records import LastMatch, SeatRecord
from game.games import game_mode


class MatchNotRecordedError(StaleButtonError):
    """The Play again button's match is not in the records (recorded before Play again existed, or never)."""


class LaterMatchError(StaleButtonError):
    """A later match has finished in this channel: the Play again button of an earlier one is stale."""


@dataclass(frozen=True, slots=True)
class Rematch:
    """Who hosts the new lobby, who else sits down at once, and who is invited."""

    host: Person
    others: tuple[Seat, ...]
    invited: tuple[int, ...]


def _stayed(last: LastMatch) -> list[SeatRecord]:
    """The people who played the match to its end (a seat the computer took over still counts: they did not leave)."""
    return [seat for seat in last.seats if seat.user_id is not None and not seat.left_early]


def rematch_host(last: LastMatch, presser: int) -> int:
    """The new host: the last host if they stayed, else the presser if they stayed, else the first who stayed."""
    stayed = [seat.user_id for seat in _stayed(last) if seat.user_id is not None]
    if last.host_id is not None and last.host_id in stayed:
        return last.host_id
    return presser if presser in stayed or not stayed else stayed[0]


def plan_rematch(last: LastMatch, presser: Person, locale: str) -> Rematch:
    """The seats of the new lobby; `locale` stands in for the language of a seated person who did not press."""
    if last.superseded:
        raise LaterMatchError("A later match has finished here.")
    names = {seat.user_id: seat.display_name for seat in _stayed(last)}
    host_id = rematch_host(last, presser.user_id)
    host = presser if host_id == presser.user_id else Person(host_id, names[host_id], locale)
    others = [Seat(None, seat.display_name, strength=seat.strength) for seat in last.seats if seat.user_id is None]
    if presser.user_id != host_id and len(others) + 2 <= game_mode(last.game).max_seats:
        others.insert(0, Seat(presser.user_id, presser.name, presser.locale))
    seated = {host_id, *(seat.user_id for seat in others)}
    invited = tuple(user for user in names if user is not None and user not in seated)
    return Rematch(host, tuple(others), invited)


async def play_again(service: GameService, last: LastMatch | None, presser: Person, *, locale: str) -> Table:
    """Open the new lobby of a finished match (see the module's docstring); `locale` is the table's language."""
    if last is None:
        raise MatchNotRecordedError("That match is not in the records.")
    plan = plan_rematch(last, presser, locale)
    return await service.open_lobby(guild_id=last.guild_id, channel_id=last.channel_id, host=plan.host,
                                    settings=game_mode(last.game).read_settings(last.settings), locale=locale,
                                    others=plan.others, invited=plan.invited, game=last.game)
