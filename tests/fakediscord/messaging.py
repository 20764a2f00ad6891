"""REST handlers that write messages: interaction callbacks, followup webhooks, channel messages."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from . import rules
from .message import FakeMessage
from .model import EPHEMERAL, LOADING

if TYPE_CHECKING:
    from .fake import FakeDiscord
    from .interactions import InteractionRecord
    from .rest import Call

VIEW_CHANNEL, SEND_MESSAGES, MANAGE_MESSAGES, EMBED_LINKS, ATTACH_FILES = 1 << 10, 1 << 11, 1 << 13, 1 << 14, 1 << 15
READ_HISTORY, SEND_IN_THREADS = 1 << 16, 1 << 38
MANAGE_THREADS, CREATE_PUBLIC_THREADS = 1 << 34, 1 << 35
TOKEN_LIFETIME = 15 * 60.0  # an interaction's token answers for its webhook routes this long after the interaction
NONCE_WINDOW = 3 * 60.0  # Discord: enforce_nonce checks a nonce's uniqueness "in the past few minutes"


async def interaction_callback(fake: FakeDiscord, call: Call) -> Any:
    """POST /interactions/{id}/{token}/callback: the initial response, with the 3 s and answer-once rules."""
    record = fake.interactions.get(int(call.params["interaction_id"]))
    if record is None or record.token != call.params["interaction_token"]:
        raise rules.unknown_interaction()
    elapsed = time.monotonic() - record.sent_at
    if elapsed > fake.deadline:
        fake.violate("late-callback", f"callback {elapsed:.2f}s after {record.name!r}", 10062, call.label)
        raise rules.DiscordError(404, 10062, "Unknown interaction", rule_broken=False)
    if record.response_type is not None:
        raise rules.already_acknowledged()
    kind, data = call.body["type"], call.body.get("data") or {}
    message = await _apply_callback(fake, call, record, kind, data)
    record.response_type, record.responded_at = kind, time.monotonic()
    record.answered.set()
    fake.changed()
    if call.query.get("with_response") not in ("1", "true", "True"):
        return None
    return {
        "interaction": {
            "id": str(record.id), "type": record.payload["type"],
            "response_message_id": str(message.id) if message else None,
            "response_message_loading": bool(message and message.loading),
            "response_message_ephemeral": bool(message and message.ephemeral),
        },
        "resource": {"type": kind, **({"message": message.payload()} if message else {})},
    }


async def _apply_callback(
    fake: FakeDiscord, call: Call, record: InteractionRecord, kind: int, data: dict[str, Any]
) -> FakeMessage | None:
    component = record.message is not None
    if kind in (4, 5):
        if kind == 4:
            rules.check_message(data, new_files=len(call.files))
        flags = (data.get("flags") or 0) & ~LOADING
        message = fake.new_message(record.channel, data if kind == 4 else {}, call.files,
                                   ephemeral_to=record.user if flags & EPHEMERAL else None, record=record)
        if kind == 5:
            message.flags |= LOADING
            message.snapshot()
        record.original = message
        return message
    if kind in (6, 7) and component:
        record.original = record.message
        if kind == 7:
            rules.check_message(data, new_files=len(call.files), creating=False)
            assert record.message is not None
            fake.apply_edit(record.message, data, call.files)
            record.touch(record.message)
        return record.message
    if kind == 9:
        record.modal = data
        return None
    if kind == 8:
        return None
    raise rules.DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": [
        {"code": "INTERACTION_RESPONSE_TYPE_INVALID", "message": f"Response type {kind} is not valid here."}]}})


def _record_for(fake: FakeDiscord, call: Call) -> InteractionRecord:
    record = fake.by_token.get(call.params["webhook_token"])
    if record is None or call.params["webhook_id"] != str(fake.application_id):
        raise rules.unknown_webhook()
    if time.monotonic() - record.sent_at > TOKEN_LIFETIME:
        raise rules.DiscordError(401, 50027, "Invalid Webhook Token")  # a bot that uses a lapsed token breaks a rule
    if record.response_type is None:
        fake.violate("followup-before-ack", f"{call.label} before the interaction was acknowledged", 10015,
                     call.label)
        raise rules.DiscordError(404, 10015, "Unknown Webhook", rule_broken=False)
    return record


async def followup(fake: FakeDiscord, call: Call) -> Any:
    """POST /webhooks/{app}/{token}: a followup; the first one after a 'thinking' defer fills that message."""
    record = _record_for(fake, call)
    data = call.body or {}
    rules.check_message(data, new_files=len(call.files))
    original = record.original
    if original is not None and original.loading and original is not record.message:
        fake.apply_edit(original, data, call.files, clear_loading=True)
        message = original
    else:
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
        message = fake.new_message(record.channel, data, call.files,
                                   ephemeral_to=record.user if ephemeral else None, record=record)
    record.touch(message)
    record.followed.set()
    return message.payload() if call.query.get("wait") in ("1", "true", "True") else None


def _webhook_message(fake: FakeDiscord, call: Call, record: InteractionRecord) -> FakeMessage:
    target = call.params["message_id"]
    if target == "@original":
        if record.original is None or record.original.deleted:
            raise rules.unknown_message()
        return record.original
    for message in [*record.messages, *([record.original] if record.original else [])]:
        if str(message.id) == target and not message.deleted:
            return message
    raise rules.unknown_message()


async def webhook_message(fake: FakeDiscord, call: Call) -> Any:
    """GET/PATCH/DELETE /webhooks/{app}/{token}/messages/{id|@original}."""
    record = _record_for(fake, call)
    message = _webhook_message(fake, call, record)
    if call.method == "GET":
        return message.payload()
    if call.method == "DELETE":
        fake.remove_message(message)
        return None
    _check_editable(message)
    rules.check_message(call.body or {}, new_files=len(call.files), creating=False)
    fake.apply_edit(message, call.body or {}, call.files, clear_loading=True)
    record.touch(message)
    record.followed.set()
    return message.payload()


def _check_editable(message: FakeMessage) -> None:
    """A message in an archived thread cannot be edited (an ephemeral one, seen by one person, still can)."""
    if not message.ephemeral and message.channel.is_thread and message.channel.archived:
        raise rules.thread_archived()


def _channel(fake: FakeDiscord, call: Call, needed: int = VIEW_CHANNEL) -> Any:
    channel = fake.channels.get(int(call.params["channel_id"]))
    if channel is None:
        raise rules.DiscordError(404, 10003, "Unknown Channel", rule_broken=False)
    if fake.bot.id not in channel.guild.members:  # removed from the server (fake.remove_bot)
        raise rules.missing_access()
    if channel.is_thread and needed & SEND_MESSAGES:
        needed = (needed & ~SEND_MESSAGES) | SEND_IN_THREADS
    perms = channel.permissions_for(fake.bot)
    if not perms & VIEW_CHANNEL:
        raise rules.missing_access()
    if perms & needed != needed:
        raise rules.missing_permissions()
    return channel


def _channel_message(fake: FakeDiscord, call: Call) -> FakeMessage:
    channel = _channel(fake, call)
    message = fake.messages_by_id.get(int(call.params["message_id"]))
    if message is None or message.deleted or message.ephemeral or message.channel is not channel:
        raise rules.unknown_message()
    return message


async def get_channel(fake: FakeDiscord, call: Call) -> Any:
    """GET /channels/{id}."""
    return _channel(fake, call).payload()


async def edit_thread(fake: FakeDiscord, call: Call) -> Any:
    """PATCH /channels/{id}: only a thread's `archived` (its creator, or Manage Threads)."""
    channel = _channel(fake, call)
    body = call.body or {}
    if not channel.is_thread or set(body) - {"archived"}:
        fake.violate("unsupported-edit", f"the fake edits only a thread's archived flag, not {sorted(body)}", None,
                     call.label)
        raise rules.DiscordError(400, 50035, "Invalid Form Body", rule_broken=False)
    if channel.owner_id != fake.bot.id and not channel.permissions_for(fake.bot) & MANAGE_THREADS:
        raise rules.missing_permissions()
    channel.archived = bool(body.get("archived", channel.archived))
    return channel.payload()


