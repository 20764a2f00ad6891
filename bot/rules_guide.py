"""/dreamcats rules: a short private guide, one page at a time, each with a picture drawn by the table's art.

The pages are the dream, the cards and their values, a turn (A and B), the three powers, and Wake up! with scoring.
Their numbers (card values, copies, the penalty, the point limit) come from game, never from the texts. The buttons
are DynamicItems whose custom_id carries only the target page and who opened the guide, so they outlive a restart.
"""

from __future__ import annotations

import logging
import re
from itertools import groupby
from typing import Any

import discord

from bot.answers import Answer, answer_failure, answer_when_done, edit_clicked, send_answer
from bot.i18n import card_name, picture_text, resolve_locale, t, tn
from bot.i18n.helpers import card_key
from bot.pictures import draw, picture_file
from bot.views.shown import make_view
from game.dreamcats import DECK_SIZE, DREAM_SIZE, SPECIALS, Card, MatchSettings
from game.dreamcats.cards import COPIES
from game.dreamcats.settings import PENALTIES
from images.dreamcats.guide import CALLER_DREAM, OTHER_DREAM, PAGES, GuideText, guide_png

log = logging.getLogger(__name__)

COLOUR = discord.Colour(0x5B4B8A)
DEFAULTS = MatchSettings()
_PICTURE_FIELDS = ("your_dream", "look_at_two", "discard_pile", "draw_pile", "swap", "discard", "power", "keep_one",
                   "look_at_one", "swap_two", "you", "opponent", "penalty")
_pngs: dict[tuple[int, str], bytes] = {}  # (page, locale) -> the page's picture, drawn once per process


def guide_text(locale: str) -> GuideText:
    """The words drawn on the guide's pictures, in a locale."""
    words = {name: t(f"guide.picture.{name}", locale) for name in _PICTURE_FIELDS if name != "penalty"}
    penalty = t("guide.picture.penalty", locale, score="{score}")  # filled in by the picture
    return GuideText(cards=picture_text(locale), wake_up=t("term.wake_up", locale), penalty=penalty, **words)


def _sum(cards: tuple[Card, ...]) -> int:
    return sum(card.points for card in cards)


def _card_lines(locale: str) -> str:
    """One line per group of number cards with the same copies, then one per special land: values from game."""
    lines = []
    numbers = [card for card in Card if not card.is_special]
    for copies, group in groupby(numbers, key=COPIES.__getitem__):
        cards = list(group)
        count = tn("unit.cards", copies, locale)
        if len(cards) > 1:
            lines.append(t("guide.cards.range", locale, low=cards[0].points, high=cards[-1].points, cards=count))
        else:
            card = cards[0]
            lines.append(t("guide.cards.single", locale, value=card.points, nickname=t(f"{card_key(card)}.nickname",
                                                                                        locale),
                           cats=tn("unit.cats", card.points, locale), cards=count))
    lines += [t("guide.cards.special", locale, name=card_name(card, locale), cats=tn("unit.cats", card.points, locale),
                cards=tn("unit.cards", COPIES[card], locale)) for card in SPECIALS]
    return "\n".join(lines)


def page_body(page: int, locale: str) -> str:
    """The short text of one page, its numbers filled in from the game."""
    wake_up = t("term.wake_up", locale)
    if page == 1:
        return t("guide.page.1.body", locale, dream=DREAM_SIZE)
    if page == 2:
        return t("guide.page.2.body", locale, cards=tn("unit.cards", DECK_SIZE, locale), lines=_card_lines(locale))
    if page == 3:
        return t("guide.page.3.body", locale, wake_up=wake_up)
    if page == 4:
        lines = "\n".join(t("guide.power.line", locale, name=card_name(card, locale),
                            power=t(f"guide.power.{card_key(card).removeprefix('card.')}", locale))
                          for card in SPECIALS)
        return t("guide.page.4.body", locale, lines=lines)
    mine, theirs, penalty = _sum(CALLER_DREAM), _sum(OTHER_DREAM), DEFAULTS.penalty
    return t("guide.page.5.body", locale, wake_up=wake_up, penalty=penalty, risky=max(PENALTIES), mine=mine,
             theirs=theirs, score=mine + penalty, limit=DEFAULTS.point_limit)


def page_alt(page: int, locale: str) -> str:
    """The picture of a page in words (its attachment's description)."""
    return t(f"guide.page.{page}.alt", locale, dream=DREAM_SIZE, mine=_sum(CALLER_DREAM), theirs=_sum(OTHER_DREAM),
             penalty=DEFAULTS.penalty)


