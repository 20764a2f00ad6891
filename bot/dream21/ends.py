"""The end of a Dream 21 hand and of the match: the scores in words and as a picture, then Play again."""

from __future__ import annotations

import discord

from bot.dream21.match import match_of
from bot.dream21.pictures import hand_end_file, standings_file
from bot.dream21.texts import picture_text
from bot.dream21.words import hand_log, recent_moves
from bot.i18n import t, tn
from bot.service import Table, finished_match
from bot.texts import left_seats, log_line, ranked, seat_names, text_names
from bot.views.ids import make_id
from bot.views.items import GameButton
from bot.views.shown import COLOUR, EndMessage, StandingsMessage, make_view
from game.dream21 import EventKind


def _around_the_hand(table: Table, number: int, names: list[str]) -> list[str]:
    """What happened around hand `number`'s moves (a time-out whose stand-in played its last card, a hand-over,
    someone leaving): the next hand's table no longer shows it, so a hand decided by an absent person's time-out
    says so here. Entries the table log has already let go of (it keeps the last few) are not said."""
    return [f"• {log_line(entry, names, table.locale)}" for entry in hand_log(table, number)]


async def hand_end_message(table: Table, number: int) -> EndMessage:
    """Hand `number` is over: its last move, who went out, each seat's tricks and score, the totals so far."""
    state, loc = match_of(table), table.locale
    result = state.results[number - 1]
    names, shown = seat_names(table, loc), text_names(table, loc)
    totals = [sum(r.scores[seat] for r in state.results[:number]) for seat in range(len(names))]
    headline = (t("dream21.end.out", loc, name=shown[result.out]) if result.out is not None
                else t("dream21.end.stopped", loc))
    # The hand's last move (the card that went out, a 21 and who took its trick): the next hand's table has no room
    # for it. Going out is the headline's.
    last = [f"• {line}" for line in recent_moves([e for e in result.last_moves if e.kind is not EventKind.WENT_OUT],
                                                  names, loc)]
    lines = [tn("dream21.end.line", result.scores[seat], loc, name=shown[seat], tricks=result.tricks[seat],
                total=totals[seat]) for seat in range(len(names))]
    around = _around_the_hand(table, number, shown)
    embed = discord.Embed(title=t("dream21.end.title", loc, number=number),
                          description="\n".join([*around, *last, headline, *lines]), colour=COLOUR)
    embed.set_image(url="attachment://hand-end.png")
    return EndMessage(embed, await hand_end_file(result, names, totals, picture_text(loc)), None)


async def standings_message(table: Table) -> StandingsMessage:
    """The end of the match: the winners, every total (lowest first), and the Play again button."""
    state, loc = match_of(table), table.locale
    names, shown = seat_names(table, loc), text_names(table, loc)
    best = [seat for seat, result in enumerate(finished_match(table, table.created_at).seats) if result.winner]
    keys = [(seat.left, total) for seat, total in zip(table.seats, state.totals, strict=True)]
    lines = [tn("standings.line", state.totals[i], loc, place=place, name=shown[i]) for place, i in ranked(keys)]
    winners = tn("standings.winners", len(best), loc, names=", ".join(shown[i] for i in best))
    embed = discord.Embed(title=t("dream21.standings.title", loc), description=winners + "\n\n" + "\n".join(lines),
                          colour=COLOUR)
    embed.set_image(url="attachment://standings.png")
    # Its custom_id names only the finished game: the records say who played and how (bot.service.again).
    again = GameButton(make_id(table.game_id, "again"), t("again.button", loc), style=discord.ButtonStyle.primary)
    left = left_seats(table)
    file = await standings_file(state.totals, names, best, state.results, picture_text(loc), left)
    return StandingsMessage(embed, file, make_view(again))
