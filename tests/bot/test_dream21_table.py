"""Dream 21 through the fake Discord: people and a computer player play a whole match with the real client."""

from __future__ import annotations

import logging
import random
import re
from dataclasses import dataclass, field

import pytest

from bot.client import DreamcatsBot
from bot.service import ManualClock
from bot.storage import leaderboard
from bot.turn_pings import PING_GRACE
from bot.views.ids import TEMPLATE
from game.dream21 import MatchState, Play
from tests.bot.conftest import World, make_bot
from tests.bot.ui import WHOLE_MATCH_QUIET, TableClicks

PUBLIC_FILES = {"table.png", "hand-end.png", "standings.png"}
PUBLIC_ACTIONS = {"join", "leave", "start", "cancel", "addbot", "kick", "d21h", "next", "quit", "again"}
CARD = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[♠♥♦♣]")  # a card as the bot writes it ("7♠", "10♥", "A♦")


@dataclass
class Table21(TableClicks):
    """Ana and Bo at a Dream 21 table, clicking what a person would."""

    rng: random.Random = field(default_factory=lambda: random.Random(5))
    played: set[str] = field(default_factory=set)  # every card played face up so far ("7♠")

    async def turn(self) -> None:
        """The person whose turn it is opens My hand and plays from it (drawing first now and then)."""
        table = self.table
        assert table is not None and table.turn is not None
        user = self.people[table.seats[table.turn].user_id or 0]
        opened = await self.click(user, self.message(), f"dc:{self.game_id}:d21h")
        reply = await self.world.fake.private_answer(opened)
        assert [a.filename for a in reply.attachments] == ["hand.png"]
        while True:
            moves = [c for c in reply.custom_ids if ":d21d:" in c or ":d21p:" in c]
            assert moves, f"a seat in turn is offered moves: {reply.content} {reply.embeds}"
            draws = [c for c in moves if ":d21d:" in c]
            plays = [c for c in moves if ":d21p:" in c]
            choice = draws[0] if draws and (not plays or self.rng.random() < 0.6) else self.rng.choice(plays)
            await self.click(user, reply, choice)
            await self.settle()
            if ":d21p:" in choice or not any(":d21p:" in c for c in reply.custom_ids):
                return  # played, or could not play after drawing and took the trick

    def picture_is_current(self) -> bool:
        """Whether the table message's picture shows the table as it is now (its alt text: the pile and the turn)."""
        table = self.table
        assert table is not None and isinstance(table.state, MatchState) and table.turn is not None
        [picture] = self.message().attachments
        name = table.seats[table.turn].name
        described = picture.description or ""
        return f"Draw pile: {len(table.state.hand.draw_pile)}." in described and f"{name}'s turn" in described

    async def play_to_the_end(self, limit: int = 600) -> None:
        """Press Next hand between hands and play every turn of a person until the match is over."""
        for _ in range(limit):
            table = self.table
            if table is None:
                return
            assert isinstance(table.state, MatchState)
            self.played |= {str(action.card) for action in table.state.log if isinstance(action, Play)}
            if table.paused_until is not None:
                seat = next(i for i, s in enumerate(table.seats) if s.user_id in self.people and i not in table.ready)
                user = self.people[table.seats[seat].user_id or 0]
                await self.click(user, self.message(), f"dc:{self.game_id}:next:{table.state.hand.number}")
            else:
                assert self.picture_is_current()  # every move is public: a settled table shows it at once
                await self.turn()
            await self.settle()
        raise AssertionError("the match did not end")


