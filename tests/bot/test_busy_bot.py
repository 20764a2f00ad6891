"""A bot whose clicks come late opens no new table (bot.lateness), and says so kindly; the tables in play go on."""

from __future__ import annotations

import logging
from datetime import timedelta

import discord
import pytest

from bot.client import DreamcatsBot
from bot.i18n import t
from tests.bot.conftest import World, make_bot
from tests.bot.test_play_again import _played, _standings

BUSY_LINE = t("error.BotBusyError", "en")


def rush(bot: DreamcatsBot, late: float = 3.0) -> None:
    """What the handlers see in a rush: for 5 s, clicks reaching them `late` seconds after they were sent (timed a
    little ahead of the clock, so that the test's own clicks, which come earlier, weigh nothing against them)."""
    now = discord.utils.utcnow() + timedelta(seconds=1)
    bot.lateness.record(now, now)  # one click in time first: the network's share
    for step in range(1, 101):
        at = now + timedelta(seconds=step * 0.05)
        bot.lateness.record(at - timedelta(seconds=late), at)
    assert bot.lateness.busy


def calm(bot: DreamcatsBot) -> None:
    """Clicks in time again, for 20 s after the rush."""
    now = discord.utils.utcnow() + timedelta(seconds=7)
    for step in range(200):
        at = now + timedelta(seconds=step * 0.1)
        bot.lateness.record(at, at)
    assert not bot.lateness.busy


async def test_a_busy_bot_opens_no_lobby_and_says_so_privately(
        world: World, running: DreamcatsBot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    rush(running)
    refused = await world.fake.slash(world.ana, world.games, "dreamcats start")
    assert refused.reply is not None and refused.reply.ephemeral
    assert refused.reply.content == BUSY_LINE and "try again in a minute" in BUSY_LINE
    assert running.service.in_channel(world.games.id) is None
    assert world.fake.latest_with(world.games, "dc:") is None
    assert [r for r in caplog.records if "start refused" in r.getMessage()]  # one line for the operator
    polish = await world.fake.slash(world.cy, world.games, "dreamcats start")
    assert polish.reply is not None and polish.reply.content == t("error.BotBusyError", "pl")

    calm(running)
    opened = await world.fake.slash(world.ana, world.games, "dreamcats start")
    assert opened.reply is not None and not opened.reply.ephemeral and opened.reply.custom_ids
    assert running.service.in_channel(world.games.id) is not None
    assert not world.fake.violations


async def test_a_lobby_open_before_the_rush_still_fills_and_starts(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    start = await fake.slash(world.ana, world.games, "dreamcats start")
    lobby = start.reply
    assert lobby is not None
    table = running.service.in_channel(world.games.id)
    assert table is not None
    rush(running)
    await fake.click(world.bo, lobby, f"dc:{table.game_id}:join")
    started = await fake.click(world.ana, lobby, f"dc:{table.game_id}:start")
    assert started.reply is None or started.reply.content != BUSY_LINE
    await running.presenter.idle()
    playing = running.service.get(table.game_id)
    assert playing.state is not None and len(playing.seats) == 2
    assert not fake.violations


async def test_play_again_waits_while_the_bot_is_busy(world: World) -> None:
    bot = make_bot(world)
    async with world.fake.run(bot):
        players, first = await _played(world, bot)
        standings = _standings(world)
        rush(bot)
        refused = await world.fake.click(world.bo, standings, f"dc:{players.game_id}:again")
        assert refused.reply is not None and refused.reply.ephemeral and refused.reply.content == BUSY_LINE
        assert bot.service.in_channel(world.games.id) is None
        calm(bot)
        await world.fake.click(world.bo, standings, f"dc:{players.game_id}:again")
        await bot.presenter.idle()
        lobby = bot.service.in_channel(world.games.id)
        assert lobby is not None and lobby.state is None and lobby.game_id != first.game_id
        assert not world.fake.violations
