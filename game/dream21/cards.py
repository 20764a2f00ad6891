"""The 52 cards of a standard deck, their values, and their short codes ("7S", "10H", "AD")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Suit(StrEnum):
    """The four suits; they play no part in the rules, they are only shown."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit's symbol, as printed on the card."""
        return _SYMBOLS[self]


class Rank(IntEnum):
    """Ace to king; the number is the rank, not the value (see `Card.value`)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The rank as printed: A, 2-10, J, Q, K."""
        return _LABELS.get(self, str(int(self)))


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_LABELS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_BY_LABEL = {rank.label: rank for rank in Rank}
ACE_HIGH = 11
TARGET = 21
DECK_SIZE = 52
HAND_SIZE = 5


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card."""

    rank: Rank
    suit: Suit

    @property
    def is_ace(self) -> bool:
        """Whether the card is an ace, which counts 1 or 11."""
        return self.rank is Rank.ACE

    @property
    def value(self) -> int:
        """The card's low value: 2-10 face value, J/Q/K 10, an ace 1."""
        return min(int(self.rank), 10)

    def counts(self, ace_high: bool) -> int:
        """What the card adds to the total when played (an ace counts 11 when `ace_high`)."""
        return ACE_HIGH if ace_high and self.is_ace else self.value

    @property
    def code(self) -> str:
        """A short ASCII code for storage: "AS", "10H", "QD"."""
        return f"{self.rank.label}{self.suit.value}"

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    @classmethod
    def from_code(cls, code: str) -> Card:
        """The card with this short code; ValueError if there is none."""
        if not isinstance(code, str) or len(code) < 2 or code[:-1] not in _BY_LABEL:
            raise ValueError(f"No card has the code {code!r}.")
        return cls(_BY_LABEL[code[:-1]], Suit(code[-1]))


_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)


def full_deck() -> list[Card]:
    """All 52 cards in a fixed order."""
    return list(_DECK)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """All 52 cards shuffled by the given random generator."""
    deck = list(_DECK)
    rng.shuffle(deck)
    return deck
