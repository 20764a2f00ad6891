"""Dream 21's words at a Discord table: the lobby's settings line, the table's recent moves and whose turn it is.

The move lines are the pictures' own (bot.dream21.texts.picture_text), so the text and the picture always agree.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from bot.dream21.texts import picture_text
from bot.i18n import t, tn
from bot.markdown import escape_name, shortened
from bot.service import Table
from bot.service.dream21_rules import HAND_STARTED
from bot.service.table import LogEntry
from bot.texts import seconds
from game.dream21 import Event
from images.dream21.moves import move_line

RECENT_MOVES = 5  # lines of the hand's public history above the table picture, at least (a draw and a play a seat)
NAME_LIMIT = 100  # the text has room for whole names (the picture cuts them shorter)


def settings_line(table: Table) -> str:
    """Hands in the match (per seat) and the turn timer."""
    loc, s = table.locale, table.settings
    seats = max(len(table.seats), table.mode.min_seats)
    hands = tn("dream21.lobby.hands", s.hands_in_match(seats), loc, per_seat=s.hands_per_seat)
    return t("dream21.lobby.settings", loc, hands=hands, timer=seconds(s.turn_timer, loc))


def recent_moves(history: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
    """The public moves of the hand since every seat last had a turn (a draw and a play each; RECENT_MOVES at
    least), oldest first, as Discord text (`names` as typed: seat_names)."""
    text = picture_text(locale)
    # Cut before escaping: a cut escaped name could end in half an escape.
    shown = [escape_name(shortened(name, NAME_LIMIT)) for name in names]
    lines = [line for event in history if (line := move_line(event, shown, text, cut=sys.maxsize))]
    return lines[-max(RECENT_MOVES, 2 * len(names)):]


def hand_log(table: Table, number: int | None = None) -> list[LogEntry]:
    """The table log's entries around a hand's moves (a time-out, a seat handed to the computer, someone leaving):
    hand `number`'s, or (None) the hand in play's, which is the whole log once its start has been let go."""
    log = table.log
    starts = [i for i, entry in enumerate(log) if entry.kind == HAND_STARTED and number in (None, entry.count)]
    if not starts:
        return list(log) if number is None else []
    since = log[starts[-1] + 1:]
    return since[:next((i for i, entry in enumerate(since) if entry.kind == HAND_STARTED), len(since))]
