"""What sending anything to Discord can fail with (a leaf module: the views and the game threads both need it)."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable
from typing import TypeVar

import aiohttp
import discord
from discord import app_commands

from bot.storage import StorageBusyError

# Discord's answer, the connection, or a timeout.
SENDING_FAILED = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)
# A request Discord has not answered within this is given up (aiohttp's own limit is 5 minutes, and a game's messages
# go out one at a time: a hung request would hold its table still that long). The presenter tries again after a pause.
SEND_PATIENCE = 20.0
# Unknown Interaction (an answer after the interaction's 3 s), Unknown Webhook (no answer was ever acknowledged).
INTERACTION_GONE = (10062, 10015)
# Missing Access, Missing Permissions: the bot lacks a permission in the channel.
MISSING_PERMISSION = (50001, 50013)
# Discord's 5xx (after discord.py's own retries), the connection, or a timeout.
DISCORD_UNWELL = (discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError)
T = TypeVar("T")


async def patiently(request: Awaitable[T]) -> T:
    """Await one request of a game's messages, given up with TimeoutError after SEND_PATIENCE."""
    async with asyncio.timeout(SEND_PATIENCE):
        return await request


def post_nonce(*parts: object) -> str:
    """A message nonce named by what the post is (a game, its kind, a round): sent again after a lost answer, within
    Discord's few minutes, the post is made once (discord.py sends every nonce with `enforce_nonce`)."""
    # Discord takes a nonce of at most 25 characters: 24 hex digits of a hash of the parts.
    return hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=12).hexdigest()


def interaction_gone(exc: BaseException) -> bool:
    """Whether Discord no longer takes any answer to the interaction that failed with `exc`."""
    return isinstance(exc, discord.NotFound) and exc.code in INTERACTION_GONE


def discords_doing(exc: BaseException) -> bool:
    """Whether a failure is Discord's (unwell, or the interaction's time ran out), not possibly the bot's own: a
    warning for the operator, not an error."""
    return interaction_gone(exc) or isinstance(exc, DISCORD_UNWELL)


def servers_doing(exc: BaseException) -> bool:
    """Whether a failure is the server's own setting: the bot may not see or post in the channel (an admin took a
    permission away), nothing in the bot to fix."""
    return isinstance(exc, discord.Forbidden) and exc.code in MISSING_PERMISSION


def machines_doing(exc: BaseException) -> bool:
    """Whether a failure is the machine's: the database stayed busy past its deadline, or could not be reached."""
    return isinstance(exc, StorageBusyError | ConnectionError)


def peoples_doing(exc: BaseException) -> bool:
    """Whether a failure is a person's app's: a command from an earlier version of the bot, or one used where it
    cannot be (a server-only command in a direct message)."""
    return isinstance(exc, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch
                      | app_commands.CheckFailure)


def failure_level(exc: BaseException) -> int:
    """The log level of a failed request, click or command: WARNING for Discord's own failures, a server's missing
    permissions, a database busy or out of reach and a person's app out of date, else ERROR (a bug)."""
    expected = discords_doing(exc) or servers_doing(exc) or machines_doing(exc) or peoples_doing(exc)
    return logging.WARNING if expected else logging.ERROR


def traceback_of(exc: BaseException) -> BaseException | None:
    """What a failure's one log record carries as exc_info: a bug (ERROR) its traceback, to show where it happened;
    Discord's, a server's or the machine's doing nothing (there is nothing in the bot to find)."""
    return exc if failure_level(exc) >= logging.ERROR else None


def log_failure(logger: logging.Logger, exc: BaseException, message: str, *args: object) -> None:
    """A failure's one log record: at its failure_level, a bug's with its traceback."""
    logger.log(failure_level(exc), message, *args, exc_info=traceback_of(exc))


__all__ = [
    "DISCORD_UNWELL", "INTERACTION_GONE", "MISSING_PERMISSION", "SENDING_FAILED", "SEND_PATIENCE", "discords_doing",
    "failure_level", "interaction_gone", "log_failure", "machines_doing", "patiently", "peoples_doing", "post_nonce",
    "servers_doing", "traceback_of",
]
