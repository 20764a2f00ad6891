"""A game whose channel or thread is deleted, or whose server removed the bot, is closed at once without a result:
before, it played on unseen (the turn timers played for everyone), every edit failing and logged until it ended."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import pytest

from bot.client import DreamcatsBot
from tests.bot.conftest import World, make_bot
from tests.bot.test_endtoend import open_table
from tests.bot.test_game_threads import allow_threads, lobby_in_thread
from tests.bot.ui import Players
from tests.fakediscord import MANAGE_GUILD, FakeChannel
from tests.fakediscord.runner import BotRunner


def requests_to(world: World, channel: FakeChannel, since: int) -> list[str]:
    """The bot's requests about the channel's messages after the first `since` requests."""
    return [f"{r.method} {r.path}" for r in world.fake.requests[since:] if f"/channels/{channel.id}/" in r.path]


async def stored_game_ids(bot: DreamcatsBot) -> set[str]:
    """The live games in the database (those a restart would resume)."""
    return {stored.game_id for stored in await bot.service.store.load()}


async def test_a_deleted_channel_closes_its_game_without_a_result_and_others_play_on(
        world: World, running: DreamcatsBot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    fake = world.fake
    players = await open_table(world, running)
    await players.initial_peeks()
    other = fake.add_channel(world.guild, "more-games")
    start = await fake.slash(world.bo, other, "dreamcats start")
    assert start.reply is not None
    kept = running.service.in_channel(other.id)
    assert kept is not None
    since = len(fake.requests)

    fake.delete_channel(world.games)
    await fake.wait_until(lambda: running.service.in_channel(world.games.id) is None, what="the game closed")
    await running.presenter.idle()
    await fake.idle()
    assert await stored_game_ids(running) == {kept.game_id}  # not resumed by a restart, and nothing recorded
    assert requests_to(world, world.games, since) == []  # nothing more sent where nobody can see it
    assert running.service.in_channel(other.id) is not None  # the other channel's lobby is untouched
    closed = [r.getMessage() for r in caplog.records if r.name == "bot.places_gone"]
    assert closed == [f"game {players.game_id}: channel {world.games.id} deleted; closed without a result"]
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    stats = await fake.slash(world.ana, other, "dreamcats stats")
    assert stats.reply is not None and "has not finished a Dreamcats match" in stats.reply.content
    assert fake.violations == []


async def test_a_deleted_thread_closes_the_game_played_in_it(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    table = await lobby_in_thread(world, running)
    assert table.thread_id is not None
    fake.delete_channel(fake.channels[table.thread_id])
    await fake.wait_until(lambda: running.service.in_channel(world.games.id) is None, what="the game closed")
    assert await stored_game_ids(running) == set()
    assert fake.violations == []


async def test_a_server_that_removed_the_bot_has_its_games_closed_and_other_servers_keep_theirs(
        world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    await open_table(world, running)
    elsewhere = fake.add_guild("Dog Park")
    park = fake.add_channel(elsewhere, "games")
    dot = fake.add_user("dot", display_name="Dot", guild=elsewhere)
    await fake.wait_until(lambda: running.get_guild(elsewhere.id) is not None, what="the second server")
    start = await fake.slash(dot, park, "dreamcats start")
    assert start.reply is not None
    fake.remove_bot(world.guild)
    await fake.wait_until(lambda: running.service.in_channel(world.games.id) is None, what="the game closed")
    kept = running.service.in_channel(park.id)
    assert kept is not None and await stored_game_ids(running) == {kept.game_id}
    assert fake.violations == []


async def test_a_server_that_is_only_unavailable_for_a_while_keeps_its_games(
        world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    players = await open_table(world, running)
    fake.guild_outage(world.guild)
    await fake.wait_until(lambda: running.get_guild(world.guild.id) is None
                          or running.get_guild(world.guild.id).unavailable, what="the server unavailable")  # type: ignore[union-attr]
    await fake.idle()
    assert running.service.in_channel(world.games.id) is not None
    assert await stored_game_ids(running) == {players.game_id}
    assert fake.violations == []


async def _table_then_away(world: World, meanwhile: Callable[[DreamcatsBot], Awaitable[None]] | None = None
                           ) -> tuple[BotRunner, Players]:
    """A bot that opens a table whose people have peeked (and does `meanwhile`), then is killed: its runner and the
    table's players."""
    first = make_bot(world)
    runner = world.fake.run(first)
    await runner.start()
    players = await open_table(world, first)
    await players.initial_peeks()
    if meanwhile is not None:
        await meanwhile(first)
    await runner.kill()
    return runner, players


