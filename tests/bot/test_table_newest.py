"""The live table stays the newest message of its game: after each reveal it is posted again below it."""

from __future__ import annotations

from bot.client import DreamcatsBot
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table


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
