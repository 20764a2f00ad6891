"""The real discord.py client, through the fake: login, sync, slash commands, buttons, ephemerals, uploads."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio

from tests.fakediscord import MANAGE_GUILD, BotRunner, FakeChannel, FakeDiscord, FakeGuild, FakeUsageError, FakeUser
from tests.fakediscord._tinybot import PNG, TinyBot

ATTACH_FILES = 1 << 15


@dataclass
class World:
    """A guild with two channels and three people."""

    guild: FakeGuild
    games: FakeChannel
    no_files: FakeChannel
    alice: FakeUser
    bob: FakeUser
    mod: FakeUser


@pytest.fixture
def world(fake_discord: FakeDiscord) -> World:
    """Cats guild (Polish), #games, #no-files (bot may not attach files), alice, bob (long emoji name), a mod."""
    fake = fake_discord
    guild = fake.add_guild("Cats", locale="pl")
    games = fake.add_channel(guild, "games")
    no_files = fake.add_channel(guild, "no-files", bot_deny=ATTACH_FILES)
    alice = fake.add_user("alice", display_name="Alice", locale="en-GB", guild=guild)
    bob = fake.add_user("bob", display_name="Bob 🐈‍⬛ the Magnificent Sleeper of Sunny Windowsills", guild=guild,
                        locale="pl")
    mod = fake.add_user("mod", guild=guild, permissions=MANAGE_GUILD, nick="Moderator")
    return World(guild, games, no_files, alice, bob, mod)


@pytest_asyncio.fixture
async def bot(fake_discord: FakeDiscord, world: World) -> AsyncIterator[BotRunner]:
    """TinyBot logged into the fake and ready."""
    async with fake_discord.run(TinyBot(guild_ids=(world.guild.id,))) as runner:
        yield runner


async def test_login_syncs_commands_and_sees_the_guild(fake_discord: FakeDiscord, world: World,
                                                       bot: BotRunner) -> None:
    client = bot.client
    assert client.user is not None and client.user.id == fake_discord.bot.id
    names = {c["name"] for c in fake_discord.commands[None]}
    assert names == {"tiny", "tinyadmin"}
    assert {c["name"] for c in fake_discord.commands[world.guild.id]} == names
    guild = client.get_guild(world.guild.id)
    assert guild is not None and guild.preferred_locale is discord.Locale.polish
    assert {c.name for c in guild.text_channels} == {"games", "no-files"}
    assert fake_discord.gateway.connections[0].kind == "identify"
    assert fake_discord.violations == []


async def test_slash_subcommand_with_options_and_resolved_member(fake_discord: FakeDiscord, world: World,
                                                                 bot: BotRunner) -> None:
    record = await fake_discord.slash(world.alice, world.games, "tiny start", points=30, rival=world.bob)
    assert record.response_type == 4 and record.latency is not None and record.latency < 1
    assert record.reply is not None and not record.reply.ephemeral
    assert record.reply.content == f"Alice plays to 30 vs {world.bob.display_name}"
    assert record.reply.custom_ids == ["tiny:count:0"]
    seen = bot.client.seen[-1]  # type: ignore[attr-defined]
    assert seen.locale is discord.Locale.british_english and seen.guild_locale is discord.Locale.polish
    assert seen.app_permissions.send_messages and not seen.permissions.manage_guild
    assert fake_discord.violations == []


async def test_button_edits_its_message_and_app_permissions_follow_the_channel(
    fake_discord: FakeDiscord, world: World, bot: BotRunner
) -> None:
    start = await fake_discord.slash(world.mod, world.no_files, "tiny start")
    table = start.reply
    assert table is not None
    click = await fake_discord.click(world.bob, table, label="Count 0")
    assert click.response_type == 7 and click.reply is table
    assert table.content == "count 1" and table.custom_ids == ["tiny:count:1"]
    assert [r["content"] for r in table.revisions] == ["Moderator plays to 100", "count 1"]
    mod_start, bob_click = bot.client.seen[-2:]  # type: ignore[attr-defined]
    assert mod_start.permissions.manage_guild and not bob_click.permissions.manage_guild
    assert not bob_click.app_permissions.attach_files and bob_click.app_permissions.send_messages
    assert fake_discord.violations == []


async def test_an_ephemeral_reply_is_seen_only_by_its_user(fake_discord: FakeDiscord, world: World,
                                                          bot: BotRunner) -> None:
    record = await fake_discord.slash(world.bob, world.games, "tiny secret")
    assert record.ephemeral and record.reply is not None
    assert record.reply.content == "only for bob"
    assert record.reply in fake_discord.messages(world.games, seen_by=world.bob)
    assert record.reply not in fake_discord.messages(world.games, seen_by=world.alice)
    assert record.reply not in fake_discord.messages(world.games)
    assert fake_discord.ephemerals(world.bob) == [record.reply]
    with pytest.raises(FakeUsageError):
        await fake_discord.click(world.alice, record.reply, "anything")


