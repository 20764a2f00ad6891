"""Cat Duel's pictures for Discord: drawn off the event loop (the public ones in the picture processes where the bot
started them), with neutral file names and alt text."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.catduel import picture_work
from bot.pictures import draw, draw_apart, picture_file
from game.catduel import Observation
from images import encode_png
from images.catduel import CatDuelText, hand_alt, render_hand


async def table_file(obs: Observation, names: Sequence[str], text: CatDuelText) -> discord.File:
    """The public table (obs must be the public observation), as table.png."""
    assert obs.seat is None, "the table picture is public"
    return picture_file(*await draw_apart(picture_work.table_png, obs, tuple(names), text), "table.png")


async def hand_file(obs: Observation, names: Sequence[str], text: CatDuelText, *, choosing: bool = True
                    ) -> discord.File:
    """A seat's own cat and chance cards (for its ephemeral reply only), as hand.png (`choosing`: not between duels)."""
    assert obs.seat is not None, "a hand picture shows one seat's own cards"
    seat_names = tuple(names)
    return picture_file(*await draw(lambda: (encode_png(render_hand(obs, seat_names, text=text, choosing=choosing)),
                                      hand_alt(obs, seat_names, text))), "hand.png")


async def standings_file(obs: Observation, names: Sequence[str], text: CatDuelText, winners: Sequence[int],
                         left: Sequence[int] = ()) -> discord.File:
    """The end of the match (the public observation), as standings.png: the winners crowned, who left last."""
    assert obs.seat is None, "the standings are public"
    drawn = await draw_apart(picture_work.standings_png, obs, tuple(names), text, tuple(winners), tuple(left))
    return picture_file(*drawn, "standings.png")
