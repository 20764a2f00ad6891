"""The running bot as its parts see it: discord.py's Bot with the game service, the database and the presenter.

bot.client builds the bot out of those parts (commands, views, presenter, pings), so none of them may import
bot.client: each types the bot it is handed as `DreamcatsBase`, which imports nothing of theirs. That keeps the
import graph of bot/ free of cycles, typing-only imports included (tests/test_layers.py checks it).
"""

from __future__ import annotations

import asyncio
from typing import Protocol

import discord
from discord.ext import commands

from bot.edit_tokens import EditTokens
from bot.lateness import Lateness
from bot.pulse import Pulse
from bot.service import GameService, Notifier, Table
from bot.storage import Database


class TableEditor(Protocol):
    """The presenter's edits of table messages, in each game's order."""

    tokens: EditTokens  # the clicks' tokens that edit table messages (lent by bot.views)

    def lock(self, game_id: str) -> asyncio.Lock:
        """The lock that keeps one game's edits in order."""
        ...

    async def edit(self, table: Table, *, embed: discord.Embed, view: discord.ui.View | None,
                   content: str | None = None, attachments: list[discord.File] | None = None) -> None:
        """Edit the table message, or post it if there is none yet (and remember it)."""
        ...



class Presenting(Notifier, Protocol):
    """The presenter as the commands and views use it: what the service tells it, and its table edits."""

    @property
    def posts(self) -> TableEditor:
        """The table messages' edits."""
        ...


class DreamcatsBase(commands.Bot):
    """The bot's parts as the rest of bot/ reaches them (bot.client.DreamcatsBot sets them up at start-up)."""

    db: Database
    service: GameService
    presenter: Presenting
    lateness: Lateness  # how late clicks reach their handlers; busy: no new table opens
    pulse: Pulse  # counts clicks and stalls for the operator's status line


__all__ = ["DreamcatsBase", "Presenting", "TableEditor"]
