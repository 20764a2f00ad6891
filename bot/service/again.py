"""Play again: a new lobby from a finished match, in the same channel with the same settings.

Who is where in the new lobby (what players and server admins expect; the issue is silent on some of it):

- The presser hosts, as `/dreamcats start` makes its user the host: they are the one person known to be there.
  Anyone who sees the standings may press it, also someone who was not in the match. (Until 2026-12-01 the last
  host hosted again if they stayed to the end: one who had walked away held a lobby that nobody present could
  start, the channel blocked until it closed itself 30 minutes later, and the presser was told "you already host
  3 games" about the last host's games.)
- The computer players come back by themselves, with their names and strengths.
- The other people who played to the end, the last host among them, are listed as invited: their one click is
  Join. People who left the match are not invited. A presser who did not play takes a seat too, so the lobby must
  have room: computer players give way first (the last first), and a full table of people leaves its last person
  uninvited; everyone invited finds a free seat. Nobody is pinged (the list names them; turn pings are their
  own choice).
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
    """Who hosts the new lobby, the computer players who sit down with them, and who is invited."""

    host: Person
    others: tuple[Seat, ...]
    invited: tuple[int, ...]


def _stayed(last: LastMatch) -> list[SeatRecord]:
    """The people who played the match to its end (a seat the computer took over still counts: they did not leave)."""
    return [seat for seat in last.seats if seat.user_id is not None and not seat.left_early]


def plan_rematch(last: LastMatch, presser: Person) -> Rematch:
    """The seats of the new lobby: the presser hosts, the computer players come back, the others who stayed are
    invited. A presser who did not play the match takes a seat too: computer players give way (the last first) so
    that every invited person still finds a free seat."""
    if last.superseded:
        raise LaterMatchError("A later match has finished here.")
    computers = tuple(Seat(None, seat.display_name, strength=seat.strength) for seat in last.seats
                      if seat.user_id is None)
    invited = tuple(user for seat in _stayed(last) if (user := seat.user_id) is not None and user != presser.user_id)
    room = game_mode(last.game).max_seats - 1  # beside the presser
    invited = invited[:room]
    return Rematch(presser, computers[:room - len(invited)], invited)


async def play_again(service: GameService, last: LastMatch | None, presser: Person, *, locale: str) -> Table:
    """Open the new lobby of a finished match (see the module's docstring); `locale` is the table's language."""
    if last is None:
        raise MatchNotRecordedError("That match is not in the records.")
    plan = plan_rematch(last, presser)
    return await service.open_lobby(guild_id=last.guild_id, channel_id=last.channel_id, host=plan.host,
                                    settings=game_mode(last.game).read_settings(last.settings), locale=locale,
                                    others=plan.others, invited=plan.invited, game=last.game)
