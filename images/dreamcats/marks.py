"""The last public action, marked on the table: a card put in, a peeked card, the two cards of a Swap 2."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from game.dreamcats import Event, EventKind, Slot
from images import art, scene
from images.dreamcats.layout import HEIGHT, WIDTH, SeatSpot

_ROUND_CHANGES = {EventKind.ROUND_ENDED, EventKind.ROUND_STARTED, EventKind.MATCH_ENDED}
_SLACK = 10  # an arrow may graze the edge of another card
_CLEARANCE = 135  # how far the middle of a Swap 2 arrow stays from the centre of the piles
_KINDS = {
    EventKind.TOOK_DISCARD: "in",
    EventKind.SWAPPED_IN: "in",
    EventKind.USED_PEEK: "eye",
    EventKind.INITIAL_PEEK: "eye",
    EventKind.USED_SWAP: "swap",
}


@dataclass(frozen=True, slots=True)
class Marks:
    """Which slots to mark and how ('in', 'eye', 'swap'), the swapped pair, and whether the discard changed."""

    slots: dict[Slot, str] = field(default_factory=dict)
    link: tuple[Slot, Slot] | None = None
    discard: bool = False


def marks_from(events: Sequence[Event], num_seats: int) -> Marks:
    """The marks for the public events only; nothing once the round has changed (the slots are of the old round)."""
    public = [e for e in events if e.is_public]
    if any(e.kind in _ROUND_CHANGES for e in public):
        return Marks()
    slots: dict[Slot, str] = {}
    link = None
    for event in public:
        kind = _KINDS.get(event.kind)
        valid = [s for s in event.slots if 0 <= s.seat < num_seats and 0 <= s.position < 4]
        if kind is None or not valid:
            continue
        for slot in valid:
            slots[slot] = kind
        if event.kind == EventKind.USED_SWAP and len(valid) == 2:
            link = (valid[0], valid[1])
    discard = any(e.kind in (EventKind.DISCARDED, EventKind.TOOK_DISCARD, EventKind.SWAPPED_IN) for e in public)
    return Marks(slots, link, discard)


def draw_marks(frame: Image.Image, spots: dict[int, SeatSpot], marks: Marks) -> None:
    """A bright frame around each marked card and a badge with the action's icon at its corner."""
    for slot, kind in marks.slots.items():
        spot = spots[slot.seat]
        x, y = spot.card_xy(slot.position)
        ring = scene.panel(spot.card_w + 12, spot.card_h + 12, (0, 0, 0, 0), scene.MARK)
        scene.paste(frame, ring, x - 6, y - 6)
        scene.paste_centred(frame, scene.badge(kind, 34), x + spot.card_w - 4, y + 4)


def draw_link(frame: Image.Image, spots: dict[int, SeatSpot], marks: Marks, piles: tuple[int, int]) -> None:
    """A double-headed arrow between the two swapped cards, curving around the piles centred at `piles`."""
    if marks.link is None:
        return
    points = _link_points(tuple(spots.items()), marks.link, piles)
    if points is not None:
        sprite, x, y = _link_sprite(points)
        scene.paste(frame, sprite, x, y)


@lru_cache(maxsize=256)
def _link_points(
    seats: tuple[tuple[int, SeatSpot], ...], link: tuple[Slot, Slot], piles: tuple[int, int]
) -> tuple[tuple[int, int], ...] | None:
    """The arrow's points for a layout and a swapped pair, or None when no arrow is drawn."""
    spots = dict(seats)
    first, second = link
    a = spots[first.seat].card_centre(first.position)
    b = spots[second.seat].card_centre(second.position)
    if a == b:
        return None
    spot = spots[first.seat]
    apex = _apex(a, b, piles, spot.card_h if first.seat == second.seat else None)
    curve = _curve(a, b, apex)
    others = [(sp.card_xy(p), sp.card_w, sp.card_h) for seat, sp in spots.items() for p in range(4)
              if Slot(seat, p) not in (first, second)]
    if any(cx + _SLACK <= x <= cx + w - _SLACK and cy + _SLACK <= y <= cy + h - _SLACK
           for x, y in curve for (cx, cy), w, h in others):
        return None  # an arrow over other cards would mislead: the two marked cards alone show the swap
    # the arrow stops short of each card
    hw, up, down = spot.card_w / 2 + 8, -spot.card_h / 2 - 8, spot.card_h / 2 + 8
    points = tuple((round(x), round(y)) for x, y in curve
                   if not (_inside((x, y), a, hw, up, down) or _inside((x, y), b, hw, up, down)))
    return points if len(points) >= 8 else None