async def open_dream21(world: World, bot: DreamcatsBot) -> Table21:
    """Ana opens a Dream 21 lobby (one hand per seat), Bo joins, a normal computer player sits down, Ana starts."""
    fake = world.fake
    start = await fake.slash(world.ana, world.games, "dreamcats start", game="dream21", hands=1)
    lobby = start.reply
    lobby_table = next(t for t in bot.service.tables if t.channel_id == world.games.id)
    assert lobby is not None and lobby.embeds[0]["title"] == "Dream 21 — a new match"
    assert "2 hands (1 per seat)" in str(lobby.embeds) and "2–6 seats" in str(lobby.embeds)
    await fake.click(world.bo, lobby, f"dc:{lobby_table.game_id}:join")
    await fake.select(world.ana, lobby, f"ds:{lobby_table.game_id}:addbot", ["normal"])
    await bot.presenter.idle()
    await fake.idle()
    assert "3 hands (1 per seat)" in str(lobby.embeds)  # a hand per seat: the match grows with the table
    await fake.click(world.ana, lobby, f"dc:{lobby_table.game_id}:start")
    players = Table21(world, bot, lobby_table.game_id, {u.id: u for u in (world.ana, world.bo)})
    await players.settle()
    return players


async def test_two_people_and_a_computer_play_a_whole_dream21_match(world: World, running: DreamcatsBot,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    fake = world.fake
    fake.quiet = WHOLE_MATCH_QUIET
    caplog.set_level(logging.INFO)
    players = await open_dream21(world, running)
    first = players.table
    assert first is not None and isinstance(first.state, MatchState) and first.game == "dream21"
    table_message = players.message()
    assert [a.filename for a in table_message.attachments] == ["table.png"]
    assert table_message.embeds[0]["title"] == "Dream 21 — hand 1 of 3"
    assert first.state.hand.dealer == 0  # the host deals the first hand

    # Someone who is not playing is refused politely and privately; a seat out of turn sees its hand, no moves.
    refused = await fake.click(world.eve, table_message, f"dc:{players.game_id}:d21h")
    assert refused.reply is not None and refused.reply.ephemeral and "not playing" in refused.reply.content
    waiting_seat = next(i for i, s in enumerate(first.seats) if s.user_id is not None and i != first.turn)
    waiting_user = players.people[first.seats[waiting_seat].user_id or 0]
    waiting = await fake.click(waiting_user, table_message, f"dc:{players.game_id}:d21h")
    assert waiting.reply is not None and waiting.reply.ephemeral
    assert [a.filename for a in waiting.reply.attachments] == ["hand.png"]
    assert not any(":d21" in c for c in waiting.reply.custom_ids) and "turn" in waiting.reply.embeds[0]["description"]

    await players.play_to_the_end()
    await running.presenter.idle()
    await fake.idle()

    # Three hand ends and the standings were posted; the result is stored under Dream 21 only.
    ends = [m for m in fake.messages_in(world.games) if any(a.filename == "hand-end.png" for a in m.attachments)]
    assert [m.embeds[0]["title"] for m in ends] == [f"Dream 21 — hand {n} is over" for n in (1, 2, 3)]
    # Each opens with the hand's last card, which the next hand's table no longer shows (RULES-dream21 §6).
    assert all(" played " in m.embeds[0]["description"].splitlines()[0] for m in ends)
    standings = fake.latest(world.games, where=lambda m: any(a.filename == "standings.png" for a in m.attachments))
    assert standings is not None and standings.embeds[0]["title"] == "Dream 21 — final standings"
    async with running.db.sessions() as session, session.begin():
        board = await leaderboard(session, guild_id=world.guild.id, game="dream21")
        dreamcats = await leaderboard(session, guild_id=world.guild.id)
    assert {row.user_id for row in board.rows} == {world.ana.id, world.bo.id} and dreamcats.total == 0

    # Hidden information: hands only in their owners' ephemeral replies; public messages carry public things only.
    for message in fake.public_messages():
        for revision in message.revisions:
            assert {a["filename"] for a in revision.get("attachments") or []} <= PUBLIC_FILES
        for custom_id in message.custom_ids:
            parsed = TEMPLATE.match(custom_id)
            assert parsed and parsed["action"] in PUBLIC_ACTIONS, custom_id
    public = fake.public_text()
    assert "hand.png" not in public and "You drew" not in public and "Your turn" not in public
    # A card in public is only ever one that was played face up (on the trick, "Ana played 7♠ — total 18").
    assert set(CARD.findall(public)) <= players.played
    private = [m for m in fake.messages_by_id.values() if any(a.filename == "hand.png" for a in m.attachments)]
    assert private and all(m.ephemeral for m in private)
    assert fake.violations == []
    assert all(r.latency is not None and r.latency < 3 for r in fake.interactions.values())
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("bot")] == []

    # Play again opens the next Dream 21 lobby with the same settings, the computer player back and Bo invited.
    await fake.click(world.ana, standings, f"dc:{players.game_id}:again")
    await running.presenter.idle()
    await fake.idle()
    rematch = next(t for t in running.service.tables if t.channel_id == world.games.id)
    lobby = fake.latest_with(world.games, f"dc:{rematch.game_id}:join")
    assert lobby is not None and lobby.embeds[0]["title"] == "Dream 21 — a new match"
    assert rematch.game == "dream21" and rematch.settings.hands_per_seat == 1 and rematch.invited == [world.bo.id]
    assert [seat.strength for seat in rematch.seats] == [None, "normal"]


