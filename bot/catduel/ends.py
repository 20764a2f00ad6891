"""The end of a Cat Duel duel (in a longer match) and of the match: who won, in words and as a picture."""

from __future__ import annotations

import discord

from bot.catduel.match import match_of
from bot.catduel.names import cat_name
from bot.catduel.pictures import standings_file, table_file
from bot.catduel.texts import picture_text
from bot.i18n import t, tn
from bot.service import Table, finished_match
from bot.texts import left_seats, ranked, seat_names, text_names
from bot.views.ids import make_id
from bot.views.items import GameButton
from bot.views.shown import COLOUR, EndMessage, StandingsMessage, make_view
from game.catduel import public_observation


def _and(names: list[str], locale: str) -> str:
    return t("catduel.words.and", locale).join(names)


async def duel_end_message(table: Table, number: int) -> EndMessage:
    """Duel `number` is over (and the match goes on): its winners, every cat's HP and rounds survived, the wins."""
    state, loc = match_of(table), table.locale
    result = state.results[number - 1]
    names, shown = seat_names(table, loc), text_names(table, loc)
    headline = tn("catduel.end.won", len(result.winners), loc, number=number,
                  names=_and([shown[seat] for seat in result.winners], loc))
    lines = [t("catduel.end.line", loc, name=shown[seat], cat=cat_name(cat, loc), hp=max(result.hps[seat], 0),
               rounds=result.survived[seat] if result.survived else result.rounds, wins=state.wins[seat])
             for seat, cat in enumerate(state.cats)]
    embed = discord.Embed(title=t("catduel.end.title", loc, number=number), description="\n".join([headline, *lines]),
                          colour=COLOUR)
    embed.set_image(url="attachment://table.png")  # the table as the duel ended: its last reveal and the winners
    return EndMessage(embed, await table_file(public_observation(state), names, picture_text(loc)), None)


async def standings_message(table: Table) -> StandingsMessage:
    """The end of the match: the winners, every seat's duels won (most first), and the Play again button."""
    state, loc = match_of(table), table.locale
    names, shown = seat_names(table, loc), text_names(table, loc)
    best = [seat for seat, result in enumerate(finished_match(table, table.created_at).seats) if result.winner]
    keys = [(seat.left, -wins) for seat, wins in zip(table.seats, state.wins, strict=True)]
    lines = [tn("catduel.standings.line", state.wins[i], loc, place=place, name=shown[i],
                cat=cat_name(state.cats[i], loc)) for place, i in ranked(keys)]
    winners = tn("standings.winners", len(best), loc, names=", ".join(shown[i] for i in best))
    embed = discord.Embed(title=t("catduel.standings.title", loc), description=winners + "\n\n" + "\n".join(lines),
                          colour=COLOUR)
    embed.set_image(url="attachment://standings.png")
    # Its custom_id names only the finished game: the records say who played and how (bot.service.again).
    again = GameButton(make_id(table.game_id, "again"), t("again.button", loc), style=discord.ButtonStyle.primary)
    left = left_seats(table)
    file = await standings_file(public_observation(state), names, picture_text(loc), best, left)
    return StandingsMessage(embed, file, make_view(again))
