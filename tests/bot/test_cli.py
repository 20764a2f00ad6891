"""The `dreamcats` command line: each command's own --help, and the arena's progress bar only on a terminal."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot import arena
from bot.cli import main


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        """Always a terminal."""
        return True


@pytest.mark.parametrize(("command", "options"), [
    ("run", ["--env-file"]),
    ("demo", ["--out", "--seats", "--players"]),
    ("migrate", ["--url", "--check"]),
    ("arena", ["--players", "--matches", "--jobs"]),
])
def test_each_command_has_its_own_help(command: str, options: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert exited.value.code == 0
    assert out.startswith(f"usage: dreamcats {command} ")
    assert all(option in out for option in options)


def test_the_top_level_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in ("run", "migrate", "arena", "demo")) and "--env-file" not in out
    assert "bring the database schema up to date" in out and "COMMAND --help" in out


def test_the_arena_bar_shows_rate_and_time_left_on_a_terminal_only() -> None:
    terminal, piped = Terminal(), io.StringIO()
    for stream in (terminal, piped):
        show = arena.progress_bar(stream)
        for done in range(1, 5):
            show(done, 4)
    last = terminal.getvalue().rstrip("\n").split("\r")[-1]
    assert "4/4" in last and "matches/s" in last and "<00:00" in last
    assert piped.getvalue() == ""


def test_migrate_reads_database_url_from_a_dotenv_file_as_the_bot_does(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN=unused\nDATABASE_URL=sqlite:///{tmp_path / 'from-dotenv.db'}\n")
    assert main(["migrate"]) == 0
    assert (tmp_path / "from-dotenv.db").exists() and not (tmp_path / "dreamcats.db").exists()


def test_migrate_says_in_one_line_which_databases_it_runs_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "mysql://u@127.0.0.1/db")
    assert main(["migrate"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("dreamcats migrate: ") and "mysql:// is not supported" in line
