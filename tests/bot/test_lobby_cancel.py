"""A lobby's Cancel button cancels a lobby, never the match it became: a client can still show the lobby's buttons
for a moment after Start (and for good where turning the lobby into the match's line failed)."""

from __future__ import annotations

import copy

from bot.client import DreamcatsBot
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
