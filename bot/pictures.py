"""Pictures for Discord: drawn in a small bounded pool of threads, as PNG attachments with neutral names and alt text.

The pool has WORKERS threads, so pictures never take more than that many cores' worth of drawing at once and never
run on the event loop. Table frames also wait for a turn (bot.frames), so the pool's queue holds at most WORKERS of
them; a private picture, which someone is waiting for, queues behind at most those.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import discord

from bot.service import LogEntry
from game.dreamcats import Event, EventKind, Observation, RoundResult, Slot
from game.dreamcats.hindsight import Placed
from images.dreamcats import (
    PictureText,
    cached_picture,
    dream_of,
    dream_picture,
    encode_png,
    render_reveal,
    render_standings,
    render_table,
    reveal_alt,
    standings_alt,
    table_alt,
)
from images.dreamcats.samples import sample_table

__all__ = ["WORKERS", "PictureText", "draw", "in_time", "private_file", "reveal_file", "standings_file", "table_file",
           "warm_up"]

WORKERS = 2  # this machine's cores: Pillow releases the GIL while it encodes, so two threads can draw at once
_ENGINE_KINDS = {kind.value for kind in EventKind}
T = TypeVar("T")
log = logging.getLogger(__name__)


@functools.cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(WORKERS, thread_name_prefix="picture")


async def draw(work: Callable[[], T]) -> T:
    """Run a drawing in the bounded picture pool and wait for it, without blocking the event loop."""
    return await asyncio.get_running_loop().run_in_executor(_pool(), work)


async def in_time(drawing: Awaitable[discord.File], game_id: str, within: float) -> discord.File | None:
    """A private reply's picture, or None when it is not drawn within `within` seconds (its words say it anyway)."""
    try:
        return await asyncio.wait_for(drawing, within)
    except TimeoutError:
        log.info("game %s: a private picture took over %.0f s; sent the reply without it", game_id, within)
        return None


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
        events = _events(log)
        image = render_table(obs, names, last_events=events, deadline=deadline, text=text)
        return encode_png(image), table_alt(obs, names, text=text, last_events=events)

    return _file(*await draw(work), "table.png")


async def private_file(obs: Observation, names: Sequence[str], showing: Collection[Slot], text: PictureText
                       ) -> discord.File:
    """A seat's private picture (for an ephemeral reply only), as dream.png: its own cards and its hand.

    Pictures are cached by what they show, so most are found at once, here on the event loop; only a new one is
    drawn, in the pool.
    """
    dream = dream_of(obs, names, showing, text)
    picture = cached_picture(dream)
    if picture is None:
        picture = await draw(lambda: dream_picture(dream))
    return _file(picture.png, picture.alt, "dream.png")


async def reveal_file(result: RoundResult, names: Sequence[str], totals: Sequence[int], penalty: int,
                      text: PictureText, origins: Sequence[Sequence[Placed]] | None = None) -> discord.File:
    """A finished round with every dream face up (each card marked with how it got there, if given), as reveal.png."""
    def work() -> tuple[bytes, str]:
        image = render_reveal(result, names, totals, penalty=penalty, text=text, origins=origins)
        return encode_png(image), reveal_alt(result, names, totals, text=text, origins=origins)

    return _file(*await draw(work), "reveal.png")


async def standings_file(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                         results: Sequence[RoundResult], text: PictureText) -> discord.File:
    """The final standings, as standings.png."""
    def work() -> tuple[bytes, str]:
        image = render_standings(totals, names, winners, results, text=text)
        return encode_png(image), standings_alt(totals, names, winners, text=text)

    return _file(*await draw(work), "standings.png")


async def warm_up() -> bytes:
    """Draw and encode a sample table once, in the pool, so the first real game does not wait for the caches."""
    # The first frame of a process builds every sprite, font and the encoder's palette (about half a second).
    return await draw(lambda: encode_png(sample_table()))