async def thread_from_message(fake: FakeDiscord, call: Call) -> Any:
    """POST /channels/{id}/messages/{id}/threads: a public thread started from a message (the same id)."""
    message = _channel_message(fake, call)
    channel = message.channel
    if channel.is_thread:
        raise rules.DiscordError(400, 50024, "Cannot execute action on this channel type")
    if not channel.permissions_for(fake.bot) & CREATE_PUBLIC_THREADS:
        raise rules.missing_permissions()
    if message.id in fake.channels:
        raise rules.DiscordError(400, 160004, "A thread has already been created for this message")
    thread = fake.add_thread(channel, str((call.body or {})["name"]), thread_id=message.id, owner_id=fake.bot.id)
    return thread.payload()


async def create_message(fake: FakeDiscord, call: Call) -> Any:
    """POST /channels/{id}/messages (JSON or multipart with files[n])."""
    data = dict(call.body or {})
    needed = SEND_MESSAGES | (ATTACH_FILES if call.files else 0)
    channel = _channel(fake, call, needed)
    if not channel.permissions_for(fake.bot) & EMBED_LINKS:
        data.pop("embeds", None)  # Discord drops embeds silently without Embed Links
    rules.check_message(data, new_files=len(call.files))
    if channel.locked and channel.archived and not channel.permissions_for(fake.bot) & MANAGE_THREADS:
        raise rules.thread_archived()  # only a thread is ever locked
    earlier = _same_nonce(fake, channel.id, data)
    if earlier is not None:  # the same author sent this nonce lately: Discord answers with that message, makes none
        return earlier.payload()
    channel.archived = False  # a message in an archived (unlocked) thread opens it again
    message = fake.new_message(channel, data, call.files)
    if data.get("nonce") is not None:
        fake.nonces[(channel.id, str(data["nonce"]))] = (message, time.monotonic())
    return message.payload()


