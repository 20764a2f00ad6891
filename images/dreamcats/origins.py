"""How each revealed card got where it lies (game.dreamcats.hindsight): a badge at the card's corner and a legend.

A dealt card carries no badge, so the eye goes to what changed. Each other origin has its own colour, which still
tells them apart when the picture is shown a third of its size, and its own small icon.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from game.dreamcats.hindsight import Origin, Placed
from images import art, scene
from images.dreamcats.text import PictureText
from images.fonts import Colour, text_sprite

BADGE = 42
LEGEND_H = 54
_COLOURS: dict[Origin, Colour] = {Origin.DRAWN: scene.MARK, Origin.DISCARD: (158, 230, 138),
                                  Origin.SWAPPED: art.BLOSSOM}
_CARD_BACK: Colour = (86, 62, 150)
_GAP, _NEAR = 30, 8  # between two entries of the legend, and between a badge and its words


def origin_word(origin: Origin, text: PictureText) -> str:
    """The words for an origin, as the legend and the alt text say them."""
    words = {Origin.DEALT: text.origin_dealt, Origin.DRAWN: text.origin_drawn, Origin.DISCARD: text.origin_discard,
             Origin.SWAPPED: text.origin_swapped}
    return words[origin]


@lru_cache(maxsize=16)
def origin_badge(origin: Origin, size: int = BADGE) -> Image.Image:
    """A round badge in the origin's colour: a face-down card, a face-up card, or the Swap 2 arrows."""
    S = size * 3
    image = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    d.ellipse((2, 2, S - 3, S - 3), fill=_COLOURS.get(origin, scene.MARK), outline=art.INK, width=max(2, S // 14))
    c, w, h, line = S / 2, S * 0.34, S * 0.48, max(2, S // 22)
    if origin is Origin.DRAWN:
        d.rounded_rectangle((c - w / 2, c - h / 2, c + w / 2, c + h / 2), S // 18, fill=_CARD_BACK, outline=art.INK,
                            width=line)
        art.blossom(d, c, c, S * 0.16)
    elif origin is Origin.DISCARD:
        d.rounded_rectangle((c - w / 2, c - h / 2, c + w / 2, c + h / 2), S // 18, fill=art.PAPER, outline=art.INK,
                            width=line)
        d.line((c - w * 0.22, c, c + w * 0.22, c), fill=art.INK, width=line * 2)
    elif origin is Origin.SWAPPED:
        art.swap_arrows(d, c, c, S * 0.82, art.INK)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def draw_origins(frame: Image.Image, placed: Sequence[Placed], lefts: Sequence[int], top: float,
                 card_w: int) -> None:
    """The badges of one dream's cards (card p's top-left corner at lefts[p], top); nothing on a dealt card."""
    for p, where in enumerate(placed[: len(lefts)]):
        if where.origin is not Origin.DEALT:
            scene.paste_centred(frame, origin_badge(where.origin), lefts[p] + card_w - 6, top + 6)


@lru_cache(maxsize=8)
def legend(text: PictureText, width: int) -> Image.Image:
    """One line: each badge with its words (condensed if they would not fit in `width`)."""
    for condensed in (False, True):
        parts: list[Image.Image] = []
        for origin in (Origin.DRAWN, Origin.DISCARD, Origin.SWAPPED):
            parts.append(origin_badge(origin, 36))
            parts.append(text_sprite(origin_word(origin, text), 26, art.MOON, width // 3 - 60, condensed=condensed))
        total = sum(p.width for p in parts) + _NEAR * 3 + _GAP * 2
        if total <= width:
            break
    image = Image.new("RGBA", (min(total, width), LEGEND_H - 8), (0, 0, 0, 0))
    x = 0
    for index, part in enumerate(parts):
        image.alpha_composite(part, (x, (image.height - part.height) // 2))
        x += part.width + (_NEAR if index % 2 == 0 else _GAP)  # a badge sits close to its words
    return image


@lru_cache(maxsize=8)
def dealt_caption(text: PictureText, width: int) -> Image.Image:
    """The caption over the cards: what a card without a badge is."""
    return text_sprite(origin_word(Origin.DEALT, text), 22, (210, 200, 240), width, condensed=True)
