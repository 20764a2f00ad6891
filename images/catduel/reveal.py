"""The last settled round in the duel's public history: what each cat showed and what its scratches did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.catduel import Event, EventKind

ENDINGS = (EventKind.DUEL_ENDED, EventKind.MATCH_ENDED)
SCRATCHES = (EventKind.HIT, EventKind.STOPPED, EventKind.REVERSED, EventKind.ATTACKED)


def last_reveal(history: Sequence[Event]) -> list[Event]:
    """The events of the latest round that was settled, up to the duel's end if it ended there (empty before the
    first reveal)."""
    ends = [i for i, event in enumerate(history) if event.kind is EventKind.ROUND_ENDED]
    if not ends:
        return []
    starts = [i for i, event in enumerate(history[:ends[-1]]) if event.kind is EventKind.ROUND_STARTED]
    after = [i for i in range(ends[-1] + 1, len(history)) if history[i].kind in ENDINGS]
    return list(history[starts[-1] if starts else 0:(after[-1] if after else ends[-1]) + 1])


@dataclass(frozen=True, slots=True)
class Reveal:
    """One settled round, ready to draw: its number, each seat's shown strategy, the scratches, HP changes."""

    round: int
    shown: dict[int, Event] = field(default_factory=dict)  # seat → its STRATEGY_SHOWN event
    skipped: tuple[int, ...] = ()
    preludes: dict[int, str] = field(default_factory=dict)  # seat → the prelude ability it used
    scratches: tuple[Event, ...] = ()  # HIT, STOPPED, REVERSED, ATTACKED in settlement order
    changes: tuple[int, ...] = ()  # each seat's net HP change
    winners: tuple[int, ...] = ()  # the duel's winners when it ended in this round
    match_over: bool = False


def reveal_of(history: Sequence[Event], seats: int) -> Reveal | None:
    """The last settled round of this history, or None before the first reveal."""
    events = last_reveal(history)
    if not events:
        return None
    ended = next(e for e in events if e.kind is EventKind.ROUND_ENDED)
    changes = [0] * seats
    for event in events:
        if event.kind is EventKind.HP and event.seat is not None:
            changes[event.seat] += event.amount
    duel = next((e for e in events if e.kind is EventKind.DUEL_ENDED), None)
    return Reveal(
        round=ended.count,
        shown={e.seat: e for e in events if e.kind is EventKind.STRATEGY_SHOWN and e.seat is not None},
        skipped=tuple(e.seat for e in events if e.kind is EventKind.SKIPPED and e.seat is not None),
        preludes={e.seat: str(e.ability) for e in events
                  if e.kind is EventKind.PRELUDE_SHOWN and e.seat is not None and e.ability is not None},
        scratches=tuple(e for e in events if e.kind in SCRATCHES),
        changes=tuple(changes),
        winners=duel.seats if duel is not None else (),
        match_over=any(e.kind is EventKind.MATCH_ENDED for e in events),
    )
