"""Clicks leave nothing of the bot's or discord.py's behind in a reference cycle: no view, button, task,
interaction or picture stream.

Such cycles live until the garbage collector's next pass over their generation; at 500 tables they were most of
what those passes walked, and the passes paused the event loop for 300 ms and more (tests/benchmarks/bench_load.py).
"""

from __future__ import annotations

import asyncio
import gc
import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager

import discord
import pytest

from bot.client import DreamcatsBot
from bot.i18n import t
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table


@contextmanager
def garbage_cycles() -> Iterator[list[object]]:
    """The objects that only the cyclic garbage collector would have freed while the block ran."""
    found: list[object] = []
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield found
    finally:
        gc.collect()
        gc.set_debug(0)
        found.extend(gc.garbage)
        gc.garbage.clear()


BOT_KINDS = (discord.ui.View, discord.ui.Item, asyncio.Task, discord.Interaction, discord.InteractionResponse,
             discord.Message, io.BytesIO)


async def test_turns_leave_nothing_in_a_reference_cycle(world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    await players.initial_peeks()
    with garbage_cycles() as garbage:
        # Table buttons, private answers with their own buttons and pictures, deferrals let go.
        for _ in range(6):
            await players.play_turn_step()
        # Refused clicks: someone not playing, and a player whose turn it is not.
        table = players.table
        assert table is not None and table.state is not None
        waiting = next(s.user_id for n, s in enumerate(table.seats) if s.user_id and n != table.state.round.turn)
        for user in (world.eve, players.people[waiting]):
            await world.fake.click(user, players.message(), players.cid("draw", table.move_number))
    assert {type(o).__qualname__ for o in garbage if isinstance(o, BOT_KINDS)} == set()
    refusals = [o for o in garbage if isinstance(o, BaseException) and type(o).__module__.startswith("bot.")]
    assert refusals == []


async def test_buttons_with_malformed_numbers_are_refused_with_a_friendly_line(
        world: World, running: DreamcatsBot, caplog: pytest.LogCaptureFixture) -> None:
    """A button whose custom_id carries a number none of the bot's buttons carries ("1.2": from a modified client or
    an older version) is refused as a stale button: one friendly line, no ERROR."""
    players = await open_table(world, running)
    await players.initial_peeks()
    message = players.message()
    forged = [players.cid("draw", "1.2"), players.cid("take", "0.5")]
    message.components.append({"type": 1, "components": [
        {"type": 2, "style": 2, "label": f"forged {n}", "custom_id": custom_id} for n, custom_id in enumerate(forged)]})
    caplog.set_level(logging.INFO)
    for custom_id in forged:
        record = await world.fake.click(world.ana, message, custom_id)
        assert record.reply is not None and record.reply.ephemeral, custom_id
        assert record.reply.content == t("error.StaleButtonError"), custom_id
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert world.fake.violations == []
