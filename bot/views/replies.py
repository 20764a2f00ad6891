"""Answering clicks: one friendly ephemeral line for refusals, private replies, and reveals that vanish."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, cast

import aiohttp
import discord

from bot.i18n import error_text, resolve_locale, t
from bot.service import Table
from bot.views.private import Private
from game import GameError, Observation

if TYPE_CHECKING:
    from bot.client import DreamcatsBot

log = logging.getLogger(__name__)


class PublicMessageError(RuntimeError):
    """A private step was about to be written into a public message (a bug; refused)."""

_hiders: dict[int, asyncio.Task[None]] = {}
ANSWERED = "dreamcats.answered"  # interaction.extras key: the reply holds a result or a line
# What sending a reply can fail with: Discord's answer, the connection, or a timeout.
SENDING_FAILED = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)


async def say(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral line, whether or not the interaction was already answered (a failed edit falls back to a
    followup, so a "thinking…" reply is not left open)."""
    try:
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            # "Thinking…" was shown: the line replaces it.
            try:
                await interaction.edit_original_response(content=text, embed=None, attachments=[], view=None)
            except SENDING_FAILED as exc:
                log.info("could not edit the reply to interaction %s (%r); sending the line instead", interaction.id,
                         exc)
                await interaction.followup.send(text, ephemeral=True)
        elif interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
        interaction.extras[ANSWERED] = True
    except SENDING_FAILED as exc:
        log.warning("could not answer interaction %s: %r", interaction.id, exc)


async def complete_deferred(interaction: discord.Interaction, text: str, *, final: bool = True) -> None:
    """If the reply was deferred with "thinking…" and nothing has filled it yet, fill it with `text`.

    With final=False the line is a placeholder: the result may still replace it.
    """
    if interaction.response.type is not discord.InteractionResponseType.deferred_channel_message:
        return
    if interaction.extras.get(ANSWERED):
        return
    if final:
        log.warning("interaction %s: the handler ended without answering; closing its reply", interaction.id)
    await say(interaction, text)
    if not final:
        interaction.extras.pop(ANSWERED, None)


async def refuse(interaction: discord.Interaction, exc: GameError) -> None:
    """A GameError as one friendly line in the person's language."""
    await say(interaction, error_text(exc, resolve_locale(interaction.locale)))


async def show(interaction: discord.Interaction, private: Private, table: Table, obs: Observation) -> None:
    """Put a private step into the interaction's own ephemeral message (already deferred)."""
    updating = interaction.response.type is discord.InteractionResponseType.deferred_message_update
    if updating and interaction.message is not None and not interaction.message.flags.ephemeral:
        raise PublicMessageError("a private step may only replace an ephemeral message")
    locale = resolve_locale(interaction.locale)
    embed, view, files = await private.render(table, obs, locale)
    message = await interaction.edit_original_response(embed=embed, attachments=files, view=view, content=None)
    interaction.extras[ANSWERED] = True
    previous = _hiders.pop(message.id, None)
    if previous is not None:
        previous.cancel()
    reveal = table.settings.reveal_time
    if private.reveal and reveal is not None:
        _hiders[message.id] = asyncio.get_running_loop().create_task(
            _hide_later(interaction, message.id, reveal, view, locale))


async def _hide_later(interaction: discord.Interaction, message_id: int, seconds: int,
                      view: discord.ui.View | None, locale: str) -> None:
    """After the reveal time the card pictures vanish; the buttons of a pending choice stay."""
    try:
        # discord.py types interaction.client as the base Client; here it is always our bot.
        await cast("DreamcatsBot", interaction.client).service.clock.sleep(seconds)
        embed = discord.Embed(description=t("private.hidden", locale))
        await interaction.edit_original_response(embed=embed, attachments=[], view=view)
    except asyncio.CancelledError:
        raise
    except discord.HTTPException as exc:
        log.info("could not hide a reveal (message %s): %s", message_id, exc)
    finally:
        if _hiders.get(message_id) is asyncio.current_task():
            del _hiders[message_id]


def cancel_hiders() -> None:
    """Stop every pending reveal hider (on shutdown)."""
    for task in list(_hiders.values()):
        task.cancel()
    _hiders.clear()
