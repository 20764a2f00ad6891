"""What every game's public messages are made of: the table message's parts and a view of items."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import discord

from bot.views.items import ButtonSpec

COLOUR = discord.Colour(0x5B4B8A)  # twilight: the embeds of every table
ROWS = 5  # a message holds five rows of components, each five wide


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


class _SentView(discord.ui.View):
    """A view that is only sent: its items are DynamicItems, dispatched by custom_id, never through the view.

    A plain View and its items point at each other, so every view the bot sent (several a click) lived on as a
    reference cycle until the garbage collector's next pass over its generation; at 500 tables those cycles made
    most of what the young collections walked, and the pauses of the event loop that came with them. Items that do
    not point back are freed the moment the message is sent.
    """

    def add_item(self, item: discord.ui.Item[Any]) -> _SentView:
        """Add the item without the item's reference back to the view."""
        super().add_item(item)
        item._update_view(None)  # the back reference is what makes the cycle
        return self


Shown = discord.ui.Item[Any] | ButtonSpec  # what a message's components are made of: items, or buttons not built yet


def make_view(*items: Shown) -> discord.ui.View:
    """A view that never times out and is only sent (its items are DynamicItems, dispatched by custom_id)."""
    view = _SentView(timeout=None)
    for item in items:
        view.add_item(item.item() if isinstance(item, ButtonSpec) else item)
    return view


def component_rows(items: Sequence[Shown]) -> list[dict[str, Any]]:
    """The message components the items make, laid out in rows as a View lays them out, without building one.

    Every discord.ui.View draws its id from os.urandom, a system call that lets go of the interpreter; under load
    the event loop then waits for a drawing thread to hand it back. The table's text edits follow almost every
    move, so they send these rows instead (the same JSON: tests/bot/test_component_rows.py).
    """
    weights = [0] * ROWS
    placed: list[tuple[int, Shown]] = []
    for item in items:
        row = item.row if item.row is not None else next(r for r in range(ROWS) if weights[r] + item.width <= ROWS)
        weights[row] += item.width
        placed.append((row, item))
    return [{"type": 1, "components": [item.to_component_dict() for r, item in placed if r == row]}
            for row in sorted({row for row, _ in placed})]


class StandingsMessage(NamedTuple):
    """The match's final standings: an embed with its picture, and the Play again button."""

    embed: discord.Embed
    file: discord.File
    view: discord.ui.View
