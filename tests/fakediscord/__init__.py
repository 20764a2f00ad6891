"""An offline fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real discord.py path."""

from .fake import FakeDiscord
from .interactions import FakeUsageError, InteractionRecord
from .message import FakeAttachment, FakeMessage
from .model import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser
from .places import DEFAULT_BOT_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS, MANAGE_GUILD
from .plugin import NetworkBlockedError, NetworkGuard
from .rules import DiscordError, Fault, Violation, service_unavailable
from .runner import BotRunner, BotStartError

__all__ = [
    "DEFAULT_BOT_PERMISSIONS", "DEFAULT_EVERYONE_PERMISSIONS", "MANAGE_GUILD", "BotRunner", "BotStartError",
    "DiscordError", "FakeAttachment", "FakeChannel", "FakeDiscord", "FakeGuild", "FakeMember", "FakeMessage",
    "FakeRole", "FakeUsageError", "FakeUser", "InteractionRecord", "NetworkBlockedError", "NetworkGuard",
    "Fault", "Violation", "service_unavailable",
]
