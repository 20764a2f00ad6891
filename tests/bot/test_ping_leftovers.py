"""Turn pings a crash left posted are deleted by the next process; a ping ended in time leaves nothing stored."""

from __future__ import annotations

import asyncio
import json
import logging
import random

import pytest
from sqlalchemy import select

from bot import turn_pings
from bot.client import DreamcatsBot
from bot.ping_leftovers import KEY_PREFIX
from bot.service import ManualClock, shard_of
from bot.storage import save_bot_state_row
from bot.storage.models import BotState
from bot.turn_pings import PING_GRACE
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.bot.test_turn_pings import pings
from tests.bot.ui import Players
from tests.fakediscord import BotRunner, Fault, service_unavailable
from tests.fakediscord.message import FakeMessage


async def stored_pings(bot: DreamcatsBot) -> list[str]:
    """The keys of the pings the bot_state table remembers."""
    async with bot.db.sessions() as session:
        return list(await session.scalars(select(BotState.key).where(BotState.key.startswith(KEY_PREFIX))))


async def _pinged(world: World, bot: DreamcatsBot, clock: ManualClock) -> tuple[Players, FakeMessage]:
    """A table on `bot` at Ana's first turn, left waiting past the grace: her ping posted and remembered."""
    players = await open_table(world, bot)
    await players.initial_peeks()
    await clock.advance(PING_GRACE + 1)
    ping = await world.fake.wait_until(lambda: next(iter(pings(world)), None), what="a turn ping")
    await world.fake.wait_until(lambda: bot.turn_pings.posted == 1, what="the ping known to the bot")
    await players.settle()
    assert await stored_pings(bot) == [f"{KEY_PREFIX}{ping.id}"]
    return players, ping


async def _pinged_then_killed(world: World, *, act_first: bool) -> tuple[BotRunner, Players, FakeMessage]:
    """A table whose person was pinged; the bot dies while Discord is slow with the ping's deletion, so that its last
    seconds are not enough to delete it (`act_first`: after the person acted, so the ping's turn is over)."""
    fake, clock = world.fake, ManualClock()
    first = make_bot(world, clock=clock)
    runner = fake.run(first)
    await runner.start()
    players, ping = await _pinged(world, first, clock)
    fake.outage = lambda call: Fault(error=service_unavailable(), delay=1.0) if str(ping.id) in call.path else None
    if act_first:
        await players.play_turn_step()
    await runner.kill()
    fake.outage = None
    assert not ping.deleted
    return runner, players, ping


async def test_a_ping_whose_turn_a_crash_kept_waiting_stays_until_the_turn_moves_on(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turn_pings, "CLOSE_PATIENCE", 0.2)
    fake = world.fake
    runner, players, ping = await _pinged_then_killed(world, act_first=False)
    later = ManualClock()
    second = make_bot(world, seed=8, clock=later)
    await runner.restart(second)
    await second.presenter.idle()
    await later.advance(PING_GRACE + 1)  # still Ana's turn, and she was pinged for it: not pinged twice
    players = Players(world, second, players.game_id, players.people)
    await players.settle()
    assert not ping.deleted and pings(world) == [ping]
    await players.play_turn_step()  # Ana acts: the ping of the turn goes, as if no crash had come
    await fake.wait_until(lambda: ping.deleted, what="the ping deleted")
    await players.settle()
    assert await stored_pings(second) == [] and fake.violations == []
    await runner.stop()


