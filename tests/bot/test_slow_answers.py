"""/dreamcats leaderboard, stats and settings with a slow database: "thinking…" comes within Discord's deadline,
and the reply is then completed with the answer or a line (never left "thinking…")."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from bot.client import DreamcatsBot
from bot.cog import DreamcatsCog
from tests.bot.conftest import World
from tests.fakediscord import MANAGE_GUILD

DELAY = 1.0  # what the database takes here; Discord's deadline is shortened below it


@pytest.fixture
def slow(world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> DreamcatsBot:
    """Every read and write of the bot's database waits DELAY s first; the deadline is shorter than that."""
    db = running.db
    sessions, read, write = db.sessions, db.read, db.write

    @contextlib.asynccontextmanager
    async def slow_sessions() -> AsyncIterator[AsyncSession]:
        await asyncio.sleep(DELAY)
        async with sessions() as session:
            yield session

    async def slow_read(work: Any) -> Any:
        await asyncio.sleep(DELAY)
        return await read(work)

    async def slow_write(work: Any, **options: Any) -> Any:
        await asyncio.sleep(DELAY)
        return await write(work, **options)

    monkeypatch.setattr(db, "sessions", slow_sessions)
    monkeypatch.setattr(db, "read", slow_read)
    monkeypatch.setattr(db, "write", slow_write)
    [cog] = [c for c in running.cogs.values() if isinstance(c, DreamcatsCog)]
    cog.answer_within = 0.05
    world.fake.deadline = DELAY - 0.3
    return running


async def test_a_slow_leaderboard_is_deferred_then_shown(world: World, slow: DreamcatsBot) -> None:
    record = await world.fake.slash(world.bo, world.games, "dreamcats leaderboard")
    reply = record.original
    assert record.response_type == 5 and reply is not None and not reply.loading
    assert not reply.ephemeral and reply.embeds and "leaderboard" in reply.embeds[0]["title"]
    assert world.fake.violations == []


async def test_slow_stats_of_nobody_end_in_a_private_line(world: World, slow: DreamcatsBot) -> None:
    fake = world.fake
    record = await fake.slash(world.bo, world.games, "dreamcats stats")
    assert record.response_type == 5 and record.original is not None
    assert record.original.deleted or not record.original.loading
    # The public placeholder gives way to a private line (the fake applies a followup to the deleted placeholder,
    # so the request itself is checked).
    [followup] = [r for r in fake.requests if r.method == "POST" and r.path.startswith("/webhooks/")]
    body = followup.body
    assert isinstance(body, dict) and body["flags"] & 64 and "has not finished a Dreamcats match" in body["content"]
    assert fake.violations == []


async def test_slow_settings_are_deferred_privately_then_shown(world: World, slow: DreamcatsBot) -> None:
    mod = world.fake.add_user("mod", guild=world.guild, permissions=MANAGE_GUILD)
    record = await world.fake.slash(mod, world.games, "dreamcats settings", memory_aid=True)
    reply = record.original
    assert record.response_type == 5 and reply is not None and not reply.loading
    assert reply.ephemeral and reply.embeds and "Saved" in reply.embeds[0]["description"]
    assert world.fake.violations == []


async def test_a_slow_database_that_fails_ends_in_an_apology(
        world: World, slow: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(work: Any) -> Any:
        await asyncio.sleep(DELAY)
        raise RuntimeError("the database went away")

    monkeypatch.setattr(slow.db, "read", broken)
    fake = world.fake
    record = await fake.slash(world.bo, world.games, "dreamcats leaderboard")
    assert record.response_type == 5 and record.original is not None
    assert record.original.deleted or not record.original.loading
    [followup] = [r for r in fake.requests if r.method == "POST" and r.path.startswith("/webhooks/")]
    body = followup.body
    assert isinstance(body, dict) and "Something went wrong there" in body["content"]
    assert fake.violations == []
