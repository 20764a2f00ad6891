"""Card sprites: the faces 0-9, the three special lands and the back, drawn large and cached at each size."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from game.dreamcats import Card
from images import art, paint
from images.art import INK, PAPER
from images.fonts import Colour, clean, fit, font, locked_cache, text_length

_SS = 3  # drawn at three times the size, then scaled down: smooth edges
SHADOW = 8  # how far a card's shadow spreads
BACK: Colour = (44, 36, 98)
BACK_DEEP: Colour = (24, 20, 58)
BACK_WASH: Colour = (88, 62, 150)
NIGHTMARE: Colour = (58, 30, 78)
SPECIAL_PAPER: Colour = (234, 226, 252)
# Accent per value group; the value itself is always written, so colour is only a help.
_ACCENTS: dict[int, Colour] = {0: (214, 170, 64), 1: (222, 108, 152), 2: (222, 108, 152), 3: (226, 110, 60),
                               4: (226, 110, 60), 5: (84, 150, 80), 6: (84, 150, 80), 7: (176, 56, 64),
                               8: (176, 56, 64), 9: (150, 110, 210)}


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (w * _SS, h * _SS), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def _finish(image: Image.Image, w: int, h: int) -> Image.Image:
    return image.resize((w, h), Image.Resampling.LANCZOS)


def _body(d: ImageDraw.ImageDraw, w: int, h: int, fill: Colour, accent: Colour) -> None:
    r = w * 0.1
    d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=fill, outline=INK, width=max(2, int(w * 0.025)))
    inset = w * 0.07
    d.rounded_rectangle((inset, inset, w - inset, h - inset), r * 0.6, outline=accent, width=max(2, int(w * 0.03)))


def _centred_text(d: ImageDraw.ImageDraw, text: str, cx: float, cy: float, size: int, fill: Colour,
                  stroke: Colour | None = None, width: int = 0, *, condensed: bool = False) -> None:
    d.text((cx, cy), text, font=font(size, condensed), fill=fill, anchor="mm", stroke_width=width, stroke_fill=stroke)


def _label_fit(name: str, size: int, room: int) -> tuple[tuple[str, ...], int, bool]:
    """A special card's name in one line, condensed, or two smaller lines, before it is cut with an ellipsis."""
    for scale, condensed in ((1.0, False), (1.0, True)):
        if text_length(name, int(size * scale), condensed) <= room:
            return (clean(name, condensed),), int(size * scale), condensed
    words = clean(name, True).rsplit(" ", 1)
    if len(words) == 2:  # "Podejrzyj 1": the name on one line, its number under it
        for scale in (0.92, 0.8, 0.7):
            if text_length(words[0], int(size * scale), True) <= room:
                return tuple(words), int(size * scale), True
    return (fit(name, int(size * 0.74), room, True),), int(size * 0.74), True


def _motif(d: ImageDraw.ImageDraw, value: int, cx: float, cy: float, size: float, paper: Colour) -> None:
    pair = value in (2, 4, 6, 8)
    offsets = (-size * 0.42, size * 0.42) if pair else (0.0,)
    for dx in offsets:
        x, s = cx + dx, size * (0.8 if pair else 1.0)
        if value == 0:
            art.crescent(d, cx, cy, size * 0.8, art.GOLD, paper)
            art.star(d, cx + size * 0.55, cy - size * 0.2, size * 0.22, art.GOLD)
            art.star(d, cx - size * 0.55, cy + size * 0.15, size * 0.16, art.GOLD)
        elif value <= 2:
            art.blossom(d, x, cy, s * 0.9)
        elif value <= 4:
            art.lantern(d, x, cy, s)
        elif value <= 6:
            art.frog(d, x, cy, s * 1.1)
        elif value <= 8:
            art.pagoda(d, x, cy, s)


@locked_cache(maxsize=128)
def face(card: Card, w: int, h: int, name: str = "") -> Image.Image:
    """The face of a card at w x h pixels (RGBA); `name` is the printed name of a special card."""
    if card.is_special:
        return _special(card, w, h, name)
    image, d = _canvas(w, h)
    W, H = w * _SS, h * _SS
    value = int(card)
    if value == 9:
        _body(d, W, H, NIGHTMARE, _ACCENTS[9])
        art.crescent(d, W * 0.74, H * 0.15, W * 0.18, art.MOON, NIGHTMARE)
        art.cat(d, W * 0.5, H * 0.74, H * 0.3, (16, 10, 30), eyes=art.GOLD)
        _centred_text(d, "9", W * 0.5, H * 0.38, int(H * 0.5), art.MOON, INK, int(W * 0.02))
    else:
        _body(d, W, H, PAPER, _ACCENTS[value])
        _motif(d, value, W * 0.5, H * 0.77, H * 0.24, PAPER)
        _centred_text(d, str(value), W * 0.5, H * 0.38, int(H * 0.5), INK)
    return paint.grain(_finish(image, w, h), value)


