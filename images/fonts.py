"""The bundled fonts (DejaVu; Amatic SC for titles; Noto Sans CJK for what they lack), safe text (no missing glyphs,
ellipsis when too long), sprites.

DejaVu draws Latin, Greek, Cyrillic, Arabic and Hebrew, but no Chinese, Japanese or Korean: a name in those scripts
was left out of every picture ("Seat 2" in its place). Such characters are now drawn with a subset of Noto Sans CJK
(images/assets/LICENSE-NotoSansCJK.txt), run by run beside the DejaVu text; text that needs no fallback is laid out
as before, in one piece.
"""

from __future__ import annotations

import functools
import threading
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import ParamSpec, TypeVar

from PIL import Image, ImageChops, ImageDraw, ImageFont

from images.masks import OUTLINE, coloured, emboldened, grown, sprite_box
from images.masks import Colour as Colour  # the pictures name their colours by it, from here

P = ParamSpec("P")
R = TypeVar("R")
_LOCK = threading.RLock()

_BOLD = "DejaVuSans-Bold.ttf"
_CONDENSED = "DejaVuSansCondensed-Bold.ttf"
_DISPLAY = "AmaticSC-Bold.ttf"  # hand-drawn, like ink: for large titles only, it is too thin to read small
_FALLBACK = "NotoSansCJK-Subset-Regular.otf"  # Chinese, Japanese and Korean: only a regular weight is bundled
ELLIPSIS = "…"
# A code point no font here draws: whatever it renders as is the "missing glyph" box.
_MISSING_PROBE = "\U0010fffd"
_DROPPED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# The bidirectional isolates (format characters, kept): a name set apart by them (`isolated`) is laid out on its own.
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"
_KEPT_FORMAT = {"\u2066", "\u2067", FIRST_STRONG_ISOLATE, POP_ISOLATE}


