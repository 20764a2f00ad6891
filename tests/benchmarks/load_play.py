"""How the load benchmark's people play: open a match, peek, take turns through the table and private buttons."""

from __future__ import annotations

import asyncio
import re
import time

from bot.i18n import t
from tests.benchmarks.load_people import WAKE_AFTER, LoadTable, Seat
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

_LINK = re.compile(r"discord\.com/channels/\d+/\d+/(\d+)")
_MAX_STEPS = 8
_START_TRIES = 10
_LOBBY_TRIES = 3  # a lobby click whose answer never came is made again, up to this many times in all
_BUSY = t("error.BotBusyError", "en")


class PlayingTable(LoadTable):
    """A LoadTable whose people play match after match until told to stop."""

    busy = False  # the last /dreamcats start was answered "too busy"

    async def run(self) -> None:
        """Open a match, play it with both people, repeat."""
        while not self.stopping:
            if not await self.open_match():
                # Told the bot is busy, a person tries again in about a minute; else (a lost answer) after 3 s.
                await asyncio.sleep(self.rng.uniform(30.0, 90.0) if self.busy else 3.0)
                continue
            self.tally.matches_started += 1
            await asyncio.gather(*(self.person(seat) for seat in self.seats))

    async def open_match(self) -> bool:
        """The first person opens a lobby, the second joins, a normal computer player is added, the match starts."""
        host, guest = (seat.user for seat in self.seats)
        self.game_id, self.message, self.number, self.over, self._lags = "", None, -1, False, []
        self._shown = []
        for seat in self.seats:
            seat.peeked_round, seat.done_number, seat.round, seat.turns = 0, -1, 0, 0
        lobby = await self._start_lobby(host)
        if lobby is None:
            return False
        self.game_id = lobby.custom_ids[0].split(":")[1]
        await self.pause()
        await self._press_again_if_failed(guest, lobby, f"dc:{self.game_id}:join")
        await self.pause()
        await self._press_again_if_failed(host, lobby, f"ds:{self.game_id}:addbot", ["normal"])
        for _ in range(_START_TRIES):  # a join still being saved is refused as "needs two seats": try again
            await self.pause()
            if self.message is not None or await self.press(host, lobby, f"dc:{self.game_id}:start") is not None:
                break
            await asyncio.sleep(0.5)
        return await self._wait_for_table()

    async def _press_again_if_failed(self, user: FakeUser, lobby: FakeMessage, custom_id: str,
                                     values: list[str] | None = None) -> None:
        """A lobby click whose answer never came ("This interaction failed" on Discord): the person clicks again."""
        for _ in range(_LOBBY_TRIES):
            if await self.press(user, lobby, custom_id, values) is not None or self.stopping:
                return
            await self.pause()

    async def _start_lobby(self, host: FakeUser) -> FakeMessage | None:
        """/dreamcats start; if the answer was late or says a game is already open, find that lobby as a person
        would: through the link in the answer, or the lobby posted again in the channel."""
        self.lobby, self.busy = None, False
        record = await self.fake.slash(host, self.channel, "dreamcats start", points=self.points, wait=False)
        await self.complete(record, "start-command")
        if any(message.content == _BUSY for message in record.messages):
            self.busy = True
            self.tally.busy_refusals += 1
            self.tally.busy_refusals_in_all += 1
            return None
        for message in record.messages:
            if message.custom_ids:
                return message
            link = _LINK.search(message.content)
            if link is not None and int(link[1]) in self.fake.messages_by_id:
                return self.fake.messages_by_id[int(link[1])]
        end = time.monotonic() + 15
        while self.lobby is None and not self.stopping and time.monotonic() < end:
            await self.wait_change(1.0)
        return self.lobby

    async def _wait_for_table(self, timeout: float = 15.0) -> bool:
        end = time.monotonic() + timeout
        while self.message is None and not self.stopping and time.monotonic() < end:
            await self.wait_change(1.0)
        return self.message is not None

    async def wait_change(self, timeout: float = 5.0) -> None:
        """Wait until the table message changes (or `timeout` passes)."""
        changed = self._changed
        try:
            await asyncio.wait_for(changed.wait(), timeout)
        except TimeoutError:
            pass

    # -- a person ------------------------------------------------------------------------------------------
    async def person(self, seat: Seat) -> None:
        """Look at the table; peek once a round; play when the table says it is your turn."""
        turn_line = t("table.turn", "en", name=seat.user.display_name)
        while not (self.over or self.stopping):
            changed = self._changed
            round_number, description = self._description()
            if round_number != seat.round:
                seat.round, seat.turns = round_number, 0
            if round_number and seat.peeked_round != round_number:
                await self.pause()
                if await self.peek(seat.user):
                    seat.peeked_round = round_number
                continue
            ready = self._ids(self.message, "next") if self.message is not None else []
            if ready and seat.ready_round != round_number:  # between rounds: read the reveal, then Next round
                seat.ready_round = round_number
                await self.pause()
                if self.message is not None:
                    await self.press(seat.user, self.message, ready[0])
                continue
            if turn_line in description and self.number > seat.done_number:
                seat.done_number = self.number
                await self.pause()
                await self.turn(seat)
                continue
            try:
                await asyncio.wait_for(changed.wait(), 5.0)
            except TimeoutError:
                pass

    async def peek(self, user: FakeUser) -> bool:
        """My dream, then choose two cards to look at (if the round asks for it)."""
        if self.message is None:
            return False
        record = await self.press(user, self.message, f"dc:{self.game_id}:dream")
        reply = record.private_reply if record is not None else None
        if reply is None:
            return False
        selects = self._ids(reply, "peek0")
        if not selects:
            return True
        await self.pause()
        chosen = self.rng.sample(self._options(reply, selects[0]), 2)
        return await self.press(user, reply, selects[0], chosen) is not None

    async def turn(self, seat: Seat) -> None:
        """Draw (mostly), take the discard, or call Wake up! once the round has gone on a while."""
        seat.turns += 1
        number, roll = self.number, self.rng.random()
        action = "wake" if seat.turns > WAKE_AFTER and roll < 0.3 else "take" if roll > 0.85 else "draw"
        if self.message is None:
            return
        record = await self.press(seat.user, self.message, f"dc:{self.game_id}:{action}:{number}")
        reply = record.private_reply if record is not None else None
        if record is None or reply is None:
            return
        if action in ("draw", "take"):
            self._moved(number, 1 if action == "draw" else 0, record.sent_at)
        if self._ids(reply, "peek0"):  # not peeked yet: the reply asks for it first
            seat.done_number = number - 1
            return
        await self.private_steps(seat.user, reply, number, 1 if action == "draw" else 0)

    def _moved(self, number: int, actions: int, clicked_at: float) -> None:
        """The click sent at `clicked_at` made the table's move `number + actions`: time how late the table shows it."""
        if not actions:
            return
        target = number + actions
        # The table's edit often arrives before the click's own answer is complete: then it is already shown.
        shown = next(((at, reposted) for number_shown, at, reposted in self._shown if number_shown >= target), None)
        if shown is None:
            self._lags.append((target, clicked_at))
            return
        self.tally_lags([max(0.0, shown[0] - clicked_at)], shown[1])

    async def private_steps(self, user: FakeUser, reply: FakeMessage, number: int, actions: int) -> None:
        """Work through the ephemeral reply: swap/discard/power, keep, peek target, swap pair and confirm."""
        for _ in range(_MAX_STEPS):
            step = self._next_click(reply)
            if step is None:
                return
            custom_id, values = step
            await self.pause()
            action = custom_id.split(":")[2]
            record = await self.press(user, reply, custom_id, values)
            if record is None:  # refused (e.g. a Swap 2 pair the rules forbid): look at the reply again
                continue
            if action in ("tpos", "swap", "disc", "keep", "ptgt", "s2ok", "wakeok") or (
                    action == "power" and self._ids(reply, "keep")):
                actions += 1
                self._moved(number, actions, record.sent_at)

    def _next_click(self, reply: FakeMessage) -> tuple[str, list[str] | None] | None:
        """The next button or choice a person makes in their private reply (None: the turn is done)."""
        ids = reply.custom_ids
        kinds = {c.split(":")[2]: c for c in ids}
        for single in ("keep", "tpos"):
            if single in kinds:
                return self.rng.choice(self._ids(reply, single)), None
        for confirm in ("wakeok", "s2ok"):
            if confirm in kinds:
                return kinds[confirm], None
        if "ptgt" in kinds:
            return kinds["ptgt"], [self.rng.choice(self._options(reply, kinds["ptgt"]))]
        if "s2" in kinds:
            return kinds["s2"], self.rng.sample(self._options(reply, kinds["s2"]), 2)
        if "swap" in kinds:
            roll = self.rng.random()
            if "power" in kinds and roll < 0.5:
                return kinds["power"], None
            if roll < 0.8:
                return self.rng.choice(self._ids(reply, "swap")), None
            return kinds["disc"], None
        return None


def show_people_their_tables(fake: FakeDiscord, tables: list[PlayingTable]) -> None:
    """Every public message the fake stores goes to the people of its channel's table (as they would see it)."""
    by_channel = {table.channel.id: table for table in tables}

    def route(message: FakeMessage) -> None:
        table = by_channel.get(message.channel.id)
        if table is not None and not message.ephemeral:
            table.seen(message)

    fake.on_write = route
