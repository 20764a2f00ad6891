"""What every game's public messages are made of: the table message's parts and a view of items."""

from __future__ import annotations

from typing import Any, NamedTuple

import discord

COLOUR = discord.Colour(0x5B4B8A)  # twilight: the embeds of every table


class TableMessage(NamedTuple):
    """The table message: the live text, the embed with the picture, the buttons and the picture file."""

    content: str
    embed: discord.Embed
    view: discord.ui.View
    file: discord.File


class EndMessage(NamedTuple):
    """A round's (or hand's) end or the match's standings: an embed with its picture and buttons, if any."""

    embed: discord.Embed
    file: discord.File
    view: discord.ui.View | None


def make_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view that never times out (its items are DynamicItems, dispatched by custom_id)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


class StandingsMessage(NamedTuple):
    """The match's final standings: an embed with its picture, and the Play again button."""

    embed: discord.Embed
    file: discord.File
    view: discord.ui.View
