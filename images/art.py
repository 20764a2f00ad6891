"""Small drawings in the Dreamcats look: cats, blossoms, lanterns, frogs, pagodas, the moon, and power icons.

Each takes an ImageDraw, a centre and a size in pixels; sprites draw them large and scale down (anti-aliasing).
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from images.fonts import Colour

INK: Colour = (34, 26, 58)
PAPER: Colour = (252, 244, 230)
MOON: Colour = (255, 242, 206)
GOLD: Colour = (244, 204, 120)
BLOSSOM: Colour = (247, 182, 204)
BLOSSOM_DEEP: Colour = (222, 108, 152)
LANTERN: Colour = (236, 96, 62)
LANTERN_LIGHT: Colour = (255, 196, 112)
FROG: Colour = (104, 172, 98)
PAGODA: Colour = (176, 56, 64)
TEAL: Colour = (88, 200, 214)

Point = tuple[float, float]


def _ellipse(d: ImageDraw.ImageDraw, cx: float, cy: float, rx: float, ry: float, *, fill: Colour | None = None,
             outline: Colour | None = None, width: int = 1) -> None:
    d.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=fill, outline=outline, width=width)


def rotated(points: list[Point], cx: float, cy: float, degrees: float) -> list[Point]:
    """The points turned about (cx, cy)."""
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in points]


def cat(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour, eyes: Colour | None = None) -> None:
    """A sitting cat seen from behind-side, as a silhouette; size is its height."""
    s = size / 100
    _ellipse(d, cx, cy + 22 * s, 26 * s, 28 * s, fill=fill)  # body
    _ellipse(d, cx - 2 * s, cy - 16 * s, 19 * s, 17 * s, fill=fill)  # head
    d.polygon([(cx - 20 * s, cy - 22 * s), (cx - 17 * s, cy - 48 * s), (cx - 4 * s, cy - 30 * s)], fill=fill)
    d.polygon([(cx + 16 * s, cy - 22 * s), (cx + 13 * s, cy - 48 * s), (cx, cy - 30 * s)], fill=fill)
    d.arc((cx + 6 * s, cy + 6 * s, cx + 52 * s, cy + 52 * s), 200, 430, fill=fill, width=max(1, int(8 * s)))
    if eyes is not None:
        _ellipse(d, cx - 9 * s, cy - 16 * s, 4 * s, 5 * s, fill=eyes)
        _ellipse(d, cx + 5 * s, cy - 16 * s, 4 * s, 5 * s, fill=eyes)


def blossom(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float,
            petal: Colour = BLOSSOM, heart: Colour = BLOSSOM_DEEP, turn: float = 0) -> None:
    """A five-petal cherry blossom; size is its width."""
    r = size / 2
    for i in range(5):
        a = math.radians(turn + i * 72 - 90)
        _ellipse(d, cx + math.cos(a) * r * 0.5, cy + math.sin(a) * r * 0.5, r * 0.5, r * 0.5, fill=petal)
    _ellipse(d, cx, cy, r * 0.26, r * 0.26, fill=heart)
    for i in range(5):
        a = math.radians(turn + i * 72 - 54)
        _ellipse(d, cx + math.cos(a) * r * 0.38, cy + math.sin(a) * r * 0.38, r * 0.07, r * 0.07, fill=heart)


def lantern(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, body: Colour = LANTERN) -> None:
    """A round paper lantern with caps and ribs; size is its height."""
    s = size / 100
    d.line((cx, cy - 50 * s, cx, cy - 34 * s), fill=INK, width=max(1, int(3 * s)))
    _ellipse(d, cx, cy, 34 * s, 30 * s, fill=body)
    for k in (-20, 0, 20):
        d.arc((cx - abs(k) * s - 8 * s, cy - 30 * s, cx + abs(k) * s + 8 * s, cy + 30 * s),
              90 if k < 0 else -90, 270 if k < 0 else 90, fill=LANTERN_LIGHT, width=max(1, int(2 * s)))
    d.line((cx, cy - 30 * s, cx, cy + 30 * s), fill=LANTERN_LIGHT, width=max(1, int(2 * s)))
    d.rounded_rectangle((cx - 16 * s, cy - 36 * s, cx + 16 * s, cy - 26 * s), 3 * s, fill=INK)
    d.rounded_rectangle((cx - 16 * s, cy + 26 * s, cx + 16 * s, cy + 36 * s), 3 * s, fill=INK)
    d.line((cx, cy + 36 * s, cx, cy + 50 * s), fill=body, width=max(1, int(4 * s)))


def frog(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, body: Colour = FROG) -> None:
    """A sitting frog from the front; size is its width."""
    s = size / 100
    _ellipse(d, cx - 30 * s, cy + 24 * s, 16 * s, 9 * s, fill=body)
    _ellipse(d, cx + 30 * s, cy + 24 * s, 16 * s, 9 * s, fill=body)
    _ellipse(d, cx, cy + 6 * s, 40 * s, 26 * s, fill=body)
    for side in (-1, 1):
        _ellipse(d, cx + side * 22 * s, cy - 18 * s, 14 * s, 14 * s, fill=body)
        _ellipse(d, cx + side * 22 * s, cy - 18 * s, 9 * s, 9 * s, fill=PAPER)
        _ellipse(d, cx + side * 22 * s, cy - 17 * s, 5 * s, 6 * s, fill=INK)
    d.arc((cx - 20 * s, cy - 8 * s, cx + 20 * s, cy + 14 * s), 20, 160, fill=INK, width=max(1, int(3 * s)))
    _ellipse(d, cx - 24 * s, cy + 6 * s, 6 * s, 4 * s, fill=BLOSSOM)
    _ellipse(d, cx + 24 * s, cy + 6 * s, 6 * s, 4 * s, fill=BLOSSOM)


def pagoda(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, roof: Colour = PAGODA) -> None:
    """A three-tier pagoda; size is its height."""
    s = size / 100
    d.line((cx, cy - 50 * s, cx, cy - 34 * s), fill=INK, width=max(1, int(3 * s)))
    tiers = [(-34, 18, 12), (-12, 28, 16), (14, 38, 20)]
    for top, half, wall in tiers:
        d.rectangle((cx - half * 0.55 * s, cy + top * s, cx + half * 0.55 * s, cy + (top + wall + 6) * s), fill=PAPER,
                    outline=INK, width=max(1, int(2 * s)))
        d.polygon([(cx - half * s - 6 * s, cy + (top + 6) * s), (cx - half * 0.5 * s, cy + (top - 4) * s),
                   (cx + half * 0.5 * s, cy + (top - 4) * s), (cx + half * s + 6 * s, cy + (top + 6) * s)],
                  fill=roof)
    d.rectangle((cx - 6 * s, cy + 30 * s, cx + 6 * s, cy + 40 * s), fill=INK)
    d.line((cx - 40 * s, cy + 42 * s, cx + 40 * s, cy + 42 * s), fill=INK, width=max(1, int(3 * s)))


def crescent(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour, behind: Colour) -> None:
    """A crescent moon cut out of `behind`; size is its width."""
    r = size / 2
    _ellipse(d, cx, cy, r, r, fill=fill)
    _ellipse(d, cx + r * 0.45, cy - r * 0.25, r * 0.85, r * 0.85, fill=behind)


def eye(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, iris: Colour = TEAL) -> None:
    """An open eye (Peek 1); size is its width."""
    r = size / 2
    top = [(cx + r * math.cos(t), cy - r * 0.62 * math.sin(t)) for t in (i * math.pi / 24 for i in range(25))]
    bottom = [(cx + r * math.cos(t), cy + r * 0.62 * math.sin(t)) for t in (i * math.pi / 24 for i in range(24, 0, -1))]
    d.polygon(top + bottom, fill=PAPER, outline=INK, width=max(1, int(r * 0.09)))
    _ellipse(d, cx, cy, r * 0.42, r * 0.42, fill=iris, outline=INK, width=max(1, int(r * 0.06)))
    _ellipse(d, cx, cy, r * 0.2, r * 0.2, fill=INK)
    _ellipse(d, cx - r * 0.12, cy - r * 0.12, r * 0.08, r * 0.08, fill=PAPER)


def swap_arrows(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour = INK) -> None:
    """Two circling arrows (Swap 2); size is its width."""
    r = size / 2 * 0.72
    w = max(1, int(size * 0.1))
    for start in (200, 20):
        d.arc((cx - r, cy - r, cx + r, cy + r), start, start + 130, fill=fill, width=w)
        a = math.radians(start + 130)
        tip = (cx + r * math.cos(a), cy + r * math.sin(a))
        tangent = a + math.pi / 2
        head = size * 0.2
        pts = [(tip[0] + math.cos(tangent) * head, tip[1] + math.sin(tangent) * head),
               (tip[0] + math.cos(a) * head * 0.8, tip[1] + math.sin(a) * head * 0.8),
               (tip[0] - math.cos(a) * head * 0.8, tip[1] - math.sin(a) * head * 0.8)]
        d.polygon(pts, fill=fill)


def two_cards(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, back: Colour, edge: Colour = INK) -> None:
    """Two fanned cards (Take 2); size is their height."""
    h, w = size * 0.8, size * 0.56
    for angle, dx in ((-14, -size * 0.14), (12, size * 0.14)):
        box = [(cx + dx - w / 2, cy - h / 2), (cx + dx + w / 2, cy - h / 2), (cx + dx + w / 2, cy + h / 2),
               (cx + dx - w / 2, cy + h / 2)]
        d.polygon(rotated(box, cx + dx, cy, angle), fill=back, outline=edge, width=max(1, int(size * 0.04)))
    blossom(d, cx + size * 0.16, cy, size * 0.3, turn=12)


def crown(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """A small golden crown for winners; size is its width."""
    s = size / 100
    pts = [(cx - 46 * s, cy + 26 * s), (cx - 50 * s, cy - 22 * s), (cx - 24 * s, cy + 2 * s), (cx, cy - 34 * s),
           (cx + 24 * s, cy + 2 * s), (cx + 50 * s, cy - 22 * s), (cx + 46 * s, cy + 26 * s)]
    d.polygon(pts, fill=GOLD, outline=INK, width=max(1, int(4 * s)))
    for x, y in ((-50, -22), (0, -34), (50, -22)):
        _ellipse(d, cx + x * s, cy + y * s, 8 * s, 8 * s, fill=GOLD, outline=INK, width=max(1, int(3 * s)))
    _ellipse(d, cx, cy + 10 * s, 7 * s, 7 * s, fill=BLOSSOM_DEEP)


def hourglass(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour = GOLD) -> None:
    """An hourglass for the turn deadline; size is its height."""
    s = size / 100
    d.polygon([(cx - 30 * s, cy - 44 * s), (cx + 30 * s, cy - 44 * s), (cx, cy)], fill=fill)
    d.polygon([(cx - 30 * s, cy + 44 * s), (cx + 30 * s, cy + 44 * s), (cx, cy)], fill=fill)
    d.line((cx - 36 * s, cy - 46 * s, cx + 36 * s, cy - 46 * s), fill=fill, width=max(1, int(8 * s)))
    d.line((cx - 36 * s, cy + 46 * s, cx + 36 * s, cy + 46 * s), fill=fill, width=max(1, int(8 * s)))


def star(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour = MOON) -> None:
    """A five-pointed star; size is its width."""
    r = size / 2
    pts = [(cx + (r if i % 2 == 0 else r * 0.45) * math.cos(math.radians(i * 36 - 90)),
            cy + (r if i % 2 == 0 else r * 0.45) * math.sin(math.radians(i * 36 - 90))) for i in range(10)]
    d.polygon(pts, fill=fill)


def arrow_down(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour = INK) -> None:
    """A bold arrow pointing down (a card went in here); size is its height."""
    s = size / 100
    d.rectangle((cx - 12 * s, cy - 46 * s, cx + 12 * s, cy + 4 * s), fill=fill)
    d.polygon([(cx - 36 * s, cy - 2 * s), (cx + 36 * s, cy - 2 * s), (cx, cy + 46 * s)], fill=fill)
