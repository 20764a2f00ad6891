"""The game service's core: the live tables, one lock per game, and every accepted change saved before it counts."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeAlias

from bot.service import moves
from bot.service.clock import Clock, SystemClock, Timer
from bot.service.driver import Mutation
from bot.service.errors import BusyError, ConflictError, GameGoneError, RestartingError
from bot.service.keyed_locks import KeyedLocks
from bot.service.notifier import Notifier
from bot.service.resume import Resuming, Shown
from bot.service.rulebooks import rules_of
from bot.service.shards import Shard
from bot.service.store import GameStore, finished_match
from bot.service.table import Table, table_from_payload
from bot.storage.records import MatchRecord

log = logging.getLogger(__name__)
Event: TypeAlias = Any  # of the table's game (game.modes): the service never looks inside them
# A lobby nobody has touched for this long closes itself, so an abandoned one never blocks its channel.
LOBBY_TIMEOUT = 30 * 60.0


# A move waits this long for its table's lock before it is refused as "busy". The click was acknowledged already (a
# deferral goes out within half a second), so waiting behind a slow save still answers it; refusing after 2 s made the
# person click again, adding load exactly when the bot was busiest (500 tables: 8 such refusals in 20 s).
LOCK_WAIT_S = 8.0


class ServiceCore(Resuming):
    """The live games of this bot process, their locks and their saves (GameService adds what people do)."""

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
