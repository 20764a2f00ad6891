"""Gateway life: heartbeats, RESUME at resume_gateway_url after a drop, a crash and a restart with a new client."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import BotStartError, FakeDiscord

from ._tinybot import TinyBot


def _world(fake: FakeDiscord) -> tuple:
    guild = fake.add_guild()
    return fake.add_channel(guild), fake.add_user("alice", guild=guild)


@pytest.mark.parametrize("clean", [False, True])
async def test_a_dropped_gateway_is_resumed_at_the_resume_url(fake_discord: FakeDiscord, clean: bool) -> None:
    channel, alice = _world(fake_discord)
    async with fake_discord.run(TinyBot()) as runner:
        bot = runner.client
        assert fake_discord.gateway.heartbeats >= 1
        await fake_discord.drop_gateway(clean=clean)
        await fake_discord.wait_until(lambda: bot.resumed_count == 1, what="RESUMED")  # type: ignore[attr-defined]
        resumed = fake_discord.gateway.connections[-1]
        assert resumed.kind == "resume" and resumed.path == "/resume"
        record = await fake_discord.slash(alice, channel, "tiny secret")
        assert record.response_type == 4 and bot.ready_count == 1  # type: ignore[attr-defined]
    assert fake_discord.violations == []


async def test_an_interaction_sent_while_disconnected_is_replayed_on_resume(fake_discord: FakeDiscord) -> None:
    channel, alice = _world(fake_discord)
    async with fake_discord.run(TinyBot()) as runner:
        await fake_discord.drop_gateway()
        record = await fake_discord.slash(alice, channel, "tiny secret", wait=False)
        await fake_discord.answered(record)
        assert record.response_type == 4 and runner.client.resumed_count == 1  # type: ignore[attr-defined]


async def test_a_crashed_bot_is_replaced_by_a_new_client_that_serves_old_buttons(fake_discord: FakeDiscord) -> None:
    channel, alice = _world(fake_discord)
    async with fake_discord.run(TinyBot()) as runner:
        first = runner.client
        table = (await fake_discord.slash(alice, channel, "tiny start")).reply
        assert table is not None
        await runner.kill()
        assert fake_discord.gateway.connections[0].closed == "server-abrupt" and first.is_closed()
        fake_discord.deadline = 0.2  # nobody will answer; do not wait Discord's 3 s for that
        lost = await fake_discord.click(alice, table, "tiny:count:0")
        fake_discord.deadline = 3.0
        assert lost.response_type is None and [v.rule for v in fake_discord.violations] == ["unanswered"]
        fake_discord.violations.clear()
        second = TinyBot()
        await runner.restart(second)
        assert runner.client is second and fake_discord.gateway.connections[-1].kind == "identify"
        click = await fake_discord.click(alice, table, "tiny:count:0")
        assert click.response_type == 7 and table.content == "count 1"
    assert second.is_closed() and fake_discord.violations == []


async def test_a_wrong_token_fails_to_start_with_the_login_error(fake_discord: FakeDiscord) -> None:
    bot = TinyBot()
    with pytest.raises(BotStartError) as caught:
        await fake_discord.run(bot, token="stale-token", ready_timeout=2).start()
    assert isinstance(caught.value.__cause__, discord.LoginFailure) and bot.is_closed()
