"""The public pictures are drawn in processes of their own: the same bytes as drawn here, and a broken pool recovers."""

from __future__ import annotations

import os
import signal

from bot import picture_work, pictures
from images.dreamcats.samples import NAMES, sample_observations


async def test_a_table_drawn_in_a_picture_process_is_the_picture_drawn_here() -> None:
    obs, _, _ = sample_observations()
    sent = await pictures.table_file(obs, NAMES, [], pictures.PictureText(), deadline="in 2 minutes")
    png, alt = picture_work.table_png(obs, NAMES, [], pictures.PictureText(), "in 2 minutes")
    assert sent.filename == "table.png" and sent.fp.read() == png and sent.description == alt


async def test_a_killed_picture_process_is_replaced_and_the_picture_still_comes() -> None:
    await pictures.warm_up()
    pool = pictures._processes()
    for process in list(pool._processes.values()):  # what the OOM killer would do
        os.kill(process.pid, signal.SIGKILL)
    obs, _, _ = sample_observations()
    sent = await pictures.table_file(obs, NAMES, [], pictures.PictureText())
    assert sent.fp.read().startswith(b"\x89PNG")
    assert pictures._processes() is not pool  # the next picture goes to new processes
    again = await pictures.table_file(obs, NAMES, [], pictures.PictureText())
    assert again.fp.read().startswith(b"\x89PNG")
