"""Cached scenery: the twilight background, translucent panels, glows and badges."""

from __future__ import annotations

import random
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from images import art
from images.fonts import Colour, locked_cache, text_sprite

NIGHT_TOP: Colour = (14, 16, 44)
NIGHT_BOTTOM: Colour = (62, 34, 88)
PANEL: Colour = (20, 16, 46, 190)
TURN_GLOW: Colour = (255, 206, 110)
MARK: Colour = (120, 236, 255)
_SS = 2


SKY_COLOURS = 96
DITHER = 16  # the dither's spread in colour levels, about one step of the sky palette
STAR_SHADES: tuple[Colour, ...] = ((255, 248, 222), (206, 202, 236), (150, 146, 196))


@lru_cache(maxsize=8)
def sky(w: int, h: int) -> Image.Image:
    """The smooth sky alone: blue to plum, the moon's and two lanterns' glow, and distant hills."""
    mask = Image.linear_gradient("L").resize((w, h))
    image = Image.composite(Image.new("RGB", (w, h), NIGHT_BOTTOM), Image.new("RGB", (w, h), NIGHT_TOP), mask)
    glow = Image.new("L", (w, h), 0)
    g = ImageDraw.Draw(glow)
    g.ellipse((w - 220, -170, w + 130, 220), fill=120)
    for x, y in ((0.04, 0.94), (0.96, 0.92)):
        g.ellipse((w * x - 100, h * y - 100, w * x + 100, h * y + 100), fill=80)
    g.ellipse((w * 0.28, h * 0.3, w * 0.72, h * 0.72), fill=40)
    glow = glow.filter(ImageFilter.GaussianBlur(min(w, h) // 10))
    image = Image.composite(Image.new("RGB", (w, h), (255, 190, 140)), image, glow)
    hills = [(0, h), (0, h * 0.9), (w * 0.2, h * 0.84), (w * 0.42, h * 0.9), (w * 0.62, h * 0.83), (w * 0.82, h * 0.88),
             (w, h * 0.82), (w, h)]
    hill = Image.new("L", (w, h), 0)
    ImageDraw.Draw(hill).polygon(hills, fill=130)
    return Image.composite(Image.new("RGB", (w, h), (30, 18, 50)), image, hill.filter(ImageFilter.GaussianBlur(3)))


@lru_cache(maxsize=1)
def sky_palette() -> tuple[int, ...]:
    """The sky's own colours (SKY_COLOURS of them, flat RGB list), shared by every frame's palette."""
    quantized = sky(1080, 720).quantize(SKY_COLOURS, method=Image.Quantize.MEDIANCUT)
    palette = quantized.getpalette()
    assert palette is not None  # a quantized image always has a palette
    return tuple(palette[: SKY_COLOURS * 3])


def _bayer(n: int) -> list[list[int]]:
    if n == 1:
        return [[0]]
    half, inner, corner = n // 2, _bayer(n // 2), ((0, 2), (3, 1))
    return [[4 * inner[y % half][x % half] + corner[y // half][x // half] for x in range(n)] for y in range(n)]


def _ordered_dither(image: Image.Image, palette: Image.Image) -> Image.Image:
    """Map to the palette through an 8x8 Bayer pattern: smooth to the eye, and regular enough to deflate well."""
    w, h = image.size
    tile = Image.new("L", (8, 8))
    tile.putdata([value * DITHER // 64 for row in _bayer(8) for value in row])
    pattern = Image.new("L", (w, h))
    for y in range(0, h, 8):
        for x in range(0, w, 8):
            pattern.paste(tile, (x, y))
    offset = Image.merge("RGB", (pattern, pattern, pattern))
    shifted = ImageChops.subtract(ImageChops.add(image, offset), Image.new("RGB", (w, h), (DITHER // 2,) * 3))
    return shifted.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")


@lru_cache(maxsize=8)
def background(w: int, h: int, moon: bool = True) -> Image.Image:
    """Deep twilight: the sky dithered to its palette (no banding once encoded), stars and a crescent moon."""
    palette = Image.new("P", (1, 1))
    palette.putpalette(sky_palette())
    image = _ordered_dither(sky(w, h), palette)
    d = ImageDraw.Draw(image)
    rng = random.Random(20)
    for _ in range(w * h // 5000):
        x, y = rng.randrange(w), rng.randrange(int(h * 0.75))
        size = rng.choice((1, 1, 1, 2))
        d.rectangle((x, y, x + size - 1, y + size - 1), fill=rng.choice(STAR_SHADES))
    if moon:  # top right, where a picture whose panels reach the corner leaves it out
        crescent = Image.new("L", (w, h), 0)
        m = ImageDraw.Draw(crescent)
        m.ellipse((w - 66, 18, w - 22, 62), fill=255)
        m.ellipse((w - 52, 10, w - 14, 48), fill=0)
        image.paste(Image.new("RGB", (w, h), art.MOON), (0, 0), crescent)
    return image


@lru_cache(maxsize=64)
def panel(w: int, h: int, fill: Colour = PANEL, outline: Colour | None = None) -> Image.Image:
    """A rounded translucent panel (RGBA), anti-aliased."""
    image = Image.new("RGBA", (w * _SS, h * _SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((0, 0, w * _SS - 1, h * _SS - 1), min(h, 24) * _SS // 2, fill=fill,
                        outline=outline, width=3 * _SS if outline else 0)
    return image.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def glow(w: int, h: int, colour: Colour = TURN_GLOW, spread: int = 14, strength: int = 230) -> Image.Image:
    """A soft halo around a w x h box; the returned image is larger by `spread` on every side."""
    W, H = w + 4 * spread, h + 4 * spread
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((spread, spread, W - spread, H - spread), spread, fill=strength)
    mask = mask.filter(ImageFilter.GaussianBlur(spread / 2))
    ImageDraw.Draw(mask).rounded_rectangle((2 * spread, 2 * spread, W - 2 * spread, H - 2 * spread), 10, fill=0)
    image = Image.new("RGBA", (W, H), colour[:3] + (0,))
    image.putalpha(mask)
    return image


@lru_cache(maxsize=32)
def badge(kind: str, size: int) -> Image.Image:
    """A round badge with an icon: 'eye', 'swap', 'in', 'crown', 'hourglass', 'star', 'turn'."""
    S = size * 3
    image = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    c = S / 2
    if kind in ("eye", "swap", "in"):
        d.ellipse((2, 2, S - 3, S - 3), fill=MARK, outline=art.INK, width=max(2, S // 16))
    if kind == "eye":
        art.eye(d, c, c, S * 0.72)
    elif kind == "swap":
        art.swap_arrows(d, c, c, S * 0.8, art.INK)
    elif kind == "in":
        art.arrow_down(d, c, c, S * 0.6, art.INK)
    elif kind == "crown":
        art.crown(d, c, c, S * 0.9)
    elif kind == "hourglass":
        art.hourglass(d, c, c, S * 0.8)
    elif kind == "star":
        art.star(d, c, c, S * 0.9, art.GOLD)
    elif kind == "turn":
        d.polygon([(S * 0.2, S * 0.12), (S * 0.9, S * 0.5), (S * 0.2, S * 0.88)], fill=TURN_GLOW, outline=art.INK,
                  width=max(2, S // 20))
    return image.resize((size, size), Image.Resampling.LANCZOS)


@locked_cache(maxsize=64)
def count_badge(count: int, size: int) -> Image.Image:
    """A gold disc with a number on it (the draw pile's count)."""
    image = Image.new("RGBA", (size * 3, size * 3), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    d.ellipse((2, 2, size * 3 - 3, size * 3 - 3), fill=art.GOLD, outline=art.INK, width=6)
    image = image.resize((size, size), Image.Resampling.LANCZOS)
    label = text_sprite(str(count), int(size * 0.5), art.INK, stroke=None)
    image.alpha_composite(label, ((size - label.width) // 2, (size - label.height) // 2))
    return image


# Image.info keys of a frame drawn over a cached layer: (key, layer), and the spans of rows drawn on since.
LAYER, CHANGED = "dreamcats.layer", "dreamcats.changed"


def on_layer(layer: Image.Image, key: tuple[object, ...]) -> Image.Image:
    """A new frame: a copy of a cached layer that notes the rows drawn on (images.bands encodes only those anew)."""
    frame = layer.copy()
    frame.info[LAYER] = (key, layer)
    frame.info[CHANGED] = []
    return frame


def paste(frame: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    """Paste an RGBA sprite onto the frame at (x, y), blending by its alpha."""
    left, top = round(x), round(y)
    frame.paste(sprite, (left, top), sprite)
    changed = frame.info.get(CHANGED)
    if changed is not None:
        changed.append((top, top + sprite.height))


def paste_centred(frame: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    """Paste an RGBA sprite centred on (cx, cy)."""
    paste(frame, sprite, cx - sprite.width / 2, cy - sprite.height / 2)
