"""The public Cat Duel table message: the last reveal, the round's preludes and who still chooses as text, the
picture, the buttons.

The text and the picture show only the public table: HP, hand sizes, abilities, the revealed strategies and their
outcome, and which seats have chosen (never what).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.catduel.match import match_of
from bot.catduel.names import ability_name, card_name, cat_name
from bot.catduel.pictures import table_file
from bot.catduel.texts import picture_text
from bot.catduel.words import choosing_line, prelude_line, reveal_parts
from bot.i18n import t
from bot.markdown import cut, newest_that_fit
from bot.service import Table
from bot.service.catduel_rules import DUEL_STARTED
from bot.service.rulebooks import rules_of
from bot.texts import log_line, names_with_strength, seat_names, text_names
from bot.views.ids import make_id
from bot.views.items import GameButton
from bot.views.shown import COLOUR, TableMessage, make_view
from game.catduel import Chance, Observation, public_observation
from images.catduel import last_reveal

REVEAL_LINES = 15  # the reveal's lines above the picture at most (six cats' strategies, the order, scratches, HP)


def _around(table: Table) -> list[str]:
    """What happened around the choices since the duel began (a time-out, a seat handed over, someone leaving)."""
    names = text_names(table, table.locale)
    starts = [i for i, entry in enumerate(table.log) if entry.kind == DUEL_STARTED]
    since = table.log[starts[-1] + 1:] if starts else table.log
    return [log_line(entry, names, table.locale) for entry in since][-3:]


def _shortened(chosen: list[str], details: list[str], ending: list[str]) -> list[str]:
    """At most REVEAL_LINES of the reveal: past that, the last details (abilities and draws after the scratches)
    give way, so what each cat chose, what the first scratches did and how the round ended (who went out, who won,
    the HP) stay."""
    if len(chosen) + len(details) + len(ending) <= REVEAL_LINES:
        return [*chosen, *details, *ending]
    room = max(REVEAL_LINES - len(chosen) - len(ending) - 1, 0)  # newest_that_fit bounds the message itself
    return [*chosen, *details[:room], "…", *ending]


def table_content(table: Table) -> str:
    """The live text above the picture: the last reveal, the preludes used in the round being chosen, then who still
    chooses and until when."""
    state, loc = match_of(table), table.locale
    names = text_names(table, loc)
    obs = public_observation(state)
    reveal = _shortened(*reveal_parts(last_reveal(obs.history), names, loc))
    lines = [f"• {line}" for line in (*reveal, *_around(table))]
    if table.paused_until is not None:
        status = t("catduel.table.paused", loc, number=state.duel.number, ready=len(table.ready),
                   people=len(table.people_playing), when=f"<t:{int(table.paused_until.timestamp())}:R>")
    else:
        status = choosing_line(obs, names, loc)
        if table.deadline is not None:
            status += " " + t("table.deadline", loc, when=f"<t:{int(table.deadline.timestamp())}:R>")
    heading = [t("catduel.table.last_reveal", loc)] if reveal else []
    preludes = prelude_line(obs.history, names, loc)
    return newest_that_fit(lines, before=heading, after=["", *([preludes] if preludes else []), status])


def table_items(table: Table) -> list[discord.ui.Item[Any]]:
    """My move (a private reply: the hand, and the choice while one is open; one button for everyone), Next duel
    between duels, and Leave on its own row."""
    state, loc, gid = match_of(table), table.locale, table.game_id
    leave = GameButton(make_id(gid, "quit"), t("private.leave", loc), row=1)
    mine = GameButton(make_id(gid, "cdo"), t("catduel.button.my_move", loc), style=discord.ButtonStyle.primary)
    if table.paused_until is not None:
        return [GameButton(make_id(gid, "next", rules_of(table).pause_number(state)), t("catduel.button.next", loc),
                           style=discord.ButtonStyle.success), mine, leave]
    return [mine, leave]


def table_embed(table: Table) -> discord.Embed:
    """The duel and round, every cat with its HP (and duel wins in a longer match), and the picture."""
    state, loc = match_of(table), table.locale
    title = t("catduel.table.title", loc, duel=state.duel.number, round=state.duel.round)
    if state.settings.best_of > 1:
        title = t("catduel.table.title_best_of", loc, title=title, best_of=state.settings.best_of,
                  wins=state.settings.duels_to_win)
    embed = discord.Embed(title=title, colour=COLOUR)
    names = names_with_strength(table, loc)
    cats = [t("catduel.table.cat", loc, name=names[seat], cat=cat_name(cat, loc), hp=max(state.duel.seats[seat].hp, 0))
            for seat, cat in enumerate(state.cats)]
    if state.settings.best_of > 1:
        cats = [t("catduel.table.with_wins", loc, cat=line, wins=state.wins[seat]) for seat, line in enumerate(cats)]
    obs = public_observation(state)
    cats = [" · ".join([line, *_cooling(obs, seat, loc)]) for seat, line in enumerate(cats)]
    embed.add_field(name=t("catduel.table.cats", loc), value=cut("\n".join(cats), 1024))
    embed.add_field(name=t("catduel.table.used", loc), value=_used_pile(obs, loc), inline=False)
    return embed.set_image(url="attachment://table.png")


def _cooling(obs: Observation, seat: int, locale: str) -> list[str]:
    """The seat's abilities cooling down, with the round each is ready again (RULES-catduel §8: cooldowns are
    public; the picture marks them ◌ without the round)."""
    return [t("catduel.table.cooling", locale, ability=ability_name(ability, locale), round=ready)
            for ability, ready in obs.ready_from[seat] if ready > obs.round and ability in obs.abilities[seat]]


def _used_pile(obs: Observation, locale: str) -> str:
    """The used pile, each card with how many of it lie there (RULES-catduel §8: public; computer players count it
    too, so people must see it)."""
    counts = Counter(obs.used)
    if not counts:
        return t("catduel.table.used_none", locale)
    return " · ".join(f"{card_name(card, locale)} ×{counts[card]}" for card in Chance if card in counts)


async def table_message(table: Table) -> TableMessage:
    """The whole table message, its picture drawn in the picture pool."""
    state, loc = match_of(table), table.locale
    file = await table_file(public_observation(state), seat_names(table, loc), picture_text(loc))
    return TableMessage(table_content(table), table_embed(table), make_view(*table_items(table)), file)


def picture_moment(table: Table) -> tuple[int, bool]:
    """The round the picture shows (rounds begun in the match: a reveal makes a new one), and whether the table is
    worth a new one after a choice: yes, the picture marks who has chosen."""
    return (match_of(table).rounds_so_far, True)
