"""What the public history says: a line about the last move, and the trick just taken, still shown for a moment."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.dream21 import Card, Event, EventKind, Observation
from images.dream21.text import Dream21Text
from images.fonts import isolated

NAME_CHARS = 16  # a long name is cut here, so that the move itself always shows
_TRICK_ENDS = {EventKind.MADE_21, EventKind.COULD_NOT_PLAY}


@dataclass(frozen=True, slots=True)
class Trick:
    """The trick's cards, total, taker (None while in play) and the places of aces that counted 11."""

    cards: tuple[Card, ...]
    total: int
    taker: int | None = None
    high: frozenset[int] = frozenset()


def _high(played: Sequence[Event]) -> frozenset[int]:
    return frozenset(i for i, event in enumerate(played) if event.card is not None and event.card.counts(False)
                     != event.value)


def shown_trick(obs: Observation) -> Trick:
    """The trick in play; or, when the last move ended a trick, that trick with its taker (its cards were public)."""
    if obs.play_pile or not obs.history or obs.history[-1].kind not in _TRICK_ENDS:
        plays = [e for e in obs.history if e.kind is EventKind.PLAYED][-len(obs.play_pile):] if obs.play_pile else []
        return Trick(obs.play_pile, obs.total, None, _high(plays))
    last = obs.history[-1]
    played: list[Event] = []
    for event in reversed(obs.history[:-1]):
        if event.kind in _TRICK_ENDS:
            break
        if event.kind is EventKind.PLAYED:
            played.append(event)
    taker = last.other if last.kind is EventKind.MADE_21 else last.seat
    played.reverse()
    cards = tuple(e.card for e in played if e.card is not None)
    return Trick(cards, played[-1].total if played else 0, taker, _high(played))


def last_move(history: Sequence[Event], names: Sequence[str], text: Dream21Text, cut: int = NAME_CHARS,
              isolate: bool = False) -> str:
    """One line about the last public move ("Ana played 7♠ — total 18"; `isolate`: for a picture, see move_line);
    "" before the first move of a hand."""
    return move_line(history[-1], names, text, cut, isolate) if history else ""


def move_line(event: Event, names: Sequence[str], text: Dream21Text, cut: int = NAME_CHARS,
              isolate: bool = False) -> str:
    """One public move in words, names cut to `cut` characters (and, with `isolate`, set apart for the bidirectional
    layout of a picture); "" for an event that is not a move."""
    def shown(seat: int | None) -> str:
        if seat is None:
            return ""
        name = _short(text.seat_name(names, seat), cut)
        return isolated(name) if isolate else name

    name, other = shown(event.seat), shown(event.other)
    match event.kind:
        case EventKind.PLAYED if event.card is not None:
            return text.played.format(name=name, card=text.card_name(event.card), total=event.total)
        case EventKind.MADE_21:
            return text.made_21.format(name=name, other=other)
        case EventKind.COULD_NOT_PLAY:
            return text.could_not_play.format(name=name)
        case EventKind.DREW:
            return text.drew.format(name=name)
        case EventKind.WENT_OUT:
            return text.went_out.format(name=name)
    return ""


def _short(name: str, cut: int) -> str:
    return name if len(name) <= cut else name[: cut - 1].rstrip() + "…"
