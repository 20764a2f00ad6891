"""The live table stays the newest message of its game: after each reveal it is posted again below it."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from bot.client import DreamcatsBot
from bot.presentations import presentation_of
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.rest import Call
from tests.fakediscord.rules import Fault


async def test_after_a_reveal_the_table_is_posted_again_below_it(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    players = await open_table(world, running, points=100)  # the match outlives its first round
    first = players.message()
    while players.table is not None and players.table.state is not None and players.table.state.round.number == 1:
        await players.initial_peeks()
        await players.play_turn_step()
    await players.settle()
    reveal = fake.latest(world.games, where=lambda m: any(a.filename == "reveal.png" for a in m.attachments))
    table = players.message()
    assert reveal is not None and table is not first
    assert table.id > reveal.id and first.deleted  # the live buttons are below the reveal, the old ones gone
    assert [a.filename for a in table.attachments] == ["table.png"] and any(":next:" in c for c in table.custom_ids)
    newest = fake.latest(world.games, where=lambda m: not m.ephemeral)
    assert newest is table
    await players.next_round()  # everyone is ready: the next round is played on the new message
    assert any(":draw:" in c for c in players.message().custom_ids)
    await players.play_turn_step()
    assert fake.violations == []


async def test_a_move_while_the_table_moves_below_its_reveal_is_shown_on_the_one_new_table(
        world: World, running: DreamcatsBot, caplog: pytest.LogCaptureFixture) -> None:
    """A move made while the table is being posted again below the reveal reaches the presenter as a table that still
    names the old message. It must be shown on the new message: not lost, and no second table posted for it."""
    caplog.set_level(logging.INFO)
    fake = world.fake
    players = await open_table(world, running, points=100)
    asked = await fake.click(world.bo, players.message(), players.cid("quit"))
    confirm = asked.reply
    assert confirm is not None and confirm.ephemeral
    clicked: list[asyncio.Task[InteractionRecord]] = []

    def moving_table(call: Call) -> Fault | None:
        """The table's new post below the reveal hangs a moment; Bo confirms leaving meanwhile."""
        components = json.dumps(call.body.get("components", [])) if isinstance(call.body, dict) else ""
        if call.method != "POST" or ":next:" not in components or clicked:
            return None
        clicked.append(asyncio.get_running_loop().create_task(fake.click(world.bo, confirm, players.cid("quitok"))))
        return Fault(delay=1.0)

    fake.outage = moving_table
    while players.table is not None and players.table.state is not None and players.table.state.round.number == 1:
        await players.initial_peeks()
        await players.play_turn_step()
    await players.settle()
    assert clicked, "the table was never posted again below a reveal"
    await clicked[0]
    await players.settle()
    table = players.table
    assert table is not None
    assert next(s for s in table.seats if s.user_id == world.bo.id).computer_plays  # Bo's leaving was taken
    live = [m for m in fake.messages(world.games) if not m.ephemeral and any(":next:" in c for c in m.custom_ids)]
    assert live == [players.message()]  # one table below the reveal, no stray copy with live buttons
    assert players.message().content == presentation_of(table).table_content(table)  # it shows Bo left
    assert "posting it again" not in caplog.text  # nobody deleted the table: the bot did not find it gone
    assert fake.violations == []
