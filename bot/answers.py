"""Answering slash commands whose work may be slow: "thinking…" only when needed, and always a complete reply."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.sending import SENDING_FAILED, interaction_gone, log_failure
from bot.views.holds import wait_before_deferring
from bot.views.replies import ANSWERED, say

log = logging.getLogger(__name__)
T = TypeVar("T")
# Seconds an answer's work may take before "thinking…" (or a click's silent acknowledgement) goes first: Discord
# allows 3 s, and a click reaches the bot a little late under load.
ANSWER_WITHIN = 1.0
PRIVATE_PLACEHOLDER = "dreamcats.private_placeholder"  # interaction.extras key: the "thinking…" reply is ephemeral


@dataclass(frozen=True)
class Answer:
    """What a command replies: a line or an embed (with buttons and a picture), public or private."""

    text: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    ephemeral: bool = False
    file: discord.File | None = None

    def message(self) -> dict[str, Any]:
        """The keyword arguments of a message with this answer (discord.py wants absent parts left out)."""
        parts = {"content": self.text, "embed": self.embed, "view": self.view, "file": self.file}
        return {name: value for name, value in parts.items() if value is not None}


async def answer_when_done(interaction: discord.Interaction, work: Awaitable[T], within: float | None = None, *,
                           ephemeral: bool = False, update: bool = False) -> T:
    """The result of `work`; if it is not done `within` s (ANSWER_WITHIN) after the command was sent, "thinking…" is
    shown first (Discord allows 3 s). With `update` (a click whose answer edits the clicked message, `edit_clicked`)
    a slow click is acknowledged by a deferred update instead, which shows nothing until the edit.

    A failed defer is logged, not raised: the work's result or exception is always retrieved.
    """
    task = asyncio.ensure_future(work)
    try:
        wait = wait_before_deferring(interaction, ANSWER_WITHIN if within is None else within)
        if not await finished_within(task, wait):
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                interaction.extras[PRIVATE_PLACEHOLDER] = ephemeral
    except SENDING_FAILED as exc:
        log.warning("interaction %s: could not show 'thinking…' (%r); answering when the work is done",
                    interaction.id, exc)
    except BaseException:
        task.add_done_callback(_retrieve)
        raise
    try:
        return await task
    finally:
        del task  # a failure's traceback holds this frame: without the task, no reference cycle


async def edit_clicked(interaction: discord.Interaction, **parts: Any) -> None:
    """Edit the message whose button was clicked: as the click's answer, or after its deferred update (a failure is
    logged)."""
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(**parts)
        else:
            await interaction.response.edit_message(**parts)
    except SENDING_FAILED as exc:
        log.warning("could not edit the message of interaction %s: %r", interaction.id, exc)


async def answer_failure(interaction: discord.Interaction, exc: BaseException, what: str, text: str) -> None:
    """A failed click or command: one log line for the operator and, while Discord still takes one, one private line
    for the person (it fills a "thinking…" reply, if one is open)."""
    log_failure(log, exc, "%s failed: guild=%s channel=%s user=%s: %r", what, interaction.guild_id,
                interaction.channel_id, interaction.user.id, exc)
    if not interaction_gone(exc):  # an expired interaction takes no answer at all: trying would only fail again
        await send_answer(interaction, Answer(text, ephemeral=True))


async def finished_within(task: asyncio.Future[Any], seconds: float) -> bool:
    """Whether the task finishes within `seconds` (it goes on either way)."""
    done, _ = await asyncio.wait({task}, timeout=seconds)
    return bool(done)


def _retrieve(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a command's work failed after its interaction was given up: %r", task.exception(),
                  exc_info=task.exception())


async def send_answer(interaction: discord.Interaction, answer: Answer) -> None:
    """Reply with `answer`, or fill the "thinking…" reply with it (a private answer replaces a public placeholder
    by a private followup); failures are logged, and a placeholder is never left "thinking…" if Discord lets us."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(**answer.message(), ephemeral=answer.ephemeral)
            return
        if interaction.response.type is not discord.InteractionResponseType.deferred_channel_message:
            await interaction.followup.send(**answer.message(), ephemeral=answer.ephemeral)
            return
        interaction.extras[ANSWERED] = True  # the placeholder is being filled: nothing else should fill it
        if answer.ephemeral and not interaction.extras.get(PRIVATE_PLACEHOLDER) and await _drop(interaction):
            await interaction.followup.send(**answer.message(), ephemeral=True)
        elif answer.embed is None and answer.view is None and answer.text is not None:
            await say(interaction, answer.text)  # it falls back to a followup itself
        else:
            await _fill(interaction, answer)
    except SENDING_FAILED as exc:
        log.warning("could not answer interaction %s: %r", interaction.id, exc)


async def _drop(interaction: discord.Interaction) -> bool:
    """Delete the public "thinking…" placeholder; False (logged) if Discord refused."""
    try:
        await interaction.delete_original_response()
    except SENDING_FAILED as exc:
        log.info("could not delete the placeholder of interaction %s (%r); answering in it", interaction.id, exc)
        return False
    return True


async def _fill(interaction: discord.Interaction, answer: Answer) -> None:
    """Edit the placeholder into the answer; if that fails, send the answer as a followup."""
    attachments = [answer.file] if answer.file is not None else discord.utils.MISSING
    try:
        await interaction.edit_original_response(content=answer.text, embed=answer.embed, view=answer.view,
                                                 attachments=attachments)
    except SENDING_FAILED as exc:
        log.info("could not edit the reply to interaction %s (%r); sending the answer instead", interaction.id, exc)
        if answer.file is not None:
            answer.file.reset()  # read once by the failed edit
        await interaction.followup.send(**answer.message(), ephemeral=answer.ephemeral)
