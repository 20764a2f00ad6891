"""The middle of the table: whose turn, the deadline, the draw pile with its count and the discard face up."""

from __future__ import annotations

from PIL import Image

from game.dreamcats import Observation
from images import art, fonts, scene
from images.dreamcats.cards import back, face
from images.dreamcats.layout import BANNER_H, PILE_CARD, PILES_OFFSET, WIDTH
from images.dreamcats.text import PictureText
from images.fonts import locked_cache, text_sprite

_MINI = (30, 42)
BANNER_SIZE, BANNER_WIDTH = 34, 520  # the turn banner's text: its size, and the widest it may be
# The piles' centres are 172 px apart: captions narrower than that leave a gap between them.
_CAPTION_WIDTH = 156


def draw_centre(
    frame: Image.Image,
    obs: Observation,
    text: PictureText,
    banner: str,
    deadline: str | None,
    discard_marked: bool,
    held: int,
    top: int,
) -> None:
    """Draw the turn banner, the deadline and both piles; `top` is where the middle starts."""
    cx, piles_top = WIDTH // 2, top + PILES_OFFSET
    if banner:
        _banner(frame, banner, deadline, cx, top + BANNER_H // 2, held)
    w, h = PILE_CARD
    draw_x, discard_x = cx - 36 - w, cx + 36
    for caption, x in ((text.draw_pile, draw_x), (text.discard, discard_x)):
        scene.paste_centred(frame, _pile_caption(caption), x + w / 2, piles_top - 18)
    _draw_pile(frame, obs.draw_count, draw_x, piles_top, text)
    if len(obs.discard_pile) > 1:
        scene.paste(frame, scene.panel(w, h, (*art.PAPER, 255), art.INK), discard_x + 5, piles_top + 5)
    if discard_marked:
        scene.paste_glow(frame, discard_x - 20, piles_top - 20, w, h, scene.MARK, 10, 200)
    card = obs.discard_top
    scene.paste(frame, face(card, w, h, text.card_name(card)), discard_x, piles_top)


@locked_cache(maxsize=16)
def _pile_caption(caption: str) -> Image.Image:
    """The caption over a pile, narrowed (condensed, then smaller) so the two never touch; measured once."""
    for size, condensed in ((26, False), (26, True), (22, True)):
        if fonts.text_length(caption, size, condensed) <= _CAPTION_WIDTH:
            break
    return text_sprite(caption, size, (226, 218, 255), _CAPTION_WIDTH, condensed=condensed)


def _banner(frame: Image.Image, banner: str, deadline: str | None, cx: int, y: int, held: int) -> None:
    """Whose turn, the card(s) they hold face down, and then, apart, the time left."""
    label = text_sprite(banner, BANNER_SIZE, (255, 236, 200), BANNER_WIDTH, condensed=True)
    width = label.width + 60 + (held * 24 + 12 if held else 0)
    clock = text_sprite(deadline, 30, (255, 226, 180), 220, condensed=True) if deadline else None
    clock_w = clock.width + 52 if clock else 0
    left = cx - (width + clock_w + (10 if clock else 0)) / 2
    scene.paste(frame, scene.panel(width, BANNER_H, (40, 28, 78, 225), scene.TURN_GLOW), left, y - BANNER_H / 2)
    scene.paste_centred(frame, scene.badge("turn", 26), left + 27, y)
    scene.paste_centred(frame, label, left + 50 + label.width / 2, y)
    mini = back(*_MINI)
    for i in range(held):
        scene.paste(frame, mini, left + 50 + label.width + 10 + i * 24, y - _MINI[1] / 2)
    if clock:
        x = left + width + 10
        scene.paste(frame, scene.panel(clock_w, BANNER_H, (24, 18, 52, 225)), x, y - BANNER_H / 2)
        scene.paste_centred(frame, scene.badge("hourglass", 28), x + 22, y)
        scene.paste_centred(frame, clock, x + 40 + clock.width / 2, y)


def _draw_pile(frame: Image.Image, count: int, x: float, top: int, text: PictureText) -> None:
    w, h = PILE_CARD
    if count == 0:
        scene.paste(frame, scene.panel(w, h, (20, 16, 46, 120), (120, 110, 170)), x, top)
        scene.paste_centred(frame, text_sprite(text.empty, 20, (200, 190, 236), w - 8), x + w / 2, top + h / 2)
        return
    layers = min(3, (count + 14) // 15)
    for i in range(layers, 0, -1):
        scene.paste(frame, back(w, h), x - 3 * i, top + 3 * i)
    scene.paste(frame, back(w, h), x, top)
    scene.paste_centred(frame, scene.count_badge(count, 48), x + w - 2, top + h - 6)
