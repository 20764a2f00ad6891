"""Configuration: a missing or malformed token is one clear line on stderr and exit code 2."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.app import main, run, run_loop
from bot.config import ConfigError, Settings, load_settings
from bot.storage.database import create_engine
from tests.fakediscord import FakeDiscord

GOOD_TOKEN = "MTAx" + "a" * 20 + ".GhIjKl." + "b" * 30


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DREAMCATS_DEV_GUILD_ID", "DREAMCATS_LOG_LEVEL",
                 "DREAMCATS_SHARD_ID", "DREAMCATS_SHARD_COUNT", "DREAMCATS_SHARD_IDS"):
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


def test_a_shard_comes_from_both_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    assert load_settings(None).shard is None
    monkeypatch.setenv("DREAMCATS_SHARD_ID", "")
    monkeypatch.setenv("DREAMCATS_SHARD_COUNT", "")
    assert load_settings(None).shard is None  # empty means unset, as for the other optional variables
    monkeypatch.setenv("DREAMCATS_SHARD_ID", "2")
    monkeypatch.setenv("DREAMCATS_SHARD_COUNT", "3")
    settings = load_settings(None)
    assert (settings.shard_id, settings.shard_count, settings.shard) == (2, 3, (2, 3))


@pytest.mark.parametrize(("shard_id", "shard_count", "message"), [
    ("1", None, "DREAMCATS_SHARD_ID and DREAMCATS_SHARD_COUNT must be set together (or neither)"),
    (None, "2", "DREAMCATS_SHARD_ID and DREAMCATS_SHARD_COUNT must be set together (or neither)"),
    ("0", "0", "DREAMCATS_SHARD_COUNT must be at least 1"),
    ("2", "2", "DREAMCATS_SHARD_ID must be from 0 to 1 (DREAMCATS_SHARD_COUNT is 2)"),
    ("-1", "2", "DREAMCATS_SHARD_ID must be from 0 to 1 (DREAMCATS_SHARD_COUNT is 2)"),
    ("one", "2", "DREAMCATS_SHARD_ID: Input should be a valid integer, unable to parse string as an integer"),
])
def test_a_bad_shard_is_one_clear_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path, shard_id: str | None, shard_count: str | None,
                                       message: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    for name, value in (("DREAMCATS_SHARD_ID", shard_id), ("DREAMCATS_SHARD_COUNT", shard_count)):
        if value is not None:
            monkeypatch.setenv(name, value)
    assert main([]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"dreamcats: configuration error: {message}"]


@pytest.mark.parametrize(("shard_ids", "expected"), [("0-3", (0, 1, 2, 3)), ("0,2,5", (0, 2, 5)),
                                                    (" 5-6 , 1 ", (1, 5, 6)), ("1-2,2-3", (1, 2, 3))])
def test_several_shards_come_from_ranges(monkeypatch: pytest.MonkeyPatch, shard_ids: str,
                                         expected: tuple[int, ...]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DREAMCATS_SHARD_IDS", shard_ids)
    monkeypatch.setenv("DREAMCATS_SHARD_COUNT", "8")
    settings = load_settings(None)
    assert (settings.shard, settings.shards) == (None, (expected, 8))


def test_one_shard_named_in_the_list_is_a_single_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DREAMCATS_SHARD_IDS", "3")
    monkeypatch.setenv("DREAMCATS_SHARD_COUNT", "4")
    settings = load_settings(None)
    assert (settings.shard, settings.shards) == ((3, 4), None)


@pytest.mark.parametrize(("variables", "message"), [
    ({"DREAMCATS_SHARD_IDS": "0-3"},
     "DREAMCATS_SHARD_IDS needs DREAMCATS_SHARD_COUNT (the bot's total number of shards)"),
    ({"DREAMCATS_SHARD_IDS": "0-3", "DREAMCATS_SHARD_ID": "1", "DREAMCATS_SHARD_COUNT": "4"},
     "set DREAMCATS_SHARD_ID (one shard) or DREAMCATS_SHARD_IDS (several), not both"),
    ({"DREAMCATS_SHARD_IDS": "0-4", "DREAMCATS_SHARD_COUNT": "4"},
     "DREAMCATS_SHARD_IDS names shard 4, but shards go from 0 to 3 (DREAMCATS_SHARD_COUNT is 4)"),
    ({"DREAMCATS_SHARD_IDS": "3-1", "DREAMCATS_SHARD_COUNT": "4"},
     "DREAMCATS_SHARD_IDS must be shard numbers and ranges such as 0-3 or 0,2,5: the range 3-1 runs backwards"),
    ({"DREAMCATS_SHARD_IDS": "0;1", "DREAMCATS_SHARD_COUNT": "4"},
     "DREAMCATS_SHARD_IDS must be shard numbers and ranges such as 0-3 or 0,2,5 (not '0;1')"),
    ({"DREAMCATS_SHARD_IDS": "0-999999999", "DREAMCATS_SHARD_COUNT": "4"},
     "DREAMCATS_SHARD_IDS must be shard numbers and ranges such as 0-3 or 0,2,5 (not '0-999999999')"),
])
def test_bad_shard_ranges_are_one_clear_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path, variables: dict[str, str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert main([]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"dreamcats: configuration error: {message}"]


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


def test_the_bot_runs_on_uvloop_where_it_is_installed() -> None:
    async def loop_module() -> str:
        return type(asyncio.get_running_loop()).__module__

    assert run_loop(loop_module()).startswith("uvloop")


@pytest.mark.parametrize(("cores", "expected"), [(1, 0), (2, 1), (3, 2), (16, 2)])
def test_picture_processes_leave_the_event_loop_a_core(monkeypatch: pytest.MonkeyPatch, cores: int,
                                                        expected: int) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    assert load_settings(None).drawing_processes == expected


@pytest.mark.parametrize(("value", "expected"), [("0", 0), ("3", 3), ("", 1)])
def test_picture_processes_can_be_set(monkeypatch: pytest.MonkeyPatch, value: str, expected: int) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    monkeypatch.setenv("DREAMCATS_PICTURE_PROCESSES", value)
    assert load_settings(None).drawing_processes == expected


@pytest.mark.parametrize(("name", "value"), [
    *(("DREAMCATS_PICTURE_PROCESSES", value) for value in ("-1", "many", "99")),
    *(("DREAMCATS_BUSY_AFTER_MS", value) for value in ("-1", "soon", "2501")),
])
def test_a_bad_number_is_one_clear_line(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=f"^{name}: "):
        load_settings(None)


@pytest.mark.parametrize(("value", "expected"), [(None, 1000), ("", 1000), ("0", 0), ("400", 400), ("2500", 2500)])
def test_how_late_clicks_may_come_before_new_tables_wait(monkeypatch: pytest.MonkeyPatch, value: str | None,
                                                         expected: int) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    if value is not None:
        monkeypatch.setenv("DREAMCATS_BUSY_AFTER_MS", value)
    assert load_settings(None).busy_after_ms == expected


@pytest.mark.parametrize("url", ["sqlite+pysqlite:///x.db", "mysql://u@127.0.0.1/db",
                                 "postgresql+psycopg2://u@127.0.0.1/db", "mssql+aioodbc://u@127.0.0.1/db"])
def test_a_database_the_bot_cannot_run_on_is_one_line_naming_what_it_can(monkeypatch: pytest.MonkeyPatch,
                                                                         url: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(ConfigError) as refused:
        load_settings(None)
    assert str(refused.value) == (
        f"DATABASE_URL: {url.split(':')[0]}:// is not supported; the bot runs on SQLite through aiosqlite "
        "(sqlite+aiosqlite:///dreamcats.db) and PostgreSQL through asyncpg (postgresql+asyncpg://user@host/db)")


@pytest.mark.parametrize(("url", "engine_url"), [
    ("sqlite:///x.db", "sqlite+aiosqlite:///x.db"), ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite:///x.db"),
    ("postgresql://u@127.0.0.1/db", "postgresql+asyncpg://u@127.0.0.1/db"),
    ("postgres://u@127.0.0.1/db", "postgresql+asyncpg://u@127.0.0.1/db"),
    ("postgres+asyncpg://u@127.0.0.1/db", "postgresql+asyncpg://u@127.0.0.1/db"),
    ("postgresql+asyncpg://u@127.0.0.1/db", "postgresql+asyncpg://u@127.0.0.1/db"),
])
async def test_sqlite_and_postgresql_urls_get_an_engine_on_their_async_driver(monkeypatch: pytest.MonkeyPatch,
                                                                               url: str, engine_url: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", url)
    engine = create_engine(load_settings(None).database_url)  # what the bot's start-up does with it; no connection
    try:
        assert engine.url.render_as_string(hide_password=False) == engine_url
    finally:
        await engine.dispose()


@pytest.mark.parametrize("value", ["0", "-5"])
def test_a_dev_guild_id_that_is_no_server_id_is_one_line(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DREAMCATS_DEV_GUILD_ID", value)
    with pytest.raises(ConfigError, match="^DREAMCATS_DEV_GUILD_ID must be a server id"):
        load_settings(None)