def _apex(
    a: tuple[int, int], b: tuple[int, int], piles: tuple[int, int], same_seat_h: int | None
) -> tuple[float, float]:
    """Where the middle of the arrow passes: over a seat's own cards, or clear of the piles."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if same_seat_h is not None:
        return mx, my - same_seat_h * 0.9
    dx, dy = mx - piles[0], my - piles[1]
    distance = math.hypot(dx, dy)
    if distance < 20:  # straight across the middle: bow sideways to the link, downwards or to the right
        dx, dy = float(a[1] - b[1]), float(b[0] - a[0])
        if dy < 0 or (dy == 0 and dx < 0):
            dx, dy = -dx, -dy
        distance = math.hypot(dx, dy)
    reach = max(math.hypot(mx - piles[0], my - piles[1]), _CLEARANCE)
    return piles[0] + dx / distance * reach, piles[1] + dy / distance * reach


def _curve(a: tuple[int, int], b: tuple[int, int], apex: tuple[float, float]) -> list[tuple[float, float]]:
    """A cubic curve that leaves each card straight up or down, towards the apex, and passes near the apex."""
    reach_a, reach_b = (apex[1] - a[1]) / 0.75, (apex[1] - b[1]) / 0.75
    c1 = (a[0] + (apex[0] - (a[0] + b[0]) / 2) * 0.5, a[1] + reach_a)
    c2 = (b[0] + (apex[0] - (a[0] + b[0]) / 2) * 0.5, b[1] + reach_b)
    points = []
    for i in range(81):
        t = i / 80
        u = 1 - t
        points.append((u**3 * a[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * b[0],
                       u**3 * a[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * b[1]))
    return points


@lru_cache(maxsize=64)
def _link_sprite(points: tuple[tuple[int, int], ...]) -> tuple[Image.Image, int, int]:
    ss = 2
    image = Image.new("RGBA", (WIDTH * ss, HEIGHT * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    scaled = [(x * ss, y * ss) for x, y in points]
    d.line(scaled, fill=art.INK, width=10 * ss, joint="curve")
    d.line(scaled, fill=scene.MARK, width=5 * ss, joint="curve")
    for tip, prev in ((scaled[-1], scaled[-5]), (scaled[0], scaled[4])):
        _arrow_head(d, tip, prev, 30 * ss)
    image = image.resize((WIDTH, HEIGHT), Image.Resampling.BILINEAR)
    box = image.getbbox() or (0, 0, 1, 1)
    return image.crop(box), box[0], box[1]


def _inside(p: tuple[float, float], centre: tuple[float, float], hw: float, up: float, down: float) -> bool:
    return abs(p[0] - centre[0]) <= hw and up <= p[1] - centre[1] <= down


def _arrow_head(d: ImageDraw.ImageDraw, tip: tuple[float, float], prev: tuple[float, float], size: float) -> None:
    angle = math.atan2(tip[1] - prev[1], tip[0] - prev[0])
    left = (tip[0] - size * math.cos(angle - 0.5), tip[1] - size * math.sin(angle - 0.5))
    right = (tip[0] - size * math.cos(angle + 0.5), tip[1] - size * math.sin(angle + 0.5))
    d.polygon([tip, left, right], fill=scene.MARK, outline=art.INK, width=3)
