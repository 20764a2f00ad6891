"""Cat Duel through the fake Discord: people pick cats in the lobby and play a whole match with a computer player,
choosing in secret through their private replies; the real discord.py client path end to end."""

from __future__ import annotations

import json
import logging
import random
import re
from dataclasses import dataclass, field

import pytest

from bot.client import DreamcatsBot
from bot.storage import leaderboard
from bot.views.ids import TEMPLATE
from game.catduel import Cat, MatchState, Phase, observe
from tests.bot.conftest import World
from tests.bot.ui import WHOLE_MATCH_QUIET, TableClicks
from tests.fakediscord import FakeMessage, FakeUser

PUBLIC_FILES = {"table.png", "standings.png"}
PUBLIC_ACTIONS = {"join", "leave", "start", "cancel", "addbot", "kick", "cdcat", "cdo", "next", "quit", "again"}
CARD_NAMES = {"Double Purring", "Guaranteed Purring", "Purr and Draw", "Reverse Scratch", "Guard and Heal",
              "Guard and Draw", "Can't Reverse", "Can't Guard", "Double Scratch"}


def _options(message: FakeMessage, custom_id: str) -> list[dict[str, str]]:
    """The options of a select menu on the message."""
    menu = next(c for c in message.iter_components() if c.get("custom_id") == custom_id)
    return list(menu["options"])


def _table_text(message: FakeMessage) -> str:
    """Every revision of the message since it became the table (the lobby before it describes the cats)."""
    tables = [r for r in message.revisions if any(a["filename"] == "table.png" for a in r.get("attachments") or [])]
    return "\n".join(json.dumps(revision) for revision in tables)


@dataclass
class Duel(TableClicks):
    """Ana and Bo at a Cat Duel table, choosing the way a person would: a move, now and then a card or a target."""

    rng: random.Random = field(default_factory=lambda: random.Random(3))

    def state(self) -> MatchState:
        """The live match."""
        table = self.table
        assert table is not None and isinstance(table.state, MatchState)
        return table.state

    def waiting_people(self) -> list[FakeUser]:
        """The people still to choose in this phase, in seat order."""
        table = self.table
        assert table is not None
        waiting = observe(self.state(), None).waiting_for
        return [self.people[table.seats[s].user_id or 0] for s in waiting
                if table.seats[s].user_id in self.people and not table.seats[s].computer_plays]

    async def open_move(self, user: FakeUser) -> FakeMessage:
        """My move from the table: the person's private reply."""
        record = await self.click(user, self.message(), f"dc:{self.game_id}:cdo")
        return await self.world.fake.private_answer(record)

    async def choose(self, user: FakeUser) -> FakeMessage:  # type: ignore[override]
        """Open My move and make a choice there: a prelude button, or a move (card, target) confirmed."""
        reply = await self.open_move(user)
        preludes = [c for c in reply.custom_ids if ":cdp:" in c]
        if preludes:
            await self.click(user, reply, self.rng.choice(preludes))
            return reply
        moves = [c for c in reply.custom_ids if ":cdm:" in c]
        assert moves, f"a seat still to choose is offered moves: {reply.embeds}"
        await self.click(user, reply, self.rng.choice(moves))
        cards = [c for c in reply.custom_ids if ":cdk:" in c]
        if cards and self.rng.random() < 0.6:
            options = [o["value"] for o in _options(reply, cards[0]) if o["value"] != "0"]
            await self.pick(user, reply, cards[0], [self.rng.choice(options)])
        targets = [c for c in reply.custom_ids if ":cdt:" in c]
        if targets:
            options = [o["value"] for o in _options(reply, targets[0])]
            await self.pick(user, reply, targets[0], [self.rng.choice(options)])
        [confirm] = [c for c in reply.custom_ids if ":cdc:" in c]
        await self.click(user, reply, confirm)
        return reply

    async def pick(self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[str]) -> None:
        """A select choice in a private reply."""
        self.records.append(await self.world.fake.select(user, message, custom_id, values))

    async def play_to_the_end(self, limit: int = 900) -> None:
        """Press Next duel between duels and let every person choose until the match is over."""
        for _ in range(limit):
            table = self.table
            if table is None:
                return
            if table.paused_until is not None:
                seat = next(i for i, s in enumerate(table.seats) if s.user_id in self.people and i not in table.ready)
                user = self.people[table.seats[seat].user_id or 0]
                await self.click(user, self.message(), f"dc:{self.game_id}:next:{self.state().duel.number}")
            else:
                people = self.waiting_people()
                assert people, "computer seats choose at once while a person is still to choose"
                await self.choose(people[0])
            await self.settle()
        raise AssertionError("the match did not end")


