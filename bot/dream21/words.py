"""Dream 21's words at a Discord table: the lobby's settings line, the table's recent moves and whose turn it is.

The move lines are the pictures' own (bot.dream21.texts.picture_text), so the text and the picture always agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.dream21.texts import picture_text
from bot.i18n import t, tn
from bot.service import Table
from bot.texts import seconds
from game.dream21 import Event, EventKind
from images.dream21 import Dream21Text

RECENT_MOVES = 5  # lines of the hand's public history above the table picture


def settings_line(table: Table) -> str:
    """Hands in the match (per seat) and the turn timer."""
    loc, s = table.locale, table.settings
    seats = max(len(table.seats), table.mode.min_seats)
    hands = tn("dream21.lobby.hands", s.hands_in_match(seats), loc, per_seat=s.hands_per_seat)
    return t("dream21.lobby.settings", loc, hands=hands, timer=seconds(s.turn_timer, loc))


def move_line(event: Event, names: Sequence[str], text: Dream21Text) -> str | None:
    """One public move of the hand in words, or None for an event the table does not list."""
    who = text.seat_name(names, event.seat) if event.seat is not None else ""
    other = text.seat_name(names, event.other) if event.other is not None else ""
    match event.kind:
        case EventKind.PLAYED if event.card is not None:
            return text.played.format(name=who, card=text.card_name(event.card), total=event.total)
        case EventKind.DREW:
            return text.drew.format(name=who)
        case EventKind.MADE_21:
            return text.made_21.format(name=who, other=other)
        case EventKind.COULD_NOT_PLAY:
            return text.could_not_play.format(name=who)
        case EventKind.WENT_OUT:
            return text.went_out.format(name=who)
    return None


def recent_moves(history: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
    """The last few public moves of the hand, oldest first."""
    text = picture_text(locale)
    lines = [line for event in history if (line := move_line(event, names, text)) is not None]
    return lines[-RECENT_MOVES:]
