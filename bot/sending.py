"""What sending anything to Discord can fail with (a leaf module: the views and the game threads both need it)."""

from __future__ import annotations

import aiohttp
import discord

# Discord's answer, the connection, or a timeout.
SENDING_FAILED = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)

__all__ = ["SENDING_FAILED"]
