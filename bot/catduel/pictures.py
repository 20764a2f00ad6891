"""Cat Duel's pictures for Discord: drawn in the bot's bounded picture pool, with neutral file names and alt text."""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.pictures import draw
from game.catduel import Observation
from images import encode_png
from images.catduel import CatDuelText, hand_alt, render_hand, render_standings, render_table, standings_alt, table_alt


def _file(png: bytes, alt: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name, description=alt[:1024])


async def table_file(obs: Observation, names: Sequence[str], text: CatDuelText) -> discord.File:
    """The public table (obs must be the public observation), as table.png."""
    assert obs.seat is None, "the table picture is public"
    seat_names = tuple(names)
    return _file(*await draw(lambda: (encode_png(render_table(obs, seat_names, text=text)),
                                      table_alt(obs, seat_names, text))), "table.png")


async def hand_file(obs: Observation, names: Sequence[str], text: CatDuelText) -> discord.File:
    """A seat's own cat and chance cards (for its ephemeral reply only), as hand.png."""
    assert obs.seat is not None, "a hand picture shows one seat's own cards"
    seat_names = tuple(names)
    return _file(*await draw(lambda: (encode_png(render_hand(obs, seat_names, text=text)),
                                      hand_alt(obs, seat_names, text))), "hand.png")


async def standings_file(obs: Observation, names: Sequence[str], text: CatDuelText) -> discord.File:
    """The end of the match (the public observation), as standings.png."""
    assert obs.seat is None, "the standings are public"
    seat_names = tuple(names)
    return _file(*await draw(lambda: (encode_png(render_standings(obs, seat_names, text=text)),
                                      standings_alt(obs, seat_names, text))), "standings.png")
