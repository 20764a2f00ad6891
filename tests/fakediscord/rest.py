"""The fake REST API: one dispatcher that parses, validates against the schema, and routes every request."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import routes
from .rules import DiscordError, describe

if TYPE_CHECKING:
    from .fake import FakeDiscord

API_PREFIX = "/api/v10"
FAKE_KEY: web.AppKey[FakeDiscord] = web.AppKey("fake")


@dataclass
class UploadedFile:
    """One files[n] part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class Call:
    """A parsed REST request."""

    method: str
    path: str
    query: dict[str, str]
    params: dict[str, str]
    body: Any = None
    files: list[UploadedFile] = field(default_factory=list)
    multipart: bool = False
    authorized: bool = False

    @property
    def label(self) -> str:
        """'METHOD /path' for logs and violations."""
        return f"{self.method} {self.path}"


@dataclass
class RequestLog:
    """One request the bot made and the status it got."""

    method: str
    path: str
    body: Any
    status: int
    at: float
    files: list[str] = field(default_factory=list)


Handler = Callable[["FakeDiscord", Call], Awaitable[Any]]


def _template(pattern: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "$")


ROUTES: list[tuple[str, re.Pattern[str], Handler]] = [
    (method, _template(path), handler) for method, path, handler in routes.TABLE
]


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON answer whose Content-Type is exactly application/json, as discord.py requires."""
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


async def _parse(request: web.Request, call: Call) -> None:
    ctype = request.headers.get("Content-Type", "")
    if ctype.startswith("multipart/"):
        call.multipart = True
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""  # type: ignore[union-attr]
            raw = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                call.body = json.loads(raw)
            elif name.startswith("files["):
                call.files.append(UploadedFile(int(name[6:-1]), part.filename or name, bytes(raw),  # type: ignore
                                               part.headers.get("Content-Type")))  # type: ignore[union-attr]
    elif request.can_read_body:
        text = await request.text()
        call.body = json.loads(text) if text else None


async def handle(request: web.Request) -> web.StreamResponse:
    """The single entry point for every REST request under the API base."""
    fake = request.app[FAKE_KEY]
    path = request.path.removeprefix(API_PREFIX)
    call = Call(request.method, path, dict(request.query), {},
                authorized=request.headers.get("Authorization") == f"Bot {fake.token}")
    fake.inflight += 1
    status = 500
    try:
        await _parse(request, call)
        status, response = await _route(fake, call)
        return response
    finally:
        fake.inflight -= 1
        fake.last_activity = time.monotonic()
        fake.request_count += 1
        fake.request_kinds[f"{call.method} {_ROUTE_IDS.sub('{id}', call.path)}"] += 1
        if not fake.lean:
            fake.requests.append(RequestLog(call.method, call.path, call.body, status, time.monotonic(),
                                            [f.filename for f in call.files]))
        fake.changed()


_ROUTE_IDS = re.compile(r"(?<=/)(\d+|[^/]{40,})(?=/|$)")  # snowflakes and interaction tokens


def _failed(fake: FakeDiscord, call: Call, error: DiscordError) -> tuple[int, web.Response]:
    fake.note_error(call, error, "an outage (fake.outage)", rule="outage")
    return error.status, json_response(error.body(), error.status)


def _find_handler(call: Call) -> Handler | None:
    for method, pattern, handler in ROUTES:
        match = pattern.match(call.path)
        if match and method == call.method:
            call.params = match.groupdict()
            return handler
    return None


async def _route(fake: FakeDiscord, call: Call) -> tuple[int, web.Response]:
    handler = _find_handler(call)
    if handler is None:
        fake.violate("unhandled-route", f"the fake does not implement {call.label}", None, call.label)
        return 404, json_response({"message": "404: Not Found", "code": 0}, 404)
    needs_auth = not call.path.startswith(("/interactions/", "/webhooks/"))
    if needs_auth and not call.authorized:
        return 401, json_response({"message": "401: Unauthorized", "code": 0}, 401)
    if call.body is not None and call.method in ("POST", "PUT", "PATCH") and not fake.lean:
        problems = fake.schema.validate(call.method, call.path, call.body, multipart=call.multipart)
        if problems:
            error = DiscordError(400, 50035, "Invalid Form Body", {"_schema": {"_errors": [
                {"code": "SCHEMA", "message": p} for p in problems]}})
            fake.note_error(call, error, "; ".join(problems), rule="schema")
            return error.status, json_response(error.body(), error.status)
    fault = fake.outage(call) if fake.outage is not None else None
    if fault is not None and fault.delay:
        await asyncio.sleep(fault.delay)
    if fault is not None and fault.error is not None and not fault.applied:
        return _failed(fake, call, fault.error)
    try:
        result = await handler(fake, call)
    except DiscordError as error:
        fake.note_error(call, error, describe(error))
        return error.status, json_response(error.body(), error.status)
    if fault is not None and fault.error is not None:
        return _failed(fake, call, fault.error)
    if result is None:
        return 204, web.Response(status=204)
    return 200, json_response(result)
