"""Interactions the simulated people send: payloads for slash commands and components, and their records."""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from .message import FakeMessage
from .model import FakeChannel, FakeRole, FakeUser, snowflake

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = range(1, 11)


class FakeUsageError(Exception):
    """A test asked a simulated person to do something Discord's client would not let them do."""


@dataclass
class InteractionRecord:
    """What happened to one interaction: the answer type, the messages it made or edited, timing, error codes."""

    id: int
    token: str
    kind: str  # "slash", "button" or "select"
    name: str  # the command path ("dreamcats start") or the custom_id
    user: FakeUser
    channel: FakeChannel
    payload: dict[str, Any]
    message: FakeMessage | None = None  # the message whose component was used
    sent_at: float = field(default_factory=time.monotonic)
    response_type: int | None = None
    responded_at: float | None = None
    original: FakeMessage | None = None
    messages: list[FakeMessage] = field(default_factory=list)
    error_codes: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    followed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the first callback (None when unanswered)."""
        return None if self.responded_at is None else self.responded_at - self.sent_at

    @property
    def deferred(self) -> bool:
        """True when the first answer was a defer (type 5 or 6)."""
        return self.response_type in (5, 6)

    @property
    def reply(self) -> FakeMessage | None:
        """The first message this interaction created or edited (None if none)."""
        return self.messages[0] if self.messages else None

    @property
    def private_reply(self) -> FakeMessage | None:
        """The first ephemeral message this interaction created or edited (None if none): its private answer also
        when the interaction first edited a public message, as a deferred update's token may."""
        return next((m for m in self.messages if m.ephemeral), None)

    @property
    def ephemeral(self) -> bool:
        """True when the response message is ephemeral."""
        return self.original is not None and self.original.ephemeral and self.original is not self.message

    def touch(self, message: FakeMessage) -> None:
        """Note a message created or edited through this interaction."""
        if all(m is not message for m in self.messages):
            self.messages.append(message)

    def __repr__(self) -> str:
        return (f"<InteractionRecord {self.kind} {self.name!r} by {self.user.name} type={self.response_type} "
                f"latency={self.latency} messages={[m.id for m in self.messages]} errors={self.error_codes}>")


def base_payload(
    kind: int, user: FakeUser, channel: FakeChannel, bot: FakeUser, application_id: int, size_limit: int
) -> dict[str, Any]:
    """The fields every guild interaction carries (member with permissions, app_permissions, locales…)."""
    guild = channel.guild
    return {
        "id": str(snowflake()), "application_id": str(application_id), "type": kind, "token": secrets.token_urlsafe(48),
        "version": 1, "guild_id": str(guild.id), "guild": {"id": str(guild.id), "locale": guild.preferred_locale,
                                                            "features": []},
        "channel_id": str(channel.id), "channel": channel.payload(),
        "member": guild.members[user.id].payload(permissions=channel.permissions_for(user)),
        "app_permissions": str(channel.permissions_for(bot)), "locale": user.locale,
        "guild_locale": guild.preferred_locale, "entitlements": [], "entitlement_sku_ids": [],
        "authorizing_integration_owners": {"0": str(guild.id)}, "context": 0, "attachment_size_limit": size_limit,
    }


def command_data(
    command: dict[str, Any], path: list[str], values: dict[str, Any], channel: FakeChannel, user: FakeUser
) -> dict[str, Any]:
    """The `data` of an application command interaction: nested subcommands, typed options and `resolved`."""
    context = _Context(user, channel)
    options = _nest(command, path[1:], values, context)
    resolved = context.resolved
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": command.get("type", 1),
                            "options": options, "guild_id": str(channel.guild.id)}
    if resolved:
        data["resolved"] = resolved
    return data


@dataclass
class _Context:
    """Who invokes where, and the `resolved` objects collected on the way."""

    user: FakeUser
    channel: FakeChannel
    resolved: dict[str, dict[str, Any]] = field(default_factory=dict)


def _nest(node: dict[str, Any], path: list[str], values: dict[str, Any], context: _Context) -> list[dict[str, Any]]:
    defs = node.get("options") or []
    if path:
        child = next((o for o in defs if o["name"] == path[0] and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if child is None:
            names = [o["name"] for o in defs if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise FakeUsageError(f"/{node['name']} has no subcommand {path[0]!r}; it has {names}")
        return [{"name": child["name"], "type": child["type"], "options": _nest(child, path[1:], values, context)}]
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in defs):
        raise FakeUsageError(f"/{node['name']} needs a subcommand: {[o['name'] for o in defs]}")
    known = {o["name"]: o for o in defs}
    unknown = set(values) - set(known)
    if unknown:
        raise FakeUsageError(f"/{node['name']} has no option(s) {sorted(unknown)}; it has {sorted(known)}")
    missing = [o["name"] for o in defs if o.get("required") and o["name"] not in values]
    if missing:
        raise FakeUsageError(f"/{node['name']} requires {missing}")
    return [_option(known[name], value, context) for name, value in values.items()]


def _option(spec: dict[str, Any], value: Any, context: _Context) -> dict[str, Any]:
    kind, channel, resolved = spec["type"], context.channel, context.resolved
    choices = [c["value"] for c in spec.get("choices") or []]
    if choices and value not in choices:
        raise FakeUsageError(f"option {spec['name']!r} must be one of {choices}, not {value!r}")
    if kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        guild = channel.guild
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        if value.id in guild.members:
            member = guild.members[value.id].payload(permissions=channel.permissions_for(value))
            member.pop("user")
            resolved.setdefault("members", {})[str(value.id)] = member
        value = str(value.id)
    elif kind == CHANNEL and isinstance(value, FakeChannel):
        data = value.payload() | {"permissions": str(value.permissions_for(context.user))}
        resolved.setdefault("channels", {})[str(value.id)] = data
        value = str(value.id)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        value = str(value.id)
    elif kind == INTEGER and not isinstance(value, int):
        raise FakeUsageError(f"option {spec['name']!r} takes an integer, not {value!r}")
    elif kind in (STRING,) and not isinstance(value, str):
        raise FakeUsageError(f"option {spec['name']!r} takes a string, not {value!r}")
    _check_range(spec, value)
    return {"name": spec["name"], "type": kind, "value": value}


def _check_range(spec: dict[str, Any], value: Any) -> None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        low, high = spec.get("min_value"), spec.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise FakeUsageError(f"option {spec['name']!r} must be within [{low}, {high}], not {value}")
    if isinstance(value, str):
        if len(value) > spec.get("max_length", 6000) or len(value) < spec.get("min_length", 0):
            raise FakeUsageError(f"option {spec['name']!r} has a bad length: {value!r}")


def find_command(commands: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """The chat-input command called `name` among the synced ones."""
    for command in commands:
        if command["name"] == name and command.get("type", 1) == 1:
            return command
    raise FakeUsageError(f"no synced slash command /{name}; synced: {[c['name'] for c in commands]} "
                         "(did the bot call tree.sync()?)")


def component_target(message: FakeMessage, user: FakeUser, custom_id: str) -> dict[str, Any]:
    """The component a person uses, checked as Discord's client would (visible, present, enabled)."""
    if not message.visible_to(user):
        raise FakeUsageError(f"{user.name} cannot see message {message.id}")
    for item in message.iter_components():
        if item.get("custom_id") == custom_id:
            if item.get("disabled"):
                raise FakeUsageError(f"component {custom_id!r} is disabled")
            return item
    raise FakeUsageError(f"message {message.id} has no component {custom_id!r}; it has {message.custom_ids}")