def _special(card: Card, w: int, h: int, name: str) -> Image.Image:
    image, d = _canvas(w, h)
    W, H = w * _SS, h * _SS
    _body(d, W, H, SPECIAL_PAPER, (110, 80, 180))
    icon_y, icon = H * 0.47, H * 0.34
    if card == Card.TAKE_2:
        art.two_cards(d, W * 0.5, icon_y, icon, BACK)
    elif card == Card.PEEK_1:
        art.eye(d, W * 0.5, icon_y, W * 0.72)
    else:
        art.swap_arrows(d, W * 0.5, icon_y, icon * 1.05, (110, 80, 180))
    badge = W * 0.18
    d.ellipse((W * 0.06, W * 0.06, W * 0.06 + 2 * badge, W * 0.06 + 2 * badge), fill=art.GOLD, outline=INK,
              width=max(2, int(W * 0.02)))
    _centred_text(d, str(card.points), W * 0.06 + badge, W * 0.06 + badge, int(badge * 1.45), INK)
    lines, size, condensed = _label_fit(name or str(card.points), int(H * 0.18 * 0.62), int(W * 0.78))
    top, bottom = (H * 0.72, H * 0.9) if len(lines) == 1 else (H * 0.66, H * 0.93)
    d.rounded_rectangle((W * 0.08, top, W * 0.92, bottom), min(bottom - top, H * 0.18) / 2, fill=(110, 80, 180))
    step = (bottom - top) / len(lines)
    for i, line in enumerate(lines):
        _centred_text(d, line, W * 0.5, top + step * (i + 0.5), size, PAPER, condensed=condensed)
    return paint.grain(_finish(image, w, h), int(card))


def _branch(d: ImageDraw.ImageDraw, start: tuple[float, float], bend: tuple[float, float], end: tuple[float, float],
            thick: float, thin: float, colour: Colour) -> list[tuple[float, float]]:
    """A tapering branch along a curve; returns the points along it (30 steps)."""
    points = []
    for i in range(31):
        t = i / 30
        u = 1 - t
        x = u * u * start[0] + 2 * u * t * bend[0] + t * t * end[0]
        y = u * u * start[1] + 2 * u * t * bend[1] + t * t * end[1]
        r = thick + (thin - thick) * t
        d.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        points.append((x, y))
    return points


@locked_cache(maxsize=32)
def back(w: int, h: int) -> Image.Image:
    """The card back: a cherry-blossom branch at night with small cat silhouettes."""
    image, d = _canvas(w, h)
    W, H = w * _SS, h * _SS
    r, inset = W * 0.1, W * 0.07
    d.rounded_rectangle((0, 0, W - 1, H - 1), r, fill=BACK, outline=BACK_DEEP, width=max(2, int(W * 0.03)))
    wash = paint.noise(W, H, w + h, max(8, W // 4)).point(lambda v: max(0, v - 100) // 2)
    image.paste(Image.new("RGBA", image.size, (*BACK_WASH, 255)), (0, 0),
                ImageChops.multiply(wash, image.getchannel("A")))
    scenery, s = _canvas(w, h)
    art.crescent(s, W * 0.72, H * 0.17, W * 0.22, art.MOON, BACK)
    for x, y, size in ((0.25, 0.14, 0.06), (0.4, 0.3, 0.04), (0.82, 0.4, 0.05), (0.2, 0.5, 0.04)):
        art.star(s, W * x, H * y, W * size * 1.6, art.MOON)
    bark = (30, 18, 40)
    main = _branch(s, (W * 0.02, H * 0.95), (W * 0.45, H * 0.62), (W * 1.0, H * 0.5), W * 0.055, W * 0.02, bark)
    twig = _branch(s, main[18], (W * 0.5, H * 0.45), (W * 0.6, H * 0.36), W * 0.025, W * 0.01, bark)
    low = _branch(s, main[8], (W * 0.3, H * 0.88), (W * 0.45, H * 0.9), W * 0.025, W * 0.01, bark)
    for (x, y), size, turn in ((twig[-1], 0.2, 10), (twig[10], 0.15, 40), (low[-1], 0.17, 20), (main[4], 0.16, 5),
                               (main[-3], 0.17, 30), (main[26], 0.12, 50), (main[12], 0.11, 60)):
        art.blossom(s, x, y, W * size, turn=turn)
    for index, height in ((14, 0.2), (23, 0.14)):
        x, y = main[index]
        art.cat(s, x, y - H * height * 0.5, H * height, (12, 8, 24), eyes=art.GOLD)
    window = Image.new("L", image.size, 0)
    ImageDraw.Draw(window).rounded_rectangle((inset, inset, W - inset, H - inset), r * 0.6, fill=255)
    window = ImageChops.multiply(window, scenery.getchannel("A"))
    image.paste(scenery, (0, 0), window)
    d.rounded_rectangle((inset, inset, W - inset, H - inset), r * 0.6, outline=art.GOLD, width=max(2, int(W * 0.018)))
    return paint.grain(_finish(image, w, h), w * 31 + h)


@locked_cache(maxsize=32)
def numbered_back(w: int, h: int, position: int) -> Image.Image:
    """The card back with its position (0-3) written large on it as 1-4: the number every button names."""
    mark, m = _canvas(w, h)
    W, H = w * _SS, h * _SS
    r = W * 0.33
    m.ellipse((W / 2 - r, H / 2 - r, W / 2 + r, H / 2 + r), fill=(16, 12, 40, 215), outline=art.GOLD,
              width=max(2, int(W * 0.03)))
    _centred_text(m, str(position + 1), W / 2, H / 2 + W * 0.02, int(r * 1.5), art.MOON, INK, int(W * 0.02))
    image = back(w, h).copy()
    image.alpha_composite(_finish(mark, w, h))
    return image


@locked_cache(maxsize=16)
def shadow(w: int, h: int) -> Image.Image:
    """A soft shadow for a w x h card, larger by SHADOW on every side: cards rest on the table, not cut out of it."""
    mask = Image.new("L", (w + 2 * SHADOW, h + 2 * SHADOW), 0)
    ImageDraw.Draw(mask).rounded_rectangle((SHADOW, SHADOW, SHADOW + w, SHADOW + h), w * 0.1, fill=150)
    image = Image.new("RGBA", mask.size, (6, 4, 18, 0))
    image.putalpha(mask.filter(ImageFilter.GaussianBlur(SHADOW / 2.5)))
    return image
