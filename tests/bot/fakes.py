"""Small fakes for the service tests: an in-memory game store and a notifier that records what it was told."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.service import ConflictError, OwedEnding, StoredGame, Table
from bot.storage import MatchRecord


class MemoryGameStore:
    """Live games in a dict, with the same version rule as the real store."""

    def __init__(self) -> None:
        self.rows: dict[str, StoredGame] = {}
        self.broken: dict[str, str] = {}
        self.finished: list[MatchRecord] = []
        self.owed: dict[str, OwedEnding] = {}
        self.saves = 0

    async def create(self, table: Table) -> int:
        """Insert at version 1."""
        self.rows[table.game_id] = self._row(table, 1)
        return 1

    async def save(self, table: Table) -> int:
        """Save when the version matches."""
        row = self.rows.get(table.game_id)
        if row is None or row.version != table.version:
            raise ConflictError("stale version")
        self.saves += 1
        self.rows[table.game_id] = self._row(table, row.version + 1)
        return row.version + 1

    async def finish(self, table: Table, match: MatchRecord, ending: Sequence[int] | None = None) -> None:
        """Record and delete; the ending owed if given."""
        self.finished.append(match)
        self.rows.pop(table.game_id, None)
        if ending is not None:
            self.owed[table.game_id] = OwedEnding(table.game_id, table.guild_id, table.channel_id, table.message_id,
                                                  copy.deepcopy(table.to_payload()), tuple(ending), match.finished_at)

    async def owed_endings(self) -> list[OwedEnding]:
        """The endings still owed."""
        return list(self.owed.values())

    async def settle_reveal(self, game_id: str, number: int) -> None:
        """That reveal owed no more."""
        owed = self.owed.get(game_id)
        if owed is not None:
            self.owed[game_id] = replace(owed, rounds=tuple(n for n in owed.rounds if n != number))

    async def settle_ending(self, game_id: str) -> None:
        """Owed no more."""
        self.owed.pop(game_id, None)

    async def delete(self, game_id: str) -> None:
        """Delete."""
        self.rows.pop(game_id, None)

    async def load(self) -> list[StoredGame]:
        """The rows not marked broken."""
        return [row for gid, row in self.rows.items() if gid not in self.broken]

    async def in_channel(self, channel_id: int) -> StoredGame | None:
        """The row of a channel."""
        return next((r for r in self.rows.values() if r.channel_id == channel_id and r.game_id not in self.broken),
                    None)

    async def mark_broken(self, game_id: str, reason: str) -> None:
        """Keep but never load again."""
        self.broken[game_id] = reason

    @staticmethod
    def _row(table: Table, version: int) -> StoredGame:
        return StoredGame(table.game_id, table.guild_id, table.channel_id, table.message_id,
                          copy.deepcopy(table.to_payload()), version, table.deadline)


@dataclass
class RecordingNotifier:
    """Remembers every notification in order."""

    calls: list[tuple[str, Any]] = field(default_factory=list)

    def table_changed(self, table: Table) -> None:
        """Record."""
        self.calls.append(("table", table.game_id))

    def round_ended(self, table: Table, number: int) -> None:
        """Record."""
        self.calls.append(("round", number))

    def match_ended(self, table: Table) -> None:
        """Record."""
        self.calls.append(("match", table.game_id))

    def seat_handed_over(self, table: Table, seat: int) -> None:
        """Record."""
        self.calls.append(("handover", seat))

    def game_closed(self, table: Table, reason: str) -> None:
        """Record."""
        self.calls.append(("closed", reason))

    def game_broken(self, stored: StoredGame, reason: str) -> None:
        """Record."""
        self.calls.append(("broken", stored.game_id))

    def kinds(self, kind: str) -> list[Any]:
        """The arguments of every call of one kind."""
        return [arg for k, arg in self.calls if k == kind]
