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
    """A guild text channel with permission overwrites (id -> (allow, deny); type 0 role, 1 member)."""

    id: int
    guild: FakeGuild
    name: str
    overwrites: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    position: int = 0

    def payload(self) -> dict[str, Any]:
        """The channel object as Discord sends it."""
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
        """Discord's permission algorithm: base roles, then @everyone, role and member overwrites."""
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
            "emojis": [], "stickers": [], "voice_states": [], "presences": [], "threads": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
            "members": [m.payload() for m in members], "channels": [c.payload() for c in self.channels.values()],
        }


@dataclass
class FakeAttachment:
    """An uploaded file, bytes kept."""

    id: int
    filename: str
    data: bytes
    description: str | None = None
    content_type: str | None = None
    url: str = ""

    def payload(self) -> dict[str, Any]:
        """The attachment object as Discord sends it."""
        return {
            "id": str(self.id), "filename": self.filename, "size": len(self.data), "url": self.url,
            "proxy_url": self.url, "description": self.description, "content_type": self.content_type,
        }


@dataclass
class FakeMessage:
    """A message; `ephemeral_to` is the only user who sees it when ephemeral; `revisions` keeps every version."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    ephemeral_to: FakeUser | None = None
    interaction: dict[str, Any] | None = None
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    revisions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        """True for an ephemeral message."""
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        """True while this is a deferred 'thinking…' placeholder."""
        return bool(self.flags & LOADING)

    def visible_to(self, user: FakeUser | None) -> bool:
        """Whether `user` can see this message (None = anyone, i.e. public messages only)."""
        if self.deleted:
            return False
        return self.ephemeral_to is None or (user is not None and self.ephemeral_to.id == user.id)

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component, depth first (rows, containers and sections are walked)."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                walk(item.get("components", []))
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])

        walk(self.components)
        return found

    @property
    def custom_ids(self) -> list[str]:
        """The custom_ids of every interactive component, in order."""
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Every button (type 2) as sent by the bot."""
        return [c for c in self.iter_components() if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The button with this label (KeyError when absent)."""
        for item in self.buttons:
            if item.get("label") == label:
                return item
        raise KeyError(f"no button labelled {label!r}; labels: {[b.get('label') for b in self.buttons]}")

    def all_text(self) -> str:
        """Content, embed text, component labels/custom_ids and attachment names of every revision, for leak checks."""
        import json

        return "\n".join(json.dumps(r, ensure_ascii=False) for r in self.revisions)

    def payload(self) -> dict[str, Any]:
        """The message object as Discord sends it."""
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel.id), "guild_id": str(self.channel.guild.id),
            "author": self.author.payload(), "content": self.content, "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": [a.payload() for a in self.attachments], "embeds": self.embeds,
            "pinned": False, "type": 20 if self.interaction else 0, "flags": self.flags,
            "components": self.components,
        }
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction
            data["webhook_id"] = str(self.author.id)
            data["application_id"] = str(self.author.id)
        return data

    def snapshot(self) -> None:
        """Append the current version to `revisions`."""
        self.revisions.append({
            "content": self.content, "embeds": self.embeds, "components": self.components, "flags": self.flags,
            "attachments": [{"filename": a.filename, "description": a.description} for a in self.attachments],
        })