async def test_a_ping_still_waiting_is_kept_though_older_leftovers_are_slow_to_delete(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Leftovers that must go are deleted a few a second: one still waiting behind them when its turn's grace runs out
    in the new process (the restart's redraw started it) must stay this turn's ping, not be deleted with Ana pinged
    again."""
    monkeypatch.setattr(turn_pings, "CLOSE_PATIENCE", 0.2)
    fake, clock = world.fake, ManualClock()
    first = make_bot(world, clock=clock)
    runner = fake.run(first)
    await runner.start()
    stale = {"guild_id": world.guild.id, "message_id": 1, "key": [1, 0, 0, 5],
             "place": {"game_id": "gone", "guild_id": world.guild.id, "channel_id": world.games.id, "locale": "en",
                       "title": "Dreamcats", "user_id": world.bo.id, "name": "Bo"}}
    # An older process's ping of a game long gone, stored before this table's ping: read before it.
    await first.db.write_core(lambda c: save_bot_state_row(c, key=f"{KEY_PREFIX}1", value=json.dumps(stale)))
    players = await open_table(world, first)
    await players.initial_peeks()
    await clock.advance(PING_GRACE + 1)
    ping = await fake.wait_until(lambda: next(iter(pings(world)), None), what="a turn ping")
    await fake.wait_until(lambda: first.turn_pings.posted == 1, what="the ping known to the bot")
    await players.settle()
    fake.outage = lambda call: Fault(error=service_unavailable(), delay=1.0) if str(ping.id) in call.path else None
    await runner.kill()  # Discord too slow with the ping's deletion for the dying process: it stays
    assert not ping.deleted
    fake.outage = lambda call: (Fault(error=service_unavailable(), delay=3.0)
                                if call.method == "DELETE" and call.path.endswith("/messages/1") else None)
    later = ManualClock()
    second = make_bot(world, seed=8, clock=later)
    await runner.restart(second)
    await second.presenter.idle()
    await asyncio.sleep(0.5)  # the restart's redraw of the table starts this turn's grace in the new process
    await later.advance(PING_GRACE + 1)  # and it runs out while the stale ping's deletion hangs
    await asyncio.sleep(3.0)
    fake.outage = None
    players = Players(world, second, players.game_id, players.people)
    await players.settle()
    assert not ping.deleted and pings(world) == [ping]  # kept, and Ana not pinged twice
    await runner.stop()


async def test_a_ping_a_crash_left_after_its_turn_is_deleted_after_the_restart(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turn_pings, "CLOSE_PATIENCE", 0.2)
    fake = world.fake
    runner, _, ping = await _pinged_then_killed(world, act_first=True)
    second = make_bot(world, seed=8)
    await runner.restart(second)
    await fake.wait_until(lambda: ping.deleted, what="the leftover ping deleted")
    await second.presenter.idle()
    assert await stored_pings(second) == [] and fake.violations == []
    await runner.stop()


async def test_a_ping_ended_with_its_turn_is_forgotten(world: World) -> None:
    fake, clock = world.fake, ManualClock()
    bot = make_bot(world, clock=clock)
    async with fake.run(bot):
        players, ping = await _pinged(world, bot, clock)
        await players.play_turn_step()  # Ana acts: her ping goes, and so does its row
        await fake.wait_until(lambda: ping.deleted, what="the ping deleted")
        await players.settle()
        assert await stored_pings(bot) == []


async def test_unreadable_leftovers_of_its_guilds_are_dropped_and_other_shards_rows_left_alone(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bot")
    own = shard_of(world.guild.id, 2)
    other_guild = world.guild.id + (1 << 22)  # the next shard's
    assert shard_of(other_guild, 2) != own
    place = {"game_id": "x", "guild_id": world.guild.id, "channel_id": world.games.id, "locale": "en",
             "title": "Dreamcats", "user_id": world.ana.id, "name": "Ana"}
    rows = {
        1: {"message_id": 1},  # no guild: no process could take it up
        2: {"guild_id": world.guild.id, "message_id": 2, "key": [1, 0, 0, 5], "place": {"game_id": "x"}},
        3: {"guild_id": world.guild.id, "message_id": 3, "key": [1, 0, 0, 5], "place": {**place, "user_id": "Ana"}},
        4: {"guild_id": other_guild, "message_id": 4, "key": [1, 0, 0, 5], "place": {"game_id": "y"}},
    }
    first = make_bot(world)
    async with world.fake.run(first):
        for number, value in rows.items():
            await first.db.write_core(lambda c, n=number, v=value: save_bot_state_row(  # type: ignore[misc]
                c, key=f"{KEY_PREFIX}{n}", value=json.dumps(v)))
    second = DreamcatsBot(database_url=world.database_url, clock=ManualClock(), computer_pause=0.0, edit_interval=0.0,
                          rng=random.Random(8), shard=(own, 2))
    async with world.fake.run(second):  # read and dropped at its start, before it resumes any game
        assert await stored_pings(second) == [f"{KEY_PREFIX}4"]  # the other shard's process reads that one
    lines = [r.getMessage() for r in caplog.records if "turn ping left by an earlier process" in r.getMessage()]
    assert len(lines) == 3 and world.fake.violations == []
