"""How did I do?: the button under each reveal gives the presser, privately, their own round in hindsight."""

from __future__ import annotations

import logging
from typing import cast

import discord

from bot.hub import DreamcatsBase
from bot.i18n import t
from bot.look_back import KeptRound, NotInRoundError, RoundGoneError, recall
from bot.look_text import card_lines, fitted, turns_fitted, verdict_lines
from bot.markdown import escape_name
from bot.views.click import Click, handler
from bot.views.holds import hold, release
from bot.views.replies import ANSWERED
from game.dreamcats.hindsight import look_back

log = logging.getLogger(__name__)
COLOUR = discord.Colour(0x5B4B8A)
_FIELD = 1024  # Discord's limit for an embed field's value


def look_embed(kept: KeptRound, seat: int, locale: str) -> discord.Embed:
    """The seat's round in hindsight: its cards, its turns and what calling or not did; only its own view."""
    hindsight = look_back(kept.story, seat)
    embed = discord.Embed(title=t("look.title", locale, number=hindsight.number), colour=COLOUR)
    names = [escape_name(name) for name in kept.names]  # kept as typed
    sections = (("look.cards_title", fitted(card_lines(hindsight, names, locale), set(), _FIELD)),
                ("look.turns_title", turns_fitted(hindsight, locale, _FIELD)),
                ("look.verdict_title", fitted(verdict_lines(hindsight, locale), set(), _FIELD)))
    for title, value in sections:
        embed.add_field(name=t(title, locale), value=value, inline=False)
    return embed.set_footer(text=t("look.footer", locale))


@handler("look")
async def _how_did_i_do(click: Click) -> None:
    """Answer with the presser's own round, privately; a refusal (not seated, round gone) is one friendly line."""
    bot = cast(DreamcatsBase, click.interaction.client)
    try:
        number = click.bid.int_arg(0)
    except ValueError as exc:
        log.warning("look back: a button without a round: %s (%r)", click.bid, exc)
        raise RoundGoneError("The button names no round.") from exc
    hold(click.interaction, new_message=True)
    kept = await recall(bot.db, click.bid.game_id, number)
    seat = kept.seat_of(click.user_id)
    if seat is None:
        raise NotInRoundError("The presser had no seat in that round.")
    embed = look_embed(kept, seat, click.locale)
    await release(click.interaction)
    if click.interaction.response.is_done():  # "thinking…" was shown: the answer fills it
        await click.interaction.edit_original_response(embed=embed, content=None)
    else:
        await click.interaction.response.send_message(embed=embed, ephemeral=True)
    click.interaction.extras[ANSWERED] = True
