"""A click's promised answer: deferred if it is late, or, on a live table that wants an edit token, answered at once
with a deferred update whose private answer then follows as a followup (with a placeholder if it is slow)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import cast

import discord

from bot.hub import DreamcatsBase
from bot.sending import SENDING_FAILED
from bot.service import StaleButtonError, Table

log = logging.getLogger(__name__)

HOLD = "dreamcats.hold"  # interaction.extras key: the answer is coming, and "thinking…" is shown if it is late
# interaction.extras key, after a lending click's deferred update: the "still working" followup on its way (its id)
PLACEHOLDER = "dreamcats.placeholder"
# An answer not ready this long after the click is deferred first (Discord allows 3 s; a busy loop may need the rest
# to get the defer out). Most answers are ready in a few ms and go out as the one reply: no "thinking…" flicker, and
# one request to Discord instead of two.
DEFER_AFTER = 0.5


def wait_before_deferring(interaction: discord.Interaction, within: float) -> float:
    """How much of `within` seconds after the click is left now (a late-dispatched click has less)."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return min(within, max(0.0, within - age))  # a clock ahead of Discord's never makes the wait longer


@dataclass
class _Hold:
    """A pending answer: its deferral (sleeping, or under way once `deferring`)."""

    new_message: bool
    task: asyncio.Task[None] | None = None
    deferring: bool = False
    lending: bool = False  # answered with a deferred update of the table: the answer follows as a followup


def clicked_ephemeral(interaction: discord.Interaction) -> bool:
    """Whether the click came from an ephemeral (private) message rather than a public one."""
    return interaction.message is not None and interaction.message.flags.ephemeral


def hold(interaction: discord.Interaction, *, new_message: bool, within: float | None = None,
         table: Table | None = None) -> None:
    """Promise an answer: a new ephemeral message (new_message) or the clicked ephemeral message replaced.

    If it has not gone out within `within` seconds (DEFER_AFTER) of the click, the reply is deferred ("thinking…"
    for a new message) and the answer then fills it. A click on the live message of `table`, when its edits want a
    token (bot.edit_tokens), is answered with a deferred update at once instead, and the new message follows it.
    """
    if not new_message and not clicked_ephemeral(interaction):
        # Only the bot's private replies carry buttons that replace their message: this one came on a public message
        # (a forged or hand-made click). Refused before anything is played.
        raise StaleButtonError("A private step's button pressed on a public message.")
    pending = _Hold(new_message)
    game_id = _token_wanted(interaction, table) if new_message and table is not None else None
    if game_id is not None:
        pending.deferring = pending.lending = True
        pending.task = asyncio.get_running_loop().create_task(_defer_lending(interaction, game_id))
        interaction.extras[HOLD] = pending
        return
    wait = wait_before_deferring(interaction, DEFER_AFTER if within is None else within)

    async def defer_later() -> None:
        await asyncio.sleep(wait)
        if interaction.response.is_done():
            return
        pending.deferring = True
        try:
            await interaction.response.defer(ephemeral=True, thinking=new_message)
        except SENDING_FAILED as exc:
            log.warning("could not defer interaction %s: %r", interaction.id, exc)

    pending.task = asyncio.get_running_loop().create_task(defer_later())
    interaction.extras[HOLD] = pending


def _token_wanted(interaction: discord.Interaction, table: Table) -> str | None:
    """The table's game, if the click is on its live message and should lend its token to that message's edits.

    Only the live table message: for any other public message (a reveal, the standings) `@original` after a deferred
    update would be that message, and an answer meant to fill a deferred reply would land on it for all to see.
    """
    message = interaction.message
    if message is None or message.flags.ephemeral or message.id != table.message_id:
        return None
    tokens = cast(DreamcatsBase, interaction.client).presenter.posts.tokens
    return table.game_id if tokens.wanted(table.game_id, message.id) else None


async def _defer_lending(interaction: discord.Interaction, game_id: str) -> None:
    """A deferred update (no "thinking…": the private reply follows it); the token then edits the clicked table."""
    try:
        await interaction.response.defer()
    except SENDING_FAILED as exc:
        log.warning("could not defer interaction %s: %r", interaction.id, exc)
        return
    lend_token(interaction, game_id)


def lend_token(interaction: discord.Interaction, game_id: str) -> None:
    """After a deferred update of a public message of the game: the click's token may edit that message."""
    message = interaction.message
    if message is not None and not message.flags.ephemeral:
        tokens = cast(DreamcatsBase, interaction.client).presenter.posts.tokens
        tokens.lend(game_id, message.id, interaction.token)


async def release(interaction: discord.Interaction) -> bool | None:
    """End a promised answer's wait: a deferral not yet begun is dropped, one under way is waited out.

    Returns whether the answer is a new message (None when nothing was promised).
    """
    pending: _Hold | None = interaction.extras.pop(HOLD, None)
    if pending is None or pending.task is None:
        return None
    task, pending.task = pending.task, None  # the task's closure holds `pending`: no cycle left behind
    if pending.deferring:
        await task
    else:
        task.cancel()
    return pending.new_message


def lending_unanswered(interaction: discord.Interaction) -> bool:
    """Whether a promised answer is to follow a lending click's deferred update and has not begun to."""
    pending: _Hold | None = interaction.extras.get(HOLD)
    return pending is not None and pending.lending and PLACEHOLDER not in interaction.extras


async def send_placeholder(interaction: discord.Interaction, text: str) -> None:
    """The placeholder as an ephemeral followup; whoever answers next edits it (its id under PLACEHOLDER)."""
    pending: _Hold = interaction.extras[HOLD]
    if pending.task is not None:
        await asyncio.shield(pending.task)  # the deferred update first: a followup needs an answered interaction
    # The answer may have begun meanwhile (release took the hold away): then it is a followup of its own.
    if interaction.extras.get(HOLD) is not pending or not interaction.response.is_done():
        return

    async def send() -> int | None:
        try:
            sent = await interaction.followup.send(text, ephemeral=True, wait=True)
        except SENDING_FAILED as exc:
            log.info("could not send the placeholder of interaction %s: %r", interaction.id, exc)
            return None
        return sent.id

    task = asyncio.get_running_loop().create_task(send())
    interaction.extras[PLACEHOLDER] = task  # set before the first wait: an answer from now on waits and edits it
    await asyncio.shield(task)


async def placeholder_id(interaction: discord.Interaction) -> int | None:
    """The placeholder followup's id, once sent (None: there is none, or it could not be sent)."""
    task: asyncio.Task[int | None] | None = interaction.extras.pop(PLACEHOLDER, None)
    return None if task is None else await task
