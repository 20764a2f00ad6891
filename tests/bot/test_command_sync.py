"""Commands are synced only when they changed: a hash of the last sync is kept in the database."""

from __future__ import annotations

import logging

import discord
import pytest
from discord import app_commands

from bot.client import DreamcatsBot
from bot.command_sync import payload_hash
from tests.bot.conftest import World, make_bot
from tests.fakediscord import Fault
from tests.fakediscord.rest import Call
from tests.fakediscord.rules import missing_access


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


def _discord_refuses_unknown_guilds(world: World) -> None:
    """As Discord does: syncing commands to a server the bot is not in is 403 Missing Access (50001)."""
    def refuse(call: Call) -> Fault | None:
        guild_id = call.path.split("/guilds/")[-1].split("/")[0] if "/guilds/" in call.path else None
        if call.method == "PUT" and guild_id is not None and int(guild_id) not in world.fake.guilds:
            return Fault(missing_access())
        return None

    world.fake.outage = refuse


@pytest.mark.parametrize("wrong_id", [424242424242424242, 1])
async def test_a_dev_guild_the_bot_is_not_in_is_one_warning_and_the_bot_runs_on(
        world: World, caplog: pytest.LogCaptureFixture, wrong_id: int) -> None:
    caplog.set_level(logging.INFO)
    async with world.fake.run(make_bot(world)) as runner:  # the global commands, synced earlier
        _discord_refuses_unknown_guilds(world)
        caplog.clear()
        wrong = make_bot(world)
        wrong.dev_guild_id = wrong_id  # DREAMCATS_DEV_GUILD_ID: a typo, or a server the bot was never added to
        await runner.restart(wrong)
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert [r.getMessage() for r in warnings] == [
            f"could not sync the commands to server {wrong_id} (DREAMCATS_DEV_GUILD_ID): Discord answered 403 "
            "Missing Access; check the id and that the bot is in that server"]
        assert not any(r.exc_info for r in caplog.records) and "resumed 0 live game(s)" in caplog.text
        await world.fake.slash(world.ana, world.games, "dreamcats rules")  # the global commands still answer
    assert world.fake.violations == []
