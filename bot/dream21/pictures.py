"""Dream 21's pictures for Discord: drawn off the event loop (the public ones in the picture processes where the bot
started them), with neutral file names and alt text."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.dream21 import picture_work
from bot.pictures import draw, draw_apart, picture_file
from game.dream21 import HandResult, Observation
from images import encode_png
from images.dream21 import Dream21Text, hand_alt, render_hand


async def trick_file(obs: Observation, names: Sequence[str], text: Dream21Text) -> discord.File:
    """The public table (obs must be the public observation), as table.png."""
    assert obs.seat is None, "the table picture is public"
    return picture_file(*await draw_apart(picture_work.trick_png, obs, tuple(names), text), "table.png")


async def hand_file(obs: Observation, names: Sequence[str], text: Dream21Text, *, paused: bool = False
                    ) -> discord.File:
    """A seat's own hand (for its ephemeral reply only), as hand.png (`paused`: between hands)."""
    assert obs.seat is not None, "a hand picture shows one seat's own cards"
    seat_names = tuple(names)
    return picture_file(*await draw(lambda: (encode_png(render_hand(obs, names=seat_names, text=text, paused=paused)),
                                      hand_alt(obs, names=seat_names, text=text, paused=paused))), "hand.png")


async def hand_end_file(result: HandResult, names: Sequence[str], totals: Sequence[int], text: Dream21Text
                        ) -> discord.File:
    """A finished hand: who went out, tricks, scores and totals, as hand-end.png (public: a name apart from the
    private hand.png)."""
    drawn = await draw_apart(picture_work.hand_end_png, result, tuple(names), tuple(totals), text)
    return picture_file(*drawn, "hand-end.png")


async def standings_file(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                         results: Sequence[HandResult], text: Dream21Text, left: Sequence[int] = ()
                         ) -> discord.File:
    """The final standings, as standings.png (the seats in `left`, whose person left the match, last)."""
    drawn = await draw_apart(picture_work.standings_png, tuple(totals), tuple(names), tuple(winners), tuple(results),
                             text, tuple(left))
    return picture_file(*drawn, "standings.png")