async def open_catduel(world: World, bot: DreamcatsBot, *, duels: int = 3) -> Duel:
    """Ana opens a Cat Duel lobby, picks the Persian; Bo joins; a normal computer player sits down; Ana starts."""
    fake = world.fake
    start = await fake.slash(world.ana, world.games, "dreamcats start", game="catduel", duels=duels)
    lobby = start.reply
    table = next(t for t in bot.service.tables if t.channel_id == world.games.id)
    assert lobby is not None and lobby.embeds[0]["title"] == "Cat Duel — a new match"
    await fake.select(world.ana, lobby, f"ds:{table.game_id}:cdcat", [str(list(Cat).index(Cat.PERSIAN) + 1)])
    await fake.click(world.bo, lobby, f"dc:{table.game_id}:join")
    await fake.select(world.ana, lobby, f"ds:{table.game_id}:addbot", ["normal"])
    await bot.presenter.idle()
    await fake.idle()
    assert "Seat 1: Ana (host) — Persian" in str(lobby.embeds) and f"Best of {duels}" in str(lobby.embeds)
    persian = str(list(Cat).index(Cat.PERSIAN) + 1)
    assert persian not in [o["value"] for o in _options(lobby, f"ds:{table.game_id}:cdcat")]  # Ana's, not offered
    await fake.click(world.ana, lobby, f"dc:{table.game_id}:start")
    duel = Duel(world, bot, table.game_id, {u.id: u for u in (world.ana, world.bo)})
    await duel.settle()
    return duel


async def test_two_people_and_a_computer_play_a_whole_catduel_match(world: World, running: DreamcatsBot,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    fake = world.fake
    fake.quiet = WHOLE_MATCH_QUIET
    caplog.set_level(logging.INFO)
    duel = await open_catduel(world, running)
    state = duel.state()
    assert state.cats[0] is Cat.PERSIAN and len(set(state.cats)) == 3 and state.settings.best_of == 3
    message = duel.message()
    assert [a.filename for a in message.attachments] == ["table.png"]
    assert message.embeds[0]["title"].startswith("Cat Duel — duel 1, round 1")

    # Someone who is not playing is refused politely and privately.
    refused = await fake.click(world.eve, message, f"dc:{duel.game_id}:cdo")
    assert refused.reply is not None and refused.reply.ephemeral and "not playing" in refused.reply.content

    await duel.play_to_the_end()
    await running.presenter.idle()
    await fake.idle()

    standings = fake.latest(world.games, where=lambda m: any(a.filename == "standings.png" for a in m.attachments))
    assert standings is not None and standings.embeds[0]["title"] == "Cat Duel — final standings"
    async with running.db.sessions() as session, session.begin():
        board = await leaderboard(session, guild_id=world.guild.id, game="catduel")
        dreamcats = await leaderboard(session, guild_id=world.guild.id)
    assert {row.user_id for row in board.rows} == {world.ana.id, world.bo.id} and dreamcats.total == 0
    stats = await fake.slash(world.bo, world.games, "dreamcats stats", game="catduel")
    assert stats.reply is not None
    fields = {f["name"]: f["value"] for f in stats.reply.embeds[0]["fields"]}
    assert "Rounds survived per duel" in fields and not any("Wake" in name for name in fields)
    assert float(fields["Rounds survived per duel"]) > 0
    cat = state.cats[1].value.replace("_", " ").title()  # Bo's (the cats stay for the whole match)
    assert fields["Favourite cat"] == cat
    bo_line = next(line for line in standings.embeds[0]["description"].splitlines() if f"Bo ({cat})" in line)
    assert re.search(rf": {fields['Duels won']} duels? won", bo_line), bo_line
    shown = await fake.slash(world.bo, world.games, "dreamcats leaderboard", game="catduel")
    assert shown.reply is not None
    board_line = next(line for line in shown.reply.embeds[0]["description"].splitlines() if "Bo" in line)
    assert board_line.endswith(f"duels won: {fields['Duels won']}"), board_line

    for public in fake.public_messages():
        for revision in public.revisions:
            assert {a["filename"] for a in revision.get("attachments") or []} <= PUBLIC_FILES
        for custom_id in public.custom_ids:
            parsed = TEMPLATE.match(custom_id)
            assert parsed and parsed["action"] in PUBLIC_ACTIONS, custom_id
    private = [m for m in fake.messages_by_id.values() if any(a.filename == "hand.png" for a in m.attachments)]
    assert private and all(m.ephemeral for m in private)
    assert fake.violations == []
    assert all(r.latency is not None and r.latency < 3 for r in fake.interactions.values())
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("bot")] == []


