"""A throwaway bot for the fake's self-tests: a /tiny group, a persistent counter button, uploads, deliberate bugs."""

from __future__ import annotations

import asyncio
import re

import discord
from discord import app_commands

PNG = b"\x89PNG\r\n\x1a\n" + b"tiny-picture" * 10


class Counter(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"tiny:count:(?P<n>\d+)"):
    """A persistent button whose custom_id carries the count; a click edits the message to count + 1."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"tiny:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]  # type: ignore[type-arg]
    ) -> Counter:
        """Rebuild the button from its custom_id (works after a restart)."""
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Edit the message in place with the next count."""
        view = discord.ui.View(timeout=None).add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


def counter_view(n: int = 0) -> discord.ui.View:
    """A view holding one counter button."""
    return discord.ui.View(timeout=None).add_item(Counter(n))


def build_group(delay: float) -> app_commands.Group:
    """The /tiny commands; `delay` is how long /tiny late waits before answering."""
    group = app_commands.Group(name="tiny", description="Tiny test bot")

    @group.command(name="start", description="Post a counter")
    @app_commands.describe(points="Points to play to", rival="Someone to challenge")
    async def start(interaction: discord.Interaction, points: app_commands.Range[int, 10, 200] = 100,
                    rival: discord.Member | None = None) -> None:
        name = interaction.user.display_name
        against = f" vs {rival.display_name}" if rival else ""
        await interaction.response.send_message(f"{name} plays to {points}{against}", view=counter_view())

    @group.command(name="secret", description="An ephemeral reply")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"only for {interaction.user.name}", ephemeral=True)

    @group.command(name="slow", description="Deferred reply with a followup file")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("here it is", file=discord.File(_png(), "picture.png", description="alt"))
        await interaction.followup.send("a second, ephemeral note", ephemeral=True)

    @group.command(name="post", description="Posts into the channel with an embed and a file")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel | discord.Thread)
        embed = discord.Embed(title="Table", description="a picture").set_image(url="attachment://table.png")
        message = await channel.send(embed=embed, file=discord.File(_png(), "table.png"), view=counter_view(5))
        await message.edit(content="edited", attachments=[discord.File(_png(), "table2.png")])

    @group.command(name="photo", description="An ephemeral picture whose button swaps it, then deletes it")
    async def photo(interaction: discord.Interaction) -> None:
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(label="Swap", custom_id="tiny:swap")

        async def swap(press: discord.Interaction) -> None:
            await press.response.edit_message(content="swapped", attachments=[discord.File(_png(), "b.png")])
            await asyncio.sleep(0.05)
            await press.delete_original_response()

        button.callback = swap  # type: ignore[method-assign]
        await interaction.response.send_message("yours", file=discord.File(_png(), "a.png"), ephemeral=True,
                                                view=discord.ui.View().add_item(button))

    @group.command(name="pick", description="A select menu that edits the message")
    async def pick(interaction: discord.Interaction) -> None:
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(custom_id="tiny:pick", options=[
            discord.SelectOption(label=s.title(), value=s) for s in ("easy", "normal", "hard")])

        async def chosen(choice: discord.Interaction) -> None:
            await choice.response.edit_message(content=f"picked {select.values[0]}", view=None)

        select.callback = chosen  # type: ignore[method-assign]
        await interaction.response.send_message("pick one", view=discord.ui.View().add_item(select))

    @group.command(name="late", description="Answers too late")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(delay)
        try:
            await interaction.response.send_message("sorry I'm late")
        except discord.NotFound:
            pass

    @group.command(name="twice", description="Answers twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        try:
            await interaction.client.http.request(  # bypass discord.py's own is_done() guard, like a raced second task
                discord.http.Route("POST", "/interactions/{i}/{t}/callback", i=interaction.id, t=interaction.token),
                json={"type": 4, "data": {"content": "two"}},
            )
        except discord.HTTPException:
            pass

    @group.command(name="long", description="Breaks the content limit")
    async def long(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException:
            await interaction.response.send_message("too long", ephemeral=True)

    return group


def _png() -> object:
    import io

    return io.BytesIO(PNG)


@app_commands.default_permissions(manage_guild=True)
async def _admin(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("ok", ephemeral=True)


class TinyBot(discord.Client):
    """A guilds-intent-only client with the /tiny group; syncs globally, and to `guild_ids` when given."""

    def __init__(self, *, delay: float = 0.5, guild_ids: tuple[int, ...] = ()) -> None:
        super().__init__(intents=discord.Intents(guilds=True), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(build_group(delay))
        self.tree.add_command(app_commands.Command(name="tinyadmin", description="Only for Manage Server",
                                                   callback=_admin))
        self.guild_ids = guild_ids
        self.ready_count = 0
        self.resumed_count = 0
        self.seen: list[discord.Interaction] = []

    async def setup_hook(self) -> None:
        """Register the persistent button and sync commands."""
        self.add_dynamic_items(Counter)
        await self.tree.sync()
        for guild_id in self.guild_ids:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def on_ready(self) -> None:
        """Count READY events."""
        self.ready_count += 1

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Keep every interaction, so tests can check what discord.py parsed."""
        self.seen.append(interaction)

    async def on_resumed(self) -> None:
        """Count RESUMED events."""
        self.resumed_count += 1
