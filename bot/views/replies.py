"""Answering clicks: one friendly ephemeral line for refusals, private replies, and reveals that vanish."""

from __future__ import annotations

import logging
from typing import Any, Protocol, cast

import discord

from bot import reveal_hides
from bot.hub import DreamcatsBase
from bot.i18n import error_text, resolve_locale
from bot.sending import SENDING_FAILED
from bot.service import Table
from bot.views.holds import HOLD, clicked_ephemeral, lending_unanswered, placeholder_id, release, send_placeholder
from game.errors import GameError

log = logging.getLogger(__name__)


class PublicMessageError(RuntimeError):
    """A private step was about to be written into a public message (a bug; refused)."""

ANSWERED = "dreamcats.answered"  # interaction.extras key: the reply holds a result or a line
async def say(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral line, whether or not the interaction was already answered (a failed edit falls back to a
    followup, so a "thinking…" reply is not left open)."""
    # A promised deferral must not race the line: both would answer, and Discord refuses the second (40060).
    await release(interaction)
    try:
        placeholder = await placeholder_id(interaction)
        if placeholder is not None:
            await interaction.followup.edit_message(placeholder, content=text, embed=None, attachments=[], view=None)
        elif interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
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

    With final=False the line is a placeholder: the result may still replace it. After a lending click's deferred
    update (hold) the placeholder is a followup of its own, which the result or a refusal then replaces.
    """
    if not final and lending_unanswered(interaction):
        await send_placeholder(interaction, text)
        return
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
    """A click on a message of a game that is over: on a private message the line takes the place of its buttons;
    a public one (a lobby or table whose last edit a crash kept back) loses its buttons, and the line is private."""
    await release(interaction)
    updating = interaction.response.type in (None, discord.InteractionResponseType.deferred_message_update)
    if not clicked_ephemeral(interaction) and updating:
        await _strip_buttons(interaction)
    if not clicked_ephemeral(interaction) or not updating:
        await say(interaction, text)  # the line, or a "thinking…" reply that the line fills
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


async def _strip_buttons(interaction: discord.Interaction) -> None:
    """Take the buttons off the public message clicked: they belong to a game that is no longer running."""
    try:
        if interaction.response.is_done():  # a deferred update: the original response is the message clicked
            await interaction.edit_original_response(view=None)
        else:
            await interaction.response.edit_message(view=None)
    except SENDING_FAILED as exc:
        log.info("could not take the buttons off message %s (%r)", getattr(interaction.message, "id", None), exc)


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
    """Put a private step into the person's ephemeral reply: the promised answer (bot.views.holds.hold), or the
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
    # Marked before it is sent: a "still working" line falling due while a slow upload is on its way would otherwise
    # follow the result into the reply (and the apology for an unanswered click after it).
    interaction.extras[ANSWERED] = True
    message_id = (await _follow_up(interaction, embed, view, files) if following
                  else await _answer(interaction, new_message, embed, view, files))
    # discord.py types interaction.client as the base Client; here it is always our bot.
    bot = cast(DreamcatsBase, interaction.client)
    reveal = table.settings.reveal_time if private.reveal else None
    reveal_hides.replaced(bot, message_id, reveal_follows=reveal is not None)
    if reveal is not None:
        reveal_hides.schedule(bot, interaction, message_id, reveal, locale, followup=following)


async def _follow_up(interaction: discord.Interaction, embed: discord.Embed, view: discord.ui.View | None,
                     files: list[discord.File]) -> int:
    """Send the step as a new ephemeral message after a deferred update of the clicked table (or into the
    placeholder that said it was coming); its id."""
    extra: dict[str, Any] = {}
    if view is not None:
        view.stop()  # only sent, as in _answer
        extra["view"] = view
    placeholder = await placeholder_id(interaction)
    if placeholder is not None:
        await interaction.followup.edit_message(placeholder, content=None, embed=embed, attachments=files, **extra)
        return placeholder
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
