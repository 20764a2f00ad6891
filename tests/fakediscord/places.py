"""Mixin of FakeDiscord: the world the bot lives in (guilds, channels, threads, roles, people), and its changes that
Discord tells the bot about over the gateway (a channel or thread deleted, the bot removed from a server)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from .model import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser, snowflake

if TYPE_CHECKING:
    from .fake import FakeDiscord

# View, Send, Embed Links, Attach Files, Read History, Use Application Commands, Send in Threads.
DEFAULT_BOT_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31) | (1 << 38)
DEFAULT_EVERYONE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 6) | (1 << 14) | (1 << 15)
GUILD_MESSAGES_INTENT = 1 << 9
MANAGE_GUILD = 1 << 5


class Places:
    """Mixin of FakeDiscord: guilds, channels, threads, roles and people, made and taken away."""

    def add_guild(self: FakeDiscord, name: str = "Cat Café", *, locale: str = "en-US",
                  bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
                  everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS) -> FakeGuild:
        """A guild (preferred_locale = locale) with @everyone, the bot's managed role, the bot and an owner."""
        guild = FakeGuild(snowflake(), name, owner_id=self.owner.id, preferred_locale=locale)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", everyone_permissions)
        bot_role = FakeRole(snowflake(), self.bot.name, bot_permissions, position=1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = FakeMember(self.bot, [bot_role.id])
        guild.members[self.owner.id] = FakeMember(self.owner)
        self.guilds[guild.id] = guild
        self._announce("GUILD_CREATE", lambda: guild.payload(self.bot, all_members=False))
        return guild

    def add_channel(self: FakeDiscord, guild: FakeGuild, name: str = "games", *, bot_allow: int = 0, bot_deny: int = 0,
                    everyone_allow: int = 0, everyone_deny: int = 0) -> FakeChannel:
        """A text channel; bot_allow/bot_deny become a member overwrite for the bot (e.g. deny Attach Files)."""
        channel = FakeChannel(snowflake(), guild, name, position=len(guild.channels))
        if bot_allow or bot_deny:
            channel.overwrites[self.bot.id] = (1, bot_allow, bot_deny)
        if everyone_allow or everyone_deny:
            channel.overwrites[guild.id] = (0, everyone_allow, everyone_deny)
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._announce("CHANNEL_CREATE", channel.payload)
        return channel

    def add_thread(self: FakeDiscord, channel: FakeChannel, name: str = "game thread", *, thread_id: int | None = None,
                   owner_id: int | None = None) -> FakeChannel:
        """A public thread under `channel` (permissions come from the parent; sending needs Send in Threads); one
        started from a message has that message's id."""
        thread = FakeChannel(thread_id or snowflake(), channel.guild, name, parent=channel, owner_id=owner_id)
        channel.guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        self._announce("THREAD_CREATE", lambda: thread.payload() | {"newly_created": True})
        return thread

    def add_role(self: FakeDiscord, guild: FakeGuild, name: str, permissions: int) -> FakeRole:
        """A guild role with these permission bits."""
        role = FakeRole(snowflake(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self._announce("GUILD_ROLE_CREATE", lambda: {"guild_id": str(guild.id), "role": role.payload()})
        return role

    def add_user(self: FakeDiscord, name: str, *, display_name: str | None = None, locale: str = "en-US",
                 guild: FakeGuild | None = None, permissions: int = 0, nick: str | None = None) -> FakeUser:
        """A person (display_name = global name; locale = their client language), optionally joined to a guild."""
        user = FakeUser(snowflake(), name, display_name, locale=locale)
        self.users[user.id] = user
        if guild is not None:
            self.add_member(guild, user, permissions=permissions, nick=nick)
        return user

    def add_member(self: FakeDiscord, guild: FakeGuild, user: FakeUser, *, permissions: int = 0,
                   nick: str | None = None) -> FakeMember:
        """Join `user` to `guild`; extra guild permissions (e.g. MANAGE_GUILD) come through a personal role."""
        member = FakeMember(user, nick=nick)
        if permissions:
            member.roles.append(self.add_role(guild, f"{user.name}-role", permissions).id)
        guild.members[user.id] = member
        return member

    def _announce(self: FakeDiscord, event: str, build: Any) -> None:
        if self.gateway.connected:
            task = asyncio.get_running_loop().create_task(self.gateway.dispatch(event, build()))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def delete_channel(self: FakeDiscord, channel: FakeChannel) -> None:
        """Someone deleted a channel (its threads go with it) or a thread: CHANNEL_DELETE or THREAD_DELETE, and
        the REST API answers 10003 Unknown Channel for it from now on."""
        gone = [channel, *(c for c in self.channels.values() if c.parent is channel)]
        for each in gone:
            self.channels.pop(each.id, None)
            channel.guild.channels.pop(each.id, None)
        if channel.is_thread:
            assert channel.parent is not None
            self._announce("THREAD_DELETE", lambda: {"id": str(channel.id), "guild_id": str(channel.guild.id),
                                                      "parent_id": str(channel.parent.id), "type": 11})
        else:
            self._announce("CHANNEL_DELETE", channel.payload)

    def archive_thread(self: FakeDiscord, thread: FakeChannel, *, locked: bool = False) -> None:
        """A moderator closed (archived) a thread, or locked it: THREAD_UPDATE. Its messages cannot be edited any more
        (50083); a new message opens an archived thread again, but not a locked one without Manage Threads."""
        thread.archived, thread.locked = True, locked
        self._announce("THREAD_UPDATE", thread.payload)

    def remove_bot(self: FakeDiscord, guild: FakeGuild) -> None:
        """The bot was kicked from (or left) a server: GUILD_DELETE without `unavailable`; its channels answer
        50001 Missing Access from now on."""
        guild.members.pop(self.bot.id, None)
        self._announce("GUILD_DELETE", lambda: {"id": str(guild.id)})

    def guild_outage(self: FakeDiscord, guild: FakeGuild) -> None:
        """The server is unavailable for a while (Discord's outage, not a removal): GUILD_DELETE with `unavailable`."""
        self._announce("GUILD_DELETE", lambda: {"id": str(guild.id), "unavailable": True})
