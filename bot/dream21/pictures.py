"""Dream 21's pictures for Discord: drawn in the bot's bounded picture pool, with neutral file names and alt text."""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.pictures import draw
from game.dream21 import HandResult, Observation
from images import encode_png
from images.dream21 import (
    Dream21Text,
    hand_alt,
    hand_end_alt,
    render_hand,
    render_hand_end,
    render_standings,
    render_trick,
    standings_alt,
    trick_alt,
)


def _file(png: bytes, alt: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name, description=alt[:1024])


async def trick_file(obs: Observation, names: Sequence[str], text: Dream21Text) -> discord.File:
    """The public table (obs must be the public observation), as table.png."""
    assert obs.seat is None, "the table picture is public"
    return _file(*await draw(lambda: (encode_png(render_trick(obs, names, text=text)), trick_alt(obs, names, text))),
                 "table.png")


async def hand_file(obs: Observation, names: Sequence[str], text: Dream21Text) -> discord.File:
    """A seat's own hand (for its ephemeral reply only), as hand.png."""
    assert obs.seat is not None, "a hand picture shows one seat's own cards"
    seat_names = tuple(names)
    return _file(*await draw(lambda: (encode_png(render_hand(obs, names=seat_names, text=text)),
                                      hand_alt(obs, names=seat_names, text=text))), "hand.png")


async def hand_end_file(result: HandResult, names: Sequence[str], totals: Sequence[int], text: Dream21Text
                        ) -> discord.File:
    """A finished hand: who went out, tricks, scores and totals, as hand-end.png (public: a name apart from the
    private hand.png)."""
    return _file(*await draw(lambda: (encode_png(render_hand_end(result, names, totals, text=text)),
                                      hand_end_alt(result, names, totals, text))), "hand-end.png")


async def standings_file(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                         results: Sequence[HandResult], text: Dream21Text) -> discord.File:
    """The final standings, as standings.png."""
    return _file(*await draw(lambda: (encode_png(render_standings(totals, names, winners, results, text=text)),
                                      standings_alt(totals, names, winners, text))), "standings.png")
