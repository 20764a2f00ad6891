"""Shard ownership: Discord's formula, and a bot that identifies as one shard runs only that shard's games."""

from __future__ import annotations

import pytest

from bot.client import DreamcatsBot, ShardedDreamcatsBot, make_bot
from bot.service import Shard, owns, shard_of

# The example snowflake of Discord's reference ("Snowflakes"), whose timestamp part is documented as 41944705796.
DOCS_SNOWFLAKE = 175928847299117063


@pytest.mark.parametrize(("guild_id", "shard_count", "shard"), [
    (DOCS_SNOWFLAKE, 1, 0),
    (DOCS_SNOWFLAKE, 2, 0),   # 41944705796 is even
    (DOCS_SNOWFLAKE, 3, 2),   # 4+1+9+4+4+7+0+5+7+9+6 = 56, and 56 % 3 == 2
    (DOCS_SNOWFLAKE, 10, 6),  # its last digit
    (81384788765712384, 10, 8),  # Discord API server: 81384788765712384 >> 22 == 19403645698
    ((7 << 22) | 0x3FFFFF, 4, 3),  # the low 22 bits (worker, process, increment) never matter
    (0, 5, 0),
])
def test_discords_shard_formula(guild_id: int, shard_count: int, shard: int) -> None:
    assert DOCS_SNOWFLAKE >> 22 == 41944705796
    assert shard_of(guild_id, shard_count) == shard
    assert owns(guild_id, shard, shard_count) and Shard(shard, shard_count).owns(guild_id)
    others = [n for n in range(shard_count) if n != shard]
    assert not any(owns(guild_id, n, shard_count) for n in others)


def test_without_sharding_every_guild_is_owned() -> None:
    assert owns(DOCS_SNOWFLAKE, None, None) and owns(1, None, None)
    assert all(sum(owns(g, n, 3) for n in range(3)) == 1 for g in range(0, 50 << 22, 1 << 20))


async def test_the_bot_identifies_as_its_shard() -> None:
    sharded = DreamcatsBot(database_url="sqlite+aiosqlite://", shard=(1, 4))
    assert (sharded.shard_id, sharded.shard_count) == (1, 4) and sharded.shard == Shard(1, 4)
    whole = DreamcatsBot(database_url="sqlite+aiosqlite://")
    assert (whole.shard_id, whole.shard_count, whole.shard) == (None, None, None)


def test_several_shards_own_the_guilds_of_each() -> None:
    shards = Shard([3, 1], 4)
    assert shards.shard_ids == {1, 3} and str(shards) == "shards 1,3 of 4" and str(Shard(2, 4)) == "shard 2 of 4"
    for guild_id in range(0, 40 << 22, 1 << 22):
        assert shards.owns(guild_id) == (shard_of(guild_id, 4) in (1, 3))


async def test_the_process_builds_the_bot_for_its_shards() -> None:
    several = make_bot(database_url="sqlite+aiosqlite://", shards=([0, 2], 4))
    assert isinstance(several, ShardedDreamcatsBot)
    assert (several.shard_ids, several.shard_count, several.shard) == ([0, 2], 4, Shard([0, 2], 4))
    one = make_bot(database_url="sqlite+aiosqlite://", shard=(1, 4))
    assert not isinstance(one, ShardedDreamcatsBot) and one.shard == Shard(1, 4)
