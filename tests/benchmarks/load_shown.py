"""Whether every live table shows its newest state once the people stop (bench_load.py): the bot process lists each
table's newest text by its message, the benchmark compares it with what the fake Discord's message says.

A table left showing an older state is what a player would see as a move that never arrived; the bot's other figures
(acknowledgements, edits) cannot tell it from a shown one.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from bot.client import DreamcatsBot
from bot.presentations import presentation_of

if TYPE_CHECKING:  # the bot process imports this module too, and must not load the fake (aiohttp's server, pytest)
    from tests.fakediscord import FakeDiscord


def newest_texts(bot: DreamcatsBot) -> dict[str, str]:
    """The bot side: each live table's message id (as text) and the text its newest state shows."""
    return {str(table.message_id): presentation_of(table).table_content(table)
            for table in bot.service.tables if table.state is not None and table.message_id is not None}


def shown_text(fake: FakeDiscord, message_id: int) -> str | None:
    """The text the fake Discord's message shows now (None: no such message, or deleted)."""
    message = fake.messages_by_id.get(message_id)
    return None if message is None or message.deleted else message.content


def stale_tables(newest: Mapping[str, str], shown: Callable[[int], str | None]) -> list[str]:
    """The benchmark side: the message ids whose message shows other text than its table's newest (None: no such
    message)."""
    return [message_id for message_id, text in newest.items() if shown(int(message_id)) != text]


async def newest_line(ask: Callable[[], Awaitable[dict[str, Any]]], shown: Callable[[int], str | None],
                      patience: float = 30.0) -> str:
    """Ask the bot for its tables' newest texts every second until every message shows its own (or `patience` runs
    out), and say how many did not at first and at the end."""
    started = time.monotonic()
    first: tuple[int, int] | None = None
    while True:
        newest = (await ask())["tables"]
        stale = stale_tables(newest, shown)
        first = first or (len(stale), len(newest))
        waited = time.monotonic() - started
        if not stale or waited >= patience:
            break
        await asyncio.sleep(1.0)
    return (f"tables showing an older state than their newest once the people stopped: {first[0]} of {first[1]} at "
            f"once, {len(stale)} of {len(newest)} after {waited:.1f} s (a computer's turn, a round's pause running "
            "out and the pictures still queued change some meanwhile)")
