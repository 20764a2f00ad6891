"""Cached scenery: the painted twilight background, translucent panels, glows and badges."""

from __future__ import annotations

import random
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from images import art, paint
from images.fonts import Colour, locked_cache, text_sprite

NIGHT_TOP: Colour = (14, 16, 44)
NIGHT_BOTTOM: Colour = (62, 34, 88)
PANEL: Colour = (20, 16, 46, 190)
TURN_GLOW: Colour = (255, 206, 110)
MARK: Colour = (120, 236, 255)
_SS = 2


SKY_COLOURS = 96
STAR_SHADES: tuple[Colour, ...] = ((255, 248, 222), (206, 202, 236), (150, 146, 196))


@lru_cache(maxsize=2)
def sky(w: int, h: int) -> Image.Image:
    """The painted sky alone, without stars or moon: painted at half size (it is all soft washes), then enlarged."""
    return _painted((w + 1) // 2, (h + 1) // 2).resize((w, h), Image.Resampling.BICUBIC)


def _painted(w: int, h: int) -> Image.Image:
    """Blue to plum under uneven washes, the moon's glow, hills, and the night scene on them."""
    mask = Image.linear_gradient("L").resize((w, h))
    image = Image.composite(Image.new("RGB", (w, h), NIGHT_BOTTOM), Image.new("RGB", (w, h), NIGHT_TOP), mask)
    image = paint.washed(image)
    glow = Image.new("L", (w, h), 0)
    g = ImageDraw.Draw(glow)
    g.ellipse((w - h * 0.3, -h * 0.24, w + h * 0.18, h * 0.3), fill=120)
    g.ellipse((w * 0.28, h * 0.3, w * 0.72, h * 0.72), fill=40)
    glow = glow.filter(ImageFilter.GaussianBlur(min(w, h) // 10))
    image = Image.composite(Image.new("RGB", (w, h), (255, 190, 140)), image, glow)
    hills = [(0, h), (0, h * 0.9), (w * 0.2, h * 0.84), (w * 0.42, h * 0.9), (w * 0.62, h * 0.83), (w * 0.82, h * 0.88),
             (w, h * 0.82), (w, h)]
    hill = Image.new("L", (w, h), 0)
    ImageDraw.Draw(hill).polygon(hills, fill=150)
    image = paint.bleed(image, hill, (34, 20, 56), max(1.0, h / 240))
    return paint.paper(paint.night_scene(image))


@lru_cache(maxsize=1)
def sky_palette() -> tuple[int, ...]:
    """The sky's own colours (SKY_COLOURS of them, flat RGB list), shared by every frame's palette."""
    quantized = sky(1080, 720).quantize(SKY_COLOURS, method=Image.Quantize.MEDIANCUT)
    palette = quantized.getpalette()
    assert palette is not None  # a quantized image always has a palette
    return tuple(palette[: SKY_COLOURS * 3])


@lru_cache(maxsize=24)  # every size in use: the table, the private pictures, reveals and standings of 2-5 seats
def background(w: int, h: int, moon: bool = True, moon_top: int = 18) -> Image.Image:
    """Deep twilight: the painted sky mapped to its palette (nothing changes once encoded), stars, lanterns, moon.

    The moon's crescent spans `moon_top` to `moon_top` + 44 at the right edge, in the sky's glow; a picture with a box
    in that corner passes a lower top.
    """
    palette = Image.new("P", (1, 1))
    palette.putpalette(sky_palette())
    # Mapped without dithering: the washes turn into soft glazes of flat colour, which deflate well in every frame.
    image = sky(w, h).quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    d = ImageDraw.Draw(image)
    rng = random.Random(20)
    for _ in range(w * h // 5000):
        x, y = rng.randrange(w), rng.randrange(int(h * 0.75))
        size = rng.choice((1, 1, 1, 2))
        d.rectangle((x, y, x + size - 1, y + size - 1), fill=rng.choice(STAR_SHADES))
    lamps = paint.lanterns(w, h)
    image.paste(lamps, (0, 0), lamps)
    if moon:  # top right, where a picture whose panels reach the corner leaves it out
        crescent = Image.new("L", (w, h), 0)
        m = ImageDraw.Draw(crescent)
        m.ellipse((w - 66, moon_top, w - 22, moon_top + 44), fill=255)
        m.ellipse((w - 52, moon_top - 8, w - 14, moon_top + 30), fill=0)
        image.paste(Image.new("RGB", (w, h), art.MOON), (0, 0), crescent)
    return image


@lru_cache(maxsize=64)
def panel(w: int, h: int, fill: Colour = PANEL, outline: Colour | None = None) -> Image.Image:
    """A rounded translucent panel (RGBA), anti-aliased."""
    # Away from its rounded ends a panel's columns are all alike, and a caption's or a label's panel is as wide as
    # its text: so a wide panel is a narrow one's ends with its middle column stretched between them (drawn at full
    # size, a caption's panel was 5 % of a busy bot's picture work).
    end = min(h, 24) // 2 + _PANEL_FILTER_REACH
    if w <= 2 * end + 2:
        return _drawn_panel(w, h, fill, outline)
    narrow = _drawn_panel(2 * end + 2, h, fill, outline)
    image = Image.new("RGBA", (w, h))
    image.paste(narrow.crop((0, 0, end, h)), (0, 0))
    image.paste(narrow.crop((end, 0, end + 1, h)).resize((w - 2 * end, h), Image.Resampling.NEAREST), (end, 0))
    image.paste(narrow.crop((end + 2, 0, 2 * end + 2, h)), (w - end, 0))
    return image


_PANEL_FILTER_REACH = 4  # pixels: the rounded corner's reach into the panel beyond its radius, LANCZOS's 3 and one


@lru_cache(maxsize=64)
def _drawn_panel(w: int, h: int, fill: Colour, outline: Colour | None) -> Image.Image:
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


def paste_glow(frame: Image.Image, x: float, y: float, w: int, h: int, colour: Colour = TURN_GLOW, spread: int = 14,
               strength: int = 230) -> None:
    """Paste glow(w, h, ...) at (x, y) as `paste` would, leaving out its clear middle: the same pixels, less work."""
    left, top = round(x), round(y)  # once: pieces at whole offsets must not round apart
    for dx, dy, piece in _glow_pieces(w, h, colour, spread, strength):
        paste(frame, piece, left + dx, top + dy)


@lru_cache(maxsize=64)
def _glow_pieces(w: int, h: int, colour: Colour, spread: int, strength: int
                 ) -> tuple[tuple[int, int, Image.Image], ...]:
    """The glow's four sides around the clear box its halo rings: a turn's halo is about half clear middle."""
    image = glow(w, h, colour, spread, strength)
    width, height = image.size
    inset = 2 * spread + 10  # inside the cut's rounded corners (radius 10)
    x0, y0, x1, y1 = inset, inset, width - inset, height - inset
    if x1 <= x0 or y1 <= y0 or image.getchannel("A").crop((x0, y0, x1, y1)).getbbox() is not None:
        return ((0, 0, image),)
    boxes = ((0, 0, width, y0), (0, y1, width, height), (0, y0, x0, y1), (x1, y0, width, y1))
    return tuple((bx, by, image.crop((bx, by, right, bottom))) for bx, by, right, bottom in boxes)


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
