"""The service's Notifier for Discord: one worker per game posts in order and coalesces table edits.

A table message has two parts that change at different costs. Its text (recent actions, whose turn) and buttons
follow every move with a cheap edit, at most one per edit interval (Discord allows five edits in five seconds).
Its picture is drawn only for a settled table (at the start of a turn, not while someone holds a drawn card: the
text says what happened) and at most once per picture spacing, which widens under load (bot.frames). A picture is
drawn beside the worker, not in its way: while the drawers are busy the text and buttons still follow each move at
once, and the picture comes when a drawer is free. The drawing takes the newest table once its turn has come, so a
burst of moves leaves at most one drawing pending and a frame is never drawn stale. A table that cannot be shown at all
until its picture is drawn (a new message, or one moving below a round's reveal) is drawn before the others.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

import discord

from bot.frames import FrameTurns
from bot.game_threads import channel_line_closed, closed, post_channel, post_standings
from bot.hub import DreamcatsBase
from bot.i18n import resolve_locale, t
from bot.pictures import WORKERS
from bot.places_gone import GONE, GoneChannels, settled_after
from bot.presentations import draw_table, presentation_of
from bot.retries import Job, logged_pause, run_next_post
from bot.sending import post_nonce
from bot.service import StoredGame, Table
from bot.table_pictures import TablePictures
from bot.table_posts import TableGoneError, TablePosts
from bot.views.public import closed_message, lobby_message
from bot.views.shown import TableMessage, component_rows

# How long the worker waits for a picture it just asked for before it shows the move as text first: a free drawer
# answers well within this, so a quiet bot makes one edit per move, a busy one never holds a move back.
PICTURE_PATIENCE = 0.1
# How long a closing bot lets the posts already queued go out (a deploy's restart stops the process soon after).
POSTS_DRAIN_S = 10.0


class DiscordPresenter(TablePictures):
    """Turns service notifications into Discord messages; a burst of moves makes few edits."""

    def __init__(self, bot: DreamcatsBase, *, edit_interval: float = 1.0, max_edit_interval: float | None = None,
                 drawers: int = WORKERS, draw_table: Callable[[Table], Awaitable[TableMessage]] = draw_table
                 ) -> None:
        self.bot = bot
        self.posts = TablePosts(bot)
        self.frames = FrameTurns(drawers, edit_interval, max_edit_interval)
        self._edit_interval = edit_interval
        self.draw_table = draw_table
        self._latest: dict[str, Table] = {}
        self._dirty: set[str] = set()
        self._pictured: dict[str, tuple[int, int]] = {}  # game → (version, round) its message's picture shows
        self._next_picture: dict[str, float] = {}  # game → event-loop time before which it draws no new picture
        self._drawing: dict[str, asyncio.Task[None]] = {}  # game → its picture being drawn and sent
        self._failed: dict[str, tuple[int, float]] = {}  # game → (pictures failed in a row, loop time of the next try)
        self._pokes: dict[str, asyncio.Event] = {}  # game → set when there is something new for its worker
        self._jobs: dict[str, deque[Job]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._posting = 0  # queued posts under way now
        self.gone = GoneChannels(bot)

    @property
    def edits(self) -> int:
        """How many times a table or lobby message was edited or posted."""
        return self.posts.edits

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

    def round_ended(self, table: Table, number: int) -> None:
        """Post the reveal of a round; the table then moves below it, so the live buttons stay the newest message."""
        self._queue(table, lambda: self._post_reveal(table, number))

    def match_ended(self, table: Table) -> None:
        """Post the standings and take the buttons off the table."""
        self._forget(table.game_id)
        self._queue(table, lambda: self._finish(table))

    def seat_handed_over(self, table: Table, seat: int) -> None:
        """Tell the person that the computer plays their seat now."""
        user_id = table.seats[seat].user_id
        text = t("notice.handover", table.locale, mention=f"<@{user_id}>")
        mentions = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                           users=[discord.Object(user_id)] if user_id else False)
        # Not the table's version: a restart posts a notice still owed from a table saved again since, and Discord
        # makes a post once only for the same nonce (a seat is handed over once in a match).
        nonce = post_nonce(table.game_id, "handover", seat)
        self._queue(table, lambda: settled_after(
            self.posts.post(post_channel(table), content=text, allowed_mentions=mentions, nonce=nonce),
            lambda: self.bot.service.handover_shown(table.game_id, seat)))

    def game_closed(self, table: Table, reason: str) -> None:
        """Mark the table message as cancelled or stopped; nothing more is sent where the game's place is gone."""
        self._forget(table.game_id)
        if reason == GONE:
            self._jobs.pop(table.game_id, None)
            self.posts.forget(table.game_id)
            if table.thread_id is not None:  # its thread went, its channel may not: the lobby (or line) there says so
                gone = closed_message(table, "stopped" if table.state is not None else "cancelled")
                self._queue(table, lambda: channel_line_closed(self.bot, table, gone))
            return
        embed = closed_message(table, reason)  # then its thread, if any, is archived
        self._queue(table, lambda: closed(self.bot, table, lambda: self._edit(table, embed=embed, attachments=[],
                                                                              view=None), embed))

    def game_broken(self, stored: StoredGame, reason: str) -> None:
        """Tell the channel its game could not be resumed."""
        locale = stored.payload.get("locale") if isinstance(stored.payload, dict) else None
        text = t("notice.broken", resolve_locale(locale if isinstance(locale, str) else None))
        key = f"broken-{stored.game_id}"
        task = asyncio.get_running_loop().create_task(
            self.posts.post(stored.channel_id, content=text, nonce=post_nonce(stored.game_id, "broken")))
        self._workers[key] = task
        task.add_done_callback(lambda _: self._workers.pop(key, None))

    # -- the worker ---------------------------------------------------------------------------------------------------
    def _forget(self, game_id: str) -> None:
        """The game's message is final: no more redraws of its table."""
        self._dirty.discard(game_id)
        for held in (self._latest, self._pictured, self._next_picture, self._failed):
            held.pop(game_id, None)
        drawing = self._drawing.pop(game_id, None)
        if drawing is not None:
            drawing.cancel()
        self.posts.repost.discard(game_id)

    def _queue(self, table: Table, job: Job) -> None:
        self._jobs.setdefault(table.game_id, deque()).append(job)
        self._wake(table.game_id)

    def _wake(self, game_id: str) -> None:
        poke = self._pokes.get(game_id)
        if poke is not None:
            poke.set()
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.get_running_loop().create_task(self._work(game_id))

    async def _work(self, game_id: str) -> None:
        jobs = self._jobs.setdefault(game_id, deque())
        failures = 0
        tries: dict[Job, int] = {}
        while True:
            try:
                if jobs:
                    self._posting += 1
                    try:
                        await run_next_post(game_id, jobs, tries)
                    finally:
                        self._posting -= 1
                    continue
                pause = await self._show(game_id)
                failures = 0
                if pause is None:
                    if jobs or (game_id in self._dirty and game_id in self._latest):  # came while _show waited
                        continue
                    break
                await asyncio.sleep(pause)
            except Exception as exc:  # a cancellation (a BaseException) goes through
                if self.gone.closes(game_id, exc):
                    break
                # The table's text is sent again after a pause that grows while Discord keeps refusing: a person
                # whose turn it became would otherwise not learn it until the next move, and that may be theirs.
                failures += 1
                pause = logged_pause(game_id, "could not update Discord", failures, exc)
                if game_id in self._latest:  # still shown (a finished game's last post is not sent again)
                    self._dirty.add(game_id)
                await asyncio.sleep(pause)
        # Nothing left to post or redraw: let go of the game, so a long-running bot does not keep every game it
        # ever showed (a new notification starts a new worker).
        for held in (self._jobs, self._latest, self._pokes):
            held.pop(game_id, None)
        if self._workers.get(game_id) is asyncio.current_task():
            del self._workers[game_id]
        if game_id not in self._pictured:
            self.posts.forget(game_id)

    async def _show(self, game_id: str) -> float | None:
        """Bring the game's message up to date; the pause before the next look, or None when all is shown."""
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
        loop = asyncio.get_running_loop()
        drawing = self._drawing.get(game_id)
        if drawing is None and self._wants_picture(table) and loop.time() >= self._picture_due(game_id):
            self._next_picture[game_id] = loop.time() + self.frames.spacing()
            drawing = self._drawing[game_id] = loop.create_task(self._picture(game_id))
            await asyncio.wait({drawing}, timeout=PICTURE_PATIENCE)
        # Text alone only onto a message that already shows this table's picture; one without waits for the picture
        # being drawn (looking again at once, it spun the loop until the drawing was done).
        if game_id in self._dirty and game_id in self._pictured:
            await self._retext(game_id)
            return self.edit_interval
        if drawing is not None and not drawing.done():
            await self._changed_or_done(game_id, drawing)
            return 0.0
        # The newest table: one that came while this look waited for its picture is not shown by that picture.
        newest = self._latest.get(game_id)
        if newest is not None and newest.state is not None and self._wants_picture(newest):
            return max(0.0, self._picture_due(game_id) - loop.time())
        return None

    @property
    def tracked_games(self) -> set[str]:
        """The games the presenter still holds work or a table for (empty once everything is shown)."""
        return {*self._jobs, *self._latest, *self._dirty, *self._drawing,
                *(k for k, w in self._workers.items() if not w.done())}

    async def idle(self) -> None:
        """Wait until every queued post and edit is done (tests)."""
        while any(not w.done() for w in self._workers.values()):
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    async def close(self, drain: float = POSTS_DRAIN_S) -> None:
        """Let the posts already queued (a round's reveal, the standings, a closed table's line) and the tables that
        must move below a reveal go out for up to `drain` s, then stop the workers and the drawings: a restart between
        a match's end and its standings would leave the table's buttons up and the match's end unsaid, since only live
        games are resumed; one between a reveal and its table's move would leave the table above the reveal."""
        loop = asyncio.get_running_loop()
        end = loop.time() + drain
        while (any(self._jobs.values()) or self._posting or self.posts.repost or self._drawing) and loop.time() < end:
            await asyncio.sleep(0.05)
        tasks = [*self._workers.values(), *self._drawing.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- Discord ------------------------------------------------------------------------------------------------------
    async def _retext(self, game_id: str) -> None:
        """Only the text and the buttons (the picture stays): cheap, so it follows every move at once."""
        async with self.posts.lock(game_id):
            table = self._latest.get(game_id)
            if table is None or table.state is None or game_id not in self._pictured:
                return  # no table picture on the message yet: it is posted whole with the one being drawn
            self._dirty.discard(game_id)
            try:
                shown = presentation_of(table)
                rows = component_rows(shown.table_items(table))
                await self.posts.edit_text(table, shown.table_content(table), rows)
                return
            except TableGoneError:  # posted whole, with its picture: the one being drawn, or one drawn next
                if game_id not in self._drawing:
                    self._pictured.pop(game_id, None)
                    self._dirty.add(game_id)

    async def _edit(self, table: Table, *, embed: discord.Embed, view: discord.ui.View | None,
                    content: str | None = None, attachments: list[discord.File] | None = None) -> None:
        async with self.posts.lock(table.game_id):
            await self.posts.edit(table, embed=embed, view=view, content=content, attachments=attachments)

    async def _post_reveal(self, table: Table, number: int) -> None:
        embed, file, view = await presentation_of(table).round_message(self.bot, table, number)
        await settled_after(self.posts.post(post_channel(table), embed=embed, file=file, view=view,
                                            nonce=post_nonce(table.game_id, "reveal", number)),
                            lambda: self.bot.service.reveal_shown(table.game_id, number))
        if table.game_id in self._latest or table.game_id in self._pictured:  # still playing: table moves below
            self.posts.repost.add(table.game_id)
            # Drawn anew even if a picture of the new round went onto the old message while the reveal was being
            # made (a drawing that waited for a drawer): else the table stayed above its reveal.
            self._pictured.pop(table.game_id, None)
            self._dirty.add(table.game_id)
            # It cannot be shown again until its picture is drawn: a drawing of it asked for before the round ended
            # still waits among the ordinary ones (at 500 tables that held Next round back for 5-25 s, bench_load).
            self.frames.hurry(table.game_id)

    async def _finish(self, table: Table) -> None:
        embed, file, view = await presentation_of(table).standings_message(table)  # its view: Play again
        await settled_after(self._standings(table, embed, file, view),
                            lambda: self.bot.service.ending_shown(table.game_id))
        self.posts.forget(table.game_id)

    async def _standings(self, table: Table, embed: discord.Embed, file: discord.File, view: discord.ui.View) -> None:
        await self._edit(table, embed=closed_message(table, "finished"), attachments=[], view=None)
        await post_standings(self.bot, table, embed=embed, file=file, view=view)
