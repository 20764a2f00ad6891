"""A seat's private Dream 21 reply: its hand as a picture, what it may do now as buttons, and a line of text.

Each card button's custom_id names the card by its place in the seat's sorted hand, never the card itself; the
reply is ephemeral, so only its owner ever sees the picture and the labels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.dream21.pictures import hand_file
from bot.dream21.texts import picture_text
from bot.i18n import t
from bot.pictures import in_time
from bot.service import Table
from bot.texts import seat_names, text_names
from bot.views.ids import make_id, make_select_id
from bot.views.items import GameButton, GameSelect
from bot.views.shown import COLOUR, make_view
from game.dream21 import TARGET, Draw, Observation, Play

PICTURE_WITHIN = 2.0  # a reply waits at most this long for its picture; the text names the cards anyway
ROW_WIDTH = 5  # buttons per row on Discord
MAX_PLAY_BUTTONS = 4 * ROW_WIDTH  # the first row is Draw's
MAX_OPTIONS = 25  # a select menu's limit


@dataclass
class HandStep:
    """An ephemeral reply: text, the seat's hand picture and the buttons of its next move (if any)."""

    text: str
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    picture: bool = True
    reveal: bool = False  # Dream 21 has no timed reveals

    async def render(self, table: Table, obs: Observation, locale: str
                     ) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
        """Embed, view and attachments."""
        embed = discord.Embed(description=self.text, colour=COLOUR)
        picture = await _hand_picture(table, obs, locale) if self.picture else None
        if picture is not None:
            embed.set_image(url="attachment://hand.png")
        view = make_view(*self.items) if self.items else None
        return embed, view, [picture] if picture is not None else []


async def _hand_picture(table: Table, obs: Observation, locale: str) -> discord.File | None:
    """The seat's picture, or None when it cannot be drawn in time (the text and the buttons name the cards)."""
    drawing = hand_file(obs, seat_names(table, locale), picture_text(locale), paused=table.paused_until is not None)
    return await in_time(drawing, table.game_id, PICTURE_WITHIN)


def move_buttons(table: Table, obs: Observation, legal: list[Draw | Play], locale: str) -> list[discord.ui.Item[Any]]:
    """Draw (if allowed) on the first row, then one button per legal play: an ace twice where both values fit, a
    play that makes 21 in green. More plays than four rows hold (a long hand) go into a menu instead."""
    number, gid = table.move_number, table.game_id
    items: list[discord.ui.Item[Any]] = []
    if any(isinstance(action, Draw) for action in legal):
        items.append(GameButton(make_id(gid, "d21d", number), t("dream21.button.draw", locale),
                                style=discord.ButtonStyle.primary, row=0))
    plays = sorted((a for a in legal if isinstance(a, Play)), key=lambda p: (obs.hand.index(p.card), p.ace_high))
    labels = [_label(play, plays, obs.total, locale) for play in plays]
    values = [f"{obs.hand.index(play.card)}.{int(play.ace_high)}" for play in plays]
    if len(plays) > MAX_PLAY_BUTTONS:
        options = [discord.SelectOption(label=label[:100], value=value)
                   for label, value in zip(labels, values, strict=True)]
        items.append(GameSelect(make_select_id(gid, "d21s", number), options[:MAX_OPTIONS],
                                placeholder=t("dream21.button.choose", locale), row=1))
        return items
    for index, (play, label, value) in enumerate(zip(plays, labels, values, strict=True)):
        green = obs.total + play.value == TARGET
        place, high = value.split(".")
        items.append(GameButton(make_id(gid, "d21p", number, place, high), label,
                                style=discord.ButtonStyle.success if green else discord.ButtonStyle.secondary,
                                row=1 + index // ROW_WIDTH))
    return items


def _label(play: Play, plays: list[Play], total: int, locale: str) -> str:
    """The card ("7♠"), an ace with its value where both fit ("A♠ as 11"), and a 21 said aloud."""
    name = str(play.card)
    if sum(1 for other in plays if other.card == play.card) > 1:
        name = t("dream21.button.ace", locale, card=name, value=play.value)
    return t("dream21.button.makes_21", locale, card=name) if total + play.value == TARGET else name


def turn_text(table: Table, obs: Observation, locale: str) -> str:
    """What the seat may do now, or whose turn it is."""
    names = text_names(table, locale)
    if obs.my_turn and table.paused_until is not None:
        return t("dream21.private.next_hand_lead", locale)
    if not obs.my_turn or table.paused_until is not None:
        return t("dream21.private.waiting", locale, name=names[obs.turn])
    if obs.leading:
        return t("dream21.private.lead", locale)
    if obs.drawn is not None:
        return t("dream21.private.after_draw", locale, card=str(obs.drawn), total=obs.total)
    if obs.draw_count == 0:
        return t("dream21.private.empty_pile", locale, total=obs.total)
    return t("dream21.private.follow", locale, total=obs.total)


def hand_step(table: Table, obs: Observation, legal: list[Draw | Play], locale: str, *, before: str = "") -> HandStep:
    """The seat's hand with its moves when it is its turn; `before` is a line about what just happened."""
    text = turn_text(table, obs, locale)
    playing = obs.my_turn and table.paused_until is None
    items = move_buttons(table, obs, legal, locale) if playing else []
    return HandStep(f"{before}\n\n{text}" if before else text, items)