async def test_deferred_reply_then_followups_with_a_file(fake_discord: FakeDiscord, world: World,
                                                        bot: BotRunner) -> None:
    record = await fake_discord.slash(world.alice, world.games, "tiny slow")
    assert record.response_type == 5 and record.deferred
    first, second = record.messages
    assert first is record.original and not first.loading and first.content == "here it is"
    assert [(a.filename, a.data, a.description) for a in first.attachments] == [("picture.png", PNG, "alt")]
    assert second.ephemeral and second.visible_to(world.alice) and not second.visible_to(world.bob)
    assert fake_discord.violations == []


async def test_channel_message_with_embed_and_file_then_edit_replacing_the_file(
    fake_discord: FakeDiscord, world: World, bot: BotRunner
) -> None:
    await fake_discord.slash(world.alice, world.games, "tiny post")
    table = fake_discord.latest_with(world.games, "tiny:count:")
    assert table is not None and table.content == "edited"
    assert [a.filename for a in table.attachments] == ["table2.png"] and table.attachments[0].data == PNG
    assert table.embeds[0]["title"] == "Table"
    assert [r["attachments"][0]["filename"] for r in table.revisions] == ["table.png", "table2.png"]
    assert fake_discord.violations == []


async def test_a_thread_works_like_a_channel(fake_discord: FakeDiscord, world: World, bot: BotRunner) -> None:
    thread = fake_discord.add_thread(world.games, "table 2")
    await fake_discord.slash(world.bob, thread, "tiny post")
    table = fake_discord.latest_with(thread, "tiny:count:")
    assert table is not None and table.channel is thread and fake_discord.latest_with(world.games, "tiny") is None
    assert isinstance(bot.client.seen[-1].channel, discord.Thread)  # type: ignore[attr-defined]
    assert fake_discord.violations == []


async def test_the_persistent_button_works_for_a_message_the_bot_never_saw(
    fake_discord: FakeDiscord, world: World, bot: BotRunner
) -> None:
    await fake_discord.slash(world.alice, world.games, "tiny post")
    table = fake_discord.latest_with(world.games, "tiny:count:")
    assert table is not None
    await fake_discord.click(world.bob, table, "tiny:count:5")
    assert table.content == "count 6"


async def test_an_ephemeral_picture_is_swapped_then_deleted(fake_discord: FakeDiscord, world: World,
                                                           bot: BotRunner) -> None:
    photo = (await fake_discord.slash(world.alice, world.games, "tiny photo")).reply
    assert photo is not None and photo.ephemeral and photo.attachment("a.png").data == PNG
    press = await fake_discord.click(world.alice, photo, "tiny:swap")
    assert press.response_type == 7 and [a.filename for a in photo.attachments] == ["b.png"]
    await fake_discord.wait_until(lambda: photo.deleted, what="the deletion")  # it comes after a pause
    assert fake_discord.ephemerals(world.alice) == []
    assert "a.png" not in fake_discord.public_text() and fake_discord.violations == []


async def test_a_select_menu_choice_reaches_the_bot(fake_discord: FakeDiscord, world: World, bot: BotRunner) -> None:
    menu = (await fake_discord.slash(world.alice, world.games, "tiny pick")).reply
    assert menu is not None
    with pytest.raises(FakeUsageError, match="options"):
        await fake_discord.select(world.alice, menu, "tiny:pick", ["impossible"])
    record = await fake_discord.select(world.alice, menu, "tiny:pick", ["hard"])
    assert record.response_type == 7 and menu.content == "picked hard" and menu.components == []


async def test_people_cannot_do_what_discord_would_not_let_them(fake_discord: FakeDiscord, world: World,
                                                               bot: BotRunner) -> None:
    with pytest.raises(FakeUsageError, match="no option"):
        await fake_discord.slash(world.alice, world.games, "tiny start", colour="red")
    with pytest.raises(FakeUsageError, match="within"):
        await fake_discord.slash(world.alice, world.games, "tiny start", points=5)
    with pytest.raises(FakeUsageError, match="no subcommand"):
        await fake_discord.slash(world.alice, world.games, "tiny nope")
    with pytest.raises(FakeUsageError, match="hidden"):
        await fake_discord.slash(world.alice, world.games, "tinyadmin")
    assert (await fake_discord.slash(world.mod, world.games, "tinyadmin")).response_type == 4
    hidden = fake_discord.add_channel(world.guild, "staff", everyone_deny=1 << 10)
    with pytest.raises(FakeUsageError, match="may not"):
        await fake_discord.slash(world.alice, hidden, "tiny secret")
    stranger = fake_discord.add_user("stranger")
    with pytest.raises(FakeUsageError, match="not a member"):
        await fake_discord.slash(stranger, world.games, "tiny secret")
