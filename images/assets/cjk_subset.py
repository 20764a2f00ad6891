"""The code points kept in NotoSansCJK-Subset-Regular.otf (LICENSE-NotoSansCJK.txt says how the font was cut).

Run: python images/assets/cjk_subset.py > unicodes.txt (the standard library's codecs decide what each national set
holds). Not imported by the bot.
"""

from __future__ import annotations

IDEOGRAPHS = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))
HANGUL = ((0xAC00, 0xD7A3),)
WHOLE_BLOCKS = ((0x1100, 0x11FF), (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x3130, 0x318F),
                (0x31F0, 0x31FF), (0x3200, 0x32FF), (0xFF01, 0xFF60), (0xFF61, 0xFF9F))
BIG5_LEVEL_1_END = (0xC6, 0x7E)  # Big5's frequently used characters run from A440 to C67E


def encodable(codec: str, ranges: tuple[tuple[int, int], ...]) -> set[int]:
    """The code points in the ranges that the codec's national set holds."""
    found = set()
    for low, high in ranges:
        for point in range(low, high + 1):
            try:
                chr(point).encode(codec)
            except UnicodeEncodeError:
                continue
            found.add(point)
    return found


def big5_level_1() -> set[int]:
    """Big5's frequently used ideographs."""
    found = set()
    for high in range(0xA4, BIG5_LEVEL_1_END[0] + 1):
        for low in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            if (high, low) > BIG5_LEVEL_1_END:
                continue
            try:
                found.add(ord(bytes((high, low)).decode("big5")))
            except UnicodeDecodeError:
                continue
    return {p for p in found if any(low <= p <= high for low, high in IDEOGRAPHS)}


def kept() -> list[int]:
    """Every code point the subset keeps, in order."""
    points = encodable("gb2312", IDEOGRAPHS) | encodable("euc_jp", IDEOGRAPHS) | encodable("euc_kr", IDEOGRAPHS)
    points |= big5_level_1() | encodable("euc_kr", HANGUL)
    for low, high in WHOLE_BLOCKS:
        points |= set(range(low, high + 1))
    return sorted(points)


if __name__ == "__main__":
    print(",".join(f"U+{point:04X}" for point in kept()))
