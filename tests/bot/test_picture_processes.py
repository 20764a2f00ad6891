"""The public pictures drawn in processes of their own: the same bytes as drawn here, a killed process replaced, and
no process left behind when the bot dies."""

from __future__ import annotations

import logging
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import picture_work, pictures
from bot.catduel import pictures as catduel_pictures
from bot.catduel.texts import picture_text
from bot.client import DreamcatsBot
from bot.dream21 import pictures as dream21_pictures
from bot.png_codec import use_zlib_ng
from bot.service import ManualClock
from game.catduel import observe
from game.dream21 import public_observation, winners
from game.dreamcats import Card, RoundResult
from images.catduel.hand import most_wins
from images.dream21 import Dream21Text
from images.dreamcats.samples import NAMES, sample_observations
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table
from tests.images.catduel import scenarios as catduel_scenes
from tests.images.dream21 import scenarios as dream21_scenes
from tests.probe import printed_by

TEXT = pictures.PictureText()
DREAMS = ((Card.ZERO, Card.PEEK_1, Card.NINE, Card.THREE), (Card.FIVE, Card.SWAP_2, Card.ONE, Card.EIGHT))
DREAMS = ((Card.ZERO, Card.PEEK_1, Card.NINE, Card.THREE), (Card.FIVE, Card.SWAP_2, Card.ONE, Card.EIGHT))
RESULT = RoundResult(1, DREAMS, (12, 14), (12, 19), 0, 0, False, 9)
LINUX = pytest.mark.skipif(not Path(f"/proc/self/task/{threading.get_native_id()}/children").exists(),
                           reason="finds the picture processes through Linux's /proc/<pid>/task/<tid>/children")


@pytest.fixture
def in_processes() -> Iterator[None]:
    """One picture process for the test, the threads again after it."""
    pictures.start_processes(1)
    try:
        yield
    finally:
        pictures.stop_processes()


def worker_pids() -> list[int]:
    """The picture processes: the fork server's children (the fork server is this process's child)."""
    return [child for server in children(os.getpid()) for child in children(server)]


def children(pid: int) -> list[int]:
    """The child processes of pid, from /proc."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                found += [int(child) for child in handle.read().split()]
        except FileNotFoundError:  # a thread that ended since the listing
            continue
    return found


def gone(pids: list[int], within: float) -> bool:
    """Whether every one of the processes has ended (or is a zombie) within the time."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]
                   for pid in pids):
            return True
        time.sleep(0.05)
    return False


@LINUX
async def test_public_pictures_drawn_in_a_process_are_the_ones_drawn_here(in_processes: None) -> None:
    obs, events, _ = sample_observations()
    table = await pictures.table_file(obs, NAMES, [], TEXT, deadline="in 2 minutes")
    assert (table.filename, table.fp.read(), table.description) == (
        "table.png", *picture_work.table_png(obs, NAMES, [], TEXT, "in 2 minutes"))
    reveal = await pictures.reveal_file(RESULT, NAMES[:2], (12, 19), 5, TEXT)
    assert (reveal.filename, reveal.fp.read(), reveal.description) == (
        "reveal.png", *picture_work.reveal_png(RESULT, NAMES[:2], (12, 19), 5, TEXT, None))
    standings = await pictures.standings_file((12, 19), NAMES[:2], (0,), (RESULT,), TEXT)
    assert (standings.filename, standings.fp.read(), standings.description) == (
        "standings.png", *picture_work.standings_png((12, 19), NAMES[:2], (0,), (RESULT,), TEXT))
    assert len(worker_pids()) == 1  # drawn there, not here


@LINUX
async def test_a_hurried_picture_process_deflates_for_speed_the_same_pixels(in_processes: None) -> None:
    obs, _, _ = sample_observations()
    args = (obs, NAMES, [], TEXT, None)
    small = picture_work.table_png(*args)[0]
    try:
        pictures.hurry(True)
        hasty = (await pictures.table_file(obs, NAMES, [], TEXT)).fp.read()
        pictures.hurry(False)
        again = (await pictures.table_file(obs, NAMES, [], TEXT)).fp.read()
        assert hasty == picture_work.drawn(True, picture_work.table_png, *args)[0] != small
    finally:
        pictures.hurry(False)
        use_zlib_ng()  # picture_work.drawn switched this process's codec too
    assert again == small


async def other_games_public_pictures() -> list[tuple[str, bytes, str | None]]:
    """Dream 21's trick, hand end and standings, and Cat Duel's table and standings, as sent."""
    names, text21 = dream21_scenes.NAMES, Dream21Text()
    ended, hand_end = dream21_scenes.finished_match(), dream21_scenes.hand_end_state()
    duel = observe(catduel_scenes.played_until(3, 4, lambda s: s.over, best_of=3), None)
    files = [
        await dream21_pictures.trick_file(public_observation(dream21_scenes.trick_4_state()), names[:2], text21),
        await dream21_pictures.hand_end_file(hand_end.results[-1], names[:4], hand_end.totals, text21),
        await dream21_pictures.standings_file(ended.totals, names[:3], winners(ended.totals), ended.results, text21),
        await catduel_pictures.table_file(duel, names[:3], picture_text("en")),
        await catduel_pictures.standings_file(duel, names[:3], picture_text("pl"), most_wins(duel)),
    ]
    return [(file.filename, file.fp.read(), file.description) for file in files]


@LINUX
async def test_the_other_games_public_pictures_drawn_in_a_process_are_the_ones_drawn_here(in_processes: None
                                                                                          ) -> None:
    there = await other_games_public_pictures()
    assert len(worker_pids()) == 1
    pictures.stop_processes()
    assert await other_games_public_pictures() == there


