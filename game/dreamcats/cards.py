"""The 54 Dreamcats cards ("lands") and their values."""

from __future__ import annotations

import random
from collections.abc import Iterable
from enum import IntEnum


class Card(IntEnum):
    """One land card: the numbers 0-9 and the three special lands."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TAKE_2 = 10
    PEEK_1 = 11
    SWAP_2 = 12

    @property
    def points(self) -> int:
        """The number of cats the card counts for."""
        return POINTS[self]

    @property
    def is_special(self) -> bool:
        """Whether the card has a power (Take 2, Peek 1, Swap 2)."""
        return self >= Card.TAKE_2


# Special cards count their printed value: Take 2 = 5, Peek 1 = 6, Swap 2 = 7.
POINTS: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 5, 6, 7)
SPECIALS: tuple[Card, ...] = (Card.TAKE_2, Card.PEEK_1, Card.SWAP_2)
COPIES: dict[Card, int] = {**{Card(n): 4 for n in range(9)}, Card.NINE: 9, **{c: 3 for c in SPECIALS}}
DECK_SIZE = 54
DREAM_SIZE = 4


_DECK: tuple[Card, ...] = tuple(card for card, copies in COPIES.items() for _ in range(copies))


def full_deck() -> list[Card]:
    """All 54 cards in a fixed order."""
    return list(_DECK)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """All 54 cards shuffled by the given random generator."""
    deck = list(_DECK)
    rng.shuffle(deck)
    return deck


def points_of(cards: Iterable[Card]) -> int:
    """The total number of cats in some cards."""
    return sum(map(POINTS.__getitem__, cards))
