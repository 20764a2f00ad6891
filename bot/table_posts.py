"""The Discord side of a game's messages: edit the table message (whole, or only its text and buttons), post it
again when it was deleted or must move below a reveal, and post notices. One game's edits go out one at a time, so
a newer edit is never overtaken by an older one. An edit goes through a click's token where one is lent for the
table message (bot.edit_tokens: Discord's global rate limit does not count those), else as a channel message edit."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.http import MultipartParameters, handle_message_parameters
from discord.webhook.async_ import async_context

from bot import sending
from bot.edit_tokens import EditTokens
from bot.game_threads import lobby_moving, post_channel, started_line
from bot.hub import DreamcatsBase
from bot.service import Table
from game.errors import GameError

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()  # the table text names people; an edit must never ping anyone


class TableGoneError(LookupError):
    """The table message to edit is not there (never posted, deleted, or due to move): post it whole instead."""


class TablePosts:
    """Edits and posts for every game's messages; `repost` marks games whose table must be posted anew."""

    def __init__(self, bot: DreamcatsBase) -> None:
        self.bot = bot
        self.repost: set[str] = set()
        self.edits = 0
        self.tokens = EditTokens()
        self._locks: dict[str, asyncio.Lock] = {}
        self._unsure: dict[str, str] = {}  # game id: the nonce of a table post whose answer never came
        # game id: the message posted here that shows its table now. A move made while the table was being posted
        # again reaches the presenter as a copy naming the old message; it is shown on this one.
        self._showing: dict[str, int] = {}

    def lock(self, game_id: str) -> asyncio.Lock:
        """The lock that keeps one game's edits in order."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def forget(self, game_id: str) -> None:
        """The game is over: no lock or repost mark kept for it."""
        self.repost.discard(game_id)
        self._unsure.pop(game_id, None)
        self._showing.pop(game_id, None)
        self.tokens.forget(game_id)
        lock = self._locks.get(game_id)
        if lock is not None and not lock.locked():
            del self._locks[game_id]

    async def edit_text(self, table: Table, content: str, rows: list[dict[str, Any]]) -> None:
        """Only the text and the buttons (`rows`: bot.views.shown.component_rows; the picture stays); TableGoneError
        if there is no message to edit."""
        self._point_at_showing(table)
        if table.message_id is None or table.game_id in self.repost or lobby_moving(table):
            raise TableGoneError(table.game_id)
        try:
            await self._patch(table, table.message_id, content=content, components=rows)
        except discord.NotFound:
            log.info("game %s: the table message was deleted, posting it again", table.game_id)
            raise TableGoneError(table.game_id) from None
        self.edits += 1

    async def edit(self, table: Table, *, embed: discord.Embed, view: discord.ui.View | None,
                   content: str | None = None, attachments: list[discord.File] | None = None) -> None:
        """Edit the table message; if it was deleted (or must move below a reveal), post it again and remember it."""
        channel = self.bot.get_partial_messageable(post_channel(table), guild_id=table.guild_id)
        self._point_at_showing(table)
        retired = table.message_id if table.game_id in self.repost else None
        self.repost.discard(table.game_id)
        if lobby_moving(table):  # the match starts in its thread: the table is posted there
            await started_line(self.bot, table)
        elif table.message_id is not None and retired is None:
            try:
                # MISSING, not None, leaves the message's pictures as they are
                await self._patch(table, table.message_id, content=content, embed=embed, view=view,
                                  attachments=discord.utils.MISSING if attachments is None else attachments)
                self.edits += 1
                return
            except discord.NotFound:
                log.info("game %s: the table message was deleted, posting it again", table.game_id)
        message = await self._post_table(table, channel, retired, embed=embed, view=view, content=content,
                                         attachments=attachments)
        self.edits += 1
        table.message_id = self._showing[table.game_id] = message.id
        try:
            await self.bot.service.set_message(table.game_id, message.id)
        except GameError as exc:  # the game ended meanwhile: nothing to remember
            log.info("game %s: not remembering the new table message: %s", table.game_id, exc)
        if retired is not None:
            await self._retire(channel, table.game_id, retired)

    def _point_at_showing(self, table: Table) -> None:
        """Point a table copy that may still name a message since replaced at the one now showing the table."""
        table.message_id = self._showing.get(table.game_id, table.message_id)

    async def _post_table(self, table: Table, channel: discord.PartialMessageable, retired: int | None, *,
                          embed: discord.Embed, view: discord.ui.View | None, content: str | None,
                          attachments: list[discord.File] | None) -> discord.Message:
        """Post the table message anew. Its nonce names the message it replaces, so a post whose answer was lost and
        that is sent again is made once; what Discord then hands back may be the older table, so it is edited."""
        nonce = sending.post_nonce(table.game_id, "table", table.message_id or 0)
        again = self._unsure.get(table.game_id) == nonce
        self._unsure[table.game_id] = nonce
        try:
            # discord.py's send overloads refuse None, which the method itself takes as "not given"
            message = await sending.patiently(channel.send(
                content, embed=embed, view=view, files=attachments,  # type: ignore[arg-type]
                allowed_mentions=NO_PINGS, nonce=nonce))
        except Exception:
            if retired is not None:  # still to move below the reveal, with the same nonce
                self.repost.add(table.game_id)
            raise
        del self._unsure[table.game_id]
        if again:
            for file in attachments or ():
                file.reset()
            await self._patch(table, message.id, content=content, embed=embed, view=view,
                              attachments=discord.utils.MISSING if attachments is None else attachments)
        return message

    async def _patch(self, table: Table, message_id: int, components: list[dict[str, Any]] | None = None,
                     **fields: Any) -> None:
        """Edit a message without reading Discord's answer back into a discord.Message.

        PartialMessage.edit builds a whole Message (embeds, every component) from the answer, and the table is edited
        after almost every move: that was the largest single cost of an edit at 500 tables. The answer is of no use
        here (the table's buttons are DynamicItems: no view is kept per message).
        """
        with handle_message_parameters(allowed_mentions=NO_PINGS, **fields) as params:
            if components is not None:  # rows made without a view (bot.views.shown.component_rows)
                assert params.payload is not None, "rows are sent only with edits that carry no file"
                params.payload["components"] = components
            async with asyncio.timeout(sending.SEND_PATIENCE):
                if await self._patch_by_token(table.game_id, message_id, params):
                    return
                await self.bot.http.edit_message(post_channel(table), message_id, params=params)

    async def _patch_by_token(self, game_id: str, message_id: int, params: MultipartParameters) -> bool:
        """The edit through a click's token, if one is lent for the message; False if it must go the channel's way."""
        lent = self._lent(game_id, message_id)
        if lent is None:
            return False
        application_id, token = lent
        try:
            await async_context.get().edit_original_interaction_response(
                application_id, token, payload=params.payload, multipart=params.multipart, files=params.files,
                **self._session_for(application_id, token))
            return True
        except discord.HTTPException as exc:  # lapsed early, or the message was deleted: the channel's way tells
            self.tokens.drop(game_id, token)
            log.info("game %s: a click's token no longer edits the table (%s %s); editing it directly", game_id,
                     exc.status, exc.code)
            for file in params.files or ():
                file.reset()  # the failed attempt read them
            return False

    async def _delete_by_token(self, game_id: str, message_id: int) -> bool:
        """Delete the message through a click's token, if one is lent for it; False if it must go the channel's way.
        The token is dropped either way: its message is gone."""
        lent = self._lent(game_id, message_id)
        if lent is None:
            return False
        application_id, token = lent
        self.tokens.drop(game_id, token)
        try:
            await sending.patiently(async_context.get().delete_original_interaction_response(
                application_id, token, **self._session_for(application_id, token)))
            return True
        except (discord.HTTPException, TimeoutError) as exc:
            log.info("game %s: a click's token no longer deletes the previous table: %r", game_id, exc)
            return False

    def _lent(self, game_id: str, message_id: int) -> tuple[int, str] | None:
        """The application id and a click's token that edit the game's `message_id` now, if any."""
        token = self.tokens.for_message(game_id, message_id)
        application_id = None if token is None else self.bot.application_id  # a token implies a logged-in bot
        return None if token is None or application_id is None else (application_id, token)

    def _session_for(self, application_id: int, token: str) -> dict[str, Any]:
        """The bot's own HTTP session and proxy, for a request made with a click's token."""
        webhook = discord.Webhook.partial(application_id, token, client=self.bot)
        return {"session": webhook.session, "proxy": webhook.proxy, "proxy_auth": webhook.proxy_auth}

    async def _retire(self, channel: discord.PartialMessageable, game_id: str, message_id: int) -> None:
        """Delete a table message that a newer one replaced (its buttons would otherwise still invite clicks)."""
        if await self._delete_by_token(game_id, message_id):
            return
        try:
            await sending.patiently(channel.get_partial_message(message_id).delete())
        except (discord.HTTPException, TimeoutError) as exc:  # already deleted, no permission: the new one stands
            log.info("game %s: could not delete the previous table message: %r", game_id, exc)

    async def post(self, channel_id: int, *, content: str | None = None, embed: discord.Embed | None = None,
                   file: discord.File | None = None, allowed_mentions: discord.AllowedMentions | None = None,
                   view: discord.ui.View | None = None, nonce: str | None = None) -> None:
        """A new message in the channel; with a `nonce` (sending.post_nonce), made once however often it is sent."""
        # discord.py's send overloads refuse None, which the method itself takes as "not given"
        extra: dict[str, Any] = {} if view is None else {"view": view}
        if nonce is not None:
            extra["nonce"] = nonce
        await sending.patiently(self.bot.get_partial_messageable(channel_id).send(
            content, embed=embed, file=file, allowed_mentions=allowed_mentions, **extra))  # type: ignore[arg-type]
