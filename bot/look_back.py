"""A look back at each round: its story (game.dreamcats.hindsight) worked out when it is revealed, and kept for
How did I do?

The story of each finished round (its public history and revealed dreams, nothing else) is stored in the bot_state
table under `look:<game id>:<round>`, with the seats' people and names, before the reveal and its button are
posted. A click, also after a restart or after the match ended, reads it back; stories older than KEEP are
deleted (at most once a day per process, when a new one is stored).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.pictures import draw
from bot.service import StaleButtonError, Table, TableError
from bot.storage import Database, StorageError, save_bot_state_row
from bot.storage.models import BotState, utcnow
from game.dreamcats import CorruptStateError, GameError
from game.dreamcats.hindsight import RoundStory, kept_story, story_of

log = logging.getLogger(__name__)

KEY_PREFIX = "look:"
KEEP = timedelta(days=30)
STORAGE_FAILED = (SQLAlchemyError, StorageError)
_pruned_on: list[date] = []  # the day this process last deleted old stories


class RoundGoneError(StaleButtonError):
    """The round's story is no longer kept (or never was), so How did I do? has nothing to show."""


class NotInRoundError(TableError):
    """The presser had no seat in the round asked about."""


@dataclass(frozen=True, slots=True)
class KeptRound:
    """A finished round's story with who sat where: the people's user ids (None: a computer) and the seat names."""

    story: RoundStory
    users: tuple[int | None, ...]
    names: tuple[str, ...]

    def seat_of(self, user_id: int) -> int | None:
        """The seat the person had in the round, if any."""
        return self.users.index(user_id) if user_id in self.users else None

    def to_value(self) -> str:
        """The JSON stored in bot_state."""
        return json.dumps({"story": self.story.to_dict(), "users": list(self.users), "names": list(self.names)})

    @classmethod
    def from_value(cls, value: str) -> KeptRound:
        """The round that `to_value` wrote; CorruptStateError if it is unreadable."""
        try:
            data: dict[str, Any] = json.loads(value)
            story = RoundStory.from_dict(data["story"])
            users = tuple(None if u is None else int(u) for u in data["users"])
            names = tuple(str(n) for n in data["names"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise CorruptStateError(f"Unreadable kept round: {exc!r}.") from exc
        if not len(users) == len(names) == story.num_seats:
            raise CorruptStateError("The kept round's seats do not match its story.")
        return cls(story, users, names)


def key_of(game_id: str, number: int) -> str:
    """The bot_state key of a round's story."""
    return f"{KEY_PREFIX}{game_id}:{number}"


async def story_for(table: Table, number: int) -> RoundStory | None:
    """The story of the table's finished round (kept by the match, or replayed off the event loop); None, logged, if it
    cannot be told."""
    if table.state is None:
        return None
    kept = kept_story(table.state, number)  # the round that just ended: no replay, no hop to a thread
    if kept is not None:
        return kept
    state = table.state.copy()  # a snapshot: the live state moves on while the replay runs in the picture pool
    try:
        return await draw(lambda: story_of(state, number))
    except GameError as exc:
        log.warning("game %s: no look back at round %s: %r", table.game_id, number, exc)
        return None


async def remember(db: Database, table: Table, story: RoundStory) -> bool:
    """Store the round's story for How did I do?; whether it was stored (a failure is logged, never raised)."""
    kept = KeptRound(story, tuple(seat.user_id for seat in table.seats), tuple(table.names))
    key, value = key_of(table.game_id, story.result.number), kept.to_value()
    try:
        await db.write_core(lambda connection: save_bot_state_row(connection, key=key, value=value))
    except STORAGE_FAILED as exc:
        log.warning("game %s: could not keep round %s for its look back: %r", table.game_id, story.result.number,
                    exc)
        return False
    await _prune(db)
    return True


async def recall(db: Database, game_id: str, number: int) -> KeptRound:
    """The kept round; RoundGoneError when it is not kept (or unreadable: then also one log line)."""
    async def work(session: AsyncSession) -> str | None:
        found: str | None = await session.scalar(select(BotState.value).where(BotState.key == key_of(game_id,
                                                                                                        number)))
        return found

    value = await db.read(work)
    if value is None:
        raise RoundGoneError(f"Round {number} of game {game_id} is not kept.")
    try:
        return KeptRound.from_value(value)
    except CorruptStateError as exc:
        log.warning("game %s: the kept round %s is unreadable: %r", game_id, number, exc)
        raise RoundGoneError(f"Round {number} of game {game_id} is unreadable.") from exc


async def _prune(db: Database) -> None:
    """Delete the stories older than KEEP, once a day per process."""
    today = utcnow().date()
    if _pruned_on and _pruned_on[0] == today:
        return
    _pruned_on[:] = [today]
    cutoff = utcnow() - KEEP

    async def work(session: AsyncSession) -> None:
        await session.execute(delete(BotState).where(BotState.key.startswith(KEY_PREFIX),
                                                     BotState.updated_at < cutoff))

    try:
        await db.write(work, serializable=False)
    except STORAGE_FAILED as exc:
        log.warning("could not delete old round looks: %r", exc)