async def test_a_drawing_that_fails_raises_where_it_was_asked_for_and_the_process_goes_on(
        in_processes: None, caplog: pytest.LogCaptureFixture) -> None:
    with pytest.raises(ValueError, match="not a number"):
        await pictures.draw_apart(int, "not a number")
    assert await pictures.draw_apart(pow, 2, 10) == 1024
    assert "picture process died" not in caplog.text


@LINUX
async def test_a_killed_picture_process_is_replaced_and_the_picture_still_comes(
        in_processes: None, caplog: pytest.LogCaptureFixture) -> None:
    await pictures.warm_up()
    killed = worker_pids()
    for pid in killed:  # what the kernel's out-of-memory killer would do
        os.kill(pid, signal.SIGKILL)
    assert gone(killed, within=5)
    obs, _, _ = sample_observations()
    sent = await pictures.table_file(obs, NAMES, [], TEXT)
    assert sent.fp.read().startswith(b"\x89PNG")
    assert "a picture process died" in caplog.text
    again = await pictures.table_file(obs, NAMES, [], TEXT)
    assert again.fp.read().startswith(b"\x89PNG")
    assert worker_pids() and not set(worker_pids()) & set(killed)  # drawn by a new process


@LINUX
async def test_processes_that_keep_dying_give_way_to_the_threads(
        in_processes: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(pictures, "MAX_RESTARTS", 0)
    await pictures.warm_up()
    for pid in worker_pids():
        os.kill(pid, signal.SIGKILL)
    obs, _, _ = sample_observations()
    with caplog.at_level(logging.ERROR):
        sent = await pictures.table_file(obs, NAMES, [], TEXT)
    assert sent.fp.read().startswith(b"\x89PNG")
    assert "drawing every picture in threads from now on" in caplog.text
    later = await pictures.table_file(obs, NAMES, [], TEXT)
    assert later.fp.read().startswith(b"\x89PNG") and worker_pids() == []


@LINUX
def test_picture_processes_end_when_the_bot_is_killed(tmp_path: Path) -> None:
    script = (
        "import asyncio, os, sys\n"
        "from bot import pictures\n"
        "async def main():\n"
        "    pictures.start_processes(2)\n"
        "    await pictures.warm_up()\n"
        "    print('ready', flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    (tmp_path / "killed_bot.py").write_text(script)
    bot = subprocess.Popen([sys.executable, str(tmp_path / "killed_bot.py")], stdout=subprocess.PIPE,
                           cwd=Path(__file__).resolve().parents[2])
    try:
        assert bot.stdout is not None and bot.stdout.readline().strip() == b"ready"
        workers = [child for server in children(bot.pid) for child in children(server)]
        assert len(workers) == 2
        bot.kill()  # no clean shutdown: a crash, the OOM killer, `kill -9`
        bot.wait()
        assert gone(workers, within=5), "a picture process outlived the bot"
    finally:
        bot.kill()


@LINUX
async def test_a_whole_match_with_pictures_drawn_in_a_process(world: World) -> None:
    bot = DreamcatsBot(database_url=world.database_url, clock=ManualClock(), computer_pause=0.0, edit_interval=0.0,
                       rng=random.Random(3), picture_processes=1)
    async with world.fake.run(bot):
        players = await open_table(world, bot)
        assert [a.filename for a in players.message().attachments] == ["table.png"]
        assert len(worker_pids()) == 1
        assert bot.presenter.frames.drawers == 1  # one table picture at a time for the one process
        await players.initial_peeks()
        await players.play_to_the_end()
        await bot.presenter.idle()
        await world.fake.idle()
    assert world.fake.latest(world.games, where=lambda m: any(a.filename == "standings.png" for a in m.attachments))
    assert world.fake.violations == []
    assert worker_pids() == []  # the bot's close stopped them


def test_one_table_picture_is_drawn_at_a_time_per_process_else_one_per_thread() -> None:
    assert [pictures.table_drawers(n) for n in (0, 1, 2, 3)] == [pictures.WORKERS, 1, 2, 3]


# A picture process imports the bot's main module again (multiprocessing's spawn preparation; a `-m` package's
# __main__ is skipped). `dreamcats run` is pip's console script, which imports bot.cli at its top: that module must
# stay light, or every picture process carries discord.py, aiohttp and SQLAlchemy (about 90 MB) for nothing.
CONSOLE_SCRIPT = """\
import sys
{imports}
if __name__ == "__main__":
    import asyncio
    from bot import pictures
    pictures.start_processes(1)
    loaded = "sorted({{m.split('.')[0] for m in __import__('sys').modules}} & {{'discord', 'aiohttp', 'sqlalchemy'}})"
    print(asyncio.run(pictures.draw_apart(eval, loaded)))
    pictures.stop_processes()
"""


@LINUX
@pytest.mark.parametrize(("imports", "heavy"), [
    ("from bot.cli import main", []),  # what pip writes for [project.scripts] dreamcats = "bot.cli:main"
    ("from bot.cli import main\nimport sqlalchemy", ["sqlalchemy"]),  # a heavier main module shows
])
def test_a_picture_process_imports_only_what_the_console_script_does(
        tmp_path: Path, imports: str, heavy: list[str]) -> None:
    script = tmp_path / "dreamcats"
    script.write_text(CONSOLE_SCRIPT.format(imports=imports))
    assert printed_by(str(script), timeout=60) == repr(heavy)
