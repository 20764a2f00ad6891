"""A quiet, clear start: a few readable lines; a refused token or an unreachable Discord is one line and a non-zero
exit code (through the command line, against the fake or a closed local port: never a real host); a dropped
connection is retried with back-off and logged once."""

from __future__ import annotations

import asyncio
import logging
import re
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from discord.backoff import ExponentialBackoff
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import main, run, setup_logging
from bot.config import Settings
from bot.repeated_lines import RepeatedLines
from tests.fakediscord import FakeDiscord
from tests.fakediscord.gateway import Gateway
from tests.fakediscord.plugin import NetworkGuard

GOOD_TOKEN = "MTAx" + "a" * 20 + ".GhIjKl." + "b" * 30
WRONG_TOKEN = "MTAx" + "c" * 20 + ".GhIjKl." + "d" * 30


@pytest.fixture(autouse=True)
def _environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A bot token and a database of this test; the loggers' levels as they were afterwards."""
    for name in ("DREAMCATS_DEV_GUILD_ID", "DREAMCATS_LOG_LEVEL", "DREAMCATS_SHARD_ID", "DREAMCATS_SHARD_COUNT",
                 "DREAMCATS_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    levels = {name: logging.getLogger(name).level for name in ("discord", "alembic")}
    yield
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _one_line(captured: str) -> str:
    lines = captured.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured, captured
    return lines[0]


async def test_a_refused_token_is_one_line_and_exit_code_2(fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    fake_discord.token = GOOD_TOKEN
    monkeypatch.setenv("DISCORD_TOKEN", WRONG_TOKEN)
    assert await asyncio.to_thread(main, []) == 2  # the command line's own event loop; the fake answers on ours
    line = _one_line(capsys.readouterr().err)
    assert line == "dreamcats: Discord refused the token (DISCORD_TOKEN is wrong or was reset)."


async def test_a_database_that_cannot_be_opened_is_one_line_and_exit_code_5(
        fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    fake_discord.token = GOOD_TOKEN
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'no such folder' / 'dreamcats.db'}")
    assert await asyncio.to_thread(main, []) == 5
    line = _one_line(capsys.readouterr().err)
    assert line.startswith("dreamcats: cannot open the database (OperationalError: unable to open database file)")
    assert line.endswith("check DATABASE_URL (and that its server runs), then start the bot again.")


def test_discord_out_of_reach_is_one_line_and_exit_code_3(no_network: NetworkGuard, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    port = _closed_port()  # nothing listens there: the connection is refused, as with no network
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    assert main([]) == 3
    line = _one_line(capsys.readouterr().err)
    assert line.startswith(f"dreamcats: cannot reach Discord (cannot connect to 127.0.0.1:{port}: ")
    assert line.endswith("check the network and DNS, then start the bot again.")


def test_a_failed_name_lookup_is_one_line_and_exit_code_3(no_network: NetworkGuard, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    async def no_dns(*_: Any, **__: Any) -> Any:
        raise OSError(socket.EAI_NONAME, "Name or service not known")

    # No lookup leaves the machine: the resolvers fail as they do without DNS.
    for resolver in (aiohttp.ThreadedResolver, aiohttp.AsyncResolver):
        monkeypatch.setattr(resolver, "resolve", no_dns)
    monkeypatch.setattr(Route, "BASE", "http://discord.invalid/api/v10")
    assert main([]) == 3
    line = _one_line(capsys.readouterr().err)
    assert "cannot reach Discord (cannot look up discord.invalid: Name or service not known)" in line


async def _started(fake: FakeDiscord, tmp_path: Path) -> tuple[asyncio.Event, asyncio.Task[None]]:
    fake.token = GOOD_TOKEN
    fake.add_guild()
    settings = Settings(DISCORD_TOKEN=GOOD_TOKEN, DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'run.db'}",
                        _env_file=None)  # type: ignore[call-arg]
    stop = asyncio.Event()
    task = asyncio.create_task(run(settings, stop, signals=False))
    await fake.wait_until(lambda: fake.gateway.session, timeout=10, what="identify")
    return stop, task


async def test_the_start_is_a_few_readable_lines(fake_discord: FakeDiscord, tmp_path: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    setup_logging("INFO")
    caplog.set_level(logging.INFO)
    stop, task = await _started(fake_discord, tmp_path)
    await fake_discord.wait_until(lambda: "connected to Discord" in caplog.text, timeout=10, what="ready line")
    stop.set()
    await asyncio.wait_for(task, 10)
    lines = [f"{r.name}: {r.getMessage()}" for r in caplog.records]
    assert not [line for line in lines if line.startswith(("alembic", "discord"))], lines
    assert 3 <= len(lines) <= 6 and all("\n" not in line for line in lines), lines
    assert any("Database ready (sqlite" in line for line in lines)
    assert any("synced 1 command(s) globally" in line for line in lines)
    assert any("connected to Discord as" in line and "1 server(s)" in line for line in lines)
    assert fake_discord.violations == []


async def test_a_dropped_connection_is_retried_and_logged_once(fake_discord: FakeDiscord, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    stop, task = await _started(fake_discord, tmp_path)
    await fake_discord.wait_until(lambda: "connected to Discord" in caplog.text, timeout=10, what="ready line")
    real = DiscordWebSocket.from_client.__func__  # type: ignore[attr-defined]
    failures = [3]

    async def unreachable(cls: type[DiscordWebSocket], *args: Any, **kwargs: Any) -> DiscordWebSocket:
        if failures[0]:  # the network is down for three tries
            failures[0] -= 1
            raise OSError(101, "Network is unreachable")
        return await real(cls, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(DiscordWebSocket, "from_client", classmethod(unreachable))
    monkeypatch.setattr(ExponentialBackoff, "delay", lambda self: 0.01)
    caplog.clear()
    await fake_discord.drop_gateway(clean=False)
    await fake_discord.wait_until(lambda: "reconnected to Discord" in caplog.text, timeout=10, what="reconnected")
    assert failures == [0]
    lines = [(r.levelname, r.getMessage()) for r in caplog.records if r.levelno >= logging.WARNING
             or r.name.startswith("bot")]
    assert lines[0] == ("WARNING", "lost the connection to Discord (OSError: [Errno 101] Network is unreachable); "
                                   "reconnecting with back-off")
    assert [line for line in lines if line[0] != "INFO"] == lines[:1], lines  # once, however many retries
    assert not any(r.exc_info for r in caplog.records) and "Traceback" not in caplog.text
    stop.set()
    await asyncio.wait_for(task, 10)
    assert fake_discord.violations == []


@pytest.mark.parametrize(("code", "says"), [
    (4011, "dreamcats: Discord requires more shards for this bot (gateway close code 4011): set DREAMCATS_SHARD_COUNT"),
    (4014, "dreamcats: Discord refused the gateway intents the bot asked for (gateway close code 4014"),
])
async def test_a_gateway_that_refuses_the_session_is_one_line_and_exit_code_4(
        fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        code: int, says: str) -> None:
    async def refuse(self: Gateway, ws: web.WebSocketResponse, *_: Any) -> None:
        await ws.close(code=code, message=b"fakediscord: refused")  # as Discord answers the IDENTIFY

    fake_discord.token = GOOD_TOKEN
    monkeypatch.setattr(Gateway, "_identify", refuse)
    assert await asyncio.to_thread(main, []) == 4  # the command line's own event loop; the fake answers on ours
    line = _one_line(capsys.readouterr().err)
    assert line.startswith(says)


async def test_a_running_bot_writes_a_flood_of_one_failure_as_a_few_lines_and_a_count(
        fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    stop, task = await _started(fake_discord, tmp_path)
    await fake_discord.wait_until(lambda: "connected to Discord" in caplog.text, timeout=10, what="ready line")
    caplog.clear()
    failing = logging.getLogger("bot.views.click")
    for game in range(300):  # as every table's clicks while Discord answers 503
        failing.warning("click failed: game=%s user=%s action=%s: %r", game, 7, "draw",
                        ConnectionResetError("Connection reset by peer"))
    logging.getLogger("bot.turn_pings").warning("game %s: turn ping failed: %r", 1, ConnectionResetError("reset"))
    stop.set()
    await asyncio.wait_for(task, 10)
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 5 + 1 + 1, lines
    assert re.fullmatch(r"295 more like this in the last \d+ s, the last: click failed: game=299 user=7 action=draw: "
                        r"ConnectionResetError\('Connection reset by peer'\)", lines[-1]), lines[-1]
    assert "game 1: turn ping failed: ConnectionResetError('reset')" in lines
    assert not [f for handler in logging.getLogger().handlers for f in handler.filters
                if isinstance(f, RepeatedLines)]  # the bot stopped: nothing is held back any more


async def test_a_database_host_that_does_not_resolve_is_one_line_and_exit_code_5(
        fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    async def no_dns(*_: Any, **__: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    fake_discord.token = GOOD_TOKEN
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://dreamcats@db.invalid/dreamcats")
    monkeypatch.setattr(asyncio.BaseEventLoop, "getaddrinfo", no_dns)  # no lookup leaves the machine
    assert await asyncio.to_thread(main, []) == 5
    line = _one_line(capsys.readouterr().err)
    assert line.startswith("dreamcats: cannot open the database (Name or service not known)"), line


def test_an_env_file_named_but_missing_or_unreadable_is_a_configuration_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--env-file", str(tmp_path / "prod-typo.env")]) == 2
    missing = tmp_path / "prod-typo.env"
    assert _one_line(capsys.readouterr().err) == f"dreamcats: configuration error: --env-file {missing} is not a file"
    broken = tmp_path / "broken.env"
    broken.write_bytes(b"DISCORD_TOKEN=\xff\xfe\n")
    assert main(["--env-file", str(broken)]) == 2
    assert _one_line(capsys.readouterr().err).startswith(f"dreamcats: configuration error: {broken} cannot be read")
