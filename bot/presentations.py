"""How each game shows itself on Discord: its table message, the end of a round (or hand) and the standings.

The presenter (bot.presenter) posts and edits; what goes into the messages comes from the table's game here. A new
game adds its package (bot/<game>/) and one entry in PRESENTATIONS.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import bot.catduel.clicks  # noqa: F401  (registers Cat Duel's click handlers with bot.views.click)
import bot.dream21.clicks  # noqa: F401  (registers Dream 21's click handlers with bot.views.click)
from bot import look_back
from bot.catduel import ends as catduel_ends
from bot.catduel import table as catduel_table
from bot.dream21 import ends as dream21_ends
from bot.dream21 import table as dream21_table
from bot.hub import DreamcatsBase
from bot.service import Table
from bot.views import public
from bot.views.shown import EndMessage, Shown, StandingsMessage, TableMessage
from game.dreamcats import Step

SETTLED = (Step.START, Step.OVER)  # a Dreamcats table worth a picture: nobody is in the middle of a turn


@dataclass(frozen=True, slots=True)
class Presentation:
    """One game's public messages."""

    table_message: Callable[[Table], Awaitable[TableMessage]]  # the whole message, its picture drawn
    table_content: Callable[[Table], str]  # the live text: follows every move with a cheap edit
    table_items: Callable[[Table], Sequence[Shown]]  # the buttons (bot.views.shown makes a view or rows)
    # (round or hand the picture shows, whether the table is settled enough for a new picture)
    picture_moment: Callable[[Table], tuple[int, bool]]
    round_message: Callable[[DreamcatsBase, Table, int], Awaitable[EndMessage]]  # round (hand) `number` is over
    standings_message: Callable[[Table], Awaitable[StandingsMessage]]  # the match is over


def _dreamcats_moment(table: Table) -> tuple[int, bool]:
    return (table.state.round.number, table.state.round.step in SETTLED)


async def _dreamcats_reveal(bot: DreamcatsBase, table: Table, number: int) -> EndMessage:
    """The reveal, with the round's story kept first for its How did I do? button (bot.look_back)."""
    story = await look_back.story_for(table, number)
    if story is not None and not await look_back.remember(bot.db, table, story):
        story = None
    return EndMessage(*await public.reveal_message(table, number, story))


async def _dreamcats_standings(table: Table) -> StandingsMessage:
    return StandingsMessage(*await public.standings_message(table))


async def _dream21_hand_end(bot: DreamcatsBase, table: Table, number: int) -> EndMessage:
    return await dream21_ends.hand_end_message(table, number)


async def _catduel_duel_end(bot: DreamcatsBase, table: Table, number: int) -> EndMessage:
    return await catduel_ends.duel_end_message(table, number)


PRESENTATIONS: dict[str, Presentation] = {
    "dreamcats": Presentation(public.table_message, public.table_content, public.table_items, _dreamcats_moment,
                              _dreamcats_reveal, _dreamcats_standings),
    "dream21": Presentation(dream21_table.table_message, dream21_table.table_content, dream21_table.table_items,
                            dream21_table.picture_moment, _dream21_hand_end, dream21_ends.standings_message),
    "catduel": Presentation(catduel_table.table_message, catduel_table.table_content, catduel_table.table_items,
                            catduel_table.picture_moment, _catduel_duel_end, catduel_ends.standings_message),
}


def presentation_of(table: Table) -> Presentation:
    """The public messages of the table's game."""
    return PRESENTATIONS[table.game]


async def draw_table(table: Table) -> TableMessage:
    """The whole table message of any game, its picture drawn."""
    return await presentation_of(table).table_message(table)
