"""The presenter under load: one pending drawing per table, the newest frame drawn, edit spacing that widens."""

from __future__ import annotations

import asyncio
import io
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot import retries
from bot.frames import FrameTurns
from bot.pictures import hurried, hurry
from bot.presentations import PRESENTATIONS
from bot.presenter import DiscordPresenter
from bot.service import Seat, Table
from bot.views.public import TableMessage, table_content
from bot.views.shown import EndMessage
from game.dreamcats import DiscardDrawn, Draw, InitialPeek, MatchSettings, WakeUp, apply_action, new_match


class FakeMessages:
    """Just enough of the bot for the presenter's posts and edits: every table message edit (the JSON body it would
    send to Discord), post, deletion and remembered table message is recorded."""

    def __init__(self) -> None:
        self.edits: list[dict[str, Any]] = []
        self.posts: list[str | None] = []
        self.nonces: list[object] = []  # each post's nonce: Discord makes a post once per nonce within minutes
        self.deleted = 0
        self.remembered: dict[str, int] = {}  # game → the table message posted for it
        self.shown: list[tuple[str, str, int]] = []  # what the service was told was posted (bot.service.resume)
        self.on_edit: Callable[[], None] | None = None  # called once, at the next edit
        self.http = self  # the presenter edits through the bot's HTTP client (bot.table_posts)

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> FakeMessages:
        return self

    def get_partial_message(self, message_id: int) -> FakeMessages:
        return self

    async def edit_message(self, channel_id: int, message_id: int, *, params: Any) -> None:
        body = params.payload if params.payload is not None else json.loads(params.multipart[0]["value"])
        self.edits.append(body)
        hook, self.on_edit = self.on_edit, None
        if hook is not None:
            hook()

    async def send(self, content: str | None = None, **fields: Any) -> discord.Object:
        self.posts.append(content)
        self.nonces.append(fields.get("nonce"))
        return discord.Object(1000 + len(self.posts))

    async def delete(self) -> None:
        self.deleted += 1

    @property
    def service(self) -> FakeMessages:
        return self

    async def set_message(self, game_id: str, message_id: int) -> None:
        self.remembered[game_id] = message_id

    async def reveal_shown(self, game_id: str, number: int) -> None:
        self.shown.append(("reveal", game_id, number))

    async def ending_shown(self, game_id: str) -> None:
        self.shown.append(("ending", game_id, 0))

    async def handover_shown(self, game_id: str, seat: int) -> None:
        self.shown.append(("handover", game_id, seat))


