"""How late the bot answers clicks, and whether it is too busy to open new tables.

Why (issue 10): a process past its capacity answers every click later, and Discord drops an answer that comes
after 3 s ("This interaction failed"). Opening a table (a lobby, a join, a computer player, the start, its first
picture) costs more than a move, and each new table adds moves. So while clicks reach their handlers late, the bot
opens no new table: `/dreamcats start` and Play again get a friendly line asking to try again in a minute, and the
tables in play, their lobbies included, go on. Nothing else is refused. On two cores the bot served 2,000 tables
with clicks at most 0.62 s late at their handlers and never turned a table away; at 3,000 it turned new tables away
(JOURNAL.md, Load, "2026-11-29, fifteenth session").

How late: a click's age when its handler starts (now, less the time in its Discord id), less the smallest age seen
in the last hour (what the network and a difference between Discord's clock and ours add to every click), averaged
over about the last SMOOTHING_S seconds: a click's weight grows with the time since the one before, so hundreds of
clicks a second make a steady average, and one click after a quiet spell counts fully (a bot left busy by a rush
and then idle is calm again at the next click that comes in time). Busy from BUSY_AFTER_S on; calm again under
CALM_BELOW_S, so that it does not flap.
"""

from __future__ import annotations

import logging
import math
from collections import deque
from datetime import datetime

from bot.service.errors import BotBusyError

log = logging.getLogger(__name__)

# Discord allows 3 s for the first answer, and the bot defers an answer not ready after 0.5 s (bot.views.replies):
# clicks 1 s late on average leave a slow one little room. At 2,000 tables on two cores they were at most 0.62 s late
# with none failing (JOURNAL.md, Load), so the bot stays open there.
BUSY_AFTER_S = 1.0
CALM_BELOW_S = 0.5
SMOOTHING_S = 2.0  # the average's time constant: a click after this long a pause counts for about two thirds
FLOOR_BUCKET_S = 300.0  # the smallest age is kept per five minutes ...
FLOOR_BUCKETS = 12  # ... for an hour


class Lateness:
    """How late clicks reach their handlers, smoothed; `busy` while that is too late to open new tables."""

    def __init__(self, busy_after: float = BUSY_AFTER_S, calm_below: float = CALM_BELOW_S) -> None:
        assert 0.0 <= calm_below <= busy_after
        self.busy_after, self.calm_below = busy_after, calm_below
        self.level = 0.0  # seconds late, smoothed
        self.busy = False
        self._last: float | None = None  # when the last click was recorded (POSIX seconds)
        self._floors: deque[tuple[int, float]] = deque()  # (five-minute bucket, the smallest age seen in it)

    def record(self, sent: datetime, now: datetime) -> float:
        """Count one click sent at `sent` (its Discord id's time) whose handler starts at `now`; how late it is (s)."""
        when = now.timestamp()
        age = when - sent.timestamp()
        late = max(0.0, age - self._floor(age, when))
        weight = 1.0 if self._last is None else 1.0 - math.exp(-max(0.0, when - self._last) / SMOOTHING_S)
        self._last = max(when, self._last or when)
        self.level += weight * (late - self.level)
        if not self.busy and self.level >= self.busy_after:
            self.busy = True
            log.warning("busy: clicks reach their handlers %.2f s late; no new table opens until they catch up",
                        self.level)
        elif self.busy and self.level < self.calm_below:
            self.busy = False
            log.info("calm again: clicks %.2f s late; new tables open", self.level)
        return late

    def refuse_new_table(self, what: str, **ids: object) -> None:
        """BotBusyError while busy, with one line for the operator ("<what> refused: …" and the `ids`); else nothing."""
        if self.busy:
            log.info("%s refused: clicks %.2f s late (%s)", what, self.level,
                     " ".join(f"{name}={value}" for name, value in ids.items()))
            raise BotBusyError("Too busy to open a new table now.")

    def _floor(self, age: float, when: float) -> float:
        """The smallest age of the last hour, this one included."""
        bucket = int(when // FLOOR_BUCKET_S)
        while self._floors and self._floors[0][0] <= bucket - FLOOR_BUCKETS:
            self._floors.popleft()
        if self._floors and self._floors[-1][0] == bucket:
            if age < self._floors[-1][1]:
                self._floors[-1] = (bucket, age)
        else:
            self._floors.append((bucket, age))
        return min(smallest for _, smallest in self._floors)


def lateness_gauge(busy_after: float) -> Lateness:
    """The gauge for a threshold in seconds (calm again at half of it); 0 or less: never busy."""
    if busy_after <= 0:
        return Lateness(math.inf, math.inf)
    return Lateness(busy_after, busy_after * CALM_BELOW_S / BUSY_AFTER_S)


__all__ = ["BUSY_AFTER_S", "CALM_BELOW_S", "Lateness", "lateness_gauge"]
