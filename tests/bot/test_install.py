"""Installing: asyncpg is the `postgres` extra, and a PostgreSQL URL without it is one clear line naming the extra."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import ConfigError, load_settings
from bot.database_urls import MissingDriverError
from bot.storage.database import create_engine

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"
GOOD_TOKEN = "MTAx" + "a" * 20 + ".GhIjKl." + "b" * 30
POSTGRES = "postgresql://dreamcats@127.0.0.1:5432/dreamcats"


@pytest.fixture
def no_asyncpg(monkeypatch: pytest.MonkeyPatch) -> None:
    """asyncpg is not installed (None in sys.modules: importing it fails and find_spec finds nothing)."""
    monkeypatch.setitem(sys.modules, "asyncpg", None)
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DREAMCATS_SHARD_ID", "DREAMCATS_SHARD_COUNT", "DREAMCATS_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)


def test_asyncpg_is_an_extra_that_the_tests_still_install() -> None:
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    assert not any(d.startswith("asyncpg") for d in project["dependencies"])
    extras = project["optional-dependencies"]
    assert any(d.startswith("asyncpg") for d in extras["postgres"])
    assert any(d.startswith("asyncpg") for d in extras["test"])
    assert any(d.startswith("tqdm") for d in project["dependencies"])


@pytest.mark.usefixtures("no_asyncpg")
def test_an_engine_for_postgresql_without_asyncpg_names_the_extra() -> None:
    with pytest.raises(MissingDriverError, match=r'pip install "\.\[postgres\]"'):
        create_engine(POSTGRES)
    create_engine("sqlite://")  # SQLite needs nothing more


@pytest.mark.usefixtures("no_asyncpg")
def test_the_bot_refuses_a_postgresql_url_without_asyncpg_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", POSTGRES)
    with pytest.raises(ConfigError, match=r"DATABASE_URL.*pip install \"\.\[postgres\]\""):
        load_settings(None)
    assert main(["run"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("dreamcats: configuration error: DATABASE_URL")
    assert '.venv/bin/pip install ".[postgres]"' in line


@pytest.mark.usefixtures("no_asyncpg")
def test_migrate_names_the_extra(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate", "--url", POSTGRES]) == 2
    err = capsys.readouterr().err
    assert '.venv/bin/pip install ".[postgres]"' in err and "Traceback" not in err
