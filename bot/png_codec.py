"""zlib-ng for the pictures' fresh bands: images/ deflates with the standard library's zlib unless given this.

A table's picture spent about half of its time deflating the rows drawn on (zlib level 1). zlib-ng's level 2 writes
the same format faster and smaller: the 5-seat sample table drawn and encoded in 3.56 against 4.41 ms of CPU, 116
against 121 KB; the golden scenes of both games 70.9 against 73.4 KB a picture (`python -m
tests.benchmarks.bench_images`). Its level 1 is faster still (about 0.3 ms a picture) but 11-22 % larger, which
pushes private pictures past 60 KB. isal was faster than both, but on this project's machines (AMD EPYC) every
Pillow paste after its first call ran three times slower, so it is not used. images/ imports only Pillow and the
standard library, so the bot installs the codec (`images.bands.use_codec`).
"""

from __future__ import annotations

from zlib_ng import zlib_ng

from images.bands import Codec, use_codec

LEVEL = 2


def _deflate(data: bytes, history: bytes) -> bytes:
    if history:
        compressor = zlib_ng.compressobj(LEVEL, zlib_ng.DEFLATED, -15, zdict=history)
    else:
        compressor = zlib_ng.compressobj(LEVEL, zlib_ng.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush(zlib_ng.Z_SYNC_FLUSH)


ZLIB_NG = Codec(_deflate, zlib_ng.adler32)


def use_zlib_ng() -> None:
    """Deflate the pictures of this process with zlib-ng."""
    use_codec(ZLIB_NG)
