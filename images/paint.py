"""Watercolour, done once and cached: washes, soft bleeding edges, pooled edges, paper grain, and a night scene.

Everything here runs once per picture size or sprite (images.scene and images.dreamcats.cards cache them), never
per frame.
Noise comes from a seeded random.Random, so every picture is the same, pixel for pixel, in every process.
"""

from __future__ import annotations

import math
import random

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from images import art
from images.fonts import Colour

WASHES: tuple[tuple[Colour, int, int], ...] = (((86, 52, 132), 18, 70), ((12, 22, 70), 34, 60), ((120, 60, 110), 9, 34))
SILHOUETTE: Colour = (14, 8, 28)
FAR_INK: Colour = (44, 30, 76)
BLOSSOM_WASH: Colour = (236, 150, 190)


def noise(w: int, h: int, seed: int, cell: int) -> Image.Image:
    """Smooth random values (L): one random value every `cell` pixels, blended between."""
    rng = random.Random(seed)
    small = (max(2, w // cell + 2), max(2, h // cell + 2))
    image = Image.frombytes("L", small, rng.randbytes(small[0] * small[1]))
    return image.resize((w, h), Image.Resampling.BICUBIC, box=(0.5, 0.5, w / cell + 0.5, h / cell + 0.5))


def washed(image: Image.Image) -> Image.Image:
    """The image under a few uneven washes of colour, like a sky laid in wet on wet."""
    w, h = image.size
    for index, (colour, cell, strength) in enumerate(WASHES):
        blotches = noise(w, h, 40 + index, max(4, min(w, h) // cell))
        mask = blotches.point(lambda v, s=strength: max(0, v - 110) * s // 145)
        image = Image.composite(Image.new("RGB", (w, h), colour), image, mask)
    return image


def paper(image: Image.Image) -> Image.Image:
    """The paper's edges, darker where the pigment pooled."""
    w, h = image.size
    edge = Image.new("L", (w, h), 0)
    ImageDraw.Draw(edge).rectangle((0, 0, w - 1, h - 1), outline=90, width=max(4, min(w, h) // 40))
    edge = edge.filter(ImageFilter.GaussianBlur(max(6, min(w, h) // 16)))
    return Image.composite(Image.new("RGB", (w, h), (8, 6, 22)), image, edge)


def grain(image: Image.Image, seed: int, softness: int = 12) -> Image.Image:
    """The image (RGBA) with a fine paper grain over it: for cached sprites only (grain deflates poorly)."""
    w, h = image.size
    fibre = noise(w, h, seed, 2).point(lambda v: 128 + (v - 128) // softness)
    rgb = ImageChops.soft_light(image.convert("RGB"), Image.merge("RGB", (fibre, fibre, fibre)))
    rgb.putalpha(image.getchannel("A"))
    return rgb


def bleed(image: Image.Image, mask: Image.Image, colour: Colour, soften: float, rim: int = 60) -> Image.Image:
    """Paint a shape like watercolour: soft, bleeding edges, and a darker rim where the pigment dried."""
    soft = mask.filter(ImageFilter.GaussianBlur(soften))
    image = Image.composite(Image.new("RGB", image.size, colour), image, soft)
    edge = ImageChops.subtract(soft, mask.filter(ImageFilter.GaussianBlur(soften * 4))).point(lambda v: v * rim // 60)
    darker = tuple(max(0, c * 2 // 3) for c in colour[:3])
    return Image.composite(Image.new("RGB", image.size, darker), image, edge)


def night_scene(image: Image.Image) -> Image.Image:
    """A blossom tree at the bottom left, a pagoda on the hills at the right, lanterns glowing in both."""
    w, h = image.size
    k = h / 720
    image = _pagoda(image, w * 0.875, h * 0.9, 190 * k)
    image = _tree(image, w, h, k)
    glow = Image.new("L", image.size, 0)
    size = lantern_size(h)
    for x, y in lantern_spots(w, h):
        ImageDraw.Draw(glow).ellipse((x - size * 3, y - size * 3, x + size * 3, y + size * 3), fill=120)
    return Image.composite(Image.new("RGB", image.size, (255, 170, 110)), image,
                           glow.filter(ImageFilter.GaussianBlur(size * 1.6)))


def lantern_spots(w: int, h: int) -> list[tuple[float, float]]:
    """Where the lanterns hang: three in the blossom tree, one by the pagoda."""
    return [(w * 0.2, h * 0.74), (w * 0.3, h * 0.69), (w * 0.08, h * 0.7), (w * 0.805, h * 0.876)]


def lantern_size(h: int) -> float:
    """A lantern's size in a picture `h` pixels high."""
    return 22 * h / 720


def lanterns(w: int, h: int) -> Image.Image:
    """The lanterns, a cat watching them and a few blossoms (RGBA), drawn crisp over the painted sky."""
    size = lantern_size(h)
    lamp = Image.new("RGBA", (w * 2, h * 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(lamp)
    art.cat(d, w * 2 * 0.745, h * 2 * 0.83, 92 * h / 720, SILHOUETTE, eyes=art.GOLD)
    rng = random.Random(5)
    for x, y in ((0.31, 0.66), (0.22, 0.57), (0.04, 0.6), (0.27, 0.84), (0.16, 0.68), (0.1, 0.73)):
        for _ in range(3):
            bx, by = w * 2 * x + rng.gauss(0, 22 * h / 720), h * 2 * y + rng.gauss(0, 12 * h / 720)
            art.blossom(d, bx, by, rng.uniform(14, 22) * h / 720, turn=rng.uniform(0, 72))
    for x, y in lantern_spots(w * 2, h * 2):
        s = size * 2
        d.line((x, y - s * 1.6, x, y - s * 0.5), fill=SILHOUETTE, width=max(2, math.ceil(s / 12)))
        d.ellipse((x - s * 0.55, y - s * 0.48, x + s * 0.55, y + s * 0.48), fill=art.LANTERN)
        d.ellipse((x - s * 0.3, y - s * 0.28, x + s * 0.3, y + s * 0.28), fill=art.LANTERN_LIGHT)
    return lamp.resize((w, h), Image.Resampling.LANCZOS)


def _pagoda(image: Image.Image, cx: float, base: float, size: float) -> Image.Image:
    mask = Image.new("L", image.size, 0)
    d = ImageDraw.Draw(mask)
    s = size / 100
    d.line((cx, base - 100 * s, cx, base - 80 * s), fill=255, width=max(1, int(3 * s)))
    for top, half in ((-80, 16), (-58, 24), (-34, 32), (-8, 40)):
        d.rectangle((cx - half * 0.55 * s, base + top * s, cx + half * 0.55 * s, base + (top + 26) * s), fill=200)
        d.polygon([(cx - half * s - 8 * s, base + (top + 8) * s), (cx - half * 0.45 * s, base + (top - 4) * s),
                   (cx + half * 0.45 * s, base + (top - 4) * s), (cx + half * s + 8 * s, base + (top + 8) * s)],
                  fill=255)
    image = bleed(image, mask, SILHOUETTE, 1.2 * s)
    windows = Image.new("L", image.size, 0)
    for top in (-70, -46, -22):
        ImageDraw.Draw(windows).rectangle((cx - 3 * s, base + top * s, cx + 3 * s, base + (top + 9) * s), fill=200)
    return bleed(image, windows, art.LANTERN_LIGHT, 1.5 * s, 0)


def _tree(image: Image.Image, w: int, h: int, k: float) -> Image.Image:
    rng = random.Random(3)
    wood = Image.new("L", image.size, 0)
    d = ImageDraw.Draw(wood)
    trunk = _bough(d, (w * 0.02, h * 1.02), (w * 0.1, h * 0.82), (w * 0.13, h * 0.7), 16 * k, 7 * k)
    tips = [_bough(d, trunk[i], bend, end, thick * k, 2.5 * k)[-1]
            for i, bend, end, thick in ((40, (w * 0.2, h * 0.72), (w * 0.31, h * 0.66), 7),
                                        (48, (w * 0.08, h * 0.64), (w * 0.03, h * 0.58), 6),
                                        (56, (w * 0.17, h * 0.6), (w * 0.22, h * 0.56), 5),
                                        (24, (w * 0.2, h * 0.86), (w * 0.27, h * 0.84), 5))]
    image = bleed(image, wood, SILHOUETTE, 1.0 * k)
    blossoms = Image.new("L", image.size, 0)
    b = ImageDraw.Draw(blossoms)
    for x, y in [*tips, trunk[-1], trunk[48]]:
        for _ in range(14):
            r = rng.uniform(6, 18) * k
            px, py = x + rng.gauss(0, 30 * k), y + rng.gauss(0, 16 * k)
            b.ellipse((px - r, py - r, px + r, py + r), fill=rng.randrange(120, 220))
    for _ in range(int(40 * k * w / 1080)):  # petals drifting across the night
        px, py, r = rng.uniform(0, w), rng.uniform(h * 0.3, h), rng.uniform(1.5, 3) * k
        b.ellipse((px - r, py - r * 0.6, px + r, py + r * 0.6), fill=rng.randrange(90, 170))
    return bleed(image, blossoms, BLOSSOM_WASH, 2.5 * k, 40)


def _bough(d: ImageDraw.ImageDraw, start: tuple[float, float], bend: tuple[float, float], end: tuple[float, float],
           thick: float, thin: float) -> list[tuple[float, float]]:
    """A tapering branch along a curve (filled into the mask); the 61 points along it."""
    points = []
    for i in range(61):
        t = i / 60
        x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * bend[0] + t * t * end[0]
        y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * bend[1] + t * t * end[1]
        r = thick + (thin - thick) * t
        d.ellipse((x - r, y - r, x + r, y + r), fill=255)
        points.append((x, y))
    return points
