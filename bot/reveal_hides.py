"""Reveals that vanish: a peek shown privately is hidden again after the reveal time, even across a restart.

Each pending hide is kept in the bot_state table under `reveal:<message id>` (the interaction's token and the
deadline), so the next process edits the ephemeral message when the deadline passes. Discord lets an interaction's
token edit its reply for 15 minutes only; a hide still pending after that is dropped.

While a hide waits for its time it is a timer handle, not a sleeping task (at 500 tables those tasks were hundreds of
coroutines for the garbage collector to walk, issue 10); tasks only store, edit and forget.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import cast

import discord
from sqlalchemy.exc import SQLAlchemyError

from bot.hub import DreamcatsBase
from bot.i18n import t
from bot.service.clock import Timer
from bot.storage import Database, StorageError, bot_state_under, delete_bot_state_row, save_bot_state_row

log = logging.getLogger(__name__)

KEY_PREFIX = "reveal:"
TOKEN_LIFETIME = timedelta(minutes=15)
# Discord's alias for an interaction's own reply (or the message its component click updated), where an id goes.
ORIGINAL = cast(int, "@original")
STORAGE_FAILED = (SQLAlchemyError, StorageError)

_tasks: dict[int, asyncio.Task[None] | Timer] = {}  # message id -> what its hide does now: store, wait or edit
_forgetting: set[asyncio.Task[None]] = set()  # the loop keeps only weak references to tasks


@dataclass(frozen=True, slots=True)
class PendingHide:
    """An ephemeral message showing cards, to be hidden at `until` through its interaction's token."""

    message_id: int
    guild_id: int | None
    application_id: int
    token: str
    until: datetime
    expires: datetime
    locale: str
    followup: bool = False  # a followup message of its interaction (edited by its id), not its first answer

    def to_value(self) -> str:
        """The JSON stored in bot_state."""
        data = asdict(self)
        data["until"], data["expires"] = self.until.isoformat(), self.expires.isoformat()
        return json.dumps(data)

    @classmethod
    def from_value(cls, value: str) -> PendingHide:
        """The hide that `to_value` wrote."""
        data = json.loads(value)
        return cls(int(data["message_id"]), None if data["guild_id"] is None else int(data["guild_id"]),
                   int(data["application_id"]), str(data["token"]), datetime.fromisoformat(data["until"]),
                   datetime.fromisoformat(data["expires"]), str(data["locale"]), bool(data.get("followup", False)))


# Stored and forgotten as core works: a peek's hide is written about as often as a fifth of the saves, and a session
# work in a group of waiting writes sends the whole group through a session (bot.storage.group_commit; JOURNAL.md, Load,
# "2026-11-28, seventh session").
async def _remember(db: Database, hide: PendingHide) -> None:
    key, value = f"{KEY_PREFIX}{hide.message_id}", hide.to_value()
    await db.write_core(lambda connection: save_bot_state_row(connection, key=key, value=value))


async def _forget(db: Database, message_id: int) -> None:
    key = f"{KEY_PREFIX}{message_id}"
    try:
        await db.write_core(lambda connection: delete_bot_state_row(connection, key=key))
    except STORAGE_FAILED as exc:
        log.warning("could not forget the hide of message %s: %r", message_id, exc)


async def _pending(db: Database) -> list[PendingHide]:
    hides = []
    for _, value in await db.read(lambda session: bot_state_under(session, prefix=KEY_PREFIX)):
        try:
            hides.append(PendingHide.from_value(value))
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("an unreadable pending reveal hide was skipped: %r", exc)
    return hides


def schedule(bot: DreamcatsBase, interaction: discord.Interaction, message_id: int, seconds: int, locale: str, *,
             followup: bool = False) -> None:
    """Hide the cards of the ephemeral message after `seconds`, remembering the deadline across restarts (`followup`:
    the message is a followup of the interaction, not its first answer)."""
    now = bot.service.clock.now()
    assert interaction.application_id is not None
    hide = PendingHide(message_id, interaction.guild_id, interaction.application_id, interaction.token,
                       now + timedelta(seconds=seconds), now + TOKEN_LIFETIME, locale, followup)
    _start(bot, hide, remember=True)


def replaced(bot: DreamcatsBase, message_id: int, *, reveal_follows: bool) -> None:
    """The ephemeral message shows something new: a pending hide of what it showed before is dropped."""
    task = _tasks.pop(message_id, None)
    if task is None:
        return
    task.cancel()
    if not reveal_follows:  # a following reveal overwrites the stored hide anyway
        task = asyncio.get_running_loop().create_task(_forget(bot.db, message_id))
        _forgetting.add(task)
        task.add_done_callback(_forgetting.discard)


async def resume(bot: DreamcatsBase) -> int:
    """Take up the hides a previous process left pending (those of this process's guilds); how many."""
    now, count = bot.service.clock.now(), 0
    for hide in await _pending(bot.db):
        if hide.guild_id is not None and not bot.service.owns_guild(hide.guild_id):
            continue
        if hide.expires <= now:
            await _forget(bot.db, hide.message_id)  # its token no longer edits the message
            continue
        _start(bot, hide, remember=False)
        count += 1
    return count


def cancel_all() -> None:
    """Stop every pending hide of this process (on shutdown; the stored ones are taken up by the next process)."""
    for task in list(_tasks.values()):
        task.cancel()
    _tasks.clear()


def _start(bot: DreamcatsBase, hide: PendingHide, *, remember: bool) -> None:
    previous = _tasks.pop(hide.message_id, None)
    if previous is not None:
        previous.cancel()
    if remember:
        _tasks[hide.message_id] = asyncio.get_running_loop().create_task(_remember_then_wait(bot, hide))
    else:
        _wait(bot, hide)


async def _remember_then_wait(bot: DreamcatsBase, hide: PendingHide) -> None:
    try:
        await _remember(bot.db, hide)
    except STORAGE_FAILED as exc:  # it still vanishes, unless the bot restarts first
        log.warning("could not store the hide of message %s: %r", hide.message_id, exc)
    finally:
        still_mine = _tasks.get(hide.message_id) is asyncio.current_task()
        if still_mine:
            del _tasks[hide.message_id]
    if still_mine:  # not replaced or cancelled meanwhile: the timer takes over
        _wait(bot, hide)


def _wait(bot: DreamcatsBase, hide: PendingHide) -> None:
    """Hide the message when its time comes, unless replaced or cancelled first."""
    def due() -> None:
        if _tasks.get(hide.message_id) is timer:
            _tasks[hide.message_id] = asyncio.get_running_loop().create_task(_hide_now(bot, hide))

    clock = bot.service.clock
    timer = _tasks[hide.message_id] = clock.call_later((hide.until - clock.now()).total_seconds(), due)


async def _hide_now(bot: DreamcatsBase, hide: PendingHide) -> None:
    """After the reveal time the card pictures vanish; the buttons of a pending choice stay (left unchanged)."""
    try:
        embed = discord.Embed(description=t("private.hidden", hide.locale))
        webhook = discord.Webhook.partial(hide.application_id, hide.token, client=bot)
        try:
            await webhook.edit_message(hide.message_id if hide.followup else ORIGINAL, embed=embed, attachments=[])
        except discord.HTTPException as exc:
            log.info("could not hide a reveal (message %s): %s", hide.message_id, exc)
        await _forget(bot.db, hide.message_id)
    finally:
        if _tasks.get(hide.message_id) is asyncio.current_task():
            del _tasks[hide.message_id]
