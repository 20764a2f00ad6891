"""Answering clicks: one friendly ephemeral line for refusals, private replies, and reveals that vanish."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from bot import reveal_hides
from bot.hub import DreamcatsBase
from bot.i18n import error_text, resolve_locale
from bot.sending import SENDING_FAILED
from bot.service import Table
from game.errors import GameError

log = logging.getLogger(__name__)


class PublicMessageError(RuntimeError):
    """A private step was about to be written into a public message (a bug; refused)."""

ANSWERED = "dreamcats.answered"  # interaction.extras key: the reply holds a result or a line
HOLD = "dreamcats.hold"  # interaction.extras key: the answer is coming, and "thinking…" is shown if it is late
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


def hold(interaction: discord.Interaction, *, new_message: bool, within: float | None = None,
         table: Table | None = None) -> None:
    """Promise an answer: a new ephemeral message (new_message) or the clicked ephemeral message replaced.

    If it has not gone out within `within` seconds (DEFER_AFTER) of the click, the reply is deferred ("thinking…"
    for a new message) and the answer then fills it. A click on the live message of `table`, when its edits want a
    token (bot.edit_tokens), is answered with a deferred update at once instead, and the new message follows it.
    """
    pending = _Hold(new_message)
    game_id = _token_wanted(interaction, table) if new_message and table is not None else None
    if game_id is not None:
        pending.deferring = True
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


async def say(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral line, whether or not the interaction was already answered (a failed edit falls back to a
    followup, so a "thinking…" reply is not left open)."""
    # A promised deferral must not race the line: both would answer, and Discord refuses the second (40060).
    await release(interaction)
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
    """If an answer was promised (hold) or the reply deferred with "thinking…", and nothing has filled it yet, fill
    it with `text`.

    With final=False the line is a placeholder: the result may still replace it.
    """
    if final and HOLD in interaction.extras:
        log.warning("interaction %s: the handler ended without answering; closing its reply", interaction.id)
        await say(interaction, text)
        return
    if interaction.response.type is not discord.InteractionResponseType.deferred_channel_message:
        return
    if interaction.extras.get(ANSWERED):
        return
    if final:
        log.warning("interaction %s: the handler ended without answering; closing its reply", interaction.id)
    await say(interaction, text)
    if not final:
        interaction.extras.pop(ANSWERED, None)


async def retire(interaction: discord.Interaction, text: str) -> None:
    """A click on a private message of a game that is over: the line takes the place of its buttons."""
    await release(interaction)
    updating = interaction.response.type in (None, discord.InteractionResponseType.deferred_message_update)
    if not clicked_ephemeral(interaction) or not updating:
        await say(interaction, text)  # a public message, or a "thinking…" reply that the line fills
        return
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text, view=None)
        else:
            await interaction.response.edit_message(content=text, view=None)
        interaction.extras[ANSWERED] = True
    except SENDING_FAILED as exc:
        log.info("could not retire the buttons of interaction %s (%r); answering with the line", interaction.id, exc)
        await say(interaction, text)


async def refuse(interaction: discord.Interaction, exc: GameError) -> None:
    """A GameError as one friendly line in the person's language."""
    await say(interaction, error_text(exc, resolve_locale(interaction.locale)))


class PrivateStep(Protocol):
    """A private step of any game (Dreamcats' bot.views.private.Private, Dream 21's hand): what `show` sends."""

    @property
    def reveal(self) -> bool:
        """Whether it shows cards that hide again after the table's reveal time (Dreamcats' peeks)."""
        ...

    async def render(self, table: Table, obs: Any, locale: str
                     ) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
        """Embed, view and attachments."""
        ...


async def show(interaction: discord.Interaction, private: PrivateStep, table: Table, obs: Any) -> None:
    """Put a private step into the person's ephemeral reply: the promised answer (bot.views.replies.hold), or the
    deferred reply filled."""
    locale = resolve_locale(interaction.locale)
    # Drawn first, while the promised deferral still stands: a slow picture then goes into a deferred reply.
    embed, view, files = await private.render(table, obs, locale)
    new_message = await release(interaction)
    public = not clicked_ephemeral(interaction)
    updated = interaction.response.type is discord.InteractionResponseType.deferred_message_update
    following = public and updated and new_message is True  # hold's _defer_lending: the step follows
    if public and not following and (new_message is False or updated):
        raise PublicMessageError("a private step may only replace an ephemeral message")
    message_id = (await _follow_up(interaction, embed, view, files) if following
                  else await _answer(interaction, new_message, embed, view, files))
    interaction.extras[ANSWERED] = True
    # discord.py types interaction.client as the base Client; here it is always our bot.
    bot = cast(DreamcatsBase, interaction.client)
    reveal = table.settings.reveal_time if private.reveal else None
    reveal_hides.replaced(bot, message_id, reveal_follows=reveal is not None)
    if reveal is not None:
        reveal_hides.schedule(bot, interaction, message_id, reveal, locale, followup=following)


def clicked_ephemeral(interaction: discord.Interaction) -> bool:
    """Whether the click came from an ephemeral (private) message rather than a public one."""
    return interaction.message is not None and interaction.message.flags.ephemeral


async def _follow_up(interaction: discord.Interaction, embed: discord.Embed, view: discord.ui.View | None,
                     files: list[discord.File]) -> int:
    """Send the step as a new ephemeral message after a deferred update of the clicked table; its id."""
    extra: dict[str, Any] = {}
    if view is not None:
        view.stop()  # only sent, as in _answer
        extra["view"] = view
    sent = await interaction.followup.send(embed=embed, files=files, ephemeral=True, wait=True, **extra)
    return sent.id


async def _answer(interaction: discord.Interaction, new_message: bool | None, embed: discord.Embed,
                  view: discord.ui.View | None, files: list[discord.File]) -> int:
    """Send the step as the interaction's answer, or into its deferred reply; the ephemeral message's id."""
    if interaction.response.is_done():
        message = await interaction.edit_original_response(embed=embed, attachments=files, view=view, content=None)
        return message.id
    if new_message is False:
        assert interaction.message is not None
        await interaction.response.edit_message(embed=embed, attachments=files, view=view)
        return interaction.message.id
    if view is None:
        sent = await interaction.response.send_message(embed=embed, files=files, ephemeral=True)
    else:
        # Stopped, the view is only sent: discord.py would otherwise keep an ephemeral message's view (and a timer)
        # alive for 15 minutes, and our buttons are dispatched by their custom_ids (DynamicItem) anyway.
        view.stop()
        sent = await interaction.response.send_message(embed=embed, files=files, view=view, ephemeral=True)
    assert sent.message_id is not None
    return sent.message_id
