"""Games whose place is gone: their channel or thread deleted, or the bot removed from the server.

Such a game can never be shown or clicked again. Left alone it would play on unseen (the turn timers play for the
absent people), every edit failing and logged until the match ended. Discord tells the bot over the gateway, and the
game is closed at once without a result, as /dreamcats stop would close it. Nothing is posted: there is nowhere to
post it. A place that went while the bot was offline is not noticed at the restart; such a game is closed like this
only when Discord reports the deletion, else it ends by its turn timers.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.hub import DreamcatsBase
from bot.service import Table
from bot.storage import StorageError
from game.dreamcats import GameError

log = logging.getLogger(__name__)
GONE = "gone"  # the reason a game is closed with when its place is gone (bot.presenter posts nothing for it)
SYSTEM = 0  # the user id the bot closes a game as (no person does)


class PlacesGone(commands.Cog):
    """Closes the games of a deleted channel or thread, and of a server the bot was removed from."""

    def __init__(self, bot: DreamcatsBase) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted: its games, and those of its threads, are closed."""
        await self.close_where(lambda t: channel.id in (t.channel_id, t.thread_id), f"channel {channel.id} deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread was deleted: a game played in it is closed."""
        await self.close_where(lambda t: t.thread_id == payload.thread_id, f"thread {payload.thread_id} deleted")

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (not a server that is only unavailable for a while)."""
        await self.close_where(lambda t: t.guild_id == guild.id, f"removed from server {guild.id}")

    async def close_where(self, gone: Callable[[Table], bool], why: str) -> None:
        """Close every live game of this process that `gone` picks; one log line each."""
        for table in [t for t in self.bot.service.tables if gone(t)]:
            try:
                await self.bot.service.close(table.game_id, SYSTEM, is_manager=True, reason=GONE)
            except (GameError, StorageError) as exc:  # it ended meanwhile, or could not be stored: its timers end it
                log.info("game %s: %s, but it could not be closed: %r", table.game_id, why, exc)
                continue
            log.info("game %s: %s; closed without a result", table.game_id, why)
