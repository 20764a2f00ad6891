"""Pictures for Discord: drawn off the event loop in small bounded pools, as PNG attachments with neutral names and
alt text.

Everything is drawn in WORKERS threads unless the process started picture processes (`start_processes`, which the
real bot does where it has a core to spare): then the public Dreamcats pictures (table, reveal, standings: 5-8 ms
each, most of it Python code that holds the interpreter) are drawn there, so that they no longer hold the
interpreter the event loop needs; only their inputs and the PNG bytes cross over (bot.picture_work). Cached
private pictures, the other games' pictures and the guide stay in the threads. Neither pool takes more than its
size in cores. Table frames also wait for a turn (bot.frames), so the queues hold at most that many of them; a
private picture, which someone is waiting for, queues behind at most those.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import io
import logging
import multiprocessing
import os
from collections.abc import Awaitable, Callable, Collection, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

import discord

from bot import heap, picture_work
from bot.service import LogEntry
from game.dreamcats import Event, EventKind, Observation, RoundResult, Slot
from game.dreamcats.hindsight import Placed
from images.dreamcats import PictureText, cached_picture, dream_of, dream_picture

__all__ = ["WORKERS", "PictureText", "draw", "draw_apart", "hurried", "hurry", "in_time", "private_file", "reveal_file",
           "standings_file", "start_processes", "stop_processes", "table_drawers", "table_file", "warm_up"]

WORKERS = 2  # this machine's cores: Pillow releases the GIL while it encodes, so two threads can draw at once
_ENGINE_KINDS = {kind.value for kind in EventKind}
T = TypeVar("T")
log = logging.getLogger(__name__)


@functools.cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(WORKERS, thread_name_prefix="picture")


async def draw(work: Callable[[], T]) -> T:
    """Run a drawing in the bounded picture pool and wait for it, without blocking the event loop; the process's
    heap is trimmed after every bot.heap.TRIM_EVERY-th drawing, in the pool's thread."""
    return await asyncio.get_running_loop().run_in_executor(_pool(), heap.drawn_and_trimmed, work)


MAX_RESTARTS = 3  # picture processes that keep dying (memory, a broken install) give way to the threads for good


class _Processes:
    """The picture processes, once started: how many, the pool (replaced when one was killed), restarts so far, and
    whether their pictures are deflated for speed now."""

    count = 0
    pool: ProcessPoolExecutor | None = None
    restarts = 0
    hasty = False


def hurry(hasty: bool) -> None:
    """From now on, deflate the pictures drawn in the picture processes for speed (`hasty`: a quarter less encoding
    for a third more bytes, bot.png_codec) or for size. The presenter asks for speed while its drawers are behind.

    Pictures drawn in the threads keep the size codec: the codec is the process's, shared by threads drawing at once.
    """
    _Processes.hasty = hasty


def hurried() -> bool:
    """Whether the picture processes now deflate for speed."""
    return _Processes.hasty


def table_drawers(processes: int) -> int:
    """How many table pictures may be drawn at once (bot.frames): one per picture process, else WORKERS threads."""
    # Two at a time for one process kept it drawing back to back, a second frame waiting in its queue, beside the
    # loop on a 2-core machine: at 500 tables the clicks' answers waited longer (ack p50 8-13 ms against 6-9 ms, p99
    # 74-105 against 48-80 ms with one; JOURNAL.md, Load, "eighth session") for about a tenth more table pictures.
    return processes if processes > 0 else WORKERS


def start_processes(count: int) -> None:
    """Draw the public pictures of every game in `count` processes of their own from now on (0: in the threads)."""
    stop_processes()
    _Processes.count, _Processes.restarts = count, 0
    if count > 0:
        _Processes.pool = _new_process_pool(count)


def stop_processes() -> None:
    """Stop the picture processes once they have drawn what they were given; later pictures are drawn in threads."""
    pool, _Processes.pool = _Processes.pool, None
    if pool is not None:
        pool.shutdown()  # waits: they are given at most a few table frames (bot.frames)


def _new_process_pool(count: int) -> ProcessPoolExecutor:
    # forkserver: the workers are forked from a clean process that imported only bot.picture_work, never from the
    # bot's (its threads, sockets and event loop); `python -m bot` is not imported again there. Where there is no
    # fork server (Windows), each worker starts afresh.
    context: BaseContext = multiprocessing.get_context("spawn")
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        multiprocessing.set_forkserver_preload(["bot.picture_work"])
    return ProcessPoolExecutor(count, mp_context=context, initializer=picture_work.start_worker,
                               initargs=(os.getpid(),))


