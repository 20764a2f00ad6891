"""Buttons and commands whose answer waits for a busy database, a slow drawing or a game's lock: the click is
acknowledged within Discord's deadline and then answered, and a failure is one private line (never "This interaction
failed"). Through the fake Discord and the real bot, on a SQLite file."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot import answers, rules_guide
from bot.client import DreamcatsBot
from bot.cog import DreamcatsCog
from bot.i18n import t
from bot.storage import Database, StorageBusyError, record_match
from tests.bot.conftest import World, make_bot
from tests.bot.storage.conftest import match, seat
from tests.fakediscord import FakeMessage

DELAY = 1.0  # what the slow part takes here; Discord's deadline is shortened below it
DEADLINE = DELAY - 0.3


async def _twelve_players(world: World) -> None:
    """Three finished matches of four: twelve people on the leaderboard, two pages of ten."""
    db = await Database.open(world.database_url)
    async with db.sessions() as s, s.begin():
        for first in (1000, 1004, 1008):
            seats = [seat(first + i, 10 * (i + 1), name=f"Player {first + i}") for i in range(4)]
            await record_match(s, record=match(world.guild.id, seats))
    await db.close()


def _slow(method: Callable[..., Awaitable[Any]], fail: bool = False) -> Callable[..., Awaitable[Any]]:
    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(DELAY)
        if fail:
            raise StorageBusyError("The database stayed busy; nothing was written.")
        return await method(*args, **kwargs)

    return slow


async def _leaderboard(world: World, running: DreamcatsBot) -> FakeMessage:
    shown = await world.fake.slash(world.ana, world.games, "dreamcats leaderboard")
    assert shown.reply is not None and shown.reply.embeds[0]["footer"]["text"].startswith("Page 1 of 2")
    return shown.reply


@pytest.fixture
def quick_deadline(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord's deadline shorter than the slow part; the bot defers after 50 ms."""
    monkeypatch.setattr(answers, "ANSWER_WITHIN", 0.05)
    world.fake.deadline = DEADLINE


async def test_a_page_of_the_leaderboard_read_slowly_is_acknowledged_then_shown(
        world: World, quick_deadline: None, monkeypatch: pytest.MonkeyPatch) -> None:
    await _twelve_players(world)
    bot = make_bot(world)
    async with world.fake.run(bot):
        board = await _leaderboard(world, bot)
        monkeypatch.setattr(bot.db, "read", _slow(bot.db.read))
        turned = await world.fake.click(world.ana, board, label="Next")
        assert turned.response_type == 6  # a deferred update: the page stays until the edit
        await world.fake.wait_until(lambda: board.embeds[0]["footer"]["text"].startswith("Page 2 of 2"),
                                    what="page 2 in the asker's message")
        # Someone else's click gets the page privately, after "thinking…".
        other = await world.fake.click(world.bo, board, label="Previous")
        assert other.response_type == 5
        reply = await world.fake.wait_until(lambda: other.original if other.original and not other.original.loading
                                            else None, what="Bo's private page")
        assert reply.ephemeral_to == world.bo and reply.embeds[0]["footer"]["text"].startswith("Page 1 of 2")
        assert board.embeds[0]["footer"]["text"].startswith("Page 2 of 2")
        assert world.fake.violations == []


