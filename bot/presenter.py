"""The service's Notifier for Discord: one worker per game posts in order and coalesces table edits.

A table message has two parts that change at different costs. Its text (recent actions, whose turn) and buttons
follow every move with a cheap edit, at most one per edit interval (Discord allows five edits in five seconds).
Its picture is drawn only for a settled table (at the start of a turn, not while someone holds a drawn card: the
text says what happened) and at most once per picture spacing, which widens under load (bot.frames). The worker
takes the newest table once its turn at drawing has come, so a burst of moves leaves at most one drawing pending and
a frame is never drawn stale.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.frames import FrameTurns
from bot.i18n import resolve_locale, t
from bot.pictures import WORKERS
from bot.service import StoredGame, Table
from bot.views.public import (
    TableMessage,
    closed_message,
    lobby_message,
    reveal_message,
    standings_message,
    table_content,
    table_message,
    table_view,
)
from game import GameError, RoundResult, Step

if TYPE_CHECKING:
    from bot.client import DreamcatsBot

log = logging.getLogger(__name__)
Job = Callable[[], Awaitable[None]]
NO_PINGS = discord.AllowedMentions.none()  # the table text names people; an edit must never ping anyone
SETTLED = (Step.START, Step.OVER)  # a table worth a picture: nobody is in the middle of a turn


class DiscordPresenter:
    """Turns service notifications into Discord messages; a burst of moves makes few edits."""

    def __init__(self, bot: DreamcatsBot, *, edit_interval: float = 1.0, max_edit_interval: float | None = None,
                 drawers: int = WORKERS, draw_table: Callable[[Table], Awaitable[TableMessage]] = table_message
                 ) -> None:
        self.bot = bot
        self.frames = FrameTurns(drawers, edit_interval, max_edit_interval)
        self._edit_interval = edit_interval
        self.draw_table = draw_table
        self._latest: dict[str, Table] = {}
        self._dirty: set[str] = set()
        self._pictured: dict[str, tuple[int, int]] = {}  # game → (version, round) its message's picture shows
        self._next_picture: dict[str, float] = {}  # game → event-loop time before which it draws no new picture
        self._repost: set[str] = set()  # games whose table must be posted anew, below the newest reveal
        self._jobs: dict[str, deque[Job]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self.edits = 0

    @property
    def edit_interval(self) -> float:
        """The pause after a table edit (text and buttons); also the base spacing of pictures, which widens."""
        return self._edit_interval

    @edit_interval.setter
    def edit_interval(self, seconds: float) -> None:
        self._edit_interval = self.frames.edit_interval = seconds

    def edit_spacing(self) -> float:
        """The pause between two pictures of a table now: edit_interval, widened while games queue to draw theirs."""
        return self.frames.spacing()

    # -- Notifier ---------------------------------------------------------------------------------------------------
    def table_changed(self, table: Table) -> None:
        """Redraw the lobby or table message soon."""
        self._latest[table.game_id] = table
        self._dirty.add(table.game_id)
        self._wake(table.game_id)

    def round_ended(self, table: Table, result: RoundResult) -> None:
        """Post the reveal of a round; the table then moves below it, so the live buttons stay the newest message."""
        self._queue(table, lambda: self._post_reveal(table, result.number))

    def match_ended(self, table: Table) -> None:
        """Post the standings and take the buttons off the table."""
        self._forget(table.game_id)
        self._queue(table, lambda: self._finish(table))

    def seat_handed_over(self, table: Table, seat: int) -> None:
        """Tell the person that the computer plays their seat now."""
        user_id = table.seats[seat].user_id
        text = t("notice.handover", table.locale, mention=f"<@{user_id}>")
        mentions = discord.AllowedMentions(users=[discord.Object(user_id)] if user_id else False)
        self._queue(table, lambda: self._post(table.channel_id, content=text, allowed_mentions=mentions))

    def game_closed(self, table: Table, reason: str) -> None:
        """Mark the table message as cancelled or stopped."""
        self._forget(table.game_id)
        self._queue(table, lambda: self._edit(table, embed=closed_message(table, reason), attachments=[], view=None))

    def game_broken(self, stored: StoredGame, reason: str) -> None:
        """Tell the channel its game could not be resumed."""
        locale = stored.payload.get("locale") if isinstance(stored.payload, dict) else None
        text = t("notice.broken", resolve_locale(locale if isinstance(locale, str) else None))
        key = f"broken-{stored.game_id}"
        task = asyncio.get_running_loop().create_task(self._post(stored.channel_id, content=text))
        self._workers[key] = task
        task.add_done_callback(lambda _: self._workers.pop(key, None))

    # -- the worker ---------------------------------------------------------------------------------------------------
    def _forget(self, game_id: str) -> None:
        """The game's message is final: no more redraws of its table."""
        self._dirty.discard(game_id)
        self._latest.pop(game_id, None)
        self._pictured.pop(game_id, None)
        self._next_picture.pop(game_id, None)
        self._repost.discard(game_id)

    def _queue(self, table: Table, job: Job) -> None:
        self._jobs.setdefault(table.game_id, deque()).append(job)
        self._wake(table.game_id)

    def _wake(self, game_id: str) -> None:
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.get_running_loop().create_task(self._work(game_id))

    async def _work(self, game_id: str) -> None:
        jobs = self._jobs.setdefault(game_id, deque())
        while True:
            try:
                if jobs:
                    await jobs.popleft()()
                    continue
                pause = await self._show(game_id)
                if pause is None:
                    break
                await asyncio.sleep(pause)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("game %s: could not update Discord: %r", game_id, exc)
        # Nothing left to post or redraw: let go of the game, so a long-running bot does not keep every game it
        # ever showed (a new notification starts a new worker).
        self._jobs.pop(game_id, None)
        self._latest.pop(game_id, None)
        if self._workers.get(game_id) is asyncio.current_task():
            del self._workers[game_id]

    async def _show(self, game_id: str) -> float | None:
        """Bring the game's message up to date (picture, or only text and buttons); the pause before the next look,
        or None when nothing is left to show."""
        table = self._latest.get(game_id)
        if table is None:
            return None
        if table.state is None:
            if game_id not in self._dirty:
                return None
            self._dirty.discard(game_id)
            embed, view = lobby_message(table)
            await self._edit(table, embed=embed, view=view)
            return self.edit_interval
        now = asyncio.get_running_loop().time()
        wanted = self._wants_picture(table)
        if wanted and now >= self._next_picture.get(game_id, 0.0):
            await self._redraw(game_id)
            self._next_picture[game_id] = asyncio.get_running_loop().time() + self.frames.spacing()
        elif game_id in self._dirty:
            await self._retext(game_id)
        elif wanted:
            return self._next_picture[game_id] - now
        else:
            return None
        return self.edit_interval

    def _wants_picture(self, table: Table) -> bool:
        """A new picture is due: the table is settled and changed since its picture, or it is a new round (drawn
        without waiting for the spacing), or the message has no picture of this game yet."""
        assert table.state is not None
        shown = self._pictured.get(table.game_id)
        if shown is None or shown[1] != table.state.round.number:
            self._next_picture.pop(table.game_id, None)
            return True
        return shown[0] != table.version and table.state.round.step in SETTLED

    @property
    def tracked_games(self) -> set[str]:
        """The games the presenter still holds work or a table for (empty once everything is shown)."""
        return {*self._jobs, *self._latest, *self._dirty, *(k for k, w in self._workers.items() if not w.done())}

    async def idle(self) -> None:
        """Wait until every queued post and edit is done (tests)."""
        while any(not w.done() for w in self._workers.values()):
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    async def close(self) -> None:
        """Stop the workers."""
        for worker in self._workers.values():
            worker.cancel()
        await asyncio.gather(*self._workers.values(), return_exceptions=True)

    # -- Discord ------------------------------------------------------------------------------------------------------
    async def _redraw(self, game_id: str) -> None:
        """The whole table message with a new picture."""
        async with self.frames.turn():
            # Only now, with a drawer free, the newest table: changes made while waiting are in this one frame.
            if game_id not in self._latest or self._latest[game_id].state is None:
                return  # the game ended or closed meanwhile: its last message is queued, no frame is wanted
            self._dirty.discard(game_id)
            table = self._latest[game_id]
            assert table.state is not None
            shows = (table.version, table.state.round.number)
            drawn = await self.draw_table(table)
        await self._edit(table, content=drawn.content, embed=drawn.embed, view=drawn.view, attachments=[drawn.file])
        self._pictured[game_id] = shows

    async def _retext(self, game_id: str) -> None:
        """Only the text and the buttons (the picture stays): cheap, so it follows every move at once."""
        self._dirty.discard(game_id)
        table = self._latest[game_id]
        if table.message_id is None or game_id in self._repost:  # a new message is posted whole
            self._pictured.pop(game_id, None)
            await self._redraw(game_id)
            return
        message = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id).get_partial_message(
            table.message_id)
        try:
            await message.edit(content=table_content(table), view=table_view(table), allowed_mentions=NO_PINGS)
            self.edits += 1
        except discord.NotFound:
            log.info("game %s: the table message was deleted, posting it again", game_id)
            self._pictured.pop(game_id, None)
            await self._redraw(game_id)

    async def _edit(self, table: Table, *, embed: discord.Embed, view: discord.ui.View | None,
                    content: str | None = None, attachments: list[discord.File] | None = None) -> None:
        """Edit the table message; if it was deleted, post it again and remember the new one."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        retired = table.message_id if table.game_id in self._repost else None
        self._repost.discard(table.game_id)
        if table.message_id is not None and retired is None:
            try:
                # MISSING, not None, leaves the message's pictures as they are
                await channel.get_partial_message(table.message_id).edit(
                    content=content, embed=embed, view=view, allowed_mentions=NO_PINGS,
                    attachments=discord.utils.MISSING if attachments is None else attachments)
                self.edits += 1
                return
            except discord.NotFound:
                log.info("game %s: the table message was deleted, posting it again", table.game_id)
        # discord.py's send overloads refuse None, which the method itself takes as "not given"
        message = await channel.send(content, embed=embed, view=view, files=attachments,  # type: ignore[arg-type]
                                     allowed_mentions=NO_PINGS)
        self.edits += 1
        table.message_id = message.id
        try:
            await self.bot.service.set_message(table.game_id, message.id)
        except GameError as exc:  # the game ended meanwhile: nothing to remember
            log.info("game %s: not remembering the new table message: %s", table.game_id, exc)
        if retired is not None:
            await self._retire(channel, table.game_id, retired)

    async def _retire(self, channel: discord.PartialMessageable, game_id: str, message_id: int) -> None:
        """Delete a table message that a newer one replaced (its buttons would otherwise still invite clicks)."""
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException as exc:  # already deleted, or no permission: the new table is posted anyway
            log.info("game %s: could not delete the previous table message: %r", game_id, exc)

    async def _post(self, channel_id: int, *, content: str | None = None, embed: discord.Embed | None = None,
                    file: discord.File | None = None, allowed_mentions: discord.AllowedMentions | None = None) -> None:
        # discord.py's send overloads refuse None, which the method itself takes as "not given"
        await self.bot.get_partial_messageable(channel_id).send(
            content, embed=embed, file=file, allowed_mentions=allowed_mentions)  # type: ignore[arg-type]

    async def _post_reveal(self, table: Table, number: int) -> None:
        embed, file = await reveal_message(table, number)
        await self._post(table.channel_id, embed=embed, file=file)
        if table.game_id in self._latest or table.game_id in self._pictured:  # still playing: table moves below
            self._repost.add(table.game_id)

    async def _finish(self, table: Table) -> None:
        embed, file = await standings_message(table)
        await self._edit(table, embed=closed_message(table, "finished"), attachments=[], view=None)
        await self._post(table.channel_id, embed=embed, file=file)
