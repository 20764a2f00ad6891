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

    def __init__(self, fake: FakeDiscord, client: discord.Client, *, token: str | None = None,
                 guild_ready_timeout: float | None = 0.05, ready_timeout: float = 10.0) -> None:
        self.fake = fake
        self.token = token or fake.token
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
        self.task = asyncio.create_task(self.client.start(self.token), name="fakediscord-bot")
        ready = asyncio.create_task(self.client.wait_until_ready())
        done, _ = await asyncio.wait({self.task, ready}, timeout=self.ready_timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if ready in done:
            return
        ready.cancel()
        if self.task in done:
            error = self.task.exception()
            self.task = None
            await self.client.close()
            raise BotStartError(f"the bot stopped before it was ready: {error!r}") from error
        await self._abandon()
        raise BotStartError(f"the bot did not become ready within {self.ready_timeout}s")

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
        # The gateway's TCP connection is already gone, so close() cannot say goodbye; it only frees resources
        # and makes is_closed() true, so the crashed client's own loops stop.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.client.close(), timeout=2.0)

    async def _finish(self) -> None:
        assert self.task is not None
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.task
        self.task = None
