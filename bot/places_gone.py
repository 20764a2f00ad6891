"""Games whose place is gone: their channel or thread deleted, the thread archived or locked by someone mid-game
(a moderator closing it), or the bot removed from the server.

Such a game can never be shown again (a message in an archived thread cannot be edited). Left alone it would play on
unseen (the turn timers play for the absent people), every edit failing and logged until the match ended. Discord
tells the bot over the gateway, and the game is closed at once without a result, as /dreamcats stop would close it.
Nothing is posted: there is nowhere to post it. A channel deleted, or a thread archived or locked, while the bot was
away is found when Discord answers Unknown Channel or Thread is archived for the game's message (GoneChannels, from
the presenter), and its game is closed the same way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands

from bot.hub import DreamcatsBase
from bot.sending import servers_doing
from bot.service import Table
from bot.storage import StorageError
from game.errors import GameError

log = logging.getLogger(__name__)
GONE = "gone"  # the reason a game is closed with when its place is gone (bot.presenter posts nothing for it)
SYSTEM = 0  # the user id the bot closes a game as (no person does)
# Discord's error codes that say a game's place is gone: its channel (or thread) does not exist, or its thread was
# archived or locked (a message in it can no longer be edited).
GONE_CODES = {10003: "Unknown Channel", 50083: "Thread is archived"}


def never_postable(exc: BaseException) -> bool:
    """Whether a post failed for good: its place is gone, or the bot may not post there (no retry will help)."""
    return isinstance(exc, discord.HTTPException) and (exc.code in GONE_CODES or servers_doing(exc))


async def settled_after(posting: Awaitable[None], settle: Callable[[], Awaitable[None]]) -> None:
    """Post, then settle what a restart would otherwise post again (bot.service.resume); settled also when it can
    never be posted there (the place is gone, or the bot may not post), since a restart could not post it either."""
    try:
        await posting
    except Exception as exc:
        if never_postable(exc):
            await settle()
        raise
    await settle()


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
        # a game in a thread of its own, or one opened in a thread people made (that thread is its channel)
        await self.close_where(lambda t: payload.thread_id in (t.thread_id, t.channel_id),
                               f"thread {payload.thread_id} deleted")

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread was archived or locked by someone (a moderator closing it): a game played in it is closed. The bot
        archives a game's thread itself only once its game is over."""
        metadata = payload.data.get("thread_metadata") or {}
        if not (metadata.get("archived") or metadata.get("locked")):
            return
        how = "locked" if metadata.get("locked") else "archived"
        await self.close_where(lambda t: payload.thread_id in (t.thread_id, t.channel_id),
                               f"thread {payload.thread_id} {how}")

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (not a server that is only unavailable for a while)."""
        await self.close_where(lambda t: t.guild_id == guild.id, f"removed from server {guild.id}")

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Servers that removed the bot while it was away: no GUILD_DELETE reached it, but Discord's READY no longer
        lists them (a server that is only unavailable is listed, as unavailable), so their games are closed."""
        await self.close_where(lambda t: self.bot.get_guild(t.guild_id) is None,
                               "its server removed the bot while it was away")

    async def close_where(self, gone: Callable[[Table], bool], why: str) -> None:
        """Close every live game of this process that `gone` picks; one log line each."""
        for table in [t for t in self.bot.service.tables if gone(t)]:
            await close_gone(self.bot, table.game_id, why)


async def close_gone(bot: DreamcatsBase, game_id: str, why: str) -> None:
    """Close a game whose place is gone, without a result; one log line."""
    try:
        await bot.service.close(game_id, SYSTEM, is_manager=True, reason=GONE)
    except (GameError, StorageError) as exc:  # it ended meanwhile, or could not be stored: its timers end it
        log.info("game %s: %s, but it could not be closed: %r", game_id, why, exc)
        return
    log.info("game %s: %s; closed without a result", game_id, why)


class GoneChannels:
    """Discord answering Unknown Channel or Thread is archived for a game's message: the channel was deleted, or the
    thread archived or locked, while the bot was away (or the event never reached it). The presenter hands such
    failures here, and the game is closed, once."""

    def __init__(self, bot: DreamcatsBase) -> None:
        self.bot = bot
        self._closing: dict[str, asyncio.Task[None]] = {}

    def closes(self, game_id: str, exc: BaseException) -> bool:
        """Whether `exc` says the game's channel is gone, or its thread archived or locked; if so its game is being
        closed (no retry is due)."""
        if not isinstance(exc, discord.HTTPException) or exc.code not in GONE_CODES:
            return False
        if game_id not in self._closing:
            task = asyncio.get_running_loop().create_task(
                close_gone(self.bot, game_id, f"its place is gone (Discord: {GONE_CODES[exc.code]})"))
            self._closing[game_id] = task
            task.add_done_callback(lambda _: self._closing.pop(game_id, None))
        return True
