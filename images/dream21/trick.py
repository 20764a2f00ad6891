"""The public Dream 21 table: the trick's cards in the order played, the running total, the draw pile and the seats."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from PIL import Image

from game.dream21 import TARGET, Observation
from images import art, scene
from images.dream21.cards import INDEX_W, face
from images.dream21.moves import Trick, last_move, shown_trick
from images.dream21.seats import WIDTH, draw_row_layer, draw_rows, rows_height
from images.dream21.text import ENGLISH, Dream21Text
from images.dreamcats.cards import SHADOW, back, shadow
from images.fonts import Colour, fit_name, locked_cache, text_length, text_sprite

BAND_TOP, BAND_H = 12, 52
TRICK_TOP, TRICK_H = 76, 218
CAPTION_Y, CAPTION_H = 318, 42
ROWS_TOP = 346
CARD = (124, 174)
PILE_CARD = (92, 128)
PILE_X = 50
PILE_LABEL_W = 156  # from the panel's edge to the first card of the trick
CARDS_LEFT, CARDS_RIGHT = 176, 760
TOTAL_X = 912
PALE: Colour = (236, 230, 255)
CAPTION: Colour = (206, 244, 255)
TRICK_FILL: Colour = (20, 16, 46, 200)


def height(num_seats: int) -> int:
    """The picture's height for a table of this size."""
    return ROWS_TOP + rows_height(num_seats) + 8


def render_trick(obs: Observation, names: Sequence[str], *, text: Dream21Text = ENGLISH) -> Image.Image:
    """The public table: the trick, its total, whose turn, the draw pile, each seat's row and the last move."""
    assert obs.seat is None, "the public table is drawn from the public observation only"
    frame = scene.on_layer(_layer(obs.num_seats, text), ("dream21", obs.num_seats, text))
    hand = text_sprite(text.hand_of.format(number=obs.hand_number, count=obs.hands_in_match), 32, PALE, 330,
                       condensed=True)
    scene.paste(frame, scene.panel(hand.width + 28, BAND_H, scene.PANEL), 16, BAND_TOP)
    scene.paste(frame, hand, 30, BAND_TOP + (BAND_H - hand.height) / 2)
    if not obs.over:
        _banner(frame, text.turn_of, text.seat_name(names, obs.turn), hand.width + 60)
    _draw_pile(frame, obs.draw_count)
    trick = shown_trick(obs)
    if trick.cards:
        _cards(frame, trick)
    else:
        _empty(frame, "" if obs.over else text.leads, text.seat_name(names, obs.turn))
    if trick.taker is not None:
        room = CARDS_RIGHT - CARDS_LEFT - 40
        ribbon = text_sprite(fit_name(text.takes, text.seat_name(names, trick.taker), 32, room, condensed=True), 32,
                             art.INK, room, condensed=True, stroke=None)
        centre = (CARDS_LEFT + CARDS_RIGHT) / 2, TRICK_TOP + TRICK_H - 34
        scene.paste_centred(frame, scene.panel(ribbon.width + 32, 44, (*scene.TURN_GLOW, 245), art.INK), *centre)
        scene.paste_centred(frame, ribbon, *centre)
    _total(frame, trick.total, text)
    caption = last_move(obs.history, names, text if trick.taker is None else _beside_ribbon(text), isolate=True)
    if caption:
        sprite = text_sprite(caption, 30, CAPTION, WIDTH - 80, condensed=True)
        scene.paste_centred(frame, scene.panel(sprite.width + 28, CAPTION_H, (16, 12, 40, 215)), WIDTH / 2, CAPTION_Y)
        scene.paste_centred(frame, sprite, WIDTH / 2, CAPTION_Y)
    draw_rows(frame, obs, names, text, ROWS_TOP)
    return frame


@locked_cache(maxsize=16)
def _layer(num_seats: int, text: Dream21Text) -> Image.Image:
    """The sky, the trick's panel, the pile's caption, the headings and empty rows: the same for every such table."""
    frame = scene.background(WIDTH, height(num_seats)).copy()
    scene.paste(frame, scene.panel(WIDTH - 32, TRICK_H, TRICK_FILL), 16, TRICK_TOP)
    label = text_sprite(text.draw_pile, pile_label_size(text.draw_pile), PALE, PILE_LABEL_W, condensed=True)
    scene.paste_centred(frame, label, (16 + CARDS_LEFT) / 2, TRICK_TOP + 24)
    scene.paste_centred(frame, text_sprite(text.total, 28, PALE, 220, condensed=True), TOTAL_X, TRICK_TOP + 30)
    draw_row_layer(frame, num_seats, ROWS_TOP, text)
    return frame


