"""Cat Duel match settings with the allowed values of RULES-catduel.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.errors import SettingsError
from game.options import check_range, from_plain_dict, plain_dict

BEST_OF = (1, 3, 5)
TURN_TIMER_RANGE = (20, 300)



def duels_to_win(best_of: int) -> int:
    """How many duels make a majority of a match of `best_of` duels."""
    return best_of // 2 + 1

@dataclass(frozen=True, slots=True)
class CatDuelSettings:
    """Per-match options; `validated()` raises SettingsError on bad values."""

    best_of: int = 1
    wild_abilities: bool = False
    turn_timer: int = 60

    def validated(self) -> CatDuelSettings:
        """Return self if every value is allowed, else raise SettingsError."""
        if type(self.best_of) is not int or self.best_of not in BEST_OF:
            raise SettingsError(f"Best of must be 1, 3 or 5, not {self.best_of!r}.")
        if type(self.wild_abilities) is not bool:
            raise SettingsError(f"Wild abilities must be on or off, not {self.wild_abilities!r}.")
        check_range("turn timer", self.turn_timer, TURN_TIMER_RANGE)
        return self

    @property
    def duels_to_win(self) -> int:
        """How many duels make a majority of the match."""
        return duels_to_win(self.best_of)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the settings."""
        return plain_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CatDuelSettings:
        """Settings from `to_dict` output, validated."""
        return from_plain_dict(cls, data)
