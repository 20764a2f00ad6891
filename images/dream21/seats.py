"""The seats of the public table as rows: whose turn, name, dealer, cards left (backs and a count), tricks, total.

Rows rather than seats around a table: at 360 px wide on a phone, numbers in aligned columns under one heading each
read at a glance, and the order of the rows is the order of play.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from game.dream21 import Observation
from images import art, scene
from images.dream21.text import Dream21Text
from images.dreamcats.cards import back
from images.fonts import Colour, locked_cache, text_sprite

WIDTH = 1080
ROW_H, ROW_GAP, HEADER_H = 56, 6, 36
LEFT = 16
NAME_X, DEALER_X, BACKS_X, COUNT_X, TRICKS_X, TOTAL_X = 72, 470, 510, 706, 830, 975
MINI = (30, 42)
MINI_STEP, MAX_BACKS = 15, 9
PALE: Colour = (236, 230, 255)
HEADING: Colour = (210, 200, 240)
TURN_NAME: Colour = (255, 236, 200)
ROW_FILL: Colour = (20, 16, 46, 238)
TURN_FILL: Colour = (54, 40, 96, 235)


def rows_height(num_seats: int) -> int:
    """The height of the heading and every seat's row."""
    return HEADER_H + num_seats * (ROW_H + ROW_GAP)


def row_top(top: int, seat: int) -> int:
    """The top of a seat's row, under the heading that starts at `top`."""
    return top + HEADER_H + seat * (ROW_H + ROW_GAP)


def draw_row_layer(frame: Image.Image, num_seats: int, top: int, text: Dream21Text) -> None:
    """The column headings and the empty row panels: the same on every table of this size and language."""
    mid = top + HEADER_H / 2
    for label, x in ((text.cards, (BACKS_X + COUNT_X) / 2), (text.tricks, TRICKS_X), (text.match_total, TOTAL_X)):
        scene.paste_centred(frame, text_sprite(label, 30, HEADING, 190, condensed=True), x, mid)
    # the dealer's mark explained, in the heading row's empty left part
    scene.paste_centred(frame, _dealer_disc(text.dealer_mark), NAME_X + 4, mid)
    legend = text_sprite(text.dealer, 28, HEADING, DEALER_X - NAME_X - 40, condensed=True)
    scene.paste(frame, legend, NAME_X + 32, mid - legend.height / 2)
    for seat in range(num_seats):
        scene.paste(frame, scene.panel(WIDTH - 2 * LEFT, ROW_H, ROW_FILL), LEFT, row_top(top, seat))


@locked_cache(maxsize=8)
def _dealer_disc(mark: str) -> Image.Image:
    """A gold disc with the dealer's letter on it."""
    disc = scene.panel(42, 42, (*art.GOLD, 255), art.INK).copy()
    label = text_sprite(mark, 28, art.INK, 36, stroke=None)
    disc.alpha_composite(label, ((disc.width - label.width) // 2, (disc.height - label.height) // 2))
    return disc


def draw_rows(frame: Image.Image, obs: Observation, names: Sequence[str], text: Dream21Text, top: int) -> None:
    """Every seat's row over the layer's panels; the seat in turn glows."""
    for seat in range(obs.num_seats):
        y = row_top(top, seat)
        mid = y + ROW_H / 2
        turn = not obs.over and obs.turn == seat
        if turn:
            scene.paste_glow(frame, LEFT - 20, y - 20, WIDTH - 2 * LEFT, ROW_H, scene.TURN_GLOW, 10, 150)
            scene.paste(frame, scene.panel(WIDTH - 2 * LEFT, ROW_H, TURN_FILL, scene.TURN_GLOW), LEFT, y)
            scene.paste_centred(frame, scene.badge("turn", 28), LEFT + 28, mid)
        name = text_sprite(text.seat_name(names, seat), 34, TURN_NAME if turn else PALE, DEALER_X - 24 - NAME_X,
                           condensed=True)
        scene.paste(frame, name, NAME_X, mid - name.height / 2)
        if obs.dealer == seat:
            scene.paste_centred(frame, _dealer_disc(text.dealer_mark), DEALER_X, mid)
        held = obs.hand_sizes[seat]
        mini = back(*MINI)
        for i in range(min(held, MAX_BACKS)):
            scene.paste(frame, mini, BACKS_X + i * MINI_STEP, mid - MINI[1] / 2)
        scene.paste_centred(frame, text_sprite(str(held), 34, PALE), COUNT_X, mid)
        scene.paste_centred(frame, text_sprite(str(obs.tricks[seat]), 34, PALE), TRICKS_X, mid)
        scene.paste_centred(frame, text_sprite(str(obs.totals[seat]), 36, art.GOLD), TOTAL_X, mid)
