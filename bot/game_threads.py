"""A thread per game (server setting game_threads, or `/dreamcats start thread`).

The lobby message opens a public thread named after the game (a thread started from a message has that message's
id). The lobby stays in the channel; when the match starts it becomes the channel's one line about the game, and the
table, reveals and standings are posted in the thread. At the end the channel gets a line with the winners, and the
thread is archived when the match ends or is stopped. Without the permissions the game stays in the channel.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Literal

import discord

from bot import sending
from bot.game_choice import game_title
from bot.hub import DreamcatsBase
from bot.i18n import resolve_locale, t, tn
from bot.sending import SENDING_FAILED
from bot.service import GameService, Table, finished_match
from bot.texts import text_names
from game.dreamcats import Event
from game.errors import GameError

log = logging.getLogger(__name__)

NEEDED = ("create_public_threads", "send_messages_in_threads")
NO_PINGS = discord.AllowedMentions.none()
# A quiet thread archives itself after a day; a finished game's is archived at once.
ARCHIVE_AFTER_MINUTES: Literal[1440] = 1440


def post_channel(table: Table) -> int:
    """Where the game's messages go now: its thread once the match started, else the channel."""
    return table.thread_id if table.thread_id is not None and table.state is not None else table.channel_id


def lobby_moving(table: Table) -> bool:
    """Whether the table message is still the lobby in the channel while the match runs in the thread."""
    return table.thread_id is not None and table.state is not None and table.message_id == table.thread_id


