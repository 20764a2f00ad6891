"""Cat Duel's part of the lobby: each person picks a cat from a menu, and the seats show the picks.

A computer player, or a person who has not picked when the host starts, gets a random free cat (RULES-catduel §1).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.catduel.names import cat_name
from bot.i18n import t
from bot.service import Table
from bot.views.ids import make_select_id
from bot.views.items import GameSelect
from game.catduel import Cat

CATS = tuple(Cat)  # a pick's value is the cat's place here plus one; 0 takes a random cat
PICK_ROW = 3  # below the lobby's buttons, the computer-player menu and the host's remove-a-seat menu


def cat_suffix(table: Table, seat: int) -> str:
    """" — Persian" after a seat that picked its cat, else " — random cat"."""
    choice = table.seats[seat].choice
    cat = next((cat for cat in CATS if cat.value == choice), None)
    name = cat_name(cat, table.locale) if cat is not None else t("catduel.lobby.random", table.locale)
    return t("catduel.lobby.seat_cat", table.locale, cat=name)


def cat_pick(table: Table) -> list[discord.ui.Item[Any]]:
    """The menu of the cats nobody has picked yet, and a random cat."""
    loc = table.locale
    taken = {seat.choice for seat in table.seats}
    options = [discord.SelectOption(label=t("catduel.lobby.random", loc), value="0")]
    options += [discord.SelectOption(label=cat_name(cat, loc), value=str(place + 1),
                                     description=t(f"catduel.cat.{cat}.about", loc)[:100])
                for place, cat in enumerate(CATS) if cat.value not in taken]
    return [GameSelect(make_select_id(table.game_id, "cdcat"), options, placeholder=t("catduel.lobby.pick", loc),
                       row=PICK_ROW)]
