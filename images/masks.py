"""What a text sprite is made of beyond its glyphs: a weight added, an outline grown, a colour laid on a mask."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageFont

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Size = tuple[int, int]


def emboldened(glyphs: Image.Image) -> Image.Image:
    """The regular fallback face's glyphs a pixel wider, to stand beside the bold DejaVu faces."""
    wider = Image.new("L", (glyphs.width + 1, glyphs.height), 0)
    wider.paste(glyphs, (0, 0))
    return ImageChops.lighter(wider, ImageChops.offset(wider, 1, 0))


def sprite_box(face: ImageFont.FreeTypeFont, left: float, right: float, outline: int) -> tuple[Size, Size]:
    """A sprite's size and where its text's origin goes, from the text's left and right edges (outline included)."""
    ascent, descent = face.getmetrics()
    box = (max(1, int(right - min(left, 0)) + 2), ascent + descent + 2 * outline + 2)
    return box, (int(1 - min(left, 0)), outline + 1)


OUTLINE = 2  # pixels of dark outline around outlined text: the growth `grown` applies (a 3x3 square, then a plus)


def grown(mask: Image.Image) -> Image.Image:
    """The mask grown by two pixels (OUTLINE) all round with rounded corners: a 3x3 square, then a plus.

    FreeType's own stroker draws the same outline at three to four times the cost, and text is most of what a table's
    picture draws anew (captions, names, clocks). The sprite's margins are at least OUTLINE wide, so the shifts,
    which wrap around, bring in only empty pixels.
    """
    across = _lighter(mask, ((1, 0), (-1, 0)))
    square = _lighter(across, ((0, 1), (0, -1)))
    return _lighter(square, ((1, 0), (-1, 0), (0, 1), (0, -1)))


def _lighter(mask: Image.Image, shifts: tuple[tuple[int, int], ...]) -> Image.Image:
    grown = mask
    for dx, dy in shifts:
        grown = ImageChops.lighter(grown, ImageChops.offset(mask, dx, dy))
    return grown


def coloured(colour: Colour, mask: Image.Image) -> Image.Image:
    """The colour wherever the mask is, as opaque as the mask (and the colour's own alpha) says."""
    layer = Image.new("RGBA", mask.size, colour)
    if len(colour) == 4 and colour[3] != 255:
        mask = ImageChops.multiply(mask, Image.new("L", mask.size, colour[3]))
    layer.putalpha(mask)
    return layer