def in_thread(service: GameService, channel_id: int) -> Table | None:
    """The game played in this thread, if any."""
    return next((table for table in service.tables if table.thread_id == channel_id), None)


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks in this channel to give a game a thread."""
    if isinstance(interaction.channel, discord.Thread):
        return []  # a game started inside a thread plays there
    return [name for name in NEEDED if not getattr(interaction.app_permissions, name)]


async def open_thread(bot: DreamcatsBase, interaction: discord.Interaction, table: Table, message_id: int) -> None:
    """Start the game's thread from its lobby message; if the bot may not, one private line names the permissions
    and the game stays in the channel."""
    locale = resolve_locale(interaction.locale)
    if isinstance(interaction.channel, discord.Thread) and interaction.channel_id == table.channel_id:
        return  # the lobby itself is in a thread: Discord has no threads in threads
    missing = missing_permissions(interaction)
    if not missing:
        channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        host = next((seat.name for seat in table.seats if seat.user_id == table.host_id), "")
        name = t("thread.name", table.locale, host=host, game=game_title(table.game, table.locale))[:100]
        try:
            thread = await channel.get_partial_message(message_id).create_thread(
                name=name, auto_archive_duration=ARCHIVE_AFTER_MINUTES)
        except discord.Forbidden:
            missing = list(NEEDED)
        except SENDING_FAILED as exc:
            log.warning("game %s: could not open its thread (%r); it stays in the channel", table.game_id, exc)
            return
        else:
            await _set_thread(bot.service, table.game_id, thread.id)
            return
    names = ", ".join(t(f"permission.{name}", locale) for name in missing)
    try:
        await interaction.followup.send(t("thread.missing_permissions", locale, permissions=names), ephemeral=True)
    except SENDING_FAILED as exc:
        log.info("game %s: could not say that the thread is missing: %r", table.game_id, exc)


async def lobby_in_new_thread(bot: DreamcatsBase, interaction: discord.Interaction, table: Table,
                              lobby: tuple[discord.Embed, discord.ui.View]) -> None:
    """Play again, pressed in the last match's thread: the new lobby in the channel, with a thread of its own as the
    last match had (the same place, the same settings); if posting fails the presenter posts it alone."""
    embed, view = lobby
    posts = bot.presenter.posts
    try:
        async with posts.lock(table.game_id):  # in order with the presenter's own edits of this game
            await posts.edit(table, embed=embed, view=view)  # posted (no message yet), remembered
    except SENDING_FAILED as exc:
        log.info("game %s: could not post the lobby to open its thread (%r); posting it without", table.game_id, exc)
        bot.presenter.table_changed(table)
        return
    if table.message_id is not None:
        await open_thread(bot, interaction, table, table.message_id)


async def _set_thread(service: GameService, game_id: str, thread_id: int) -> None:
    def mutate(table: Table) -> list[Event]:
        table.thread_id = thread_id
        return []

    try:  # a change nobody sees yet: no redraw, and no timer restarts
        await service.change(game_id, mutate, restart=False, announce=False)
    except GameError as exc:
        log.info("game %s: not remembering its thread: %s", game_id, exc)


async def started_line(bot: DreamcatsBase, table: Table) -> None:
    """The lobby message in the channel becomes one line: the match is on, in the thread."""
    assert table.message_id is not None
    names = ", ".join(text_names(table, table.locale))
    text = t("thread.started", table.locale, names=names, thread=f"<#{table.thread_id}>",
             game=game_title(table.game, table.locale))
    channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    try:
        await sending.patiently(channel.get_partial_message(table.message_id).edit(
            content=text, embed=None, view=None, attachments=[], allowed_mentions=NO_PINGS))
    except (discord.HTTPException, TimeoutError) as exc:  # deleted meanwhile: the table is posted in the thread
        log.info("game %s: could not turn the lobby into its line: %r", table.game_id, exc)


async def post_standings(bot: DreamcatsBase, table: Table, *, embed: discord.Embed, file: discord.File,
                         view: discord.ui.View) -> None:
    """The final standings where the game is played; with a thread, the winners' line in the channel, and the thread
    archived."""
    await sending.patiently(bot.get_partial_messageable(post_channel(table)).send(
        embed=embed, file=file, view=view, nonce=sending.post_nonce(table.game_id, "standings")))
    if table.thread_id is None:
        return
    names = text_names(table, table.locale)
    winners = [names[seat] for seat, result in enumerate(finished_match(table, table.created_at).seats)
               if result.winner]
    text = tn("thread.won", len(winners), table.locale, names=", ".join(winners), thread=f"<#{table.thread_id}>",
              game=game_title(table.game, table.locale))
    try:
        await sending.patiently(bot.get_partial_messageable(table.channel_id).send(
            text, allowed_mentions=NO_PINGS, nonce=sending.post_nonce(table.game_id, "winners")))
    except (discord.HTTPException, TimeoutError) as exc:
        log.info("game %s: could not post the winners' line: %r", table.game_id, exc)
    await archive(bot, table)


async def closed(bot: DreamcatsBase, table: Table, marking: Callable[[], Awaitable[None]],
                 embed: discord.Embed) -> None:
    """The game was cancelled or stopped: its message is marked (`marking`); a match in its thread also marks its line
    in the channel with `embed`; then the thread is archived."""
    if not lobby_moving(table):  # else the table never reached its thread: only the line in the channel is marked
        await marking()
    if table.state is not None:
        await channel_line_closed(bot, table, embed)
    await archive(bot, table)


async def channel_line_closed(bot: DreamcatsBase, table: Table, embed: discord.Embed) -> None:
    """A game with a thread of its own closed: its message in the channel (the lobby, or the match's line, from which
    the thread was started) says so instead of pointing at a game that is gone."""
    if table.thread_id is None:
        return
    channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    try:
        await sending.patiently(channel.get_partial_message(table.thread_id).edit(
            content=None, embed=embed, view=None, attachments=[], allowed_mentions=NO_PINGS))
    except (discord.HTTPException, TimeoutError) as exc:  # the channel went too, or the line was deleted
        log.info("game %s: could not mark its line in the channel closed: %r", table.game_id, exc)


async def archive(bot: DreamcatsBase, table: Table) -> None:
    """Archive the game's thread, if it has one."""
    if table.thread_id is None:
        return
    try:
        await sending.patiently(bot.http.edit_channel(table.thread_id, archived=True))
    except (discord.HTTPException, TimeoutError) as exc:
        log.info("game %s: could not archive its thread: %r", table.game_id, exc)
