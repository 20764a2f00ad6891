"""The fake gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, and event dispatch.

An IDENTIFY with `shard: [id, count]` gets only the guilds of that shard; events go to the newest session.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .fake import FakeDiscord

HEARTBEAT_INTERVAL_MS = 41250
GUILD_MEMBERS_INTENT = 1 << 1


@dataclass
class Connection:
    """One websocket connection as the fake saw it."""

    path: str
    kind: str = "pending"  # "identify", "resume", "invalid-resume" or "pending"
    closed: str = ""  # "", "client-clean", "client-abrupt", "server-clean", "server-abrupt"


@dataclass
class Session:
    """A gateway session: its sequence, buffered events (for RESUME) and the live socket, if any."""

    id: str
    intents: int
    seq: int = 0
    events: list[tuple[int, str]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    request: web.Request | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Gateway:
    """Serves the websocket at /gateway (and /resume, READY's resume_gateway_url)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.session: Session | None = None
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.heartbeats = 0
        self.ready = asyncio.Event()

    @property
    def connected(self) -> bool:
        """True while a bot session has a live websocket."""
        return self.session is not None and self.session.ws is not None and not self.session.ws.closed

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The websocket handler for both the gateway and the resume URL."""
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = Connection(path=request.path)
        self.connections.append(conn)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                payload = json.loads(msg.data)
                op = payload.get("op")
                if op == 1:
                    self.heartbeats += 1
                    await ws.send_str(json.dumps({"op": 11}))
                elif op == 2:
                    session = await self._identify(ws, request, conn, payload["d"])
                elif op == 6:
                    session = await self._resume(ws, request, conn, payload["d"])
        finally:
            if not conn.closed:
                conn.closed = "client-clean" if ws.close_code and ws.close_code < 4000 else "client-abrupt"
            if session is not None and session.ws is ws:
                session.ws = None
                session.request = None
        return ws

    async def _identify(
        self, ws: web.WebSocketResponse, request: web.Request, conn: Connection, data: dict[str, Any]
    ) -> Session | None:
        conn.kind = "identify"
        if data.get("token") != self.fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        session = Session(id=secrets.token_hex(16), intents=int(data.get("intents") or 0))
        self.sessions[session.id] = session
        self.session = session
        session.ws, session.request = ws, request
        fake = self.fake
        shard = data.get("shard")  # [shard_id, shard_count]: this connection gets only that shard's guilds
        guilds = [g for g in fake.guilds.values()  # the servers the bot is in (not those that removed it)
                  if fake.bot.id in g.members and (not shard or (g.id >> 22) % shard[1] == shard[0])]
        ready = {
            "v": 10, "user": fake.bot.payload(), "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id, "session_type": "normal", "resume_gateway_url": fake.resume_url,
            "application": {"id": str(fake.application_id), "flags": 0}, "private_channels": [],
            "presences": [], "relationships": [], "user_settings": {}, "guild_join_requests": [],
            "geo_ordered_rtc_regions": [], "_trace": ["fakediscord"],
        }
        if shard:
            ready["shard"] = list(shard)
        await self.dispatch("READY", ready)
        for guild in guilds:
            all_members = bool(session.intents & GUILD_MEMBERS_INTENT)
            await self.dispatch("GUILD_CREATE", guild.payload(fake.bot, all_members=all_members))
        self.ready.set()
        return session

    async def _resume(
        self, ws: web.WebSocketResponse, request: web.Request, conn: Connection, data: dict[str, Any]
    ) -> Session | None:
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or data.get("token") != self.fake.token or session is not self.session:
            conn.kind = "invalid-resume"
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return None
        conn.kind = "resume"
        async with session.lock:
            session.ws, session.request = ws, request
            since = int(data.get("seq") or 0)
            for seq, text in session.events:
                if seq > since:
                    await ws.send_str(text)
        await self.dispatch("RESUMED", {"_trace": ["fakediscord"]})
        return session

    async def dispatch(self, event: str, data: dict[str, Any]) -> bool:
        """Send a DISPATCH to the current session (buffered for RESUME); False when no session exists."""
        session = self.session
        if session is None:
            return False
        async with session.lock:
            session.seq += 1
            text = json.dumps({"op": 0, "t": event, "s": session.seq, "d": data})
            session.events.append((session.seq, text))
            del session.events[:-500]
            if session.ws is not None and not session.ws.closed:
                try:
                    await session.ws.send_str(text)
                except (ConnectionError, RuntimeError):
                    session.ws = None
        return True

    async def drop(self, *, clean: bool = False) -> None:
        """Cut the live connection: a close frame (4000, resumable) when clean, else abort the TCP transport."""
        session = self.session
        if session is None or session.ws is None:
            return
        ws, request = session.ws, session.request
        session.ws = session.request = None
        for conn in self.connections:
            if not conn.closed and conn.kind in ("identify", "resume"):
                conn.closed = "server-clean" if clean else "server-abrupt"
        if clean:
            await ws.close(code=4000, message=b"fakediscord: reconnect")
        elif request is not None and request.transport is not None:
            request.transport.abort()

    def forget_session(self) -> None:
        """Make the current session unknown, so the next RESUME gets INVALID_SESSION."""
        self.session = None
