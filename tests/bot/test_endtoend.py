"""End to end through the fake Discord: the real discord.py client plays whole matches with simulated people."""

from __future__ import annotations

import asyncio
import json
import logging
import re

import pytest

from bot.client import DreamcatsBot
from bot.storage import leaderboard
from bot.views.ids import TEMPLATE
from tests.bot.conftest import World
from tests.bot.ui import Players

PUBLIC_FILES = {"table.png", "reveal.png", "standings.png"}


async def open_table(world: World, bot: DreamcatsBot, *, points: int = 30) -> Players:
    """Ana opens a lobby, Bo and Cy join, a computer player is added and Ana starts."""
    fake = world.fake
    start = await fake.slash(world.ana, world.games, "dreamcats start", points=points)
    lobby = start.reply
    assert lobby is not None and not lobby.ephemeral
    game_id = next(t.game_id for t in bot.service.tables if t.channel_id == world.games.id)
    for person in (world.bo, world.cy):
        await fake.click(person, lobby, f"dc:{game_id}:join")
    await fake.select(world.ana, lobby, f"ds:{game_id}:addbot", ["normal"])
    refused = await fake.click(world.bo, lobby, f"dc:{game_id}:start")
    assert refused.reply is not None and refused.reply.ephemeral and "host" in refused.reply.content
    await fake.click(world.ana, lobby, f"dc:{game_id}:start")
    players = Players(world, bot, game_id, {u.id: u for u in (world.ana, world.bo, world.cy)})
    await players.settle()
    return players


async def test_three_people_and_a_computer_play_a_whole_match(world: World, running: DreamcatsBot,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    fake = world.fake
    caplog.set_level(logging.INFO)
    players = await open_table(world, running)
    table = players.message()
    assert [a.filename for a in table.attachments] == ["table.png"]
    await players.initial_peeks()

    # Someone who is not playing is refused politely, privately, and nothing changes.
    number = players.table.move_number  # type: ignore[union-attr]
    refused = await fake.click(world.eve, table, players.cid("draw", number))
    assert refused.reply is not None and refused.reply.ephemeral and "not playing" in refused.reply.content
    assert players.table.move_number == number  # type: ignore[union-attr]

    # A double click on Draw by the player whose turn it is (the host starts) acts once.
    turn_table = players.table
    assert turn_table is not None and turn_table.state is not None and turn_table.state.round.turn == 0
    user = world.ana
    clicks = [await fake.click(user, players.message(), players.cid("draw", number := turn_table.move_number),
                               wait=False) for _ in range(2)]
    await asyncio.gather(*(fake.answered(c) for c in clicks))
    replies = [c.reply for c in clicks]
    assert all(r is not None and r.ephemeral for r in replies)
    holding = [r for r in replies if r is not None and any(":swap:" in c for c in r.custom_ids)]
    assert len(holding) == 1 and players.table.move_number == number + 1  # type: ignore[union-attr]
    assert any(r is not None and "earlier moment" in r.content for r in replies)
    players.private[user.id] = holding[0]
    await players.settle()

    await players.play_to_the_end()
    await running.presenter.idle()
    await fake.idle()

    # The result is stored: one match for each of the three people.
    async with running.db.sessions() as session, session.begin():
        page = await leaderboard(session, guild_id=world.guild.id)
    assert page.total == 3 and {row.matches for row in page.rows} == {1}
    assert {row.user_id for row in page.rows} == {world.ana.id, world.bo.id, world.cy.id}
    standings = fake.latest(world.games, where=lambda m: any(a.filename == "standings.png" for a in m.attachments))
    assert standings is not None and not standings.ephemeral
    board = await fake.slash(world.bo, world.games, "dreamcats leaderboard")
    assert board.reply is not None and world.ana.display_name in str(board.reply.embeds)

    # Hidden information: private pictures and private steps only ever in ephemeral messages of their owner.
    for message in fake.public_messages():
        for revision in message.revisions:
            names = {a["filename"] for a in revision.get("attachments") or []}
            assert names <= PUBLIC_FILES, names
        for custom_id in message.custom_ids:
            assert TEMPLATE.match(custom_id) and len(custom_id) <= 100
    public = fake.public_text()
    for marker in ("dream.png", "You drew", "Your cards:", "Take 2: you drew", "Dobierasz", "Twoje karty"):
        assert marker not in public
    assert not re.search(r"position \d is \*\*", public)
    private_pictures = [m for m in fake.messages_by_id.values() if any(a.filename == "dream.png"
                                                                        for a in m.attachments)]
    assert private_pictures and all(m.ephemeral for m in private_pictures)
    assert all(r.ephemeral for r in players.records if r.reply is not None and r.reply is not r.message)

    # Every interaction was answered once and in time; every REST body was valid (the fake checks both).
    assert fake.violations == []
    assert all(r.latency is not None and r.latency < 3 for r in fake.interactions.values())
    # Nothing went wrong on the bot's side (no missing translation either).
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("bot")] == []


async def test_commands_are_synced_with_polish_names(world: World, running: DreamcatsBot) -> None:
    [command] = [c for c in world.fake.commands[None] if c["name"] == "dreamcats"]
    assert command["name_localizations"]["pl"] and command["description_localizations"]["pl"]
    subcommands = {o["name"]: o for o in command["options"]}
    assert {"start", "rules", "stop", "leaderboard", "stats", "settings"} <= set(subcommands)
    start = subcommands["start"]
    assert start["description_localizations"]["pl"]
    assert all(o["name_localizations"]["pl"] and o["description_localizations"]["pl"] for o in start["options"])
    assert world.fake.violations == []
    text = json.dumps(command, ensure_ascii=False)
    assert re.search(r"Pobudka|partię|Dreamcats", text)


async def test_rules_are_private_and_readable(world: World, running: DreamcatsBot) -> None:
    record = await world.fake.slash(world.cy, world.games, "dreamcats rules")
    assert record.reply is not None and record.reply.ephemeral
    embed = record.reply.embeds[0]
    assert embed["title"] == "Twoje Marzenie" and "Dreamcats" in embed["footer"]["text"]
    assert [a.filename for a in record.reply.attachments] == ["rules-1.png"]
    assert world.fake.violations == []
