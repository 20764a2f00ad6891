"""The game service: what people do at the tables (lobbies, moves, leaving) on top of its core (bot.service.core)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from bot.service import lobby, moves
from bot.service.core import LOBBY_TIMEOUT, LOCK_WAIT_S, ServiceCore
from bot.service.errors import GameRunningError, MatchStartedError, RestartingError, StaleButtonError
from bot.service.notifier import Outcome
from bot.service.rulebooks import rules_of
from bot.service.store import abandoned_match
from bot.service.table import Person, Seat, Table
from bot.storage.records import DREAMCATS, MatchRecord

log = logging.getLogger(__name__)
Action: TypeAlias = Any  # of the table's game (game.modes): the service never looks inside them
Event: TypeAlias = Any

__all__ = ["LOBBY_TIMEOUT", "LOCK_WAIT_S", "GameService"]


class GameService(ServiceCore):
    """All live games of this bot process."""

    # -- lobby --------------------------------------------------------------------------------------------------
    async def open_lobby(self, *, guild_id: int, channel_id: int, host: Person, settings: Any,
                         locale: str, others: Sequence[Seat] = (), invited: Sequence[int] = (),
                         game: str = DREAMCATS) -> Table:
        """A new lobby of `game` (game.games: its settings type), the host (and `others`) seated, `invited` listed;
        GameRunningError if the channel has a game."""
        settings.validated()
        if self._stopping:
            raise RestartingError("The bot is restarting.")
        async with self._locked(f"channel-{channel_id}"):  # two starts at once make one lobby
            running = self.in_channel(channel_id)
            if running is not None:
                raise GameRunningError(running.game_id, running.message_id, running.message_place)
            stored = await self.store.in_channel(channel_id)
            if stored is not None:
                raise GameRunningError(stored.game_id, stored.message_id)
            lobby.check_hosting(self._tables.values(), guild_id, host.user_id)
            table = Table(secrets.token_hex(5), guild_id, channel_id, host.user_id, settings, locale,
                          [Seat(host.user_id, host.name, host.locale), *others], self.clock.now(), invited=[*invited],
                          game=game)
            table.version = await self.store.create(table)
            self._tables[table.game_id] = table
        self._restart_driver(table.game_id)  # the lobby's idle clock
        return table

    async def join(self, game_id: str, person: Person) -> Table:
        """Seat a person in the lobby."""
        return (await self.change(game_id, lambda t: lobby.join(t, person), actor=person.user_id))[0]

    async def add_computer(self, game_id: str, user_id: int, strength: str) -> Table:
        """Add a computer player of a strength to the lobby."""
        return (await self.change(game_id, lambda t: lobby.add_computer(t, user_id, strength, self.rng),
                                   actor=user_id))[0]

    async def pick(self, game_id: str, user_id: int, choice: str | None) -> Table:
        """A seated person picks what they play as in the lobby (Cat Duel: their cat)."""
        return (await self.change(game_id, lambda t: lobby.pick(t, user_id, choice), actor=user_id))[0]

    async def remove_seat(self, game_id: str, user_id: int, seat: int, occupant: int | None,
                          computer: str | None = None) -> Table:
        """The host removes a seat from the lobby (a person, or the computer player named `computer`)."""
        return (await self.change(game_id, lambda t: lobby.remove_seat(t, user_id, seat, occupant, computer),
                                   actor=user_id))[0]

    async def leave_lobby(self, game_id: str, user_id: int) -> Table:
        """Leave the lobby; the last person out closes it (in the same write: never a lobby of nobody left behind)."""
        closing = False

        def mutate(table: Table) -> list[Event]:
            nonlocal closing
            closing = lobby.leave(table, user_id)
            return []

        return (await self.change(game_id, mutate, closes=lambda _table: "cancelled" if closing else None,
                                   actor=user_id))[0]

    async def start(self, game_id: str, user_id: int) -> Table:
        """The host starts the match (or, once the host has been away, anyone seated: lobby.start)."""
        def mutate(table: Table) -> list[Event]:
            hosted = (t for t in self._tables.values() if t.game_id != game_id)  # read only for a walked-away host
            return lobby.start(table, user_id, self.rng, self.clock.now(), hosted)

        return (await self.change(game_id, mutate))[0]

    async def close(self, game_id: str, user_id: int, *, is_manager: bool, reason: str = "stopped",
                    lobby_only: bool = False) -> Table:
        """Cancel a lobby or stop a match (may_close says who may); nothing is recorded. `lobby_only`: a lobby's
        Cancel button, which must not stop the match the lobby became meanwhile (MatchStartedError)."""
        async with self._locked(game_id):
            table = self.get(game_id)
            if lobby_only and table.state is not None:
                raise MatchStartedError("The match has already started.")
            moves.may_close(table, user_id, is_manager=is_manager)
            await self._close(table, reason)
        return table

    async def set_message(self, game_id: str, message_id: int) -> None:
        """Remember the table message (after it was posted again)."""
        def mutate(table: Table) -> list[Event]:
            table.message_id = message_id
            return []

        await self.change(game_id, mutate, restart=False, announce=False)

    # -- playing ------------------------------------------------------------------------------------------------
    async def play(self, game_id: str, user_id: int, make: Callable[[int], Action], *,
                   move_number: int | None = None, round_number: int | None = None) -> Outcome:
        """A person's move, built by `make(seat)`; a stale move number or round refuses it."""
        seat_box: list[int] = []

        def mutate(table: Table) -> list[Event]:
            seat = moves.person_seat(table, user_id)
            assert table.state is not None
            if move_number is not None and move_number != table.move_number:
                raise StaleButtonError("That button is from an earlier moment of the game.")
            if round_number is not None and round_number != table.mode.turn_key(table.state)[0]:
                raise StaleButtonError("That button is from an earlier round.")
            seat_box.append(seat)
            return moves.person_move(table, seat, make(seat))

        table, events = await self.change(game_id, mutate)
        assert table.state is not None
        return Outcome(table, seat_box[0], events, table.mode.observe(table.state, seat_box[0]))

    async def ready_for_next_round(self, game_id: str, user_id: int, number: int | None = None) -> Table:
        """A person pressed Next round (of the round `number`, if the button says); when every person has, the next
        round begins at once. A Next button of another pause than this one is refused."""
        def mutate(table: Table) -> list[Event]:
            if number is not None and table.state is not None and number != rules_of(table).pause_number(table.state):
                raise StaleButtonError("That button is from an earlier round.")
            moves.ready_for_next_round(table, moves.person_seat(table, user_id))
            return []

        return (await self.change(game_id, mutate))[0]

    async def leave_match(self, game_id: str, user_id: int) -> Table:
        """A person leaves a running match; a computer player takes their seat. When the last person has left, the
        match ends as abandoned: recorded as such, but nobody's rating or totals change (no computer-only match is
        played out in an empty channel, and nobody is charged a loss for a table everyone left). That last leave and
        the abandoned match are one write: a crash or a busy database never keeps the one without the other."""
        def abandoned(table: Table) -> MatchRecord | None:
            return abandoned_match(table, self.clock.now()) if table.everyone_left else None

        return (await self.change(game_id, lambda t: (moves.leave_match(t, user_id), [])[1], abandons=abandoned))[0]


    async def _expire(self, game_id: str) -> None:
        """Close the lobby if it is still idle and unstarted (it may have changed while we waited)."""
        async with self._locked(game_id):
            table = self._tables.get(game_id)
            if table is None or table.state is not None:
                return
            idle = (self.clock.now() - table.last_activity).total_seconds()
            if idle < self.lobby_timeout:
                return
            log.info("game %s: lobby idle for %d s, closing it", game_id, idle)
            await self._close(table, "expired")

