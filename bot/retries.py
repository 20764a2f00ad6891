"""Trying again when Discord failed a game's message: a pause that grows with each failure in a row, and a post (a
reveal, the standings, a notice) put back at the front of its game's queue a few times."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable

from bot.sending import failure_level, traceback_of

log = logging.getLogger(__name__)
Job = Callable[[], Awaitable[None]]

# A table whose picture or text could not be drawn or sent tries again after this pause, doubled at each failure in a
# row up to a minute: a table that cannot be shown (a channel where the bot lost its permissions) must not keep a
# drawer and the event loop for itself, nor write a log line at every turn of the loop.
FAILED_PAUSE = 2.0
MAX_FAILED_PAUSE = 60.0
# A post Discord failed is tried this many times in all: a lost reveal or standings is worse than, now and then, one
# posted twice (Discord may have made a post whose answer was lost on the way back).
JOB_TRIES = 3


def failed_pause(failures: int) -> float:
    """Seconds before trying again to show a table that Discord refused `failures` times in a row."""
    return min(MAX_FAILED_PAUSE, FAILED_PAUSE * 2.0 ** (failures - 1))


def logged_pause(game_id: str, doing: str, failures: int, exc: BaseException) -> float:
    """One log line for a game's `failures`-th failure in a row at `doing` (WARNING where it is Discord's or the
    server's doing); the pause before the next try."""
    pause = failed_pause(failures)
    log.log(failure_level(exc), "game %s: %s (%d in a row; next try in %.0f s): %r", game_id, doing, failures, pause,
            exc, exc_info=traceback_of(exc) if failures == 1 else None)  # a bug's traceback once, not every minute
    return pause


async def run_next_post(game_id: str, jobs: deque[Job], tries: dict[Job, int]) -> None:
    """Run the game's next post; if it fails, put it back at the front of `jobs` (until JOB_TRIES) and re-raise."""
    job = jobs.popleft()
    try:
        await job()
    except Exception:
        tries[job] = tries.get(job, 0) + 1
        if tries[job] < JOB_TRIES:
            jobs.appendleft(job)
        else:
            del tries[job]
            log.warning("game %s: gave up a post after %d tries", game_id, JOB_TRIES)
        raise
    tries.pop(job, None)


__all__ = ["FAILED_PAUSE", "JOB_TRIES", "MAX_FAILED_PAUSE", "Job", "failed_pause", "logged_pause", "run_next_post"]
