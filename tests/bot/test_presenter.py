"""The presenter under load: one pending drawing per table, the newest frame drawn, edit spacing that widens."""

from __future__ import annotations

import asyncio
import io
import random
from datetime import UTC, datetime
from typing import Any

import discord

from bot.presenter import DiscordPresenter
from bot.service import Seat, Table
from game import MatchSettings, new_match


class FakeMessages:
    """Just enough of the bot for the presenter's edits: every table message edit is recorded."""

    def __init__(self) -> None:
        self.edits: list[dict[str, Any]] = []

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> FakeMessages:
        return self

    def get_partial_message(self, message_id: int) -> FakeMessages:
        return self

    async def edit(self, **fields: Any) -> None:
        self.edits.append(fields)


class SlowPainter:
    """A table renderer that draws only when let through; it notes what it drew and how many drawings were pending."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.drawn: list[tuple[str, int]] = []
        self.pending: dict[str, int] = {}
        self.most_pending = 0

    async def __call__(self, table: Table) -> tuple[discord.Embed, discord.ui.View, discord.File]:
        self.pending[table.game_id] = self.pending.get(table.game_id, 0) + 1
        self.most_pending = max(self.most_pending, self.pending[table.game_id])
        version = table.version  # what a real frame shows: the table as it is when drawing starts
        await self.gate.wait()
        self.drawn.append((table.game_id, version))
        self.pending[table.game_id] -= 1
        return discord.Embed(), discord.ui.View(timeout=None), discord.File(io.BytesIO(b"png"), "table.png")


def playing_table(game_id: str) -> Table:
    """A started two-seat table whose message is already posted."""
    seats = [Seat(1, "Ana"), Seat(2, "Bo")]
    state = new_match(2, MatchSettings(), random.Random(1), starter=0)
    return Table(game_id, 10, 20, 1, MatchSettings(), "en", seats, datetime(2026, 1, 1, tzinfo=UTC), state=state,
                 message_id=30)


def presenter(painter: SlowPainter, *, edit_interval: float = 0.0, drawers: int = 2
              ) -> tuple[DiscordPresenter, FakeMessages]:
    messages = FakeMessages()
    bot: Any = messages
    return DiscordPresenter(bot, edit_interval=edit_interval, drawers=drawers, draw_table=painter), messages


async def test_a_burst_of_moves_leaves_one_drawing_pending_and_the_newest_frame_shown() -> None:
    painter = SlowPainter()
    shown, messages = presenter(painter)
    table = playing_table("g1")
    for version in range(1, 51):
        table.version = version
        shown.table_changed(table)
        await asyncio.sleep(0)
        assert shown.frames.waiting + shown.frames.drawing <= 1
    painter.gate.set()
    await shown.idle()
    assert painter.most_pending == 1
    assert painter.drawn == [("g1", 1), ("g1", 50)]  # the frame begun before the burst, then the newest
    assert len(messages.edits) == len(painter.drawn)


async def test_a_table_waiting_for_a_drawer_is_drawn_once_at_its_newest() -> None:
    painter = SlowPainter()
    shown, _ = presenter(painter, drawers=1)
    busy, waiting = playing_table("busy"), playing_table("waiting")
    shown.table_changed(busy)
    await asyncio.sleep(0)
    for version in range(1, 6):  # the only drawer is busy: these frames cannot be drawn in time
        waiting.version = version
        shown.table_changed(waiting)
        await asyncio.sleep(0)
    painter.gate.set()
    await shown.idle()
    assert [version for game, version in painter.drawn if game == "waiting"] == [5]


async def test_edits_are_spaced_wider_while_tables_queue_to_be_drawn() -> None:
    painter = SlowPainter()
    shown, _ = presenter(painter, edit_interval=1.0, drawers=1)
    assert shown.edit_spacing() == 1.0
    for number in range(60):
        shown.table_changed(playing_table(f"g{number}"))
    await asyncio.sleep(0)
    assert shown.frames.drawing == 1 and shown.frames.waiting == 59
    assert 1.0 < shown.edit_spacing() <= 3.0
    await shown.close()
    assert shown.edit_spacing() == 1.0


async def test_a_table_closed_while_waiting_for_a_drawer_is_not_drawn() -> None:
    painter = SlowPainter()
    shown, messages = presenter(painter, drawers=1)
    busy, closing = playing_table("busy"), playing_table("closing")
    shown.table_changed(busy)
    await asyncio.sleep(0)
    shown.table_changed(closing)
    await asyncio.sleep(0)
    shown.game_closed(closing, "stopped")
    painter.gate.set()
    await shown.idle()
    assert [game for game, _ in painter.drawn] == ["busy"]
    assert messages.edits[-1]["attachments"] == []  # the closed table's last edit takes its picture away
