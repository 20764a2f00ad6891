"""PNG encoding tuned for our pictures: one fixed 256-colour palette, so a frame maps and deflates in a few ms.

The palette is the sky's own colours (the background is already mapped to them),
the stars, the moon and the lanterns, and the colours of sample pictures of every kind, learned once per process.
"""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from images import art, scene
from images.bands import encode_layered, encode_whole
from images.fonts import locked_cache

COMPRESS_LEVEL = 1  # for pictures not in RGB (kept in their mode): 40% less deflate time than level 3 (bench_images)
_KEY = (255, 0, 255)  # a colour no picture uses: marks "background here" in the sample


def encode_png(image: Image.Image) -> bytes:
    """The picture as PNG bytes: RGB pictures are mapped to the fixed palette (no dithering), others kept."""
    key, layer = image.info.get(scene.LAYER, (None, None))
    # A frame begun with scene.on_layer is drawn on only through scene.paste, which notes the rows it changes
    # (a resized or cropped copy keeps the note but not the layer's size: it is encoded whole).
    if layer is not None and image.mode == "RGB" and image.size == layer.size:
        return encode_layered(image, key, layer, image.info[scene.CHANGED], palette())
    if image.mode == "RGBA":
        image = image.convert("RGB")
    if image.mode == "RGB":
        return encode_whole(image, palette())
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


@locked_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette image: sky colours, stars and moon, then the sample pictures' own colours."""
    fixed = [*scene.sky_palette()]
    for colour in (*scene.STAR_SHADES, art.MOON, art.LANTERN, art.LANTERN_LIGHT):
        fixed.extend(colour[:3])
    room = 256 - len(fixed) // 3
    colours = [c for c in _foreground_colours(room + 1) if c != _KEY][:room]
    for colour in colours:
        fixed.extend(colour)
    image = Image.new("P", (1, 1))
    image.putpalette(fixed + [0] * (768 - len(fixed)))
    return image


def _foreground_colours(count: int) -> list[tuple[int, int, int]]:
    from images.dreamcats.samples import (  # late: they need every drawing module
        SHEET_GROUND,
        face_sheet,
        sample_pictures,
    )

    pairs = [(p, scene.background(p.width, p.height)) for p in sample_pictures()]
    sheet = face_sheet()
    pairs.append((sheet, Image.new("RGB", sheet.size, SHEET_GROUND)))
    width = max(p.width for p, _ in pairs)
    canvas = Image.new("RGB", (width, sum(p.height for p, _ in pairs)), _KEY)
    top = 0
    for picture, behind in pairs:
        changed = ImageChops.difference(picture, behind).convert("L").point(lambda v: 255 if v > 4 else 0)
        canvas.paste(picture, (0, top), changed)
        top += picture.height
    quantized = canvas.quantize(count, method=Image.Quantize.FASTOCTREE)
    palette = quantized.getpalette()
    assert palette is not None  # a quantized image always has a palette
    flat = palette[: count * 3]
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
