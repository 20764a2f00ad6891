"""Faces of the standard deck in the Dreamcats look: paper cards, rank and suit large in the corner, a night motif.

The corner index (rank over suit) is what shows when cards overlap, so it is drawn large enough to read on a phone.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from game.dream21 import Card, Rank, Suit
from images import art, paint
from images.art import INK, PAPER
from images.fonts import Colour, font, locked_cache

_SS = 3
RED: Colour = (198, 34, 58)
DARK: Colour = INK
_RED_SUITS = {Suit.HEARTS, Suit.DIAMONDS}
INDEX_W = 0.42  # the part of a card's width its corner index takes: how far an overlapping card must step


def suit_colour(suit: Suit) -> Colour:
    """Hearts and diamonds red, spades and clubs dark ink."""
    return RED if suit in _RED_SUITS else DARK


def _text(d: ImageDraw.ImageDraw, text: str, x: float, y: float, size: int, fill: Colour, anchor: str,
          condensed: bool = False) -> None:
    d.text((x, y), text, font=font(size, condensed), fill=fill, anchor=anchor)


def _motif(d: ImageDraw.ImageDraw, card: Card, cx: float, cy: float, size: float, colour: Colour) -> None:
    """The middle of the card: the suit large, or a small night scene for the ace and the court cards."""
    symbol = card.suit.symbol
    if card.rank is Rank.KING:
        art.cat(d, cx, cy + size * 0.06, size * 0.95, INK, eyes=art.GOLD)
        art.crown(d, cx - size * 0.02, cy - size * 0.5, size * 0.42)
        return  # the cat's body fills the space under it: the corner index names the suit
    elif card.rank is Rank.QUEEN:
        art.blossom(d, cx, cy - size * 0.08, size * 0.86)
    elif card.rank is Rank.JACK:
        art.lantern(d, cx, cy - size * 0.04, size * 0.9)
    else:
        if card.rank is Rank.ACE:
            art.crescent(d, cx + size * 0.2, cy - size * 0.5, size * 0.3, art.GOLD, PAPER)
        _text(d, symbol, cx, cy, int(size * (1.05 if card.rank is Rank.ACE else 0.8)), colour, "mm")
        return
    _text(d, symbol, cx, cy + size * 0.5, int(size * 0.34), colour, "mm")


@locked_cache(maxsize=256)
def face(card: Card, w: int, h: int) -> Image.Image:
    """The face of a card at w x h pixels (RGBA)."""
    W, H = w * _SS, h * _SS
    image = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    colour = suit_colour(card.suit)
    accent = (236, 150, 170) if colour == RED else (150, 136, 206)
    d.rounded_rectangle((0, 0, W - 1, H - 1), W * 0.1, fill=PAPER, outline=INK, width=max(2, int(W * 0.025)))
    inset = W * 0.05
    d.rounded_rectangle((inset, inset, W - inset, H - inset), W * 0.06, outline=accent, width=max(2, int(W * 0.02)))
    label = card.rank.label
    size = int(H * (0.25 if len(label) == 1 else 0.21))
    index_x = W * INDEX_W / 2 - W * 0.01
    _text(d, label, index_x, H * 0.05, size, colour, "mt", condensed=len(label) > 1)
    _text(d, card.suit.symbol, index_x, H * 0.05 + size * 1.02, int(H * 0.2), colour, "mt")
    _motif(d, card, W * 0.64, H * 0.64, H * 0.42, colour)
    return paint.grain(image.resize((w, h), Image.Resampling.LANCZOS), int(card.rank) * 4 + "CDHS".index(card.suit))
