"""Turn pings: a short new message that mentions the person whose turn it is, removed once the turn moves on.

The table message is edited after every move, and an edit notifies nobody, so a person who looked away would never
learn that the table waits for them. What players expect, and what this does:

- A ping only for a person who plays their seat themselves (never a computer player, a seat a computer took over,
  or anyone in the lobby), only at the start of their turn (once they drew a card they know), and not during the
  pause between rounds (the round's first turn is pinged when the pause ends). Where the seats choose at once (Cat
  Duel), every person still to choose has a ping of their own, which goes when they choose.
- Not at once: only when the turn is still theirs `PING_GRACE` seconds after it began. Someone watching the table
  acts well within that, so two people trading quick turns (the usual two-seat game) are never pinged, and a fast
  table stays as quiet and as cheap (no extra requests) as before; a person who stepped away is pinged once per turn.
- The ping mentions only that person (allowed mentions limited to them), says nothing but that it is their turn
  (no card, nothing hidden) in the table's language, and links to the table message. It is deleted as soon as the
  turn moves on (they acted, their time ran out, they left) or the match ends or is stopped; if Discord refuses
  the deletion it is edited to a folded line instead; if that fails too, one log line, and the next process tries
  again if Discord was unwell (bot.ping_leftovers). A ping Discord failed to answer is sent once more at once with
  the same nonce, so one it made anyway comes back to be deleted in time.
- Whether a person is pinged: their own choice in this server (`/dreamcats pings`), else the server's default
  (`/dreamcats settings turn_pings`, on unless a manager turned it off). The choice is read only when a ping is
  about to be posted, so a change applies from the next turn.
- A bot stopping deletes the pings it posted. A ping a crash left posted is taken up by the next process
  (bot.ping_leftovers): kept while its turn still waits for its person, else deleted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Coroutine
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord
from sqlalchemy.exc import SQLAlchemyError

from bot.hub import DreamcatsBase
from bot.ping_leftovers import STORAGE_FAILED, PostedPing, forget, leftovers, remember
from bot.ping_place import PingPlace, TurnKey, folded_text, ping_text, pings_due
from bot.sending import DISCORD_UNWELL, SENDING_FAILED, log_failure, patiently, post_nonce
from bot.service import Clock, GameGoneError, Notifier, StoredGame, Table
from bot.service.clock import Timer
from bot.storage import StorageError, wants_turn_pings

log = logging.getLogger(__name__)
PING_GRACE = 8.0  # seconds a turn may go without a move before its person is pinged
CLOSE_PATIENCE = 2.0  # seconds a stopping bot waits for its pings to be deleted
PING_TRIES = 2  # a ping Discord failed is sent once more, at once
LEFTOVERS_PER_SECOND = 20.0  # pings a crash left, deleted after the restart at this pace (as the tables' redraws)


@dataclass(eq=False)
class _Ping:
    """One turn's ping. It waits as a timer handle and is remembered as a message id, never as a sleeping task: at
    hundreds of tables, those tasks were thousands of objects for every garbage collection to walk (issue 10)."""

    key: TurnKey
    place: PingPlace
    over: bool = False
    grace: Timer | None = None  # runs out -> a task posts the ping
    posted: int | None = None  # the ping's message id: the turn ends -> a task removes it


class TurnPings:
    """The service's Notifier in front of the presenter: passes every notification on, and pings whose turn it is."""

    def __init__(self, bot: DreamcatsBase, presenter: Notifier, *, clock: Clock, grace: float = PING_GRACE) -> None:
        self.bot, self.presenter, self.clock, self.grace = bot, presenter, clock, grace
        self.posted = 0  # pings posted (tests, benchmarks)
        self._pings: dict[str, dict[int, _Ping]] = {}  # game → seat → the ping of its current turn
        self._tasks: set[asyncio.Task[None]] = set()

    # -- Notifier -------------------------------------------------------------------------------------------------
    def table_changed(self, table: Table) -> None:
        """Redraw the table; a new turn replaces the previous turn's ping (in Cat Duel, each seat still to choose has
        one of its own: a person who chose no longer needs theirs, the others keep theirs)."""
        self.presenter.table_changed(table)
        due = {key[2]: key for key in pings_due(table)}
        current = self._pings.get(table.game_id, {})
        if not due and not current:
            return
        for seat, ping in list(current.items()):
            if due.get(seat) != ping.key:
                self._end_ping(current.pop(seat))
        for seat, key in due.items():
            if seat not in current:
                ping = current[seat] = _Ping(key, PingPlace.of(table, seat=seat, user_id=key[3]))
                ping.grace = self.clock.call_later(self.grace, partial(self._grace_over, ping))
        if current:
            self._pings[table.game_id] = current
        else:
            self._pings.pop(table.game_id, None)

    def round_ended(self, table: Table, number: int) -> None:
        """Show the reveal."""
        self.presenter.round_ended(table, number)

    def match_ended(self, table: Table) -> None:
        """Show the standings; no ping outlives the match."""
        self._end(table.game_id)
        self.presenter.match_ended(table)

    def seat_handed_over(self, table: Table, seat: int) -> None:
        """Tell the person a computer plays their seat now."""
        self.presenter.seat_handed_over(table, seat)

    def game_closed(self, table: Table, reason: str) -> None:
        """Mark the table closed; its ping goes."""
        self._end(table.game_id)
        self.presenter.game_closed(table, reason)

    def game_broken(self, stored: StoredGame, reason: str) -> None:
        """Tell the channel its game could not be resumed."""
        self.presenter.game_broken(stored, reason)

    # -- the pings ------------------------------------------------------------------------------------------------
    def _end(self, game_id: str) -> None:
        for ping in self._pings.pop(game_id, {}).values():
            self._end_ping(ping)

    def _end_ping(self, ping: _Ping) -> None:
        ping.over = True
        if ping.grace is not None:
            ping.grace.cancel()
        if ping.posted is not None:
            message_id, ping.posted = ping.posted, None
            self._track(self._guarded(ping.place, self._remove(ping.place, message_id)))

    def _grace_over(self, ping: _Ping) -> None:
        """The turn is still the person's after the grace: ping them (a task, for the requests)."""
        ping.grace = None
        if not ping.over:
            self._track(self._guarded(ping.place, self._ping_if_due(ping)))

    def _track(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _guarded(place: PingPlace, work: Awaitable[None]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a ping is a courtesy: whatever went wrong, one line and the game goes on
            log_failure(log, exc, "game %s: turn ping failed: %r", place.game_id, exc)

    async def _ping_if_due(self, ping: _Ping) -> None:
        """Ping (the grace is over) if still due and wanted; the ping is removed when the turn is over (_end)."""
        if not await self._wanted(ping.place) or ping.over:
            return
        message_id = await self._post(ping.place, ping.key)
        if message_id is None:
            return
        await remember(self.bot.db, PostedPing(message_id, ping.key, ping.place))
        if ping.over:  # the turn ended while the ping was being posted
            await self._remove(ping.place, message_id)
        else:
            ping.posted = message_id

    async def _wanted(self, place: PingPlace) -> bool:
        """The person's choice, else the server's default; a database that cannot say means no ping."""
        try:
            return await self.bot.db.read(
                lambda s: wants_turn_pings(s, guild_id=place.guild_id, user_id=place.user_id))
        except (SQLAlchemyError, StorageError) as exc:
            log.warning("game %s: not pinging, the ping setting could not be read: %r", place.game_id, exc)
            return False

    async def _post(self, place: PingPlace, key: TurnKey) -> int | None:
        """Post the ping; its message id, or None if it could not be posted."""
        try:  # the newest table message (it moves below each reveal)
            message_id = self.bot.service.get(place.game_id).message_id
        except GameGoneError:
            return None
        channel = self._channel(place)
        only_them = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                            users=[discord.Object(place.user_id)])
        # Sent a second time after a failure, with the same nonce: if Discord made the ping and only its answer was
        # lost, that hands the ping back (it would otherwise stay after the turn, as nobody could delete it).
        nonce = post_nonce(place.game_id, "ping", *key)
        for attempt in range(PING_TRIES):
            try:
                message = await patiently(channel.send(ping_text(place, message_id), allowed_mentions=only_them,
                                                       suppress_embeds=True, nonce=nonce))
            except SENDING_FAILED as exc:
                log.info("game %s: could not ping whose turn it is (try %d): %r", place.game_id, attempt + 1, exc)
                if not isinstance(exc, DISCORD_UNWELL):  # a refusal (no permission): the same again is refused
                    return None
                continue
            self.posted += 1
            return message.id
        return None

    def _channel(self, place: PingPlace) -> discord.PartialMessageable:
        """Where the ping is posted: the table's channel (its thread, if it has one)."""
        return self.bot.get_partial_messageable(place.channel_id, guild_id=place.guild_id)

    async def _remove(self, place: PingPlace, message_id: int) -> None:
        """Delete the ping; if Discord refuses, fold it into a line that asks nothing; never raise."""
        if await self._delete_or_fold(place, message_id):
            await forget(self.bot.db, message_id)

    async def _delete_or_fold(self, place: PingPlace, message_id: int) -> bool:
        """Whether that settled it: False while Discord is unwell (the next process of the bot tries again)."""
        message = self._channel(place).get_partial_message(message_id)
        try:
            await patiently(message.delete())
            return True
        except discord.NotFound:
            return True  # someone deleted it already
        except SENDING_FAILED as exc:
            log.info("game %s: could not delete a turn ping (%r), folding it", place.game_id, exc)
        try:
            await patiently(message.edit(content=folded_text(place), allowed_mentions=discord.AllowedMentions.none()))
            return True
        except SENDING_FAILED as exc:
            log.info("game %s: could not fold a turn ping either: %r", place.game_id, exc)
            return not isinstance(exc, DISCORD_UNWELL)

    async def read_leftovers(self) -> list[PostedPing]:
        """The pings an earlier process left posted in this process's guilds (read before this one posts any)."""
        try:
            return await leftovers(self.bot.db, self.bot.service.owns_guild)
        except STORAGE_FAILED as exc:  # they stay until a later start can read them
            log.warning("could not read the turn pings an earlier process left: %r", exc)
            return []

    def take_up_leftovers(self, found: list[PostedPing]) -> None:
        """Keep the pings `found` whose turn still waits for their person; delete the others, a few a second."""
        if found:
            self._track(self._take_up(found))

    async def _take_up(self, found: list[PostedPing]) -> None:
        # Every ping is kept or not before any is deleted: deletions go a few a second, and a ping waiting behind them
        # when its turn's grace ran out here would be deleted and its person pinged again.
        for ping in [ping for ping in found if not self._adopted(ping)]:
            await self._guarded(ping.place, self._remove(ping.place, ping.message_id))
            await asyncio.sleep(1 / LEFTOVERS_PER_SECOND)

    def _adopted(self, ping: PostedPing) -> bool:
        try:
            return self._adopt(ping)
        except Exception as exc:  # one ping that cannot be taken up must not keep the others
            log_failure(log, exc, "game %s: a turn ping left by an earlier process: %r", ping.place.game_id, exc)
            return False

    def _adopt(self, ping: PostedPing) -> bool:
        """Keep a ping an earlier process posted if its turn still waits for its person and this process has not begun
        pinging for it (its grace not over): it is this turn's ping."""
        try:
            due = pings_due(self.bot.service.get(ping.place.game_id))
        except GameGoneError:
            return False
        seat = ping.key[2]
        current = self._pings.get(ping.place.game_id, {}).get(seat)
        if ping.key not in due or (current is not None and (current.key != ping.key or current.grace is None)):
            return False
        if current is None:  # the table's redraw after the restart has not come to it yet
            current = self._pings.setdefault(ping.place.game_id, {})[seat] = _Ping(ping.key, ping.place)
        if current.grace is not None:
            current.grace.cancel()
            current.grace = None
        current.posted = ping.message_id
        return True

    async def close(self) -> None:
        """End every ping (those posted are deleted, briefly waited for), then stop."""
        for game_id in list(self._pings):
            self._end(game_id)
        tasks = list(self._tasks)
        if tasks:
            await asyncio.wait(tasks, timeout=CLOSE_PATIENCE)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
