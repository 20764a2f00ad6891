"""Through the fake Discord: the words people meet — a kept Take 2 card, one name for the swap buttons, start
options out of range, and private replies in the person's own language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.client import DreamcatsBot
from bot.i18n import default_catalogues
from bot.storage import Database, record_match
from game.dreamcats import Card
from tests.bot.conftest import World
from tests.bot.storage.conftest import match, seat
from tests.bot.test_endtoend import open_table

LOCALES = Path(__file__).parents[2] / "bot" / "locales"


def _labels(message: Any) -> list[str]:
    return [str(b.get("label")) for b in message.buttons]


async def test_keeping_a_take_two_card_says_kept_and_the_swap_buttons_name_the_position(
        world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None and table.state is not None and table.state.round.turn == 0
    table.state.round.draw_pile[-1] = Card.TAKE_2  # Ana draws Take 2
    drew = await players.click(world.ana, players.message(), players.cid("draw", table.move_number))
    held = drew.reply
    assert held is not None and held.ephemeral
    assert "Swap into position 1" in _labels(held)
    await players.click(world.ana, held, next(c for c in held.custom_ids if ":power:" in c))
    keep = next(c for c in held.custom_ids if ":keep:" in c)
    await players.click(world.ana, held, keep)
    text = held.embeds[0]["description"]
    assert text.startswith("You kept **") and "You drew" not in text
    assert "Swap into position 4" in _labels(held)
    assert world.fake.violations == []


async def test_taking_the_discard_uses_the_same_button_words(world: World, running: DreamcatsBot) -> None:
    players = await open_table(world, running)
    await players.initial_peeks()
    table = players.table
    assert table is not None
    took = await players.click(world.ana, players.message(), players.cid("take", table.move_number))
    assert took.reply is not None
    assert _labels(took.reply) == [f"Swap into position {p}" for p in range(1, 5)]


def test_one_voice_per_language() -> None:
    """Polish addresses the player with a capital Ty/Twoje (bot/i18n/README.md) in every text."""
    assert default_catalogues().template("private.swap_into", "pl") == "Zamień z pozycją {position}"
    lower = re.compile(r"(?<![\w])(twoj\w*|twój|ci|cię|ciebie|tobie|tobą)(?![\w])")
    for path in (LOCALES / "pl" / "LC_MESSAGES").glob("*.po"):
        with path.open("rb") as handle:
            for message in read_po(handle):
                assert not lower.search(str(message.string)), (path.name, message.id, message.string)


def _without_limits(world: World, command: str) -> None:
    """A stale synced command (or a client that skips the check): the options carry no min/max."""
    def strip(node: dict[str, Any]) -> None:
        for option in node.get("options") or []:
            option.pop("min_value", None)
            option.pop("max_value", None)
            strip(option)
    for spec in world.fake.commands.get(world.guild.id, []) + world.fake.commands.get(None, []):
        strip(spec)


@pytest.mark.parametrize(("who", "option", "value", "expected"), [
    ("ana", "points", 9999, "The point limit must be a whole number from 30 to 500."),
    ("ana", "timer", 5, "Dreamcats takes a turn timer of 30 to 900 seconds, not 5, so nothing was opened."),
    ("ana", "rounds", 0, "The number of rounds must be a whole number from 1 to 50."),
    ("cy", "points", 1, "Limit punktów"),
])
async def test_an_out_of_range_start_option_is_named(world: World, running: DreamcatsBot, who: str, option: str,
                                                     value: int, expected: str) -> None:
    _without_limits(world, "dreamcats")
    record = await world.fake.slash(getattr(world, who), world.games, "dreamcats start", **{option: value})
    assert record.reply is not None and record.reply.ephemeral
    assert expected in record.reply.content and "rounds 1–50" not in record.reply.content
    assert running.service.tables == [] and world.fake.violations == []


async def test_a_polish_player_gets_their_own_stats_in_polish_on_an_english_server(
        world: World, running: DreamcatsBot) -> None:
    db = await Database.open(world.database_url)
    async with db.sessions() as s, s.begin():
        await record_match(s, record=match(world.guild.id, [seat(world.cy.id, 10, name="Cy"), seat(None, 50)]))
    await db.close()
    polish = await world.fake.slash(world.cy, world.games, "dreamcats stats")
    assert polish.reply is not None
    assert {f["name"] for f in polish.reply.embeds[0]["fields"]} >= {"Partie", "Wygrane"}
    english = await world.fake.slash(world.ana, world.games, "dreamcats stats", member=world.cy)
    assert english.reply is not None
    assert {f["name"] for f in english.reply.embeds[0]["fields"]} >= {"Matches", "Wins"}
    assert world.fake.violations == []
