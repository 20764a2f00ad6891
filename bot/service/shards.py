"""Which live games a bot process drives: Discord's shard rule, kept in one place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild belongs to: Discord's `(guild_id >> 22) % shard_count`."""
    return (guild_id >> 22) % shard_count


def owns(guild_id: int, shard_id: int | None, shard_count: int | None) -> bool:
    """Whether the process running `shard_id` of `shard_count` owns the guild; no sharding owns every guild."""
    if shard_id is None or shard_count is None:
        return True
    return shard_of(guild_id, shard_count) == shard_id


@dataclass(frozen=True, slots=True, init=False)
class Shard:
    """The shards a process runs: `Shard(2, 8)` is shard 2 of 8, `Shard([0, 1, 2, 3], 8)` four of them."""

    shard_ids: frozenset[int]
    shard_count: int

    def __init__(self, shard_id: int | Iterable[int], shard_count: int) -> None:
        ids = frozenset((shard_id,) if isinstance(shard_id, int) else shard_id)
        object.__setattr__(self, "shard_ids", ids)
        object.__setattr__(self, "shard_count", shard_count)

    @property
    def shard_id(self) -> int:
        """The lowest shard id (the only one when the process runs one shard)."""
        return min(self.shard_ids)

    def owns(self, guild_id: int) -> bool:
        """Whether a guild belongs to one of these shards."""
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    def __str__(self) -> str:
        ids = sorted(self.shard_ids)
        return f"shard{'s' if len(ids) > 1 else ''} {','.join(map(str, ids))} of {self.shard_count}"