async def test_a_dream21_match_survives_a_crash_mid_turn(world: World) -> None:
    fake = world.fake
    first = make_bot(world, seed=7)
    runner = fake.run(first)
    await runner.start()
    players = await open_dream21(world, first)
    table = players.table
    assert table is not None and table.turn is not None
    user = players.people[table.seats[table.turn].user_id or 0]
    opened = await players.click(user, players.message(), f"dc:{players.game_id}:d21h")
    assert opened.reply is not None
    plays = [c for c in opened.reply.custom_ids if ":d21p:" in c]
    assert plays, "the host leads the first trick: every card may be played"
    before = table.move_number

    await runner.kill()  # no clean shutdown
    second = make_bot(world, seed=8)
    await runner.restart(second)
    players.bot = second
    resumed = players.table
    assert resumed is not None and resumed.game == "dream21" and resumed.move_number == before

    # The crashed bot's private buttons still work: the card is played, and the match goes on (the computer too).
    await players.click(user, opened.reply, plays[0])
    await players.settle()
    after = players.table
    assert after is not None and after.move_number > before and after.turn is not None
    assert after.seats[after.turn].is_person  # the computer seat has moved by itself if it came next
    await players.turn()
    assert players.table is not None and players.table.move_number > after.move_number
    assert fake.violations == []
    await runner.stop()


async def test_a_dream21_turn_that_runs_out_is_played_by_the_computer(world: World) -> None:
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    async with world.fake.run(bot):
        players = await open_dream21(world, bot)
        table = players.table
        assert table is not None and table.deadline is not None and table.turn is not None
        seat, before = table.turn, table.move_number
        await clock.advance(PING_GRACE + 1)  # first the person is pinged, naming the game
        ping = await world.fake.wait_until(
            lambda: next((m for m in world.fake.messages_in(world.games) if "it's your turn" in m.content), None),
            what="a turn ping")
        assert "it's your turn at the [Dream 21 table](" in ping.content
        await clock.advance((table.deadline - clock.now()).total_seconds() + 1)
        await players.settle()
        after = players.table
        assert after is not None and after.seats[seat].timeouts == 1 and after.move_number > before
        assert after.turn != seat or after.turn_key != table.turn_key  # the whole turn was played for them
        # The table says so, in words, for everyone.
        assert f"{after.seats[seat].name}" in players.message().content and "time ran out" in players.message().content
        assert world.fake.violations == []


async def test_the_rules_of_dream21_privately_and_by_the_table_s_game(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    asked = await fake.slash(world.cy, world.games, "dreamcats rules", game="dream21")
    assert asked.reply is not None and asked.reply.ephemeral
    assert asked.reply.embeds[0]["title"] == "Dream 21 — jak grać" and "21" in asked.reply.embeds[0]["description"]
    await open_dream21(world, running)
    by_table = await fake.slash(world.bo, world.games, "dreamcats rules")  # no game named: the table's own
    assert by_table.reply is not None and by_table.reply.embeds[0]["title"] == "Dream 21 — how to play"
    elsewhere = fake.add_channel(world.guild, "lounge")
    guide = await fake.slash(world.bo, elsewhere, "dreamcats rules")  # no table there: Dreamcats' guide
    assert guide.reply is not None and [a.filename for a in guide.reply.attachments] == ["rules-1.png"]
    assert fake.violations == []
