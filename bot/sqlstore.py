"""The service's GameStore on bot.storage: each call is one transaction through Database.write or Database.read."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import partial

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service import BusyError, ConflictError, OwedEnding, StoredGame, Table
from bot.storage import (
    Database,
    InvalidMatchRecordError,
    LiveGameRecord,
    LiveSave,
    MatchRecord,
    StorageBusyError,
    VersionConflictError,
    delete_live_game,
    drop_owed_reveal,
    insert_live_row,
    live_game_for_channel,
    load_live_games,
    load_owed_endings,
    mark_live_game_broken,
    owe_ending,
    record_match,
    settle_ending,
)

log = logging.getLogger(__name__)


@asynccontextmanager
async def _refusals() -> AsyncIterator[None]:
    """Storage's refusals as the service's: a player sees one clear line and the move is not made."""
    try:
        yield
    except VersionConflictError as exc:
        raise ConflictError("The game was changed elsewhere at the same moment.") from exc
    except StorageBusyError as exc:
        raise BusyError("The table is busy, please try again.") from exc


class SqlGameStore:
    """Live games and finished matches in the bot's database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, table: Table) -> int:
        """Insert the live game (version 1)."""
        game_id, guild_id, channel_id, game = table.game_id, table.guild_id, table.channel_id, table.game
        payload, deadline = table.to_payload(), table.deadline
        async with _refusals():
            record = await self.db.write_core(lambda connection: insert_live_row(
                connection, game_id=game_id, guild_id=guild_id, channel_id=channel_id, payload=payload,
                deadline=deadline, game=game))
        return record.version

    async def save(self, table: Table) -> int:
        """Save with the optimistic version; a conflict is refused, never merged.

        The payload is built inside the write, on the writer's thread where there is one (SQLite files, PostgreSQL):
        at 500 tables building it on the event loop was a tenth of the loop's time. The table is the service's
        private copy until the save returns, so nothing changes it meanwhile.
        """
        game_id, version, message_id, deadline = table.game_id, table.version, table.message_id, table.deadline
        async with _refusals():
            return await self.db.write_core(LiveSave(game_id, partial(table.to_payload, stored=True), version,
                                                     message_id, deadline))

    async def finish(self, table: Table, match: MatchRecord, ending: Sequence[int] | None = None) -> None:
        """Record the match and delete the live game in one transaction; with `ending`, its ending owed in it too.

        A record the standings refuse as impossible is a bug of the bot's, not the players': the match still ends
        (its live game deleted, the record written whole into an ERROR line for the operator) rather than leaving its
        table at the last move, refused again at every try (six-seat matches were, tests/bot/test_six_seats.py).
        """
        game_id = table.game_id

        async def work(session: AsyncSession) -> None:
            # The live row goes first, and only a match whose row was still there is recorded: a transaction run
            # again after its commit went through unseen (a connection lost during COMMIT) records nothing twice.
            if not await delete_live_game(session, game_id=game_id):
                log.warning("game %s: its live game is gone already; the match is not recorded again", game_id)
                return
            await record_match(session, record=match)
            if ending is not None:
                await owe_ending(session, game_id=game_id, guild_id=table.guild_id, channel_id=table.channel_id,
                                 table_message_id=table.message_id, payload=table.to_payload(stored=True),
                                 rounds=ending, owed_since=match.finished_at)

        try:
            async with _refusals():
                await self.db.write(work)
        except InvalidMatchRecordError as exc:
            log.error("game %s: the finished match is not recorded (%s), its game ends without it: %r", game_id,
                      exc, match)
            await self.delete(game_id)

    async def delete(self, game_id: str) -> None:
        """Delete a live game."""
        async with _refusals():
            await self.db.write(lambda session: delete_live_game(session, game_id=game_id), serializable=False)

    async def load(self) -> list[StoredGame]:
        """Every loadable live game."""
        async with _refusals():
            return [_stored(r) for r in await self.db.read(load_live_games)]

    async def in_channel(self, channel_id: int) -> StoredGame | None:
        """The live game of a channel."""
        async with _refusals():
            record = await self.db.read(lambda session: live_game_for_channel(session, channel_id=channel_id))
        return None if record is None else _stored(record)

    async def owed_endings(self) -> list[OwedEnding]:
        """Every finished match whose ending is still owed, oldest first."""
        async with _refusals():
            records = await self.db.read(load_owed_endings)
        return [OwedEnding(r.game_id, r.guild_id, r.channel_id, r.table_message_id, r.payload, r.rounds, r.created_at)
                for r in records]

    async def settle_reveal(self, game_id: str, number: int) -> None:
        """Round `number`'s reveal of an owed ending was posted."""
        async with _refusals():
            await self.db.write(lambda session: drop_owed_reveal(session, game_id=game_id, number=number),
                                serializable=False)

    async def settle_ending(self, game_id: str) -> None:
        """The ending was posted: it is owed no more."""
        async with _refusals():
            await self.db.write(lambda session: settle_ending(session, game_id=game_id), serializable=False)

    async def mark_broken(self, game_id: str, reason: str) -> None:
        """Keep the row for inspection; it is not loaded again."""
        async with _refusals():
            await self.db.write(lambda session: mark_live_game_broken(session, game_id=game_id, reason=reason),
                                serializable=False)


def _stored(record: LiveGameRecord) -> StoredGame:
    return StoredGame(record.game_id, record.guild_id, record.channel_id, record.table_message_id, record.payload,
                      record.version, record.deadline)
