"""PNG of a frame drawn over a cached layer: only the rows drawn on are mapped to the palette and deflated anew.

A frame is cut into bands of BAND rows. A band that nothing was drawn on is the layer's band, whose palette
indices and deflated bytes are computed once per layer; the other bands are mapped and deflated now. Deflate
streams may be cut at a flush and joined: each part ends with Z_SYNC_FLUSH (byte-aligned, not final), a cached
part is either deflated alone (valid anywhere) or against the layer's preceding 32 KB (valid only where the
frame's preceding 32 KB are the layer's), and one empty final block closes the stream.

Fresh bands are deflated by the process's codec: the standard library's zlib unless the bot installed a faster one
with the same output format (`use_codec`; images/ itself imports only Pillow and the standard library). The bytes
differ between codecs, the pixels never do.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from PIL import Image

BAND = 8  # rows: small enough that a line of text dirties few rows, large enough to deflate well
WINDOW = 32 * 1024  # deflate's window: how far back a part may refer
FRESH_LEVEL = 1  # bands drawn on: deflated for every frame, fast
CACHED_LEVEL = 9  # layer bands: deflated once per layer, small
# Above this share of a frame's rows drawn on, the frame is mapped to the palette whole and the runs cut from it:
# copying the runs out and into one image cost more than mapping the rest (a table with three seats and a move's
# caption is drawn on in 80 of its 90 bands: 3.2 ms against 1.8 ms on a slow machine, scratch timing).
WHOLE_SHARE = 0.5
_LOCK = threading.Lock()
_LAYERS: dict[Hashable, _Layer] = {}


@dataclass(frozen=True, slots=True)
class Codec:
    """How a frame's fresh bands are deflated and its stream checksummed."""

    deflate: Callable[[bytes, bytes], bytes]  # raw deflate of data after a history, sync-flushed (see _deflate)
    adler32: Callable[[bytes], int]


class _Installed:
    codec: Codec


def use_codec(codec: Codec) -> None:
    """Deflate fresh bands with `codec` from now on, in this process."""
    _Installed.codec = codec


@dataclass(frozen=True, slots=True)
class _Layer:
    raw: tuple[bytes, ...]  # each band's filtered PNG rows (a 0 filter byte, then the palette indices)
    alone: tuple[bytes, ...]  # each band deflated on its own
    in_context: tuple[bytes, ...]  # each band deflated after the layer's preceding rows
    context_bands: int  # clean bands needed before a band for its in-context part to be valid


def encode_layered(image: Image.Image, key: Hashable, layer: Image.Image, changed: Sequence[tuple[int, int]],
                   palette: Image.Image) -> bytes:
    """The frame as PNG; `changed` holds the spans of rows drawn on since it was a copy of `layer`."""
    cached = _prepared(key, layer, palette)
    runs = _dirty_runs(changed, len(cached.raw), image.height)
    fresh = iter(_mapped_runs(image, runs, palette))
    raws: list[bytes] = []
    parts: list[bytes] = []
    clean = cached.context_bands  # the start of the stream is as good as clean context
    next_band = 0
    for start, end in [*runs, (len(cached.raw), len(cached.raw))]:
        for band in range(next_band, start):
            raws.append(cached.raw[band])
            parts.append(cached.in_context[band] if clean >= cached.context_bands else cached.alone[band])
            clean += 1
        if start < end:
            raw = next(fresh)
            parts.append(_Installed.codec.deflate(raw, _tail(raws)))
            raws.append(raw)
            clean = 0
        next_band = end
    return _png(image.width, image.height, palette, _zlib_stream(b"".join(parts), b"".join(raws)))


def encode_whole(image: Image.Image, palette: Image.Image) -> bytes:
    """A frame drawn on no cached layer as PNG: mapped to the palette and deflated whole by the process's codec."""
    # With zlib-ng: 19-33 % less CPU than Pillow's PNG writer at zlib level 1, 7-9 % fewer bytes (bench_images).
    data = _filtered_rows(image, palette)
    return _png(image.width, image.height, palette, _zlib_stream(_Installed.codec.deflate(data, b""), data))


def _zlib_stream(deflated: bytes, data: bytes) -> bytes:
    """A zlib stream around raw deflate blocks (not yet final) of `data`: header, an empty final block, checksum."""
    return b"\x78\x01" + deflated + b"\x03\x00" + struct.pack(">I", _Installed.codec.adler32(data))


