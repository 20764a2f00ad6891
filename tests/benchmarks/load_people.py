"""The people of the load benchmark: two per table, acting only on what Discord shows them (the table message and
their own ephemeral replies), clicking the real buttons and select menus through the fake Discord."""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field

from bot.i18n import error_text, t
from bot.service import BusyError, ConflictError
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUsageError, FakeUser, InteractionRecord

# The person's answer was an apology, not a result or a refusal: the click failed.
FAILED_TEXTS = {t("error.generic", "en"), error_text(BusyError("busy"), "en"), error_text(ConflictError("c"), "en")}
# Clicks answered by the deferred update alone (the shared message shows the result): the lobby's, and Next round.
LOBBY_ACTIONS = {"join", "addbot", "start", "leave", "cancel", "next"}
MOVES = {"draw", "tpos", "swap", "disc", "keep", "ptgt", "s2ok", "wakeok", "peek0"}
WAKE_AFTER = 3  # a person calls Wake up! now and then once they had this many turns in a round
_ROUND = re.compile(r"(\d+)\s*$")
_FOLLOWUP_TIMEOUT = 10.0


@dataclass
class Tally:
    """What every table saw, for the report."""

    acks: list[float] = field(default_factory=list)
    ack_actions: list[str] = field(default_factory=list)  # the action of each of `acks`, in the same order
    answers: list[float] = field(default_factory=list)  # click → the reply holds its answer (after a defer: filled)
    edit_lags: list[float] = field(default_factory=list)
    repost_lags: list[float] = field(default_factory=list)  # the part of edit_lags shown by a new table message
    failures: list[str] = field(default_factory=list)
    refused: int = 0
    clicks: int = 0
    person_moves: int = 0
    matches_started: int = 0
    busy_refusals: int = 0  # /dreamcats start answered "too busy" (bot.lateness), in the window
    busy_refusals_in_all: int = 0  # the same since the run began

    def reset(self) -> None:
        """Start a new measurement window."""
        self.acks, self.answers, self.edit_lags, self.repost_lags, self.failures = [], [], [], [], []
        self.ack_actions = []
        self.refused = self.clicks = self.person_moves = self.matches_started = self.busy_refusals = 0


@dataclass
class Seat:
    """One person at a table and what they remember."""

    user: FakeUser
    peeked_round: int = 0
    done_number: int = -1
    round: int = 0
    turns: int = 0
    ready_round: int = 0  # the round whose Next round this person pressed


async def filled(record: InteractionRecord) -> None:
    """Until a deferred answer is complete: a "thinking…" reply filled, or after a deferred update the person's
    private reply there (a click on the table may lend its token first, and the table's edit through it can come
    before the private reply follows)."""
    if record.response_type == 5:
        await record.followed.wait()
        return
    while record.private_reply is None:
        record.followed.clear()
        await record.followed.wait()


