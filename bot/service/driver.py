"""Computer turns and turn timers: a task per game that plays computer seats, and a timer for a person's clock.

While a game waits only for people (a person's turn, the pause between rounds) it holds one timer handle, not a
sleeping task: at 500 tables those tasks, each with its coroutines, future and context, were thousands of objects
that every young garbage collection walked (issue 10). The timer starts the task when the time is up.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from functools import partial
from typing import Any

import bot.service.moves as moves
from bot.service.clock import Clock, Timer
from bot.service.errors import BusyError, ConflictError, GameGoneError, PauseNotOverError
from bot.service.keyed_locks import KeyedLocks
from bot.service.rulebooks import rules_of
from bot.service.table import STAND_IN_STRENGTH, Table

Mutation = Callable[[Table], list[Any]]  # the events of the table's game
log = logging.getLogger(__name__)


def _retrieve(change: asyncio.Future[Any]) -> None:
    if not change.cancelled() and change.exception() is not None:
        log.debug("game step not applied after its driver moved on: %r", change.exception())


def _computer_actor(table: Table) -> int | None:
    """A computer-played seat that is to act now although it is not its turn (Cat Duel's simultaneous choices)."""
    return next(iter(rules_of(table).waiting_computers(table)), None)


class Unchanged(Exception):
    """A scheduled step that no longer applies; nothing is saved."""


NO_DEADLINE = datetime.max.replace(tzinfo=UTC)  # a person's turn without a timer: only their move ends it
# A computer turn, a timer's move or a lobby's closing that failed unexpectedly (the database away, a bug) is tried
# again after these many seconds, the last repeated, so that no table is left waiting for a click that may never come;
# any change to the table (a click) tries again at once.
RETRY_AFTER_S = (2.0, 5.0, 15.0, 30.0, 60.0)


def retry_delay(failures: int) -> float:
    """How long to wait before the next try after this many failures in a row."""
    return RETRY_AFTER_S[min(failures, len(RETRY_AFTER_S)) - 1]


def _report_failure(what: str, game_id: str, failures: int, exc: Exception) -> None:
    """One line per failure: a WARNING for a database that stayed busy or out of reach (not the bot's fault), else
    ERROR, the first in a row with its traceback (a fault lasting an hour must not fill the log with tracebacks)."""
    delay = retry_delay(failures)
    if isinstance(exc, BusyError | ConnectionError):  # as bot.sending.machines_doing
        log.warning("game %s: %s failed (%d in a row): %r; trying again in %.0f s", game_id, what, failures, exc, delay)
    elif failures == 1:
        log.exception("game %s: %s failed; trying again in %.0f s", game_id, what, delay)
    else:
        log.error("game %s: %s failed again (%d in a row): %r; trying again in %.0f s", game_id, what, failures, exc,
                  delay)


def _people_until(table: Table, now: datetime) -> datetime | None:
    """When the game stops waiting for people, if that is all it waits for now (a person's turn, a round's pause)
    and their time is not up yet."""
    if table.paused_until is not None:
        until = table.paused_until
    elif (turn := table.turn) is None or _computer_actor(table) is not None or table.seats[turn].computer_plays:
        return None
    else:
        until = NO_DEADLINE if table.deadline is None else table.deadline
    return until if until > now else None


def _moment(table: Table) -> tuple[tuple[int, int] | None, int]:
    """Where the match stands: the turn and the turn actions made in it (a decision is for one moment)."""
    return (table.turn_key, table.move_number)


class TurnDriver:
    """Mixin of GameService: the per-game task behind computer players and the turn timer."""

    clock: Clock
    rng: random.Random
    computer_pause: float
    lock_timeout: float
    lobby_timeout: float
    _tables: dict[str, Table]
    _locks: KeyedLocks
    _drivers: dict[str, asyncio.Task[None]]
    _waits: dict[str, Timer]  # games waiting for people: the timer that starts their driver when time is up
    _settled: dict[str, asyncio.Event]
    _decider: ThreadPoolExecutor | None = None
    _stopping = False  # shut down: no move is taken, no driver started (a stopping bot could not show either)
    _refresher: asyncio.Task[None] | None

    def change(self, game_id: str, mutate: Mutation, *, restart: bool = True,
               announce: bool = True) -> Awaitable[tuple[Table, list[Any]]]:
        """Apply `mutate` to the game under its lock and save it (GameService.change)."""
        raise NotImplementedError

    async def _expire(self, game_id: str) -> None:
        raise NotImplementedError  # GameService's

    async def shutdown(self) -> None:
        """Stop every timer and computer player (the games stay saved); from now on no change is taken."""
        self._stopping = True
        drivers = list(self._drivers.values()) + ([self._refresher] if self._refresher is not None else [])
        self._drivers.clear()
        for timer in self._waits.values():
            timer.cancel()
        self._waits.clear()
        for task in drivers:
            task.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        if self._decider is not None:
            self._decider.shutdown(wait=False, cancel_futures=True)
            self._decider = None
        for lock in self._locks.in_use():  # a move being saved right now finishes first
            try:
                await asyncio.wait_for(lock.acquire(), self.lock_timeout)
                lock.release()
            except TimeoutError:
                log.warning("shutdown: a game was still busy after %.1f s", self.lock_timeout)

    # -- computer players and timers ----------------------------------------------------------------------------
    async def settled(self, game_id: str) -> None:
        """Wait until the game waits for a person (or has ended): for tests and the demo."""
        if game_id in self._tables:
            await self._settled.setdefault(game_id, asyncio.Event()).wait()

    def _restart_driver(self, game_id: str) -> None:
        self._stop_driving(game_id)
        if self._stopping:
            return
        table = self._tables.get(game_id)
        if table is None:  # ended or closed: nothing to drive, nothing to keep
            return
        settled = self._settled.setdefault(game_id, asyncio.Event())
        if table.state is None:
            settled.set()
            self._drivers[game_id] = asyncio.get_running_loop().create_task(self._lobby_clock(game_id),
                                                                            name=f"dc-lobby-{game_id}")
            return
        if not table.playing:
            settled.set()
            return
        until = _people_until(table, self.clock.now())
        if until is not None:
            self._wait_for_people(game_id, until)
        else:
            self._start_driver(game_id)

    def _stop_driving(self, game_id: str) -> None:
        """Cancel the game's driver task and its timer, whichever it has (not the task calling this)."""
        driver = self._drivers.pop(game_id, None)
        if driver is not None and driver is not asyncio.current_task():
            driver.cancel()
        timer = self._waits.pop(game_id, None)
        if timer is not None:
            timer.cancel()

    def _start_driver(self, game_id: str) -> None:
        self._settled.setdefault(game_id, asyncio.Event()).clear()
        self._drivers[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id), name=f"dc-{game_id}")

    def _wait_for_people(self, game_id: str, until: datetime) -> None:
        """The game waits for people (settled, for tests and the demo); its driver starts when their time is up."""
        self._settled.setdefault(game_id, asyncio.Event()).set()
        if until == NO_DEADLINE:
            return
        self._waits[game_id] = self.clock.call_later((until - self.clock.now()).total_seconds(),
                                                     partial(self._time_up, game_id))

    def _time_up(self, game_id: str) -> None:
        self._waits.pop(game_id, None)
        if game_id in self._tables and game_id not in self._drivers:
            self._start_driver(game_id)

    async def _lobby_clock(self, game_id: str) -> None:
        """Close a lobby once nobody has touched it for `lobby_timeout` seconds (a new change restarts this)."""
        failures = 0
        while (table := self._tables.get(game_id)) is not None and table.state is None:
            try:
                await self.clock.sleep((table.last_activity - self.clock.now()).total_seconds() + self.lobby_timeout)
                # Not idle long enough by the wall clock (it was set back meanwhile): the loop sleeps the rest.
                await asyncio.shield(self._expire(game_id))
            except Exception as exc:
                failures += 1
                _report_failure("closing the idle lobby", game_id, failures, exc)
                await self.clock.sleep(retry_delay(failures))

    async def _drive(self, game_id: str) -> None:
        """Play computer turns after a pause, and play a person's turn when their timer runs out."""
        failures = 0
        try:
            while (table := self._tables.get(game_id)) is not None and table.playing:
                turn, key = table.turn, table.turn_key
                assert turn is not None
                try:
                    until = _people_until(table, self.clock.now())
                    if until is not None:  # people to act: a timer, not this task
                        if self._drivers.get(game_id) is asyncio.current_task():
                            del self._drivers[game_id]
                            self._wait_for_people(game_id, until)
                        return
                    if table.paused_until is not None:  # between rounds: everyone waits, computer players too
                        step: Mutation = self._unpause_step()
                    elif (free := _computer_actor(table)) is not None:  # a simultaneous choice: no pause, no wait
                        step = await self._computer_step(game_id, free)
                    elif table.seats[turn].computer_plays:
                        if not failures:  # a try again has waited already
                            await self.clock.sleep(self.computer_pause)
                        step = await self._computer_step(game_id, turn)
                    else:
                        step = self._timeout_step(turn, key)
                    await self._apply(game_id, step)
                    failures = 0
                except (Unchanged, ConflictError, PauseNotOverError):  # reloaded, or woken early: look again
                    continue
                except GameGoneError:
                    raise
                except Exception as exc:
                    failures += 1
                    _report_failure("the computer player or timer", game_id, failures, exc)
                    await self._wait_to_retry(game_id, failures)
        except asyncio.CancelledError:
            raise
        except GameGoneError:
            pass
        finally:
            if self._drivers.get(game_id) is asyncio.current_task():
                self._settled.setdefault(game_id, asyncio.Event()).set()

    async def _wait_to_retry(self, game_id: str, failures: int) -> None:
        """Wait before trying a failed step again, settled meanwhile (it waits for time, as for a person)."""
        settled = self._settled.setdefault(game_id, asyncio.Event())
        settled.set()
        await self.clock.sleep(retry_delay(failures))
        settled.clear()

    async def _apply(self, game_id: str, step: Mutation) -> None:
        """Save the step even if this driver is cancelled meanwhile (a newer one takes over); what the step then
        raises (the game moved on, the pause ended early) is retrieved here instead of left unretrieved."""
        change = asyncio.ensure_future(self.change(game_id, step, restart=False))
        change.add_done_callback(_retrieve)
        try:
            await asyncio.shield(change)
        finally:
            del change  # what it raised holds this frame in its traceback: without the task, no reference cycle

    async def _computer_step(self, game_id: str, seat: int) -> Mutation:
        """Decide the computer player's action off the event loop (a hard player thinks for up to ~25 ms), then
        return the change that applies it under the lock if the game is still where it was when it decided."""
        table = self._tables.get(game_id)
        strength = table.seats[seat].strength if table is not None else None
        if table is None or table.state is None or strength is None or seat not in table.mode.actors(table.state):
            raise Unchanged
        seen, rng = _moment(table), random.Random(self.rng.getrandbits(64))
        try:
            action = await self._decide(table, seat, strength, rng)
        except Exception:
            if strength == STAND_IN_STRENGTH:
                raise
            # A player that cannot decide (a bug, or a strength this version does not know in a stored game) must not
            # stop the match: the stand-in that plays for absent people makes this move instead.
            log.exception("game %s: the %r computer player could not decide; the stand-in moves for seat %d",
                          game_id, strength, seat)
            action = await self._decide(table, seat, STAND_IN_STRENGTH, rng)

        def mutate(current: Table) -> list[Any]:
            if _moment(current) != seen or current.seats[seat].strength is None:
                raise Unchanged  # someone else changed the game meanwhile: decide again
            return moves.apply_logged(current, action)
        return mutate

    def _decide(self, table: Table, seat: int, strength: str, rng: random.Random) -> Awaitable[Any]:
        """The action of the computer player of that strength, decided on the players' thread."""
        return asyncio.get_running_loop().run_in_executor(
            self._decisions(), moves.computer_action, table, seat, strength, rng)

    def _decisions(self) -> ThreadPoolExecutor:
        """The computer players' own thread, so their thinking never queues behind pictures (or blocks the loop)."""
        if self._decider is None:
            self._decider = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dreamcats-players")
        return self._decider

    def _unpause_step(self) -> Mutation:
        def mutate(table: Table) -> list[Any]:
            moves.end_pause(table, self.clock.now())
            return []
        return mutate

    def _timeout_step(self, seat: int, key: tuple[int, int] | None) -> Mutation:
        def mutate(table: Table) -> list[Any]:
            if table.turn != seat or table.turn_key != key or table.deadline is None:
                raise Unchanged
            if table.deadline > self.clock.now() or table.seats[seat].computer_plays:
                raise Unchanged
            return moves.timed_out(table, seat, self.rng)
        return mutate
