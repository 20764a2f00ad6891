"""Server settings and live games: small reads and writes inside the caller's transaction."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from typing import Any, NotRequired, TypedDict, Unpack, cast

import orjson
from sqlalchemy import Connection, Table, bindparam, delete, insert, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.group_commit import core_on_session
from bot.storage.models import LiveGame, ServerSettings, UTCDateTime, utcnow
from bot.storage.records import (
    DREAMCATS,
    LiveGameNotFoundError,
    LiveGameRecord,
    ServerSettingsRecord,
    VersionConflictError,
)
from bot.storage.sql import upsert
from game.written_log import JsonText

log = logging.getLogger(__name__)

_SETTINGS_FIELDS = tuple(item.name for item in fields(ServerSettingsRecord))
_LIVE = cast("Table", LiveGame.__table__)  # the mapped class types it as a plain FromClause
_INSERT = insert(_LIVE)
# Built once: a move's save is the hottest statement, and a prebuilt Core UPDATE costs half the CPU of an ORM one.
_SAVE = (
    update(_LIVE)
    .where(_LIVE.c.game_id == bindparam("key"), _LIVE.c.version == bindparam("expected"), _LIVE.c.broken.is_(False))
    .values(payload=bindparam("payload"), version=bindparam("new"), table_message_id=bindparam("message"),
            deadline=bindparam("deadline", type_=_LIVE.c.deadline.type),
            updated_at=bindparam("now", type_=_LIVE.c.updated_at.type))
)
# PostgreSQL: the saves of a group in one statement and one round trip (LiveSave.together). Each row keeps its own
# version guard; the ids it returns are the saves that were made.
_SAVE_MANY = text(
    "UPDATE live_games AS g SET payload = v.payload, version = v.new, table_message_id = v.message, "
    "deadline = v.deadline, updated_at = CAST(:now AS TIMESTAMPTZ) "
    "FROM unnest(CAST(:keys AS VARCHAR[]), CAST(:expected AS INTEGER[]), CAST(:payloads AS TEXT[]), "
    "CAST(:news AS INTEGER[]), CAST(:messages AS BIGINT[]), CAST(:deadlines AS TIMESTAMPTZ[])) "
    "AS v(key, expected, payload, new, message, deadline) "
    "WHERE g.game_id = v.key AND g.version = v.expected AND NOT g.broken RETURNING g.game_id"
)


async def get_server_settings(session: AsyncSession, *, guild_id: int) -> ServerSettingsRecord:
    """The server's stored defaults, or the built-in defaults when it has none."""
    row = await session.get(ServerSettings, guild_id)
    if row is None:
        return ServerSettingsRecord()
    return ServerSettingsRecord(**{name: getattr(row, name) for name in _SETTINGS_FIELDS})


async def save_server_settings(session: AsyncSession, *, guild_id: int, settings: ServerSettingsRecord) -> None:
    """Store the server's defaults, replacing what was there."""
    values = asdict(settings) | {"updated_at": utcnow()}
    await upsert(session, ServerSettings, [{"guild_id": guild_id} | values], keys=["guild_id"], update=list(values))


class NewLiveGame(TypedDict):
    """A new live game's fields (insert_live_row): deadline and game are optional."""

    game_id: str
    guild_id: int
    channel_id: int
    payload: dict[str, Any]
    deadline: NotRequired[datetime | None]
    game: NotRequired[str]


async def create_live_game(session: AsyncSession, **fields: Unpack[NewLiveGame]) -> LiveGameRecord:
    """Store a new live game at version 1 (insert_live_row, in the session's transaction)."""
    return await core_on_session(session, lambda connection: insert_live_row(connection, **fields))


def insert_live_row(
    connection: Connection,
    *,
    game_id: str,
    guild_id: int,
    channel_id: int,
    payload: dict[str, Any],
    deadline: datetime | None = None,
    game: str = DREAMCATS,
) -> LiveGameRecord:
    """Store a new live game (of `game`) at version 1: Core statements on a connection (a core work, like a save)."""
    now, text = utcnow(), encode_payload(payload)
    connection.execute(_INSERT, {"game_id": game_id, "game": game, "guild_id": guild_id, "channel_id": channel_id,
                                 "table_message_id": None, "payload": text, "version": 1, "deadline": deadline,
                                 "broken": False, "created_at": now, "updated_at": now})
    return LiveGameRecord(game_id=game_id, guild_id=guild_id, channel_id=channel_id, table_message_id=None,
                          payload=decode_payload(game_id, text), version=1, deadline=deadline, updated_at=now)


async def save_live_game(
    session: AsyncSession,
    *,
    game_id: str,
    payload: dict[str, Any],
    expected_version: int,
    table_message_id: int | None,
    deadline: datetime | None,
) -> int:
    """Replace the game's state if it is still at `expected_version` (save_live_row, in the session's transaction)."""
    return await core_on_session(session, lambda connection: save_live_row(
        connection, game_id=game_id, payload=payload, expected_version=expected_version,
        table_message_id=table_message_id, deadline=deadline))


