"""Where the game already running in a channel is: the private line that links to its message."""

from __future__ import annotations

import discord

from bot.answers import Answer, send_answer
from bot.i18n import resolve_locale, t
from bot.service import GameRunningError


async def point_to(interaction: discord.Interaction, exc: GameRunningError) -> None:
    """Tell the person privately that a game runs here, with a link to its lobby or table (in its thread, if any)."""
    locale = resolve_locale(interaction.locale)
    if exc.message_id is None:  # its lobby is still being posted: nothing to link to yet
        await send_answer(interaction, Answer(t("start.already_running_unposted", locale), ephemeral=True))
        return
    place = exc.place or interaction.channel_id  # a game played in its own thread has its table there
    link = f"https://discord.com/channels/{interaction.guild_id}/{place}/{exc.message_id}"
    await send_answer(interaction, Answer(t("start.already_running", locale, link=link), ephemeral=True))