def file_name(page: int) -> str:
    """The attachment's name for a page's picture."""
    return f"rules-{page}.png"


def page_embed(page: int, locale: str) -> discord.Embed:
    """One page: its title, its short text, its picture (attached as rules-<page>.png) and where it is."""
    embed = discord.Embed(title=t(f"guide.page.{page}.title", locale), description=page_body(page, locale),
                          colour=COLOUR)
    embed.set_image(url=f"attachment://{file_name(page)}")
    embed.set_footer(text=t("guide.footer", locale, page=page, pages=PAGES))
    return embed


async def page_picture(page: int, locale: str) -> bytes:
    """The page's PNG: from the cache, or drawn in the picture pool and kept."""
    png = _pngs.get((page, locale))
    if png is None:
        text = guide_text(locale)
        png = await draw(lambda: guide_png(page, text, DEFAULTS.penalty))
        _pngs[(page, locale)] = png
    return png


class GuideButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"^dcr:(?P<page>[0-9]{1,2}):(?P<kind>[pnd]):(?P<owner>[0-9]{1,20})$"):
    """A guide button: previous (p), next (n) or a page dot (d); it names the page it opens and the guide's owner."""

    def __init__(self, page: int, kind: str, owner: int, *, label: str = "", emoji: str | None = None,
                 disabled: bool = False, current: bool = False, row: int | None = None) -> None:
        style = discord.ButtonStyle.primary if current else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(custom_id=f"dcr:{page}:{kind}:{owner}", label=label or None, emoji=emoji,
                                           style=style, disabled=disabled), row=row)
        self.page, self.kind, self.owner = page, kind, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GuideButton:
        """Rebuild the button from a click."""
        return cls(min(max(int(match["page"]), 1), PAGES), match["kind"], int(match["owner"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """The owner turns the page; anyone else (a stale or copied button) gets a guide of their own."""
        locale = resolve_locale(interaction.locale)
        mine = interaction.user.id == self.owner
        owner = self.owner if mine else interaction.user.id
        try:  # a page not drawn yet waits for the picture pool: the click is acknowledged first if that is slow
            embed, png, view = await answer_when_done(interaction, guide_message(self.page, locale, owner),
                                                      ephemeral=True, update=mine)
        except Exception as exc:  # a failed drawing: never an unanswered click
            await answer_failure(interaction, exc, "rules guide page", t("error.generic", locale))
            return
        if mine:
            await edit_clicked(interaction, embed=embed, attachments=[_file(png, self.page, locale)], view=view)
        else:
            await send_answer(interaction, Answer(t("guide.not_yours", locale), embed, view, ephemeral=True,
                                                  file=_file(png, self.page, locale)))


GUIDE_ITEMS: list[type[discord.ui.DynamicItem[Any]]] = [GuideButton]


def guide_view(page: int, owner: int, locale: str) -> discord.ui.View:
    """Previous and Next, then one dot per page (the current one lit and disabled)."""
    dots = [GuideButton(dot, "d", owner, label=str(dot), disabled=dot == page, current=dot == page, row=1)
            for dot in range(1, PAGES + 1)]
    return make_view(
        GuideButton(max(page - 1, 1), "p", owner, label=t("guide.previous", locale), emoji="◀️", disabled=page <= 1,
                    row=0),
        GuideButton(min(page + 1, PAGES), "n", owner, label=t("guide.next", locale), emoji="▶️",
                    disabled=page >= PAGES, row=0),
        *dots)


async def guide_message(page: int, locale: str, owner: int) -> tuple[discord.Embed, bytes, discord.ui.View]:
    """A page's embed, picture and buttons."""
    return page_embed(page, locale), await page_picture(page, locale), guide_view(page, owner, locale)


def _file(png: bytes, page: int, locale: str) -> discord.File:
    return picture_file(png, page_alt(page, locale), file_name(page))


async def show_rules(interaction: discord.Interaction) -> None:
    """Answer /dreamcats rules: the guide's first page, privately ("thinking…" first if its picture is slow)."""
    locale = resolve_locale(interaction.locale)
    embed, png, view = await answer_when_done(interaction, guide_message(1, locale, interaction.user.id),
                                              ephemeral=True)
    await send_answer(interaction, Answer(embed=embed, view=view, ephemeral=True, file=_file(png, 1, locale)))

