"""While things are down the log stays readable: each kind of failure line a few times a window, then one line that
counts the rest; lines under WARNING and lines of other kinds are never held back."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator

import pytest

from bot.repeated_lines import LIMIT, RepeatedLines
from bot.storage import StorageBusyError


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Kept(logging.Handler):
    """Keeps every record it is asked to write."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        return [f"{record.levelname} {record.name}: {record.getMessage()}" for record in self.records]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def repeats(clock: Clock) -> RepeatedLines:
    return RepeatedLines(clock=clock)


@pytest.fixture
def kept(repeats: RepeatedLines) -> Iterator[Kept]:
    """A handler on a logger of its own (not propagated), holding back repeats."""
    handler = Kept()
    handler.addFilter(repeats)
    logger = logging.getLogger("tests.repeated")
    logger.addHandler(handler)
    logger.propagate, level = False, logger.level
    logger.setLevel(logging.DEBUG)
    yield handler
    logger.removeHandler(handler)
    logger.propagate = True
    logger.setLevel(level)


def _click_failed(game: int, exc: BaseException, logger: str = "tests.repeated") -> None:
    logging.getLogger(logger).warning("click failed: game=%s action=%s: %r", game, "draw", exc)


def test_a_flood_of_one_kind_is_a_few_lines_and_one_count(kept: Kept, repeats: RepeatedLines,
                                                          clock: Clock) -> None:
    for game in range(200):
        _click_failed(game, StorageBusyError("The database stayed busy; nothing was written."))
    assert len(kept.records) == LIMIT
    assert [record.args[0] for record in kept.records] == list(range(LIMIT))  # type: ignore[index]
    clock.now += 60
    assert repeats.summarise() == 1
    assert kept.lines()[-1] == (
        "WARNING tests.repeated: 195 more like this in the last 60 s, the last: click failed: game=199 action=draw: "
        "StorageBusyError('The database stayed busy; nothing was written.')")
    assert repeats.summarise() == 0  # nothing held since


def test_each_window_starts_anew(kept: Kept, repeats: RepeatedLines, clock: Clock) -> None:
    for game in range(LIMIT + 3):
        _click_failed(game, ConnectionError("reset"))
    clock.now += 60
    repeats.summarise()
    for game in range(LIMIT + 1):
        _click_failed(100 + game, ConnectionError("reset"))
    written = [record.getMessage() for record in kept.records]
    assert len(written) == LIMIT + 1 + LIMIT  # the first window's, its count, the second window's
    assert written[LIMIT].startswith("3 more like this in the last 60 s")
    assert written[-1] == "click failed: game=104 action=draw: ConnectionError('reset')"


def test_other_kinds_and_quiet_lines_are_never_held_back(kept: Kept) -> None:
    for game in range(LIMIT):
        _click_failed(game, StorageBusyError("busy"))
    _click_failed(5, ConnectionError("reset"))  # another exception: another kind
    logging.getLogger("tests.repeated").warning("turn ping failed: %s", 5)  # another template
    logging.getLogger("tests.repeated").error("click failed: game=%s action=%s: %r", 5, "draw", StorageBusyError("b"))
    for game in range(50):
        logging.getLogger("tests.repeated").info("game %s over", game)
    assert len(kept.records) == LIMIT + 3 + 50


def test_two_handlers_write_the_same_lines(repeats: RepeatedLines) -> None:
    first, second = Kept(), Kept()
    logger = logging.getLogger("tests.repeated.two")
    for handler in (first, second):
        handler.addFilter(repeats)
        logger.addHandler(handler)
    logger.propagate = False
    try:
        for game in range(LIMIT * 2):
            _click_failed(game, ConnectionError("reset"), logger="tests.repeated.two")
    finally:
        for handler in (first, second):
            logger.removeHandler(handler)
        logger.propagate = True
    assert first.lines() == second.lines() and len(first.records) == LIMIT  # counted once, not once per handler


def test_lines_from_many_threads_are_counted_exactly(kept: Kept, repeats: RepeatedLines) -> None:
    def fail_often() -> None:
        for game in range(500):
            _click_failed(game, StorageBusyError("busy"))

    threads = [threading.Thread(target=fail_often) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    repeats.summarise()
    assert len(kept.records) == LIMIT + 1
    assert kept.records[-1].getMessage().startswith(f"{4 * 500 - LIMIT} more like this")


def test_a_repeated_call_that_does_not_fit_its_format_never_raises_into_its_caller(
        kept: Kept, repeats: RepeatedLines) -> None:
    def mistaken(game: int) -> logging.LogRecord:  # one argument short: logging reports it when writing the line
        return logging.LogRecord("tests.repeated", logging.WARNING, __file__, 1, "game %s: %s failed", (game,), None)

    verdicts = [repeats.filter(mistaken(game)) for game in range(LIMIT + 3)]  # the filter itself never raises
    assert verdicts == [True] * LIMIT + [False] * 3
    repeats.summarise()
    assert kept.records[-1].getMessage().endswith("the last: game %s: %s failed (7,)")