def pile_label_size(label: str) -> int:
    """The largest size (28 down to 20) at which the draw pile's caption fits over it whole."""
    return next((size for size in (28, 26, 24, 22) if text_length(label, size, True) <= PILE_LABEL_W),
                20)


def _banner(frame: Image.Image, template: str, name: str, left: float) -> None:
    room = int(WIDTH - 90 - left - 60)
    label = text_sprite(fit_name(template, name, 32, room, condensed=True), 32, (255, 236, 200), room, condensed=True)
    width = label.width + 62
    x = max(left, (WIDTH - width) / 2 + 60)
    scene.paste(frame, scene.panel(int(width), BAND_H, (40, 28, 78, 230), scene.TURN_GLOW), x, BAND_TOP)
    scene.paste_centred(frame, scene.badge("turn", 26), x + 27, BAND_TOP + BAND_H / 2)
    scene.paste(frame, label, x + 48, BAND_TOP + (BAND_H - label.height) / 2)


def _draw_pile(frame: Image.Image, count: int) -> None:
    w, h = PILE_CARD
    top = TRICK_TOP + 46
    if count == 0:
        scene.paste(frame, scene.panel(w, h, (20, 16, 46, 120), (120, 110, 170)), PILE_X, top)
    else:
        for i in range(min(3, (count + 9) // 10), 0, -1):
            scene.paste(frame, back(w, h), PILE_X - 3 * i, top + 3 * i)
        scene.paste(frame, back(w, h), PILE_X, top)
    scene.paste_centred(frame, scene.count_badge(count, 52), PILE_X + w - 4, top + h - 8)


def _cards(frame: Image.Image, trick: Trick) -> None:
    """The trick's cards left to right in the order played, each overlapping the last but for its corner index."""
    w, h = CARD
    count = len(trick.cards)
    room = CARDS_RIGHT - CARDS_LEFT - w
    step = min(w + 12, room / (count - 1)) if count > 1 else 0
    step = max(step, w * INDEX_W)
    left = CARDS_LEFT + (room - step * (count - 1)) / 2
    top = TRICK_TOP + 18
    for i, card in enumerate(trick.cards):
        x = left + i * step
        scene.paste(frame, shadow(w, h), x - SHADOW + 3, top - SHADOW + 4)
        scene.paste(frame, face(card, w, h), x, top)
        if i in trick.high:  # an ace counting 11: the total alone would not say so
            scene.paste_centred(frame, _eleven(), x + w * INDEX_W / 2, top + h * 0.62)


@locked_cache(maxsize=1)
def _eleven() -> Image.Image:
    label = text_sprite("11", 26, art.INK, 60, stroke=None)
    pill = scene.panel(label.width + 16, 34, (*art.GOLD, 255), art.INK).copy()
    pill.alpha_composite(label, ((pill.width - label.width) // 2, (pill.height - label.height) // 2))
    return pill


def _empty(frame: Image.Image, template: str, name: str) -> None:
    w, h = CARD
    x, top = CARDS_LEFT + 20, TRICK_TOP + 18
    scene.paste(frame, scene.panel(w, h, (20, 16, 46, 120), (150, 140, 200)), x, top)
    if template:
        room = CARDS_RIGHT - x - w - 30
        label = text_sprite(fit_name(template, name, 30, room, condensed=True), 30, PALE, room, condensed=True)
        scene.paste(frame, label, x + w + 20, top + (h - label.height) / 2)


def _total(frame: Image.Image, total: int, text: Dream21Text) -> None:
    """The running total, large, over the target: gold when it is exactly 21."""
    y = TRICK_TOP + 124
    big = text_sprite(str(total), 96, scene.TURN_GLOW if total == TARGET else art.MOON)
    rest = text_sprite(f"/ {TARGET}", 44, PALE)
    width = big.width + 10 + rest.width
    x = TOTAL_X - width / 2
    if total == TARGET:
        ring = scene.panel(int(width) + 40, big.height + 8, (54, 40, 96, 235), scene.TURN_GLOW)
        scene.paste_centred(frame, ring, TOTAL_X, y)
    scene.paste(frame, big, x, y - big.height / 2)
    scene.paste(frame, rest, x + big.width + 10, y + big.height / 2 - rest.height - 12)


@functools.lru_cache(maxsize=8)
def _beside_ribbon(text: Dream21Text) -> Dream21Text:
    """The words for the caption under a taken trick: the ribbon above it already says who takes the trick."""
    return dataclasses.replace(text, made_21=text.made_21_alone, could_not_play=text.could_not_play_alone)
