"""The service's GameStore on bot.storage: each call is one transaction that the caller (here) owns."""

from __future__ import annotations

from bot.service import ConflictError, StoredGame, Table
from bot.storage import (
    Database,
    LiveGameRecord,
    MatchRecord,
    VersionConflictError,
    create_live_game,
    delete_live_game,
    live_game_for_channel,
    load_live_games,
    mark_live_game_broken,
    record_match,
    save_live_game,
)


class SqlGameStore:
    """Live games and finished matches in the bot's database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, table: Table) -> int:
        """Insert the live game (version 1)."""
        async with self.db.sessions() as session, session.begin():
            record = await create_live_game(session, game_id=table.game_id, guild_id=table.guild_id,
                                            channel_id=table.channel_id, payload=table.to_payload(),
                                            deadline=table.deadline)
        return record.version

    async def save(self, table: Table) -> int:
        """Save with the optimistic version; a conflict is refused, never merged."""
        try:
            async with self.db.sessions() as session, session.begin():
                return await save_live_game(session, game_id=table.game_id, payload=table.to_payload(),
                                            expected_version=table.version, table_message_id=table.message_id,
                                            deadline=table.deadline)
        except VersionConflictError as exc:
            raise ConflictError("The game was changed elsewhere at the same moment.") from exc

    async def finish(self, table: Table, match: MatchRecord) -> None:
        """Record the match and delete the live game in one transaction."""
        async with self.db.sessions() as session, session.begin():
            await record_match(session, record=match)
            await delete_live_game(session, game_id=table.game_id)

    async def delete(self, game_id: str) -> None:
        """Delete a live game."""
        async with self.db.sessions() as session, session.begin():
            await delete_live_game(session, game_id=game_id)

    async def load(self) -> list[StoredGame]:
        """Every loadable live game."""
        async with self.db.sessions() as session, session.begin():
            return [_stored(r) for r in await load_live_games(session)]

    async def in_channel(self, channel_id: int) -> StoredGame | None:
        """The live game of a channel."""
        async with self.db.sessions() as session, session.begin():
            record = await live_game_for_channel(session, channel_id=channel_id)
        return None if record is None else _stored(record)

    async def mark_broken(self, game_id: str, reason: str) -> None:
        """Keep the row for inspection; it is not loaded again."""
        async with self.db.sessions() as session, session.begin():
            await mark_live_game_broken(session, game_id=game_id, reason=reason)


def _stored(record: LiveGameRecord) -> StoredGame:
    return StoredGame(record.game_id, record.guild_id, record.channel_id, record.table_message_id, record.payload,
                      record.version, record.deadline)
