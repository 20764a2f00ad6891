"""What a lobby says about its game: the title, the seats, the settings line and the computer strengths' words.

One entry per game (a new game adds its line); the lobby itself (bot.views.public.lobby_message) is the same for all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.catduel.lobby import cat_pick, cat_suffix
from bot.catduel.words import settings_line as catduel_settings_line
from bot.dream21.words import settings_line as dream21_settings_line
from bot.i18n import t, tn
from bot.service import Table
from bot.texts import seconds


@dataclass(frozen=True, slots=True)
class LobbyWords:
    """A game's lobby texts: catalogue keys and the settings line."""

    title: str
    description: str
    strength: str  # the prefix of "<prefix>.<strength>" and "<prefix>.<strength>.description"
    settings_line: Callable[[Table], str]
    seat_suffix: Callable[[Table, int], str] | None = None  # after a seat's name: what it picked (Cat Duel's cat)
    picks: Callable[[Table], list[discord.ui.Item[Any]]] | None = None  # the lobby's own pick menus, if any


def dreamcats_settings_line(table: Table) -> str:
    """Point limit or rounds, penalty and timer."""
    loc, s = table.locale, table.settings
    goal = (tn("lobby.goal_rounds", s.fixed_rounds, loc) if s.fixed_rounds
            else tn("lobby.goal_points", s.point_limit, loc))
    return t("lobby.settings", loc, goal=goal, penalty=s.penalty, timer=seconds(s.turn_timer, loc))


LOBBY_WORDS: dict[str, LobbyWords] = {
    "dreamcats": LobbyWords("lobby.title", "lobby.description", "lobby.strength", dreamcats_settings_line),
    "dream21": LobbyWords("dream21.lobby.title", "dream21.lobby.description", "lobby.strength",
                          dream21_settings_line),
    "catduel": LobbyWords("catduel.lobby.title", "catduel.lobby.description", "lobby.strength",
                          catduel_settings_line, cat_suffix, cat_pick),
}


def lobby_words(table: Table) -> LobbyWords:
    """The lobby texts of the table's game."""
    return LOBBY_WORDS[table.game]
