"""zlib-ng for the pictures' fresh bands: images/ deflates with the standard library's zlib unless given this.

A table's picture spent about half of its time deflating the rows drawn on (zlib level 1). zlib-ng's level 2 writes
the same format faster and smaller: the 5-seat sample table drawn and encoded in 3.56 against 4.41 ms of CPU, 116
against 121 KB; the golden scenes of both games 70.9 against 73.4 KB a picture (`python -m
tests.benchmarks.bench_images`). isal was faster than both, but on this project's machines (AMD EPYC) every Pillow
paste after its first call ran three times slower, so it is not used. images/ imports only Pillow and the standard
library, so the bot installs the codec (`images.bands.use_codec`).

zlib-ng's level 1 is the hasty codec. A table as players see it (names of its own, a caption of the last move) is
drawn on in about 80 of its 90 bands, and there level 1 encodes in a quarter less time for a third more bytes (5.4-6.1
against 7.2-8.3 ms, 156 against 120 KB, on a slow machine); on the sample table, which repeats, it saved only 0.3 ms
for 11-22 % more bytes. The bot asks for it only while its drawers are behind (bot.pictures.hurry).
"""

from __future__ import annotations

from collections.abc import Callable

from zlib_ng import zlib_ng

from images.bands import Codec, use_codec

LEVEL = 2
HASTY_LEVEL = 1


def _deflater(level: int) -> Callable[[bytes, bytes], bytes]:
    def deflate(data: bytes, history: bytes) -> bytes:
        if history:
            compressor = zlib_ng.compressobj(level, zlib_ng.DEFLATED, -15, zdict=history)
        else:
            compressor = zlib_ng.compressobj(level, zlib_ng.DEFLATED, -15)
        return compressor.compress(data) + compressor.flush(zlib_ng.Z_SYNC_FLUSH)

    return deflate


ZLIB_NG = Codec(_deflater(LEVEL), zlib_ng.adler32)
ZLIB_NG_HASTY = Codec(_deflater(HASTY_LEVEL), zlib_ng.adler32)


def use_zlib_ng(hasty: bool = False) -> None:
    """Deflate the pictures of this process with zlib-ng: for size, or for speed (`hasty`)."""
    use_codec(ZLIB_NG_HASTY if hasty else ZLIB_NG)
