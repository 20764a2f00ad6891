"""Dream 21 match settings with the allowed ranges of RULES-dream21.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.options import check_range, from_plain_dict, plain_dict

HANDS_PER_SEAT_RANGE = (1, 5)
TURN_TIMER_RANGE = (30, 900)


@dataclass(frozen=True, slots=True)
class Dream21Settings:
    """Per-match options; `validated()` raises SettingsError on bad values.

    A match is `hands_per_seat` x seats hands, so that every seat deals equally (RULES-dream21.md §2).
    """

    hands_per_seat: int = 2
    turn_timer: int = 120

    def validated(self) -> Dream21Settings:
        """Return self if every value is allowed, else raise SettingsError."""
        check_range("number of hands per seat", self.hands_per_seat, HANDS_PER_SEAT_RANGE)
        check_range("turn timer", self.turn_timer, TURN_TIMER_RANGE)
        return self

    def hands_in_match(self, num_seats: int) -> int:
        """How many hands a match at this table lasts."""
        return self.hands_per_seat * num_seats

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the settings."""
        return plain_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Dream21Settings:
        """Settings from `to_dict` output, validated."""
        return from_plain_dict(cls, data)

