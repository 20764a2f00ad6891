"""The whole match to and from a JSON-safe dict, and a match replayed from its seed and action log."""

from __future__ import annotations

from typing import Any

from game.dreamcats.actions import Action, Slot, action_from_dict, action_to_dict, shared_action, shared_slot
from game.dreamcats.cards import DREAM_SIZE, Card, full_deck
from game.dreamcats.engine import MAX_SEATS, MIN_SEATS, apply_action, match_from_seed
from game.dreamcats.events import Event, EventKind, shared_event
from game.dreamcats.knowledge import Knowledge
from game.dreamcats.settings import MatchSettings
from game.dreamcats.state import MatchState, RoundResult, RoundState, Step
from game.errors import CorruptStateError, GameError
from game.written_log import log_form

FORMAT_VERSION = 2  # 2 added the round's public history; a format 1 match gets it back by replaying its log
READABLE_FORMATS = (1, FORMAT_VERSION)
_SORTED_DECK = sorted(full_deck())


def match_to_dict(state: MatchState, *, stored: bool = False) -> dict[str, Any]:
    """Everything about the match, JSON-safe, with a format version (`stored`: for a store, the log as JSON text
    written once per action across saves, game.written_log)."""
    return {
        "format": FORMAT_VERSION,
        "settings": state.settings.to_dict(),
        "num_seats": state.num_seats,
        "seed": state.seed,
        "first_starter": state.first_starter,
        "totals": list(state.totals),
        "results": [result_to_dict(r) for r in state.results],
        "round": _round_to_dict(state.round, stored),
        "log": log_form(state.written_log, state.log, action_to_dict, stored),
        "over": state.over,
    }


def match_from_dict(data: dict[str, Any]) -> MatchState:
    """The match that `match_to_dict` wrote; CorruptStateError if it cannot be read."""
    try:
        if data["format"] not in READABLE_FORMATS:
            raise CorruptStateError(f"Unknown match format {data['format']!r}.")
        state = MatchState(
            settings=MatchSettings.from_dict(data["settings"]),
            num_seats=int(data["num_seats"]),
            seed=int(data["seed"]),
            first_starter=int(data["first_starter"]),
            totals=[int(t) for t in data["totals"]],
            results=[result_from_dict(r) for r in data["results"]],
            round=_round_from_dict(data["round"], int(data["num_seats"])),
            log=[shared_action(action_from_dict(a)) for a in data["log"]],
            over=bool(data["over"]),
        )
    except CorruptStateError:
        raise
    except (KeyError, TypeError, ValueError, GameError) as exc:
        raise CorruptStateError(f"Unreadable match data: {type(exc).__name__}.") from exc  # no hidden card's value
    check_consistent(state)
    if data["format"] == 1:
        state.round.history = _history_by_replay(state)
    return state


def _history_by_replay(state: MatchState) -> list[Event]:
    """The public history of the round in play, rebuilt from the seed and log (empty if they disagree)."""
    try:
        again = replay_of(state)
    except GameError:
        return []
    same = (again.round.dreams, again.round.draw_pile) == (state.round.dreams, state.round.draw_pile)
    return again.round.history if same else []


def check_consistent(state: MatchState) -> None:
    """Raise CorruptStateError unless the table holds one whole deck and every list fits the number of seats."""
    rnd, seats = state.round, state.num_seats
    cards = [*rnd.draw_pile, *rnd.discard, *rnd.options, *(c for dream in rnd.dreams for c in dream)]
    if rnd.held is not None:
        cards.append(rnd.held)
    problems = [
        (not MIN_SEATS <= seats <= MAX_SEATS, "the number of seats"),
        (len(state.totals) != seats or len(rnd.peeked) != seats, "the totals or peeks"),
        (len(rnd.dreams) != seats or any(len(d) != DREAM_SIZE for d in rnd.dreams), "the dreams"),
        (sorted(cards) != _SORTED_DECK, "the cards, which are not one whole deck"),
        (not rnd.discard, "the discard pile, which is empty"),
        (not 0 <= rnd.turn < seats or not 0 <= rnd.starter < seats, "whose turn it is"),
        ((rnd.step is Step.HOLDING) != (rnd.held is not None), "the card in hand"),
        ((rnd.step is Step.CHOOSING) != (len(rnd.options) == 2), "the Take 2 choice"),
        ((rnd.step is Step.OVER) != state.over, "whether the match is over"),
    ]
    for wrong, what in problems:
        if wrong:
            raise CorruptStateError(f"The saved match is inconsistent: check {what}.")


