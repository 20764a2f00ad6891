"""The table pictures of the presenter (bot.presenter): when a table's picture is due, and drawing and sending it.

A picture is drawn beside the game's worker, not in its way, when a drawer is free (bot.frames); it takes the newest
table once its turn has come, so a burst of moves leaves at most one drawing pending and a frame is never drawn stale.
A picture that could not be drawn or sent is tried again after a pause that grows with each failure in a row.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.frames import FrameTurns
from bot.pictures import hurry
from bot.places_gone import GoneChannels
from bot.presentations import presentation_of
from bot.retries import logged_pause
from bot.service import Table
from bot.table_posts import TablePosts
from bot.views.shown import TableMessage, make_view


class TablePictures:
    """Mixin of bot.presenter.DiscordPresenter: the state it shares is declared here and made there."""

    posts: TablePosts
    frames: FrameTurns
    gone: GoneChannels
    draw_table: Callable[[Table], Awaitable[TableMessage]]
    _latest: dict[str, Table]
    _dirty: set[str]
    _pictured: dict[str, tuple[int, int]]  # game → (version, round) its message's picture shows
    _next_picture: dict[str, float]  # game → event-loop time before which it draws no new picture
    _drawing: dict[str, asyncio.Task[None]]  # game → its picture being drawn and sent
    _failed: dict[str, tuple[int, float]]  # game → (pictures failed in a row, loop time of the next try)
    _pokes: dict[str, asyncio.Event]  # game → set when there is something new for its worker

    def _picture_due(self, game_id: str) -> float:
        """The loop time from which the game may draw its next picture: the spacing, or a pause after failures."""
        return max(self._next_picture.get(game_id, 0.0), self._failed.get(game_id, (0, 0.0))[1])

    def _wants_picture(self, table: Table) -> bool:
        """A new picture is due: the table is settled and changed since its picture, or it is a new round (drawn
        without waiting for the spacing), or the message has no picture of this game yet."""
        assert table.state is not None
        shown = self._pictured.get(table.game_id)
        number, settled = presentation_of(table).picture_moment(table)
        if shown is None or shown[1] != number:
            self._next_picture.pop(table.game_id, None)
            return True
        return shown[0] != table.version and settled

    async def _changed_or_done(self, game_id: str, drawing: asyncio.Task[None]) -> None:
        """Wait until the picture is sent or the game has something new (a move, a reveal to post)."""
        poke = self._pokes.setdefault(game_id, asyncio.Event())
        poke.clear()
        waiter = asyncio.get_running_loop().create_task(poke.wait())
        try:
            await asyncio.wait({drawing, waiter}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()

    async def _picture(self, game_id: str) -> None:
        """Draw the newest table when a drawer is free, then send the whole message with it."""
        try:
            await self._redraw(game_id)
        except Exception as exc:  # a cancellation (a BaseException) goes through
            if self.gone.closes(game_id, exc):
                return
            failures = self._failed.get(game_id, (0, 0.0))[0] + 1
            pause = logged_pause(game_id, "could not draw or send the table", failures, exc)
            self._failed[game_id] = (failures, asyncio.get_running_loop().time() + pause)
        finally:
            if self._drawing.get(game_id) is asyncio.current_task():
                del self._drawing[game_id]
            poke = self._pokes.get(game_id)  # the worker waits for this picture (it never leaves before it)
            if poke is not None:
                poke.set()

    async def _redraw(self, game_id: str) -> None:
        """The whole table message with a new picture."""
        # A table with no picture of its own on Discord yet (a new message, or one moving below a reveal) cannot be
        # shown at all until this drawing is done: it goes before the tables that only wait for a newer picture.
        urgent = game_id not in self._pictured or game_id in self.posts.repost
        async with self.frames.turn(urgent=urgent, key=game_id):
            hurry(self.frames.behind())  # behind: this frame and the next ones deflated for speed, not size
            # Only now, with a drawer free, the newest table: changes made while waiting are in this one frame.
            table = self._latest.get(game_id)
            if table is None or table.state is None:
                return  # the game ended or closed meanwhile: its last message is queued, no frame is wanted
            shows = (table.version, presentation_of(table).picture_moment(table)[0])
            drawn = await self.draw_table(table)
        async with self.posts.lock(game_id):
            newest = self._latest.get(game_id)
            if newest is None:
                return  # ended while drawing
            self._dirty.discard(game_id)
            shown = presentation_of(newest)
            content, view = ((drawn.content, drawn.view) if newest is table
                             else (shown.table_content(newest), make_view(*shown.table_items(newest))))
            await self.posts.edit(newest, content=content, embed=drawn.embed, view=view, attachments=[drawn.file])
        self._pictured[game_id] = shows
        self._failed.pop(game_id, None)
