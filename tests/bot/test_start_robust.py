"""/dreamcats start when Discord fails it: the lobby is never orphaned, the opening task's result is always
retrieved, and a "thinking…" reply always gives way to the answer. Failures come from the fake Discord itself
(a callback after the deadline gets 10062) or from one discord.py call made to fail."""

from __future__ import annotations

import gc
import logging
from typing import Any

import aiohttp
import discord
import pytest

from bot.client import DreamcatsBot
from bot.cog import DreamcatsCog
from bot.service import GameRunningError, Table
from tests.bot.conftest import World
from tests.fakediscord import FakeMessage


def _cog(bot: DreamcatsBot) -> DreamcatsCog:
    [cog] = [c for c in bot.cogs.values() if isinstance(c, DreamcatsCog)]
    return cog


async def _posted_lobby(world: World, bot: DreamcatsBot) -> FakeMessage:
    """The lobby message in #games, once the bot has posted it and remembered it."""
    fake = world.fake

    def posted() -> FakeMessage | None:
        table = bot.service.in_channel(world.games.id)
        lobby = fake.latest_with(world.games, "dc:")
        return lobby if table is not None and lobby is not None and table.message_id == lobby.id else None

    lobby: FakeMessage = await fake.wait_until(posted, timeout=3.0, what="the lobby posted in the channel")
    return lobby


def _expired(world: World) -> None:
    """From now on every interaction callback comes 'too late': Discord answers 10062 Unknown interaction."""
    world.fake.deadline = 0.0


async def test_a_failed_defer_still_posts_the_lobby(world: World, running: DreamcatsBot) -> None:
    _cog(running).answer_within = 0.0  # as if the database were slow: the cog defers first
    _expired(world)
    await world.fake.slash(world.ana, world.games, "dreamcats start", wait=False)
    lobby = await _posted_lobby(world, running)
    assert not lobby.ephemeral and lobby.embeds
    assert {v.rule for v in world.fake.violations} == {"late-callback"}


