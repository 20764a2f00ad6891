"""Commands are synced only when they changed: a hash of the last sync is kept in the database."""

from __future__ import annotations

import logging

import discord
import pytest
from discord import app_commands

from bot.client import DreamcatsBot
from bot.command_sync import payload_hash
from tests.bot.conftest import World, make_bot


def _syncs(world: World) -> int:
    return sum(1 for r in world.fake.requests if r.method == "PUT" and r.path.endswith("/commands"))


def _with_extra_command(bot: DreamcatsBot) -> DreamcatsBot:
    async def extra(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hi", ephemeral=True)

    bot.tree.add_command(app_commands.Command(name="extra", description="one more command", callback=extra))
    return bot


async def test_a_restart_with_the_same_commands_does_not_sync_again(world: World,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    async with world.fake.run(make_bot(world)) as runner:
        assert _syncs(world) == 1  # a new database: never synced
        await runner.restart(make_bot(world))
        assert _syncs(world) == 1 and "commands unchanged" in caplog.text
        await world.fake.slash(world.ana, world.games, "dreamcats rules")  # the commands are still there

        await runner.restart(_with_extra_command(make_bot(world)))  # a new version of the bot: synced once
        assert _syncs(world) == 2 and {c["name"] for c in world.fake.commands[None]} == {"dreamcats", "extra"}
        await runner.restart(_with_extra_command(make_bot(world)))
        assert _syncs(world) == 2

        await runner.restart(make_bot(world))  # and back
        assert _syncs(world) == 3 and {c["name"] for c in world.fake.commands[None]} == {"dreamcats"}
        forced = make_bot(world)
        forced.force_sync = True  # `dreamcats run --sync`: the operator asks for it
        await runner.restart(forced)
        assert _syncs(world) == 4
    assert world.fake.violations == []


def test_the_hash_ignores_the_order_of_keys_and_commands() -> None:
    one, two = {"name": "a", "description": "x"}, {"name": "b", "description": "y"}
    assert payload_hash([one, two]) == payload_hash([{"description": "y", "name": "b"}, one])
    assert payload_hash([one]) != payload_hash([one, two])
