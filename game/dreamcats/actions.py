"""The moves a seat can make, as small frozen records, and their JSON form."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.errors import CorruptStateError
from game.shared_values import SharedValues


class Slot(NamedTuple):
    """One place in a dream: a seat and a position 0-3 (shown to people as 1-4)."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class InitialPeek:
    """Look at two of your own four cards at the start of a round."""

    seat: int
    positions: tuple[int, int]

    def __post_init__(self) -> None:
        # The two positions are a set: (2, 1) is the same move as (1, 2), and legal_actions lists (1, 2).
        positions = tuple(self.positions)
        if len(positions) == 2 and positions[1] < positions[0]:
            positions = (positions[1], positions[0])
        object.__setattr__(self, "positions", positions)


@dataclass(frozen=True, slots=True)
class WakeUp:
    """Call Wake up! at the start of your turn: the round ends at once."""

    seat: int


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """A: take the top discard into your dream at a position."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class Draw:
    """B: draw the top card of the draw pile and look at it."""

    seat: int


@dataclass(frozen=True, slots=True)
class SwapDrawn:
    """B1: put the card you hold into your dream at a position."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class DiscardDrawn:
    """B2: put the card you hold face up on the discard pile."""

    seat: int


@dataclass(frozen=True, slots=True)
class UseTakeTwo:
    """B3 with Take 2: discard it and draw the next two cards."""

    seat: int


@dataclass(frozen=True, slots=True)
class KeepCard:
    """After Take 2: keep one of the drawn cards (index 0 or 1); the other is discarded."""

    seat: int
    index: int


@dataclass(frozen=True, slots=True)
class UsePeek:
    """B3 with Peek 1: discard it and look at any one dream card."""

    seat: int
    target: Slot


@dataclass(frozen=True, slots=True)
class UseSwap:
    """B3 with Swap 2: discard it and exchange two dream cards unseen."""

    seat: int
    first: Slot
    second: Slot

    def __post_init__(self) -> None:
        # Swapping a with b is swapping b with a: keep the slots in order, as legal_actions lists them.
        if self.second < self.first:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)


Action = (
    InitialPeek | WakeUp | TakeDiscard | Draw | SwapDrawn | DiscardDrawn | UseTakeTwo | KeepCard | UsePeek
    | UseSwap
)

# Equal values share one instance. A live table keeps its match's whole action log and what each seat knows; at 500
# tables the separate equal Draw, SwapDrawn, ... instances and Slots were a sixth of all the objects a garbage
# collection walks (JOURNAL.md, issue 10). The moves that name slots (Peek 1, Swap 2) are rare and kept as they come.
_SHAREABLE = frozenset({InitialPeek, WakeUp, TakeDiscard, Draw, SwapDrawn, DiscardDrawn, UseTakeTwo, KeepCard})
_SHARED_ACTIONS: SharedValues[Action] = SharedValues(1024)  # far above the legal moves of five seats
_SHARED_SLOTS = {Slot(seat, position): Slot(seat, position) for seat in range(8) for position in range(8)}


def shared_action(action: Action) -> Action:
    """The one instance of this move that action logs keep (Peek 1 and Swap 2 moves: the move itself)."""
    return _SHARED_ACTIONS.shared(action) if type(action) in _SHAREABLE else action


def shared_slot(slot: Slot) -> Slot:
    """The one instance of this Slot that the seats' knowledge and the events keep."""
    return _SHARED_SLOTS.get(slot, slot)


_KINDS: dict[str, type] = {
    "peek0": InitialPeek,
    "wake": WakeUp,
    "take": TakeDiscard,
    "draw": Draw,
    "swap": SwapDrawn,
    "discard": DiscardDrawn,
    "take2": UseTakeTwo,
    "keep": KeepCard,
    "peek": UsePeek,
    "swap2": UseSwap,
}
_NAMES: dict[type, str] = {cls: name for name, cls in _KINDS.items()}


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-safe dict for one action."""
    data: dict[str, Any] = {"kind": _NAMES[type(action)], "seat": action.seat}
    extra = _EXTRA.get(type(action))
    if extra is not None:  # by type, not a match statement: the whole log is written on every save
        data.update(extra(action))
    return data


_EXTRA: dict[type, Callable[[Any], dict[str, Any]]] = {
    InitialPeek: lambda a: {"positions": list(a.positions)},
    TakeDiscard: lambda a: {"position": a.position},
    SwapDrawn: lambda a: {"position": a.position},
    KeepCard: lambda a: {"index": a.index},
    UsePeek: lambda a: {"target": list(a.target)},
    UseSwap: lambda a: {"first": list(a.first), "second": list(a.second)},
}


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action that `action_to_dict` wrote; CorruptStateError if unreadable."""
    try:
        cls = _KINDS[data["kind"]]
        seat = int(data["seat"])
        if cls is InitialPeek:
            first, second = data["positions"]
            return InitialPeek(seat, (int(first), int(second)))
        if cls in (TakeDiscard, SwapDrawn):
            return cls(seat, int(data["position"]))
        if cls is KeepCard:
            return KeepCard(seat, int(data["index"]))
        if cls is UsePeek:
            return UsePeek(seat, _slot(data["target"]))
        if cls is UseSwap:
            return UseSwap(seat, _slot(data["first"]), _slot(data["second"]))
        if cls in (WakeUp, Draw, DiscardDrawn, UseTakeTwo):
            return cls(seat)
        raise KeyError(data["kind"])  # every kind is handled above: not reached
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptStateError(f"Unreadable action {data!r}: {exc!r}.") from exc


def _slot(value: Any) -> Slot:
    seat, position = value
    return Slot(int(seat), int(position))
