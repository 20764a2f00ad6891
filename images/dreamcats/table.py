"""The public table: the seats around the draw pile and the discard."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from game.dreamcats import Event, Observation, Step
from images import art, scene
from images.dreamcats.caption import caption_of, draw_caption, last_move
from images.dreamcats.cards import SHADOW, numbered_back, shadow
from images.dreamcats.centre import BANNER_SIZE, BANNER_WIDTH, draw_centre
from images.dreamcats.layout import (
    BANNER_H,
    CAPTION_H,
    HEIGHT,
    PILE_CARD,
    PILES_OFFSET,
    PLATE_H,
    WIDTH,
    SeatSpot,
    centre_top,
    seat_spots,
)
from images.dreamcats.marks import draw_link, draw_marks, marks_from
from images.dreamcats.text import ENGLISH, PictureText
from images.fonts import fit_name, locked_cache, text_sprite

PALE = (236, 230, 255)


def render_table(
    obs: Observation,
    names: Sequence[str],
    *,
    last_events: Sequence[Event] = (),
    deadline: str | None = None,
    text: PictureText = ENGLISH,
) -> Image.Image:
    """The public table: every dream face down, the piles, whose turn, and the last move marked and told in a line."""
    spots = seat_spots(obs.num_seats)
    frame = scene.on_layer(seat_layer(obs.num_seats), ("seats", obs.num_seats))
    move = last_move(last_events)
    marks = marks_from(move, obs.num_seats)
    for seat, spot in spots.items():
        _draw_seat(frame, spot, text.seat_name(names, seat), obs.totals[seat], _is_turn(obs, seat))
    draw_marks(frame, spots, marks)
    top = centre_top(spots)
    draw_link(frame, spots, marks, (WIDTH // 2, top + PILES_OFFSET + PILE_CARD[1] // 2))
    # The name set apart as in the caption (an Arabic name), and cut before the words around it are.
    banner = fit_name(text.turn_of, text.seat_name(names, obs.turn), BANNER_SIZE, BANNER_WIDTH, condensed=True)
    draw_centre(frame, obs, text, banner if not obs.over else "", deadline, marks.discard, _held_count(obs), top)
    # beside the bottom seat's plate, in rows drawn on anyway: a row band drawn on costs a deflate every frame
    number = text_sprite(text.round.format(number=obs.round_number), 30, (226, 218, 255), spots[0].left - 40)
    scene.paste(frame, number, 16, spots[0].top + (PLATE_H - number.height) / 2)
    draw_caption(frame, caption_of(move, names, text, isolate=True), WIDTH / 2, top + BANNER_H + 6 + CAPTION_H / 2)
    return frame


@locked_cache(maxsize=8)
def seat_layer(num_seats: int) -> Image.Image:
    """The background with every seat's four cards face down and numbered: the same on every table of this size."""
    # A frame starts from this layer and draws only what differs between tables (about half its pastes).
    frame = scene.background(WIDTH, HEIGHT).copy()
    for spot in seat_spots(num_seats).values():
        for position in range(4):
            x, y = spot.card_xy(position)
            scene.paste(frame, shadow(spot.card_w, spot.card_h), x - SHADOW + 3, y - SHADOW + 4)
            scene.paste(frame, numbered_back(spot.card_w, spot.card_h, position), x, y)
    return frame


def _is_turn(obs: Observation, seat: int) -> bool:
    return not obs.over and obs.turn == seat


def _held_count(obs: Observation) -> int:
    if obs.step == Step.HOLDING:
        return 1
    return obs.option_count if obs.step == Step.CHOOSING else 0


def _draw_seat(frame: Image.Image, spot: SeatSpot, name: str, total: int, turn: bool) -> None:
    if turn:
        scene.paste_glow(frame, spot.left - 6 - 32, spot.top - 4 - 32, spot.width + 12, spot.height + 6,
                         scene.TURN_GLOW, 16, 150)
    outline = scene.TURN_GLOW if turn else None
    plate_fill = (54, 40, 96, 235) if turn else scene.PANEL
    scene.paste(frame, scene.panel(spot.width, PLATE_H, plate_fill, outline), spot.left, spot.top)
    total_pill = text_sprite(str(total), 36, art.GOLD)
    pill_w = max(60, total_pill.width + 16)
    scene.paste(frame, scene.panel(pill_w, PLATE_H - 10, (10, 8, 28, 220)), spot.left + spot.width - pill_w - 5,
                spot.top + 5)
    scene.paste_centred(frame, total_pill, spot.left + spot.width - 5 - pill_w / 2, spot.top + PLATE_H / 2)
    x = spot.left + 10
    if turn:
        scene.paste_centred(frame, scene.badge("turn", 24), x + 10, spot.top + PLATE_H / 2)
        x += 24
    room = spot.left + spot.width - pill_w - 10 - x
    label = text_sprite(name, 34, (255, 236, 200) if turn else PALE, max(20, room), condensed=True)
    scene.paste_centred(frame, label, x + label.width / 2, spot.top + PLATE_H / 2)
