"""Pictures for Discord: rendered in a worker thread, as PNG attachments with neutral names and alt text."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Collection, Sequence

import discord

from bot.service import LogEntry
from game import Event, EventKind, Observation, RoundResult, Slot
from images import (
    PictureText,
    encode_png,
    private_alt,
    render_private,
    render_reveal,
    render_standings,
    render_table,
    reveal_alt,
    standings_alt,
    table_alt,
)
from images.samples import sample_table

__all__ = ["PictureText", "private_file", "reveal_file", "standings_file", "table_file", "warm_up"]

_ENGINE_KINDS = {kind.value for kind in EventKind}


def _events(entries: Sequence[LogEntry]) -> list[Event]:
    return [Event(EventKind(e.kind), e.seat, e.card_values, e.slot_values, e.count)
            for e in entries if e.kind in _ENGINE_KINDS]


def _file(png: bytes, alt: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name, description=alt[:1024])


async def table_file(obs: Observation, names: Sequence[str], log: Sequence[LogEntry], text: PictureText, *,
                     deadline: str | None = None) -> discord.File:
    """The public table (obs must be the public observation), as table.png; `deadline` is the turn timer text."""
    assert obs.seat is None, "the table picture is public"

    def work() -> tuple[bytes, str]:
        image = render_table(obs, names, last_events=_events(log), deadline=deadline, text=text)
        return encode_png(image), table_alt(obs, names, text=text)

    return _file(*await asyncio.to_thread(work), "table.png")


async def private_file(obs: Observation, names: Sequence[str], showing: Collection[Slot], text: PictureText
                       ) -> discord.File:
    """A seat's private picture (for an ephemeral reply only), as dream.png."""
    def work() -> tuple[bytes, str]:
        image = render_private(obs, names, showing=showing, text=text)
        return encode_png(image), private_alt(obs, names, showing, text=text)

    return _file(*await asyncio.to_thread(work), "dream.png")


async def reveal_file(result: RoundResult, names: Sequence[str], totals: Sequence[int], penalty: int,
                      text: PictureText) -> discord.File:
    """A finished round with every dream face up, as reveal.png."""
    def work() -> tuple[bytes, str]:
        image = render_reveal(result, names, totals, penalty=penalty, text=text)
        return encode_png(image), reveal_alt(result, names, totals, text=text)

    return _file(*await asyncio.to_thread(work), "reveal.png")


async def standings_file(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                         results: Sequence[RoundResult], text: PictureText) -> discord.File:
    """The final standings, as standings.png."""
    def work() -> tuple[bytes, str]:
        image = render_standings(totals, names, winners, results, text=text)
        return encode_png(image), standings_alt(totals, names, winners, text=text)

    return _file(*await asyncio.to_thread(work), "standings.png")


async def warm_up() -> bytes:
    """Draw and encode a sample table once, in a thread, so the first real game does not wait for the caches."""
    # The first frame of a process builds every sprite, font and the encoder's palette (about half a second).
    return await asyncio.to_thread(lambda: encode_png(sample_table()))
