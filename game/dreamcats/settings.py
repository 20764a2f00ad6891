"""Match settings with the allowed ranges of RULES.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.errors import SettingsError
from game.options import check_range, from_plain_dict, plain_dict

POINT_LIMIT_RANGE = (30, 500)
PENALTIES = (5, 15)
ROUNDS_RANGE = (1, 50)
TURN_TIMER_RANGE = (30, 900)
REVEAL_TIME_RANGE = (5, 120)


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """Per-match options; `validated()` raises SettingsError on bad values.

    `fixed_rounds` replaces the point limit when set ("alternatively", RULES.md §2).
    `reveal_time` None means reveals are kept on screen ("keep").
    """

    point_limit: int = 100
    penalty: int = 5
    fixed_rounds: int | None = None
    memory_aid: bool = False
    reveal_time: int | None = 20
    turn_timer: int = 120

    def validated(self) -> MatchSettings:
        """Return self if every value is allowed, else raise SettingsError."""
        check_range("point limit", self.point_limit, POINT_LIMIT_RANGE)
        if type(self.penalty) is not int or self.penalty not in PENALTIES:
            raise SettingsError(f"The penalty must be 5 or 15 (risky), not {self.penalty}.")
        if self.fixed_rounds is not None:
            check_range("number of rounds", self.fixed_rounds, ROUNDS_RANGE)
        if self.reveal_time is not None:
            check_range("reveal time", self.reveal_time, REVEAL_TIME_RANGE)
        check_range("turn timer", self.turn_timer, TURN_TIMER_RANGE)
        if not isinstance(self.memory_aid, bool):
            raise SettingsError("The memory aid is either on or off.")
        return self

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the settings."""
        return plain_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchSettings:
        """Settings from `to_dict` output, validated."""
        return from_plain_dict(cls, data)

