"""Simulated people playing Dreamcats through the fake Discord: every engine move becomes clicks and choices."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.client import DreamcatsBot
from bot.service import Table
from bot.views.ids import slot_value
from game.dreamcats import (
    Action,
    DiscardDrawn,
    Draw,
    KeepCard,
    Step,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
    legal_actions,
)
from tests.bot.conftest import World
from tests.fakediscord import FakeMessage, FakeUser, InteractionRecord

# People call Wake up! once this many turns of a round have been played, so a match (points 30) stays short.
WAKE_AFTER = 7
# The fake's quiet spell after each click in a test that plays a whole match: each click's answer is waited for, and
# settle() waits for the bot's own queues to empty, so a short one is enough (the default 50 ms made most of the time).
WHOLE_MATCH_QUIET = 0.01


@dataclass
class TableClicks:
    """The people at one table of any game: the table, its message, waiting for the bot, and remembered clicks."""

    world: World
    bot: DreamcatsBot
    game_id: str
    people: dict[int, FakeUser]
    records: list[InteractionRecord] = field(default_factory=list)

    @property
    def table(self) -> Table | None:
        """The live table (None once the match is over)."""
        return next((t for t in self.bot.service.tables if t.game_id == self.game_id), None)

    def message(self) -> FakeMessage:
        """The public table message."""
        table = self.table
        assert table is not None and table.message_id is not None
        return self.world.fake.messages_by_id[table.message_id]

    def cid(self, action: str, *args: object) -> str:
        """A custom_id of this game (the test finds it on the message: click() refuses one that is not there)."""
        return ":".join(["dc", self.game_id, action, *map(str, args)])

    def sid(self, action: str, *args: object) -> str:
        """A select menu's custom_id of this game."""
        return ":".join(["ds", self.game_id, action, *map(str, args)])

    async def settle(self) -> None:
        """Wait until computer players have moved and Discord shows the result."""
        await self.bot.service.settled(self.game_id)
        await self.bot.presenter.idle()
        await self.world.fake.idle()

    async def click(self, user: FakeUser, message: FakeMessage, custom_id: str) -> InteractionRecord:
        """A click, remembered."""
        record = await self.world.fake.click(user, message, custom_id)
        self.records.append(record)
        return record

    async def choose(self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[str]
                     ) -> InteractionRecord:
        """A select choice, remembered."""
        record = await self.world.fake.select(user, message, custom_id, values)
        self.records.append(record)
        return record


@dataclass
class Players(TableClicks):
    """The people at one Dreamcats table and the ephemeral message each is working in."""

    rng: random.Random = field(default_factory=lambda: random.Random(11))
    private: dict[int, FakeMessage] = field(default_factory=dict)

    async def initial_peeks(self) -> None:
        """Everyone who has not looked at two cards this round does so through My dream."""
        table = self.table
        while table is not None and table.state is not None:
            waiting = [s for s, seat in enumerate(table.seats)
                       if seat.user_id in self.people and not table.state.round.peeked[s]]
            if not waiting:
                return
            user = self.people[table.seats[waiting[0]].user_id or 0]
            record = await self.click(user, self.message(), self.cid("dream"))
            answer = await self.world.fake.private_answer(record)
            await self.choose(user, answer, self.sid("peek0", table.state.round.number), ["0", "1"])
            await self.settle()
            table = self.table

    def plan(self, table: Table) -> Action:
        """The next move of the person whose turn it is: use every power, else a random legal move."""
        state = table.state
        assert state is not None
        seat = state.round.turn
        legal = legal_actions(state, seat)
        if state.round.step is Step.START and state.round.turns_played >= WAKE_AFTER:
            return WakeUp(seat)
        powers = [a for a in legal if isinstance(a, UseTakeTwo | UsePeek | UseSwap)]
        if powers:
            return self.rng.choice(powers)
        if state.round.step is Step.START and self.rng.random() < 0.75:
            return Draw(seat)
        return self.rng.choice([a for a in legal if not isinstance(a, WakeUp)])

    async def play_turn_step(self) -> None:
        """The person whose turn it is makes one engine move through the buttons."""
        table = self.table
        assert table is not None and table.state is not None
        user = self.people[table.seats[table.state.round.turn].user_id or 0]
        action, number = self.plan(table), table.move_number
        private = self.private.get(user.id)
        match action:
            case Draw():
                record = await self.click(user, self.message(), self.cid("draw", number))
                self.private[user.id] = await self.world.fake.private_answer(record)
            case TakeDiscard(position=p):
                record = await self.click(user, self.message(), self.cid("take", number))
                await self.click(user, await self.world.fake.private_answer(record), self.cid("tpos", number, p))
            case WakeUp():
                record = await self.click(user, self.message(), self.cid("wake", number))
                await self.click(user, await self.world.fake.private_answer(record), self.cid("wakeok", number))
            case SwapDrawn(position=p):
                await self.click(user, private, self.cid("swap", number, p))
            case DiscardDrawn():
                await self.click(user, private, self.cid("disc", number))
            case UseTakeTwo():
                await self.click(user, private, self.cid("power", number))
            case KeepCard(index=i):
                await self.click(user, private, self.cid("keep", number, i))
            case UsePeek(target=target):
                await self.click(user, private, self.cid("power", number))
                await self.choose(user, private, self.sid("ptgt", number), [slot_value(target)])
            case UseSwap(first=a, second=b):
                await self.click(user, private, self.cid("power", number))
                await self.choose(user, private, self.sid("s2", number), [slot_value(a), slot_value(b)])
                await self.click(user, private, self.cid("s2ok", number, slot_value(a), slot_value(b)))
        await self.settle()

    async def next_round(self) -> None:
        """Between rounds, everyone still playing presses Next round (the round then begins at once)."""
        table = self.table
        while table is not None and table.paused_until is not None:
            seat = next(i for i, s in enumerate(table.seats)
                        if s.user_id in self.people and not s.computer_plays and i not in table.ready)
            user = self.people[table.seats[seat].user_id or 0]
            await self.click(user, self.message(), self.cid("next", table.state.round.number if table.state else 0))
            await self.settle()
            table = self.table

    async def play_to_the_end(self, limit: int = 400) -> None:
        """Peek, then play turns until the match is over."""
        for _ in range(limit):
            if self.table is None:
                return
            await self.next_round()
            await self.initial_peeks()
            if self.table is None:
                return
            await self.play_turn_step()
        raise AssertionError("the match did not end")
