"""Running a real discord.py client against the fake: start, wait for on_ready, stop, kill, restart."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import discord

    from .fake import FakeDiscord


class BotStartError(Exception):
    """The client stopped or failed before it became ready."""


class BotRunner:
    """Owns one client at a time: `start()`, `stop()` (clean), `kill()` (abrupt) and `restart(new_client)`."""

    def __init__(self, fake: FakeDiscord, client: discord.Client, *, guild_ready_timeout: float | None = 0.05,
                 ready_timeout: float = 10.0) -> None:
        self.fake = fake
        self.client = client
        self.guild_ready_timeout = guild_ready_timeout
        self.ready_timeout = ready_timeout
        self.task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> BotRunner:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self) -> None:
        """Run `client.start(token)` in a task and wait until on_ready (or raise BotStartError)."""
        if self.guild_ready_timeout is not None:
            # discord.py waits this long after the last GUILD_CREATE before on_ready (2 s by default).
            self.client._connection.guild_ready_timeout = self.guild_ready_timeout
        self.task = asyncio.create_task(self.client.start(self.fake.token), name="fakediscord-bot")
        ready = asyncio.create_task(self.client.wait_until_ready())
        done, _ = await asyncio.wait({self.task, ready}, timeout=self.ready_timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            error = self.task.exception() if self.task in done else None
            await self._abandon()
            raise BotStartError(f"the bot did not become ready within {self.ready_timeout}s") from error

    async def stop(self) -> None:
        """Close the client cleanly (close frame, HTTP session closed) and await its task."""
        if self.task is None:
            return
        await self.client.close()
        await self._finish()

    async def kill(self) -> None:
        """Crash: abort the websocket's TCP connection (no close frame), cancel the task, drop the HTTP session."""
        if self.task is None:
            return
        await self.fake.drop_gateway(clean=False)
        await self._abandon()

    async def restart(self, client: discord.Client) -> None:
        """Start a NEW client object against the same fake state (after stop() or kill())."""
        if self.task is not None:
            await self.kill()
        self.client = client
        await self.start()

    async def _abandon(self) -> None:
        assert self.task is not None
        self.task.cancel()
        ws: Any = getattr(self.client, "ws", None)
        keep_alive = getattr(ws, "_keep_alive", None)
        if keep_alive is not None:
            keep_alive.stop()
        await self._finish()
        # Release the sockets without a goodbye (client.close() would send a close frame and wait for it);
        # the crashed client counts as closed so its own loops stop.
        with contextlib.suppress(Exception):
            await self.client.http.close()
        self.client._closed = True

    async def _finish(self) -> None:
        assert self.task is not None
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.task
        self.task = None
