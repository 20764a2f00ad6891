"""The public table and a seat's private picture: seats around the draw pile and the discard."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image

from game import Card, Event, Observation, Slot, Step
from images import art, scene
from images.cards import back, face
from images.centre import draw_centre
from images.fonts import locked_cache, text_sprite
from images.layout import (
    HAND_CARD,
    HEIGHT,
    PILE_CARD,
    PILES_OFFSET,
    PLATE_H,
    WIDTH,
    SeatSpot,
    centre_top,
    seat_spots,
)
from images.marks import draw_link, draw_marks, marks_from
from images.text import ENGLISH, PictureText

PALE = (236, 230, 255)


def render_table(
    obs: Observation,
    names: Sequence[str],
    *,
    last_events: Sequence[Event] = (),
    deadline: str | None = None,
    text: PictureText = ENGLISH,
) -> Image.Image:
    """The public table: every dream face down, the piles, whose turn, and the last public action marked."""
    spots = seat_spots(obs.num_seats)
    frame = scene.on_layer(seat_layer(obs.num_seats, private=False), ("seats", obs.num_seats, False))
    marks = marks_from(last_events, obs.num_seats)
    for seat, spot in spots.items():
        _draw_seat(frame, spot, text.seat_name(names, seat), obs.totals[seat], _is_turn(obs, seat), [None] * 4, None)
    draw_marks(frame, spots, marks)
    top = centre_top(spots)
    draw_link(frame, spots, marks, (WIDTH // 2, top + PILES_OFFSET + PILE_CARD[1] // 2))
    banner = text.turn_of.format(name=text.seat_name(names, obs.turn))
    draw_centre(frame, obs, text, banner if not obs.over else "", deadline, marks.discard, _held_count(obs), top)
    return frame


def render_private(
    obs: Observation, names: Sequence[str], *, showing: Collection[Slot], text: PictureText = ENGLISH
) -> Image.Image:
    """One seat's picture: its dream at the bottom, face up only where it is shown and known, and its hand."""
    seat = obs.seat if obs.seat is not None else 0
    private = obs.seat is not None
    spots = seat_spots(obs.num_seats, seat, private=private)
    frame = scene.on_layer(seat_layer(obs.num_seats, private=private), ("seats", obs.num_seats, private))
    visible = shown_cards(obs, showing)
    for other, spot in spots.items():
        faces = [_face_or_none(visible.get(Slot(other, p)), spot, text) for p in range(4)]
        you = text.you if other == obs.seat else None
        _draw_seat(frame, spot, text.seat_name(names, other), obs.totals[other], _is_turn(obs, other), faces, you)
    if obs.my_turn:
        banner = text.your_turn
    else:
        banner = text.turn_of.format(name=text.seat_name(names, obs.turn))
    hand = hand_cards(obs)
    held = 0 if obs.my_turn else _held_count(obs)
    draw_centre(frame, obs, text, banner if not obs.over else "", None, False, held, centre_top(spots))
    if hand:
        _draw_hand(frame, hand, text, choosing=len(hand) > 1)
    return frame


@locked_cache(maxsize=8)
def seat_layer(num_seats: int, *, private: bool) -> Image.Image:
    """The background with every seat's four cards face down and numbered: the same on every table of this size."""
    # A frame starts from this layer and draws only what differs between tables (about half its pastes).
    frame = scene.background(WIDTH, HEIGHT).copy()
    for spot in seat_spots(num_seats, private=private).values():
        card_back = back(spot.card_w, spot.card_h)
        for position in range(4):
            cx, cy = spot.card_xy(position)
            scene.paste(frame, card_back, cx, cy)
            number = text_sprite(str(position + 1), 21, (206, 196, 240))
            scene.paste_centred(frame, number, cx + spot.card_w / 2, cy + spot.card_h + 13)
    return frame


def shown_cards(obs: Observation, showing: Collection[Slot]) -> dict[Slot, Card]:
    """The cards a private picture may show face up: in a slot it is asked to show and that the seat knows."""
    return {slot: obs.known[slot] for slot in showing if slot in obs.known}