async def test_a_channel_deleted_while_the_bot_was_away_closes_its_game_at_the_restart(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    """No CHANNEL_DELETE reaches a bot that is not running: Discord's Unknown Channel for the resumed table says it."""
    caplog.set_level(logging.INFO)
    fake = world.fake
    runner, players = await _table_then_away(world)
    fake.delete_channel(world.games)  # while the bot is away
    second = make_bot(world)
    await runner.restart(second)
    await fake.wait_until(lambda: second.service.in_channel(world.games.id) is None, what="the game closed")
    await fake.wait_until(lambda: not second.presenter.tracked_games, what="the presenter letting go")
    assert await stored_game_ids(second) == set()
    closed = [r.getMessage() for r in caplog.records if r.name == "bot.places_gone"]
    why = "its place is gone (Discord: Unknown Channel)"
    assert closed == [f"game {players.game_id}: {why}; closed without a result"]
    assert [r for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("bot")] == []
    assert fake.violations == []
    await runner.stop()


@pytest.mark.parametrize("locked", [False, True], ids=["archived", "locked"])
async def test_a_thread_a_moderator_closes_mid_game_closes_its_game(
        world: World, running: DreamcatsBot, locked: bool) -> None:
    """Its table can no longer be edited (Discord: Thread is archived), and a locked one takes no post either."""
    fake = world.fake
    table = await lobby_in_thread(world, running)
    assert table.thread_id is not None
    thread = fake.channels[table.thread_id]
    fake.archive_thread(thread, locked=locked)
    await fake.wait_until(lambda: running.service.in_channel(world.games.id) is None, what="the game closed")
    await running.presenter.idle()
    assert await stored_game_ids(running) == set() and thread.archived  # left as the moderator left it
    assert fake.violations == []


async def test_a_thread_locked_while_the_bot_was_away_closes_its_game_at_the_restart(world: World) -> None:
    fake = world.fake
    first = make_bot(world)
    runner = fake.run(first)
    await runner.start()
    allow_threads(fake, world)
    mod = fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD)
    await fake.slash(mod, world.games, "dreamcats settings", game_threads=True)
    players = await open_table(world, first)  # a match playing in its thread: resumed and redrawn at the restart
    assert players.table is not None and players.table.thread_id is not None
    await runner.kill()
    fake.archive_thread(fake.channels[players.table.thread_id], locked=True)  # while the bot is away
    second = make_bot(world)
    await runner.restart(second)
    await fake.wait_until(lambda: second.service.in_channel(world.games.id) is None, what="the game closed")
    assert await stored_game_ids(second) == set()
    assert fake.violations == []
    await runner.stop()


async def test_a_server_that_removed_the_bot_while_it_was_away_has_its_games_closed_at_the_restart(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    """No GUILD_DELETE reaches a bot that is not running, and Discord's Missing Access for the table could as well be a
    permission taken away: READY no longer listing the server says it."""
    caplog.set_level(logging.INFO)
    fake = world.fake
    elsewhere = fake.add_guild("Dog Park")
    park = fake.add_channel(elsewhere, "games")
    dot = fake.add_user("dot", display_name="Dot", guild=elsewhere)

    async def lobby_elsewhere(first: DreamcatsBot) -> None:
        await fake.wait_until(lambda: first.get_guild(elsewhere.id) is not None, what="the second server")
        assert (await fake.slash(dot, park, "dreamcats start")).reply is not None

    runner, players = await _table_then_away(world, lobby_elsewhere)
    fake.remove_bot(world.guild)  # while the bot is away
    second = make_bot(world)
    await runner.restart(second)
    await fake.wait_until(lambda: second.service.in_channel(world.games.id) is None, what="the game closed")
    assert second.service.in_channel(park.id) is not None  # the other server's lobby stays
    closed = [r.getMessage() for r in caplog.records if r.name == "bot.places_gone"]
    assert closed == [f"game {players.game_id}: its server removed the bot while it was away; closed without a result"]
    assert fake.violations == []
    await runner.stop()
