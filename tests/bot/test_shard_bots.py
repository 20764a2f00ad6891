"""Through the fake Discord: a bot started as one shard, or as several shards in one process, resumes and drives
only the live games of its shards' guilds."""

from __future__ import annotations

import logging
import random

import pytest

from bot.client import DreamcatsBot, ShardedDreamcatsBot
from bot.connection import ConnectionLog
from bot.service import ManualClock, Shard, shard_of
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


class _QuickShards(ShardedDreamcatsBot):
    """Several shards without discord.py's 5 s pause between IDENTIFYs (the fake has no identify rate limit)."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Identify at once."""


def _shards_bot(world: World, shard_ids: list[int], seed: int) -> DreamcatsBot:
    return _QuickShards(database_url=world.database_url, clock=ManualClock(), computer_pause=0.0,
                        edit_interval=0.0, rng=random.Random(seed), shard_ids=shard_ids, shard_count=4)


async def test_one_process_runs_several_shards_and_only_their_games(world: World,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    first = make_bot(world, seed=7)
    runner = world.fake.run(first)
    await runner.start()
    players = await open_table(world, first)
    await players.initial_peeks()
    await runner.kill()

    own = shard_of(world.guild.id, 4)
    others = [n for n in range(4) if n != own]
    strangers = _shards_bot(world, others[:2], seed=8)
    await runner.restart(strangers)
    assert strangers.shard == Shard(others[:2], 4) and sorted(strangers.shards) == others[:2]
    assert strangers.service.tables == []  # neither of its two shards holds the guild
    await runner.stop()

    owner = _shards_bot(world, [own, others[2]], seed=9)
    await runner.restart(owner)
    assert sorted(owner.shards) == sorted([own, others[2]])  # one gateway connection per shard
    caplog.set_level(logging.INFO, logger="bot.connection")
    ConnectionLog().connected(owner)
    ids = ",".join(map(str, sorted([own, others[2]])))
    assert caplog.records[-1].getMessage().endswith(f"1 server(s) (shards {ids} of 4)")  # which process is this
    assert [table.game_id for table in owner.service.tables] == [players.game_id]
    players.bot = owner
    before = players.table
    assert before is not None
    await players.play_turn_step()  # the clicks reach the game through the several-shard client
    after = players.table
    assert after is not None and after.move_number > before.move_number
    await runner.stop()