async def test_a_failed_defer_retrieves_the_failure_of_opening(
        world: World, running: DreamcatsBot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    _cog(running).answer_within = 0.0

    async def broken_lobby(**_: object) -> Table:
        raise RuntimeError("the database is down")

    running.service.open_lobby = broken_lobby  # type: ignore[method-assign]
    _expired(world)
    await world.fake.slash(world.ana, world.games, "dreamcats start", wait=False)
    await world.fake.wait_until(lambda: "the database is down" in caplog.text, timeout=3.0,
                                what="the failure logged for the operator")
    await world.fake.idle()
    gc.collect()  # a task whose exception nobody retrieved complains when it is collected
    assert "never retrieved" not in caplog.text
    assert running.service.in_channel(world.games.id) is None


async def test_a_failed_first_reply_still_posts_the_lobby(
        world: World, running: DreamcatsBot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    _expired(world)  # the lobby opens at once, but the reply carrying it is refused
    await world.fake.slash(world.ana, world.games, "dreamcats start", wait=False)
    lobby = await _posted_lobby(world, running)
    assert lobby.custom_ids and not lobby.ephemeral
    assert "posting it in the channel" in caplog.text


async def test_a_failed_edit_of_the_placeholder_still_posts_the_lobby(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def refused(self: discord.Interaction, **kwargs: Any) -> None:
        raise discord.HTTPException(_Response(500), "edit refused")

    _cog(running).answer_within = 0.0
    monkeypatch.setattr(discord.Interaction, "edit_original_response", refused)
    record = await world.fake.slash(world.ana, world.games, "dreamcats start", wait=False)
    lobby = await _posted_lobby(world, running)
    assert lobby.embeds and record.response_type == 5
    placeholder = record.original
    assert placeholder is not None
    await world.fake.wait_until(lambda: placeholder.deleted or not placeholder.loading, timeout=3.0,
                                what="the 'thinking…' placeholder goes away")
    assert world.fake.violations == []


@pytest.mark.parametrize("failure", ["refused", "connection"])
async def test_a_private_line_reaches_the_person_when_the_placeholder_cannot_be_deleted(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    async def undeletable(self: discord.Interaction) -> None:
        if failure == "refused":
            raise discord.HTTPException(_Response(500), "delete refused")
        raise aiohttp.ClientOSError(104, "connection reset")

    async def taken(**_: object) -> Table:
        raise GameRunningError("abc", None)  # someone else opened a lobby here meanwhile

    _cog(running).answer_within = 0.0
    running.service.open_lobby = taken  # type: ignore[method-assign]
    monkeypatch.setattr(discord.Interaction, "delete_original_response", undeletable)
    world.fake.followup_timeout = 2.0
    record = await world.fake.slash(world.ana, world.games, "dreamcats start")
    reply = record.original
    assert record.response_type == 5 and reply is not None
    assert not reply.loading, "the deferred reply was left 'thinking…'"
    assert "already has a game" in reply.content
    assert world.fake.violations == []


async def test_an_unexpected_failure_is_told_when_the_placeholder_cannot_be_deleted(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def undeletable(self: discord.Interaction) -> None:
        raise aiohttp.ClientOSError(104, "connection reset")

    async def broken_lobby(**_: object) -> Table:
        raise RuntimeError("the database is down")

    _cog(running).answer_within = 0.0
    running.service.open_lobby = broken_lobby  # type: ignore[method-assign]
    monkeypatch.setattr(discord.Interaction, "delete_original_response", undeletable)
    world.fake.followup_timeout = 2.0
    record = await world.fake.slash(world.ana, world.games, "dreamcats start")
    reply = record.original
    assert record.response_type == 5 and reply is not None and not reply.loading
    assert "Something went wrong there" in reply.content and "database" not in reply.content
    assert world.fake.violations == []


class _Response:
    """The least of an aiohttp response that discord.HTTPException reads."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "refused"


async def test_a_second_start_while_the_first_lobby_is_still_being_shown_posts_no_second_lobby(
        world: World, running: DreamcatsBot) -> None:
    """Ana's /dreamcats start has opened the lobby but its reply is not back yet (no message id): Bo's /dreamcats
    start in the same channel is pointed at it, and the lobby is not posted a second time by the presenter."""
    from bot.service import Person
    from game.dreamcats import MatchSettings

    await running.service.open_lobby(guild_id=world.guild.id, channel_id=world.games.id,
                                     host=Person(world.ana.id, "Ana"), settings=MatchSettings(), locale="en")
    second = await world.fake.slash(world.bo, world.games, "dreamcats start")
    assert second.reply is not None and second.reply.ephemeral
    assert second.reply.content == "This channel already has a game or an open lobby."  # no link yet to end on
    await running.presenter.idle()
    await world.fake.idle()
    assert [m for m in world.fake.messages_in(world.games) if not m.ephemeral] == []
    assert world.fake.violations == []


async def test_one_person_hosts_at_most_three_games_on_a_server(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    channels = [world.games, *(fake.add_channel(world.guild, f"games-{n}") for n in range(3))]
    for channel in channels[:3]:
        opened = await fake.slash(world.ana, channel, "dreamcats start")
        assert opened.reply is not None and not opened.reply.ephemeral  # the lobby
    fourth = await fake.slash(world.ana, channels[3], "dreamcats start")
    assert fourth.reply is not None and fourth.reply.ephemeral
    assert fourth.reply.content == ("You already host 3 games on this server: finish or stop one of them before "
                                    "opening another.")
    assert running.service.in_channel(channels[3].id) is None
    other = await fake.slash(world.bo, channels[3], "dreamcats start")  # someone else may
    assert other.reply is not None and not other.reply.ephemeral
    await fake.idle()
    assert fake.violations == []
