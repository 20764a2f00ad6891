"""FakeDiscord: the offline server (REST + gateway on 127.0.0.1) and the world it serves."""

from __future__ import annotations

import asyncio
import base64
import mimetypes
import secrets
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord.gateway
import discord.http
import yarl
from aiohttp import web

from . import rest
from .gateway import Gateway
from .interactions import InteractionRecord
from .message import FakeAttachment, FakeMessage
from .model import EPHEMERAL, LOADING, FakeChannel, FakeGuild, FakeUser, iso_now, snowflake
from .people import People
from .places import GUILD_MESSAGES_INTENT, Places
from .rules import DiscordError, Fault, Violation
from .schema import DEFAULT_SPEC, shared_checker

if TYPE_CHECKING:
    from collections.abc import Callable

    from .rest import Call, RequestLog



def _token_for(user_id: int) -> str:
    """A token shaped like Discord's (base64 user id . 6 chars . 38 chars), for bots that check the format."""
    head = base64.urlsafe_b64encode(str(user_id).encode()).decode().rstrip("=")
    return f"{head}.{secrets.token_urlsafe(4)[:6]}.{secrets.token_urlsafe(29)[:38]}"


class FakeDiscord(People, Places):
    """An offline Discord the real discord.py client logs into; see tests/fakediscord/README.md."""

    def __init__(self, *, spec_path: Path = DEFAULT_SPEC, attachment_size_limit: int = 10 * 1024 * 1024,
                 lean: bool = False) -> None:
        self.bot = FakeUser(snowflake(), "Dreamcats", "Dreamcats", bot=True)
        self.token = _token_for(self.bot.id)
        self.owner = FakeUser(snowflake(), "guild-owner", "Guild Owner")
        self.application_id = self.bot.id
        self.attachment_size_limit = attachment_size_limit
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages_by_id: dict[int, FakeMessage] = {}
        self.nonces: dict[tuple[int, str], tuple[FakeMessage, float]] = {}  # (channel, nonce): message, when made
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_count = 0
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.violations: list[Violation] = []
        self.errors: list[Violation] = []
        self.requests: list[RequestLog] = []
        self.schema = shared_checker(spec_path)
        self.gateway = Gateway(self)
        self.inflight = 0
        self.last_activity = time.monotonic()
        self.writes = 0
        self.version = 0
        self.deadline = 3.0  # Discord: the initial response must come within 3 s
        self.followup_timeout = 10.0
        self.update_timeout = 2.0
        self.quiet = 0.05  # idle() = no REST request for this long
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        # Load runs: no schema checks, no request log, no revisions, no attachment bytes (memory and CPU stay flat).
        self.lean = lean
        self.on_write: Callable[[FakeMessage], None] | None = None  # called after every stored create/edit
        # Discord having a bad moment: asked about every REST request; a Fault makes it fail (README, "Outages").
        self.outage: Callable[[Call], Fault | None] | None = None
        self.uploads: dict[str, int] = {}  # files uploaded, by name
        self.request_count = 0
        self.request_kinds: Counter[str] = Counter()  # requests by method and route, ids left out

    # -- server ------------------------------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        """Listen on 127.0.0.1 (a free port) and point discord.py's Route.BASE and DEFAULT_GATEWAY here."""
        app = web.Application(client_max_size=256 * 1024 * 1024)
        app[rest.FAKE_KEY] = self
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/resume", self.gateway.handle)
        app.router.add_get("/attachments/{attachment_id}/{filename}", self._attachment)
        app.router.add_route("*", rest.API_PREFIX + "/{tail:.*}", rest.handle)
        # A request an outage leaves hanging (tests/fakediscord README, "Outages") is cut at close, not waited for.
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        return self

    async def close(self) -> None:
        """Stop serving and restore discord.py's URLs."""
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        """http://127.0.0.1:<port>"""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The value given to discord.http.Route.BASE."""
        return self.base_url + rest.API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The value given to DiscordWebSocket.DEFAULT_GATEWAY."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_url(self) -> str:
        """READY's resume_gateway_url."""
        return f"ws://127.0.0.1:{self.port}/resume"

    async def _attachment(self, request: web.Request) -> web.Response:
        wanted = int(request.match_info["attachment_id"])
        for message in self.messages_by_id.values():
            for attachment in message.attachments:
                if attachment.id == wanted:
                    return web.Response(body=attachment.data, content_type=attachment.content_type or "image/png")
        raise web.HTTPNotFound()

    # -- messages (used by the REST handlers) ------------------------------------------------------------------

    def new_message(self, channel: FakeChannel, data: dict[str, Any], files: list[rest.UploadedFile], *,
                    ephemeral_to: FakeUser | None = None, record: InteractionRecord | None = None,
                    author: FakeUser | None = None) -> FakeMessage:
        """Store a message the bot (or `author`) sent."""
        message = FakeMessage(snowflake(), channel, author or self.bot, ephemeral_to=ephemeral_to,
                              flags=EPHEMERAL if ephemeral_to else 0)
        self.apply_edit(message, data, files, created=True)
        if record is not None:
            message.interaction = {"id": str(record.id), "type": record.payload["type"],
                                   "user": record.user.payload(), "authorizing_integration_owners": {
                                       "0": str(channel.guild.id)}}
            if record.message is not None:
                message.interaction["interacted_message_id"] = str(record.message.id)
            record.touch(message)
        self.messages_by_id[message.id] = message
        return message

    def apply_edit(self, message: FakeMessage, data: dict[str, Any], files: list[rest.UploadedFile], *,
                   clear_loading: bool = False, created: bool = False) -> None:
        """Apply a create/edit payload (content, embeds, components, flags, attachments kept + new files)."""
        self._check_size(files)
        for key in ("content", "embeds", "components"):
            if key in data:
                setattr(message, key, data[key] if data[key] is not None else ("" if key == "content" else []))
        if "flags" in data and data["flags"] is not None:
            message.flags = (message.flags & (EPHEMERAL | LOADING)) | (data["flags"] & ~(EPHEMERAL | LOADING))
        if clear_loading:
            message.flags &= ~LOADING
        described = {str(a.get("id")): a for a in data.get("attachments") or []}
        if "attachments" in data and not created:
            message.attachments = [a for a in message.attachments if str(a.id) in described]
        for upload in files:
            meta = described.get(str(upload.index), {})
            filename = meta.get("filename") or upload.filename
            self.uploads[filename] = self.uploads.get(filename, 0) + 1
            kept = b"" if self.lean else upload.data
            attachment = FakeAttachment(snowflake(), filename, kept, meta.get("description"),
                                        mimetypes.guess_type(filename)[0] or upload.content_type)
            attachment.url = f"{self.base_url}/attachments/{attachment.id}/{attachment.filename}"
            message.attachments.append(attachment)
        if not created:
            message.edited_timestamp = iso_now()
        if not self.lean:
            message.snapshot()
        self.writes += 1
        self.changed()
        if self.on_write is not None:
            self.on_write(message)

    def _check_size(self, files: list[rest.UploadedFile]) -> None:
        if sum(len(f.data) for f in files) > self.attachment_size_limit:
            raise DiscordError(413, 40005, "Request entity too large")

    def remove_message(self, message: FakeMessage) -> None:
        """Mark a message deleted (the bot's or a moderator's deletion) and tell the gateway if subscribed."""
        message.deleted = True
        self.writes += 1
        self.changed()
        session = self.gateway.session
        if session is not None and session.intents & GUILD_MESSAGES_INTENT and not message.ephemeral:
            self._announce("MESSAGE_DELETE", lambda: {"id": str(message.id), "channel_id": str(message.channel.id),
                                                      "guild_id": str(message.channel.guild.id)})

    def messages_in(self, channel: FakeChannel) -> list[FakeMessage]:
        """Every message ever stored in a channel (deleted and ephemeral ones too), oldest first."""
        return [m for m in self.messages_by_id.values() if m.channel is channel]

    # -- bookkeeping -------------------------------------------------------------------------------------------

    def violate(self, rule: str, detail: str, code: int | None, request: str) -> None:
        """Record a broken Discord rule."""
        self.violations.append(Violation(rule, detail, code, request))

    def note_error(self, call: Call, error: DiscordError, detail: str, rule: str = "discord-error") -> None:
        """Record an error answer; a rule broken by the bot also becomes a violation."""
        self.errors.append(Violation("error", detail, error.code, call.label))
        if error.rule_broken:
            self.violate(rule, detail, error.code, call.label)
        token = call.params.get("interaction_token") or call.params.get("webhook_token")
        record = self.by_token.get(token or "")
        if record is not None:
            record.error_codes.append(error.code)

    def changed(self) -> None:
        """Note that the fake's state changed (wakes wait_until)."""
        self.version += 1
