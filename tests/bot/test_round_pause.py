"""Between rounds the table pauses: the next round begins when every person pressed Next round, or after 20 s."""

from __future__ import annotations

from datetime import timedelta

from bot.client import DreamcatsBot
from bot.service import ManualClock, RoundPausedError, table_from_payload
from bot.service.moves import ROUND_PAUSE
from game.dreamcats import Draw
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.bot.ui import Players


async def _to_the_end_of_round_one(world: World, bot: DreamcatsBot) -> Players:
    players = await open_table(world, bot, points=100)
    while players.table is not None and players.table.state is not None and players.table.state.round.number == 1:
        await players.initial_peeks()
        await players.play_turn_step()
    await players.settle()
    return players


async def test_the_next_round_waits_until_everyone_pressed_next_round(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await _to_the_end_of_round_one(world, bot)
        table = players.table
        assert table is not None and table.paused_until == clock.now() + timedelta(seconds=ROUND_PAUSE)
        moves, message = table.move_number, players.message()
        assert "Next round" in message.content and "0 of 3 ready" in message.content
        assert [c.split(":")[2] for c in message.custom_ids] == ["next", "dream", "quit"]
        await clock.advance(ROUND_PAUSE - 5)  # people still reading the reveal: the computer player waits too
        await players.settle()
        assert players.table is not None and players.table.move_number == moves and players.table.paused_until
        try:
            await bot.service.play(table.game_id, world.ana.id, Draw)
        except RoundPausedError:
            pass
        else:
            raise AssertionError("a move between rounds was accepted")
        for person in (world.ana, world.bo):
            await players.click(person, players.message(), players.cid("next", 2))
            await players.settle()
        assert "2 of 3 ready" in players.message().content and players.table.paused_until is not None
        await players.click(world.cy, players.message(), players.cid("next", 2))
        await players.settle()  # everyone is ready: the round begins at once
        assert players.table is not None and players.table.paused_until is None
        assert any(":draw:" in c for c in players.message().custom_ids)
    assert world.fake.violations == []


async def test_a_pause_nobody_ends_runs_out_and_survives_a_restart(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await _to_the_end_of_round_one(world, bot)
        table = players.table
        assert table is not None and table.paused_until is not None
        again = table_from_payload(table.to_payload(), version=table.version, message_id=None, deadline=None)
        assert again.paused_until == table.paused_until and again.ready == table.ready  # a restart keeps the pause
        await clock.advance(ROUND_PAUSE + 1)
        await players.settle()
        resumed = players.table
        assert resumed is not None and resumed.paused_until is None
        assert any(":draw:" in c for c in players.message().custom_ids) or resumed.move_number > table.move_number
    assert world.fake.violations == []
