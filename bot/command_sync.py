"""Slash commands are synced to Discord only when they changed, not at every start.

Discord rate-limits command syncs, and several processes (shards) start at once: each hashes what it would send
(every command as translated for Discord) and syncs only when the hash differs from the one stored after the last
sync. The hash lives in the database, so it survives restarts and every process shares it; it is kept per
application and target (the development guild, or global), so switching either syncs again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord

from bot.hub import DreamcatsBase
from bot.storage import get_bot_state, save_bot_state

log = logging.getLogger(__name__)


async def command_payload(tree: discord.app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
                          ) -> list[dict[str, Any]]:
    """What a sync to `guild` (None: global) sends, as CommandTree.sync builds it."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


def payload_hash(payload: list[dict[str, Any]]) -> str:
    """A stable hash of a payload (the order of keys does not matter; the order of commands does not either)."""
    texts = sorted(json.dumps(command, sort_keys=True, ensure_ascii=False, default=str) for command in payload)
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def sync_key(application_id: int, guild_id: int | None) -> str:
    """The bot-state key of a sync target."""
    return f"command-sync:{application_id}:{'global' if guild_id is None else guild_id}"


async def sync_if_changed(bot: DreamcatsBase, guild: discord.abc.Snowflake | None, *, force: bool = False) -> bool:
    """Sync the commands to `guild` (None: global) unless they are what the last sync sent; whether it synced."""
    application_id = bot.application_id
    assert application_id is not None, "the application id is known after login"
    key = sync_key(application_id, None if guild is None else guild.id)
    digest = payload_hash(await command_payload(bot.tree, guild))
    stored = await bot.db.read(lambda session: get_bot_state(session, key=key))
    where = "globally" if guild is None else f"to guild {guild.id}"
    if stored == digest and not force:
        log.info("commands unchanged since the last sync %s: not syncing", where)
        return False
    synced = await bot.tree.sync(guild=guild)
    await bot.db.write(lambda session: save_bot_state(session, key=key, value=digest))
    log.info("synced %d command(s) %s%s", len(synced), where, " (asked to)" if force and stored == digest else "")
    return True
