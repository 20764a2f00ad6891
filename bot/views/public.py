"""The public messages: the lobby, the table, a round's reveal, the final standings, a closed game."""

from __future__ import annotations

import discord

from bot.i18n import card_name, picture_text, t, tn
from bot.lobby_words import lobby_words
from bot.markdown import cut
from bot.pictures import reveal_file, standings_file, table_file
from bot.service import Table, finished_match
from bot.service.lobby import HOST_AWAY
from bot.service.rulebooks import rules_of
from bot.service.service import LOBBY_TIMEOUT
from bot.texts import (
    left_seats,
    log_line,
    names_with_strength,
    ranked,
    round_headline,
    score_lines,
    seat_names,
    text_names,
    turn_time,
)
from bot.views.ids import make_id, make_select_id
from bot.views.items import ButtonSpec, GameButton, GameSelect
from bot.views.shown import COLOUR, TableMessage, make_view
from game.dreamcats import public_observation
from game.dreamcats.hindsight import RoundStory, origins

_view = make_view


def lobby_message(table: Table) -> tuple[discord.Embed, discord.ui.View]:
    """The lobby of any game: seats, settings and the lobby buttons."""
    loc, gid, words = table.locale, table.game_id, lobby_words(table)
    names = names_with_strength(table, loc)
    lines = [t("lobby.host_seat" if seat.user_id == table.host_id else "lobby.seat", loc, number=i + 1, name=names[i])
             + (words.seat_suffix(table, i) if words.seat_suffix else "") for i, seat in enumerate(table.seats)]
    embed = discord.Embed(title=t(words.title, loc), description=t(words.description, loc), colour=COLOUR)
    embed.add_field(name=t("lobby.seats", loc, count=len(table.seats), max=table.mode.max_seats),
                    value="\n".join(lines),
                    inline=False)
    if table.invited:  # Play again: the last match's people, a click on Join away (an embed's mention never pings)
        embed.add_field(name=t("again.invited", loc), value=" ".join(f"<@{user}>" for user in table.invited)[:1024],
                        inline=False)
    embed.add_field(name=t("lobby.settings_title", loc), value=words.settings_line(table), inline=False)
    embed.set_footer(text=t("lobby.idle_note", loc, minutes=int(LOBBY_TIMEOUT // 60),
                            host_minutes=int(HOST_AWAY.total_seconds() // 60)))
    strengths = [discord.SelectOption(label=t(f"{words.strength}.{s}", loc), value=s,
                                      description=t(f"{words.strength}.{s}.description", loc))
                 for s in table.mode.players]
    view = _view(
        GameButton(make_id(gid, "join"), t("lobby.button.join", loc), style=discord.ButtonStyle.success, row=0),
        GameButton(make_id(gid, "leave"), t("lobby.button.leave", loc), row=0),
        GameButton(make_id(gid, "start"), t("lobby.button.start", loc), style=discord.ButtonStyle.primary, row=0),
        GameButton(make_id(gid, "cancel"), t("lobby.button.cancel", loc), style=discord.ButtonStyle.danger, row=0),
        GameSelect(make_select_id(gid, "addbot"), strengths, placeholder=t("lobby.add_computer", loc), row=1),
    )
    labels = names_with_strength(table, loc, seat_names(table, loc))  # a menu shows no markdown: names as typed
    # A seat's value names who sits there (a computer player by its name, unique at a table), so that a pick from a
    # menu drawn before another seat was removed takes away no one else.
    others = [discord.SelectOption(label=labels[i][:100], value=f"{i}.{seat.user_id}" if seat.user_id
                                   else f"{i}.0.{seat.name}"[:100])
              for i, seat in enumerate(table.seats) if seat.user_id != table.host_id]
    if others:  # the host may take a seat away (someone who joined by mistake, a computer player too many)
        view.add_item(GameSelect(make_select_id(gid, "kick"), others, placeholder=t("lobby.remove_seat", loc), row=2))
    for item in words.picks(table) if words.picks else []:
        view.add_item(item)
    return embed, view


def table_content(table: Table) -> str:
    """The live text above the picture: recent public actions, the peek hint, whose turn and until when.

    It lives in the message content, not the embed, so it can follow every move with a cheap edit while the picture
    (in the embed) is redrawn less often (bot.presenter).
    """
    state, loc = table.state, table.locale
    assert state is not None
    names = text_names(table, loc)
    lines = [f"• {log_line(entry, names, loc)}" for entry in table.log]
    if not all(state.round.peeked):
        lines.append(t("table.peek_hint", loc))
    turn_line = t("table.turn", loc, name=names[state.round.turn])
    if table.deadline is not None:
        turn_line += " " + t("table.deadline", loc, when=f"<t:{int(table.deadline.timestamp())}:R>")
    if table.paused_until is not None:
        turn_line = t("table.paused", loc, number=state.round.number, ready=len(table.ready),
                      people=len(table.people_playing),
                      when=f"<t:{int(table.paused_until.timestamp())}:R>")
    return cut("\n".join([*lines, "", turn_line]).strip(), 2000)


def table_items(table: Table, locale: str | None = None) -> list[ButtonSpec]:
    """The table buttons (in `locale`, else the table's); their custom_ids carry the move number, so a button from an
    earlier moment is refused."""
    state, loc, gid = table.state, locale or table.locale, table.game_id
    assert state is not None
    number = table.move_number
    top = state.round.discard[-1]  # face up (RULES.md §3): the whole public observation is not needed for it
    if table.paused_until is not None:  # between rounds: ready for the next one, or look at the new cards
        return [
            ButtonSpec(make_id(gid, "next", rules_of(table).pause_number(state)), t("table.button.next", loc),
                       style=discord.ButtonStyle.primary),
            ButtonSpec(make_id(gid, "dream"), t("table.button.dream", loc), style=discord.ButtonStyle.success),
            _leave_button(table),
        ]
    return [
        ButtonSpec(make_id(gid, "draw", number), t("table.button.draw", loc), style=discord.ButtonStyle.primary),
        ButtonSpec(make_id(gid, "take", number), t("table.button.take", loc, card=card_name(top, loc))),
        ButtonSpec(make_id(gid, "wake", number), t("table.button.wake", loc), style=discord.ButtonStyle.danger),
        ButtonSpec(make_id(gid, "dream"), t("table.button.dream", loc), style=discord.ButtonStyle.success),
        _leave_button(table),
    ]


def _leave_button(table: Table) -> ButtonSpec:
    """Leave the match, on its own row so that it is found and not pressed by mistake (it asks first)."""
    return ButtonSpec(make_id(table.game_id, "quit"), t("private.leave", table.locale), row=1)


def table_embed(table: Table) -> discord.Embed:
    """The round, the totals and the picture (attachment table.png)."""
    state, loc = table.state, table.locale
    assert state is not None
    embed = discord.Embed(title=t("table.title", loc, number=state.round.number), colour=COLOUR)
    embed.add_field(name=t("table.totals", loc),
                    value=" · ".join(f"{n} **{total}**" for n, total in
                                     zip(names_with_strength(table, loc), state.totals, strict=True)))
    return embed.set_image(url="attachment://table.png")


async def table_message(table: Table) -> TableMessage:
    """The whole table message, its picture drawn (off the event loop)."""
    state, loc = table.state, table.locale
    assert state is not None
    file = await table_file(public_observation(state), seat_names(table, loc), table.log, picture_text(loc),
                            deadline=turn_time(table, loc))
    return TableMessage(table_content(table), table_embed(table), _view(*table_items(table)), file)


async def reveal_message(table: Table, number: int, story: RoundStory | None = None
                         ) -> tuple[discord.Embed, discord.File, discord.ui.View | None]:
    """A finished round: every dream face up and the scores; with its story, how each card got there and the
    How did I do? button (bot.views.look_clicks)."""
    state, loc = table.state, table.locale
    assert state is not None
    result = state.results[number - 1]
    names, shown = seat_names(table, loc), text_names(table, loc)
    totals = [sum(r.scores[i] for r in state.results[:number]) for i in range(len(names))]
    embed = discord.Embed(title=round_headline(result, shown, loc),
                          description="\n".join(score_lines(result, shown, totals, loc)), colour=COLOUR)
    embed.set_image(url="attachment://reveal.png")
    placed = None if story is None else origins(story)
    file = await reveal_file(result, names, totals, state.settings.penalty, picture_text(loc), placed)
    if story is None:
        return embed, file, None
    # Its custom_id names only the game and the round: the kept story says the rest (bot.look_back).
    view = _view(GameButton(make_id(table.game_id, "look", number), t("look.button", loc)))
    view.stop()  # only sent: the button is dispatched by its custom_id, and a kept view would live forever
    return embed, file, view


async def standings_message(table: Table) -> tuple[discord.Embed, discord.File, discord.ui.View]:
    """The end of the match: the winners and every total, and the Play again button (bot.views.again_clicks)."""
    state, loc = table.state, table.locale
    assert state is not None
    names, shown = seat_names(table, loc), text_names(table, loc)
    best = [seat for seat, result in enumerate(finished_match(table, table.created_at).seats) if result.winner]
    keys = [(seat.left, total) for seat, total in zip(table.seats, state.totals, strict=True)]
    lines = [tn("standings.line", state.totals[i], loc, place=place, name=shown[i]) for place, i in ranked(keys)]
    embed = discord.Embed(title=t("standings.title", loc),
                          description=tn("standings.winners", len(best), loc, names=", ".join(shown[i] for i in best))
                          + "\n\n" + "\n".join(lines), colour=COLOUR)
    embed.set_image(url="attachment://standings.png")
    # Its custom_id names only the finished game: the records say who played and how (bot.service.again).
    again = GameButton(make_id(table.game_id, "again"), t("again.button", loc), style=discord.ButtonStyle.primary)
    left = left_seats(table)
    picture = await standings_file(state.totals, names, best, state.results, picture_text(loc), left)
    return embed, picture, _view(again)


def closed_message(table: Table, reason: str) -> discord.Embed:
    """A cancelled lobby or a stopped match."""
    minutes = int(LOBBY_TIMEOUT // 60)
    return discord.Embed(title=t(f"closed.{reason}.title", table.locale),
                         description=t(f"closed.{reason}.body", table.locale, minutes=minutes), colour=COLOUR)