def locked_cache(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Like functools.lru_cache, but one thread at a time: FreeType faces must not be used concurrently."""

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        # typeshed's lru_cache wrapper forgets the parameters (it takes any Hashable): keep func's own signature.
        cached: Callable[..., R] = lru_cache(maxsize=maxsize)(func)

        @functools.wraps(func)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            with _LOCK:
                return cached(*args, **kwargs)

        return call

    return decorate


@locked_cache(maxsize=64)
def font(size: int, condensed: bool = False, display: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled bold DejaVu Sans (or its condensed cut, or the display face for titles) at a pixel size."""
    name = _DISPLAY if display else _CONDENSED if condensed else _BOLD
    with resources.as_file(resources.files("images") / "assets" / name) as path:
        return ImageFont.truetype(str(path), size)


@locked_cache(maxsize=16)
def fallback_font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled Noto Sans CJK subset at a pixel size: for the characters the DejaVu faces do not draw."""
    with resources.as_file(resources.files("images") / "assets" / _FALLBACK) as path:
        return ImageFont.truetype(str(path), size)


@locked_cache(maxsize=4096)
def _has_glyph(char: str, condensed: bool, display: bool = False) -> bool:
    return _draws(font(24, condensed, display), char)


@locked_cache(maxsize=4096)
def _fallback_draws(char: str) -> bool:
    # Its blank characters (Hangul fillers such as U+3164, which people use for names that look empty) draw nothing:
    # not drawn, so that a name of them alone is shown as its seat.
    return _draws(fallback_font(24), char, blank=False)


def _draws(probe: ImageFont.FreeTypeFont, char: str, *, blank: bool = True) -> bool:
    """Whether the face draws the character (not its missing-glyph box; nor nothing at all, unless `blank`)."""
    mask = probe.getmask(char)
    if not blank and 0 in mask.size:
        return False
    missing = probe.getmask(_MISSING_PROBE)
    return bool(mask.size != missing.size or bytes(mask) != bytes(missing))


@locked_cache(maxsize=2048)
def _face_runs(text: str, condensed: bool, display: bool) -> tuple[tuple[str, bool], ...]:
    """The cleaned text cut into runs, each with whether the fallback face draws it (else the DejaVu face). Spaces
    between two characters of one face stay in its run (a right-to-left phrase keeps its words in order); spaces
    where the face changes stand apart, so that a right-to-left run laid out alone does not carry them to its far
    side."""
    if text.isascii() and not display:  # DejaVu draws every printable ASCII character (clean took out the rest)
        return ((text, False),)
    faces = [None if char.isspace() or char in _KEPT_FORMAT else not _has_glyph(char, condensed, display)
             for char in text]
    # A space or a format character goes with the face on both sides of it, or stands apart (key None) between two.
    keys: list[bool | None] = []
    before: bool | None = None
    for index, face in enumerate(faces):
        if face is None:
            after = next((f for f in faces[index + 1:] if f is not None), None)
            face = after if before is None else before if after in (None, before) else None
        else:
            before = face
        keys.append(face)
    runs: list[tuple[str, bool]] = []
    for index, char in enumerate(text):
        if index and keys[index] == keys[index - 1]:
            runs[-1] = (runs[-1][0] + char, runs[-1][1])
        else:
            runs.append((char, keys[index] is True))
    return tuple(runs)


def text_length(text: str, size: int, condensed: bool = False, display: bool = False) -> float:
    """How wide the cleaned text is drawn, in pixels (the fallback face's runs measured with it)."""
    with _LOCK:  # FreeType faces must not be used concurrently
        return _text_length(text, size, condensed, display)


def _text_length(text: str, size: int, condensed: bool, display: bool) -> float:
    shown = clean(text, condensed, display)
    face = font(size, condensed, display)
    runs = _face_runs(shown, condensed, display)
    if not any(fallback for _, fallback in runs):
        return face.getlength(shown)
    return sum((fallback_font(size) if fallback else face).getlength(run, direction=_runs_direction(face))
               for run, fallback in runs)


def _runs_direction(face: ImageFont.FreeTypeFont) -> str | None:
    """The direction each run of a mixed text is laid out in: left to right, as the runs are laid side by side (a
    run cut from the middle of an isolated name would otherwise take its own first letter's direction). Only the
    complex layout (libraqm) takes one; without it nothing is reordered at all."""
    return "ltr" if face.layout_engine == ImageFont.Layout.RAQM else None


def isolated(name: str) -> str:
    """A name set apart for the bidirectional layout: a right-to-left name beside a number ("محمد 4") no longer draws
    the number into its own run, where it would show on the wrong side of the name."""
    return f"{FIRST_STRONG_ISOLATE}{name}{POP_ISOLATE}"


@locked_cache(maxsize=2048)
def clean(text: str, condensed: bool = False, display: bool = False) -> str:
    """The text without control characters, emoji or anything else the font cannot draw; spaces collapsed."""
    kept = []
    for char in unicodedata.normalize("NFC", text):
        if char.isspace():
            kept.append(" ")
        elif char in _KEPT_FORMAT or (unicodedata.category(char) not in _DROPPED_CATEGORIES
                                      and (_has_glyph(char, condensed, display) or _fallback_draws(char))):
            kept.append(char)
    text = " ".join("".join(kept).split())
    # A name whose end could not be drawn ("Ela 🌸") would leave its space inside the isolate, beside the next one.
    return text.replace(" " + POP_ISOLATE, POP_ISOLATE).replace(FIRST_STRONG_ISOLATE + " ", FIRST_STRONG_ISOLATE)


@locked_cache(maxsize=2048)
def fit(text: str, size: int, max_width: int, condensed: bool = False, display: bool = False) -> str:
    """The cleaned text, cut and ended with an ellipsis if it is wider than max_width pixels."""
    text = clean(text, condensed, display)
    if text_length(text, size, condensed, display) <= max_width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that still fits with the ellipsis
        mid = (low + high + 1) // 2
        if text_length(text[:mid].rstrip() + ELLIPSIS, size, condensed, display) <= max_width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def fit_name(template: str, name: str, size: int, max_width: int, condensed: bool = False) -> str:
    """`template` with `name` (set apart, as isolated) cut so that the whole fits max_width: a long name gives way,
    never the words around it ("Dawid the extraordin…'s turn", not "Dawid the extraordinarily lo…")."""
    # Measured with a name in place: cleaning trims the spaces at a bare template's ends, which the name keeps.
    around = text_length(clean(template.format(name="x"), condensed), size, condensed) - text_length("x", size,
                                                                                                   condensed)
    room = max_width - around
    return template.format(name=isolated(fit(name, size, max(int(room), 0), condensed)))


# Labels repeat in every picture; names differ per table, so at hundreds of tables no bound keeps them all, and 1,024
# sprites (about 30 KB each) held 30 MB of a busy bot's memory for few hits.
@locked_cache(maxsize=256)
def text_sprite(
    text: str,
    size: int,
    fill: Colour,
    max_width: int = 10_000,
    *,
    condensed: bool = False,
    display: bool = False,
    stroke: Colour | None = (14, 12, 34),
) -> Image.Image:
    """A transparent RGBA image of one line of text, fitted to max_width, with an optional dark outline."""
    shown = fit(text, size, max_width, condensed, display)
    face = font(size, condensed, display)
    if any(fallback for _, fallback in _face_runs(shown, condensed, display)):
        return _mixed_sprite(shown, size, fill, condensed=condensed, display=display, stroke=stroke)
    if stroke is None:
        left, _, right, _ = face.getbbox(shown or " ")
        box, origin = sprite_box(face, left, right, 0)
        image = Image.new("RGBA", box, (0, 0, 0, 0))
        ImageDraw.Draw(image).text(origin, shown, font=face, fill=fill)
        return image
    # One rasterisation gives both the glyphs and where they sit (getbbox(stroke_width=OUTLINE) would measure their
    # box widened by OUTLINE all round), and they are laid on the empty mask as ImageDraw.text would lay them.
    glyphs, (glyphs_x, glyphs_y) = face.getmask2(shown or " ", "L")
    box, origin = sprite_box(face, glyphs_x - OUTLINE, glyphs_x + glyphs.size[0] + OUTLINE, OUTLINE)
    mask = Image.new("L", box, 0)
    if shown and 0 not in glyphs.size:
        x, y = origin[0] + glyphs_x, origin[1] + glyphs_y
        # The glyphs come as Pillow's core image; its own paste copies them without a round trip through bytes.
        mask.im.paste(glyphs, (x, y, x + glyphs.size[0], y + glyphs.size[1]))
    image = coloured(stroke, grown(mask))
    image.alpha_composite(coloured(fill, mask))
    return image


def _mixed_sprite(shown: str, size: int, fill: Colour, *, condensed: bool, display: bool,
                  stroke: Colour | None) -> Image.Image:
    """text_sprite for text with runs in the fallback face: each run rasterised with its own face, all on the DejaVu
    face's baseline (laid left to right: a right-to-left run keeps its own order inside it)."""
    face = font(size, condensed, display)
    ascent, descent = face.getmetrics()
    outline = OUTLINE if stroke is not None else 0
    pieces: list[tuple[Image.Image, float, int]] = []  # each run's glyphs, where they start and their top
    advance = 0.0
    for run, fallback in _face_runs(shown, condensed, display):
        run_face = fallback_font(size) if fallback else face
        glyphs, (glyphs_x, glyphs_y) = run_face.getmask2(run, "L", direction=_runs_direction(run_face))
        if 0 not in glyphs.size:
            # getmask2 places the glyphs from the run's own ascender line: moved onto the DejaVu face's baseline.
            piece = Image.new("L", glyphs.size, 0)
            piece.im.paste(glyphs, (0, 0, *glyphs.size))
            pieces.append((emboldened(piece) if fallback else piece, advance + glyphs_x,
                           glyphs_y + ascent - run_face.getmetrics()[0]))
        advance += run_face.getlength(run, direction=_runs_direction(run_face))
    left = min([0.0, *(x for _, x, _ in pieces)])
    right = max([advance, *(x + piece.width for piece, x, _ in pieces)])
    top = min([0, *(y for _, _, y in pieces)])
    bottom = max([ascent + descent, *(y + piece.height for piece, _, y in pieces)])
    mask = Image.new("L", (int(right - left) + 2 + 2 * outline, bottom - top + 2 * outline + 2), 0)
    for piece, x, y in pieces:
        # Neighbouring runs' edges may share a column: the brighter coverage wins, as one rasterisation would give.
        at = (int(x - left) + 1 + outline, y - top + outline + 1)
        region = (*at, at[0] + piece.width, at[1] + piece.height)
        mask.paste(ImageChops.lighter(mask.crop(region), piece), region)
    if stroke is None:
        return coloured(fill, mask)
    image = coloured(stroke, grown(mask))
    image.alpha_composite(coloured(fill, mask))
    return image