class LoadTable:
    """One channel, two people and (added by them) one normal computer player, playing match after match."""

    def __init__(self, fake: FakeDiscord, channel: FakeChannel, people: tuple[FakeUser, FakeUser], tally: Tally,
                 *, think: float, points: int, rng: random.Random) -> None:
        self.fake, self.channel, self.tally = fake, channel, tally
        self.think, self.points, self.rng = think, points, rng
        self.seats = [Seat(p) for p in people]
        self.game_id = ""
        self.message: FakeMessage | None = None
        self.shown_once = False  # a table of this channel's has been shown at least once
        self.lobby: FakeMessage | None = None  # the newest lobby message seen in the channel
        self.number = -1
        self.over = False
        self.stopping = False
        self._changed = asyncio.Event()
        self._lags: list[tuple[int, float]] = []  # (move number, when its click was sent) not shown yet
        # (move number, when the table first showed it, whether by a new table message), this match
        self._shown: list[tuple[int, float, bool]] = []

    # -- what the people see -----------------------------------------------------------------------------------
    def seen(self, message: FakeMessage) -> None:
        """The fake stored a public message of this channel (called for every create and edit)."""
        if any(c.startswith("dc:") and c.endswith(":join") for c in message.custom_ids):
            self.lobby = message
        if self.game_id and message is self.message and not message.components:
            self.over = True  # the match ended (or was stopped): the table message lost its buttons
        elif self.game_id:
            prefix = f"dc:{self.game_id}:draw:"
            number = next((int(c[len(prefix):]) for c in message.custom_ids if c.startswith(prefix)), None)
            if number is None:
                if any(c.startswith(f"dc:{self.game_id}:next:") for c in message.custom_ids):
                    reposted = self.message is not None and message is not self.message  # below the reveal
                    self.message = message  # between rounds: the table waits for Next round
                    # The move that ended the round is shown (the table is between rounds): measured here, not at
                    # the next round's first table, which comes only after the pause between rounds.
                    now = time.monotonic()
                    self.tally_lags([now - at for _, at in self._lags], reposted)
                    self._lags = []
                    self._changed.set()
                    self._changed = asyncio.Event()
                return
            reposted = self.message is not None and message is not self.message
            self.message, self.number, self.shown_once = message, number, True
            now = time.monotonic()
            if not self._shown or number > self._shown[-1][0]:
                self._shown.append((number, now, reposted))
            self.tally_lags([now - at for target, at in self._lags if target <= number], reposted)
            self._lags = [(target, at) for target, at in self._lags if target > number]
        self._changed.set()
        self._changed = asyncio.Event()

    def tally_lags(self, lags: list[float], reposted: bool) -> None:
        """Moves the table now shows, each this late (in a new table message below a reveal if `reposted`)."""
        self.tally.edit_lags.extend(lags)
        if reposted:
            self.tally.repost_lags.extend(lags)

    def _description(self) -> tuple[int, str]:
        """The round (embed title) and the live text (message content: recent actions, whose turn)."""
        if self.message is None:
            return 0, ""
        embeds = self.message.embeds
        match = _ROUND.search(embeds[0].get("title") or "") if embeds else None
        return (int(match[1]) if match else 0), self.message.content

    # -- clicking ----------------------------------------------------------------------------------------------
    async def pause(self) -> None:
        """Think before a click (exponential, mean `think` seconds; 0 in stress mode)."""
        if self.think > 0:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))

    async def press(self, user: FakeUser, message: FakeMessage, custom_id: str,
                    values: list[str] | None = None) -> InteractionRecord | None:
        """Click a button (or choose in a select) and wait until the bot completed its answer; None if gone."""
        try:
            if values is None:
                record = await self.fake.click(user, message, custom_id, wait=False)
            else:
                record = await self.fake.select(user, message, custom_id, values, wait=False)
        except FakeUsageError:  # the message changed under the person's thumb
            return None
        return await self.complete(record, custom_id.split(":")[2])

    async def complete(self, record: InteractionRecord, action: str) -> InteractionRecord | None:
        """Wait for the acknowledgement and, after a defer, for the completed reply; tally the outcome."""
        self.tally.clicks += 1
        try:
            await asyncio.wait_for(record.answered.wait(), self.fake.deadline + 1.0)
        except TimeoutError:
            self.tally.failures.append(f"unanswered {action}")
            return None
        self.tally.acks.append(record.latency or 0.0)
        self.tally.ack_actions.append(action)
        if record.response_type == 5 or (record.response_type == 6 and action not in LOBBY_ACTIONS):
            try:
                await asyncio.wait_for(filled(record), _FOLLOWUP_TIMEOUT)
            except TimeoutError:
                self.tally.failures.append(f"deferred reply never completed {action}")
                return None
        self.tally.answers.append(time.monotonic() - record.sent_at)
        texts = {m.content for m in record.messages}
        if texts & FAILED_TEXTS:
            self.tally.failures.append(f"apology {action}: {sorted(texts & FAILED_TEXTS)}")
            return None
        if any(m.content for m in record.messages if not m.components and not m.embeds):
            self.tally.refused += 1
            return None
        if action in MOVES:
            self.tally.person_moves += 1
        return record

    def _ids(self, message: FakeMessage | None, action: str) -> list[str]:
        if message is None:
            return []
        return [c for c in message.custom_ids if c.split(":")[2] == action]

    def _options(self, message: FakeMessage, custom_id: str) -> list[str]:
        for item in message.iter_components():
            if item.get("custom_id") == custom_id:
                return [o["value"] for o in item.get("options") or []]
        return []