def save_live_row(
    connection: Connection,
    *,
    game_id: str,
    payload: dict[str, Any],
    expected_version: int,
    table_message_id: int | None,
    deadline: datetime | None,
) -> int:
    """Replace the game's state if it is still at `expected_version`; return the new version.

    Raises VersionConflictError (and writes nothing) when someone saved it first or it was marked broken, and
    LiveGameNotFoundError when it is gone. Core statements on a synchronous connection: a move's save is the hottest
    write, and the writer thread runs it without a session (bot.storage.group_commit).
    """
    new_version = expected_version + 1
    values = {"key": game_id, "expected": expected_version, "payload": encode_payload(payload), "new": new_version,
              "message": table_message_id, "deadline": deadline, "now": utcnow()}
    if connection.execute(_SAVE, values).rowcount == 1:
        return new_version
    stored = connection.execute(select(_LIVE.c.version, _LIVE.c.broken).where(_LIVE.c.game_id == game_id)).first()
    if stored is None:
        raise LiveGameNotFoundError(f"There is no live game {game_id!r}.")
    if stored.broken:
        raise VersionConflictError(f"Live game {game_id!r} was marked broken; it can no longer be saved.")
    raise VersionConflictError(f"Live game {game_id!r} is at version {stored.version}, not {expected_version}.")


@dataclass(frozen=True, slots=True)
class LiveSave:
    """A live game's versioned save as a core work (save_live_row); a group of them may run as one (`together`)."""

    game_id: str
    payload: Callable[[], dict[str, Any]]  # built when the save runs, on the writer's thread
    expected_version: int
    table_message_id: int | None
    deadline: datetime | None

    def __call__(self, connection: Connection) -> int:
        """Save alone: the new version, or VersionConflictError / LiveGameNotFoundError."""
        return save_live_row(connection, game_id=self.game_id, payload=self.payload(),
                             expected_version=self.expected_version, table_message_id=self.table_message_id,
                             deadline=self.deadline)

    @staticmethod
    def together(connection: Connection, saves: Sequence[LiveSave]) -> list[int]:
        """Several games' saves at once (one statement on PostgreSQL); VersionConflictError if any is refused."""
        if connection.dialect.name != "postgresql":
            return [save(connection) for save in saves]
        when = UTCDateTime()  # the column's own check: aware datetimes only, stored as UTC
        rows = {"keys": [s.game_id for s in saves], "expected": [s.expected_version for s in saves],
                "payloads": [encode_payload(s.payload()) for s in saves],
                "news": [s.expected_version + 1 for s in saves],
                "messages": [s.table_message_id for s in saves],
                "deadlines": [when.process_bind_param(s.deadline, connection.dialect) for s in saves],
                "now": utcnow()}
        saved = set(connection.execute(_SAVE_MANY, rows).scalars())
        if len(saved) != len(saves):
            raise VersionConflictError(f"{len(saves) - len(saved)} of {len(saves)} saves were refused")
        return [s.expected_version + 1 for s in saves]


async def load_live_games(session: AsyncSession) -> list[LiveGameRecord]:
    """Every live game that is not marked broken, oldest first."""
    rows = await session.scalars(
        select(LiveGame).where(LiveGame.broken.is_(False)).order_by(LiveGame.created_at, LiveGame.game_id)
    )
    return [_record(row) for row in rows]


async def live_game_for_channel(session: AsyncSession, *, channel_id: int) -> LiveGameRecord | None:
    """The channel's live game (the newest if several), broken ones excepted."""
    row = await session.scalar(
        select(LiveGame)
        .where(LiveGame.channel_id == channel_id, LiveGame.broken.is_(False))
        .order_by(LiveGame.created_at.desc())
        .limit(1)
    )
    return None if row is None else _record(row)


async def mark_live_game_broken(session: AsyncSession, *, game_id: str, reason: str) -> None:
    """Stop loading the game but keep its row for inspection; a missing game is ignored."""
    await session.execute(
        update(LiveGame)
        .where(LiveGame.game_id == game_id)
        .values(broken=True, broken_reason=reason, version=LiveGame.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )


async def delete_live_game(session: AsyncSession, *, game_id: str) -> bool:
    """Remove the game's row (finished or abandoned); whether it was there (a missing game is ignored)."""
    result = await session.execute(
        delete(LiveGame).where(LiveGame.game_id == game_id).execution_options(synchronize_session=False)
    )
    return bool(cast(Any, result).rowcount)


def _record(row: LiveGame) -> LiveGameRecord:
    return LiveGameRecord(
        game_id=row.game_id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        table_message_id=row.table_message_id,
        payload=decode_payload(row.game_id, row.payload),
        version=row.version,
        deadline=row.deadline,
        updated_at=row.updated_at,
    )


def encode_payload(payload: dict[str, Any]) -> str:
    """A game's payload as the JSON text its row keeps."""
    # orjson: a 4 KB table in 17 us where json.dumps took 135 us, on the writer thread that holds the GIL meanwhile
    return orjson.dumps(payload, default=_written, option=orjson.OPT_NON_STR_KEYS).decode()


def _written(value: object) -> orjson.Fragment:
    """A match's log already written as JSON text (game.written_log) goes into the payload as it is."""
    if isinstance(value, JsonText):
        return orjson.Fragment(value.text)
    raise TypeError(f"{type(value).__name__} is not JSON")


def decode_payload(game_id: str, text: str) -> dict[str, Any]:
    """A row's JSON text as the game's payload (empty where it is unreadable)."""
    # An unreadable payload comes back empty: the engine refuses it and the bot ends just that game.
    try:
        payload = orjson.loads(text)
    except orjson.JSONDecodeError:
        log.warning("Live game %s has a payload that is not JSON", game_id)
        return {}
    if not isinstance(payload, dict):
        log.warning("Live game %s has a payload that is not a JSON object", game_id)
        return {}
    return payload
