"""The public pictures of Dreamcats drawn in processes of their own: module-level functions of picklable values.

A table, a reveal or the standings takes 6-8 ms of drawing and encoding, most of it Python code that holds the
interpreter. Drawn in threads beside the event loop, at 500 tables those threads held it for about 2 ms of every
click, and the loop's every turn waited for them: a click's answer queued behind pictures. In a process of their
own they hold nothing of the bot's; only their inputs (a public observation, names, captions) and the PNG bytes
cross over. This module imports only game/ and images/ (what such a process needs), never discord.
"""

from __future__ import annotations

import os
import select
import signal
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bot import heap
from bot.png_codec import use_zlib_ng
from game.dreamcats import Event, Observation, RoundResult
from game.dreamcats.hindsight import Placed
from images.dreamcats import (
    PictureText,
    encode_png,
    render_reveal,
    render_standings,
    render_table,
    reveal_alt,
    standings_alt,
    table_alt,
)
from images.dreamcats.samples import sample_table

# Every process that draws imports this module (the bot through bot.pictures, the picture processes through the
# fork server's preload), so the faster deflate is installed here.
use_zlib_ng()
T = TypeVar("T")


def drawn(hasty: bool, function: Callable[..., T], *args: Any) -> T:
    """In a picture process: a module-level drawing function of picklable values, its pictures deflated for speed
    (`hasty`, while the bot's drawers are behind: bot.pictures.hurry) or for size; then counted (bot.heap)."""
    use_zlib_ng(hasty)
    return heap.drawn_and_trimmed(function, *args)


def table_png(obs: Observation, names: Sequence[str], events: Sequence[Event], text: PictureText,
              deadline: str | None) -> tuple[bytes, str]:
    """The public table as PNG bytes and its alt text (obs is the public observation)."""
    image = render_table(obs, names, last_events=events, deadline=deadline, text=text)
    return encode_png(image), table_alt(obs, names, text=text, last_events=events)


def reveal_png(result: RoundResult, names: Sequence[str], totals: Sequence[int], penalty: int, text: PictureText,
               origins: Sequence[Sequence[Placed]] | None) -> tuple[bytes, str]:
    """A finished round with every dream face up, as PNG bytes and its alt text."""
    image = render_reveal(result, names, totals, penalty=penalty, text=text, origins=origins)
    return encode_png(image), reveal_alt(result, names, totals, text=text, origins=origins)


def standings_png(totals: Sequence[int], names: Sequence[str], winners: Sequence[int],
                  results: Sequence[RoundResult], text: PictureText, left: Sequence[int] = ()) -> tuple[bytes, str]:
    """The final standings as PNG bytes and their alt text (the seats in `left` last)."""
    image = render_standings(totals, names, winners, results, text=text, left=left)
    return encode_png(image), standings_alt(totals, names, winners, text=text, left=left)


NICENESS = 10  # a picture process gives way to the bot's event loop whenever both want a core


def start_worker(bot_pid: int) -> None:
    """A picture process's start: yield the CPU to the bot, ignore Ctrl-C (the bot shuts its pool down), end with
    the bot, warm the caches."""
    # A late picture is replaced by a newer one (bot.frames); a late click answer is a failed click. When the
    # machine is busy, the loop must win.
    os.nice(NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(bot_pid,), name="bot watch", daemon=True).start()
    warm_up()


def _exit_with(bot_pid: int) -> None:
    # The pool's task queue cannot tell a worker that the bot died: every worker holds both ends of its pipe, so
    # it never reads EOF. Without this, a killed bot left its picture processes running, holding its stdout.
    try:
        handle = os.pidfd_open(bot_pid)
    except ProcessLookupError:
        os._exit(0)
    except (AttributeError, OSError):  # no pidfd here (not Linux 5.3+): look every second
        while _alive(bot_pid):
            time.sleep(1.0)
        os._exit(0)
    select.select([handle], [], [])  # readable once the bot has exited
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # PermissionError: someone else's process now has that number
        return False
    return True


def warm_up() -> bytes:
    """Draw and encode a sample table once: a new process builds its sprites, fonts and palette (about 0.5 s)."""
    return encode_png(sample_table())
