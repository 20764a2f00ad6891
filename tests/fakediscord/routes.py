"""REST handlers for login, command sync, guilds and users; the route table of the whole fake API."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rules
from .messaging import (
    channel_message,
    create_message,
    edit_thread,
    followup,
    get_channel,
    interaction_callback,
    list_messages,
    thread_from_message,
    typing,
    webhook_message,
)
from .model import snowflake

if TYPE_CHECKING:
    from .fake import FakeDiscord
    from .rest import Call


async def get_me(fake: FakeDiscord, call: Call) -> Any:
    """GET /users/@me: the bot user (static_login)."""
    return fake.bot.payload()


async def get_application(fake: FakeDiscord, call: Call) -> Any:
    """GET /oauth2/applications/@me: the application (application_id, flags)."""
    return {
        "id": str(fake.application_id), "name": fake.bot.name, "icon": None, "description": "", "rpc_origins": [],
        "bot_public": True, "bot_require_code_grant": False, "owner": fake.owner.payload(), "team": None,
        "verify_key": "0" * 64, "flags": 0, "interactions_endpoint_url": None, "tags": [], "summary": "",
        "bot": fake.bot.payload(), "approximate_guild_count": len(fake.guilds),
    }


async def get_gateway(fake: FakeDiscord, call: Call) -> Any:
    """GET /gateway and /gateway/bot."""
    return {"url": fake.gateway_url, "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}


async def get_commands(fake: FakeDiscord, call: Call) -> Any:
    """GET global or guild commands."""
    return fake.commands.get(_guild_key(call), [])


async def put_commands(fake: FakeDiscord, call: Call) -> Any:
    """PUT (bulk overwrite) global or guild commands: what tree.sync() calls."""
    key = _guild_key(call)
    old = {c["name"]: c["id"] for c in fake.commands.get(key, [])}
    stored = [_stored_command(fake, body, key, old.get(body["name"])) for body in call.body or []]
    fake.commands[key] = stored
    fake.sync_count += 1
    return stored


async def post_command(fake: FakeDiscord, call: Call) -> Any:
    """POST one command (upsert by name)."""
    key = _guild_key(call)
    existing = [c for c in fake.commands.get(key, []) if c["name"] != call.body["name"]]
    old = {c["name"]: c["id"] for c in fake.commands.get(key, [])}
    command = _stored_command(fake, call.body, key, old.get(call.body["name"]))
    fake.commands[key] = [*existing, command]
    return command


def _guild_key(call: Call) -> int | None:
    return int(call.params["guild_id"]) if "guild_id" in call.params else None


def _stored_command(fake: FakeDiscord, body: dict[str, Any], guild_id: int | None, old_id: str | None) -> dict:
    command = {
        "type": 1, "description": "", "options": [], "default_member_permissions": None, "nsfw": False,
        "contexts": None, "integration_types": [0], "name_localizations": None, "description_localizations": None,
    } | body
    command |= {"id": old_id or str(snowflake()), "application_id": str(fake.application_id),
                "version": str(snowflake())}
    if guild_id is not None:
        command["guild_id"] = str(guild_id)
    return command


async def get_guild(fake: FakeDiscord, call: Call) -> Any:
    """GET /guilds/{id}."""
    guild = fake.guilds.get(int(call.params["guild_id"]))
    if guild is None:
        raise rules.DiscordError(404, 10004, "Unknown Guild", rule_broken=False)
    data = guild.payload(fake.bot, all_members=False)
    for key in ("members", "channels", "threads", "presences", "voice_states"):
        data.pop(key)
    return data


async def get_guild_channels(fake: FakeDiscord, call: Call) -> Any:
    """GET /guilds/{id}/channels."""
    guild = fake.guilds[int(call.params["guild_id"])]
    return [c.payload() for c in guild.channels.values()]


async def get_member(fake: FakeDiscord, call: Call) -> Any:
    """GET /guilds/{id}/members/{user_id}."""
    guild = fake.guilds.get(int(call.params["guild_id"]))
    member = guild.members.get(int(call.params["user_id"])) if guild else None
    if member is None:
        raise rules.DiscordError(404, 10007, "Unknown Member", rule_broken=False)
    return member.payload()


async def get_user(fake: FakeDiscord, call: Call) -> Any:
    """GET /users/{id}."""
    user = fake.users.get(int(call.params["user_id"]))
    if user is None:
        raise rules.DiscordError(404, 10013, "Unknown User", rule_broken=False)
    return user.payload()


_COMMANDS = "/applications/{application_id}/commands"
_GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"
_WEBHOOK_MESSAGE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
TABLE = [
    ("GET", "/users/@me", get_me),
    ("GET", "/oauth2/applications/@me", get_application),
    ("GET", "/applications/@me", get_application),
    ("GET", "/gateway", get_gateway),
    ("GET", "/gateway/bot", get_gateway),
    ("GET", _COMMANDS, get_commands), ("PUT", _COMMANDS, put_commands), ("POST", _COMMANDS, post_command),
    ("GET", _GUILD_COMMANDS, get_commands), ("PUT", _GUILD_COMMANDS, put_commands),
    ("POST", _GUILD_COMMANDS, post_command),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", interaction_callback),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}", followup),
    ("GET", _WEBHOOK_MESSAGE, webhook_message), ("PATCH", _WEBHOOK_MESSAGE, webhook_message),
    ("DELETE", _WEBHOOK_MESSAGE, webhook_message),
    ("GET", "/channels/{channel_id}", get_channel), ("PATCH", "/channels/{channel_id}", edit_thread),
    ("POST", _MESSAGE + "/threads", thread_from_message),
    ("GET", "/channels/{channel_id}/messages", list_messages),
    ("POST", "/channels/{channel_id}/typing", typing),
    ("POST", "/channels/{channel_id}/messages", create_message),
    ("GET", _MESSAGE, channel_message), ("PATCH", _MESSAGE, channel_message), ("DELETE", _MESSAGE, channel_message),
    ("GET", "/guilds/{guild_id}", get_guild),
    ("GET", "/guilds/{guild_id}/channels", get_guild_channels),
    ("GET", "/guilds/{guild_id}/members/{user_id}", get_member),
    ("GET", "/users/{user_id}", get_user),
]
