"""Restarts: the live games of this process's shard(s) loaded again, their drivers restarted, and their lobbies and
tables redrawn a few at a time (a crash may have come between a save and its edit); the endings of matches that finished
without being shown (a crash, or a stop with posts still queued, after the match was recorded) posted then."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from datetime import datetime, timedelta

from bot.service.driver import TurnDriver
from bot.service.moves import ROUND_PAUSE
from bot.service.notifier import Notifier
from bot.service.shards import Shard
from bot.service.store import GameStore, OwedEnding
from bot.service.table import Table, UnreadableTableError, table_from_payload

log = logging.getLogger(__name__)
RESUME_REDRAWS_PER_SECOND = 20.0
# An ending owed longer than this is not posted after all: the players have moved on (the channel may hold a newer
# game by then), and a post Discord keeps refusing is not tried at every restart for ever.
OWED_AT_MOST = timedelta(hours=1)
REVEAL, HANDOVER = "reveal", "handover"
# The least time a live turn has once the bot is back: enough for the gateway to connect (a few shards identify 5 s
# apart) and for the person to see their turn again and click.
RESUME_GRACE_S = 30.0
Shown = tuple[str, int]  # a post made since the game's last save: (REVEAL, round) or (HANDOVER, seat)


class Resuming(TurnDriver):
    """Mixin of GameService: which guilds' games this process drives, and loading them after a restart."""

    store: GameStore
    notifier: Notifier
    shard: Shard | None
    _shown: dict[str, set[Shown]]

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process drives the games of a guild (its shard's guilds; every guild when unsharded)."""
        return self.shard is None or self.shard.owns(guild_id)

    async def resume(self) -> list[str]:
        """Load every live game of our shard(s) and carry on; unreadable ones are marked broken. Their ids."""
        broken: list[str] = []
        for stored in await self.store.load():
            if not self.owns_guild(stored.guild_id):  # the process running that shard drives it
                continue
            try:
                table = table_from_payload(stored.payload, version=stored.version, message_id=stored.message_id,
                                           deadline=stored.deadline)
            except UnreadableTableError as exc:
                log.error("live game %s cannot be read, marking it broken: %s", stored.game_id, exc)
                await self.store.mark_broken(stored.game_id, str(exc))
                self.notifier.game_broken(stored, str(exc))
                broken.append(stored.game_id)
                continue
            grant_time_lost(table, self.clock.now())
            grant_pause_lost(table, self.clock.now())
            self._tables[table.game_id] = table
            self._restart_driver(table.game_id)  # a lobby's expiry clock runs on too
        owed = [ending for ending in await self.store.owed_endings() if self.owns_guild(ending.guild_id)]
        # Lobbies too: one whose message a crash kept from being posted would otherwise hold its channel until it
        # expires (a new /dreamcats start there says it is still being posted).
        shown = [t.game_id for t in self._tables.values() if t.playing or t.state is None]
        self._refresher = asyncio.get_running_loop().create_task(self._redraw_gradually(owed, shown))
        return broken

    async def _show_owed(self, owed: OwedEnding) -> None:
        """Post an ending that a finished match still owes: its last reveal(s), then its standings."""
        if self.clock.now() - owed.owed_since > OWED_AT_MOST:
            log.info("game %s: its ending was owed since %s, too long ago to post", owed.game_id, owed.owed_since)
            await self.ending_shown(owed.game_id)
            return
        try:
            table = table_from_payload(owed.payload, version=0, message_id=owed.message_id, deadline=None)
        except UnreadableTableError as exc:
            log.error("game %s: its owed ending cannot be read, dropping it: %s", owed.game_id, exc)
            await self.ending_shown(owed.game_id)
            return
        log.info("game %s: posting the ending it still owed", owed.game_id)
        for number in owed.rounds:
            self.notifier.round_ended(table, number)
        self.notifier.match_ended(table)

    def owe_shown(self, table: Table, ended: list[int]) -> frozenset[Shown]:
        """Inside a change about to be saved: the reveals of the rounds it `ended` are owed; the reveals and handover
        notices the presenter posted since the last save no longer (a finished match's last reveal goes into its owed
        ending instead). Returns the posted ones it let go, for `shown_saved` once the change is saved (a failed
        save keeps the note)."""
        shown = frozenset(self._shown.get(table.game_id, ()))
        if shown:
            table.reveals_owed = [number for number in table.reveals_owed if (REVEAL, number) not in shown]
            for seat in (number for kind, number in shown if kind == HANDOVER and number < len(table.seats)):
                table.seats[seat].handover_owed = False
        if table.playing:
            table.reveals_owed += ended
        return shown

    def shown_saved(self, game_id: str, shown: frozenset[Shown]) -> None:
        """The change that let these posted reveals and notices go is saved: no need to remember them any more."""
        remembered = self._shown.get(game_id)
        if remembered is not None and shown:
            remembered -= shown
            if not remembered:
                del self._shown[game_id]

    async def reveal_shown(self, game_id: str, number: int) -> None:
        """A round's reveal was posted: a live match's is owed no more from its next save on (no write of its own:
        a restart before then posts it again, and Discord keeps one copy of a post made again within minutes); a
        finished match's, at once, so that a restart before its standings go out posts only those."""
        if game_id in self._tables:
            self._shown.setdefault(game_id, set()).add((REVEAL, number))
            return
        await _settled(game_id, f"its reveal {number}", self.store.settle_reveal(game_id, number))

    async def handover_shown(self, game_id: str, seat: int) -> None:
        """The notice that a computer plays `seat` now was posted: owed no more from the game's next save on (as a
        live match's reveal; a finished match's is of no use any more)."""
        if game_id in self._tables:
            self._shown.setdefault(game_id, set()).add((HANDOVER, seat))

    async def ending_shown(self, game_id: str) -> None:
        """A finished match's ending was posted (or never will be): it is owed no more. A failure to say so is one
        log line: the ending is then posted again after the next restart, which is better than never."""
        await _settled(game_id, "its ending", self.store.settle_ending(game_id))

    async def _redraw_gradually(self, owed: list[OwedEnding], game_ids: list[str]) -> None:
        """Post the owed endings, then redraw resumed tables (a crash may have come between a save and its edit), at
        a bounded rate: hundreds of posts and edits at once would hold up every click's answer (and, on Discord, eat
        the global rate limit)."""
        for ending in owed:
            await self._show_owed(ending)
            await asyncio.sleep(1 / RESUME_REDRAWS_PER_SECOND)
        for game_id in game_ids:
            table = self._tables.get(game_id)
            if table is not None and table.playing:
                if table.reveals_owed:
                    self._show_owed_reveals(table)
                for seat in _owed_handovers(table):  # a crash came between the handover and its notice
                    self.notifier.seat_handed_over(table, seat)
            self.refresh(game_id)
            await asyncio.sleep(1 / RESUME_REDRAWS_PER_SECOND)

    def _show_owed_reveals(self, table: Table) -> None:
        """Post the reveal a resumed table still owes while it waits between rounds: the last round's (it is drawn
        from the table as it is, so not an older one, nor once the next round has begun: that moment has passed)."""
        latest, waiting = max(table.reveals_owed), table.paused_until is not None
        if waiting:
            self.notifier.round_ended(table, latest)  # the table then moves below it
        let_go = [(REVEAL, number) for number in table.reveals_owed if not waiting or number != latest]
        if let_go:  # with the table's next save
            self._shown.setdefault(table.game_id, set()).update(let_go)

    def refresh(self, game_id: str) -> None:
        """Redraw a lobby or live table (after a restart, or when someone pressed a button of an older picture); a
        message that was never posted, or was deleted, is posted."""
        table = self._tables.get(game_id)
        if table is not None and (table.playing or table.state is None):
            self.notifier.table_changed(table)


def _owed_handovers(table: Table) -> list[int]:
    """The seats of a match whose people are still to be told that a computer plays for them."""
    return [seat for seat, record in enumerate(table.seats) if record.handover_owed and not record.left]


async def _settled(game_id: str, what: str, settling: Awaitable[None]) -> None:
    """Tell the store something owed was shown; a failure (busy or unreachable storage) is one log line, and the
    thing is then posted once more after the next restart, which is better than never."""
    try:
        await settling
    except Exception as exc:  # nothing else to do about it here
        log.warning("game %s: could not mark %s as shown: %r", game_id, what, exc)


def grant_pause_lost(table: Table, now: datetime) -> None:
    """A pause between rounds whose round's reveal is still owed gets its whole length again, whether it ran out
    while the bot was away or has a few seconds left: the people get to see the reveal (posted after the restart,
    bot.service.resume, a few tables at a time) before the next round begins. Only in memory: the next change saves
    it."""
    if table.reveals_owed and table.paused_until is not None and table.playing:
        table.paused_until = max(table.paused_until, now + timedelta(seconds=ROUND_PAUSE))


def grant_time_lost(table: Table, now: datetime) -> None:
    """A turn whose time ran out while the bot was away (or stopping) starts again with the whole turn timer; one
    with only a few seconds left gets RESUME_GRACE_S (or its whole timer, if shorter).

    The people could not act while no bot answered their clicks: timing them out the moment it returns (or before
    Discord has even connected it: this runs before the gateway is up) would play their turn for them and count it
    towards handing their seat to a computer player. A turn with more time left keeps it. Only in memory: the next
    change saves it.
    """
    if table.deadline is None or not table.playing:
        return
    timer = timedelta(seconds=table.settings.turn_timer)  # every game's settings have one
    if table.deadline <= now:
        table.deadline = now + timer
    else:
        table.deadline = max(table.deadline, now + min(timer, timedelta(seconds=RESUME_GRACE_S)))
