"""Which live games a bot process drives: Discord's shard rule, kept in one place."""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild belongs to: Discord's `(guild_id >> 22) % shard_count`."""
    return (guild_id >> 22) % shard_count


def owns(guild_id: int, shard_id: int | None, shard_count: int | None) -> bool:
    """Whether the process running `shard_id` of `shard_count` owns the guild; no sharding owns every guild."""
    if shard_id is None or shard_count is None:
        return True
    return shard_of(guild_id, shard_count) == shard_id


@dataclass(frozen=True, slots=True)
class Shard:
    """The one shard a process runs (`shard_id` of `shard_count`)."""

    shard_id: int
    shard_count: int

    def owns(self, guild_id: int) -> bool:
        """Whether a guild belongs to this shard."""
        return owns(guild_id, self.shard_id, self.shard_count)
