"""The two moves of Dream 21, as small frozen records, and their JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.dream21.cards import Card
from game.errors import unreadable_action


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile (a following seat, before it plays)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card onto the trick; `ace_high` makes an ace count 11 instead of 1."""

    seat: int
    card: Card
    ace_high: bool = False

    @property
    def value(self) -> int:
        """What the card adds to the total."""
        return self.card.counts(self.ace_high)


Action = Draw | Play


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-safe dict for one action."""
    if isinstance(action, Draw):
        return {"kind": "draw", "seat": action.seat}
    return {"kind": "play", "seat": action.seat, "card": action.card.code, "ace_high": action.ace_high}


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action that `action_to_dict` wrote; CorruptStateError if unreadable."""
    try:
        seat = int(data["seat"])
        if data["kind"] == "draw":
            return Draw(seat)
        if data["kind"] == "play":
            return Play(seat, Card.from_code(data["card"]), bool(data["ace_high"]))
        raise KeyError(data["kind"])
    except (KeyError, TypeError, ValueError) as exc:
        raise unreadable_action(data, exc) from exc
