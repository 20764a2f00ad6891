"""Wake up! ends the round for everyone, so one tap only asks; the confirmation acts, once and only while current."""

from __future__ import annotations

from bot.client import DreamcatsBot
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table


def _reveals(world: World) -> int:
    return sum(1 for m in world.fake.public_messages() if any(a.filename == "reveal.png" for a in m.attachments))


async def test_wake_up_asks_first_and_the_confirmation_ends_the_round(world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None and table.state is not None and table.state.round.turn == 0
    number = table.move_number

    ask = await players.click(world.ana, players.message(), players.cid("wake", number))
    assert ask.reply is not None and ask.reply.ephemeral and "Wake up! now?" in ask.reply.all_text()
    assert players.table is not None and players.table.move_number == number  # nothing happened yet

    reveals_before = _reveals(world)
    done = await players.click(world.ana, ask.reply, players.cid("wakeok", number))
    assert done.reply is not None and "Every dream is revealed" in done.reply.all_text()
    await players.settle()
    assert _reveals(world) == reveals_before + 1  # the round ended: its reveal is on the table for all
    assert world.fake.violations == []


async def test_a_wake_up_confirmation_from_an_earlier_moment_is_refused(world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None
    number = table.move_number
    ask = await players.click(world.ana, players.message(), players.cid("wake", number))
    assert ask.reply is not None
    # Ana changes her mind and draws instead; the old confirmation must not end the round afterwards.
    drew = await players.click(world.ana, players.message(), players.cid("draw", number))
    assert drew.reply is not None
    late = await players.click(world.ana, ask.reply, players.cid("wakeok", number))
    assert late.reply is not None and late.reply.ephemeral and "earlier moment" in late.reply.all_text()
    assert players.table is not None and players.table.state is not None
    assert players.table.state.results == []
    assert world.fake.violations == []


async def test_the_presenter_lets_go_of_a_finished_match(world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    await players.initial_peeks()
    game_id = players.game_id
    await players.play_to_the_end()
    await running.presenter.idle()
    await world.fake.idle()
    assert game_id not in running.presenter.tracked_games
    assert running.presenter.tracked_games == set()
