"""A full table of the games that seat six (Dream 21, Cat Duel) plays to its end and goes into the standings.

Found by tests/bot/test_monkey.py: the finished match's check allowed Dreamcats' 2 to 5 seats for every game, so a
six-seat match could not be recorded and its last move was refused again and again, the table stuck at its end.
"""

from __future__ import annotations

import asyncio
import logging
import time

import pytest
from sqlalchemy import select

from bot.service import ManualClock
from bot.storage.models import Match
from tests.bot.conftest import World, make_bot
from tests.bot.test_monkey import SHORT


@pytest.mark.parametrize("game", ["catduel", "dream21"])
async def test_a_six_seat_match_plays_to_its_end_and_is_recorded(world: World, game: str,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    clock = ManualClock()
    bot = make_bot(world, clock=clock)
    fake = world.fake
    async with fake.run(bot):
        start = await fake.slash(world.ana, world.games, "dreamcats start", game=game, **SHORT[game])
        lobby = start.reply
        assert lobby is not None and not lobby.ephemeral
        game_id = next(t.game_id for t in bot.service.tables if t.channel_id == world.games.id)
        await fake.click(world.bo, lobby, f"dc:{game_id}:join")
        for _ in range(4):
            await fake.select(world.ana, lobby, f"ds:{game_id}:addbot", ["normal"])
        await fake.click(world.ana, lobby, f"dc:{game_id}:start")
        table = bot.service.get(game_id)
        assert table.state is not None and len(table.seats) == 6
        # Nobody clicks: every turn of Ana and Bo runs out and the computer plays it, rounds move on by themselves.
        give_up = time.monotonic() + 60
        while any(t.game_id == game_id for t in bot.service.tables):
            assert time.monotonic() < give_up, f"the six-seat match never ended: {bot.service.get(game_id)}"
            await clock.advance(130)
            await asyncio.sleep(0.01)  # the storage threads keep real time
            await bot.presenter.idle()
            await fake.idle()
        # The match may end while fake.idle() waits (its record is saved on a storage thread): the standings are
        # queued then, so wait for them once more (CI, under load, looked before they were posted).
        await bot.presenter.idle()
        await fake.idle()
        async with bot.db.sessions() as session:
            stored = (await session.scalars(select(Match).where(Match.game_id == game_id))).one()
        assert (stored.game, stored.seat_count) == (game, 6)
        standings = fake.latest(world.games, where=lambda m: any(a.filename == "standings.png" for a in m.attachments))
        assert standings is not None
    assert fake.violations == []
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith("bot")] == []