async def test_a_choice_stays_secret_until_the_reveal_and_can_be_changed(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    duel = await open_catduel(world, running, duels=1)
    while observe(duel.state(), None).phase is Phase.PRELUDE:  # a prelude first if a cat has an ability ready
        await duel.choose(duel.waiting_people()[0])
        await duel.settle()
    ana_seat = 0
    reply = await duel.open_move(world.ana)
    scratch = next(c for c in reply.custom_ids if c.endswith(":3") and ":cdm:" in c)
    await duel.click(world.ana, reply, scratch)
    targets = [c for c in reply.custom_ids if ":cdt:" in c]
    if targets:  # two other cats: Ana scratches the computer's
        await duel.pick(world.ana, reply, targets[0], ["3"])
    [confirm] = [c for c in reply.custom_ids if ":cdc:" in c]
    await duel.click(world.ana, reply, confirm)
    await duel.settle()
    mine = observe(duel.state(), ana_seat).my_strategy
    assert mine is not None and mine.move.value == "scratch"
    assert "Your choice: **Scratch" in str(reply.embeds)

    # The table says only that Ana has chosen: "2 of 3 have chosen" (the computer chose at once), never what.
    table_text = duel.message().content
    assert "2 of 3 have chosen" in table_text and "waiting for Bo" in table_text
    shown = _table_text(duel.message())
    assert "Scratch" not in shown and "Your choice" not in fake.public_text()
    assert not any(name in shown for name in CARD_NAMES)

    # Ana changes her mind: Guard. Still secret, still 2 of 3.
    guard = next(c for c in reply.custom_ids if c.endswith(":2") and ":cdm:" in c)
    await duel.click(world.ana, reply, guard)
    [confirm] = [c for c in reply.custom_ids if ":cdc:" in c]
    await duel.click(world.ana, reply, confirm)
    await duel.settle()
    changed = observe(duel.state(), ana_seat).my_strategy
    assert changed is not None and changed.move.value == "guard"
    assert "2 of 3 have chosen" in duel.message().content

    # Bo chooses: everything is revealed at once, Ana's (changed) guard among it.
    round_before = duel.state().rounds_so_far
    await duel.choose(world.bo)
    await duel.settle()
    assert duel.state().rounds_so_far > round_before  # revealed (a best-of-3 match is still on)
    assert "Ana: Guard" in duel.message().content
    assert fake.violations == []
