"""Slash commands that fail before any of the bot's commands runs: one private line, never an unanswered command.

Every command of the bot lives in a cog whose own handler answers its failures (bot.cog). What reaches the command
tree's handler without a command is an interaction that names a command or options the bot no longer has: a
person's Discord app still shows the commands of an earlier version for a while after a deploy changed them.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.answers import answer_failure
from bot.i18n import resolve_locale, t


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """The command tree's error handler: a failure without a command gets one log line and one private line."""
    if interaction.command is not None:  # a command's own cog handler answered it (bot.cog)
        return
    changed = isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch)
    text = t("error.command_changed" if changed else "error.generic", resolve_locale(interaction.locale))
    await answer_failure(interaction, getattr(error, "original", error), "command", text)