def replay(
    num_seats: int, settings: MatchSettings, seed: int, starter: int, actions: list[Action]
) -> MatchState:
    """The match rebuilt from its seed, first starter and action log."""
    state = match_from_seed(num_seats, settings, seed, starter)
    for action in actions:
        apply_action(state, action)
    return state


def replay_of(state: MatchState) -> MatchState:
    """The same match rebuilt from the seed and log of `state`."""
    return replay(state.num_seats, state.settings, state.seed, state.first_starter, list(state.log))


def _cards(values: list[int]) -> list[Card]:
    return [Card(v) for v in values]


def _round_to_dict(rnd: RoundState, stored: bool) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "starter": rnd.starter,
        "dreams": [[int(c) for c in d] for d in rnd.dreams],
        "draw_pile": [int(c) for c in rnd.draw_pile],
        "discard": [int(c) for c in rnd.discard],
        "knowledge": [sorted([list(s) for s in known]) for known in rnd.knowledge.sets],
        "peeked": list(rnd.peeked),
        "turn": rnd.turn,
        "step": rnd.step.value,
        "held": None if rnd.held is None else int(rnd.held),
        "options": [int(c) for c in rnd.options],
        "turns_played": rnd.turns_played,
        "history": log_form(rnd.written_history, rnd.history, event_to_dict, stored),
    }


def _round_from_dict(data: dict[str, Any], num_seats: int) -> RoundState:
    sets = [{shared_slot(Slot(int(s), int(p))) for s, p in known} for known in data["knowledge"]]
    if len(sets) != num_seats + 1:
        raise CorruptStateError("Knowledge does not match the number of seats.")
    return RoundState(
        number=int(data["number"]),
        starter=int(data["starter"]),
        dreams=[_cards(d) for d in data["dreams"]],
        draw_pile=_cards(data["draw_pile"]),
        discard=_cards(data["discard"]),
        knowledge=Knowledge(num_seats, sets),
        peeked=[bool(p) for p in data["peeked"]],
        turn=int(data["turn"]),
        step=Step(data["step"]),
        held=None if data["held"] is None else Card(data["held"]),
        options=_cards(data["options"]),
        turns_played=int(data["turns_played"]),
        history=[shared_event(event_from_dict(e)) for e in data.get("history", [])],
    )


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-safe dict for one event (its public fields; `private_to` is never stored)."""
    return {
        "kind": event.kind.value,
        "seat": event.seat,
        "cards": [int(c) for c in event.cards],
        "slots": [list(s) for s in event.slots],
        "count": event.count,
    }


def event_from_dict(data: dict[str, Any]) -> Event:
    """The public event that `event_to_dict` wrote (KeyError, TypeError or ValueError if unreadable)."""
    return Event(
        kind=EventKind(data["kind"]),
        seat=None if data["seat"] is None else int(data["seat"]),
        cards=tuple(_cards(data["cards"])),
        slots=tuple(Slot(int(s), int(p)) for s, p in data["slots"]),
        count=int(data["count"]),
    )


def result_to_dict(result: RoundResult) -> dict[str, Any]:
    """A JSON-safe dict for a finished round's result."""
    return {
        "number": result.number,
        "dreams": [[int(c) for c in d] for d in result.dreams],
        "sums": list(result.sums),
        "scores": list(result.scores),
        "caller": result.caller,
        "ender": result.ender,
        "caller_succeeded": result.caller_succeeded,
        "turns": result.turns,
    }


def result_from_dict(data: dict[str, Any]) -> RoundResult:
    """The result that `result_to_dict` wrote (KeyError, TypeError or ValueError if unreadable)."""
    return RoundResult(
        number=int(data["number"]),
        dreams=tuple(tuple(_cards(d)) for d in data["dreams"]),
        sums=tuple(int(s) for s in data["sums"]),
        scores=tuple(int(s) for s in data["scores"]),
        caller=None if data["caller"] is None else int(data["caller"]),
        ender=int(data["ender"]),
        caller_succeeded=data["caller_succeeded"],
        turns=int(data["turns"]),
    )