def _same_nonce(fake: FakeDiscord, channel_id: int, data: dict[str, Any]) -> FakeMessage | None:
    """The bot's message in the channel with this request's nonce, made lately, when the request enforces it."""
    if data.get("nonce") is None or not data.get("enforce_nonce"):
        return None
    earlier = fake.nonces.get((channel_id, str(data["nonce"])))
    if earlier is None or time.monotonic() - earlier[1] > NONCE_WINDOW:
        return None
    return earlier[0]


async def typing(fake: FakeDiscord, call: Call) -> Any:
    """POST /channels/{id}/typing."""
    _channel(fake, call, SEND_MESSAGES)
    return None


async def list_messages(fake: FakeDiscord, call: Call) -> Any:
    """GET /channels/{id}/messages (newest first; ephemeral messages are never listed)."""
    channel = _channel(fake, call, VIEW_CHANNEL | READ_HISTORY)
    found = [m for m in fake.messages_in(channel) if m.visible_to(None)]
    if "before" in call.query:
        found = [m for m in found if m.id < int(call.query["before"])]
    if "after" in call.query:
        found = [m for m in found if m.id > int(call.query["after"])]
    limit = int(call.query.get("limit", 50))
    return [m.payload() for m in reversed(found)][:limit]


async def channel_message(fake: FakeDiscord, call: Call) -> Any:
    """GET/PATCH/DELETE /channels/{id}/messages/{id}."""
    message = _channel_message(fake, call)
    if call.method == "GET":
        return message.payload()
    if call.method == "DELETE":
        if message.author is not fake.bot and not message.channel.permissions_for(fake.bot) & MANAGE_MESSAGES:
            raise rules.missing_permissions()
        fake.remove_message(message)
        return None
    if message.author is not fake.bot:
        raise rules.DiscordError(403, 50005, "Cannot edit a message authored by another user")
    _check_editable(message)
    rules.check_message(call.body or {}, new_files=len(call.files), creating=False)
    fake.apply_edit(message, call.body or {}, call.files)
    return message.payload()
