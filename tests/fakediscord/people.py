"""What simulated people do (slash commands, clicks, selects, deleting) and see (messages, ephemerals)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from .interactions import FakeUsageError, InteractionRecord, base_payload, command_data, component_target, find_command
from .message import FakeMessage
from .model import FakeChannel, FakeUser

VIEW_CHANNEL, USE_APPLICATION_COMMANDS = 1 << 10, 1 << 31

if TYPE_CHECKING:
    import discord

    from .fake import FakeDiscord
    from .runner import BotRunner


class People:
    """Mixin of FakeDiscord: the simulated people's actions and views, and ways to wait for the bot."""

    async def slash(self: FakeDiscord, user: FakeUser, channel: FakeChannel, command: str, /, *,
                    options: dict[str, Any] | None = None, wait: bool = True, **values: Any) -> InteractionRecord:
        """`user` runs `/command` ("dreamcats start", points=30) in `channel`; waits (bounded) for the bot's answer."""
        path = command.strip().lstrip("/").split()
        synced = self.commands.get(channel.guild.id, []) + self.commands.get(None, [])
        spec = find_command(synced, path[0])
        payload = self._payload(2, user, channel, needed=VIEW_CHANNEL | USE_APPLICATION_COMMANDS)
        required = int(spec.get("default_member_permissions") or 0)
        if channel.permissions_for(user) & required != required:
            raise FakeUsageError(f"/{path[0]} is hidden from {user.name}: it needs permissions {required}")
        payload["data"] = command_data(spec, path, {**(options or {}), **values}, channel, user)
        return await self._send(payload, "slash", " ".join(path), user, channel, None, wait)

    async def click(self: FakeDiscord, user: FakeUser, message: FakeMessage, custom_id: str | None = None, /, *,
                    label: str | None = None, wait: bool = True) -> InteractionRecord:
        """`user` presses a button (by custom_id, or by label) on `message`; waits (bounded) for the answer."""
        if custom_id is None:
            if label is None:
                raise FakeUsageError("click() needs a custom_id or a label")
            custom_id = message.button(label)["custom_id"]
        item = component_target(message, user, custom_id)
        if item.get("type") != 2:
            raise FakeUsageError(f"{custom_id!r} is not a button; use select()")
        payload = self._payload(3, user, message.channel)
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        payload["message"] = message.payload()
        return await self._send(payload, "button", custom_id, user, message.channel, message, wait)

    async def select(self: FakeDiscord, user: FakeUser, message: FakeMessage, custom_id: str, values: list[str], /,
                     *, wait: bool = True) -> InteractionRecord:
        """`user` picks `values` in a string select menu on `message`."""
        item = component_target(message, user, custom_id)
        allowed = [o["value"] for o in item.get("options") or []]
        if item.get("type") != 3 or any(v not in allowed for v in values):
            raise FakeUsageError(f"{custom_id!r} is not a string select offering {values}; options: {allowed}")
        if not item.get("min_values", 1) <= len(values) <= item.get("max_values", 1):
            raise FakeUsageError(f"{custom_id!r} takes {item.get('min_values', 1)}-{item.get('max_values', 1)} values")
        payload = self._payload(3, user, message.channel)
        payload["data"] = {"custom_id": custom_id, "component_type": 3, "values": values}
        payload["message"] = message.payload()
        return await self._send(payload, "select", custom_id, user, message.channel, message, wait)

    def _payload(self: FakeDiscord, kind: int, user: FakeUser, channel: FakeChannel,
                 needed: int = VIEW_CHANNEL) -> dict[str, Any]:
        if user.id not in channel.guild.members:
            raise FakeUsageError(f"{user.name} is not a member of {channel.guild.name}")
        if channel.permissions_for(user) & needed != needed:
            raise FakeUsageError(f"{user.name} may not do that in #{channel.name} (permissions {needed} needed)")
        return base_payload(kind, user, channel, self.bot, self.application_id, self.attachment_size_limit)

    async def _send(self: FakeDiscord, payload: dict[str, Any], kind: str, name: str, user: FakeUser,
                    channel: FakeChannel, message: FakeMessage | None, wait: bool) -> InteractionRecord:
        record = InteractionRecord(int(payload["id"]), payload["token"], kind, name, user, channel, payload, message)
        self.interactions[record.id] = record
        self.by_token[record.token] = record
        record.sent_at = time.monotonic()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        if wait:
            await self.answered(record)
        return record

    async def answered(self: FakeDiscord, record: InteractionRecord) -> InteractionRecord:
        """Wait until the bot answered `record` (and completed a defer), then until it is idle."""
        left = self.deadline - (time.monotonic() - record.sent_at)
        try:
            await asyncio.wait_for(record.answered.wait(), max(left, 0) + 0.05)
        except TimeoutError:
            self.violate("unanswered", f"{record.kind} {record.name!r} by {record.user.name} got no answer in 3 s",
                         10062, "")
            return record
        if record.response_type == 5:
            try:
                await asyncio.wait_for(record.followed.wait(), self.followup_timeout)
            except TimeoutError:
                self.violate("defer-never-completed", f"{record.name!r}: still 'thinking…'", None, "")
        elif record.response_type == 6:
            await self._wait_for_write(self.writes, self.update_timeout)
        await self.idle()
        return record

    async def _wait_for_write(self: FakeDiscord, since: int, timeout: float) -> None:
        end = time.monotonic() + timeout
        while self.writes == since and time.monotonic() < end:
            await asyncio.sleep(0.005)

    async def idle(self: FakeDiscord, quiet: float | None = None, timeout: float = 5.0) -> None:
        """Wait until no REST request is in flight and none arrived for `quiet` (fake.quiet) s, at most `timeout`."""
        quiet = self.quiet if quiet is None else quiet
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.inflight == 0 and time.monotonic() - self.last_activity >= quiet:
                return
            await asyncio.sleep(0.005)

    async def private_answer(self: FakeDiscord, record: InteractionRecord) -> FakeMessage:
        """The person's ephemeral answer to `record`, waited for: after a deferred update of a public message it
        comes as a followup, which `click` does not wait for."""
        return cast(FakeMessage, await self.wait_until(lambda: record.private_reply, timeout=self.followup_timeout,
                                                       what=f"the private answer to {record.name!r}"))

    async def wait_until(self: FakeDiscord, predicate: Callable[[], Any], timeout: float = 5.0,
                         what: str = "condition") -> Any:
        """Poll `predicate` until it returns something truthy (returned); TimeoutError naming `what` otherwise."""
        end = time.monotonic() + timeout
        while True:
            result = predicate()
            if result:
                return result
            if time.monotonic() > end:
                raise TimeoutError(f"fakediscord: timed out after {timeout}s waiting for {what}")
            await asyncio.sleep(0.005)

    def delete_message(self: FakeDiscord, message: FakeMessage) -> None:
        """A moderator deletes a message (the bot learns of it only by a 10008 on its next edit)."""
        self.remove_message(message)

    # -- what people see -----------------------------------------------------------------------------------------

    def messages(self: FakeDiscord, channel: FakeChannel, seen_by: FakeUser | None = None) -> list[FakeMessage]:
        """The messages `seen_by` sees in `channel`, oldest first (None: public messages only)."""
        return [m for m in self.messages_in(channel) if m.visible_to(seen_by)]

    def latest(self: FakeDiscord, channel: FakeChannel, seen_by: FakeUser | None = None,
               where: Callable[[FakeMessage], bool] | None = None) -> FakeMessage | None:
        """The newest message in `channel` that `seen_by` sees (and that matches `where`), or None."""
        for message in reversed(self.messages(channel, seen_by)):
            if where is None or where(message):
                return message
        return None

    def latest_with(self: FakeDiscord, channel: FakeChannel, custom_id_prefix: str,
                    seen_by: FakeUser | None = None) -> FakeMessage | None:
        """The newest visible message having a component whose custom_id starts with the prefix (e.g. the table)."""
        return self.latest(channel, seen_by, lambda m: any(c.startswith(custom_id_prefix) for c in m.custom_ids))

    def ephemerals(self: FakeDiscord, user: FakeUser, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """The ephemeral messages only `user` sees (in `channel`, or everywhere), oldest first."""
        return [m for m in self.messages_by_id.values() if m.ephemeral_to is user and not m.deleted
                and (channel is None or m.channel is channel)]

    def public_messages(self: FakeDiscord, include_deleted: bool = True) -> list[FakeMessage]:
        """Every non-ephemeral message ever stored (for leak checks over all revisions)."""
        return [m for m in self.messages_by_id.values() if not m.ephemeral and (include_deleted or not m.deleted)]

    def public_text(self: FakeDiscord) -> str:
        """Every revision of every public message as JSON text (content, embeds, components, file names, alt text)."""
        return "\n".join(m.all_text() for m in self.public_messages())

    # -- running the bot -----------------------------------------------------------------------------------------

    def run(self: FakeDiscord, client: discord.Client, *, token: str | None = None,
            guild_ready_timeout: float | None = 0.05, ready_timeout: float = 10.0) -> BotRunner:
        """`async with fake.run(client) as bot:` starts the client here, waits for on_ready, and stops it."""
        from .runner import BotRunner

        return BotRunner(self, client, token=token, guild_ready_timeout=guild_ready_timeout,
                         ready_timeout=ready_timeout)

    async def drop_gateway(self: FakeDiscord, *, clean: bool = False) -> None:
        """Cut the bot's websocket (clean: close code 4000; else a TCP abort); discord.py then RESUMEs."""
        await self.gateway.drop(clean=clean)
