"""A move's private answer is drawn while the move is saved, and shown only once the save succeeded."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.client import DreamcatsBot
from bot.storage import VersionConflictError
from bot.storage.live import LiveSave
from bot.views import private
from tests.bot.conftest import World
from tests.bot.test_endtoend import Players, open_table

SAVE_TAKES = 0.2


async def _ana_to_draw(world: World, running: DreamcatsBot) -> tuple[Players, int]:
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None and table.state is not None and table.state.round.turn == 0  # Ana's turn
    return players, table.move_number


def _record_pictures(monkeypatch: pytest.MonkeyPatch, steps: list[str]) -> None:
    drawing = private.private_file

    async def recorded(*args: Any, **kwargs: Any) -> Any:
        steps.append("picture")
        return await drawing(*args, **kwargs)

    monkeypatch.setattr(private, "private_file", recorded)


async def test_a_draws_picture_is_drawn_while_its_save_waits(world: World, running: DreamcatsBot,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    players, number = await _ana_to_draw(world, running)
    steps: list[str] = []
    write_core = running.db.write_core

    async def slow_saves(work: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(work, LiveSave):
            return await write_core(work, *args, **kwargs)
        steps.append("save begins")
        await asyncio.sleep(SAVE_TAKES)
        result = await write_core(work, *args, **kwargs)
        steps.append("save ends")
        return result

    monkeypatch.setattr(running.db, "write_core", slow_saves)
    _record_pictures(monkeypatch, steps)
    drew = await players.click(world.ana, players.message(), players.cid("draw", number))
    assert drew.reply is not None and drew.reply.ephemeral
    assert [a.filename for a in drew.reply.attachments] == ["dream.png"]
    assert steps[:3] == ["save begins", "picture", "save ends"]
    assert world.fake.violations == []


async def test_a_move_whose_save_is_refused_shows_no_picture_of_it(world: World, running: DreamcatsBot,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    players, number = await _ana_to_draw(world, running)
    steps: list[str] = []
    write_core = running.db.write_core

    async def refused_saves(work: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(work, LiveSave):
            await asyncio.sleep(SAVE_TAKES)  # long enough for the picture to be under way
            raise VersionConflictError("changed elsewhere")
        return await write_core(work, *args, **kwargs)

    monkeypatch.setattr(running.db, "write_core", refused_saves)
    _record_pictures(monkeypatch, steps)
    drew = await players.click(world.ana, players.message(), players.cid("draw", number))
    assert steps == ["picture"]  # begun while the save waited ...
    reply = drew.reply
    assert reply is not None and reply.ephemeral
    assert reply.attachments == [] and "changed the game at the same moment" in reply.content  # ... never shown
    table = players.table
    assert table is not None and table.move_number == number  # the move was not made
    assert world.fake.violations == []
