"""Pictures for Discord: drawn off the event loop in small bounded pools, as PNG attachments with neutral names and
alt text.

The public Dreamcats pictures (table, reveal, standings: 6-8 ms each) are drawn in PROCESSES worker processes
(bot.picture_work says why: in threads they held the interpreter the event loop needed); everything else (cached
private pictures, the other games' pictures, the guide) in WORKERS threads. Neither pool takes more than its
size in cores. Table frames also wait for a turn (bot.frames), so the pools' queues hold at most that many of them;
a private picture, which someone is waiting for, queues behind at most those.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import io
import logging
import multiprocessing
from collections.abc import Awaitable, Callable, Collection, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import discord

from bot import picture_work
from bot.service import LogEntry
from game.dreamcats import Event, EventKind, Observation, RoundResult, Slot
from game.dreamcats.hindsight import Placed
from images.dreamcats import PictureText, cached_picture, dream_of, dream_picture

__all__ = ["PROCESSES", "WORKERS", "PictureText", "draw", "draw_apart", "in_time", "private_file", "reveal_file",
           "standings_file", "table_file", "warm_up"]

WORKERS = 2  # this machine's cores: Pillow releases the GIL while it encodes, so two threads can draw at once
PROCESSES = 2  # the same for the processes that draw the public pictures
_ENGINE_KINDS = {kind.value for kind in EventKind}
T = TypeVar("T")
log = logging.getLogger(__name__)


@functools.cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(WORKERS, thread_name_prefix="picture")


async def draw(work: Callable[[], T]) -> T:
    """Run a drawing in the bounded picture pool and wait for it, without blocking the event loop."""
    return await asyncio.get_running_loop().run_in_executor(_pool(), work)


@functools.cache
def _processes() -> ProcessPoolExecutor:
    # forkserver: the workers are forked from a clean process that imported only bot.picture_work, never from the
    # bot's (threads, sockets, the event loop), and it does not import the bot's __main__ again.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["bot.picture_work"])
    return ProcessPoolExecutor(PROCESSES, mp_context=context, initializer=picture_work.warm_up)


async def draw_apart(function: Callable[..., T], *args: Any) -> T:
    """Run a module-level drawing function of picklable values in the picture processes, without blocking the
    event loop; if those processes broke (one was killed), they are started again and this one is drawn in a
    thread."""
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_processes(), functools.partial(function, *args))
    except BrokenProcessPool:
        log.warning("the picture processes stopped; starting them again (this picture is drawn in a thread)")
        _processes.cache_clear()
        return await loop.run_in_executor(_pool(), functools.partial(function, *args))


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
    picklable = dataclasses.replace(obs, known=dict(obs.known))  # a read-only mapping cannot cross to a process
    drawn = await draw_apart(picture_work.table_png, picklable, list(names), _events(log), text, deadline)
    return _file(*drawn, "table.png")


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
    drawn = await draw_apart(picture_work.reveal_png, result, list(names), list(totals), penalty, text, origins)
    return _file(*drawn, "reveal.png")


async def standings_file(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                         results: Sequence[RoundResult], text: PictureText) -> discord.File:
    """The final standings, as standings.png."""
    drawn = await draw_apart(picture_work.standings_png, list(totals), list(names), list(winners), list(results),
                             text)
    return _file(*drawn, "standings.png")


async def warm_up() -> bytes:
    """Draw and encode a sample table once in the threads and once in the picture processes (started now), so the
    first real game does not wait for the caches; the PNG the processes drew."""
    # The first frame of a process builds every sprite, font and the encoder's palette (about half a second).
    await draw(picture_work.warm_up)
    return await draw_apart(picture_work.warm_up)
