"""The public Dream 21 table message: the recent moves and whose turn as text, the trick picture, the buttons."""

from __future__ import annotations

from typing import Any

import discord

from bot.dream21.match import match_of
from bot.dream21.pictures import trick_file
from bot.dream21.texts import picture_text
from bot.dream21.words import hand_log, recent_moves
from bot.i18n import t
from bot.markdown import newest_that_fit
from bot.service import Table
from bot.service.rulebooks import rules_of
from bot.texts import log_line, names_with_strength, seat_names, text_names
from bot.views.ids import make_id
from bot.views.items import GameButton
from bot.views.shown import COLOUR, TableMessage, make_view
from game.dream21 import public_observation


def _this_hand(table: Table) -> list[str]:
    """What happened around this hand's moves (a time-out, a seat handed to the computer, someone leaving)."""
    names = text_names(table, table.locale)
    return [log_line(entry, names, table.locale) for entry in hand_log(table)]


def table_content(table: Table) -> str:
    """The live text above the picture: the hand's recent moves, then whose turn it is and until when."""
    state, loc = match_of(table), table.locale
    names = text_names(table, loc)
    moves = recent_moves(state.hand.history, seat_names(table, loc), loc)  # as typed: it cuts, then escapes
    lines = [f"• {line}" for line in (*moves, *_this_hand(table))]
    if table.paused_until is not None:
        turn_line = t("dream21.table.paused", loc, number=state.hand.number, ready=len(table.ready),
                      people=len(table.people_playing), when=f"<t:{int(table.paused_until.timestamp())}:R>")
    else:
        turn_line = t("table.turn", loc, name=names[state.hand.turn])
        if table.deadline is not None:
            turn_line += " " + t("table.deadline", loc, when=f"<t:{int(table.deadline.timestamp())}:R>")
    return newest_that_fit(lines, after=["", turn_line])


def table_items(table: Table) -> list[discord.ui.Item[Any]]:
    """My hand (a private reply with the moves when it is the presser's turn: one button for everyone, so nobody
    has to find theirs), Next hand between hands, and Leave on its own row."""
    state, loc, gid = match_of(table), table.locale, table.game_id
    leave = GameButton(make_id(gid, "quit"), t("private.leave", loc), row=1)
    hand = GameButton(make_id(gid, "d21h"), t("dream21.button.hand", loc), style=discord.ButtonStyle.primary)
    if table.paused_until is not None:
        return [GameButton(make_id(gid, "next", rules_of(table).pause_number(state)), t("dream21.button.next", loc),
                           style=discord.ButtonStyle.success), hand, leave]
    return [hand, leave]


def table_embed(table: Table) -> discord.Embed:
    """The hand number, the match totals and the picture (attachment table.png)."""
    state, loc = match_of(table), table.locale
    embed = discord.Embed(title=t("dream21.table.title", loc, number=state.hand.number, count=state.hands_in_match),
                          colour=COLOUR)
    embed.add_field(name=t("dream21.table.totals", loc),
                    value=" · ".join(f"{name} **{total}**" for name, total in
                                     zip(names_with_strength(table, loc), state.totals, strict=True)))
    return embed.set_image(url="attachment://table.png")


async def table_message(table: Table) -> TableMessage:
    """The whole table message, its picture drawn in the picture pool."""
    state, loc = match_of(table), table.locale
    file = await trick_file(public_observation(state), seat_names(table, loc), picture_text(loc))
    return TableMessage(table_content(table), table_embed(table), make_view(*table_items(table)), file)


def picture_moment(table: Table) -> tuple[int, bool]:
    """The hand the picture shows, and whether the table is worth a new one: always (every move is public)."""
    return (match_of(table).hand.number, True)
