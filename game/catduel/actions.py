"""The two actions of Cat Duel, as small frozen records, and their JSON form.

Both are secret choices that a seat may replace until every seat of the phase has chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.catduel.cards import Ability, Chance, Move
from game.errors import unreadable_action


@dataclass(frozen=True, slots=True)
class Prelude:
    """The prelude choice: use a ready prelude ability, or pass (`ability` None)."""

    seat: int
    ability: Ability | None = None


@dataclass(frozen=True, slots=True)
class Choose:
    """A strategy: a basic move, its targets (a scratch only) and at most one matching chance card."""

    seat: int
    move: Move
    targets: tuple[int, ...] = ()
    card: Chance | None = None


Action = Prelude | Choose


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-safe dict for one action."""
    if isinstance(action, Prelude):
        ability = None if action.ability is None else action.ability.value
        return {"kind": "prelude", "seat": action.seat, "ability": ability}
    card = None if action.card is None else action.card.value
    return {"kind": "choose", "seat": action.seat, "move": action.move.value, "targets": list(action.targets),
            "card": card}


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action that `action_to_dict` wrote; CorruptStateError if unreadable."""
    try:
        seat = int(data["seat"])
        if data["kind"] == "prelude":
            return Prelude(seat, None if data["ability"] is None else Ability(data["ability"]))
        if data["kind"] == "choose":
            card = None if data["card"] is None else Chance(data["card"])
            return Choose(seat, Move(data["move"]), tuple(int(t) for t in data["targets"]), card)
        raise KeyError(data["kind"])
    except (KeyError, TypeError, ValueError) as exc:
        raise unreadable_action(data, exc) from exc
