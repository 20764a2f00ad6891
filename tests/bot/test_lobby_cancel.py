"""A lobby's Cancel button cancels a lobby, never the match it became: a client can still show the lobby's buttons
for a moment after Start (and for good where turning the lobby into the match's line failed)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.client import DreamcatsBot
from bot.cog import DreamcatsCog
from bot.service import Table
from tests.bot.conftest import World


async def test_cancel_pressed_on_a_lobby_that_became_a_match_stops_nothing(world: World,
                                                                          running: DreamcatsBot) -> None:
    fake = world.fake
    start = await fake.slash(world.ana, world.games, "dreamcats start", points=30)
    lobby = start.reply
    assert lobby is not None
    game_id = next(t.game_id for t in running.service.tables if t.channel_id == world.games.id)
    await fake.click(world.bo, lobby, f"dc:{game_id}:join")
    as_shown = copy.deepcopy(lobby.components)  # what Bo's client still shows after Ana's Start
    await fake.click(world.ana, lobby, f"dc:{game_id}:start")
    await running.presenter.idle()
    assert f"dc:{game_id}:cancel" not in lobby.custom_ids
    lobby.components[:] = as_shown
    pressed = await fake.click(world.bo, lobby, f"dc:{game_id}:cancel")
    assert pressed.private_reply is not None
    assert pressed.private_reply.content == ("The match has already started. To stop it, use /dreamcats stop (it asks "
                                             "first).")
    table = running.service.in_channel(world.games.id)
    assert table is not None and table.playing  # the match goes on for everyone
    hosted = await fake.click(world.ana, lobby, f"dc:{game_id}:cancel")  # not the host's either: /dreamcats stop asks
    assert hosted.private_reply is not None and running.service.in_channel(world.games.id) is not None
    assert fake.violations == []


@pytest.mark.parametrize("slow", [False, True])
async def test_stop_on_a_lobby_that_a_start_turns_into_a_match_asks_the_match_s_question(
        world: World, running: DreamcatsBot, monkeypatch: pytest.MonkeyPatch, slow: bool) -> None:
    fake = world.fake
    if slow:  # the stop waited behind the Start: "thinking…" was shown first, and the question fills it
        monkeypatch.setattr(DreamcatsCog, "answer_within", 0.0)
    lobby = (await fake.slash(world.ana, world.games, "dreamcats start", points=30)).reply
    assert lobby is not None
    game_id = next(t.game_id for t in running.service.tables if t.channel_id == world.games.id)
    await fake.click(world.bo, lobby, f"dc:{game_id}:join")
    closing = running.service.close

    async def started_meanwhile(game: str, user_id: int, **options: Any) -> Table:
        await running.service.start(game, world.ana.id)  # Ana's Start lands while the stop is on its way
        return await closing(game, user_id, **options)

    monkeypatch.setattr(running.service, "close", started_meanwhile)
    stopped = await fake.slash(world.ana, world.games, "dreamcats stop")
    asked = stopped.private_reply or stopped.reply
    assert asked is not None and asked.ephemeral and f"dc:{game_id}:stopok" in asked.custom_ids
    table = running.service.in_channel(world.games.id)
    assert table is not None and table.playing  # stopped only once the question is answered
    assert fake.violations == []
