"""Per game, its rules shown privately to the person who asked: Dreamcats' as an illustrated guide turned with
buttons (bot.rules_guide), Dream 21's and Cat Duel's in one embed each. A new game adds one entry."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import discord

from bot.catduel.rules import show_rules as show_catduel_rules
from bot.dream21.rules import show_rules as show_dream21_rules
from bot.hub import DreamcatsBase
from bot.rules_guide import show_rules
from bot.storage import StorageError
from bot.storage.records import DREAMCATS

# How long /dreamcats rules waits for a server's default game before it shows Dreamcats' rules (the settings are kept
# in memory after the first read, so this is only ever a first read's wait).
DEFAULT_GAME_WAIT_S = 1.0


async def _show_dreamcats_rules(interaction: discord.Interaction, locale: str) -> None:
    await show_rules(interaction)  # the guide reads the person's own locale from the interaction


RULES_SHOWN: dict[str, Callable[[discord.Interaction, str], Awaitable[None]]] = {
    DREAMCATS: _show_dreamcats_rules, "dream21": show_dream21_rules, "catduel": show_catduel_rules}


async def server_default_game(bot: DreamcatsBase, guild_id: int | None) -> str | None:
    """The server's default game (`/dreamcats settings default_game`) if its settings come in time, else None."""
    if guild_id is None:
        return None
    try:
        return (await asyncio.wait_for(bot.db.server_defaults.get(guild_id), DEFAULT_GAME_WAIT_S)).default_game
    except (TimeoutError, StorageError):
        return None
