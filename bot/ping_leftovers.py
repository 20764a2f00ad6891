"""Turn pings a crash left posted are deleted by the next process (bot.turn_pings).

A posted ping is remembered in the bot_state table under `ping:<message id>` (its place: the game, channel, guild,
language and the person's name, enough to delete it or fold it) and forgotten once it was deleted or folded. A process
that dies with pings posted (a crash, or a stop whose deletions did not finish in time) leaves those rows behind; the
next process of their guilds takes them up after its start: a ping whose turn still waits for its person is kept (and
deleted when the turn moves on, as if no crash had come), any other is deleted, a few a second, and its row forgotten.

What it costs: two small writes per ping, and a person is pinged only after letting a turn wait PING_GRACE s: about one
turn in fifty with people thinking 2 s a click on average.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from bot.ping_place import PingPlace, TurnKey
from bot.storage import Database, StorageError, bot_state_under, delete_bot_state_row, save_bot_state_row

log = logging.getLogger(__name__)
KEY_PREFIX = "ping:"
STORAGE_FAILED = (SQLAlchemyError, StorageError)


@dataclass(frozen=True, slots=True)
class PostedPing:
    """A ping on Discord: its message, its turn and its place."""

    message_id: int
    key: TurnKey
    place: PingPlace

    def to_value(self) -> str:
        """The JSON stored in bot_state (the guild also on its own, to be read before the rest)."""
        return json.dumps({"guild_id": self.place.guild_id, "message_id": self.message_id, "key": self.key,
                           "place": asdict(self.place)})

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> PostedPing:
        """The ping that `to_value` wrote, parsed; KeyError, TypeError or ValueError if it cannot be read."""
        round_number, turns, seat, user_id = (int(part) for part in data["key"])
        place = data["place"]
        place = PingPlace(str(place["game_id"]), int(place["guild_id"]), int(place["channel_id"]),
                          str(place["locale"]), str(place["title"]), int(place["user_id"]), str(place["name"]))
        return cls(int(data["message_id"]), (round_number, turns, seat, user_id), place)


async def remember(db: Database, ping: PostedPing) -> None:
    """Store a posted ping until it is forgotten; a failure is one log line (only a crash would then leave it)."""
    key, value = f"{KEY_PREFIX}{ping.message_id}", ping.to_value()
    try:
        await db.write_core(lambda connection: save_bot_state_row(connection, key=key, value=value))
    except STORAGE_FAILED as exc:
        log.warning("could not remember the turn ping %s: %r", ping.message_id, exc)


async def forget(db: Database, message_id: int) -> None:
    """The ping was deleted or folded: nothing left to do after a restart. A failure is one log line (the next
    process then tries to delete a ping already gone, which is harmless)."""
    await _drop(db, f"{KEY_PREFIX}{message_id}")


async def _drop(db: Database, key: str) -> None:
    try:
        await db.write_core(lambda connection: delete_bot_state_row(connection, key=key))
    except STORAGE_FAILED as exc:
        log.warning("could not forget the turn ping %s: %r", key.removeprefix(KEY_PREFIX), exc)


async def leftovers(db: Database, owns: Callable[[int], bool]) -> list[PostedPing]:
    """The pings a process left posted in the guilds this one `owns`. An unreadable row of those guilds is forgotten,
    one whose guild cannot be read too (no process could take it up); other guilds' rows are their processes' own."""
    pings = []
    for key, value in await db.read(lambda session: bot_state_under(session, prefix=KEY_PREFIX)):
        try:
            data = json.loads(value)
            if not owns(int(data["guild_id"])):  # read on its own: other guilds' rows are not this process's to judge
                continue
            pings.append(PostedPing.from_data(data))
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("an unreadable turn ping left by an earlier process was dropped (%s): %r", key, exc)
            await _drop(db, key)
    return pings
