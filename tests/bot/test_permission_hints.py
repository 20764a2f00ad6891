"""A server took Attach Files from the bot mid-match: the table still follows every move (through the clicks'
tokens), but no reveal, moved table or standings can be posted. The players are told privately, now and then."""

from __future__ import annotations

import pytest

from bot import permission_hints
from bot.client import DreamcatsBot
from tests.bot.conftest import World
from tests.bot.test_endtoend import open_table
from tests.fakediscord import FakeMessage
from tests.fakediscord.interactions import InteractionRecord

ATTACH_FILES = 1 << 15


def hints(record: InteractionRecord) -> list[FakeMessage]:
    """The private messages of a click that say the bot lacks a permission."""
    said = ("I can no longer post", "Nie mogę już")  # English, Polish
    return [m for m in record.messages if m.ephemeral and m.content.startswith(said)]


async def test_a_player_is_told_privately_and_not_again_soon(world: World, running: DreamcatsBot,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    fake = world.fake
    players = await open_table(world, running)
    table = players.message()
    first = await fake.click(world.bo, table, players.cid("dream"))
    assert hints(first) == []  # every permission there: nothing said
    world.games.overwrites[fake.bot.id] = (1, 0, ATTACH_FILES)  # a server admin takes Attach Files away
    told = await fake.click(world.bo, table, players.cid("dream"))
    await fake.wait_until(lambda: hints(told), what="the hint")
    assert "Attach Files" in hints(told)[0].content and "ask a server admin" in hints(told)[0].content
    again = await fake.click(world.bo, table, players.cid("dream"))
    assert hints(again) == []  # once per game every ten minutes
    other = await fake.click(world.cy, table, players.cid("dream"))
    await fake.wait_until(lambda: hints(other), what="Cy's hint")
    assert "Załączanie plików" in hints(other)[0].content  # in Cy's own language
    monkeypatch.setattr(permission_hints, "HINT_EVERY", 0.0)
    world.games.overwrites.pop(fake.bot.id)  # given back: nothing more to say
    after = await fake.click(world.bo, table, players.cid("dream"))
    assert hints(after) == []
    assert fake.violations == []
