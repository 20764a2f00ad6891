"""The whole match to and from a JSON-safe dict, and a match replayed from its seed and action log."""

from __future__ import annotations

from typing import Any

from game.dream21.actions import Action, action_from_dict, action_to_dict
from game.dream21.cards import Card, full_deck
from game.dream21.engine import MAX_SEATS, MIN_SEATS, apply_action, match_from_seed
from game.dream21.events import Event, EventKind
from game.dream21.settings import Dream21Settings
from game.dream21.state import HandResult, HandState, MatchState
from game.errors import CorruptStateError, GameError
from game.written_log import log_form

FORMAT_VERSION = 1
_SORTED_DECK = sorted(full_deck())


def match_to_dict(state: MatchState, *, stored: bool = False) -> dict[str, Any]:
    """Everything about the match, JSON-safe, with a format version (`stored`: for a store, the log as JSON text
    written once per action across saves, game.written_log)."""
    return {
        "format": FORMAT_VERSION,
        "game": "dream21",
        "settings": state.settings.to_dict(),
        "num_seats": state.num_seats,
        "seed": state.seed,
        "first_dealer": state.first_dealer,
        "totals": list(state.totals),
        "results": [result_to_dict(r) for r in state.results],
        "hand": _hand_to_dict(state.hand),
        "log": log_form(state.written_log, state.log, action_to_dict, stored),
        "over": state.over,
    }


def match_from_dict(data: dict[str, Any]) -> MatchState:
    """The match that `match_to_dict` wrote; CorruptStateError if it cannot be read."""
    try:
        if data["format"] != FORMAT_VERSION:
            raise CorruptStateError(f"Unknown Dream 21 match format {data['format']!r}.")
        state = MatchState(
            settings=Dream21Settings.from_dict(data["settings"]),
            num_seats=int(data["num_seats"]),
            seed=int(data["seed"]),
            first_dealer=int(data["first_dealer"]),
            totals=[int(t) for t in data["totals"]],
            results=[result_from_dict(r) for r in data["results"]],
            hand=_hand_from_dict(data["hand"]),
            log=[action_from_dict(a) for a in data["log"]],
            over=bool(data["over"]),
        )
    except CorruptStateError:
        raise
    except (KeyError, TypeError, ValueError, GameError) as exc:
        raise CorruptStateError(f"Unreadable match data: {type(exc).__name__}.") from exc  # no hidden card or choice
    check_consistent(state)
    return state


def check_consistent(state: MatchState) -> None:
    """Raise CorruptStateError unless the table holds one whole deck and every list fits the number of seats."""
    hand, seats = state.hand, state.num_seats
    cards = [*hand.draw_pile, *hand.play_pile, *hand.taken, *(c for h in hand.hands for c in h)]
    problems = [
        (not MIN_SEATS <= seats <= MAX_SEATS, "the number of seats"),
        (len(state.totals) != seats or len(hand.tricks) != seats, "the totals or tricks"),
        (len(hand.hands) != seats, "the hands"),
        (sorted(cards) != _SORTED_DECK, "the cards, which are not one whole deck"),
        (not 0 <= hand.turn < seats or not 0 <= hand.dealer < seats, "whose turn it is"),
        (hand.drawn is not None and hand.drawn not in hand.hands[hand.turn], "the card drawn"),
        (sum(c.value for c in hand.play_pile) > hand.total, "the total"),
    ]
    for wrong, what in problems:
        if wrong:
            raise CorruptStateError(f"The saved match is inconsistent: check {what}.")


def replay(
    num_seats: int, settings: Dream21Settings, seed: int, dealer: int, actions: list[Action]
) -> MatchState:
    """The match rebuilt from its seed, first dealer and action log."""
    state = match_from_seed(num_seats, settings, seed, dealer)
    for action in actions:
        apply_action(state, action)
    return state


def replay_of(state: MatchState) -> MatchState:
    """The same match rebuilt from the seed and log of `state`."""
    return replay(state.num_seats, state.settings, state.seed, state.first_dealer, list(state.log))


def _codes(cards: list[Card]) -> list[str]:
    return [c.code for c in cards]


def _cards(codes: list[str]) -> list[Card]:
    return [Card.from_code(c) for c in codes]


def _hand_to_dict(hand: HandState) -> dict[str, Any]:
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "hands": [_codes(h) for h in hand.hands],
        "draw_pile": _codes(hand.draw_pile),
        "turn": hand.turn,
        "play_pile": _codes(hand.play_pile),
        "total": hand.total,
        "drawn": None if hand.drawn is None else hand.drawn.code,
        "tricks": list(hand.tricks),
        "taken": _codes(hand.taken),
        "plays": hand.plays,
        "history": [event_to_dict(e) for e in hand.history],
    }


def _hand_from_dict(data: dict[str, Any]) -> HandState:
    return HandState(
        number=int(data["number"]),
        dealer=int(data["dealer"]),
        hands=[_cards(h) for h in data["hands"]],
        draw_pile=_cards(data["draw_pile"]),
        turn=int(data["turn"]),
        play_pile=_cards(data["play_pile"]),
        total=int(data["total"]),
        drawn=None if data["drawn"] is None else Card.from_code(data["drawn"]),
        tricks=[int(t) for t in data["tricks"]],
        taken=_cards(data["taken"]),
        plays=int(data["plays"]),
        history=[event_from_dict(e) for e in data["history"]],
    )


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-safe dict for one public event (`private_to` is never stored)."""
    return {
        "kind": event.kind.value,
        "seat": event.seat,
        "card": None if event.card is None else event.card.code,
        "value": event.value,
        "total": event.total,
        "other": event.other,
        "count": event.count,
        "scores": list(event.scores),
    }


def event_from_dict(data: dict[str, Any]) -> Event:
    """The public event that `event_to_dict` wrote (KeyError, TypeError or ValueError if unreadable)."""
    return Event(
        kind=EventKind(data["kind"]),
        seat=None if data["seat"] is None else int(data["seat"]),
        card=None if data["card"] is None else Card.from_code(data["card"]),
        value=int(data["value"]),
        total=int(data["total"]),
        other=None if data["other"] is None else int(data["other"]),
        count=int(data["count"]),
        scores=tuple(int(s) for s in data["scores"]),
    )


def result_to_dict(result: HandResult) -> dict[str, Any]:
    """A JSON-safe dict for a finished hand's result."""
    return {"number": result.number, "dealer": result.dealer, "out": result.out, "tricks": list(result.tricks),
            "scores": list(result.scores), "plays": result.plays,
            "last_moves": [event_to_dict(event) for event in result.last_moves]}


def result_from_dict(data: dict[str, Any]) -> HandResult:
    """The result that `result_to_dict` wrote (KeyError, TypeError or ValueError if unreadable)."""
    return HandResult(
        number=int(data["number"]),
        dealer=int(data["dealer"]),
        out=None if data["out"] is None else int(data["out"]),
        tricks=tuple(int(t) for t in data["tricks"]),
        scores=tuple(int(s) for s in data["scores"]),
        plays=int(data["plays"]),
        last_moves=tuple(event_from_dict(e) for e in data.get("last_moves", ())),  # none kept before 2026-12-01
    )