class SlowPainter:
    """A table renderer that draws only when let through; it notes what it drew and how many drawings were pending."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.drawn: list[tuple[str, int]] = []
        self.pending: dict[str, int] = {}
        self.most_pending = 0

    async def __call__(self, table: Table) -> TableMessage:
        self.pending[table.game_id] = self.pending.get(table.game_id, 0) + 1
        self.most_pending = max(self.most_pending, self.pending[table.game_id])
        version = table.version  # what a real frame shows: the table as it is when drawing starts
        await self.gate.wait()
        self.drawn.append((table.game_id, version))
        self.pending[table.game_id] -= 1
        return TableMessage("text", discord.Embed(), discord.ui.View(timeout=None),
                            discord.File(io.BytesIO(b"png"), "table.png"))


def playing_table(game_id: str) -> Table:
    """A started two-seat table whose message is already posted."""
    seats = [Seat(1, "Ana"), Seat(2, "Bo")]
    state = new_match(2, MatchSettings(), random.Random(1), starter=0)
    return Table(game_id, 10, 20, 1, MatchSettings(), "en", seats, datetime(2026, 1, 1, tzinfo=UTC), state=state,
                 message_id=30)


def presenter(painter: SlowPainter, *, edit_interval: float = 0.0, drawers: int = 2
              ) -> tuple[DiscordPresenter, FakeMessages]:
    """A presenter whose urgent pictures get no drawers of their own (so that the tests see the one queue)."""
    messages = FakeMessages()
    bot: Any = messages
    shown = DiscordPresenter(bot, edit_interval=edit_interval, drawers=drawers, draw_table=painter)
    shown.frames.urgent_extra = 0
    return shown, messages


async def _spin() -> None:
    """Let the worker and the drawing it starts run up to their next real wait."""
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_burst_of_moves_leaves_one_drawing_pending_and_the_newest_frame_shown() -> None:
    painter = SlowPainter()
    shown, messages = presenter(painter)
    table = playing_table("g1")
    for version in range(1, 51):
        table.version = version
        shown.table_changed(table)
        await _spin()
        assert shown.frames.waiting + shown.frames.drawing <= 1
    painter.gate.set()
    await shown.idle()
    assert painter.most_pending == 1
    assert painter.drawn == [("g1", 1), ("g1", 50)]  # the frame begun before the burst, then the newest
    pictures = [edit for edit in messages.edits if "attachments" in edit]
    assert len(pictures) == len(painter.drawn) and messages.edits[-1] is pictures[-1]


async def test_a_table_waiting_for_a_drawer_is_drawn_once_at_its_newest() -> None:
    painter = SlowPainter()
    shown, _ = presenter(painter, drawers=1)
    busy, waiting = playing_table("busy"), playing_table("waiting")
    shown.table_changed(busy)
    await _spin()
    for version in range(1, 6):  # the only drawer is busy: these frames cannot be drawn in time
        waiting.version = version
        shown.table_changed(waiting)
        await _spin()
    painter.gate.set()
    await shown.idle()
    assert [version for game, version in painter.drawn if game == "waiting"] == [5]


async def test_edits_are_spaced_wider_while_tables_queue_to_be_drawn() -> None:
    painter = SlowPainter()
    shown, _ = presenter(painter, edit_interval=1.0, drawers=1)
    assert shown.edit_spacing() == 1.0
    for number in range(60):
        shown.table_changed(playing_table(f"g{number}"))
    await _spin()
    assert shown.frames.drawing == 1 and shown.frames.waiting == 59
    assert 1.0 < shown.edit_spacing() <= 3.0
    await shown.close(drain=0.0)  # the painter never finishes: nothing to wait for
    assert shown.edit_spacing() == 1.0


async def test_frames_are_made_quickly_while_many_tables_wait_for_a_drawer_and_small_again_after() -> None:
    painter = SlowPainter()
    hasty: list[bool] = []
    drawing = painter.__call__

    async def noting(table: Table) -> TableMessage:
        hasty.append(hurried())  # as the picture process would deflate this frame
        return await drawing(table)

    shown, _ = presenter(painter, edit_interval=1.0, drawers=1)
    shown.draw_table = noting
    try:
        for number in range(60):
            shown.table_changed(playing_table(f"g{number}"))
        await _spin()
        assert shown.frames.behind()
        painter.gate.set()
        await shown.idle()
        assert len(hasty) == 60
        assert hasty[0] is False  # the first drawing found no queue
        assert hasty[1] is True  # the next ones were granted with 58 tables waiting behind them
        assert hasty[-1] is False and not shown.frames.behind()  # the last found the queue empty
    finally:
        hurry(False)


async def test_a_table_closed_while_waiting_for_a_drawer_is_not_drawn() -> None:
    painter = SlowPainter()
    shown, messages = presenter(painter, drawers=1)
    busy, closing = playing_table("busy"), playing_table("closing")
    shown.table_changed(busy)
    await _spin()
    shown.table_changed(closing)
    await _spin()
    shown.game_closed(closing, "stopped")
    painter.gate.set()
    await shown.idle()
    assert [game for game, _ in painter.drawn] == ["busy"]
    assert messages.edits[-1]["attachments"] == []  # the closed table's last edit takes its picture away


def _play(table: Table, action_type: type) -> None:
    """Apply the current seat's `action_type` to the table's state, as a saved move would (a new version)."""
    assert table.state is not None
    apply_action(table.state, action_type(table.state.round.turn))
    table.version += 1


def _peeked(table: Table) -> Table:
    assert table.state is not None
    for seat in range(len(table.seats)):
        apply_action(table.state, InitialPeek(seat, (0, 1)))
    table.version += 1
    return table


async def test_a_move_in_the_middle_of_a_turn_edits_only_the_text_and_buttons() -> None:
    painter = SlowPainter()
    painter.gate.set()
    shown, messages = presenter(painter)
    table = _peeked(playing_table("a1b2"))
    shown.table_changed(table)
    await shown.idle()
    assert len(painter.drawn) == 1 and "attachments" in messages.edits[-1]

    _play(table, Draw)  # the seat now holds a drawn card: the text says so, the picture waits for the turn's end
    shown.table_changed(table)
    await shown.idle()
    assert len(painter.drawn) == 1
    text_edit = messages.edits[-1]
    assert set(text_edit) - {"tts"} == {"content", "components", "allowed_mentions"}
    assert text_edit["content"] == table_content(table)

    _play(table, DiscardDrawn)  # the turn is over: the new picture
    shown.table_changed(table)
    await shown.idle()
    assert painter.drawn[-1] == ("a1b2", table.version) and "attachments" in messages.edits[-1]


async def test_pictures_are_spaced_but_the_text_follows_every_move_at_once() -> None:
    painter = SlowPainter()
    painter.gate.set()
    shown, messages = presenter(painter, edit_interval=0.05)
    shown.frames.max_edit_interval = shown.frames.edit_interval = 0.5  # the picture spacing, here half a second
    table = _peeked(playing_table("a1b2"))
    shown.table_changed(table)
    await asyncio.sleep(0.1)
    _play(table, Draw)
    _play(table, DiscardDrawn)  # a whole turn within the picture spacing
    shown.table_changed(table)
    await asyncio.sleep(0.1)
    assert len(painter.drawn) == 1  # no second picture yet…
    assert "attachments" not in messages.edits[-1] and "It is **Bo**'s turn" in messages.edits[-1]["content"]
    await shown.idle()
    assert painter.drawn[-1] == ("a1b2", table.version)  # …but it comes once the spacing has passed
    assert "attachments" in messages.edits[-1]


async def test_a_new_round_is_drawn_without_waiting_for_the_spacing() -> None:
    painter = SlowPainter()
    painter.gate.set()
    shown, _ = presenter(painter, edit_interval=0.01)
    shown.frames.max_edit_interval = shown.frames.edit_interval = 60.0
    table = _peeked(playing_table("a1b2"))
    shown.table_changed(table)
    await asyncio.sleep(0.05)
    assert table.state is not None
    apply_action(table.state, WakeUp(table.state.round.turn))
    while table.state.round.number == 1:  # the others play their last turn: the round ends, the next is dealt
        _play(table, Draw)
        _play(table, DiscardDrawn)
    shown.table_changed(table)
    await asyncio.wait_for(shown.idle(), 5.0)
    assert painter.drawn[-1] == ("a1b2", table.version) and len(painter.drawn) == 2


async def test_while_the_drawers_are_busy_each_move_is_shown_as_text_at_once() -> None:
    painter = SlowPainter()
    painter.gate.set()
    shown, messages = presenter(painter, drawers=1)
    tables = [_peeked(playing_table(game_id)) for game_id in ("aaaa", "bbbb")]
    for table in tables:
        shown.table_changed(table)
    await shown.idle()
    assert len(painter.drawn) == 2
    painter.gate.clear()  # from now on the one drawer is stuck on the first picture asked for
    before = len(messages.edits)
    for table in tables:
        _play(table, Draw)
        _play(table, DiscardDrawn)
        shown.table_changed(table)
    await asyncio.sleep(0.3)
    shown_now = messages.edits[before:]
    assert len(painter.drawn) == 2 and len(shown_now) == 2  # no new picture yet, but both moves are on the tables
    assert all(set(edit) - {"tts"} == {"content", "components", "allowed_mentions"} for edit in shown_now)
    painter.gate.set()
    await shown.idle()
    assert [version for _, version in painter.drawn[2:]] == [table.version for table in tables]
    assert all("attachments" in edit for edit in messages.edits[-2:])


async def test_a_notice_queued_while_the_worker_waits_for_a_picture_is_still_posted() -> None:
    painter = SlowPainter()
    painter.gate.set()
    shown, messages = presenter(painter)
    table = _peeked(playing_table("cccc"))
    # The notice comes in while the worker waits for the picture it asked for (the picture edit is being sent).
    messages.on_edit = lambda: shown.seat_handed_over(table, 0)
    shown.table_changed(table)
    await asyncio.wait_for(shown.idle(), 5.0)
    assert len(messages.posts) == 1 and "computer player" in (messages.posts[0] or "")


def turn_taker(frames: FrameTurns, started: list[str], gate: asyncio.Event, held: Callable[[str], bool]
               ) -> Callable[..., Awaitable[None]]:
    """A drawing that notes its name when its turn comes, and keeps its drawer until the gate opens if `held`."""

    async def draw(name: str, urgent: bool = False) -> None:
        async with frames.turn(urgent=urgent):
            started.append(name)
            if held(name):
                await gate.wait()

    return draw


async def test_an_urgent_drawing_goes_before_the_tables_already_waiting_and_a_cancelled_one_is_skipped() -> None:
    frames = FrameTurns(1, 1.0, urgent_extra=0)
    order: list[str] = []
    gate = asyncio.Event()
    draw = turn_taker(frames, order, gate, lambda name: name == "first")
    first = asyncio.create_task(draw("first"))
    await _spin()
    waiting, gone = asyncio.create_task(draw("waiting")), asyncio.create_task(draw("gone", urgent=True))
    urgent = asyncio.create_task(draw("urgent", urgent=True))
    await _spin()
    gone.cancel()  # it stops waiting: the drawer passes it by
    gate.set()
    await asyncio.gather(first, waiting, urgent)
    assert order == ["first", "urgent", "waiting"] and gone.cancelled()
    assert frames.waiting == 0 and frames.drawing == 0
    async with frames.turn():  # the drawer is free again, at once
        assert frames.drawing == 1


async def test_a_table_moving_below_its_reveal_jumps_the_queue_of_tables_waiting_for_a_newer_picture(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def reveal(bot: Any, table: Table, number: int) -> EndMessage:
        return EndMessage(discord.Embed(title="reveal"), discord.File(io.BytesIO(b"png"), "reveal.png"), None)

    monkeypatch.setitem(PRESENTATIONS, "dreamcats", replace(PRESENTATIONS["dreamcats"], round_message=reveal))
    painter = SlowPainter()
    painter.gate.set()
    shown, messages = presenter(painter, drawers=1)
    busy, first, second, ending = (_peeked(playing_table(game_id)) for game_id in ("b0b0", "aaaa", "bbbb", "e0e0"))
    for table in (busy, first, second, ending):  # every message shows its table's picture already
        shown.table_changed(table)
    await shown.idle()
    painter.gate.clear()
    painter.drawn.clear()
    for table in (busy, first, second, ending):  # a settled move at each: new pictures are due, one drawer is stuck
        _play(table, Draw)
        _play(table, DiscardDrawn)
        shown.table_changed(table)
        await _spin()
    shown.round_ended(ending, 1)  # its table must move below the reveal: no table at all until it is drawn
    await asyncio.sleep(0.3)  # the worker stops waiting for the picture it asked for and posts the reveal
    painter.gate.set()
    await asyncio.wait_for(shown.idle(), 5.0)
    # The reveal (its embed has the words), then the table below it, in place of the one above.
    assert messages.posts == [None, "text"] and messages.remembered == {"e0e0": 1002} and messages.deleted == 1
    assert [game for game, _ in painter.drawn] == ["b0b0", "e0e0", "aaaa", "bbbb"]
    assert messages.shown == [("reveal", "e0e0", 1)]  # posted: a restart need not post it again


async def test_urgent_drawings_take_extra_drawers_that_ordinary_ones_never_take() -> None:
    frames = FrameTurns(1, 1.0, urgent_extra=2)
    started: list[str] = []
    gate = asyncio.Event()
    draw = turn_taker(frames, started, gate, lambda name: True)
    tasks = [asyncio.create_task(draw(name, urgent=name.startswith("new")))
             for name in ("held", "waiting", "new1", "new2", "new3")]
    await _spin()
    # The one ordinary drawer is held: the next ordinary picture waits, two new tables are drawn on the extra ones.
    assert started == ["held", "new1", "new2"] and frames.drawing == 3 and frames.waiting == 2
    gate.set()
    await asyncio.gather(*tasks)
    assert started[3:] == ["new3", "waiting"] and frames.drawing == frames.waiting == 0


async def test_a_waiting_turn_that_is_hurried_goes_before_the_ordinary_ones_waiting_longer() -> None:
    frames = FrameTurns(1, 1.0, urgent_extra=0)
    started: list[str] = []
    gate = asyncio.Event()
    draw = turn_taker(frames, started, gate, lambda name: name == "held")

    async def keyed(name: str) -> None:
        async with frames.turn(key=name):
            started.append(name)

    tasks = [asyncio.create_task(draw("held")), asyncio.create_task(keyed("first")),
             asyncio.create_task(keyed("second"))]
    await _spin()
    frames.hurry("second")
    frames.hurry("nobody")  # no such turn waiting: nothing changes
    gate.set()
    await asyncio.gather(*tasks)
    assert started == ["held", "second", "first"] and frames.drawing == frames.waiting == 0


class Refusing:
    """Table message edits that Discord refuses (the bot lost its permissions in the channel) until `allow`."""

    def __init__(self, messages: FakeMessages) -> None:
        self.tries = 0
        self.allow = False
        self._edit = messages.edit_message
        messages.edit_message = self  # type: ignore[method-assign, assignment]

    async def __call__(self, channel_id: int, message_id: int, *, params: Any) -> None:
        self.tries += 1
        if not self.allow:
            raise RuntimeError("403 Missing Permissions (as Discord would answer)")
        await self._edit(channel_id, message_id, params=params)


async def test_a_table_that_cannot_be_shown_is_tried_again_later_and_shown_once_it_can(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(retries, "FAILED_PAUSE", 0.2)
    painter = SlowPainter()
    painter.gate.set()
    shown, messages = presenter(painter, edit_interval=0.0)
    refusing = Refusing(messages)
    shown.table_changed(playing_table("g1"))
    await asyncio.sleep(1.0)  # tries at 0, 0.2 and 0.6 s (pauses 0.2, 0.4, 0.8 s), not at every turn of the loop
    assert refusing.tries == 3 and len(painter.drawn) == 3
    assert len([r for r in caplog.records if "could not draw or send the table" in r.getMessage()]) == 3
    refusing.allow = True
    await asyncio.sleep(0.8)  # the next try, at 1.4 s, goes through
    assert refusing.tries == 4 and messages.edits and "attachments" in messages.edits[-1]
    await shown.idle()  # shown: nothing more is drawn or tried
    assert refusing.tries == 4 and len(painter.drawn) == 4


class SlowPosts(FakeMessages):
    """Posts that take a while to go out, as to a busy Discord."""

    async def send(self, content: str | None = None, **fields: Any) -> discord.Object:
        await asyncio.sleep(0.2)
        return await super().send(content, **fields)


def slow_posting_presenter() -> tuple[DiscordPresenter, SlowPosts]:
    """A presenter whose pictures are drawn at once and whose posts take a while."""
    painter = SlowPainter()
    painter.gate.set()
    messages = SlowPosts()
    bot: Any = messages
    return DiscordPresenter(bot, edit_interval=0.0, drawers=2, draw_table=painter), messages


async def test_a_closing_bot_lets_the_posts_already_queued_go_out_first() -> None:
    """A deploy restarting the bot between a match's end and its standings: the standings (here a notice) are
    posted before the workers stop, since only live games are resumed."""
    shown, messages = slow_posting_presenter()
    table = _peeked(playing_table("dddd"))
    shown.seat_handed_over(table, 0)
    shown.seat_handed_over(table, 1)
    await asyncio.wait_for(shown.close(), 5.0)
    assert len(messages.posts) == 2
    # each notice, once posted, is owed no more (bot.service.resume posts an owed one after a restart)
    assert messages.shown == [("handover", table.game_id, 0), ("handover", table.game_id, 1)]


async def test_a_handover_notice_posted_again_after_a_restart_carries_the_same_nonce() -> None:
    """A restart posts a notice still owed, from a table saved again since (a stand-in's moves): Discord must see
    the notice it may already have posted, so that it is made once and the person pinged once."""
    shown, messages = slow_posting_presenter()
    table = _peeked(playing_table("ffff"))
    shown.seat_handed_over(table, 0)
    table.version += 2  # the computer player's moves were saved before the notice's own save
    shown.seat_handed_over(table, 0)
    shown.seat_handed_over(table, 1)
    await asyncio.wait_for(shown.close(), 5.0)
    assert len(messages.posts) == 3 and messages.nonces[0] == messages.nonces[1] != messages.nonces[2]


async def test_a_closing_bot_waits_for_its_posts_no_longer_than_it_may() -> None:
    shown, messages = slow_posting_presenter()
    table = _peeked(playing_table("eeee"))
    for seat in (0, 1, 0, 1):
        shown.seat_handed_over(table, seat)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await shown.close(drain=0.3)
    assert loop.time() - started < 1.0 and len(messages.posts) < 4


async def test_a_picture_of_the_new_round_drawn_while_its_reveal_was_being_made_still_moves_below_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A drawing that waited for a drawer takes the new round's table and edits the old message while the round's
    reveal is still being made: once the reveal is posted, the table is posted anew below it all the same."""
    reveal_gate = asyncio.Event()

    async def slow_reveal(bot: Any, table: Table, number: int) -> EndMessage:
        await reveal_gate.wait()
        return EndMessage(discord.Embed(title="reveal"), discord.File(io.BytesIO(b"png"), "reveal.png"), None)

    def moment(table: Table) -> tuple[int, bool]:
        return (2 if table.version >= 10 else 1, True)

    monkeypatch.setitem(PRESENTATIONS, "dreamcats", replace(PRESENTATIONS["dreamcats"], round_message=slow_reveal,
                                                            picture_moment=moment))
    painter = SlowPainter()
    painter.gate.set()
    shown, messages = presenter(painter, drawers=1)
    busy, ending = playing_table("b0b0"), playing_table("e0e0")
    shown.table_changed(busy)
    shown.table_changed(ending)
    await shown.idle()
    painter.gate.clear()
    busy.version = 1
    shown.table_changed(busy)  # the one drawer is held by another game...
    await _spin()
    waiting = playing_table("e0e0")
    waiting.version = 5
    shown.table_changed(waiting)  # ...so this game's picture waits for it
    await asyncio.sleep(0.2)
    new_round = playing_table("e0e0")
    new_round.version = 10
    shown.round_ended(new_round, 1)  # the round's last move: its reveal, and the new round's table
    shown.table_changed(new_round)
    await asyncio.sleep(0.05)
    painter.gate.set()  # the waiting drawing takes the new round and edits the old message in place...
    await asyncio.sleep(0.2)
    reveal_gate.set()  # ...while the reveal was still being made
    await asyncio.wait_for(shown.idle(), 5)
    assert len(messages.posts) == 2 and messages.deleted == 1  # the reveal, then the table below it; the old one gone
    assert "e0e0" not in shown.posts.repost


async def test_a_closing_bot_moves_a_table_below_its_reveal_before_it_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The move below a reveal is known only to this process: a restart before it would leave the table above."""
    async def reveal(bot: Any, table: Table, number: int) -> EndMessage:
        return EndMessage(discord.Embed(title="reveal"), discord.File(io.BytesIO(b"png"), "reveal.png"), None)

    monkeypatch.setitem(PRESENTATIONS, "dreamcats", replace(PRESENTATIONS["dreamcats"], round_message=reveal))
    shown, messages = slow_posting_presenter()
    table = _peeked(playing_table("ffff"))
    shown.table_changed(table)
    await asyncio.wait_for(shown.idle(), 5.0)
    shown.round_ended(table, 1)
    shown.table_changed(table)
    await asyncio.wait_for(shown.close(), 5.0)
    assert len(messages.posts) == 2 and messages.deleted == 1  # the reveal, and the table posted anew below it
