"""The last public action, marked on the table: a card put in, a peeked card, the two cards of a Swap 2."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from game import Event, EventKind, Slot
from images import art, scene
from images.layout import HEIGHT, WIDTH, SeatSpot

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
    first, second = marks.link
    a = spots[first.seat].card_centre(first.position)
    b = spots[second.seat].card_centre(second.position)
    if a == b:
        return
    spot = spots[first.seat]
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if first.seat == second.seat:  # arc over the seat's own cards
        apex = (mx, my - spot.card_h * 0.75)
    else:  # the middle of the curve keeps clear of the piles
        dx, dy = mx - piles[0], my - piles[1]
        distance = math.hypot(dx, dy)
        if distance < 20:  # straight across the middle: bow sideways to the link, downwards or to the right
            dx, dy = float(a[1] - b[1]), float(b[0] - a[0])
            if dy < 0 or (dy == 0 and dx < 0):
                dx, dy = -dx, -dy
            distance = math.hypot(dx, dy)
        reach = max(math.hypot(mx - piles[0], my - piles[1]), _CLEARANCE)
        apex = (piles[0] + dx / distance * reach, piles[1] + dy / distance * reach)
    ctrl = (round(2 * apex[0] - mx), round(2 * apex[1] - my))
    others = [(sp.card_xy(p), sp.card_w, sp.card_h) for seat, sp in spots.items() for p in range(4)
              if Slot(seat, p) not in (first, second)]
    for t in range(1, 40):
        x, y = _bezier(a, ctrl, b, t / 40)
        if any(cx + _SLACK <= x <= cx + w - _SLACK and cy + _SLACK <= y <= cy + h - _SLACK
               for (cx, cy), w, h in others):
            return  # an arrow over other cards would mislead: the two marked cards alone show the swap
    sprite, x, y = _link_sprite(a, b, ctrl, (spot.card_w // 2 + 8, spot.card_h // 2 + 8))
    scene.paste(frame, sprite, x, y)


@lru_cache(maxsize=64)
def _link_sprite(
    a: tuple[int, int], b: tuple[int, int], ctrl: tuple[int, int], half: tuple[int, int]
) -> tuple[Image.Image, int, int]:
    ss = 2
    image = Image.new("RGBA", (WIDTH * ss, HEIGHT * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    (ax, ay), (bx, by) = (a[0] * ss, a[1] * ss), (b[0] * ss, b[1] * ss)
    ctrl = (ctrl[0] * ss, ctrl[1] * ss)
    curve = [_bezier((ax, ay), ctrl, (bx, by), t / 60) for t in range(61)]
    hw, hh = half[0] * ss, half[1] * ss
    points = [p for p in curve if not (_inside(p, (ax, ay), hw, hh) or _inside(p, (bx, by), hw, hh))]
    if len(points) < 8:
        points = curve
    d.line(points, fill=art.INK, width=16 * ss // 2, joint="curve")
    d.line(points, fill=scene.MARK, width=8 * ss // 2, joint="curve")
    for tip, prev in ((points[-1], points[-6]), (points[0], points[5])):
        _arrow_head(d, tip, prev, 22 * ss)
    image = image.resize((WIDTH, HEIGHT), Image.Resampling.BILINEAR)
    box = image.getbbox() or (0, 0, 1, 1)
    return image.crop(box), box[0], box[1]


def _inside(p: tuple[float, float], centre: tuple[float, float], hw: float, hh: float) -> bool:
    return abs(p[0] - centre[0]) <= hw and abs(p[1] - centre[1]) <= hh


def _bezier(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], t: float) -> tuple[float, float]:
    """The point at t of the quadratic curve from p0 to p2 pulled towards p1."""
    u = 1 - t
    return (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])


def _arrow_head(d: ImageDraw.ImageDraw, tip: tuple[float, float], prev: tuple[float, float], size: float) -> None:
    angle = math.atan2(tip[1] - prev[1], tip[0] - prev[0])
    left = (tip[0] - size * math.cos(angle - 0.5), tip[1] - size * math.sin(angle - 0.5))
    right = (tip[0] - size * math.cos(angle + 0.5), tip[1] - size * math.sin(angle + 0.5))
    d.polygon([tip, left, right], fill=scene.MARK, outline=art.INK, width=3)
