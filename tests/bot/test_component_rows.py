"""The table's text edits send component rows made without a view: the very JSON a view of the same items makes."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest

from bot.presentations import PRESENTATIONS
from bot.service import Seat, Table
from bot.views.items import ButtonSpec, GameButton, GameSelect
from bot.views.shown import component_rows, make_view
from game.catduel import CatDuelSettings
from game.catduel import new_match as new_duel
from game.dream21 import Dream21Settings
from game.dream21 import new_match as new_dream21
from game.dreamcats import MatchSettings, new_match

NOW = datetime(2026, 11, 26, tzinfo=UTC)
SEATS = [Seat(10, "Ana"), Seat(11, "Bo"), Seat(None, "Miso", strength="hard")]


def _table(game: str, *, paused: bool) -> Table:
    """A three-seat table of the game in play, or between rounds when `paused`."""
    rng = random.Random(5)
    settings: Any
    if game == "dream21":
        settings = Dream21Settings()
        state: Any = new_dream21(3, settings, rng)
    elif game == "catduel":
        settings = CatDuelSettings()
        state = new_duel(3, settings, rng)
    else:
        settings = MatchSettings()
        state = new_match(3, settings, rng)
    table = Table("0123456789ab", 1, 2, 10, settings, "pl", list(SEATS), NOW, state=state, game=game)
    table.paused_until = NOW + timedelta(seconds=30) if paused else None
    return table


@pytest.mark.parametrize("paused", [False, True])
@pytest.mark.parametrize("game", sorted(PRESENTATIONS))
def test_every_games_table_rows_match_what_its_view_sends(game: str, paused: bool) -> None:
    items = PRESENTATIONS[game].table_items(_table(game, paused=paused))
    rows = component_rows(items)
    assert rows == make_view(*PRESENTATIONS[game].table_items(_table(game, paused=paused))).to_components()
    assert len(rows) == 2  # the game's buttons, then Leave on a row of its own


def test_rows_fill_up_to_five_wide_and_keep_explicit_rows_as_a_view_does() -> None:
    options = [discord.SelectOption(label="a", value="a"), discord.SelectOption(label="b", value="b")]
    items: list[discord.ui.Item[Any]] = [
        *(GameButton(f"dc:0123456789ab:b{n}", f"B{n}") for n in range(7)),
        GameSelect("ds:0123456789ab:pick", options),
        GameButton("dc:0123456789ab:quit", "Leave", row=4),
    ]
    rows = component_rows(items)
    assert rows == make_view(*items).to_components()
    assert [len(row["components"]) for row in rows] == [5, 2, 1, 1]


@pytest.mark.parametrize("spec", [
    ButtonSpec("dc:0123456789ab:draw:3", "Draw", style=discord.ButtonStyle.primary),
    ButtonSpec("dc:0123456789ab:quit", "Leave", row=1),
    ButtonSpec("dc:0123456789ab:wake:3", "Wake up!", style=discord.ButtonStyle.danger, disabled=True),
    ButtonSpec("dc:0123456789ab:take:3", "Weź " + "ą" * 100, style=discord.ButtonStyle.success),
    ButtonSpec("dc:0123456789ab:dream", ""),
], ids=["primary", "own row", "disabled", "long label", "no label"])
def test_a_button_spec_sends_what_its_game_button_sends(spec: ButtonSpec) -> None:
    button = spec.item()
    assert spec.to_component_dict() == button.to_component_dict()
    assert (spec.row, spec.width) == (button.row, button.width)
    assert component_rows([spec]) == make_view(button).to_components()
