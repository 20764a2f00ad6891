"""The game service: one lock per game, every accepted change saved before it counts, computer turns and timers."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeAlias

from bot.service import lobby, moves
from bot.service.clock import Clock, SystemClock, Timer
from bot.service.driver import Mutation
from bot.service.errors import (
    BusyError,
    ConflictError,
    GameGoneError,
    GameRunningError,
    NotInLobbyError,
    RestartingError,
    StaleButtonError,
)
from bot.service.keyed_locks import KeyedLocks
from bot.service.notifier import Notifier, Outcome
from bot.service.resume import Resuming, Shown
from bot.service.rulebooks import rules_of
from bot.service.shards import Shard
from bot.service.store import GameStore, abandoned_match, finished_match
from bot.service.table import Person, Seat, Table, table_from_payload
from bot.storage.records import DREAMCATS, MatchRecord

log = logging.getLogger(__name__)
Action: TypeAlias = Any  # of the table's game (game.modes): the service never looks inside them
Event: TypeAlias = Any
# A lobby nobody has touched for this long closes itself, so an abandoned one never blocks its channel.
LOBBY_TIMEOUT = 30 * 60.0


# A move waits this long for its table's lock before it is refused as "busy". The click was acknowledged already (a
# deferral goes out within half a second), so waiting behind a slow save still answers it; refusing after 2 s made the
# person click again, adding load exactly when the bot was busiest (500 tables: 8 such refusals in 20 s).
LOCK_WAIT_S = 8.0


class GameService(Resuming):
    """All live games of this bot process."""

    def __init__(self, store: GameStore, notifier: Notifier, *, clock: Clock | None = None,
                 computer_pause: float = 1.5, lock_timeout: float = LOCK_WAIT_S, rng: random.Random | None = None,
                 lobby_timeout: float = LOBBY_TIMEOUT, shard: Shard | None = None) -> None:
        self.store, self.notifier, self.shard = store, notifier, shard
        self.clock: Clock = clock or SystemClock()
        self.computer_pause, self.lock_timeout, self.lobby_timeout = computer_pause, lock_timeout, lobby_timeout
        self.rng = rng or random.Random()
        self._tables: dict[str, Table] = {}
        self._locks = KeyedLocks()
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._waits: dict[str, Timer] = {}
        self._settled: dict[str, asyncio.Event] = {}
        self._refresher: asyncio.Task[None] | None = None
        self._shown: dict[str, set[Shown]] = {}  # bot.service.resume: posted since the game's last save
        self.matches_finished = 0  # recorded since the process started (bot.pulse's status line)

    # -- looking up -------------------------------------------------------------------------------------------
    def get(self, game_id: str) -> Table:
        """The current table of a game; GameGoneError if it is not live."""
        table = self._tables.get(game_id)
        if table is None:
            raise GameGoneError("This game is no longer running.")
        return table

    def in_channel(self, channel_id: int) -> Table | None:
        """The live game of a channel, if any."""
        return next((t for t in self._tables.values() if t.channel_id == channel_id), None)

    @property
    def tables(self) -> list[Table]:
        """Every live table."""
        return list(self._tables.values())

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
        """The host starts the match."""
        return (await self.change(game_id, lambda t: lobby.start(t, user_id, self.rng, self.clock.now())))[0]

    async def close(self, game_id: str, user_id: int, *, is_manager: bool, reason: str = "stopped",
                    lobby_only: bool = False) -> Table:
        """Cancel a lobby or stop a match (may_close says who may); nothing is recorded. `lobby_only`: a lobby's
        Cancel button, which must not stop the match the lobby became meanwhile (NotInLobbyError)."""
        async with self._locked(game_id):
            table = self.get(game_id)
            if lobby_only and table.state is not None:
                raise NotInLobbyError("The match has already started.")
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
            everyone_left = all(seat.left for seat in table.seats if seat.is_person)
            return abandoned_match(table, self.clock.now()) if everyone_left else None

        return (await self.change(game_id, lambda t: (moves.leave_match(t, user_id), [])[1], abandons=abandoned))[0]

    # -- persistence core ---------------------------------------------------------------------------------------
    @asynccontextmanager
    async def _locked(self, key: str) -> AsyncIterator[None]:
        """Hold a game's (or a channel's) lock; BusyError if it is not had within lock_timeout."""
        with self._locks.using(key) as lock:
            try:
                await asyncio.wait_for(lock.acquire(), self.lock_timeout)
            except TimeoutError:
                raise BusyError("The table is busy, please try again.") from None
            try:
                yield
            finally:
                lock.release()

    async def change(self, game_id: str, mutate: Mutation, *, restart: bool = True, announce: bool = True,
                     abandons: Callable[[Table], MatchRecord | None] | None = None,
                     closes: Callable[[Table], str | None] | None = None,
                     actor: int | None = None) -> tuple[Table, list[Event]]:
        """Lock, change a copy, save it (or record the finished match), then notify; the original stays on failure;
        RestartingError once the service is shut down (but for a change that announces nothing).

        `abandons`: the record of the match if the change leaves it abandoned (still playing, nobody to play it); it
        is then recorded and the game closed in the same write instead of saving the change. `closes`: the reason
        to close the game if the change leaves nothing to keep (a lobby its last person left); it is then deleted
        instead of saved. `actor`: the person whose lobby click this is (the host's clicks, and a host leaving,
        keep the host's clock: lobby.HOST_AWAY).
        """
        async with self._locked(game_id):
            # A change that announces nothing records what is shown (a table's new message, its thread), which the
            # presenter still does while a stopping bot lets its last posts go out: that one is taken.
            if self._stopping and announce:
                raise RestartingError("The bot is restarting.")
            before = self.get(game_id)
            table = before.clone()
            turn_key = table.turn_key
            events = mutate(table)
            if table.state is None and announce:  # someone did something in the lobby
                table.active_at = self.clock.now()
                if actor is not None and actor in (before.host_id, table.host_id):
                    table.host_active_at = table.active_at
            events += rules_of(table).side_moves(table, self.rng)
            ended = rules_of(table).ended_rounds(events)
            shown = self.owe_shown(table, ended)
            moves.pause_after_round(table, events, self.clock.now())
            moves.refresh_deadline(table, turn_key, self.clock.now())
            record = abandons(table) if abandons is not None and table.playing else None
            if record is not None:
                await self._close(table, "abandoned", record=record)
                return table, events
            reason = closes(table) if closes is not None else None
            if reason is not None:
                await self._close(table, reason)
                return table, events
            await self._persist(table, ended)
            self.shown_saved(table.game_id, shown)
        if announce:
            self._announce(before, table, events)
        if restart:
            self._restart_driver(table.game_id)
        return table, events

    async def _persist(self, table: Table, ended: list[int]) -> None:
        if table.state is not None and not table.playing:  # its ending stays owed until the presenter shows it
            await self.store.finish(table, finished_match(table, self.clock.now()),
                                    ending=ended)
            self.matches_finished += 1
            self._forget(table.game_id)
            return
        try:
            table.version = await self.store.save(table)
        except ConflictError:
            await self._reload(table.game_id, table.channel_id)
            raise
        self._tables[table.game_id] = table

    async def _reload(self, game_id: str, channel_id: int) -> None:
        stored = await self.store.in_channel(channel_id)
        if stored is None or stored.game_id != game_id:
            self._forget(game_id)
            return
        self._tables[game_id] = table_from_payload(stored.payload, version=stored.version,
                                                   message_id=stored.message_id, deadline=stored.deadline)

    def _announce(self, before: Table, table: Table, events: list[Event]) -> None:
        assert before.game_id == table.game_id
        for seat, (old, new) in enumerate(zip(before.seats, table.seats, strict=False)):
            if new.handed_over and not old.handed_over:
                self.notifier.seat_handed_over(table, seat)
        if table.state is not None:
            for number in rules_of(table).ended_rounds(events):
                self.notifier.round_ended(table, number)
        if table.state is not None and not table.playing:
            self.notifier.match_ended(table)
        else:
            self.notifier.table_changed(table)

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

    async def _close(self, table: Table, reason: str, *, record: MatchRecord | None = None) -> None:
        if record is None:
            await self.store.delete(table.game_id)
        else:  # recorded and deleted in one transaction
            await self.store.finish(table, record)
        self._forget(table.game_id)
        self.notifier.game_closed(table, reason)

    def _forget(self, game_id: str) -> None:
        """Let go of everything kept for a game, so a long-running bot does not hold every game it ever ran."""
        self._tables.pop(game_id, None)
        self._shown.pop(game_id, None)
        self._stop_driving(game_id)
        settled = self._settled.pop(game_id, None)
        if settled is not None:
            settled.set()
