"""Through the fake Discord: a bot started as one shard resumes only the live games of its shard's guilds."""

from __future__ import annotations

import random

from bot.client import DreamcatsBot
from bot.service import ManualClock, shard_of
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table


def _shard_bot(world: World, shard_id: int, seed: int) -> DreamcatsBot:
    return DreamcatsBot(database_url=world.database_url, clock=ManualClock(), computer_pause=0.0, edit_interval=0.0,
                        rng=random.Random(seed), shard=(shard_id, 2))


async def test_only_the_owning_shard_picks_up_a_crashed_game(world: World) -> None:
    first = make_bot(world, seed=7)
    runner = world.fake.run(first)
    await runner.start()
    players = await open_table(world, first)
    await players.initial_peeks()
    await runner.kill()  # the unsharded process dies in the middle of the match

    own = shard_of(world.guild.id, 2)
    stranger = _shard_bot(world, 1 - own, seed=8)
    await runner.restart(stranger)
    assert stranger.service.tables == []  # another shard's process leaves the game alone
    await runner.stop()

    owner = _shard_bot(world, own, seed=9)
    await runner.restart(owner)
    assert [table.game_id for table in owner.service.tables] == [players.game_id]
    players.bot = owner
    before = players.table
    assert before is not None
    await players.play_turn_step()  # the crashed match's buttons work in the owning process
    after = players.table
    assert after is not None and after.move_number > before.move_number
    await runner.stop()
