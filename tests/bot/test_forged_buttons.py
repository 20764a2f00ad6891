"""Buttons and menus the bot never drew (a modified client, an old version, a hand-made request): every action the
bot handles, pressed on each game's live table with arguments missing or wrong, gets a friendly private line and
never the apology for a fault, and nothing is logged as an error."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import pytest

from bot.client import DreamcatsBot
from bot.i18n import t
from bot.views.click import HANDLERS
from tests.bot.conftest import World
from tests.bot.test_catduel_table import open_catduel
from tests.bot.test_dream21_table import open_dream21
from tests.bot.test_endtoend import open_table
from tests.bot.ui import WHOLE_MATCH_QUIET
from tests.fakediscord import FakeMessage

Opener = Callable[[World, DreamcatsBot], Awaitable[object]]
OPENERS: dict[str, Opener] = {"dreamcats": open_table, "dream21": open_dream21, "catduel": open_catduel}


def _only(message: FakeMessage, component: dict[str, object]) -> None:
    """The message carries just this one component (a client may send any custom_id; Discord allows five rows)."""
    message.components[:] = [{"type": 1, "components": [component]}]


@pytest.mark.parametrize("game", sorted(OPENERS))
async def test_every_action_forged_on_a_live_table_gets_a_friendly_line(
        world: World, running: DreamcatsBot, caplog: pytest.LogCaptureFixture, game: str) -> None:
    fake = world.fake
    await OPENERS[game](world, running)
    table = running.service.in_channel(world.games.id)
    assert table is not None and table.playing and table.message_id is not None
    fake.quiet = WHOLE_MATCH_QUIET  # each answer is waited for itself; nothing else moves
    message = fake.messages_by_id[table.message_id]
    apology = t("error.generic")
    caplog.set_level(logging.INFO)
    for action in sorted(HANDLERS):
        # Without arguments, then Ana and Bo with the move number of now (the one in turn reaches the action itself,
        # whatever the computer player did first), and a menu's value none of the bot's menus offers.
        table = running.service.get(table.game_id)
        now = f"dc:{table.game_id}:{action}:{table.move_number}"
        presses = ((world.ana, f"dc:{table.game_id}:{action}"), (world.ana, now), (world.bo, now))
        for person, custom_id in presses:
            _only(message, {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id})
            pressed = await fake.click(person, message, custom_id)
            said = pressed.reply.content if pressed.reply is not None else ""
            assert said != apology, (custom_id, person.name)
        select_id = f"ds:{table.game_id}:{action}:{table.move_number}"
        _only(message, {"type": 3, "custom_id": select_id, "options": [{"label": "forged", "value": "9.9.9"}]})
        chosen = await fake.select(world.ana, message, select_id, ["9.9.9"])
        assert chosen.reply is None or chosen.reply.content != apology, select_id
    assert running.service.in_channel(world.games.id) is not None  # no forged click stopped the match
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert fake.violations == []
