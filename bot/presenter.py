"""The service's Notifier for Discord: one worker per game posts in order and coalesces table edits.

A table's picture is drawn at most once per edit window: its game's worker redraws, then pauses for the edit spacing
(bot.frames), and every change meanwhile only marks the table dirty. The worker takes the newest table once its
turn at drawing has come, so a burst of moves leaves at most one drawing pending and a frame is never drawn stale.
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
from bot.views.public import closed_message, lobby_message, reveal_message, standings_message, table_message
from game import GameError, RoundResult

if TYPE_CHECKING:
    from bot.client import DreamcatsBot

log = logging.getLogger(__name__)
Job = Callable[[], Awaitable[None]]
TableMessage = tuple[discord.Embed, discord.ui.View, discord.File]


class DiscordPresenter:
    """Turns service notifications into Discord messages; a burst of moves makes few edits."""

    def __init__(self, bot: DreamcatsBot, *, edit_interval: float = 1.0, max_edit_interval: float | None = None,
                 drawers: int = WORKERS, draw_table: Callable[[Table], Awaitable[TableMessage]] = table_message
                 ) -> None:
        self.bot = bot
        self.frames = FrameTurns(drawers, edit_interval, max_edit_interval)
        self.draw_table = draw_table
        self._latest: dict[str, Table] = {}
        self._dirty: set[str] = set()
        self._jobs: dict[str, deque[Job]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self.edits = 0

    @property
    def edit_interval(self) -> float:
        """The pause after a table edit while the bot keeps up (it widens under load)."""
        return self.frames.edit_interval

    @edit_interval.setter
    def edit_interval(self, seconds: float) -> None:
        self.frames.edit_interval = seconds

    def edit_spacing(self) -> float:
        """The pause after a table edit now: edit_interval, widened while games queue to draw their tables."""
        return self.frames.spacing()

    # -- Notifier ---------------------------------------------------------------------------------------------------
    def table_changed(self, table: Table) -> None:
        """Redraw the lobby or table message soon."""
        self._latest[table.game_id] = table
        self._dirty.add(table.game_id)
        self._wake(table.game_id)

    def round_ended(self, table: Table, result: RoundResult) -> None:
        """Post the reveal of a round."""
        self._queue(table, lambda: self._post_reveal(table, result.number))

    def match_ended(self, table: Table) -> None:
        """Post the standings and take the buttons off the table."""
        self._latest[table.game_id] = table
        self._dirty.discard(table.game_id)
        self._queue(table, lambda: self._finish(table))

    def seat_handed_over(self, table: Table, seat: int) -> None:
        """Tell the person that the computer plays their seat now."""
        user_id = table.seats[seat].user_id
        text = t("notice.handover", table.locale, mention=f"<@{user_id}>")
        mentions = discord.AllowedMentions(users=[discord.Object(user_id)] if user_id else False)
        self._queue(table, lambda: self._post(table.channel_id, content=text, allowed_mentions=mentions))

    def game_closed(self, table: Table, reason: str) -> None:
        """Mark the table message as cancelled or stopped."""
        self._dirty.discard(table.game_id)
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
    def _queue(self, table: Table, job: Job) -> None:
        self._jobs.setdefault(table.game_id, deque()).append(job)
        self._wake(table.game_id)

    def _wake(self, game_id: str) -> None:
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.get_running_loop().create_task(self._work(game_id))

    async def _work(self, game_id: str) -> None:
        jobs = self._jobs.setdefault(game_id, deque())
        while jobs or game_id in self._dirty:
            try:
                if jobs:
                    await jobs.popleft()()
                    continue
                await self._redraw(game_id)
                await asyncio.sleep(self.frames.spacing())
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
        lobby = self._latest[game_id]
        if lobby.state is None:
            self._dirty.discard(game_id)
            embed, view = lobby_message(lobby)
            await self._edit(lobby, embed=embed, view=view)
            return
        async with self.frames.turn():
            # Only now, with a drawer free, the newest table: changes made while waiting are in this one frame.
            if game_id not in self._dirty:
                return  # the game ended or closed meanwhile: its last message is queued, no frame is wanted
            self._dirty.discard(game_id)
            table = self._latest[game_id]
            embed, view, file = await self.draw_table(table)
        await self._edit(table, embed=embed, view=view, attachments=[file])

    async def _edit(self, table: Table, *, embed: discord.Embed, view: discord.ui.View | None,
                    attachments: list[discord.File] | None = None) -> None:
        """Edit the table message; if it was deleted, post it again and remember the new one."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        if table.message_id is not None:
            try:
                # MISSING, not None, leaves the message's pictures as they are
                await channel.get_partial_message(table.message_id).edit(
                    embed=embed, view=view, attachments=discord.utils.MISSING if attachments is None else attachments)
                self.edits += 1
                return
            except discord.NotFound:
                log.info("game %s: the table message was deleted, posting it again", table.game_id)
        # discord.py's send overloads refuse None, which the method itself takes as "not given"
        message = await channel.send(embed=embed, view=view, files=attachments)  # type: ignore[arg-type]
        self.edits += 1
        table.message_id = message.id
        try:
            await self.bot.service.set_message(table.game_id, message.id)
        except GameError as exc:  # the game ended meanwhile: nothing to remember
            log.info("game %s: not remembering the new table message: %s", table.game_id, exc)

    async def _post(self, channel_id: int, *, content: str | None = None, embed: discord.Embed | None = None,
                    file: discord.File | None = None, allowed_mentions: discord.AllowedMentions | None = None) -> None:
        # discord.py's send overloads refuse None, which the method itself takes as "not given"
        await self.bot.get_partial_messageable(channel_id).send(
            content, embed=embed, file=file, allowed_mentions=allowed_mentions)  # type: ignore[arg-type]

    async def _post_reveal(self, table: Table, number: int) -> None:
        embed, file = await reveal_message(table, number)
        await self._post(table.channel_id, embed=embed, file=file)

    async def _finish(self, table: Table) -> None:
        embed, file = await standings_message(table)
        await self._edit(table, embed=closed_message(table, "finished"), attachments=[], view=None)
        await self._post(table.channel_id, embed=embed, file=file)
