"""Where things go on the 1080 x 720 table: the seats around the piles, clockwise from the bottom.

Discord shows the table about 360 px wide on a phone, a third of its size: whatever a player must read is drawn
at least about 30 px high here, and the position numbers sit on the card backs themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 1080, 720
PLATE_H = 50
PLATE_GAP = 6  # between the name plate and the cards
SMALL_CARD = (80, 110)
PILE_CARD = (100, 140)
MARGIN = 12
BANNER_H, CAPTION_H = 46, 38  # whose turn, then the last move, at the top of the middle of the table
PILES_OFFSET = 132  # from the top of the middle of the table to the top of the piles

FEW_SEATS_CARD = (100, 138)  # two or three seats leave room for larger cards
# Anchor points (centre x, top y) of a seat block, clockwise from the bottom; None: from the bottom edge.
_ANCHORS: dict[str, tuple[int, int | None]] = {
    "bottom": (WIDTH // 2, None),
    "top": (WIDTH // 2, MARGIN),
    "left": (MARGIN + 172, 290),
    "right": (WIDTH - MARGIN - 172, 290),
    "top-left": (300, MARGIN),
    "top-right": (WIDTH - 300, MARGIN),
}
_ORDER: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "top-left", "top-right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
}


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """One seat's block: a name plate, then its four cards in a row, numbered 1-4 on their backs."""

    cx: int
    top: int
    card_w: int
    card_h: int
    gap: int

    @property
    def width(self) -> int:
        """The width of the block (four cards and the gaps between them)."""
        return 4 * self.card_w + 3 * self.gap

    @property
    def left(self) -> int:
        """The block's left edge."""
        return self.cx - self.width // 2

    @property
    def height(self) -> int:
        """The height of the block from the plate's top to the cards' bottom edge."""
        return PLATE_H + PLATE_GAP + self.card_h

    @property
    def cards_top(self) -> int:
        """The y of the cards' top edge."""
        return self.top + PLATE_H + PLATE_GAP

    def card_xy(self, position: int) -> tuple[int, int]:
        """The top-left corner of the card at a position (0-3)."""
        return self.left + position * (self.card_w + self.gap), self.cards_top

    def card_centre(self, position: int) -> tuple[int, int]:
        """The centre of the card at a position (0-3)."""
        x, y = self.card_xy(position)
        return x + self.card_w // 2, y + self.card_h // 2


def seat_spots(num_seats: int) -> dict[int, SeatSpot]:
    """Each seat's block: seat 0 at the bottom, the rest clockwise."""
    spots: dict[int, SeatSpot] = {}
    (w, h), gap = (FEW_SEATS_CARD, 10) if num_seats <= 3 else (SMALL_CARD, 8)
    for seat, anchor in enumerate(_ORDER[num_seats]):
        cx, top = _ANCHORS[anchor]
        if top is None:
            top = HEIGHT - MARGIN - (PLATE_H + PLATE_GAP + h)
        spots[seat] = SeatSpot(cx, top, w, h, gap)
    return spots


def centre_top(spots: dict[int, SeatSpot]) -> int:
    """Where the middle of the table starts: just below the seats along the top."""
    return max(spot.top + spot.height for spot in spots.values() if spot.top < HEIGHT // 4) + 8