async def draw_apart(function: Callable[..., T], *args: Any) -> T:
    """Run a module-level drawing function of picklable values in the picture processes if started (else in the
    threads), without blocking the event loop; a process deflates as `hurry` last said and trims its heap now and then
    (bot.picture_work.drawn). If a process died, this picture is drawn in a thread and the pool is started again
    (after MAX_RESTARTS, the threads draw everything)."""
    loop, pool, work = asyncio.get_running_loop(), _Processes.pool, functools.partial(function, *args)
    if pool is None:
        return await draw(work)
    try:
        drawing = functools.partial(picture_work.drawn, _Processes.hasty, function, *args)
        return await loop.run_in_executor(pool, drawing)
    except BrokenProcessPool:
        if _Processes.pool is pool:
            _replace_broken(pool)
        return await draw(work)


def _replace_broken(pool: ProcessPoolExecutor) -> None:
    pool.shutdown(wait=False)
    _Processes.restarts += 1
    if _Processes.restarts > MAX_RESTARTS:
        log.error("picture processes died %d times; drawing every picture in threads from now on", MAX_RESTARTS + 1)
        _Processes.pool = None
        return
    log.warning("a picture process died; starting the picture processes again")
    _Processes.pool = _new_process_pool(_Processes.count)


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


class _PictureFile(discord.File):
    """A picture's attachment whose stream is freed as soon as it has been sent.

    discord.File.close gives the stream back its own `close` as an instance attribute: a bound method of the
    stream kept in the stream's __dict__, a reference cycle that held every sent picture (50-120 KB) until the
    garbage collector came round (several a second under load).
    """

    def close(self) -> None:
        """Close as discord.File does, without the stream's reference to itself."""
        super().close()
        vars(self.fp).pop("close", None)


def picture_file(png: bytes, alt: str, name: str) -> discord.File:
    """The PNG as an attachment named `name` with its alt text (Discord keeps 1,024 characters of it)."""
    return _PictureFile(io.BytesIO(png), filename=name, description=alt[:1024])


async def table_file(obs: Observation, names: Sequence[str], log: Sequence[LogEntry], text: PictureText, *,
                     deadline: str | None = None) -> discord.File:
    """The public table (obs must be the public observation), as table.png; `deadline` is the turn timer text."""
    assert obs.seat is None, "the table picture is public"
    picklable = dataclasses.replace(obs, known=dict(obs.known))  # a read-only mapping cannot cross to a process
    drawn = await draw_apart(picture_work.table_png, picklable, list(names), _events(log), text, deadline)
    return picture_file(*drawn, "table.png")


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
    return picture_file(picture.png, picture.alt, "dream.png")


async def reveal_file(result: RoundResult, names: Sequence[str], totals: Sequence[int], penalty: int,
                      text: PictureText, origins: Sequence[Sequence[Placed]] | None = None) -> discord.File:
    """A finished round with every dream face up (each card marked with how it got there, if given), as reveal.png."""
    drawn = await draw_apart(picture_work.reveal_png, result, list(names), list(totals), penalty, text, origins)
    return picture_file(*drawn, "reveal.png")


async def standings_file(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                         results: Sequence[RoundResult], text: PictureText, left: Sequence[int] = ()) -> discord.File:
    """The final standings, as standings.png (the seats in `left`, whose person left the match, last)."""
    drawn = await draw_apart(picture_work.standings_png, list(totals), list(names), list(winners), list(results),
                             text, list(left))
    return picture_file(*drawn, "standings.png")


async def warm_up() -> bytes:
    """Draw and encode a sample table once in the threads and start every picture process (each warms up as it
    starts), so that the first real game does not wait for the caches; the PNG drawn in a thread."""
    # The first frame of a process builds every sprite, font and the encoder's palette (about half a second).
    drawn = draw(picture_work.warm_up)
    # A job per process makes the pool start them all now; each warms its caches as it starts (start_worker).
    started = [draw_apart(os.getpid) for _ in range(_Processes.count if _Processes.pool else 0)]
    png, _ = await asyncio.gather(drawn, asyncio.gather(*started))
    return png
