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
    synced = await _sync(bot, guild)
    if synced is None:
        return False
    await bot.db.write(lambda session: save_bot_state(session, key=key, value=digest))
    log.info("synced %d command(s) %s%s", len(synced), where, " (asked to)" if force and stored == digest else "")
    return True


async def _sync(bot: DreamcatsBase, guild: discord.abc.Snowflake | None
                ) -> list[discord.app_commands.AppCommand] | None:
    """tree.sync; None, with one WARNING line and the bot going on, when Discord refuses the development guild.

    DREAMCATS_DEV_GUILD_ID only makes the commands appear at once on one server while developing: a wrong id (or a
    server the bot is not in) costs that server its commands, not the bot. The games elsewhere, the buttons, and the
    commands synced before, globally or to another server, go on working; nothing is stored, so the next start tries
    again. Ending the bot for it would take every server down for a developer's setting.
    """
    try:
        return await bot.tree.sync(guild=guild)
    except (discord.Forbidden, discord.NotFound) as exc:  # 50001 Missing Access, or 10004 Unknown Guild
        if guild is None:
            raise
        log.warning("could not sync the commands to server %d (DREAMCATS_DEV_GUILD_ID): Discord answered %d %s; "
                    "check the id and that the bot is in that server", guild.id, exc.status,
                    exc.text or "no reason given")
        return None
