"""Fixtures for the bot's end-to-end tests: the fake Discord, a guild with people, and the real bot."""

from __future__ import annotations

import asyncio
import random
import shutil
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client import DreamcatsBot
from bot.service import ManualClock
from bot.storage.database import Database
from tests.bot.fakes import RecordingNotifier
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from tests.fakediscord.plugin import fake_discord, no_network

__all__ = ["fake_discord", "no_network"]


@pytest.fixture
def clock() -> ManualClock:
    """A clock that moves only when the test advances it."""
    return ManualClock()


@pytest.fixture
def notifier() -> RecordingNotifier:
    """A notifier that records what the service tells the tables."""
    return RecordingNotifier()


@dataclass
class World:
    """A guild with a #games channel, three players and an onlooker."""

    fake: FakeDiscord
    guild: FakeGuild
    games: FakeChannel
    ana: FakeUser
    bo: FakeUser
    cy: FakeUser
    eve: FakeUser
    database_url: str


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file the bot's own start-up migrated to head, once per test process: each world starts from a copy.

    Migrating a new file takes a quarter of a second, hundreds of times a run; a copy at head still goes through the
    start-up's migration step (nothing pending). Migrating from nothing is tested in tests/bot/storage.
    """
    path = tmp_path_factory.mktemp("template") / "dreamcats.db"

    async def migrate() -> None:
        database = await Database.open(f"sqlite+aiosqlite:///{path}")
        await database.close()

    # On a thread of its own: this test process's event loop belongs to pytest-asyncio.
    worker = threading.Thread(target=asyncio.run, args=(migrate(),))
    worker.start()
    worker.join()
    assert path.exists() and not path.with_name(path.name + "-wal").exists()  # whole, its log checkpointed
    return path


@pytest.fixture
def world(fake_discord: FakeDiscord, tmp_path: Path, migrated_database: Path) -> World:
    """Ana and Bo speak English, Cy Polish; Eve only watches."""
    shutil.copyfile(migrated_database, tmp_path / "dreamcats.db")
    fake = fake_discord
    guild = fake.add_guild("Cat Café", locale="en-US")
    games = fake.add_channel(guild, "games")
    people = [fake.add_user(name.lower(), display_name=name, guild=guild, locale=loc)
              for name, loc in (("Ana", "en-US"), ("Bo", "en-GB"), ("Cy", "pl"), ("Eve", "en-US"))]
    return World(fake, guild, games, *people, database_url=f"sqlite+aiosqlite:///{tmp_path / 'dreamcats.db'}")


def make_bot(world: World, seed: int = 3, clock: ManualClock | None = None) -> DreamcatsBot:
    """A fresh bot on the world's database: seeded, a manual clock (timers and reveals move only when told),
    computer players without pauses, table edits not spaced."""
    return DreamcatsBot(database_url=world.database_url, clock=clock or ManualClock(), computer_pause=0.0,
                        edit_interval=0.0, rng=random.Random(seed))


@pytest_asyncio.fixture
async def running(world: World) -> AsyncIterator[DreamcatsBot]:
    """The bot, logged into the fake and ready."""
    bot = make_bot(world)
    async with world.fake.run(bot):
        yield bot
