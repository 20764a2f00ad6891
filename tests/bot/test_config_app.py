"""Configuration: a missing or malformed token is one clear line on stderr and exit code 2."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.app import main, run
from bot.config import ConfigError, Settings, load_settings
from tests.fakediscord import FakeDiscord

GOOD_TOKEN = "MTAx" + "a" * 20 + ".GhIjKl." + "b" * 30


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DREAMCATS_DEV_GUILD_ID", "DREAMCATS_LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize(("token", "message"), [(None, "DISCORD_TOKEN is not set"),
                                                ("not-a-token", "DISCORD_TOKEN does not look like a bot token")])
def test_a_bad_token_is_one_line_and_exit_code_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                  tmp_path, token: str | None, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    if token is not None:
        monkeypatch.setenv("DISCORD_TOKEN", token)
    assert main([]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip().splitlines() == [f"dreamcats: configuration error: {message}"]
    assert "Traceback" not in captured.err and "not-a-token" not in captured.err.replace(message, "")


def test_settings_come_from_a_dotenv_file(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nDREAMCATS_DEV_GUILD_ID=123\nDREAMCATS_LOG_LEVEL=debug\n")
    settings = load_settings(str(env))
    assert settings.discord_token == GOOD_TOKEN and settings.dev_guild_id == 123 and settings.log_level == "DEBUG"
    assert settings.database_url == "sqlite+aiosqlite:///dreamcats.db"


@pytest.mark.parametrize(("name", "value"), [("DREAMCATS_DEV_GUILD_ID", "lobby"), ("DATABASE_URL", "not a url"),
                                             ("DREAMCATS_LOG_LEVEL", "chatty")])
def test_a_malformed_setting_names_the_variable(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=name):
        load_settings(None)


async def test_run_logs_in_syncs_and_stops_cleanly(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake_discord.token = GOOD_TOKEN
    guild = fake_discord.add_guild()
    settings = Settings(DISCORD_TOKEN=GOOD_TOKEN, DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'run.db'}",
                        DREAMCATS_DEV_GUILD_ID=guild.id, _env_file=None)  # type: ignore[call-arg]
    stop = asyncio.Event()
    task = asyncio.create_task(run(settings, stop, signals=False))
    await fake_discord.wait_until(lambda: fake_discord.commands.get(guild.id), timeout=10, what="command sync")
    session = await fake_discord.wait_until(lambda: fake_discord.gateway.session, timeout=10, what="identify")
    assert session.intents == 1  # the guilds intent only: nothing privileged
    stop.set()
    await asyncio.wait_for(task, 10)
    assert (tmp_path / "run.db").exists() and fake_discord.violations == []
