"""What the operator reads about Discord's connection: a few readable start-up lines, one clear line and an exit
code when Discord cannot be reached, refuses the token or refuses the gateway session (shards, intents) at start,
and one line per lost connection (not a traceback at every retry of discord.py's back-off) with one more when it is
back."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import NamedTuple

import aiohttp
import discord
from sqlalchemy.exc import DBAPIError

from bot.hub import DreamcatsBase

log = logging.getLogger(__name__)
EXIT_REFUSED = 2  # like a configuration error: starting again will not help until DISCORD_TOKEN is fixed
EXIT_UNREACHABLE = 3  # the network or Discord: a supervisor may well start it again later
EXIT_GATEWAY_REFUSED = 4  # the gateway refused the session's set-up (shards, intents): fix it, then start again
EXIT_DATABASE = 5  # the database could not be opened: a server that is down, or a URL or file path that is wrong
CLOSE_SHARDING_REQUIRED, CLOSE_DISALLOWED_INTENTS = 4011, 4014  # Discord's gateway close codes
# discord.py logs each reconnect attempt with a traceback, here (Client.connect) and per shard (AutoShardedClient).
RECONNECT_LOGGERS = ("discord.client", "discord.shard")
QUIET_LOGGERS = ("discord", "alembic")  # their INFO lines (gateway chatter, migration plug-in set-up) are noise


class StartFailure(NamedTuple):
    """The one line to print and the exit code, for a failure to reach Discord at start."""

    line: str
    code: int


def quiet_libraries(level: str) -> None:
    """Only warnings from discord.py and Alembic (all their lines when debugging); no voice warnings (no voice)."""
    if level == "DEBUG":
        return
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
    for flag in ("warn_nacl", "warn_dave"):
        if hasattr(discord.VoiceClient, flag):
            setattr(discord.VoiceClient, flag, False)


def describe(exc: BaseException) -> str:
    """A short reason for a connection failure (a DNS failure and a refused connection say so)."""
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        return f"cannot look up {exc.host}: {exc.os_error.strerror or exc.os_error}"
    if isinstance(exc, aiohttp.ClientConnectorError):
        return f"cannot connect to {exc.host}:{exc.port}: {exc.os_error.strerror or exc.os_error}"
    if isinstance(exc, discord.ConnectionClosed):
        return f"the gateway closed the connection (code {exc.code})"
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def start_failure(exc: BaseException) -> StartFailure | None:
    """The line and exit code for a failure to log in or connect at start; None for anything else (a bug)."""
    if isinstance(exc, discord.LoginFailure):
        return StartFailure("dreamcats: Discord refused the token (DISCORD_TOKEN is wrong or was reset).", EXIT_REFUSED)
    gateway = gateway_refusal(exc)
    if gateway is not None:
        return StartFailure(gateway, EXIT_GATEWAY_REFUSED)
    # Only discord.py talks aiohttp here, so an aiohttp error that ends the bot means Discord was not reached.
    if isinstance(exc, aiohttp.ClientError | discord.GatewayNotFound | discord.DiscordServerError):
        return StartFailure(f"dreamcats: cannot reach Discord ({describe(exc)}); check the network and DNS, then "
                            "start the bot again.", EXIT_UNREACHABLE)
    from bot.storage.records import DatabaseUnreachableError  # only when the bot could not start

    if isinstance(exc, DBAPIError | DatabaseUnreachableError):
        cause = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
        reason = str(exc) if isinstance(exc, DatabaseUnreachableError) else describe(cause)
        return StartFailure(f"dreamcats: cannot open the database ({reason}); check DATABASE_URL (and that "
                            "its server runs), then start the bot again.", EXIT_DATABASE)
    return None


def gateway_refusal(exc: BaseException) -> str | None:
    """The line for a gateway close that starting again cannot mend (sharding required, disallowed intents), or None."""
    code = exc.code if isinstance(exc, discord.ConnectionClosed) else None
    if code == CLOSE_SHARDING_REQUIRED:
        return ("dreamcats: Discord requires more shards for this bot (gateway close code 4011): set "
                "DREAMCATS_SHARD_COUNT (at least one shard per 2,500 servers) and each process's DREAMCATS_SHARD_ID "
                "or DREAMCATS_SHARD_IDS.")
    # discord.py 2.7 raises a 4014 as PrivilegedIntentsRequired (whatever intents were asked); the bare close too.
    if code == CLOSE_DISALLOWED_INTENTS or isinstance(exc, discord.PrivilegedIntentsRequired):
        return ("dreamcats: Discord refused the gateway intents the bot asked for (gateway close code 4014, disallowed "
                "intents): check the Privileged Gateway Intents on the application's Bot page in the Developer Portal.")
    return None


class ConnectionLog(logging.Filter):
    """One line when the bot is connected, one when a connection is lost (discord.py's retries with back-off stay
    quiet), and one when it is back."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.lost_at: float | None = None
        self.ready_once = False

    def filter(self, record: logging.LogRecord) -> bool:
        """Turn discord.py's first reconnect record into one warning line; drop the ones after it."""
        if not str(record.msg).startswith("Attempting a reconnect"):
            return True
        if self.lost_at is not None:
            return False
        self.lost_at = self.clock()
        cause = describe(record.exc_info[1]) if record.exc_info and record.exc_info[1] else "no reason given"
        record.msg, record.args = "lost the connection to Discord (%s); reconnecting with back-off", (cause,)
        record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        record.exc_info, record.exc_text = None, None
        return True

    def connected(self, bot: DreamcatsBase) -> None:
        """The gateway is ready or resumed: say so the first time and after a lost connection."""
        if not self.ready_once:
            self.ready_once = True
            log.info("connected to Discord as %s, %d server(s)%s", bot.user, len(bot.guilds),
                     "" if bot.service.shard is None else f" ({bot.service.shard})")
        elif self.lost_at is not None:
            log.info("reconnected to Discord after %.0f s", self.clock() - self.lost_at)
        self.lost_at = None

    def attach(self, bot: DreamcatsBase) -> Callable[[], None]:
        """Watch this bot's connection; returns the function that stops watching."""
        async def on_connected() -> None:
            self.connected(bot)

        for name in RECONNECT_LOGGERS:
            logging.getLogger(name).addFilter(self)
        for event in ("on_ready", "on_resumed"):
            bot.add_listener(on_connected, event)

        def detach() -> None:
            for name in RECONNECT_LOGGERS:
                logging.getLogger(name).removeFilter(self)
            for event in ("on_ready", "on_resumed"):
                bot.remove_listener(on_connected, event)
        return detach