def _filtered_rows(image: Image.Image, palette: Image.Image) -> bytes:
    """The image's rows mapped to the palette as PNG scanlines, each after its filter byte (0: none)."""
    rows = Image.new("P", (image.width + 1, image.height), 0)  # column 0: each row's filter byte
    rows.paste(image.quantize(palette=palette, dither=Image.Dither.NONE), (1, 0))
    return rows.tobytes()


def _mapped_runs(image: Image.Image, runs: Sequence[tuple[int, int]], palette: Image.Image) -> list[bytes]:
    """Each run of bands drawn on as filtered PNG rows, all mapped to the palette in one pass (one colour cache)."""
    spans = [(start * BAND, min(image.height, end * BAND)) for start, end in runs]
    stride, drawn_rows = image.width + 1, sum(bottom - top for top, bottom in spans)
    if drawn_rows > image.height * WHOLE_SHARE:
        # Most of the frame was drawn on: mapping it whole costs less than copying the runs out and together.
        data = _filtered_rows(image, palette)
        return [data[top * stride:bottom * stride] for top, bottom in spans]
    stacked = Image.new("RGB", (image.width, drawn_rows))
    y = 0
    for top, bottom in spans:
        stacked.paste(image.crop((0, top, image.width, bottom)), (0, y))
        y += bottom - top
    data, y = _filtered_rows(stacked, palette), 0
    found = []
    for top, bottom in spans:
        found.append(data[y * stride:(y + bottom - top) * stride])
        y += bottom - top
    return found


def _prepared(key: Hashable, layer: Image.Image, palette: Image.Image) -> _Layer:
    with _LOCK:
        found = _LAYERS.get(key)
        if found is None:
            found = _LAYERS[key] = _prepare(layer, palette)
        return found


def _prepare(layer: Image.Image, palette: Image.Image) -> _Layer:
    indices = layer.quantize(palette=palette, dither=Image.Dither.NONE).tobytes()
    width, stride = layer.width, BAND * layer.width
    raw = tuple(_filtered(indices[top:top + stride], width) for top in range(0, len(indices), stride))
    alone = tuple(_deflate(band, CACHED_LEVEL, b"") for band in raw)
    in_context = tuple(_deflate(band, CACHED_LEVEL, _tail(raw[:i])) for i, band in enumerate(raw))
    return _Layer(raw, alone, in_context, -(-WINDOW // (BAND * (width + 1))))


def _dirty_runs(changed: Sequence[tuple[int, int]], count: int, height: int) -> list[tuple[int, int]]:
    """The runs of bands drawn on, as (first band, band after the last)."""
    dirty = [False] * count
    for top, bottom in changed:
        top, bottom = max(0, top), min(height, bottom)
        if bottom > top:
            for band in range(top // BAND, (bottom - 1) // BAND + 1):
                dirty[band] = True
    runs: list[tuple[int, int]] = []
    for band, drawn in enumerate(dirty):
        if drawn and runs and runs[-1][1] == band:
            runs[-1] = (runs[-1][0], band + 1)
        elif drawn:
            runs.append((band, band + 1))
    return runs


def _filtered(indices: bytes, width: int) -> bytes:
    """PNG rows: each row of palette indices after its filter byte (0: none)."""
    return b"".join(b"\0" + indices[top:top + width] for top in range(0, len(indices), width))


def _tail(parts: Sequence[bytes]) -> bytes:
    """The last WINDOW bytes of the parts joined."""
    taken: list[bytes] = []
    size = 0
    for part in reversed(parts):
        taken.append(part)
        size += len(part)
        if size >= WINDOW:
            break
    return b"".join(reversed(taken))[-WINDOW:]


def _deflate(data: bytes, level: int, history: bytes) -> bytes:
    """Raw deflate of data after `history` (which it may refer back to), flushed to a byte boundary, not final."""
    if history:
        compressor = zlib.compressobj(level, zlib.DEFLATED, -15, zdict=history)
    else:
        compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)


def _standard_fresh(data: bytes, history: bytes) -> bytes:
    return _deflate(data, FRESH_LEVEL, history)


STANDARD = Codec(_standard_fresh, zlib.adler32)
_Installed.codec = STANDARD


def _png(width: int, height: int, palette: Image.Image, stream: bytes) -> bytes:
    colours = palette.getpalette()
    assert colours is not None  # the fixed palette image always has one
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices, no interlace
    return b"\x89PNG\r\n\x1a\n" + b"".join(
        _chunk(kind, body) for kind, body in ((b"IHDR", header), (b"PLTE", bytes(colours[:768])),
                                              (b"IDAT", stream), (b"IEND", b"")))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
