"""The middle of the table: whose turn, the deadline, the draw pile with its count and the discard face up."""

from __future__ import annotations

from PIL import Image

from game import Observation
from images import art, scene
from images.cards import back, face
from images.fonts import text_sprite
from images.layout import HEIGHT, PILE_CARD, WIDTH
from images.text import PictureText

BANNER_Y = 226
PILES_TOP = 324
_MINI = (30, 42)


def draw_centre(
    frame: Image.Image,
    obs: Observation,
    text: PictureText,
    banner: str,
    deadline: str | None,
    discard_marked: bool,
    held: int,
) -> None:
    """Draw the turn banner, the deadline, both piles and the round number in the centre of the frame."""
    cx = WIDTH // 2
    if banner:
        _banner(frame, banner, cx, held)
    if deadline:
        clock = text_sprite(deadline, 22, (255, 226, 180), 300)
        width = clock.width + 30
        scene.paste_centred(frame, scene.badge("hourglass", 24), cx - width / 2 + 12, BANNER_Y + 42)
        scene.paste_centred(frame, clock, cx + 15, BANNER_Y + 42)
    w, h = PILE_CARD
    draw_x, discard_x = cx - 36 - w, cx + 36
    _label(frame, text.draw_pile, draw_x + w / 2)
    _label(frame, text.discard, discard_x + w / 2)
    _draw_pile(frame, obs.draw_count, draw_x, text)
    if len(obs.discard_pile) > 1:
        scene.paste(frame, scene.panel(w, h, (*art.PAPER, 255), art.INK), discard_x + 5, PILES_TOP + 5)
    if discard_marked:
        halo = scene.glow(w, h, scene.MARK, 10, 200)
        scene.paste(frame, halo, discard_x - 20, PILES_TOP - 20)
    top = obs.discard_top
    scene.paste(frame, face(top, w, h, text.card_name(top)), discard_x, PILES_TOP)
    number = text_sprite(text.round.format(number=obs.round_number), 22, (210, 200, 240), 220)
    scene.paste(frame, number, 16, HEIGHT - 16 - number.height)


def _banner(frame: Image.Image, banner: str, cx: int, held: int) -> None:
    label = text_sprite(banner, 30, (255, 236, 200), 380)
    extra = held * 24 + (12 if held else 0)
    width = label.width + 60 + extra
    scene.paste(frame, scene.panel(width, 48, (40, 28, 78, 225), scene.TURN_GLOW), cx - width / 2, BANNER_Y - 24)
    left = cx - width / 2 + 14
    scene.paste_centred(frame, scene.badge("turn", 26), left + 13, BANNER_Y)
    scene.paste_centred(frame, label, left + 36 + label.width / 2, BANNER_Y)
    mini = back(*_MINI)
    for i in range(held):
        scene.paste(frame, mini, left + 36 + label.width + 10 + i * 24, BANNER_Y - _MINI[1] / 2)


def _label(frame: Image.Image, caption: str, cx: float) -> None:
    sprite = text_sprite(caption, 22, (226, 218, 255), 170)
    scene.paste_centred(frame, sprite, cx, PILES_TOP - 22)


def _draw_pile(frame: Image.Image, count: int, x: float, text: PictureText) -> None:
    w, h = PILE_CARD
    if count == 0:
        scene.paste(frame, scene.panel(w, h, (20, 16, 46, 120), (120, 110, 170)), x, PILES_TOP)
        scene.paste_centred(frame, text_sprite(text.empty, 20, (200, 190, 236), w - 8), x + w / 2, PILES_TOP + h / 2)
        return
    layers = min(3, (count + 14) // 15)
    for i in range(layers, 0, -1):
        scene.paste(frame, back(w, h), x - 3 * i, PILES_TOP + 3 * i)
    scene.paste(frame, back(w, h), x, PILES_TOP)
    scene.paste_centred(frame, scene.count_badge(count, 48), x + w - 2, PILES_TOP + h - 6)
