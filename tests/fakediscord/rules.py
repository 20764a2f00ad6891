"""Discord's rules the fake enforces, and its real error answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_OPTIONS = 25
MAX_EMBED_TOTAL = 6000
EMBED_LIMITS = {"title": 256, "description": 4096}
COMPONENTS_V2 = 1 << 15


@dataclass
class Violation:
    """A broken Discord rule: what, where, and Discord's error code (None for timing-only rules)."""

    rule: str
    detail: str
    code: int | None = None
    request: str = ""


@dataclass
class DiscordError(Exception):
    """An error answer exactly as Discord sends it."""

    status: int
    code: int
    message: str
    errors: dict[str, Any] = field(default_factory=dict)
    rule_broken: bool = True  # False for answers caused by the world (a deleted message), not by the bot

    def body(self) -> dict[str, Any]:
        """The JSON body Discord answers with."""
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


@dataclass(frozen=True)
class Fault:
    """An outage's answer to one request: `delay` seconds of silence first (a hung request), then `error` instead
    of the real answer (None: the real one), the request's effect made first or not (`applied`: a lost answer, the
    bot cannot tell whether its request went through)."""

    error: DiscordError | None = None
    applied: bool = False
    delay: float = 0.0


def service_unavailable() -> DiscordError:
    """503: Discord is having a bad moment (discord.py raises DiscordServerError at once, without retrying)."""
    return DiscordError(503, 0, "503: Service Unavailable", rule_broken=False)


def unknown_interaction() -> DiscordError:
    """10062: the token expired (callback after 3 s) or never existed."""
    return DiscordError(404, 10062, "Unknown interaction")


def already_acknowledged() -> DiscordError:
    """40060: a second initial response to one interaction."""
    return DiscordError(400, 40060, "Interaction has already been acknowledged.")


def thread_archived() -> DiscordError:
    """50083: a message edited in an archived thread, or posted in a locked one without Manage Threads."""
    return DiscordError(400, 50083, "Thread is archived", rule_broken=False)


def unknown_message() -> DiscordError:
    """10008: the message does not exist (or is ephemeral and fetched through the channel)."""
    return DiscordError(404, 10008, "Unknown Message", rule_broken=False)


def unknown_webhook() -> DiscordError:
    """10015: no such webhook/interaction token (e.g. a followup before the interaction was acknowledged)."""
    return DiscordError(404, 10015, "Unknown Webhook")


def missing_permissions() -> DiscordError:
    """50013: the bot lacks a channel permission."""
    return DiscordError(403, 50013, "Missing Permissions", rule_broken=False)


def missing_access() -> DiscordError:
    """50001: the bot cannot see the channel."""
    return DiscordError(403, 50001, "Missing Access", rule_broken=False)


def too_large() -> DiscordError:
    """40005: the upload is larger than the attachment size limit."""
    return DiscordError(413, 40005, "Request entity too large")


def empty_message() -> DiscordError:
    """50006: nothing to send."""
    return DiscordError(400, 50006, "Cannot send an empty message")


class _FormErrors:
    """Collects Discord's nested 'Invalid Form Body' errors."""

    def __init__(self) -> None:
        self.errors: dict[str, Any] = {}
        self.lines: list[str] = []

    def add(self, path: list[str | int], code: str, message: str) -> None:
        node = self.errors
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
        self.lines.append(f"{'.'.join(map(str, path))}: {message}")

    def max_len(self, path: list[str | int], value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def raise_if_any(self) -> None:
        if self.errors:
            raise DiscordError(400, 50035, "Invalid Form Body", self.errors)


def check_message(payload: dict[str, Any], *, new_files: int = 0, creating: bool = True) -> None:
    """Raise DiscordError (50035/50006) when a message create/edit payload breaks Discord's limits."""
    form = _FormErrors()
    form.max_len(["content"], payload.get("content"), MAX_CONTENT)
    _check_embeds(form, payload.get("embeds") or [])
    _check_components(form, payload.get("components") or [], v2=bool((payload.get("flags") or 0) & COMPONENTS_V2))
    form.raise_if_any()
    if creating and not (payload.get("content") or payload.get("embeds") or payload.get("components")
                         or new_files or payload.get("sticker_ids") or payload.get("poll")):
        raise empty_message()


def describe(error: DiscordError) -> str:
    """A one-line human description of an error answer."""
    lines = []

    def walk(node: dict[str, Any], path: str) -> None:
        for key, value in node.items():
            if key == "_errors":
                lines.extend(f"{path}: {e['message']}" for e in value)
            elif isinstance(value, dict):
                walk(value, f"{path}.{key}" if path else key)

    walk(error.errors, "")
    return f"{error.code} {error.message}" + (f" ({'; '.join(lines)})" if lines else "")


def _check_embeds(form: _FormErrors, embeds: list[dict[str, Any]]) -> None:
    if len(embeds) > MAX_EMBEDS:
        form.add(["embeds"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        for key, limit in EMBED_LIMITS.items():
            form.max_len(["embeds", i, key], embed.get(key), limit)
            total += len(embed.get(key) or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            form.add(["embeds", i, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, item in enumerate(fields):
            form.max_len(["embeds", i, "fields", j, "name"], item.get("name"), 256)
            form.max_len(["embeds", i, "fields", j, "value"], item.get("value"), 1024)
            total += len(item.get("name") or "") + len(item.get("value") or "")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        form.max_len(["embeds", i, "footer", "text"], footer, 2048)
        form.max_len(["embeds", i, "author", "name"], author, 256)
        total += len(footer or "") + len(author or "")
    if total > MAX_EMBED_TOTAL:
        form.add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def _check_components(form: _FormErrors, rows: list[dict[str, Any]], *, v2: bool) -> None:
    if not v2 and len(rows) > MAX_ROWS:
        form.add(["components"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length.")
    seen: set[str] = set()
    for i, row in enumerate(rows):
        if not v2 and row.get("type") != 1:
            form.add(["components", i, "type"], "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "Top-level must be action rows.")
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        mixed = len(children) > 1 and len(buttons) < len(children)
        if row.get("type") == 1 and (len(buttons) > MAX_ROW_BUTTONS or mixed):
            form.add(["components", i, "components"], "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                     "The specified component exceeds the maximum width")
        for j, item in enumerate(children):
            _check_item(form, ["components", i, "components", j], item, seen)


def _check_item(form: _FormErrors, path: list[str | int], item: dict[str, Any], seen: set[str]) -> None:
    custom_id = item.get("custom_id")
    if custom_id is not None:
        form.max_len([*path, "custom_id"], custom_id, MAX_CUSTOM_ID)
        if custom_id in seen:
            form.add([*path, "custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        seen.add(custom_id)
    elif item.get("type") == 2 and item.get("style") not in (5, 6):
        form.add([*path, "custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
    form.max_len([*path, "label"], item.get("label"), MAX_LABEL)
    form.max_len([*path, "placeholder"], item.get("placeholder"), 150)
    options = item.get("options")
    if options is not None:
        if not 1 <= len(options) <= MAX_OPTIONS:
            form.add([*path, "options"], "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MAX_OPTIONS} in length.")
        for k, option in enumerate(options):
            form.max_len([*path, "options", k, "label"], option.get("label"), 100)
            form.max_len([*path, "options", k, "value"], option.get("value"), 100)
    for k, child in enumerate(item.get("components") or []):
        _check_item(form, [*path, "components", k], child, seen)
    if isinstance(item.get("accessory"), dict):
        _check_item(form, [*path, "accessory"], item["accessory"], seen)