async def test_a_leaderboard_page_the_busy_database_never_gives_is_one_private_line(
        world: World, quick_deadline: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    await _twelve_players(world)
    bot = make_bot(world)
    async with world.fake.run(bot):
        board = await _leaderboard(world, bot)
        monkeypatch.setattr(bot.db, "read", _slow(bot.db.read, fail=True))
        caplog.set_level(logging.WARNING)
        turned = await world.fake.click(world.ana, board, label="Next")
        assert turned.response_type == 6
        line = t("standings.unavailable")
        followup = await world.fake.wait_until(
            lambda: next((m for m in turned.messages if m.content == line), None), what="the private line")
        assert followup.ephemeral_to == world.ana
        assert board.embeds[0]["footer"]["text"].startswith("Page 1 of 2")  # the page as it was
        assert world.fake.violations == []
    failures = [r for r in caplog.records if "leaderboard page failed" in r.getMessage()]
    assert len(failures) == 1 and failures[0].levelno == logging.WARNING


def _slow_drawing(monkeypatch: pytest.MonkeyPatch, fail: bool = False) -> None:
    """Guide pages not drawn yet in this process, and each drawing slow (or failing)."""
    monkeypatch.setattr(rules_guide, "_pngs", {})
    monkeypatch.setattr(rules_guide, "draw", _slow(rules_guide.draw, fail=fail))


async def test_a_rules_page_drawn_slowly_is_acknowledged_then_shown(
        world: World, running: DreamcatsBot, quick_deadline: None, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = world.fake
    _slow_drawing(monkeypatch)
    record = await fake.slash(world.ana, world.games, "dreamcats rules")
    assert record.response_type == 5
    guide = await fake.wait_until(lambda: record.original if record.original and not record.original.loading
                                  else None, what="the guide's first page")
    assert guide.ephemeral_to == world.ana and guide.attachments[0].filename == "rules-1.png"
    turned = await fake.click(world.ana, guide, label="Next")
    assert turned.response_type == 6
    await fake.wait_until(lambda: guide.embeds[0]["title"] == t("guide.page.2.title"), what="page 2")
    assert [a.filename for a in guide.attachments] == ["rules-2.png"]
    assert fake.violations == []


async def test_a_rules_page_that_cannot_be_drawn_is_one_private_line(
        world: World, running: DreamcatsBot, quick_deadline: None, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    fake = world.fake
    guide = (await fake.slash(world.ana, world.games, "dreamcats rules")).reply
    assert guide is not None
    _slow_drawing(monkeypatch, fail=True)
    caplog.set_level(logging.WARNING)
    turned = await fake.click(world.ana, guide, label="Next")
    assert turned.response_type == 6
    line = t("error.generic")
    await fake.wait_until(lambda: any(m.content == line for m in turned.messages), what="the private line")
    assert guide.embeds[0]["title"] == t("guide.page.1.title")
    assert fake.violations == []
    assert len([r for r in caplog.records if "rules guide page failed" in r.getMessage()]) == 1


async def test_stopping_a_lobby_on_a_busy_database_shows_thinking_then_the_result(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = world.fake
    await fake.slash(world.ana, world.games, "dreamcats start")
    [cog] = [c for c in running.cogs.values() if isinstance(c, DreamcatsCog)]
    cog.answer_within = 0.05
    fake.deadline = DEADLINE
    monkeypatch.setattr(running.db, "write", _slow(running.db.write))  # the lobby's deletion waits
    stopped = await fake.slash(world.ana, world.games, "dreamcats stop")
    assert stopped.response_type == 5
    await fake.wait_until(lambda: stopped.original and stopped.original.content == t("stop.done"),
                          what="the stop's line")
    assert stopped.original is not None and stopped.original.ephemeral_to == world.ana
    assert running.service.tables == []
    assert fake.violations == []


async def test_a_command_the_bot_no_longer_has_gets_a_private_line(world: World, running: DreamcatsBot,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    fake = world.fake
    # A person's Discord app still shows a subcommand that a later version of the bot removed.
    scope = world.guild.id if fake.commands.get(world.guild.id) else None
    commands = fake.commands[scope]
    index, spec = next((i, c) for i, c in enumerate(commands) if c["name"] == "dreamcats")
    removed = {"name": "lobby", "description": "Open a lobby (an old version)", "type": 1, "options": []}
    commands[index] = {**spec, "options": [*spec["options"], removed]}
    caplog.set_level(logging.WARNING)
    record = await fake.slash(world.ana, world.games, "dreamcats lobby")
    assert record.reply is not None and record.reply.ephemeral_to == world.ana
    assert record.reply.content == t("error.command_changed")
    [line] = [r for r in caplog.records if "command failed" in r.getMessage()]
    assert line.levelno == logging.WARNING and line.exc_info is None  # expected after a deploy: no bug to look for
    assert fake.violations == []


async def test_a_private_copy_of_the_leaderboard_keeps_its_askers_language_as_it_turns(world: World) -> None:
    await _twelve_players(world)
    bot = make_bot(world)
    async with world.fake.run(bot):
        board = await _leaderboard(world, bot)  # Ana's, in the server's English
        other = await world.fake.click(world.cy, board, label="Next")  # Cy's Discord speaks Polish
        copy = await world.fake.wait_until(lambda: other.original if other.original and not other.original.loading
                                           else None, what="Cy's private page")
        assert copy.ephemeral_to == world.cy and copy.embeds[0]["footer"]["text"].startswith("Strona 2 z 2")
        await world.fake.click(world.cy, copy, label="Poprzednia")
        await world.fake.wait_until(lambda: copy.embeds[0]["footer"]["text"].startswith("Strona 1 z 2"),
                                    what="page 1 of Cy's copy, still in Polish")
        assert board.embeds[0]["footer"]["text"].startswith("Page 1 of 2")
        assert world.fake.violations == []
