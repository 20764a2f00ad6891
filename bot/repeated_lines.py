"""A few lines a minute of each kind of failure, then one line that counts the rest: the log while things are down.

While Discord or the database is unwell, every live table logs its own failures: at 500 tables about 1,000 lines a
minute that all say the same, which bury whatever else happens and fill the operator's disk. Each kind of line (its
logger, level and message template, and the classes of the exceptions it carries) is written LIMIT times in each
window of WINDOW_S seconds; the rest are counted, and at the window's end one line says how many more of that kind
there were, with the last one's text. Lines under WARNING are never held back, and in calm times nothing is.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

log = logging.getLogger(__name__)
LIMIT = 5  # enough to see what is happening and where, with the first failure's traceback where it is a bug
WINDOW_S = 60.0
MOST_KINDS = 500  # lines whose text is not a template: past this many kinds in one window they all pass
LONGEST_TEXT = 300  # of the last held line, in its summary
_SUMMARY = "_dreamcats_summary"


@dataclass(slots=True)
class _Kind:
    logger: str
    level: int
    written: int = 0
    held: int = 0
    last: tuple[object, object] = ("", None)  # the last held record's msg and args, formatted only in its summary


def kind_of(record: logging.LogRecord) -> Hashable:
    """What makes two lines the same kind: logger, level, template, and the classes of the exceptions carried."""
    carried = [type(arg).__name__ for arg in _args(record) if isinstance(arg, BaseException)]
    if record.exc_info and record.exc_info[0] is not None:
        carried.append(record.exc_info[0].__name__)
    return record.name, record.levelno, str(record.msg), tuple(carried)


def _text(msg: object, args: object) -> str:
    """A held record's message as its handler would have written it; a call whose arguments do not fit its format
    is shown as it was made (the filter itself never raises into the code that logged)."""
    try:
        return str(msg) % args if args else str(msg)
    except Exception:  # a logging call's own mistake: logging reports those, and so does the summary, plainly
        return f"{msg!s} {args!r}"


def _args(record: logging.LogRecord) -> tuple[object, ...]:
    if isinstance(record.args, tuple):
        return record.args
    return () if record.args is None else (record.args,)


class RepeatedLines(logging.Filter):
    """Holds back a kind of line past LIMIT per window and counts it; `summarise` writes the counts and starts anew."""

    def __init__(self, limit: int = LIMIT, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.limit = limit
        self.clock = clock
        self._since = clock()
        self._kinds: dict[Hashable, _Kind] = {}
        self._lock = threading.Lock()  # storage threads and picture threads log too
        self._decided = f"_dreamcats_repeated_lines_{id(self)}"  # a record's verdict, for the next handler asking

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether to write the record (the same answer for every handler that asks)."""
        decided = getattr(record, self._decided, None)
        if decided is None:
            decided = self._decide(record)
            setattr(record, self._decided, decided)
        return bool(decided)

    def _decide(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING or getattr(record, _SUMMARY, False):
            return True
        key = kind_of(record)
        with self._lock:
            kind = self._kinds.get(key)
            if kind is None:
                if len(self._kinds) >= MOST_KINDS:
                    return True
                kind = self._kinds[key] = _Kind(record.name, record.levelno)
            if kind.written < self.limit:
                kind.written += 1
                return True
            kind.held += 1
            kind.last = (record.msg, record.args)
            return False

    def summarise(self) -> int:
        """One line for each kind held back since the last summary; returns how many lines that was."""
        with self._lock:
            held = [kind for kind in self._kinds.values() if kind.held]
            now = self.clock()
            elapsed, self._since, self._kinds = now - self._since, now, {}
        for kind in held:
            logging.getLogger(kind.logger).log(
                kind.level, "%d more like this in the last %.0f s, the last: %s", kind.held, elapsed,
                _text(*kind.last)[:LONGEST_TEXT], extra={_SUMMARY: True})
        return len(held)

    async def keep_summarising(self, window_s: float = WINDOW_S) -> None:
        """Summarise at the end of every window, until cancelled."""
        while True:
            await asyncio.sleep(window_s)
            self.summarise()


def watch_repeats(limit: int = LIMIT, window_s: float = WINDOW_S) -> Callable[[], None]:
    """Hold back repeated lines on every handler of the root logger, summarised each window, until the returned
    function is called (which writes what is still held). Call it on the running loop."""
    repeats = RepeatedLines(limit)
    handlers = list(logging.getLogger().handlers)
    for handler in handlers:
        handler.addFilter(repeats)
    summaries = asyncio.get_running_loop().create_task(repeats.keep_summarising(window_s))

    def stop_watching() -> None:
        summaries.cancel()
        for handler in handlers:
            handler.removeFilter(repeats)
        repeats.summarise()

    return stop_watching


__all__ = ["LIMIT", "WINDOW_S", "RepeatedLines", "kind_of", "watch_repeats"]
