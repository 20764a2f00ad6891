"""The fake's world: users, guilds, channels, messages, and the JSON payloads Discord would send for them."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 53) - 1
EPHEMERAL = 1 << 6
LOADING = 1 << 7

_counter = itertools.count()


def snowflake() -> int:
    """A new, unique, time-ordered Discord snowflake."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) % (1 << 22))


def iso_now() -> str:
    """The current time as Discord's ISO 8601 timestamp."""
    return datetime.now(UTC).isoformat()


@dataclass
class FakeUser:
    """A Discord account: a simulated person or the bot itself."""

    id: int
    name: str
    display_name: str | None = None
    locale: str = "en-US"
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        """The user object as Discord sends it."""
        return {
            "id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.display_name,
            "avatar": None, "bot": self.bot, "public_flags": 0, "flags": 0, "banner": None, "accent_color": None,
            "avatar_decoration_data": None, "primary_guild": None,
        }

    @property
    def mention(self) -> str:
        """The <@id> mention string."""
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    """A guild role with a permission bit set."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        """The role object as Discord sends it."""
        return {
            "id": str(self.id), "name": self.name, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
            "icon": None, "unicode_emoji": None, "position": self.position, "permissions": str(self.permissions),
            "managed": self.managed, "mentionable": False, "flags": 0,
        }


@dataclass
class FakeMember:
    """A user's membership of one guild."""

    user: FakeUser
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, permissions: int | None = None) -> dict[str, Any]:
        """The member object as Discord sends it (with `permissions` inside interactions)."""
        data: dict[str, Any] = {
            "user": self.user.payload(), "nick": self.nick, "avatar": None, "banner": None,
            "roles": [str(r) for r in self.roles], "joined_at": self.joined_at, "premium_since": None,
            "deaf": False, "mute": False, "flags": 0, "pending": False, "communication_disabled_until": None,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class FakeChannel:
    """A text channel (overwrites: id -> (0 role | 1 member, allow, deny)) or, with a parent, a public thread."""

    id: int
    guild: FakeGuild
    name: str
    overwrites: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    position: int = 0
    parent: FakeChannel | None = None
    archived: bool = False
    locked: bool = False  # a locked thread: only Manage Threads opens it again
    owner_id: int | None = None  # a thread's creator (None: the guild's owner)

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name} id={self.id}{' thread' if self.parent else ''}>"

    @property
    def is_thread(self) -> bool:
        """True for a thread (type 11)."""
        return self.parent is not None

    def payload(self) -> dict[str, Any]:
        """The channel object as Discord sends it."""
        if self.parent is not None:
            return {
                "id": str(self.id), "type": 11, "guild_id": str(self.guild.id), "name": self.name,
                "parent_id": str(self.parent.id), "owner_id": str(self.owner_id or self.guild.owner_id),
                "last_message_id": None,
                "rate_limit_per_user": 0, "flags": 0, "message_count": 0, "member_count": 1, "total_message_sent": 0,
                "thread_metadata": {"archived": self.archived, "auto_archive_duration": 1440, "locked": self.locked,
                                    "archive_timestamp": iso_now()},
            }
        return {
            "id": str(self.id), "type": 0, "guild_id": str(self.guild.id), "name": self.name,
            "position": self.position, "parent_id": None, "topic": None, "nsfw": False, "last_message_id": None,
            "rate_limit_per_user": 0, "flags": 0,
            "permission_overwrites": [
                {"id": str(i), "type": kind, "allow": str(allow), "deny": str(deny)}
                for i, (kind, allow, deny) in self.overwrites.items()
            ],
        }

    def permissions_for(self, user: FakeUser) -> int:
        """Discord's algorithm: base roles, then @everyone, role and member overwrites (a thread: its parent's)."""
        if self.parent is not None:
            return self.parent.permissions_for(user)
        guild = self.guild
        base = guild.base_permissions(user)
        if base & ADMINISTRATOR:
            return ALL_PERMISSIONS
        member = guild.members[user.id]
        everyone = self.overwrites.get(guild.id)
        if everyone:
            base = (base & ~everyone[2]) | everyone[1]
        allow = deny = 0
        for role_id in member.roles:
            over = self.overwrites.get(role_id)
            if over and over[0] == 0:
                allow, deny = allow | over[1], deny | over[2]
        base = (base & ~deny) | allow
        mine = self.overwrites.get(user.id)
        if mine and mine[0] == 1:
            base = (base & ~mine[2]) | mine[1]
        return base


@dataclass
class FakeGuild:
    """A server with roles, members and text channels."""

    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name!r} id={self.id} locale={self.preferred_locale}>"

    def base_permissions(self, user: FakeUser) -> int:
        """The guild-level permissions of a member (owner and Administrator get everything)."""
        if user.id == self.owner_id:
            return ALL_PERMISSIONS
        perms = self.roles[self.id].permissions
        for role_id in self.members[user.id].roles:
            perms |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def payload(self, bot: FakeUser, *, all_members: bool) -> dict[str, Any]:
        """The GUILD_CREATE payload (only the bot's own member unless the members intent is on)."""
        members = self.members.values() if all_members else [self.members[bot.id]]
        return {
            "id": str(self.id), "name": self.name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(self.owner_id), "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "features": [], "mfa_level": 0,
            "application_id": None, "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "vanity_url_code": None, "description": None, "banner": None, "premium_tier": 0,
            "premium_subscription_count": 0, "preferred_locale": self.preferred_locale,
            "public_updates_channel_id": None, "nsfw_level": 0, "premium_progress_bar_enabled": False,
            "max_members": 500000, "joined_at": self.members[bot.id].joined_at, "large": False,
            "unavailable": False, "member_count": len(self.members),
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [], "stickers": [], "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in self.channels.values() if not c.is_thread],
            "threads": [c.payload() for c in self.channels.values() if c.is_thread],
        }