def hand_cards(obs: Observation) -> tuple[Card, ...]:
    """The card(s) in the seat's hand: the two Take 2 options, or the card it holds, or none."""
    return obs.options or ((obs.holding,) if obs.holding is not None else ())


def _is_turn(obs: Observation, seat: int) -> bool:
    return not obs.over and obs.turn == seat


def _held_count(obs: Observation) -> int:
    if obs.step == Step.HOLDING:
        return 1
    return obs.option_count if obs.step == Step.CHOOSING else 0


def _face_or_none(card: Card | None, spot: SeatSpot, text: PictureText) -> Image.Image | None:
    return None if card is None else face(card, spot.card_w, spot.card_h, text.card_name(card))


def _draw_seat(
    frame: Image.Image,
    spot: SeatSpot,
    name: str,
    total: int,
    turn: bool,
    faces: list[Image.Image | None],
    you: str | None,
) -> None:
    if turn:
        halo = scene.glow(spot.width + 12, spot.height + 6, scene.TURN_GLOW, 16, 150)
        scene.paste(frame, halo, spot.left - 6 - 32, spot.top - 4 - 32)
    outline = scene.TURN_GLOW if turn else None
    plate_fill = (54, 40, 96, 235) if turn else scene.PANEL
    scene.paste(frame, scene.panel(spot.width, PLATE_H, plate_fill, outline), spot.left, spot.top)
    total_pill = text_sprite(str(total), 28, art.GOLD)
    pill_w = max(52, total_pill.width + 18)
    scene.paste(frame, scene.panel(pill_w, PLATE_H - 10, (10, 8, 28, 220)), spot.left + spot.width - pill_w - 5,
                spot.top + 5)
    scene.paste_centred(frame, total_pill, spot.left + spot.width - 5 - pill_w / 2, spot.top + PLATE_H / 2)
    x = spot.left + 12
    if turn:
        scene.paste_centred(frame, scene.badge("turn", 22), x + 8, spot.top + PLATE_H / 2)
        x += 22
    room = spot.left + spot.width - pill_w - 10 - x
    if you:
        tag = text_sprite(you, 18, (40, 30, 70), 90, stroke=None)
        tag_w = tag.width + 14
        room -= tag_w + 6
    label = text_sprite(name, 27, (255, 236, 200) if turn else PALE, max(20, room), condensed=True)
    scene.paste_centred(frame, label, x + label.width / 2, spot.top + PLATE_H / 2)
    if you:
        tx = x + label.width + 6
        scene.paste(frame, scene.panel(tag_w, 26, (*art.BLOSSOM, 255)), tx, spot.top + (PLATE_H - 26) / 2)
        scene.paste_centred(frame, tag, tx + tag_w / 2, spot.top + PLATE_H / 2)
    for position, sprite in enumerate(faces):
        if sprite is not None:  # over the face-down card of the seat layer, which it covers
            scene.paste(frame, sprite, *spot.card_xy(position))


def _draw_hand(frame: Image.Image, hand: Sequence[Card], text: PictureText, *, choosing: bool) -> None:
    w, h = HAND_CARD
    gap = 14
    total_w = len(hand) * w + (len(hand) - 1) * gap
    cx = WIDTH - 30 - max(total_w, 240) / 2
    top = HEIGHT - 16 - h
    label = text_sprite(text.keep_one if choosing else text.in_hand, 26, art.GOLD, 300)
    box_w, box_h = max(total_w, label.width) + 28, h + 56
    scene.paste(frame, scene.panel(box_w, box_h, (20, 14, 44, 200), art.GOLD), cx - box_w / 2, top - 48)
    scene.paste_centred(frame, label, cx, top - 26)
    for i, card in enumerate(hand):
        x = cx - total_w / 2 + i * (w + gap)
        scene.paste(frame, face(card, w, h, text.card_name(card)), x, top)


