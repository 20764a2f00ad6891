"""The six cats' portraits in the dreamy style: a round head, each breed by its coat, face, ears and eyes.

Drawn three times larger and scaled down (anti-aliasing); a cat that is out sleeps, greyed, eyes shut.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageEnhance

from game.catduel import Cat
from images.fonts import Colour

INK: Colour = (34, 26, 58)
NOSE: Colour = (226, 130, 150)
SS = 3


@dataclass(frozen=True, slots=True)
class Breed:
    """What makes a breed recognisable at a glance."""

    coat: Colour
    points: Colour | None  # darker mask on face and ears (colourpoint breeds)
    eyes: Colour
    fluffy: bool  # a ruff of long fur around the head
    flat_face: bool  # a short nose, round cheeks
    stripes: Colour | None  # tabby marks on the forehead
    tufts: bool  # lynx tips on the ears
    big_ears: bool


BREEDS: dict[Cat, Breed] = {
    Cat.PERSIAN: Breed((250, 240, 226), None, (232, 150, 62), True, True, None, False, False),
    Cat.RAGDOLL: Breed((246, 238, 226), (138, 116, 104), (88, 150, 236), True, False, None, False, False),
    Cat.MAINE_COON: Breed((170, 118, 74), None, (120, 190, 96), True, False, (92, 58, 34), True, False),
    Cat.EXOTIC_SHORTHAIR: Breed((162, 168, 184), None, (236, 170, 60), False, True, None, False, False),
    Cat.SIAMESE: Breed((244, 230, 206), (86, 60, 46), (70, 140, 232), False, False, None, False, True),
    Cat.ABYSSINIAN: Breed((206, 124, 72), None, (150, 196, 80), False, False, (166, 92, 52), False, True),
}


def _ell(d: ImageDraw.ImageDraw, cx: float, cy: float, rx: float, ry: float, fill: Colour,
         outline: Colour | None = None, width: int = 0) -> None:
    d.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=fill, outline=outline, width=width)


def _ears(d: ImageDraw.ImageDraw, c: float, s: float, breed: Breed) -> None:
    tall = 1.3 if breed.big_ears else 1.0
    inner = breed.points or (238, 170, 180)
    for side in (-1, 1):
        base_out, base_in, tip = c + side * 36 * s, c + side * 8 * s, c + side * 30 * s
        d.polygon([(base_out, c - 6 * s), (tip, c - 52 * s * tall), (base_in, c - 30 * s)], fill=breed.coat,
                  outline=INK, width=max(1, int(2.2 * s)))
        d.polygon([(c + side * 30 * s, c - 14 * s), (c + side * 28 * s, c - 42 * s * tall), (c + side * 14 * s,
                   c - 28 * s)], fill=inner)
        if breed.tufts:
            d.line([(tip, c - 52 * s * tall), (tip + side * 2 * s, c - 64 * s)], fill=INK, width=max(1, int(3 * s)))


def _ruff(d: ImageDraw.ImageDraw, c: float, s: float, breed: Breed) -> None:
    points = []
    for i in range(36):
        radius = (43 if i % 2 == 0 else 38) * s
        angle = math.tau * i / 36
        points.append((c + radius * 1.08 * math.cos(angle), c + 6 * s + radius * math.sin(angle)))
    d.polygon(points, fill=breed.coat, outline=INK, width=max(1, int(2 * s)))


def _face(d: ImageDraw.ImageDraw, c: float, s: float, breed: Breed, asleep: bool) -> None:
    _ell(d, c, c + 4 * s, 34 * s, 31 * s, breed.coat, INK, max(1, int(2.2 * s)))
    if breed.points is not None:  # the colourpoint mask
        _ell(d, c, c + 14 * s, 20 * s, 17 * s, breed.points)
    if breed.stripes is not None:
        for dx in (-9, 0, 9):
            d.line([(c + dx * s, c - 24 * s), (c + dx * 0.6 * s, c - 10 * s)], fill=breed.stripes,
                   width=max(1, int(3.5 * s)))
    eye_y, gap = c + 2 * s, 14 * s
    for side in (-1, 1):
        x = c + side * gap
        if asleep:
            d.arc((x - 8 * s, eye_y - 6 * s, x + 8 * s, eye_y + 6 * s), 20, 160, fill=INK, width=max(1, int(2.5 * s)))
        else:
            _ell(d, x, eye_y, 7.5 * s, 8 * s, breed.eyes, INK, max(1, int(1.5 * s)))
            _ell(d, x, eye_y, 2.4 * s, 6 * s, INK)
            _ell(d, x + 2 * s, eye_y - 3 * s, 1.6 * s, 1.6 * s, (255, 255, 255))
    nose_y = c + (12 if breed.flat_face else 16) * s
    d.polygon([(c - 4 * s, nose_y), (c + 4 * s, nose_y), (c, nose_y + 4 * s)], fill=NOSE)
    mouth = (6 if breed.flat_face else 8) * s
    d.arc((c - mouth, nose_y, c, nose_y + mouth), 0, 150, fill=INK, width=max(1, int(1.6 * s)))
    d.arc((c, nose_y, c + mouth, nose_y + mouth), 30, 180, fill=INK, width=max(1, int(1.6 * s)))
    for side in (-1, 1):  # whiskers
        for dy in (-2, 3):
            d.line([(c + side * 12 * s, nose_y + dy * s), (c + side * 36 * s, nose_y + dy * 2.2 * s)],
                   fill=(90, 80, 110), width=max(1, int(1.2 * s)))


@lru_cache(maxsize=32)
def portrait(cat: Cat, size: int, asleep: bool = False) -> Image.Image:
    """The cat's head as an RGBA sprite, size x size pixels."""
    big = size * SS
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    s, c = big / 110, big / 2 + big * 0.06
    breed = BREEDS[cat]
    _ears(d, c, s, breed)
    if breed.fluffy:
        _ruff(d, c, s, breed)
    _face(d, c, s, breed, asleep)
    image = image.resize((size, size), Image.Resampling.LANCZOS)
    if asleep:
        alpha = image.getchannel("A")
        image = ImageEnhance.Color(image.convert("RGB")).enhance(0.15).convert("RGBA")
        image = ImageEnhance.Brightness(image).enhance(0.7)
        image.putalpha(alpha)
    return image
